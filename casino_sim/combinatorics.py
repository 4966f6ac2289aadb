"""Fast enumeration of card subsets as arrays, for exhaustive counts and exact analysis.

>>> combinations_array(4, 2).tolist()
[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
>>> combinations_array(52, 5).shape
(2598960, 5)
>>> int(combinations_array(52, 7, first=45).shape[0])
1
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

__all__ = ["combinations_array"]


@njit(cache=True)
def _fill_combinations(n, k, start, out):
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
