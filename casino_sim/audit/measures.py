"""What the audit measures on each shuffle: where every card went, and five summaries of it.

A deck is a row of card codes, top card first. A shuffle takes the deck ``before`` to the
deck ``after``; :func:`moves` gives, for each position ``i`` before, the position
``sigma[i]`` after of the card that was there. From it, per shuffle:

* :func:`rising_sequences`: ``1 + #{i : sigma[i + 1] < sigma[i]}``, the number of
  increasing runs the order before splits into (Bayer & Diaconis: at most ``2**K`` after
  ``K`` riffles);
* :func:`kept_pairs`: ``#{i : sigma[i + 1] = sigma[i] + 1}``, neighbours before that are
  still neighbours, in the same order, after;
* :func:`inversions`: pairs whose order the shuffle reversed (Kendall's tau distance
  between the deck before and after);

and over all shuffles two ``k x k`` tables of counts (:func:`move_table`: position before
x position after; :func:`card_table`: card x position after), with their chi-square
(:func:`table_chi_square`).

>>> before = np.array([[0, 1, 2, 3]])
>>> after = np.array([[2, 3, 0, 1]])  # cut in two halves, the bottom half put on top
>>> sigma = moves(before, after)
>>> sigma.tolist(), rising_sequences(sigma).tolist(), kept_pairs(sigma).tolist()
([[2, 3, 0, 1]], [2], [2])
>>> inversions(sigma).tolist()
[4]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "TableChiSquare",
    "card_table",
    "inversions",
    "kept_pairs",
    "move_table",
    "moves",
    "rising_sequences",
    "table_chi_square",
]

IntArray = npt.NDArray[np.int64]

#: Shuffles handled at once by :func:`inversions` (a ``chunk x k x k`` boolean array).
_CHUNK = 2048


def moves(before: npt.ArrayLike, after: npt.ArrayLike) -> IntArray:
    """``sigma[t, i]``: the position in ``after[t]`` of the card at position ``i`` of ``before[t]``."""
    pre = np.asarray(before, dtype=np.int64)
    post = np.asarray(after, dtype=np.int64)
    n, k = post.shape
    where_after = np.empty_like(post)
    rows = np.arange(n)[:, None]
    where_after[rows, post] = np.arange(k)[None, :]
    sigma: IntArray = where_after[rows, pre]
    return sigma


def rising_sequences(sigma: IntArray) -> IntArray:
    """Rising sequences of each shuffle: one more than its descents."""
    out: IntArray = 1 + (np.diff(sigma, axis=1) < 0).sum(axis=1)
    return out


def kept_pairs(sigma: IntArray) -> IntArray:
    """Neighbouring pairs (``i``, ``i + 1``) of the order before still next to each other, in order."""
    out: IntArray = (np.diff(sigma, axis=1) == 1).sum(axis=1)
    return out


def inversions(sigma: IntArray) -> IntArray:
    """Pairs ``i < j`` with ``sigma[i] > sigma[j]``: Kendall's tau distance to the order before."""
    n, k = sigma.shape
    upper = np.triu(np.ones((k, k), dtype=bool), 1)
    out = np.empty(n, dtype=np.int64)
    for start in range(0, n, _CHUNK):
        block = sigma[start : start + _CHUNK]
        out[start : start + _CHUNK] = ((block[:, :, None] > block[:, None, :]) & upper).sum(
            axis=(1, 2)
        )
    return out


def move_table(sigma: IntArray) -> IntArray:
    """Counts ``[i, j]`` of shuffles taking the card at position ``i`` to position ``j``."""
    k = sigma.shape[1]
    cells = np.arange(k)[None, :] * k + sigma
    table: IntArray = np.bincount(cells.ravel(), minlength=k * k).reshape(k, k)
    return table


def card_table(after: npt.ArrayLike) -> IntArray:
    """Counts ``[c, j]`` of shuffles leaving card ``c`` at position ``j``."""
    post = np.asarray(after, dtype=np.int64)
    k = post.shape[1]
    cells = post * k + np.arange(k)[None, :]
    table: IntArray = np.bincount(cells.ravel(), minlength=k * k).reshape(k, k)
    return table


@dataclass(frozen=True)
class TableChiSquare:
    """The chi-square of a ``k x k`` table of ``n`` permutations against uniform.

    ``statistic = (k - 1) / n * sum (count - n / k)**2`` on ``(k - 1)**2`` degrees of freedom:
    Pearson's ``X**2`` times ``(k - 1) / k``, because each permutation fills every row and
    every column once (the fixed margins leave ``(k - 1)**2`` free cells, and the covariance
    of a uniform permutation's cells is ``1 / (k - 1)`` times the projection on them).
    """

    statistic: float
    dof: int
    p_value: float


def table_chi_square(table: IntArray) -> TableChiSquare:
    """Chi-square of a table of permutation counts (see :class:`TableChiSquare`).

    >>> rows = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])  # a Latin square: perfectly even
    >>> result = table_chi_square(move_table(rows))
    >>> result.statistic, result.dof
    (0.0, 4)
    """
    from scipy import stats as sps

    k = table.shape[0]
    n = int(table[0].sum())
    deviation = table - n / k
    statistic = float((k - 1) / n * np.square(deviation).sum())
    dof = (k - 1) ** 2
    return TableChiSquare(statistic, dof, float(sps.chi2.sf(statistic, dof)))
