"""Games decided by one showdown against a dealer hand with one card face up (Caribbean Stud,
Four Card Poker).

Every card comes in one stage; the player sees the dealer's first card and decides once (fold,
or bet); then the dealer's hand is shown. For each player hand (one per suit class) and up card
the dealer hands holding that card and none of the player's are counted by outcome: the dealer
does not qualify, the player wins, ties, the dealer wins. On the 52 cards the counts come by
inclusion-exclusion over the player's cards: five cards each (``five_card_high``) from
:mod:`casino_sim.dealer_counts` (the ace-king qualifier's from its disk cache), five player
cards against six dealer cards, each the best four (``four_card``), from :mod:`.upcard_six`; on
a reduced deck every dealer hand is dealt (:func:`deal_counts`). Each action's exact value is a
sum of the four counts times the action's nets, scaled to whole numbers, so ties are exact and
settled by the game's ``prefer``; a named strategy's rules act on the player's hand alone.

>>> from casino_sim.config import load_banked_game
>>> deck = tuple(range(36, 52))  # jacks to aces: every deal of a 16-card deck
>>> solved = solve_upcard(load_banked_game("banked/caribbean_stud"), deck)
>>> sum(o.combinations for o in solved.outcomes) == 4368 * 11 * 210
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import BINOMIAL, colex_index, colex_sorted, combinations_array
from casino_sim.config.banked_game import BankedGame, StrategyRule
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.dealer_counts.counts import (
    compute_counts,
    suit_classes,
    suit_order_and_key,
)
from casino_sim.errors import OptionError
from casino_sim.evaluator import ace_king_threshold
from casino_sim.games.banked.language.actions import DecisionPoint, StrategyTable
from casino_sim.games.banked.language.dealt import hand_values
from casino_sim.games.banked.language.hands import FULL_DECK, Deck, classes_of, meets
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.nets import NetsByValue, best_action
from casino_sim.games.banked.language.outcomes import Outcome
from casino_sim.games.banked.language.showdown import ShowdownSolution, describe, rule_picks
from casino_sim.games.banked.language.upcard_six import six_card_counts

__all__ = [
    "UpcardCounts",
    "UpcardIndex",
    "check_upcard",
    "clear_counts",
    "deal_counts",
    "is_upcard_game",
    "showdown_bucket",
    "solve_upcard",
]

RANKING = "five_card_high"
#: The shapes counted, by ranking: (the player's cards, the dealer's, the cards each hand uses).
SHAPES = {"five_card_high": (5, 5, 5), "four_card": (5, 6, 4)}
_SHAPE_WORDS = {
    "five_card_high": "five cards each, each hand its owner's five (five_card_high)",
    "four_card": "five cards to the player and six to the dealer, each hand its owner's best "
    "four (four_card)",
}
#: The most (player hand, up card, dealer hole cards) a reduced deck's counts deal one by one.
MAX_DEALT = 500_000_000


def is_upcard_game(game: BankedGame) -> bool:
    """Whether ``game`` shows a dealer card before its decision (this solver's shape)."""
    return "dealer" in game.hands and any(stage.dealer_up for stage in game.stages)


def check_upcard(
    game: BankedGame,
    deck: Deck,
    *,
    rankings: Sequence[str] = tuple(SHAPES),
    solver: str = "the exact solver",
) -> None:
    """Refuse a game ``solver`` does not solve (of ``rankings``), saying what it solves."""
    player, dealer = game.hands["player"], game.hands["dealer"]
    stage = game.stages[0]
    shape = SHAPES.get(player.ranking) if player.ranking in rankings else None
    ok = (
        shape is not None
        and len(game.stages) == 1
        and not stage.board
        and stage.dealer_up == 1
        and len(game.decisions) == 1
        and player.cards == ("player",)
        and dealer.cards == ("dealer",)
        and (stage.player, stage.dealer, player.use) == shape
        and dealer.use == player.use
        and player.ranking == dealer.ranking
        and not any(
            getattr(w.resolve, "dealer_not_qualified", "") == "plays" for w in game.wagers.values()
        )
    )
    if not ok:
        shapes = " or ".join(words for r, words in _SHAPE_WORDS.items() if r in rankings)
        raise OptionError(
            f"{game.name}: {solver} of a game with a dealer card face up solves {shapes}, "
            "in one stage, the dealer's first card face up, one decision, and no wager settled "
            "by the showdown when the dealer does not qualify (dealer_not_qualified: plays)"
        )
    dealt = comb(len(deck), stage.player) * (len(deck) - stage.player)
    dealt *= comb(len(deck) - stage.player - 1, stage.dealer - 1)
    if deck != FULL_DECK and dealt > MAX_DEALT:
        raise OptionError(
            f"{game.name}: {dealt:,} deals of this {len(deck)}-card deck to count one by one, "
            f"over the limit of {MAX_DEALT:,}: the exact count of a reduced deck deals every "
            "hand (the 52 cards are counted by inclusion-exclusion)"
        )


@dataclass(frozen=True, eq=False)
class UpcardCounts:
    """Per player hand class (``reps``: one hand, deck positions; ``weights``: the class sizes;
    ``values``: its value) and up card (a deck position, the representative's suits), the
    dealer hands by outcome: ``counts`` int32[classes, n, 4] (does not qualify, player wins,
    tie, dealer wins; zeros where the up card is the player's)."""

    reps: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    counts: np.ndarray


@cache
def _full_deck_counts(ranking: str, qualifier: int) -> UpcardCounts:
    """The 52 cards' counts with the least qualifying dealer value ``qualifier``."""
    if ranking == "four_card":
        hands = combinations_array(len(FULL_DECK), 5)
        _, first, sizes, _ = suit_classes(hands)
        reps = hands[first].astype(np.int64)
        values = hand_values(ranking, reps).astype(np.int64)
        counts = six_card_counts(
            reps, values, qualifier, values_of(ranking, FULL_DECK), len(classes_of(ranking))
        )
        return UpcardCounts(reps, sizes, values, counts)
    dealer = (
        load_counts() if qualifier == ace_king_threshold() else compute_counts(qualifier=qualifier)
    )
    counts = np.stack([dealer.no_qualify, dealer.win, dealer.tie, dealer.lose], axis=2)
    return UpcardCounts(
        dealer.representatives.astype(np.int64), dealer.weights, dealer.player_values, counts
    )


def clear_counts() -> None:
    """Forget the 52 cards' counts made in this process (a benchmark's run without them)."""
    _full_deck_counts.cache_clear()


@njit(cache=True, inline="always")
def showdown_bucket(mine: int, theirs: int, qualifies: bool) -> int:
    """The showdown's bucket: 0 the dealer does not qualify, 1 the player's value ``mine`` wins,
    2 a tie, 3 the dealer's ``theirs`` wins."""
    if not qualifies:
        return 0
    if mine > theirs:
        return 1
    return 2 if mine == theirs else 3


@njit(cache=True, parallel=True)
def _deal_counts(
    hands: np.ndarray, mine: np.ndarray, theirs: np.ndarray, qualifies: np.ndarray,
    holes: np.ndarray, binomial: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """Every hand of ``hands`` (positions; values ``mine``) against every up card and every set
    of hole cards (``holes``: every set of positions of its size; the dealer's values
    ``theirs`` by colex index), by outcome into ``out``."""
    n = out.shape[1]
    k = holes.shape[1] + 1
    for h in prange(hands.shape[0]):
        taken = 0
        for c in hands[h]:
            taken |= 1 << c
        dealer = np.empty(k, dtype=np.int64)
        for up in range(n):
            if (taken >> up) & 1:
                continue
            clash = taken | (1 << up)
            for q in range(holes.shape[0]):
                hole = holes[q]
                free = True
                for c in hole:
                    if (clash >> c) & 1:
                        free = False
                if not free:
                    continue
                dealer[0] = up
                dealer[1:] = hole
                dealer.sort()
                value = theirs[colex_sorted(dealer, k, binomial)]
                out[h, up, showdown_bucket(mine[h], value, qualifies[value])] += 1


def deal_counts(game: BankedGame, deck: Deck) -> UpcardCounts:
    """A reduced deck's counts, every dealer hand dealt (each player hand its own class)."""
    n, stage = len(deck), game.stages[0]
    ranking = game.hands["player"].ranking
    codes = np.asarray(deck, dtype=np.int64)
    hands = combinations_array(n, stage.player).astype(np.int64)
    hands = hands[np.argsort(colex_index(hands))]
    mine = hand_values(ranking, codes[hands]).astype(np.int64)
    dealer_sets = combinations_array(n, stage.dealer).astype(np.int64)
    theirs = np.empty(len(dealer_sets), dtype=np.int64)
    theirs[colex_index(dealer_sets)] = hand_values(ranking, codes[dealer_sets])
    counts = np.zeros((len(hands), n, 4), dtype=np.int32)
    holes = combinations_array(n, stage.dealer - 1).astype(np.int64)
    qualifies = meets(game.qualifier, ranking)
    _deal_counts(hands, mine, theirs, qualifies, holes, BINOMIAL, counts)
    return UpcardCounts(hands, np.ones(len(hands), dtype=np.int64), mine, counts)


class UpcardIndex:
    """The decision's index of a deal: the class of the player's five cards times the deck's
    size plus the up card relabelled as the class's representative (the 52 cards), or the
    colex index of the five cards times the deck's size plus the up card (a reduced deck)."""

    def __init__(self, deck: Deck, reps: np.ndarray) -> None:
        self._deck = deck
        self._reps = reps
        self._tables: tuple[np.ndarray, np.ndarray] | None = None

    def index(self, own: np.ndarray, seen: np.ndarray) -> np.ndarray:
        """The index of each deal (``own``: its five cards, ``seen``: the dealer's up card)."""
        n = len(self._deck)
        up = seen[:, 0].astype(np.int64)
        if self._deck != FULL_DECK:
            out: np.ndarray = colex_index(own) * n + up
            return out
        if self._tables is None:
            keys = np.empty(len(self._reps), dtype=np.int64)
            orders = np.empty((len(self._reps), 4), dtype=np.int64)
            _suit_orders(self._reps, keys, orders)
            self._tables = keys, orders
        keys, orders = self._tables
        found = np.empty(len(up), dtype=np.int64)
        _class_and_up(np.ascontiguousarray(own, dtype=np.int64), up, keys, orders, found)
        return found


@njit(cache=True)
def _suit_orders(reps: np.ndarray, keys: np.ndarray, orders: np.ndarray) -> None:
    """Each representative's canonical key and suit order."""
    for i in range(reps.shape[0]):
        order, keys[i] = suit_order_and_key(reps[i])
        for p in range(4):
            orders[i, p] = order[p]


@njit(cache=True)
def _class_and_up(
    hands: np.ndarray, up: np.ndarray, keys: np.ndarray, orders: np.ndarray, out: np.ndarray
) -> None:
    """``class * 52 + up card in the representative's suits`` of each (hand, up card)."""
    for i in range(hands.shape[0]):
        order, key = suit_order_and_key(hands[i])
        c = np.searchsorted(keys, key)
        suit = up[i] & 3
        p = 0
        for q in range(4):
            if order[q] == suit:
                p = q
        out[i] = c * 52 + (up[i] >> 2) * 4 + orders[c, p]


@njit(cache=True)
def _by_action(picks: np.ndarray, counts: np.ndarray, out: np.ndarray) -> None:
    """Each class's dealer hands by the action taken (``picks`` int8[classes, up cards], -1:
    none) and bucket (``counts`` [classes, up cards, buckets]) into ``out``."""
    for c in range(counts.shape[0]):
        for up in range(counts.shape[1]):
            a = picks[c, up]
            if a >= 0:
                for b in range(counts.shape[2]):
                    out[c, a, b] += counts[c, up, b]


def nets_by_class(game: BankedGame, values: np.ndarray) -> tuple[np.ndarray, NetsByValue]:
    """Per player hand class (``values``: its value) each action's scaled nets by showdown
    bucket (int64[classes, actions, 4]; one scale per set of paytable lines), and the nets."""
    nets = NetsByValue(game)
    distinct, back = np.unique(values, return_inverse=True)
    table = np.stack([nets.of(int(v))[0] for v in distinct.tolist()])
    by_class: np.ndarray = table[back.reshape(-1)]
    return by_class, nets


def tally_classes(
    game: BankedGame, nets: NetsByValue, values: np.ndarray, weights: np.ndarray,
    chosen: np.ndarray,
) -> tuple[tuple[Outcome, ...], dict[str, int], dict[int, set[int]]]:  # fmt: skip
    """The outcomes, the deals per action and the actions taken by player hand value, from each
    class's dealer hands by the action taken and showdown bucket (``chosen`` int64[classes,
    actions, 4]; ``weights``: the classes' sizes)."""
    start = tuple(w.initial for w in game.wagers.values())
    _, _, choices, afters = nets.of(int(values[0]))
    distinct, back = np.unique(values, return_inverse=True)
    by_distinct = np.zeros((len(distinct), *chosen.shape[1:]), dtype=np.int64)
    np.add.at(by_distinct, back.reshape(-1), chosen * weights[:, None, None])
    tally: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...]], int] = defaultdict(int)
    by_value: dict[int, set[int]] = defaultdict(set)
    for value, rows in zip(distinct.tolist(), by_distinct, strict=True):
        lines = nets.lines(value)
        for a, after in enumerate(afters):
            if not rows[a].any():
                continue
            by_value[value].add(a)
            if after is None:
                tally[(start, True, -1, ())] += int(rows[a].sum())
                continue
            for b in np.flatnonzero(rows[a]).tolist():
                tally[(after, False, b, lines)] += int(rows[a, b])
    taken = {c.name: int(by_distinct[:, a].sum()) for a, c in enumerate(choices)}
    outcomes = tuple(Outcome(s, f, b, ln, c) for (s, f, b, ln), c in tally.items())
    return outcomes, taken, by_value


def solve_upcard(
    game: BankedGame, deck: Deck, *, policy: Sequence[StrategyRule] | None = None
) -> ShowdownSolution:
    """Solve ``game`` on ``deck``: optimally, or with a named strategy's rules."""
    check_upcard(game, deck)
    stage = game.stages[0]
    ranking = game.hands["player"].ranking
    qualifies = meets(game.qualifier, ranking)
    if deck == FULL_DECK:
        least = int(np.argmax(qualifies))
        if not qualifies[least:].all():
            raise OptionError(f"{game.name}: the qualifier must be a least hand")
        counted = _full_deck_counts(ranking, least)
    else:
        counted = deal_counts(game, deck)
    class_nets, nets = nets_by_class(game, counted.values)
    _, _, choices, _ = nets.of(int(counted.values[0]))
    counts = counted.counts
    dealt = counts.sum(axis=2, dtype=np.int64)
    if policy is not None:
        fixed = rule_picks(game, policy, choices, ranking)[counted.values]
        picks = np.repeat(fixed[:, None], dealt.shape[1], axis=1)
    else:
        worth = np.zeros((*dealt.shape, len(choices)), dtype=np.int64)
        for a in range(len(choices)):
            for b in range(4):
                worth[:, :, a] += counts[:, :, b] * class_nets[:, a, b, None]
        picks = best_action(game, choices, worth.reshape(-1, len(choices))).reshape(dealt.shape)
    picks = np.where(dealt > 0, picks, -1).astype(np.int8)
    chosen = np.zeros((len(counts), len(choices), counts.shape[2]), dtype=np.int64)
    _by_action(picks, counts, chosen)
    outcomes, taken, by_value = tally_classes(game, nets, counted.values, counted.weights, chosen)
    words, table = describe(by_value, choices, ranking)
    shares = ", ".join(
        f"{name} {100 * deals / sum(taken.values()):.2f}%" for name, deals in taken.items() if deals
    )
    start = tuple(w.initial for w in game.wagers.values())
    point = DecisionPoint(
        stage.name, stage.player, tuple(choices), {start: picks.reshape(-1)}, own=stage.player,
        indexer=UpcardIndex(deck, counted.reps), dealer_up=1,
    )  # fmt: skip
    return ShowdownSolution(
        outcomes, {stage.name: taken}, (f"after {stage.name}: {shares} of deals", *words),
        table, StrategyTable(start, (point,)),
    )  # fmt: skip
