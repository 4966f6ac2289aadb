"""Stud variants as data: streets, ranking, bring-in and who acts first.

:class:`StudVariant` is both what loading a ``stud_variant`` YAML file returns
and what the stud engine (:mod:`casino_sim.games.poker_room`) plays: there is
no second rules type. A street is named after the number of cards each player
holds once it is dealt (``third`` = three cards), so the names are checked
against the deal.

>>> from casino_sim.config import load_stud_variant
>>> v = load_stud_variant("stud/seven_card_stud")
>>> v.cards_per_player, v.max_upcards, v.betting_rounds, v.streets[2].big
(7, 4, 5, True)
>>> load_stud_variant("stud/razz").bring_in_ace_low
True
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from casino_sim.config.common import definition
from casino_sim.config.money import Count, Flag, Text
from casino_sim.config.problems import FieldProblem

__all__ = [
    "ORDINALS",
    "SUITS",
    "BringIn",
    "FirstToAct",
    "LowRanking",
    "Ranking",
    "Street",
    "StudVariant",
]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
SUITS = ("clubs", "diamonds", "hearts", "spades")
_LOW_RANKINGS = ("ace-to-five", "ace-to-six")
DECK_SIZE = 52

LowRanking = Literal["ace-to-five", "ace-to-six"]
"""The low-only rankings (razz, London lowball)."""
Ranking = Literal["high", "ace-to-five", "ace-to-six", "hi-lo-8"]
"""Showdown rankings: high, ace-to-five low, ace-to-six low, hi-lo eight-or-better split."""
BringIn = Literal["lowest", "highest", "none"]
"""Who pays the bring-in: the lowest or the highest upcard, or nobody."""
FirstToAct = Literal["best-high", "best-low"]
"""Which exposed board acts first on later streets."""


@definition
class Street:
    """One deal followed by one betting round."""

    name: Literal[ORDINALS]  # type: ignore[valid-type]
    """Cards each player holds after this deal, as a word: third = 3 cards."""
    down: Count = 0
    """Cards dealt face down to each player."""
    up: Count = 0
    """Cards dealt face up to each player (or to the board when community is true)."""
    bet: Literal["small", "big"]
    """Which bet size applies on this street's betting round."""
    community: Flag = False
    """The up cards are one shared board card (e.g. when the deck runs out on seventh street)."""

    @property
    def big(self) -> bool:
        """True when this street's betting round uses the big bet."""
        return self.bet == "big"


@definition
class StudVariant:
    """A stud poker variant (``kind: stud_variant``)."""

    kind: Literal["stud_variant"] = "stud_variant"
    """Always stud_variant."""
    name: Text
    """Name of the game, e.g. "seven-card stud"."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the rules come from."""
    notes: Text = ""
    """Anything a reader should know."""
    streets: tuple[Street, ...] = Field(min_length=1, max_length=8)
    """The deals, in order; each is followed by a betting round."""
    ranking: Ranking = "high"
    """Showdown ranking: high, ace-to-five low (razz), ace-to-six low (London lowball), hi-lo eight-or-better split."""
    bring_in: BringIn = "lowest"
    """Who pays the bring-in on the first street: lowest or highest upcard, or none (no bring-in)."""
    bring_in_ace: Literal["high", "low"] = "high"
    """Whether an ace upcard counts high or low when choosing the bring-in (low in razz)."""
    suit_order: tuple[Literal[SUITS], ...] = SUITS  # type: ignore[valid-type]
    """Suits from lowest to highest, to break bring-in ties; only clubs, diamonds, hearts, spades is supported yet."""
    first_to_act: FirstToAct = "best-high"
    """Who acts first on later streets: best high board or best low board."""
    open_pair_big_bet: Flag = False
    """An open pair on the second betting round lets players bet the big bet."""
    max_players: int = Field(default=8, strict=True, ge=2, le=10)
    """Players the game is dealt to at most."""
    burn: Flag = True
    """Burn a card before dealing each street after the first."""

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds at the showdown (community cards included)."""
        return sum(s.down + s.up for s in self.streets)

    @property
    def max_upcards(self) -> int:
        """Most face-up cards on one board; with 5 a board can show a straight, flush or full house."""
        return sum(s.up for s in self.streets if not s.community)

    @property
    def betting_rounds(self) -> int:
        """Betting rounds per hand (one per street)."""
        return len(self.streets)

    @property
    def bring_in_ace_low(self) -> bool:
        """True when an ace upcard counts low for the bring-in (``bring_in_ace: low``)."""
        return self.bring_in_ace == "low"

    def __post_init__(self) -> None:
        if sorted(self.suit_order) != sorted(SUITS) or len(self.suit_order) != 4:
            raise FieldProblem(
                f"list each suit once, lowest first, e.g. {list(SUITS)}", "suit_order"
            )
        if self.suit_order != SUITS:
            raise FieldProblem(
                f"a suit order other than {', '.join(SUITS)} (lowest first) is not supported yet",
                "suit_order",
            )
        held = 0
        for index, street in enumerate(self.streets):
            if street.down + street.up == 0:
                raise FieldProblem("a street must deal at least one card", "streets", index)
            if street.community and (street.down or street.up != 1):
                raise FieldProblem(
                    "a community street deals exactly one shared up card (down: 0, up: 1)",
                    "streets",
                    index,
                )
            held += street.down + street.up
            expected = ORDINALS[held - 1] if held <= len(ORDINALS) else f"{held}th"
            if street.name != expected:
                raise FieldProblem(
                    f"street {street.name!r} leaves players with {held} cards; expected name {expected!r}",
                    "streets",
                    index,
                    "name",
                )
            if index and street.bet == "small" and self.streets[index - 1].bet == "big":
                raise FieldProblem(
                    "the small bet cannot follow a big-bet street", "streets", index, "bet"
                )
        self._check_rules(held)

    def _check_rules(self, held: int) -> None:
        if held < 5:
            raise FieldProblem(f"players end with {held} cards; a poker hand needs 5", "streets")
        first = self.streets[0]
        if self.bring_in != "none" and first.up == 0:
            raise FieldProblem(
                "a bring-in needs an up card on the first street (or bring_in: none)", "bring_in"
            )
        if first.community:
            raise FieldProblem("the first street cannot be a community card", "streets", 0)
        low_game = self.ranking in _LOW_RANKINGS
        if low_game != (self.first_to_act == "best-low"):
            expected = "best-low" if low_game else "best-high"
            raise FieldProblem(
                f"a {self.ranking} game acts first with the {expected} board", "first_to_act"
            )
        if self.open_pair_big_bet and (len(self.streets) < 2 or self.streets[1].bet != "small"):
            raise FieldProblem(
                "open_pair_big_bet needs a small-bet second street to raise to the big bet",
                "open_pair_big_bet",
            )
        before_last = sum(s.down + s.up for s in self.streets[:-1] if not s.community)
        if before_last * self.max_players > DECK_SIZE:
            raise FieldProblem(
                f"{self.max_players} players x {before_last} cards before the last street "
                f"exceed a {DECK_SIZE}-card deck",
                "max_players",
            )
