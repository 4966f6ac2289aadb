"""Counts of six-card dealer hands with one card face up against five player cards (Four Card
Poker): inclusion-exclusion over the player's cards, on tables of the 52 cards' six-card hands.

For a player hand ``P`` (one per suit class) of value ``x`` and an up card ``u``, the dealer's
hands hold ``u`` and five of the 46 other cards (1,370,754); the number below a value ``t`` is

    Σ_{S ⊆ P} (-1)^|S| N(S ∪ {u}, t)

where ``N(T, t)`` counts the six-card hands of the 52 cards that hold ``T`` with value below
``t``. ``N`` is a dense prefix table by value for ``|T| <= 3``, a table of completions by value
bucket for ``|T| = 4`` (each set's 1,128 completion values grouped in buckets of about equal
weight, sorted, with the buckets' starts: a count is a bucket's start and a binary search in
it), the 47 completion values for ``|T| = 5`` (a scan) and the hand itself for
``|T| = 6``. The five-card sets' completions are read from the six-card hands' values, the
other tables from them. A hand's value is its ranking's best (e.g. the best four of six), made
from the values of the ranking's own size by dropping one card at a time. The tables take
about 1.1 GB while the counts are made, and the classes are counted in order of value so that
a block of them reads a few rows of the dense tables.

>>> from casino_sim.combinatorics import BINOMIAL
>>> values4 = np.arange(5, dtype=np.int16)  # the five 4-sets of a 5-card deck, by colex index
>>> out = np.empty(1, dtype=np.int16)
>>> best_of_larger(values4, 5, 5, BINOMIAL, out)  # the one 5-set: its best 4-set
>>> out.tolist()
[4]
"""

from __future__ import annotations

from math import comb
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import BINOMIAL, colex_sorted
from casino_sim.dealer_counts.counts import lower_bound

__all__ = ["SixTables", "best_of_larger", "best_of_sizes", "six_card_counts", "six_tables"]

#: Value buckets of the four-card sets' completion lists.
BUCKETS = 128
#: Blocks of work a parallel loop is cut into (about equal, whatever the sizes of the sets).
BLOCKS = 512
DEALER_CARDS = 6
PLAYER_CARDS = 5
DECK = 52
#: The dealer's hidden hands: five of the 46 cards left.
HIDDEN = comb(DECK - PLAYER_CARDS - 1, DEALER_CARDS - 1)


@njit(cache=True)
def _unrank(index: int, k: int, binomial: np.ndarray, out: np.ndarray) -> None:
    """The ``k`` ascending cards of colex index ``index`` into ``out[:k]``."""
    rest = index
    for j in range(k, 0, -1):
        c = j - 1
        while binomial[c + 1, j] <= rest:
            c += 1
        out[j - 1] = c
        rest -= binomial[c, j]


@njit(cache=True, inline="always")
def _advance(cards: np.ndarray, k: int, n: int) -> None:
    """The next ``k``-set of ``n`` cards in colex order (``cards`` ascending)."""
    j = 0
    while j < k - 1 and cards[j] + 1 == cards[j + 1]:
        cards[j] = j
        j += 1
    cards[j] += 1


@njit(cache=True, parallel=True)
def best_of_larger(
    values: np.ndarray, n: int, k: int, binomial: np.ndarray, out: np.ndarray
) -> None:
    """The best value of every ``k``-set of ``n`` cards (``out``, by colex index) from the
    values of the ``k - 1``-sets (``values``, by colex index): the best with one card dropped."""
    total = out.shape[0]
    for block in prange(BLOCKS):
        first, last = total * block // BLOCKS, total * (block + 1) // BLOCKS
        if first >= last:
            continue
        cards = np.empty(k, dtype=np.int64)
        _unrank(first, k, binomial, cards)
        for index in range(first, last):
            best = -1
            for drop in range(k):
                sub = 0
                for j in range(k):
                    if j < drop:
                        sub += binomial[cards[j], j + 1]
                    elif j > drop:
                        sub += binomial[cards[j], j]
                best = max(best, values[sub])
            out[index] = best
            if index + 1 < last:
                _advance(cards, k, n)


class SixTables(NamedTuple):
    """``N(T, t)``, the six-card hands holding a card set ``T`` below value ``t``, by ``|T|``
    (sets by colex index; ``t`` in 0..values)."""

    values6: np.ndarray  #: int16[20358520]: each six-card hand's value (|T| = 6)
    c1: np.ndarray  #: int32[values + 1, 52]: ``c1[t, card]`` hands holding the card below t
    c2: np.ndarray  #: int32[values + 1, 1326]: the same for each 2-card set
    c3: np.ndarray  #: uint16[values + 1, 22100]: the same for each 3-card set
    bucket_of: np.ndarray  #: int64[values + 1]: the bucket a value ``t`` reads (|T| = 4)
    starts: np.ndarray  #: uint16[BUCKETS + 1, 270725]: where each bucket starts in ``s4``
    s4: np.ndarray  #: int16[270725, 1128]: each 4-card set's completion values by bucket
    s5: np.ndarray  #: int16[2598960, 47]: each 5-card set's completion values
    binomial: np.ndarray  #: int64[53, 7]: ``C(n, k)`` for the colex index


@njit(cache=True, inline="always")
def _others(cards: np.ndarray, k: int, out: np.ndarray) -> None:
    """The cards of the deck not among the ``k`` ascending ``cards``, ascending, into ``out``."""
    j = 0
    m = 0
    for c in range(DECK):
        if j < k and cards[j] == c:
            j += 1
        else:
            out[m] = c
            m += 1


@njit(cache=True, inline="always")
def _merged_index(
    cards: np.ndarray, k: int, extra: np.ndarray, e: int, binomial: np.ndarray
) -> int:
    """The colex index of the ``k`` ascending ``cards`` with the ``e`` ascending ``extra``."""
    total = 0
    i = 0
    j = 0
    for p in range(k + e):
        if j >= e or (i < k and cards[i] < extra[j]):
            total += binomial[cards[i], p + 1]
            i += 1
        else:
            total += binomial[extra[j], p + 1]
            j += 1
    return total


@njit(cache=True, parallel=True)
def _completions5(values6: np.ndarray, binomial: np.ndarray, s5: np.ndarray) -> None:
    """Each five-card set's completion values (in the order of the other cards)."""
    total = s5.shape[0]
    for block in prange(BLOCKS):
        first, last = total * block // BLOCKS, total * (block + 1) // BLOCKS
        if first >= last:
            continue
        cards = np.empty(5, dtype=np.int64)
        others = np.empty(DECK - 5, dtype=np.int64)
        one = np.empty(1, dtype=np.int64)
        _unrank(first, 5, binomial, cards)
        for t in range(first, last):
            _others(cards, 5, others)
            for a in range(DECK - 5):
                one[0] = others[a]
                s5[t, a] = values6[_merged_index(cards, 5, one, 1, binomial)]
            if t + 1 < last:
                _advance(cards, 5, DECK)


@njit(cache=True, inline="always")
def _place(card: int, cards: np.ndarray, k: int) -> int:
    """Where ``card`` (above the largest ``k - 1`` of ``cards``' extra cards) sits among the
    cards not in the ``k`` ascending ``cards``: its rank minus the cards below it."""
    below = 0
    for j in range(k):
        if cards[j] < card:
            below += 1
    return card - below


@njit(cache=True, parallel=True)
def _completions4(
    s5: np.ndarray, bucket_of: np.ndarray, binomial: np.ndarray, starts: np.ndarray,
    s4: np.ndarray,
) -> None:  # fmt: skip
    """Each four-card set's completion values, ascending (a counting sort), and where each
    value bucket starts among them (the hand of the set and cards ``a < b`` read in the
    completions of the set and ``a``)."""
    total = s4.shape[0]
    n_values = bucket_of.shape[0] - 1
    for block in prange(BLOCKS):
        first, last = total * block // BLOCKS, total * (block + 1) // BLOCKS
        if first >= last:
            continue
        cards = np.empty(4, dtype=np.int64)
        five = np.empty(5, dtype=np.int64)
        others = np.empty(DECK - 4, dtype=np.int64)
        hist = np.empty(n_values, dtype=np.int32)
        _unrank(first, 4, binomial, cards)
        for t in range(first, last):
            _others(cards, 4, others)
            hist[:] = 0
            for a in range(DECK - 4):
                card = others[a]
                k = 0  # the set and ``card``, ascending
                for j in range(4):
                    if card < cards[j] and k == j:
                        five[k] = card
                        k += 1
                    five[k] = cards[j]
                    k += 1
                if k == 4:
                    five[4] = card
                row = s5[colex_sorted(five, 5, binomial)]
                for b in range(a + 1, DECK - 4):
                    hist[row[_place(others[b], five, 5)]] += 1
            p = 0
            q = 0
            starts[t, 0] = 0
            for v in range(n_values):
                while q < bucket_of[v]:
                    q += 1
                    starts[t, q] = p
                for _ in range(hist[v]):
                    s4[t, p] = v
                    p += 1
            while q < BUCKETS:
                q += 1
                starts[t, q] = p
            if t + 1 < last:
                _advance(cards, 4, DECK)


@njit(cache=True, parallel=True)
def _prefix3(s5: np.ndarray, binomial: np.ndarray, c3: np.ndarray) -> None:
    """``c3``: each three-card set's hands below each value (the hand of the set and cards
    ``a < b < c`` read in the completions of the set, ``a`` and ``b``)."""
    n = c3.shape[0]
    for t in prange(n):
        cards = np.empty(3, dtype=np.int64)
        two = np.empty(2, dtype=np.int64)
        five = np.empty(5, dtype=np.int64)
        others = np.empty(DECK - 3, dtype=np.int64)
        _unrank(t, 3, binomial, cards)
        _others(cards, 3, others)
        hist = np.zeros(c3.shape[1], dtype=np.int64)
        for a in range(DECK - 3):
            two[0] = others[a]
            for b in range(a + 1, DECK - 3):
                two[1] = others[b]
                i = j = 0
                for p in range(5):  # the set and ``a``, ``b``, ascending
                    if j >= 2 or (i < 3 and cards[i] < two[j]):
                        five[p] = cards[i]
                        i += 1
                    else:
                        five[p] = two[j]
                        j += 1
                row = s5[colex_sorted(five, 5, binomial)]
                for c in range(b + 1, DECK - 3):
                    hist[row[_place(others[c], five, 5)] + 1] += 1
        running = 0
        for x in range(c3.shape[1]):
            running += hist[x]
            c3[t, x] = running


@njit(cache=True, parallel=True)
def _prefix_down(larger: np.ndarray, k: int, binomial: np.ndarray, out: np.ndarray) -> None:
    """``out`` for the ``k``-card sets from ``larger`` (the ``k + 1``-card sets): each hand
    holding a ``k``-set is counted by ``6 - k`` of its supersets."""
    for t in prange(out.shape[0]):
        cards = np.empty(k, dtype=np.int64)
        one = np.empty(1, dtype=np.int64)
        others = np.empty(DECK - k, dtype=np.int64)
        _unrank(t, k, binomial, cards)
        _others(cards, k, others)
        acc = np.zeros(out.shape[1], dtype=np.int64)
        for a in range(DECK - k):
            one[0] = others[a]
            row = larger[_merged_index(cards, k, one, 1, binomial)]
            for x in range(out.shape[1]):
                acc[x] += row[x]
        for x in range(out.shape[1]):
            out[t, x] = acc[x] // (DEALER_CARDS - k)


@njit(cache=True, parallel=True)
def _transpose(table: np.ndarray, out: np.ndarray) -> None:
    """``out`` = ``table`` transposed, in tiles (both stay in the cache)."""
    tile = 64
    rows, cols = table.shape
    for block in prange((rows + tile - 1) // tile):
        r0 = block * tile
        for c0 in range(0, cols, tile):
            for r in range(r0, min(r0 + tile, rows)):
                for c in range(c0, min(c0 + tile, cols)):
                    out[c, r] = table[r, c]


def best_of_sizes(values: np.ndarray, n: int, size: int, largest: int) -> dict[int, np.ndarray]:
    """The best value of every set of ``size`` to ``largest`` of ``n`` cards (by size, each by
    colex index) from the values of the ``size``-sets (:func:`best_of_larger` a size at a time).

    >>> best_of_sizes(np.arange(5, dtype=np.int16), 5, 4, 5)[5].tolist()
    [4]
    """
    by_size = {size: values}
    for k in range(size + 1, largest + 1):
        by_size[k] = np.empty(comb(n, k), dtype=values.dtype)
        best_of_larger(by_size[k - 1], n, k, BINOMIAL, by_size[k])
    return by_size


def six_tables(values4: np.ndarray, n_values: int) -> SixTables:
    """The tables of the 52 cards' six-card hands, each the best of its four-card sets
    (``values4``, by colex index; values 0 .. ``n_values - 1``)."""
    values6 = best_of_sizes(values4.astype(np.int16), DECK, 4, 6)[6]
    weight = np.cumsum(np.bincount(values6, minlength=n_values))
    bucket_of = np.minimum(weight * BUCKETS // (weight[-1] + 1), BUCKETS - 1)
    bucket_of = np.append(bucket_of, BUCKETS - 1).astype(np.int64)
    s5 = np.empty((comb(DECK, 5), DECK - 5), dtype=np.int16)
    _completions5(values6, BINOMIAL, s5)
    starts = np.empty((comb(DECK, 4), BUCKETS + 1), dtype=np.uint16)
    s4 = np.empty((comb(DECK, 4), comb(DECK - 4, 2)), dtype=np.int16)
    _completions4(s5, bucket_of, BINOMIAL, starts, s4)
    c3 = np.empty((comb(DECK, 3), n_values + 1), dtype=np.uint16)
    _prefix3(s5, BINOMIAL, c3)
    c2 = np.empty((comb(DECK, 2), n_values + 1), dtype=np.int32)
    _prefix_down(c3, 2, BINOMIAL, c2)
    c1 = np.empty((DECK, n_values + 1), dtype=np.int32)
    _prefix_down(c2, 1, BINOMIAL, c1)
    # value-major: the classes are counted by value, so a block reads a few rows of each
    by_value = []
    for table in (c1, c2, c3, starts):
        flipped = np.empty(table.shape[::-1], dtype=table.dtype)
        _transpose(table, flipped)
        by_value.append(flipped)
    return SixTables(
        values6, by_value[0], by_value[1], by_value[2], bucket_of, by_value[3], s4, s5, BINOMIAL
    )


@njit(cache=True, inline="always")
def _below4(tables: SixTables, idx: int, t: int) -> tuple[int, int]:
    """``N(T, t)`` and the hands at ``t`` for the four cards of colex index ``idx``: in ``t``'s
    bucket (which holds every hand of value ``t``), a binary search and the run of ``t``."""
    q = tables.bucket_of[t]
    end = int(tables.starts[q + 1, idx])
    row = tables.s4[idx]
    below = lower_bound(row, int(tables.starts[q, idx]), end, t)
    at = below
    while at < end and row[at] == t:
        at += 1
    return below, at - below


@njit(cache=True, inline="always")
def _below_and_at(tables: SixTables, k: int, idx: int, t: int) -> tuple[int, int]:
    """``N(T, t)`` and ``N(T, t + 1) - N(T, t)`` for the ``k`` cards of colex index ``idx``."""
    if k == 1:
        below = int(tables.c1[t, idx])
        return below, int(tables.c1[t + 1, idx]) - below
    if k == 2:
        below = int(tables.c2[t, idx])
        return below, int(tables.c2[t + 1, idx]) - below
    if k == 3:
        below = int(tables.c3[t, idx])
        return below, int(tables.c3[t + 1, idx]) - below
    if k == 4:
        return _below4(tables, idx, t)
    if k == 5:
        below = at = 0
        for v in tables.s5[idx]:
            below += v < t
            at += v == t
        return below, at
    v = tables.values6[idx]
    return int(v < t), int(v == t)


#: The number of cards of each subset (bit mask) of the player's five.
_SIZES = np.array([bin(s).count("1") for s in range(1 << PLAYER_CARDS)], dtype=np.int64)


@njit(cache=True)
def _subset_bases(player: np.ndarray, binomial: np.ndarray, base: np.ndarray) -> None:
    """``base[S, m]``: the colex index of the player's cards of subset ``S`` (five ascending
    cards) with one more card between the ``m``-th and the next (the up card's place): a set's
    index is ``base[S, m] + C(up, m + 1)``."""
    for subset in range(1 << PLAYER_CARDS):
        for m in range(_SIZES[subset] + 1):
            total = 0
            j = 0
            for p in range(PLAYER_CARDS):
                if subset >> p & 1:
                    total += binomial[player[p], j + 1 if j < m else j + 2]
                    j += 1
            base[subset, m] = total


@njit(cache=True)
def _cell(
    base: np.ndarray, lower: int, up: int, threshold: int, tables: SixTables, out: np.ndarray
) -> None:
    """Dealer hands holding ``up`` and none of the player's five cards (``base``:
    :func:`_subset_bases`; ``lower``: how many of them are below ``up``) below ``threshold``
    and at it, into ``out[0]`` and ``out[1]``."""
    out[0] = out[1] = 0
    below_up = (1 << lower) - 1
    for subset in range(1 << PLAYER_CARDS):
        size = _SIZES[subset]
        m = _SIZES[subset & below_up]
        idx = base[subset, m] + tables.binomial[up, m + 1]
        below, at = _below_and_at(tables, size + 1, idx, threshold)
        sign = -1 if size & 1 else 1
        out[0] += sign * below
        out[1] += sign * at


@njit(cache=True, parallel=True)
def _all_cells(
    reps: np.ndarray, values: np.ndarray, least: int, tables: SixTables, counts: np.ndarray
) -> None:
    """Each class's (``reps``: one hand, ascending; ``values``: its value; in order of value)
    dealer hands by bucket per up card into ``counts`` (does not qualify below ``least``,
    player wins, ties, dealer wins). An up card of a suit holding the same ranks of the hand as
    a suit before it has that card's counts (the suits swapped leave the hand unchanged)."""
    for i in prange(reps.shape[0]):
        player = reps[i]
        v = values[i]
        out = np.empty(2, dtype=np.int64)
        masks = np.zeros(4, dtype=np.int64)
        for card in player:
            masks[card & 3] |= 1 << (card >> 2)
        base = np.empty((1 << PLAYER_CARDS, PLAYER_CARDS + 1), dtype=np.int64)
        _subset_bases(player, tables.binomial, base)
        lower = 0
        for up in range(DECK):
            if lower < PLAYER_CARDS and player[lower] < up:
                lower += 1
            if (masks[up & 3] >> (up >> 2)) & 1:
                continue  # the player's card
            twin = -1
            for suit in range(up & 3):
                if twin < 0 and masks[suit] == masks[up & 3]:
                    twin = up - (up & 3) + suit
            if twin >= 0:
                counts[i, up] = counts[i, twin]
                continue
            not_qualified = 0
            if least > 0:
                _cell(base, lower, up, least, tables, out)
                not_qualified = out[0]
            counts[i, up, 0] = not_qualified
            if v >= least:
                _cell(base, lower, up, v, tables, out)
                counts[i, up, 1] = out[0] - not_qualified
                counts[i, up, 2] = out[1]
            counts[i, up, 3] = HIDDEN - counts[i, up, 0] - counts[i, up, 1] - counts[i, up, 2]


def six_card_counts(
    reps: np.ndarray, values: np.ndarray, least: int, values4: np.ndarray, n_values: int
) -> np.ndarray:
    """int32[classes, 52, 4]: per player class (``reps`` int64[classes, 5] ascending,
    ``values`` their values) and up card the dealer's six-card hands by bucket (below
    ``least`` the dealer does not qualify), the dealer's value the best of its four-card sets
    (``values4``)."""
    tables = six_tables(values4, n_values)
    order = np.argsort(values, kind="stable")
    counts = np.zeros((len(reps), DECK, 4), dtype=np.int32)
    _all_cells(np.ascontiguousarray(reps[order], dtype=np.int64), values[order].astype(np.int64),
               least, tables, counts)  # fmt: skip
    out = np.empty_like(counts)
    out[order] = counts
    return out
