"""House-dealt stud table structures: stakes, raise cap, the house fee and a bad-beat jackpot.

Money is in currency units as exact fractions (the engine converts to cents).

>>> from fractions import Fraction as F
>>> t = StudTable(
...     name="$5/$10", ante=F(1, 2), bring_in=F(2), small_bet=F(5), big_bet=F(10),
...     rake=PercentRake(rate=F(1, 10), cap=F(4)), hands_per_hour=F(40),
... )
>>> t.max_bets, t.rake.type
(4, 'percent')
>>> QualifyingHand(category="full_house", ranks=("A",)).describe()
'full house, A or better'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from casino_sim.config.common import PokerHand, definition, hand_label
from casino_sim.config.money import Amount, Flag, PositiveAmount, Share, Text
from casino_sim.config.problems import FieldProblem

__all__ = [
    "RANKS",
    "SUPPORTED_STRUCTURES",
    "BadBeatJackpot",
    "DropRake",
    "NoRake",
    "PercentRake",
    "QualifyingHand",
    "Rake",
    "Spread",
    "StudTable",
    "TimeRake",
]

SUPPORTED_STRUCTURES = ("fixed-limit",)
"""Betting structures the stud engine plays; the loader refuses the others."""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_RANK_ALIASES = {"10": "T", 10: "T", **{int(r): r for r in RANKS[:8]}}


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
    """Share of the pot taken, e.g. 0.10."""
    cap: PositiveAmount | None = None
    """Most taken from one pot in money, or null for no cap."""
    min_pot: Amount = Fraction(0)
    """No rake from pots smaller than this."""
    no_rake_third_street: Flag = True
    """No rake when the hand ends on the first street (third street in seven-card stud)."""


@definition
class DropRake:
    """A fixed drop per hand."""

    type: Literal["drop"] = "drop"
    amount: PositiveAmount
    """Money dropped per hand dealt."""
    min_pot: Amount = Fraction(0)
    """No drop from pots smaller than this."""


@definition
class TimeRake:
    """Time collection: each seated player pays per half hour."""

    type: Literal["time"] = "time"
    per_seat_per_half_hour: PositiveAmount
    """Money each seat pays per half hour."""


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
class Spread:
    """A spread-limit range: any bet from ``min`` to ``max``."""

    min: PositiveAmount
    """Smallest bet or raise."""
    max: PositiveAmount
    """Largest bet or raise."""


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
    """Betting structure; only fixed-limit is supported yet (the others are refused when loading)."""
    ante: Amount
    """Ante per player per hand (0 for none)."""
    bring_in: Amount
    """The forced bet on the first street (0 when the variant has none)."""
    small_bet: PositiveAmount
    """Bet size on small-bet streets (the minimum bet unless fixed-limit)."""
    big_bet: PositiveAmount
    """Bet size on big-bet streets (the minimum bet unless fixed-limit)."""
    spread: Spread | None = None
    """Spread-limit range (only with structure: spread-limit)."""
    max_raises: int | None = Field(default=3, strict=True, ge=0, le=20)
    """Raises allowed after the bet (3 = bet + 3 raises); null = unlimited."""
    uncapped_heads_up: Flag = True
    """No raise cap once only two players are left."""
    rake: Rake
    """The house fee: type percent, drop, time or none."""
    bad_beat: BadBeatJackpot | None = None
    """Optional bad-beat jackpot."""
    hands_per_hour: PositiveAmount
    """Dealing pace, hands per hour at a full table."""
    max_seats: int = Field(default=8, strict=True, ge=2, le=10)
    """Seats at the table."""

    @property
    def max_bets(self) -> int | None:
        """Bets plus raises allowed per street (None = no cap)."""
        return None if self.max_raises is None else self.max_raises + 1

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
