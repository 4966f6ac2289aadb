"""Fast enumeration of card subsets as arrays, for exhaustive counts and exact analysis.

>>> combinations_array(4, 2).tolist()
[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
>>> combinations_array(52, 5).shape
(2598960, 5)
>>> int(combinations_array(52, 7, first=45).shape[0])
1

Subsets of cards are ranked colexicographically: the sorted cards ``c0 < c1 < ...``
of a k-subset have index ``sum(C(c_j, j + 1))``, a dense 0..C(52, k) - 1.

>>> colex_index(np.array([[0, 1, 2, 3, 4], [51, 50, 49, 48, 47]])).tolist()
[0, 2598959]
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

__all__ = ["BINOMIAL", "colex5", "colex_index", "colex_sorted", "combinations_array"]


@njit(cache=True)
def _fill_combinations(n: int, k: int, start: int, out: np.ndarray) -> None:
    """Lexicographic k-subsets of range(start, n) into out (int8)."""
    idx = np.arange(start, start + k)
    row = 0
    while True:
        for j in range(k):
            out[row, j] = idx[j]
        row += 1
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for m in range(j + 1, k):
            idx[m] = idx[m - 1] + 1


def combinations_array(n: int, k: int, *, first: int | None = None) -> np.ndarray:
    """All k-subsets of ``range(n)`` in lexicographic order, as an int8 array.

    With ``first``, only the subsets whose smallest element is ``first`` (a chunk).
    """
    if first is None:
        out = np.empty((comb(n, k), k), dtype=np.int8)
        _fill_combinations(n, k, 0, out)
        return out
    rest = np.empty((comb(n - first - 1, k - 1), k - 1), dtype=np.int8)
    if k > 1 and rest.shape[0]:
        _fill_combinations(n, k - 1, first + 1, rest)
    return np.hstack([np.full((rest.shape[0], 1), first, dtype=np.int8), rest])


BINOMIAL = np.array([[comb(n, k) for k in range(7)] for n in range(53)], dtype=np.int64)
"""``BINOMIAL[n, k] = C(n, k)`` for n <= 52, k <= 6 (int64): the table the colex kernels take."""


@njit(cache=True, inline="always")
def colex_sorted(cards: np.ndarray, k: int, binomial: np.ndarray) -> int:
    """Colexicographic index of the ``k`` ascending cards ``cards[:k]``."""
    total = 0
    for j in range(k):
        total += binomial[cards[j], j + 1]
    return total


@njit(cache=True, inline="always")
def colex5(cards: np.ndarray, start: int, binomial: np.ndarray) -> int:
    """Colexicographic index of the five cards ``cards[start:start + 5]``, in any order."""
    a0, a1, a2 = cards[start], cards[start + 1], cards[start + 2]
    a3, a4 = cards[start + 3], cards[start + 4]
    # a sorting network for five values (nine compare-exchanges)
    a0, a1 = min(a0, a1), max(a0, a1)
    a3, a4 = min(a3, a4), max(a3, a4)
    a2, a4 = min(a2, a4), max(a2, a4)
    a2, a3 = min(a2, a3), max(a2, a3)
    a0, a3 = min(a0, a3), max(a0, a3)
    a0, a2 = min(a0, a2), max(a0, a2)
    a1, a4 = min(a1, a4), max(a1, a4)
    a1, a3 = min(a1, a3), max(a1, a3)
    a1, a2 = min(a1, a2), max(a1, a2)
    index: int = (
        binomial[a0, 1] + binomial[a1, 2] + binomial[a2, 3] + binomial[a3, 4] + binomial[a4, 5]
    )
    return index


@njit(cache=True)
def _colex_rows(rows: np.ndarray, binomial: np.ndarray, out: np.ndarray) -> None:
    if rows.shape[1] == 5:
        for i in range(rows.shape[0]):
            out[i] = colex5(rows[i], 0, binomial)
    else:
        cards = np.empty(rows.shape[1], dtype=rows.dtype)
        for i in range(rows.shape[0]):
            for a in range(rows.shape[1]):  # the row sorted (insertion, not numba's np.sort)
                b = a
                cards[b] = rows[i, a]
                while b > 0 and cards[b - 1] > cards[b]:
                    cards[b - 1], cards[b] = cards[b], cards[b - 1]
                    b -= 1
            out[i] = colex_sorted(cards, rows.shape[1], binomial)


def colex_index(subsets: np.ndarray) -> np.ndarray:
    """Colexicographic index of each k-subset (arrays shaped ``(..., k)``, cards in any order)."""
    array = np.asarray(subsets)
    rows = np.ascontiguousarray(array.reshape(-1, array.shape[-1]))
    out = np.empty(rows.shape[0], dtype=np.int64)
    _colex_rows(rows, BINOMIAL, out)
    return out.reshape(array.shape[:-1])
