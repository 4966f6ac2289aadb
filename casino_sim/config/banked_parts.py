"""The parts of a banked game (``kind: banked_game``, :mod:`.banked_game`): the rankings, hand
rules and thresholds, paytable lines, stages, wagers and their resolutions, side bets,
actions, decisions and strategy rules.

Paytable lines are read top down, the first that matches pays: ``hand`` is a
category of the ranking and ``at_least`` (optional) the least ranks of the hand
within it, most significant first (``J``: a pair of jacks or better). A hand rule
threshold (the qualifier, a strategy's ``when``) reads the same words as "this
hand or any better one". Two-card hands (``two_card``) are suited or offsuit: ``suited: true``
(or ``false``) on a high-card line or threshold keeps to the hands of that kind alone.

>>> Threshold(hand="high_card", at_least="Q-6-4").ranks
(10, 4, 2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, Literal, cast

from pydantic import Field

from casino_sim.config.common import CATEGORY_KEYS, PokerHand, definition, hand_label
from casino_sim.config.money import PositiveAmount, Text
from casino_sim.config.ranks import LinePay, Ranks, parse_ranks, rank_text

__all__ = [
    "RANKINGS",
    "RANKING_SIZES",
    "BetAction",
    "Decision",
    "DeckSpec",
    "FoldAction",
    "HandRule",
    "PayLine",
    "PaytableResolution",
    "SideBet",
    "Stage",
    "StayAction",
    "StrategyRule",
    "TakeBackAction",
    "Threshold",
    "VersusDealer",
    "Wager",
    "action_names",
    "dealer_rule",
    "rank_text",
]

Ranking = Literal["two_card", "three_card", "four_card", "five_card_high"]
"""``two_card``: two cards, a pair > two ranks (suited above offsuit of the same ranks);
``three_card``: three cards, straight flush > trips > straight > flush > pair > high
card (A-2-3 the lowest straight); ``four_card``: four cards, four of a kind > straight
flush > trips > flush > straight > two pair > pair > high card (A-2-3-4 the lowest
straight, J-Q-K-A the highest); ``five_card_high``: the usual five-card ranking."""

RANKINGS: Mapping[str, tuple[str, ...]] = {
    "two_card": ("one_pair", "high_card"),
    "three_card": (
        "straight_flush",
        "three_of_a_kind",
        "straight",
        "flush",
        "one_pair",
        "high_card",
    ),
    "four_card": (
        "four_of_a_kind",
        "straight_flush",
        "three_of_a_kind",
        "flush",
        "straight",
        "two_pair",
        "one_pair",
        "high_card",
    ),
    "five_card_high": CATEGORY_KEYS[::-1],
}
"""The categories of each ranking, best first."""

RANKING_SIZES: Mapping[str, int] = {
    "two_card": 2,
    "three_card": 3,
    "four_card": 4,
    "five_card_high": 5,
}
"""How many cards a hand of each ranking has."""

Owner = Literal["player", "dealer", "board"]


@definition
class Threshold:
    """A hand and the least ranks within its category (``hand: high_card, at_least: Q-6-4``)."""

    hand: PokerHand
    """The category, e.g. high_card, one_pair."""
    at_least: Ranks = ""
    """The least ranks within the category, most significant first (Q-6-4, A-K, J); none: any."""
    suited: bool | None = None
    """Two-card high cards only: true, only suited hands meet it within the category; false,
    only offsuit ones; none: both (a better category always meets it)."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """``at_least`` as ranks 0..12 (2..A)."""
        return parse_ranks(self.at_least) if self.at_least else ()

    def label(self) -> str:
        """``high card Q-6-4`` style words (``high card K-2 suited``)."""
        return f"{hand_label(self.hand)} {self.at_least}{_suit_words(self.suited)}".strip()


@definition
class PayLine:
    """One paytable line: the hand it pays for and what it pays to 1 (``push``: the bet back)."""

    hand: PokerHand
    """The category of the hand (a key of the ranking)."""
    at_least: Ranks = ""
    """Least ranks within the category, e.g. J for jacks or better (empty: any)."""
    pays: LinePay
    """Pays to 1 (250, 250:1, 250 to 1, 2 for 1), or push (the bet back)."""
    name: Text = ""
    """The line's name in the output (default: from hand and at_least)."""
    suited: bool | None = None
    """Two-card high cards only: true, the line pays suited hands alone; false, offsuit ones;
    none: both."""
    dealer: Threshold | None = None
    """Side bets only: the line pays only when the dealer's hand of the same cards (the side
    bet's hand rule with the dealer's cards for the player's, e.g. the dealer's two cards) is
    at least this (``{hand: one_pair, at_least: A}``: the dealer holds a pair of aces too)."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """``at_least`` as ranks 0..12 (2..A)."""
        return parse_ranks(self.at_least) if self.at_least else ()

    def label(self) -> str:
        """The line's name."""
        if self.name:
            return self.name
        words = hand_label(self.hand)
        if self.at_least:
            words += f", {self.at_least} or better"
        words += _suit_words(self.suited)
        if self.dealer is not None:
            words += f", the dealer {self.dealer.label()} or better"
        return words


def _suit_words(suited: bool | None) -> str:
    return "" if suited is None else " suited" if suited else " offsuit"


@definition
class DeckSpec:
    """The deck: the 52 cards (jokers and stripped decks: the evaluator supports them; the
    exact solver solves the 52-card deck this release)."""

    cards: Literal[52] = 52
    """How many cards (52)."""


@definition
class Stage:
    """One deal: cards to the player, to the dealer (``dealer_up`` of them face up), to the board."""

    name: Text
    """The stage's name, which decisions refer to (e.g. deal, flop, third_street)."""
    player: Annotated[int, Field(strict=True, ge=0, le=7)] = 0
    """Cards to the player."""
    dealer: Annotated[int, Field(strict=True, ge=0, le=7)] = 0
    """Cards to the dealer, face down unless counted in dealer_up."""
    dealer_up: Annotated[int, Field(strict=True, ge=0, le=7)] = 0
    """How many of this stage's dealer cards are face up."""
    board: Annotated[int, Field(strict=True, ge=0, le=5)] = 0
    """Community cards (face up)."""


@definition
class HandRule:
    """Which cards make a hand and how they rank: best ``use`` of the ``cards`` of the owners."""

    cards: tuple[Owner, ...]
    """Whose cards: player, dealer, board (e.g. [player, board])."""
    use: Annotated[int, Field(strict=True, ge=2, le=5)]
    """How many cards the hand uses: the best ``use`` of them (2 with two_card, 3 with three_card, 4 with four_card, 5 with five_card_high)."""
    ranking: Ranking
    """two_card (side bets), three_card, four_card or five_card_high."""
    through: Text = ""
    """Only the cards dealt up to and including this stage (e.g. flop: the player's two cards
    and the flop); empty: every card dealt."""


@definition
class VersusDealer:
    """Settled against the dealer: even money (``pays``) on a win, lost on a loss."""

    type: Literal["versus_dealer"]
    """versus_dealer."""
    pays: LinePay = Fraction(1)
    """What a win over a qualifying dealer pays to 1 (``push``: the bet back, as Ultimate Texas
    Hold'em's blind on a hand its paytable does not list)."""
    dealer_not_qualified: Literal["pays", "push", "plays"] = "pays"
    """When the dealer does not qualify: the wager pays (``pays`` to 1), pushes, or plays
    (settled by the showdown as if the dealer qualified: Ultimate Texas Hold'em's blind and
    play bets)."""
    ties: Literal["push", "lose", "win"] = "push"
    """A tie with a qualifying dealer: pushes, loses, or wins as a win does (Four Card Poker)."""
    bonus: tuple[PayLine, ...] = ()
    """A paytable on the player's hand paid on this wager besides (e.g. the ante bonus)."""
    bonus_when: Literal["always", "played", "player_wins"] = "played"
    """When the bonus pays: whenever the player did not fold (played), only on a win, always."""
    paytable: tuple[PayLine, ...] = ()
    """What a win pays by the player's hand instead of ``pays``: the first matching line (no
    line: ``pays``); a win includes a dealer who does not qualify when the wager then pays."""

    @property
    def lines(self) -> tuple[PayLine, ...]:
        """The lines an outcome's line index refers to: the paytable, else the bonus."""
        return self.paytable or self.bonus


@definition
class PaytableResolution:
    """Settled on the player's final hand alone: the first matching line pays, no line loses."""

    type: Literal["paytable"]
    """paytable."""
    paytable: tuple[PayLine, ...]
    """Lines best first."""

    @property
    def lines(self) -> tuple[PayLine, ...]:
        """The lines an outcome's line index refers to (the paytable)."""
        return self.paytable


Resolution = Annotated[VersusDealer | PaytableResolution, Field(discriminator="type")]


@definition
class Wager:
    """A named wager: how much is on it before the deal and how it is settled."""

    initial: Annotated[int, Field(strict=True, ge=0, le=10)] = 0
    """Units bet before the deal (1 for an ante); 0: only a decision puts money on it."""
    resolve: Resolution
    """How it is settled."""
    description: Text = ""
    """What it is, for the output."""
    max_payout: PositiveAmount | None = None
    """The most it wins in one hand, in money (a posted payout cap); a game with a cap is analysed at an ante in money (analyze --ante, unit_money)."""


@definition
class SideBet:
    """A side bet on its own hand: one unit, with one or more named paytables; or a
    progressive's wager (in money), with its awards and meter."""

    hand: HandRule
    """The hand it pays on (e.g. the best five of the player's and the dealer's cards)."""
    paytables: Mapping[str, tuple[PayLine, ...]] = Field(default_factory=dict)
    """Named paytable variants, lines best first; each is analysed (the first is the default)."""
    progressive: Text | None = None
    """Instead of paytables, a progressive (``kind: progressive``: fixed awards and shares of
    a meter, e.g. progressives/50-75-100): a path relative to this file, or a shipped name."""
    sources: Mapping[str, Text] = Field(default_factory=dict)
    """The published house edge of each variant and where (per variant name)."""


@definition
class FoldAction:
    """Give up: every wager on the felt is lost."""

    action: Literal["fold"]
    """fold."""


@definition
class StayAction:
    """Do nothing (check; let it ride)."""

    action: Literal["stay"]
    """stay."""
    name: Text = "stay"
    """Its name in strategies and output."""


@definition
class BetAction:
    """Put ``times`` (up to ``up_to``) x the initial amount of ``of`` on ``wager``: one action
    per whole multiple."""

    action: Literal["bet"]
    """bet."""
    wager: Text
    """The wager that takes the money."""
    times: int = Field(default=1, strict=True, ge=1, le=10)
    """The smallest bet, as a multiple of the unit (1: 1x)."""
    up_to: int | None = Field(default=None, strict=True, ge=1, le=10)
    """The largest (Mississippi Stud: times 1, up_to 3 is 1x, 2x or 3x); none: only ``times``."""
    of: Text
    """The wager whose initial amount is the unit (e.g. ante)."""

    @property
    def sizes(self) -> range:
        """The multiples allowed."""
        return range(self.times, (self.up_to or self.times) + 1)


@definition
class TakeBackAction:
    """Take the bet on ``wager`` back (Let It Ride)."""

    action: Literal["take_back"]
    """take_back."""
    wager: Text
    """The wager taken back."""


Action = Annotated[
    FoldAction | StayAction | BetAction | TakeBackAction, Field(discriminator="action")
]


@definition
class Decision:
    """The player's choice after a stage."""

    after: Text
    """The stage after which it is made."""
    actions: tuple[Action, ...] = Field(min_length=2)
    """The legal actions."""


@definition
class StrategyRule:
    """Take ``action`` (fold, stay, a bet such as ``play 1x``, ``take_back bet_1``) when the
    player's hand is at least ``when`` (always without ``when``)."""

    action: Text
    """The action's name as the output shows it (fold, stay, bet play 1x, take back bet_1)."""
    when: Threshold | None = None
    """The least hand (the player's hand must be complete at the decision)."""


def action_names(action: Any) -> list[str]:
    """The names one action spec stands for: ``fold``, ``stay``, ``bet play 1x``, ..."""
    if isinstance(action, FoldAction):
        return ["fold"]
    if isinstance(action, StayAction):
        return [action.name]
    if isinstance(action, BetAction):
        return [f"bet {action.wager} {t}x" for t in action.sizes]
    return [f"take back {action.wager}"]


def dealer_rule(rule: HandRule) -> HandRule | None:
    """The dealer's hand of a side bet's hand rule: the same rule with the dealer's cards for
    the player's (None: the rule reads no player cards, or reads the dealer's already).

    >>> dealer_rule(HandRule(cards=("player",), use=2, ranking="two_card")).cards
    ('dealer',)
    """
    if "player" not in rule.cards or "dealer" in rule.cards:
        return None
    cards = tuple("dealer" if owner == "player" else owner for owner in rule.cards)
    theirs: HandRule = dataclasses.replace(cast(Any, rule), cards=cards)
    return theirs
