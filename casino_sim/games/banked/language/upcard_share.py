"""What sharing hands is worth at a game with a dealer card face up (Caribbean Stud, ``--leak
share:K``): the player sees ``K`` other players' hands besides the up card.

Deals are drawn (``samples`` of them, with ``seed``): the player's hand, the others' hands
and the up card; each is valued exactly over every hand the dealer can still hold (its hidden
cards from the cards nobody at the table has seen: at a full table of seven, 1,820 hands of
16 cards; with one other hand, 101,270 of 41), the best action taken on those counts, and its
gain over the action without the leak (the solver's optimal strategy, whose edge is exact)
averaged: a control variate, since the leak changes the decision on few deals. The result is
sampled, with its 95% interval (:class:`~.leak_kinds.SampledShare`).

>>> from casino_sim.config import load_banked_game
>>> deck = tuple(range(36, 52))  # jacks to aces
>>> share = analyze_upcard_share(load_banked_game("banked/caribbean_stud"), 1, deck, 2000, 1)
>>> share.house_edge < float(share.house_edge_without)
True
"""

from __future__ import annotations

import logging
from math import comb

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import BINOMIAL, colex5, colex_index
from casino_sim.config.banked_game import BankedGame
from casino_sim.engine.durations import duration
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import Deck, meets
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.leak_kinds import (
    DEFAULT_SAMPLES,
    SampledShare,
    check_samples,
    share_estimate,
)
from casino_sim.games.banked.language.nets import NetsByValue, best_action
from casino_sim.games.banked.language.upcard import RANKING, check_upcard, showdown_bucket

__all__ = ["analyze_upcard_share"]

log = logging.getLogger("casino_sim.leak")
#: Dealer hands valued per second on the reference 2-core machine (a full table: 200,000 deals
#: of 1,820 hands in about 15 s).
HANDS_PER_SECOND = 25_000_000


@njit(cache=True, parallel=True)
def _hidden_counts(
    mine: np.ndarray, ups: np.ndarray, unseen: np.ndarray, values5: np.ndarray,
    qualifies: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """Per drawn deal (the player's value ``mine``, the up card ``ups``, the cards nobody saw
    ``unseen`` int64[deals, m]) every four hidden cards of the dealer by showdown bucket into
    ``out`` int64[deals, 4] (:func:`~.upcard.showdown_bucket`)."""
    m = unseen.shape[1]
    for s in prange(unseen.shape[0]):
        cards = np.empty(5, dtype=np.int64)
        rest = unseen[s]
        cards[0] = ups[s]
        for a in range(m):
            for b in range(a + 1, m):
                for c in range(b + 1, m):
                    for d in range(c + 1, m):
                        cards[1], cards[2], cards[3], cards[4] = rest[a], rest[b], rest[c], rest[d]
                        theirs = values5[colex5(cards, 0, BINOMIAL)]
                        out[s, showdown_bucket(mine[s], theirs, qualifies[theirs])] += 1


def analyze_upcard_share(
    game: BankedGame, others: int, deck: Deck, samples: int | None, seed: int
) -> SampledShare:
    """The house edge and element of risk of ``game`` (:mod:`.upcard`'s shape) when the player
    sees ``others`` more hands, sampled (module docstring); ``samples`` by default what about
    a minute allows (at least 10,000)."""
    from casino_sim.games.banked.language import solve_banked

    check_upcard(game, deck, rankings=(RANKING,), solver="the shared-cards leak (--leak share:K)")
    n = len(deck)
    unseen = n - 5 * (1 + others) - 1
    if unseen < 4:
        raise OptionError(
            f"--leak share:{others}: {others} other hands of 5 cards leave {max(unseen, 0)} "
            f"cards of the {n}-card deck for the dealer's 4 hidden; at most share:"
            f"{(n - 10) // 5}"
        )
    hands = comb(unseen, 4)
    if samples is None:
        samples = min(max(10_000, 60 * HANDS_PER_SECOND // hands), DEFAULT_SAMPLES)
    check_samples(samples)
    if samples * hands > 60 * HANDS_PER_SECOND:
        log.info(
            "--leak share:%d: %s deals, each valued over %s dealer hands: about %s here",
            others, f"{samples:,}", f"{hands:,}", duration(samples * hands / HANDS_PER_SECOND),
        )  # fmt: skip
    solved = solve_banked(game, deck=deck)
    point = solved.strategy.points[0]
    without_picks = point.picks[solved.strategy.start]
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(others,)))
    order = np.argsort(rng.random((samples, n)), axis=1)
    own, up = np.sort(order[:, :5], axis=1), order[:, 5 + 5 * others]
    values5 = values_of(RANKING, deck)
    mine = values5[colex_index(own)].astype(np.int64)
    counts = np.zeros((samples, 4), dtype=np.int64)
    _hidden_counts(mine, up, np.ascontiguousarray(order[:, 6 + 5 * others :]),
                   values5.astype(np.int64), meets(game.qualifier, RANKING), counts)  # fmt: skip
    assert point.indexer is not None
    base = without_picks[point.indexer.index(own, up[:, None])].astype(np.int64)
    nets = NetsByValue(game)
    start = sum(w.initial for w in game.wagers.values())
    gains, extra = np.empty(samples), np.empty(samples)
    changed = 0
    for value in np.unique(mine).tolist():
        rows = np.flatnonzero(mine == value)
        scaled, scale, choices, afters = nets.of(value)
        felt = np.array([start if a is None else sum(a) for a in afters], dtype=float)
        worth = counts[rows] @ scaled.T
        best = best_action(game, choices, worth)
        per_hand = worth / (scale * counts[rows].sum(axis=1, keepdims=True))
        here = np.arange(len(rows))
        gains[rows] = per_hand[here, best] - per_hand[here, base[rows]]
        extra[rows] = felt[best] - felt[base[rows]]
        changed += int((best != base[rows]).sum())
    unit = float(game.wagers[game.house_edge_per].initial)
    bet_without = float(solved.analysis.average_total_bet) * unit
    return share_estimate(
        game, others, solved.analysis.house_edge, (gains, extra), changed, bet_without, seed
    )
