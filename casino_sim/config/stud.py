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

from functools import cached_property
from typing import Literal

from pydantic import Field

from casino_sim.config.common import definition
from casino_sim.config.money import Count, Flag, Text
from casino_sim.config.problems import FieldProblem
from casino_sim.config.stud_rules import (
    RANK_NAMES,
    Deck,
    HandKind,
    Play,
    Rank,
    SplitRule,
    Structure,
    Wild,
    rank_index,
)

__all__ = [
    "ORDINALS",
    "RANK_NAMES",
    "SUITS",
    "BringIn",
    "Deck",
    "FirstToAct",
    "LowRanking",
    "Play",
    "Ranking",
    "Street",
    "StudVariant",
    "Wild",
    "check_layout",
    "check_structure",
]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
SUITS = ("clubs", "diamonds", "hearts", "spades")
_LOW_RANKINGS = ("ace-to-five", "ace-to-six")

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
    discard: Count = 0
    """Hole cards each player then discards, chosen by the player (Kentrel, Australian stud)."""
    discard_first: Flag = False
    """Discard before this street's deal (right after the previous betting round), not after it."""
    expose: Count = 0
    """Hole cards each player then turns face up, chosen by the player (roll your own, flip)."""
    twist: Count = 0
    """Cards each player may then replace, one at a time, each new card dealt as the old one was."""
    draft: Flag = False
    """The up cards go to the centre, one per player; the worst board picks first (draft)."""
    set_aside: Count = 0
    """Cards each player then sets aside as a second hand (cowpie: 2), chosen by the player."""

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
    deck: Deck = Field(default_factory=Deck)
    """The deck: ranks stripped, jokers and how they play."""
    wild: Wild = Field(default_factory=Wild)
    """Wild cards: fixed ranks, low hole card, follow the queen."""
    bonus_up: Rank | None = None
    """A card of this rank dealt face up earns its player an extra up card at once (Baseball: "4")."""
    play: Play = Field(default_factory=Play)
    """At most how many hole (down) and up cards may play in the final five."""
    hands: HandKind = "standard"
    """``canadian``: four-card straights and flushes rank between one pair and two pair."""
    split: SplitRule = "none"
    """A second winner of half the pot: the high or low spade in the hole (Chicago), or cowpie."""
    structures: tuple[Structure, ...] = ()
    """Betting structures the game may be dealt at (a table's ``structure``); empty: any."""

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds at the showdown (community cards included)."""
        return sum(s.down + s.up - s.discard for s in self.streets)

    @property
    def standard_values(self) -> bool:
        """True when showdown values are on the evaluator's standard scale (a 52-card deck, no
        wild cards, standard hands), so a bad-beat qualifying hand can be compared with them."""
        return self.deck == Deck() and not self.wild.any and self.hands == "standard"

    @cached_property
    def extended(self) -> bool:
        """True when the variant uses a rule of the variant language beyond the classic games
        (deck, wild cards, choices, hand restrictions, new hands or splits): the Python engine plays it."""
        return (
            self.deck != Deck()
            or self.wild != Wild()
            or self.bonus_up is not None
            or self.play != Play()
            or self.hands != "standard"
            or self.split != "none"
            or any(s.discard or s.expose or s.twist or s.draft or s.set_aside for s in self.streets)
        )

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
            if street.down + street.up == 0 and not (
                street.twist or street.expose or street.set_aside
            ):
                raise FieldProblem(
                    "a street must deal at least one card (or twist, expose or set aside)",
                    "streets",
                    index,
                )
            if street.community and (street.down or street.up != 1):
                raise FieldProblem(
                    "a community street deals exactly one shared up card (down: 0, up: 1)",
                    "streets",
                    index,
                )
            held += street.down + street.up - street.discard
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
        if self.bring_in != "none" and first.up + first.expose == 0:
            raise FieldProblem(
                "a bring-in needs an up card on the first street (dealt or exposed; or bring_in: none)",
                "bring_in",
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
        check_layout(self)


def _check_deck(v: StudVariant) -> None:
    deck = v.deck
    mask = deck.strip_mask
    for key, ranks in (("ranks", v.wild.ranks), ("follow", (v.wild.follow,))):
        for i, r in enumerate(ranks):
            if r is not None and mask >> rank_index(r) & 1:
                path: tuple[str | int, ...] = ("wild", key, i) if key == "ranks" else ("wild", key)
                raise FieldProblem(f"rank {r} is stripped from the deck: it cannot be wild", *path)
    if v.bonus_up is not None and mask >> rank_index(v.bonus_up) & 1:
        raise FieldProblem(f"rank {v.bonus_up} is stripped from the deck", "bonus_up")
    if deck.jokers == 0 and deck.joker != "wild":
        raise FieldProblem("a joker role needs jokers: set deck.jokers", "deck", "joker")
    wild = v.wild.any or (deck.jokers and deck.joker != "bug")
    if (wild or deck.jokers) and v.ranking != "high":
        raise FieldProblem("wild cards and jokers play in high games only", "ranking")
    if v.hands != "standard" and (wild or deck.jokers or mask):
        raise FieldProblem("canadian hands play with a standard deck and no wild cards", "hands")
    dealing = [i for i, s in enumerate(v.streets) if s.down + s.up]
    before_last = 0
    for i, s in enumerate(v.streets):
        if not s.community and (i < dealing[-1] or not s.down + s.up):
            before_last += s.down + s.up + s.twist
    # four cards of the bonus rank can each earn one extra up card
    bonus = 4 if v.bonus_up is not None else 0
    need = before_last * v.max_players + bonus
    if need > deck.size:
        raise FieldProblem(
            f"{v.max_players} players x {before_last} cards before the last street"
            + (" + 4 bonus cards" if bonus else "")
            + f" exceed a {deck.size}-card deck",
            "max_players",
        )


def _check_streets(v: StudVariant) -> None:
    hole = up = 0
    for index, s in enumerate(v.streets):
        if s.discard_first and not s.discard:
            raise FieldProblem("discard_first needs a discard", "streets", index, "discard_first")
        if s.discard_first and index == 0:
            raise FieldProblem(
                "the first street cannot discard before its deal", "streets", index, "discard_first"
            )
        if s.discard_first:
            hole -= s.discard
        hole += s.down
        up += s.up
        if not s.discard_first:
            hole -= s.discard
        if hole < 0:
            raise FieldProblem(
                "discards more hole cards than a player holds", "streets", index, "discard"
            )
        if s.expose > hole:
            raise FieldProblem(
                f"exposes {s.expose} of {hole} hole cards", "streets", index, "expose"
            )
        hole, up = hole - s.expose, up + s.expose
        if s.draft and (s.down or not s.up or s.community):
            raise FieldProblem(
                "a draft street deals up cards only (down: 0, up: 1 or more)",
                "streets",
                index,
                "draft",
            )
        if s.community and (s.discard or s.expose or s.twist or s.draft):
            raise FieldProblem(
                "a community street has no player choices", "streets", index, "community"
            )
    if v.bonus_up is not None and not up:
        raise FieldProblem("a bonus up card needs up cards in the layout", "bonus_up")
    limit = v.play
    if limit.hole is not None or limit.up is not None:
        limited = v.streets[0].down if limit.hole_from == "first-street" else hole
        playable = hole - limited + min(limited, limited if limit.hole is None else limit.hole)
        playable += min(up, up if limit.up is None else limit.up)
        if playable < 5:
            key = "hole" if limit.hole is not None else "up"
            raise FieldProblem(
                f"leaves {playable} cards to play ({hole} down, {up} up); a hand needs 5",
                "play",
                key,
            )


def check_structure(variant: StudVariant, structure: str, table_file: str | None = None) -> None:
    """Refuse a table whose betting ``structure`` the variant's ``structures`` do not list.

    Raises :class:`~casino_sim.config.problems.PaytableError` naming the table
    file, the line of its ``structure`` key and the structures allowed.

    >>> import dataclasses
    >>> from casino_sim.config import load_stud_variant
    >>> v = dataclasses.replace(load_stud_variant("stud/razz"), structures=("fixed-limit",))
    >>> check_structure(v, "no-limit", None)
    Traceback (most recent call last):
    ...
    casino_sim.config.problems.PaytableError: <table>: structure: razz is dealt fixed-limit only, not no-limit (the variant's structures)
    """
    if not variant.structures or structure in variant.structures:
        return
    from casino_sim.config.problems import PaytableError, Problem
    from casino_sim.config.yaml_source import read_yaml

    line = read_yaml(table_file).line_of(("structure",)) if table_file else 0
    allowed = ", ".join(variant.structures)
    message = f"{variant.name} is dealt {allowed} only, not {structure} (the variant's structures)"
    raise PaytableError([Problem(table_file or "<table>", line, ("structure",), message)])


def check_layout(v: StudVariant) -> None:
    """Cross-field checks of the variant language (raises :class:`FieldProblem`)."""
    _check_deck(v)
    _check_streets(v)
    if v.split != "none" and v.ranking != "high":
        raise FieldProblem(f"split {v.split} needs ranking: high", "split")
    aside = [i for i, s in enumerate(v.streets) if s.set_aside]
    if v.split == "cowpie":
        if v.cards_per_player != 7:
            raise FieldProblem("cowpie splits seven cards into five and two", "split")
        if len(aside) != 1 or v.streets[aside[0]].set_aside != 2:
            raise FieldProblem("cowpie needs one street with set_aside: 2", "split")
    elif aside:
        raise FieldProblem(
            "set_aside makes a second hand: it needs split: cowpie",
            "streets",
            aside[0],
            "set_aside",
        )
