"""Paytable-free dealer counts for Caribbean Stud: the slow part of the exact analysis.

For every player hand (up to suit isomorphism: 134,459 classes) and dealer
up-card, count the C(46,4) = 163,185 dealer hole-card sets by outcome: dealer
does not qualify, player wins, tie, dealer wins. Counting uses
inclusion-exclusion over the cards the dealer shares with the player:

    #{dealer hands D ∋ u, D ∩ P = ∅, value(D) < x} = Σ_{S ⊆ P} (-1)^|S| N({u} ∪ S, x)

where N(T, x) counts all five-card hands containing T with value below x. N is
a dense prefix-count table for |T| <= 3, a sorted list of the 48 completions for
|T| = 4, and one hand for |T| = 5. The dense tables are value-major (``c3[x, T]``)
and the classes are counted in order of their value, so the thresholds a block of
classes reads (the dealer's qualifier, the player's value) are a few rows of each
table that stay in the processor's cache. The result is cached on disk (see ``cache``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import BINOMIAL, colex_index, colex_sorted, combinations_array
from casino_sim.evaluator import ace_king_threshold, evaluate_high

__all__ = [
    "DEALER_HOLE_SETS",
    "DealerCounts",
    "PrefixTables",
    "compute_counts",
    "expand_class_masks",
    "lower_bound",
    "pair_counts",
    "prefix_tables",
    "suit_classes",
    "suit_order_and_key",
]

N_VALUES = 7462
DEALER_HOLE_SETS = comb(46, 4)


@dataclass(frozen=True, eq=False)
class DealerCounts:
    """Counts per (player class, up-card); ``lose = DEALER_HOLE_SETS - nq - win - tie``.

    Cells where the up-card is one of the player's cards hold zeros.
    """

    class_keys: np.ndarray  # int64[n_classes]: canonical suit-mask key, sorted
    representatives: np.ndarray  # int8[n_classes, 5]: one hand of each class
    weights: np.ndarray  # int64[n_classes]: hands in each class (sum 2,598,960)
    player_values: np.ndarray  # int32[n_classes]
    no_qualify: np.ndarray  # int32[n_classes, 52]
    win: np.ndarray  # int32[n_classes, 52]
    tie: np.ndarray  # int32[n_classes, 52]

    @cached_property
    def lose(self) -> np.ndarray:
        """int32[n_classes, 52] (read-only, made once)."""
        valid = self.valid_cells()
        lose = np.where(valid, DEALER_HOLE_SETS - self.no_qualify - self.win - self.tie, 0)
        lose.setflags(write=False)
        return lose

    def valid_cells(self) -> np.ndarray:
        """Boolean [n_classes, 52]: the up-card is not one of the player's cards (read-only)."""
        return self._valid

    @cached_property
    def _valid(self) -> np.ndarray:
        valid = np.ones((len(self.weights), 52), dtype=bool)
        np.put_along_axis(valid, self.representatives.astype(np.int64), False, axis=1)
        valid.setflags(write=False)
        return valid


@njit(cache=True)
def suit_order_and_key(
    hand: np.ndarray,
) -> tuple[tuple[int, int, int, int], np.int64]:
    """Suits ordered by (rank mask desc, suit asc) and the canonical key of the hand.

    Scalars only (no array per hand): the expansion of a strategy calls it 2,598,960 times.
    """
    m0 = m1 = m2 = m3 = np.int64(0)
    for card in hand:
        bit = np.int64(1) << (card >> 2)
        suit = card & 3
        if suit == 0:
            m0 |= bit
        elif suit == 1:
            m1 |= bit
        elif suit == 2:
            m2 |= bit
        else:
            m3 |= bit
    # (mask, suit) pairs sorted by mask descending, then suit ascending (a sorting network)
    a, b, c, d = (m0, 0), (m1, 1), (m2, 2), (m3, 3)
    a, b = _before(a, b)
    c, d = _before(c, d)
    a, c = _before(a, c)
    b, d = _before(b, d)
    b, c = _before(b, c)
    key = (((a[0] << 13 | b[0]) << 13 | c[0]) << 13) | d[0]
    return (a[1], b[1], c[1], d[1]), key


@njit(cache=True, inline="always")
def _before(
    x: tuple[np.int64, int], y: tuple[np.int64, int]
) -> tuple[tuple[np.int64, int], tuple[np.int64, int]]:
    """``x, y`` in suit order: the larger rank mask first, the smaller suit on equal masks."""
    if y[0] > x[0] or (y[0] == x[0] and y[1] < x[1]):
        return y, x
    return x, y


@njit(cache=True)
def _canonical_keys(
    hands: np.ndarray,
    out: np.ndarray,
) -> None:
    for i in range(hands.shape[0]):
        _, out[i] = suit_order_and_key(hands[i])


@njit(cache=True)
def expand_class_masks(
    hands: np.ndarray,
    class_keys: np.ndarray,
    suit_words: np.ndarray,
    spread: np.ndarray,
    out: np.ndarray,
) -> None:
    """Map each hand to its class and carry the class's up-card bits through the suit relabelling.

    ``suit_words[c, p]`` holds, as 13 rank bits, the up-cards of class ``c``'s representative
    in the suit at position ``p`` of its suit order; ``spread[w]`` moves rank bit ``k`` of ``w``
    to bit ``4 k`` (a card's bit for suit 0), so each suit is four operations, not 13.
    """
    for i in range(hands.shape[0]):
        order, key = suit_order_and_key(hands[i])
        c = np.searchsorted(class_keys, key)
        mask = np.uint64(0)
        for position in range(4):
            mask |= spread[suit_words[c, position]] << np.uint64(order[position])
        out[i] = mask


def suit_classes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Suit-isomorphism classes of five-card hands: keys, one row index per class,
    class sizes, and the class of each hand."""
    keys = np.empty(len(hands), dtype=np.int64)
    _canonical_keys(hands, keys)
    class_keys, first, inverse, sizes = np.unique(
        keys, return_index=True, return_inverse=True, return_counts=True
    )
    return class_keys, first, sizes.astype(np.int64), inverse


@njit(cache=True)
def _build_prefix_tables(
    hands: np.ndarray,
    values: np.ndarray,
    binomial: np.ndarray,
    c1: np.ndarray,
    c2: np.ndarray,
    c3: np.ndarray,
    s4: np.ndarray,
    s4_fill: np.ndarray,
) -> None:
    """Histograms of hands containing each 1-, 2-, 3-card set by value (value-major: row v
    of ``c3`` holds every 3-card set), and 4-set completions."""
    sub = np.empty(4, dtype=np.int64)
    for i in range(hands.shape[0]):
        h = hands[i]
        v = values[i] + 1  # row v+1 so an exclusive prefix sum gives "value < x"
        for a in range(5):
            c1[v, h[a]] += 1
            for b in range(a + 1, 5):
                sub[0], sub[1] = h[a], h[b]
                c2[v, colex_sorted(sub, 2, binomial)] += 1
                for c in range(b + 1, 5):
                    sub[2] = h[c]
                    c3[v, colex_sorted(sub, 3, binomial)] += 1
        for skip in range(5):
            n = 0
            for j in range(5):
                if j != skip:
                    sub[n] = h[j]
                    n += 1
            row = colex_sorted(sub, 4, binomial)
            s4[row, s4_fill[row]] = values[i]
            s4_fill[row] += 1


@njit(cache=True, inline="always")
def lower_bound(row: np.ndarray, start: int, end: int, t: int) -> int:
    """The first place in ``row[start:end]`` (ascending) holding ``t`` or more."""
    lo, hi = np.int64(start), np.int64(end)
    while lo < hi:
        mid = (lo + hi) >> 1
        if row[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    return int(lo)


class PrefixTables(NamedTuple):
    """N(T, x): the five-card hands containing a card set ``T`` with value below ``x``, by
    the size of ``T`` (sets by colex index; built by :func:`compute_counts`)."""

    values5: np.ndarray  #: int16[2598960]: each hand's value, by colex index (|T| = 5)
    binomial: np.ndarray  #: int64[53, 7]: ``C(n, k)`` for the colex index
    c1: np.ndarray  #: int32[7463, 52]: ``c1[x, card]`` hands with the card below ``x``
    c2: np.ndarray  #: int32[7463, 1326]: the same for each 2-card set
    c3: np.ndarray  #: int16[7463, 22100]: the same for each 3-card set
    s4: np.ndarray  #: int16[270725, 48]: the 48 completions' values of each 4-card set, sorted


@njit(cache=True, inline="always")
def _hands_below(prefix: PrefixTables, k: int, idx: int, x: int) -> int:
    """N(T, x): the five-card hands holding the ``k`` cards of colex index ``idx`` below ``x``."""
    if k == 1:
        return int(prefix.c1[x, idx])
    if k == 2:
        return int(prefix.c2[x, idx])
    if k == 3:
        return int(prefix.c3[x, idx])
    if k == 4:
        return lower_bound(prefix.s4[idx], 0, prefix.s4.shape[1], x)
    return 1 if prefix.values5[idx] < x else 0


def prefix_tables(hands: np.ndarray, values: np.ndarray) -> PrefixTables:
    """The tables of every five-card hand ``hands`` (all of an n-card deck, positions) with
    ``values`` (int16, high values: 0..7461)."""
    n = int(hands.max()) + 1
    c1 = np.zeros((N_VALUES + 1, n), dtype=np.int32)
    c2 = np.zeros((N_VALUES + 1, comb(n, 2)), dtype=np.int32)
    c3 = np.zeros((N_VALUES + 1, comb(n, 3)), dtype=np.int16)
    s4 = np.zeros((comb(n, 4), n - 4), dtype=np.int16)
    _build_prefix_tables(hands, values, BINOMIAL, c1, c2, c3, s4, np.zeros(comb(n, 4), np.int64))
    for table in (c1, c2, c3):
        np.cumsum(table, axis=0, out=table)
    s4.sort(axis=1)
    values5 = np.empty(len(hands), dtype=np.int16)
    values5[colex_index(hands)] = values
    return PrefixTables(values5=values5, binomial=BINOMIAL, c1=c1, c2=c2, c3=c3, s4=s4)


@njit(cache=True)
def pair_counts(
    player: np.ndarray, a: int, b: int, thresholds: np.ndarray, prefix: PrefixTables,
    out: np.ndarray,
) -> None:  # fmt: skip
    """Dealer hands holding cards ``a`` < ``b`` (an up card and a hole card seen) and none of
    ``player`` (int64[5], sorted) below each of the three ``thresholds``, to ``out``
    (int64[3]): inclusion-exclusion over the player's cards, at most three of them beside the
    two (the dealer holds five)."""
    binomial = prefix.binomial
    t = np.empty(5, dtype=np.int64)
    for j in range(3):
        out[j] = 0
    for subset in range(32):
        size = 0
        for j in range(5):
            size += subset >> j & 1
        if size > 3:
            continue
        k = 0  # T = {a, b} and the subset's cards, sorted (insertion)
        for card in (a, b):
            t[k] = card
            k += 1
        for j in range(5):
            if subset >> j & 1:
                t[k] = player[j]
                i = k
                while i > 0 and t[i - 1] > t[i]:
                    t[i - 1], t[i] = t[i], t[i - 1]
                    i -= 1
                k += 1
        sign = -1 if size & 1 else 1
        idx = colex_sorted(t, k, binomial)
        for j in range(3):
            out[j] += sign * _hands_below(prefix, k, idx, thresholds[j])


class DealerCells(NamedTuple):
    """The counts by (player class, up-card) :func:`_all_cells` fills (int32[classes, 52])."""

    no_qualify: np.ndarray
    win: np.ndarray
    tie: np.ndarray


@njit(cache=True)
def _cell_counts(
    player: np.ndarray,
    up: int,
    thresholds: np.ndarray,
    prefix: PrefixTables,
    out: np.ndarray,
) -> None:
    """Dealer hands containing ``up`` and none of ``player`` (int64[5], sorted) below each of
    the three ``thresholds``, to ``out`` (int64[3])."""
    binomial = prefix.binomial
    t = np.empty(6, dtype=np.int64)
    for j in range(3):
        out[j] = 0
    for subset in range(31):  # every S ⊆ P except all five cards
        k = 0
        inserted = False
        for j in range(5):
            if subset >> j & 1:
                card = player[j]
                if not inserted and up < card:
                    t[k] = up
                    k += 1
                    inserted = True
                t[k] = card
                k += 1
        if not inserted:
            t[k] = up
            k += 1
        sign = -1 if (k - 1) & 1 else 1
        idx = colex_sorted(t, k, binomial)
        for j in range(3):
            out[j] += sign * _hands_below(prefix, k, idx, thresholds[j])


@njit(cache=True, parallel=True)
def _all_cells(
    order: np.ndarray,
    reps: np.ndarray,
    player_values: np.ndarray,
    akt: int,
    prefix: PrefixTables,
    cells: DealerCells,
) -> None:
    """Count the cells of the classes ``order`` names: ``reps`` (int8[classes, 5]) one hand
    of each class, ``player_values`` its value, ``akt`` the dealer's qualifier."""
    nq, win, tie = cells.no_qualify, cells.win, cells.tie
    for q in prange(order.shape[0]):  # the classes ``order`` names (by value)
        i = order[q]
        player = reps[i].astype(np.int64)
        for a in range(1, 5):  # sorted (insertion, five distinct cards: not numba's np.sort)
            b = a
            while b > 0 and player[b - 1] > player[b]:
                player[b - 1], player[b] = player[b], player[b - 1]
                b -= 1
        v = player_values[i]
        thresholds = np.array([akt, v, v + 1], dtype=np.int64)
        out = np.empty(3, dtype=np.int64)
        for up in range(52):
            held = False
            for card in player:
                if card == up:
                    held = True
            if held:
                continue
            _cell_counts(player, up, thresholds, prefix, out)
            below_akt, below_v, at_most_v = out[0], out[1], out[2]
            nq[i, up] = below_akt
            if v >= akt:
                win[i, up] = below_v - below_akt
                tie[i, up] = at_most_v - below_v


def compute_counts(
    *,
    progress: Callable[[int, int], None] | None = None,
    blocks: int = 40,
    qualifier: int | None = None,
) -> DealerCounts:
    """Compute the dealer counts from scratch (about a minute on two cores).

    ``progress(done, total)`` is called after each of ``blocks`` blocks of classes;
    ``qualifier``: the least high value of a qualifying dealer hand (default: ace-king).
    """
    hands = combinations_array(52, 5)
    values = evaluate_high(hands, validate=False).astype(np.int16)
    prefix = prefix_tables(hands, values)
    class_keys, first, sizes, _ = suit_classes(hands)
    reps = hands[first]
    player_values = values[first].astype(np.int32)
    n = len(reps)
    nq, win, tie = (np.zeros((n, 52), dtype=np.int32) for _ in range(3))
    akt = ace_king_threshold() if qualifier is None else qualifier
    by_value = np.argsort(player_values, kind="stable")
    edges = np.linspace(0, n, blocks + 1).astype(int)
    cells = DealerCells(no_qualify=nq, win=win, tie=tie)
    for b in range(blocks):
        block = by_value[edges[b] : edges[b + 1]]
        _all_cells(block, reps, player_values, akt, prefix, cells)
        if progress is not None:
            progress(b + 1, blocks)
    outcomes = nq.astype(np.int64) + win + tie
    if (nq < 0).any() or (win < 0).any() or (tie < 0).any() or (outcomes > DEALER_HOLE_SETS).any():
        raise AssertionError("inclusion-exclusion produced an impossible count")
    return DealerCounts(class_keys, reps, sizes, player_values, nq, win, tie)
