"""House-dealt stud table structures: stakes, raise cap, floor rules, the house fee, a bad-beat jackpot.

:class:`StudTable` is both what loading a ``stud_table`` YAML file returns and
what the stud engine (:mod:`casino_sim.games.poker_room`) plays. Money is in
currency units as exact fractions; the engine counts chips in integer cents
and reads them from the ``*_cents`` properties, the one conversion
(:func:`cents`). Stakes, drops and seeds must be whole cents (checked when
loading); a rake cap or a minimum pot between two cents means the cent below
(cap) or above (minimum pot).

>>> from casino_sim.config import load_stud_table
>>> t = load_stud_table("stud/tables/5-10")
>>> t.max_bets, t.rake.type, t.ante, t.ante_cents, t.buy_in_cents
(4, 'percent', Fraction(1, 2), 50, 100000)
>>> QualifyingHand(category="full_house", ranks=("A",)).describe()
'full house, A or better'
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from casino_sim.config.common import PokerHand, definition, hand_label, require_whole_cents
from casino_sim.config.money import Amount, Flag, Number, PositiveAmount, Share, Text, cents
from casino_sim.config.problems import FieldProblem
from casino_sim.evaluator.classes import HandCategory, weakest_high_value

__all__ = [
    "RANKS",
    "SUPPORTED_STRUCTURES",
    "BadBeatJackpot",
    "DropRake",
    "NoRake",
    "Pace",
    "PercentRake",
    "QualifyingHand",
    "Rake",
    "Spread",
    "StudTable",
    "TimeRake",
]

SUPPORTED_STRUCTURES = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")
"""Betting structures the stud engine plays; the loader refuses the others."""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_RANK_ALIASES: dict[str | int, str] = {"10": "T", 10: "T", **{int(r): r for r in RANKS[:8]}}


def _rank(value: object) -> object:
    if isinstance(value, str):
        return _RANK_ALIASES.get(value, value.upper())
    if isinstance(value, int) and not isinstance(value, bool):
        return _RANK_ALIASES.get(value, value)
    return value  # a list, mapping...: the Literal check reports it


Rank = Annotated[Literal[RANKS], BeforeValidator(_rank)]  # type: ignore[valid-type]

# Ranks a category's threshold may name, most significant first, and whether they must be distinct.
_RANK_SLOTS = {
    "royal_flush": 0,
    "straight_flush": 1,
    "four_of_a_kind": 2,
    "full_house": 2,
    "flush": 5,
    "straight": 1,
    "three_of_a_kind": 3,
    "two_pair": 3,
    "one_pair": 4,
    "high_card": 5,
}


@definition
class PercentRake:
    """A share of each pot, up to a cap."""

    type: Literal["percent"] = "percent"
    rate: Share
    """Share of the pot taken, e.g. 0.10 or 10%."""
    cap: PositiveAmount | None = None
    """Most taken from one pot in money, or null for no cap."""
    min_pot: Amount = Fraction(0)
    """No rake from pots smaller than this."""
    no_rake_third_street: Flag = True
    """No rake when the hand ends on the first betting round (third street in seven-card stud)."""
    increment: PositiveAmount = Fraction(1, 100)
    """The rake is taken in multiples of this (rounded down), e.g. 0.50; default one cent."""

    @cached_property
    def cap_cents(self) -> int | None:
        """The cap in whole cents (rounded down), or None."""
        return None if self.cap is None else math.floor(self.cap * 100)

    @cached_property
    def min_pot_cents(self) -> int:
        """Smallest pot in cents that is raked (rounded up)."""
        return math.ceil(self.min_pot * 100)

    @cached_property
    def increment_cents(self) -> int:
        """:attr:`increment` in cents."""
        return cents(self.increment)


@definition
class DropRake:
    """A fixed drop per hand."""

    type: Literal["drop"] = "drop"
    amount: PositiveAmount
    """Money dropped per hand dealt."""
    min_pot: Amount = Fraction(0)
    """No drop from pots smaller than this."""
    no_rake_third_street: Flag = False
    """No drop when the hand ends on the first betting round (third street in seven-card stud); default false: a drop per hand dealt."""

    @cached_property
    def amount_cents(self) -> int:
        """:attr:`amount` in cents."""
        return cents(self.amount)

    @cached_property
    def min_pot_cents(self) -> int:
        """Smallest pot in cents that pays the drop (rounded up)."""
        return math.ceil(self.min_pot * 100)


@definition
class TimeRake:
    """Time collection: each seated player pays per half hour."""

    type: Literal["time"] = "time"
    per_seat_per_half_hour: PositiveAmount
    """Money each seat pays per half hour."""

    @cached_property
    def per_seat_per_half_hour_cents(self) -> int:
        """:attr:`per_seat_per_half_hour` in cents."""
        return cents(self.per_seat_per_half_hour)


@definition
class NoRake:
    """No house fee (e.g. a promotional or private game)."""

    type: Literal["none"] = "none"


Rake = Annotated[PercentRake | DropRake | TimeRake | NoRake, Field(discriminator="type")]


@definition
class QualifyingHand:
    """The weakest losing hand that hits a bad-beat jackpot: a category and its leading ranks.

    ``ranks`` name the significant ranks from the top (``["A"]`` with full_house =
    aces full of anything; ``["A", "K"]`` = aces full of kings); ranks left out
    are the lowest possible. A consumer turns this into an evaluator threshold.
    """

    category: PokerHand
    """Hand category, e.g. full_house or four_of_a_kind."""
    ranks: tuple[Rank, ...] = ()
    """Leading ranks of the threshold hand, e.g. [A] for aces full; 2-9, T, J, Q, K, A."""

    def __post_init__(self) -> None:
        slots = _RANK_SLOTS[self.category]
        if len(self.ranks) > slots:
            raise FieldProblem(
                f"{hand_label(self.category)} takes at most {slots} ranks, got {len(self.ranks)}",
                "ranks",
            )
        if len(set(self.ranks)) != len(self.ranks):
            raise FieldProblem("ranks must be different from each other", "ranks")
        order = [RANKS.index(r) for r in self.ranks]
        descending = {"flush", "high_card"} | ({"two_pair"} if len(order) >= 2 else set())
        if self.category in descending and order[:2] != sorted(order[:2], reverse=True):
            raise FieldProblem("list the ranks from highest to lowest", "ranks")
        if (
            self.category in ("straight", "straight_flush")
            and order
            and order[0] < RANKS.index("5")
        ):
            raise FieldProblem("a straight's top card is 5 or higher", "ranks")
        if self.category == "straight_flush" and self.ranks == ("A",):
            raise FieldProblem("an ace-high straight flush is a royal_flush", "category")
        if self._weakest() is None:
            raise FieldProblem(
                f"no {hand_label(self.category)} starts with {' '.join(self.ranks)}"
                " (list the ranks from the most significant, e.g. trips then kickers high to low)",
                "ranks",
            )

    def _weakest(self) -> int | None:
        lead = tuple(RANKS.index(r) for r in self.ranks)
        return weakest_high_value(HandCategory[self.category.upper()], lead)

    @cached_property
    def min_value(self) -> int:
        """Evaluator high value of the weakest hand that qualifies.

        >>> from casino_sim.cards import parse_cards
        >>> from casino_sim.evaluator import evaluate_high
        >>> aces_full = QualifyingHand(category="full_house", ranks=("A",)).min_value
        >>> aces_full == int(evaluate_high(parse_cards("Ac Ad Ah 2c 2d")))
        True
        """
        value = self._weakest()
        assert value is not None  # checked when loading
        return value

    def describe(self) -> str:
        """E.g. ``'full house, A or better'``."""
        ranks = f", {'-'.join(self.ranks)}" if self.ranks else ""
        return f"{hand_label(self.category)}{ranks} or better"


@definition
class BadBeatJackpot:
    """A bad-beat jackpot funded by a drop from qualifying pots."""

    drop: PositiveAmount
    """Money taken from each qualifying pot for the jackpot."""
    min_pot: Amount
    """Pots smaller than this pay no drop."""
    qualifying_hand: QualifyingHand
    """The losing hand must be at least this good."""
    seed: Amount = Fraction(0)
    """The jackpot's value after it is hit."""
    reserve_rate: Share = Fraction(0)
    """Share of each drop kept in the reserve that funds the next seed."""
    loser_share: Share
    """Share of the jackpot paid to the losing hand."""
    winner_share: Share
    """Share paid to the winning hand."""
    table_share: Share
    """Share split among the other players dealt in."""
    min_players: int = Field(default=2, strict=True, ge=2, le=10)
    """Players dealt in that a hand needs to hit the jackpot (e.g. 4); default 2: any hand."""

    @cached_property
    def drop_cents(self) -> int:
        """:attr:`drop` in cents."""
        return cents(self.drop)

    @cached_property
    def min_pot_cents(self) -> int:
        """Smallest pot in cents (after rake) that pays the drop (rounded up)."""
        return math.ceil(self.min_pot * 100)

    @cached_property
    def seed_cents(self) -> int:
        """:attr:`seed` in cents."""
        return cents(self.seed)

    def __post_init__(self) -> None:
        total = self.loser_share + self.winner_share + self.table_share
        if total != 1:
            raise FieldProblem(
                f"loser_share + winner_share + table_share must sum to 1, got {total}",
                "table_share",
            )
        if self.min_pot and self.drop > self.min_pot:
            raise FieldProblem(f"the drop {self.drop} exceeds min_pot {self.min_pot}", "drop")


@definition
class Pace:
    """The dealing-pace model: how long a hand takes on the simulated clock.

    A hand takes ``seconds_per_hand`` (shuffle, antes, pushing the pot) plus
    ``seconds_per_player`` for each player dealt in, ``seconds_per_street``
    for each street dealt after the first (dealing and its betting round),
    and ``seconds_per_showdown`` when it reaches a showdown. The defaults are
    assumptions (about 40 hands an hour for eight-handed seven-card stud).
    """

    seconds_per_hand: Number = Fraction(30)
    """Fixed time per hand: shuffle, antes, pushing the pot (assumed 30)."""
    seconds_per_player: Number = Fraction(4)
    """Per player dealt in: dealing the first street (assumed 4)."""
    seconds_per_street: Number = Fraction(12)
    """Per street dealt after the first, with its betting round (assumed 12)."""
    seconds_per_showdown: Number = Fraction(10)
    """When the hand reaches a showdown: showing and reading the hands (assumed 10)."""

    def seconds(self, *, hands: int, players: int, later_streets: int, showdowns: int) -> Fraction:
        """Clock time of ``hands`` hands of ``players`` players that dealt ``later_streets``
        streets after the first in all and reached ``showdowns`` showdowns.

        >>> Pace().seconds(hands=1, players=8, later_streets=4, showdowns=1)  # a hand to seventh
        Fraction(120, 1)
        """
        return (
            hands * (self.seconds_per_hand + players * self.seconds_per_player)
            + later_streets * self.seconds_per_street
            + showdowns * self.seconds_per_showdown
        )

    def __post_init__(self) -> None:
        if self.seconds_per_hand + self.seconds_per_player <= 0:
            raise FieldProblem(
                "a hand must take some time: seconds_per_hand + seconds_per_player > 0",
                "seconds_per_hand",
            )


@definition
class Spread:
    """A spread-limit range: any bet from ``min`` to ``max``.

    Each street's least bet is its ``small_bet`` / ``big_bet`` (within the
    spread); a raise is at least the street's largest bet or raise so far and at
    most ``max`` (the bring-in counts as a bet).
    """

    min: PositiveAmount
    """Smallest bet or raise (the streets' small_bet and big_bet are at least this)."""
    max: PositiveAmount
    """Largest bet or raise."""

    @cached_property
    def max_cents(self) -> int:
        """:attr:`max` in cents."""
        return cents(self.max)


@definition
class StudTable:
    """A stud table structure (``kind: stud_table``): stakes, cap, house fee, jackpot, pace."""

    kind: Literal["stud_table"] = "stud_table"
    """Always stud_table."""
    name: Text
    """Short name, e.g. "$5/$10"."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the structure comes from."""
    notes: Text = ""
    """Anything a reader should know."""
    structure: Literal["fixed-limit", "spread-limit", "pot-limit", "no-limit"] = "fixed-limit"
    """Betting structure: fixed-limit (one size per street), spread-limit (any bet from the street's bet to spread.max), pot-limit (up to the pot after calling) or no-limit (up to the stack); at pot and no limit an all-in short of a full raise reopens nothing (short_all_in and complete_short_all_in do not apply)."""
    ante: Amount
    """Ante per player per hand (0 for none)."""
    bring_in: Amount
    """The forced bet on the first street (0 when the variant has none)."""
    small_bet: PositiveAmount
    """Bet size on small-bet streets (the minimum bet and completion unless fixed-limit)."""
    big_bet: PositiveAmount
    """Bet size on big-bet streets (the minimum bet unless fixed-limit)."""
    spread: Spread | None = None
    """Spread-limit range (only with structure: spread-limit)."""
    max_raises: int | None = Field(default=3, strict=True, ge=0, le=20)
    """Raises allowed after the bet (3 = bet + 3 raises); null = unlimited (usual at pot and no limit)."""
    uncapped_heads_up: Flag = True
    """No raise cap once only two players who are not all-in are left before the cap was reached (Robert's: the cap applies while three or more players are not all-in)."""
    rake: Rake
    """The house fee: type percent, drop, time or none."""
    bad_beat: BadBeatJackpot | None = None
    """Optional bad-beat jackpot."""
    pace: Pace = Pace()
    """The dealing-pace model: the simulated clock, which per-hour figures and time collection run on unless hands_per_hour is given (the floor always deals on it)."""
    hands_per_hour: PositiveAmount | None = None
    """The operator's pace, hands per table-hour: when given, per-hour figures and time collection run at it and the simulated pace (pace:) is shown beside it; null: they run on the simulated clock."""
    max_seats: int = Field(default=8, strict=True, ge=2, le=10)
    """Seats at the table."""
    short_all_in: Literal["half-bet", "full-bet"] = "half-bet"
    """When an all-in for less than a full bet counts as a bet or raise and reopens the betting for a player who already acted: at half a bet or more over the last full level, and for each player when the total it faces since it last acted reaches half a bet (Robert's limit rule), or only at a full bet (short all-ins then still count toward the cap)."""
    short_all_in_raise: Literal["all-in-plus-bet", "full-level-plus-bet"] = "all-in-plus-bet"
    """The next full raise after a short all-in that counts as a bet or raise: a full bet above the all-in (Robert's: a $15 all-in on a $20 round is raised to $35), or a full bet above the level the all-in would have reached had it been full ($40)."""
    complete_short_all_in: Flag = True
    """A player facing an all-in too short to count as a bet or raise may complete the wager to the full level (Robert's: fold, call or complete; a $5 all-in on a $20 round is completed to $20); false: a raise goes a full bet above the all-in ($25, pokerkit)."""
    fold_when_check_free: Flag = True
    """A player may fold when checking is free (Robert's stud rule 9: the seat keeps being dealt cards until a bet kills the hand, so the fold changes no one's cards); false refuses such a fold."""
    odd_chip: Literal["card-by-suit", "first-seat"] = "card-by-suit"
    """Who gets the odd chip of a split pot: the high card by suit (lowest card in low games; the high half in hi-lo), or the first winner in dealing order."""
    tie_break: Literal["position", "suit"] = "position"
    """Equal boards for first to act: the seat dealt first (Robert's), or the highest suit of the top card (TDA)."""
    buy_in: PositiveAmount | None = None
    """Chips each simulated player sits down with; null = 100 big bets."""

    @property
    def max_bets(self) -> int | None:
        """Bets plus raises allowed per street (None = no cap)."""
        return None if self.max_raises is None else self.max_raises + 1

    @cached_property
    def ante_cents(self) -> int:
        """:attr:`ante` in cents."""
        return cents(self.ante)

    @cached_property
    def bring_in_cents(self) -> int:
        """:attr:`bring_in` in cents."""
        return cents(self.bring_in)

    @cached_property
    def small_bet_cents(self) -> int:
        """:attr:`small_bet` in cents."""
        return cents(self.small_bet)

    @cached_property
    def big_bet_cents(self) -> int:
        """:attr:`big_bet` in cents."""
        return cents(self.big_bet)

    @cached_property
    def buy_in_cents(self) -> int:
        """:attr:`buy_in` in cents (100 big bets when not given)."""
        return 100 * self.big_bet_cents if self.buy_in is None else cents(self.buy_in)

    def __post_init__(self) -> None:
        if self.structure not in SUPPORTED_STRUCTURES:
            raise FieldProblem(
                f"{self.structure.replace('-', ' ')} is not supported yet "
                f"(the stud engine plays {', '.join(SUPPORTED_STRUCTURES)} only)",
                "structure",
            )
        if self.big_bet < self.small_bet:
            raise FieldProblem(
                f"big_bet {self.big_bet} is below small_bet {self.small_bet}", "big_bet"
            )
        if self.bring_in > self.small_bet:
            raise FieldProblem(
                f"bring_in {self.bring_in} exceeds small_bet {self.small_bet}", "bring_in"
            )
        if self.ante > self.small_bet:
            raise FieldProblem(f"ante {self.ante} exceeds small_bet {self.small_bet}", "ante")
        if (self.structure == "spread-limit") != (self.spread is not None):
            raise FieldProblem("give a spread exactly when structure is spread-limit", "spread")
        if self.spread is not None:
            if self.spread.min > self.spread.max:
                raise FieldProblem("spread min exceeds max", "spread", "min")
            if not self.spread.min <= self.small_bet <= self.big_bet <= self.spread.max:
                raise FieldProblem(
                    "small_bet and big_bet must lie within the spread", "spread", "max"
                )
        self._check_cents()

    def _check_cents(self) -> None:
        """Chips are whole cents: stakes, drops, fees and seeds must be too."""
        for name in ("ante", "bring_in", "small_bet", "big_bet", "buy_in"):
            require_whole_cents(getattr(self, name), name)
        rake = self.rake
        if isinstance(rake, PercentRake):
            require_whole_cents(rake.increment, "rake", "increment")
        elif isinstance(rake, DropRake):
            require_whole_cents(rake.amount, "rake", "amount")
        elif isinstance(rake, TimeRake):
            require_whole_cents(rake.per_seat_per_half_hour, "rake", "per_seat_per_half_hour")
        if self.bad_beat is not None:
            require_whole_cents(self.bad_beat.drop, "bad_beat", "drop")
            require_whole_cents(self.bad_beat.seed, "bad_beat", "seed")
        if self.spread is not None:
            require_whole_cents(self.spread.max, "spread", "max")
