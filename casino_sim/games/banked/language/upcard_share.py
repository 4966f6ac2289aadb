"""What a leak is worth at a game with a dealer card face up, sampled: the player sees ``K``
other players' hands besides the up card (Caribbean Stud, Four Card Poker: ``--leak share:K``)
or hidden dealer cards besides it (Four Card Poker: ``--leak dealer:N``).

Deals are drawn (``samples`` of them, with ``seed``): the player's hand, the others' hands,
the up card and the hidden dealer cards seen; each is valued exactly over every hand the dealer can still hold (its hidden
cards from the cards nobody at the table has seen: at Caribbean Stud's full table of seven,
1,820 hands of 16 cards, with one other hand 101,270 of 41; at Four Card Poker, five hidden
cards, 749,398 hands of 41 with one other hand), the best action taken on those counts, and
its gain over the action without the leak (the solver's optimal strategy, whose edge is exact)
averaged: a control variate, since the leak changes the decision on few deals. The result is
sampled, with its 95% interval (:class:`~.leak_kinds.SampledLeak`).

>>> from casino_sim.config import load_banked_game
>>> deck = tuple(range(36, 52))  # jacks to aces
>>> share = sample_upcard_leak(load_banked_game("banked/caribbean_stud"), Leak("share", 1), deck, 2000, 1)
>>> share.house_edge < float(share.house_edge_without)
True
"""

from __future__ import annotations

import logging
from functools import cache
from math import comb

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import BINOMIAL, colex_index
from casino_sim.config.banked_game import BankedGame
from casino_sim.engine.durations import duration
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import Deck, meets
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.kernels import next_combination
from casino_sim.games.banked.language.leak_kinds import (
    DEFAULT_SAMPLES,
    Leak,
    SampledLeak,
    check_others_fit,
    check_samples,
    share_estimate,
)
from casino_sim.games.banked.language.nets import NetsByValue, best_action
from casino_sim.games.banked.language.upcard import SHAPES, check_upcard, showdown_bucket
from casino_sim.games.banked.language.upcard_six import best_of_sizes

__all__ = ["sample_upcard_leak"]

log = logging.getLogger("casino_sim.leak")
#: Dealer hands valued per second on the reference 2-core machine, and the time each drawn
#: deal costs besides (measured 2026-11-28: Caribbean Stud's full table, 200,000 deals of 1,820
#: hands, 15 s; one other hand, 20,000 deals of 101,270 hands, 17 s; Four Card Poker's, 2,000
#: deals of 749,398 hands, 12 s).
HANDS_PER_SECOND = 125_000_000
SECONDS_PER_DEAL = 60e-6


@njit(cache=True, parallel=True)
def _hidden_counts(
    mine: np.ndarray, fixed: np.ndarray, unseen: np.ndarray, hidden: int, theirs: np.ndarray,
    qualifies: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """Per drawn deal (the player's value ``mine``, the dealer cards the player knows
    ``fixed`` int64[deals, f] and the cards nobody saw ``unseen`` int64[deals, m], each
    ascending) every ``hidden`` hidden cards of the dealer by showdown bucket into ``out``
    int64[deals, 4] (:func:`~.upcard.showdown_bucket`; the dealer's values ``theirs`` by the
    colex index of the known cards with the hidden ones)."""
    m, f = unseen.shape[1], fixed.shape[1]
    for s in prange(unseen.shape[0]):
        rest, known = unseen[s], fixed[s]
        idx = np.arange(hidden)
        more = True
        while more:
            index = 0
            i = j = 0
            for p in range(hidden + f):  # the known cards merged with the hidden ones
                if i < f and (j == hidden or known[i] < rest[idx[j]]):
                    index += BINOMIAL[known[i], p + 1]
                    i += 1
                else:
                    index += BINOMIAL[rest[idx[j]], p + 1]
                    j += 1
            value = theirs[index]
            out[s, showdown_bucket(mine[s], value, qualifies[value])] += 1
            more = next_combination(idx, m)


@cache
def _hand_values(ranking: str, deck: Deck) -> tuple[np.ndarray, np.ndarray]:
    """The player's hand values by the colex index of his cards and the dealer's by the colex
    index of hers, each the best of the ranking's size (Four Card Poker: the best four of five
    and of six, :func:`~.upcard_six.best_of_larger`)."""
    player, dealer, use = SHAPES[ranking]
    by_size = best_of_sizes(values_of(ranking, deck), len(deck), use, dealer)
    return by_size[player].astype(np.int64), by_size[dealer]


def sample_upcard_leak(
    game: BankedGame, leak: Leak, deck: Deck, samples: int | None, seed: int
) -> SampledLeak:
    """The house edge and element of risk of ``game`` (:mod:`.upcard`'s shape) when the player
    sees ``leak`` (the hands of others, or hidden dealer cards besides the up card), sampled
    (module docstring); ``samples`` by default what about a minute allows (at least 10,000)."""
    from casino_sim.games.banked.language import solve_banked

    check_upcard(game, deck, solver=f"the sampled leak (--leak {leak.label})")
    n, stage, ranking = len(deck), game.stages[0], game.hands["player"].ranking
    others, shown = (leak.cards, 0) if leak.kind == "share" else (0, leak.cards)
    check_others_fit(others, 5, n, 5 + stage.dealer, "the player's and the dealer's")
    hidden = stage.dealer - 1 - shown
    if hidden < 1:
        raise OptionError(
            f"--leak {leak.label}: the dealer holds {stage.dealer - 1} hidden cards; see 1 to "
            f"{stage.dealer - 2} of them"
        )
    hands = comb(n - 5 * (1 + others) - 1 - shown, hidden)
    each = hands / HANDS_PER_SECOND + SECONDS_PER_DEAL
    if samples is None:
        samples = min(max(10_000, int(60 / each)), DEFAULT_SAMPLES)
    check_samples(samples)
    if samples * each > 60:
        log.info(
            "--leak %s: %s deals, each valued over %s dealer hands: about %s here",
            leak.label, f"{samples:,}", f"{hands:,}", duration(samples * each),
        )  # fmt: skip
    solved = solve_banked(game, deck=deck)
    point = solved.strategy.points[0]
    without_picks = point.picks[solved.strategy.start]
    key = (others,) if leak.kind == "share" else (0, shown)  # the draws of share:K as before
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key))
    order = np.argsort(rng.random((samples, n)), axis=1)
    at = 5 + 5 * others  # the up card's place in the draw, the dealer cards seen after it
    own, up = np.sort(order[:, :5], axis=1), order[:, at]
    fixed = np.ascontiguousarray(np.sort(order[:, at : at + 1 + shown], axis=1))
    player_values, dealer_values = _hand_values(ranking, deck)
    mine = player_values[colex_index(own)]
    counts = np.zeros((samples, 4), dtype=np.int64)
    unseen = np.ascontiguousarray(np.sort(order[:, at + 1 + shown :], axis=1))
    _hidden_counts(mine, fixed, unseen, hidden, dealer_values, meets(game.qualifier, ranking),
                   counts)  # fmt: skip
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
        game, leak, solved.analysis.house_edge, (gains, extra), changed, bet_without, seed
    )
