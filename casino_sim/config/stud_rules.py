"""The variant language beyond streets: deck, wild cards, hand restrictions, new hands, splits.

These are the parts of :class:`~casino_sim.config.stud.StudVariant` that the
classic games leave at their defaults (docs/variants.md describes them with a
worked example); the variant checks them against its streets when it loads
(:func:`casino_sim.config.stud.check_layout`).

>>> Deck(strip=("8", "9", "T"), jokers=1).size
41
>>> Wild(ranks=("3", "9")).rank_mask == 1 << 1 | 1 << 7
True
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from casino_sim.config.common import definition
from casino_sim.config.problems import FieldProblem

__all__ = [
    "RANK_NAMES",
    "Deck",
    "HandKind",
    "JokerRole",
    "Play",
    "Rank",
    "SplitRule",
    "Structure",
    "Wild",
    "rank_index",
]

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
"""Rank names as written in a variant file, deuce first (index = the card code's rank)."""

Rank = Literal["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
"""A rank, written as a quoted string: ``"2"`` .. ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
JokerRole = Literal["wild", "bug", "bug-up-wild-down"]
"""How a joker plays: fully wild, as a bug (an ace, or completes a straight or flush), or a bug
when dealt face up and wild when dealt face down (Mexican stud)."""
HandKind = Literal["standard", "canadian"]
"""The hands that count: standard poker hands, or with Canadian stud's four-card straights and
flushes (between one pair and two pair)."""
Structure = Literal["fixed-limit", "spread-limit", "pot-limit", "no-limit"]
"""A table's betting structure (as ``stud_table.structure``)."""
SplitRule = Literal["none", "high-spade-in-hole", "low-spade-in-hole", "cowpie"]
"""Who shares the pot with the best high hand: nobody, the highest (Chicago) or lowest (Little
Chicago) spade among a player's down cards, or cowpie's best two-card hand."""


def rank_index(rank: str) -> int:
    """The rank's index on the card code scale (``"2"`` = 0 .. ``"A"`` = 12).

    >>> rank_index("T"), rank_index("A")
    (8, 12)
    """
    return RANK_NAMES.index(rank)


def _mask(ranks: tuple[str, ...]) -> int:
    bits = 0
    for r in ranks:
        bits |= 1 << rank_index(r)
    return bits


@definition
class Deck:
    """The cards in play: a 52-card deck less ``strip`` ranks, plus ``jokers``."""

    strip: tuple[Rank, ...] = ()
    """Ranks removed from the deck (Mexican stud: ["8", "9", "T"])."""
    jokers: int = Field(default=0, strict=True, ge=0, le=2)
    """Jokers added (code 52)."""
    joker: JokerRole = "wild"
    """How a joker plays: wild, bug, or bug-up-wild-down."""

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return 52 - 4 * len(set(self.strip)) + self.jokers

    @property
    def strip_mask(self) -> int:
        """The stripped ranks as a 13-bit mask (bit = rank index)."""
        return _mask(self.strip)

    def cards(self) -> list[int]:
        """The deck's card codes in code order, jokers (52) last.

        >>> len(Deck(strip=("8", "9", "T"), jokers=1).cards())
        41
        """
        mask = self.strip_mask
        return [c for c in range(52) if not mask >> (c >> 2) & 1] + [52] * self.jokers

    def __post_init__(self) -> None:
        if len(set(self.strip)) != len(self.strip):
            raise FieldProblem("list each stripped rank once", "strip")
        if len(self.strip) > 8:
            raise FieldProblem("strip at most 8 ranks: a poker hand needs five ranks", "strip")


@definition
class Wild:
    """Wild cards: each wild card plays as any card its holder likes."""

    ranks: tuple[Rank, ...] = ()
    """Ranks wild for everyone (Baseball: ["3", "9"])."""
    low_hole: bool = Field(default=False, strict=True)
    """Each player's lowest down card, and every card of its rank, is wild for that player only."""
    follow: Rank | None = None
    """Follow the queen ("Q"): the rank of the up card dealt next after the last face-up card of
    this rank is wild (a later one replaces it; none after it: no such wild rank)."""

    sums_to: int | None = Field(default=None, strict=True, ge=3, le=19)
    """Number Nine (9): any two number cards (ace = 1, 2..10) adding up to this may be played
    together as one wild card, at the player's option (never three or more cards)."""

    @property
    def rank_mask(self) -> int:
        """The fixed wild ranks as a 13-bit mask."""
        return _mask(self.ranks)

    @property
    def any(self) -> bool:
        """True when some card may be wild (jokers aside)."""
        return bool(self.ranks) or self.low_hole or self.follow is not None or bool(self.sums_to)

    def __post_init__(self) -> None:
        if len(set(self.ranks)) != len(self.ranks):
            raise FieldProblem("list each wild rank once", "ranks")


@definition
class Play:
    """Hand restriction: the final five may use at most ``hole`` down cards and ``up`` up cards."""

    hole: int | None = Field(default=None, strict=True, ge=0, le=9)
    """Most down cards in the final hand (Buffalo, Murrumbidgee: 2; Crocodile, Zanetti: 1)."""
    up: int | None = Field(default=None, strict=True, ge=0, le=9)
    """Most up cards (community cards count as up) in the final hand."""
    hole_from: Literal["all", "first-street"] = "all"
    """Which down cards ``hole`` limits: all of them, or those of the first street only
    (Buffalo: at most two of the three first down cards; the last down card plays freely)."""
