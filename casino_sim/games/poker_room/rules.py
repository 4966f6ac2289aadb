"""Frozen rule and stake configurations of the stud engine (money in integer cents).

A :class:`VariantRules` says how cards are dealt and ranked (streets, bring-in,
first to act); a :class:`TableRules` holds the stakes and the floor's choices
(cap, heads-up uncapping, short all-in rule, odd chip, rake, bad-beat jackpot).

>>> v = seven_card_stud()
>>> [s.name for s in v.streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
>>> t = TableRules(ante=100, bring_in=200, small_bet=500, big_bet=1000)
>>> t.max_bets
4
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from casino_sim.games.poker_room.house import BadBeatRule, RakeRule

__all__ = [
    "BringIn",
    "FirstToAct",
    "OddChip",
    "Ranking",
    "ShortAllIn",
    "StreetRule",
    "TableRules",
    "TieBreak",
    "VariantRules",
    "five_card_stud",
    "razz",
    "seven_card_stud",
    "stud_hilo",
]


class Ranking(StrEnum):
    """How showdown hands are ranked."""

    HIGH = "high"
    ACE_TO_FIVE = "ace-to-five"
    ACE_TO_SIX = "ace-to-six"
    HILO8 = "hi-lo-8"


class BringIn(StrEnum):
    """Who pays the bring-in on the first street."""

    LOWEST = "lowest"
    HIGHEST = "highest"
    NONE = "none"


class FirstToAct(StrEnum):
    """Which exposed board acts first on later streets."""

    BEST_HIGH = "best-high"
    BEST_LOW = "best-low"


class TieBreak(StrEnum):
    """Breaking ties between equal boards for first to act.

    ``POSITION`` (Robert's Rules): the player dealt first acts first.
    ``SUIT`` (TDA style): the highest suit of the most significant card.
    """

    POSITION = "position"
    SUIT = "suit"


class ShortAllIn(StrEnum):
    """When an all-in bet or raise of less than a full bet reopens the betting.

    ``HALF_BET`` (Robert's limit rule): half a bet or more counts as a full bet.
    ``FULL_BET`` (pokerkit, no-limit style): only a full bet reopens; short
    all-ins still count toward the cap.
    """

    HALF_BET = "half-bet"
    FULL_BET = "full-bet"


class OddChip(StrEnum):
    """Who receives the odd chip of a split pot.

    ``CARD_BY_SUIT`` (Robert's): the high card by suit (lowest card in low
    games); in hi-lo the odd chip between halves goes to the high half.
    ``FIRST_SEAT``: the first winner in dealing order (pokerkit).
    """

    CARD_BY_SUIT = "card-by-suit"
    FIRST_SEAT = "first-seat"


@dataclass(frozen=True, slots=True)
class StreetRule:
    """One dealing + betting round: cards dealt down and up, bet size, community card."""

    name: str
    down: int
    up: int
    big_bet: bool = False
    community: bool = False


@dataclass(frozen=True)
class VariantRules:
    """A stud variant: the streets, the ranking and who acts first.

    ``bring_in_ace_low`` ranks aces low when choosing the bring-in (razz).
    """

    name: str
    streets: tuple[StreetRule, ...]
    ranking: Ranking = Ranking.HIGH
    bring_in: BringIn = BringIn.LOWEST
    bring_in_ace_low: bool = False
    first_to_act: FirstToAct = FirstToAct.BEST_HIGH
    open_pair_big_bet: bool = True
    max_players: int = 8
    burn: bool = True

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds at the showdown.

        >>> seven_card_stud().cards_per_player
        7
        """
        return sum(s.down + s.up for s in self.streets)


@dataclass(frozen=True)
class TableRules:
    """Stakes in integer cents and the floor's betting rules.

    ``max_raises`` raises after the bet (a completion counts as the bet);
    ``None`` means unlimited. ``buy_in`` is the stack each bot sits with in
    simulations (default 100 big bets).
    """

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    max_raises: int | None = 3
    uncapped_heads_up: bool = True
    short_all_in: ShortAllIn = ShortAllIn.HALF_BET
    odd_chip: OddChip = OddChip.CARD_BY_SUIT
    tie_break: TieBreak = TieBreak.POSITION
    rake: RakeRule = field(default_factory=RakeRule)
    bad_beat: BadBeatRule | None = None
    buy_in: int = 0
    hands_per_hour: float = 40.0
    max_seats: int = 8

    def __post_init__(self) -> None:
        from casino_sim.errors import OptionError

        for name in ("ante", "bring_in", "small_bet", "big_bet", "buy_in"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise OptionError(f"{name} must be a whole number of cents >= 0, got {value!r}")
        if self.small_bet <= 0 or self.big_bet < self.small_bet:
            raise OptionError("need 0 < small_bet <= big_bet")
        if self.bring_in > self.small_bet:
            raise OptionError("the bring-in may not exceed the small bet")
        if self.max_raises is not None and self.max_raises < 0:
            raise OptionError("max_raises must be >= 0 or None")
        if self.buy_in == 0:
            object.__setattr__(self, "buy_in", 100 * self.big_bet)

    @property
    def max_bets(self) -> int | None:
        """Bets plus raises allowed per street (``None`` = no cap)."""
        return None if self.max_raises is None else self.max_raises + 1


def _seven(name: str, **kwargs: object) -> VariantRules:
    streets = (
        StreetRule("third", 2, 1),
        StreetRule("fourth", 0, 1),
        StreetRule("fifth", 0, 1, big_bet=True),
        StreetRule("sixth", 0, 1, big_bet=True),
        StreetRule("seventh", 1, 0, big_bet=True),
    )
    return VariantRules(name, streets, **kwargs)  # type: ignore[arg-type]


def seven_card_stud() -> VariantRules:
    """Seven-card stud high (built in; the YAML definitions are the reference)."""
    return _seven("seven-card stud")


def razz() -> VariantRules:
    """Razz: ace-to-five low, highest upcard (ace low) brings in, best low acts first."""
    return _seven(
        "razz",
        ranking=Ranking.ACE_TO_FIVE,
        bring_in=BringIn.HIGHEST,
        bring_in_ace_low=True,
        first_to_act=FirstToAct.BEST_LOW,
        open_pair_big_bet=False,
    )


def stud_hilo() -> VariantRules:
    """Seven-card stud hi-lo eight-or-better (no open-pair big bet)."""
    return _seven("stud hi-lo 8-or-better", ranking=Ranking.HILO8, open_pair_big_bet=False)


def five_card_stud() -> VariantRules:
    """Five-card stud: one down, then four up with a betting round each."""
    streets = (
        StreetRule("second", 1, 1),
        StreetRule("third", 0, 1),
        StreetRule("fourth", 0, 1, big_bet=True),
        StreetRule("fifth", 0, 1, big_bet=True),
    )
    return VariantRules("five-card stud", streets, open_pair_big_bet=False, max_players=10)
