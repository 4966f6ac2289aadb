"""The compiled loops of the banked-game solver: moving sums between card-set sizes, showdowns.

Sets of ``k`` cards of an ``n``-card deck are indexed colexicographically
(``BINOMIAL``, :mod:`casino_sim.combinatorics`). Arrays shaped ``(C(n, k), W)``
hold ``W`` columns (money states, lines) per set.

* :func:`scatter_down`: ``out[S] += values[X]`` for every ``X`` of ``big`` cards
  and each ``S`` of ``small`` cards inside it: the sum over the completions of
  ``S`` (expected values, backward induction).
* :func:`gather_up`: ``out[X] += values[S]`` for the same pairs: how many deals
  reach ``X`` (the forward pass).
* :func:`showdown_counts`: for each player hand, the dealer hands (of the cards
  left) that do not qualify, lose to it, tie it and beat it.
* :func:`best_of_histogram`: for every ``big``-card set the best value of its
  ``small``-card subsets, counted by value (a best-five-of-six side bet).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

__all__ = [
    "DealerHands",
    "best_of_histogram",
    "gather_up",
    "next_combination",
    "scatter_counts",
    "scatter_down",
    "seen_card_counts",
    "shared_counts",
    "showdown_counts",
    "subset_patterns",
]


def subset_patterns(big: int, small: int) -> np.ndarray:
    """The positions of each ``small``-subset of ``big`` sorted cards, shape (C(big, small), small)."""
    from itertools import combinations

    return np.array(list(combinations(range(big), small)), dtype=np.int64).reshape(-1, small)


@njit(cache=True)
def next_combination(idx: np.ndarray, n: int) -> bool:
    """Advance ``idx`` (ascending) to the next combination of range(n) in colex order (the order
    of the colex index, so the sets a loop touches stay close in memory); False after the last."""
    k = idx.shape[0]
    for j in range(k):
        limit = idx[j + 1] if j + 1 < k else n
        if idx[j] + 1 < limit:
            idx[j] += 1
            for m in range(j):
                idx[m] = m
            return True
    return False


@njit(cache=True, inline="always")
def _fill_subsets(
    idx: np.ndarray, patterns: np.ndarray, binomial: np.ndarray, subs: np.ndarray
) -> int:
    """The colex index of the set ``idx`` (returned) and of each of its subsets in ``patterns``
    (into ``subs``); one card fewer (the common case) by prefix and suffix sums."""
    big = idx.shape[0]
    small = patterns.shape[1]
    x = 0
    for j in range(big):
        x += binomial[idx[j], j + 1]
    if small == big - 1:
        below = 0
        for j in range(1, big):
            below += binomial[idx[j], j]
        for i in range(big):  # drop card i: cards before keep their place, cards after move down
            subs[big - 1 - i] = below
            if i + 1 < big:
                below += binomial[idx[i], i + 1] - binomial[idx[i + 1], i + 1]
        return x
    for p in range(patterns.shape[0]):
        s = 0
        for j in range(small):
            s += binomial[idx[patterns[p, j]], j + 1]
        subs[p] = s
    return x


@njit(cache=True)
def scatter_down(
    values: np.ndarray,
    n: int,
    big: int,
    patterns: np.ndarray,
    binomial: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[S, :] += values[X, :]`` for each ``big``-card set X of the ``n`` cards and each
    subset S of X given by ``patterns`` (positions in X)."""
    idx = np.arange(big)
    subs = np.empty(patterns.shape[0], dtype=np.int64)
    width = values.shape[1]
    more = True
    while more:
        x = _fill_subsets(idx, patterns, binomial, subs)
        for p in range(subs.shape[0]):
            s = subs[p]
            for w in range(width):
                out[s, w] += values[x, w]
        more = next_combination(idx, n)


@njit(cache=True)
def gather_up(
    values: np.ndarray,
    n: int,
    big: int,
    patterns: np.ndarray,
    binomial: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[X, :] += values[S, :]`` for each ``big``-card set X and each subset S of X given by
    ``patterns``."""
    idx = np.arange(big)
    subs = np.empty(patterns.shape[0], dtype=np.int64)
    width = values.shape[1]
    more = True
    while more:
        x = _fill_subsets(idx, patterns, binomial, subs)
        for p in range(subs.shape[0]):
            s = subs[p]
            for w in range(width):
                out[x, w] += values[s, w]
        more = next_combination(idx, n)


@njit(cache=True)
def scatter_counts(
    codes: np.ndarray,
    n: int,
    big: int,
    patterns: np.ndarray,
    binomial: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[S, codes[X]] += 1`` for each ``big``-card set X and each subset S of X given by
    ``patterns``: how many completions of S end in each class (``codes``: by colex index of X)."""
    idx = np.arange(big)
    subs = np.empty(patterns.shape[0], dtype=np.int64)
    more = True
    while more:
        x = _fill_subsets(idx, patterns, binomial, subs)
        code = codes[x]
        for p in range(subs.shape[0]):
            out[subs[p], code] += 1
        more = next_combination(idx, n)


class DealerHands(NamedTuple):
    """Every dealer hand of the deck: ``masks`` (int64 bit per deck position), ``values``
    (int64, the dealer's hand value) and ``qualifies`` (bool), each shaped (n_hands,)."""

    masks: np.ndarray
    values: np.ndarray
    qualifies: np.ndarray


@njit(cache=True)
def showdown_counts(
    player_masks: np.ndarray, player_values: np.ndarray, dealer: DealerHands, out: np.ndarray
) -> None:
    """``out[i] = (not qualified, player wins, tie, dealer wins)`` over the dealer hands that
    share no card with player hand ``i`` (``player_masks``, ``player_values``: shape (n,))."""
    for i in range(player_masks.shape[0]):
        mask = player_masks[i]
        value = player_values[i]
        nq = 0
        win = 0
        tie = 0
        lose = 0
        for d in range(dealer.masks.shape[0]):
            if dealer.masks[d] & mask:
                continue
            if not dealer.qualifies[d]:
                nq += 1
            elif dealer.values[d] < value:
                win += 1
            elif dealer.values[d] == value:
                tie += 1
            else:
                lose += 1
        out[i, 0] = nq
        out[i, 1] = win
        out[i, 2] = tie
        out[i, 3] = lose


@njit(cache=True)
def seen_card_counts(
    player_masks: np.ndarray,
    player_values: np.ndarray,
    dealer: DealerHands,
    seen: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[i, s]`` += the outcome counts of :func:`showdown_counts`, split by the set ``s``
    of the dealer's cards the player sees: ``seen[d, j]`` is the colex index of the ``j``-th
    such set of dealer hand ``d``, so each dealer hand counts once per set that can be seen."""
    for i in range(player_masks.shape[0]):
        mask = player_masks[i]
        value = player_values[i]
        for d in range(dealer.masks.shape[0]):
            if dealer.masks[d] & mask:
                continue
            if not dealer.qualifies[d]:
                bucket = 0
            elif dealer.values[d] < value:
                bucket = 1
            elif dealer.values[d] == value:
                bucket = 2
            else:
                bucket = 3
            for j in range(seen.shape[1]):
                out[i, seen[d, j], bucket] += 1


@njit(cache=True)
def best_of_histogram(
    values: np.ndarray,
    n: int,
    big: int,
    patterns: np.ndarray,
    binomial: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[v] += 1`` for each ``big``-card set X whose best subset (``patterns``) has the value
    ``v`` (``values``: by colex index of the subsets)."""
    idx = np.arange(big)
    subs = np.empty(patterns.shape[0], dtype=np.int64)
    more = True
    while more:
        _fill_subsets(idx, patterns, binomial, subs)
        best = -1
        for p in range(subs.shape[0]):
            if values[subs[p]] > best:
                best = values[subs[p]]
        out[best] += 1
        more = next_combination(idx, n)


class ShareTables(NamedTuple):
    """The dealer hands of one class of player hands, for :func:`shared_counts`: their outcome
    counts (does not qualify, loses, ties, wins) in all (``total``, shape (4,)), by each card
    they hold (``by_card``, (n, 4)) and each pair (``by_pair``, (C(n, 2), 4), colex); and for a
    three-card dealer hand the bucket it has against the player's hand, by its colex index
    (``bucket``, -1 where it holds a card of the player's)."""

    total: np.ndarray
    by_card: np.ndarray
    by_pair: np.ndarray
    bucket: np.ndarray


@njit(cache=True)
def shared_counts(tables: ShareTables, dealer: int, seen: np.ndarray, out: np.ndarray) -> None:
    """``out[i]`` = the outcome counts over the dealer hands holding no card of ``seen[i]``
    (deck positions, increasing) by inclusion-exclusion: all, less those holding a seen card,
    plus those holding two, less (three-card dealer hands) those made of three."""
    total, by_card, by_pair, bucket = tables
    m = seen.shape[1]
    for i in range(seen.shape[0]):
        for b in range(4):
            out[i, b] = total[b]
        for a in range(m):
            for b in range(4):
                out[i, b] -= by_card[seen[i, a], b]
        if dealer < 2:
            continue
        for a in range(m):
            x = seen[i, a]
            for c in range(a + 1, m):
                y = seen[i, c]
                pair = y * (y - 1) // 2 + x
                for b in range(4):
                    out[i, b] += by_pair[pair, b]
                if dealer < 3:
                    continue
                for d in range(c + 1, m):
                    z = seen[i, d]
                    hand = z * (z - 1) * (z - 2) // 6 + pair
                    out[i, bucket[hand]] -= 1
