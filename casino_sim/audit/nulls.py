"""Exact distributions of the audit's per-deck statistics, under uniform shuffling and under
``a``-shuffles (Bayer & Diaconis 1992), and of their sums over decks.

A deck of ``k`` cards; a shuffle moves the card at position ``i`` before it to position
``sigma[i]`` after it. Under a uniform shuffle ``sigma`` is a uniform permutation, and:

* the **rising sequences** ``1 + #{i : sigma[i + 1] < sigma[i]}`` take ``r`` with
  probability ``A(k, r - 1) / k!`` (:func:`eulerian`: permutations with ``r - 1`` descents);
* the **kept pairs** (successions) ``#{i : sigma[i + 1] = sigma[i] + 1}`` take ``j`` with
  probability ``C(k - 1, j) D(k - j) / k!``, ``D(m)`` the permutations of ``m`` with none
  (:func:`succession_counts`); the mean is ``(k - 1) / k``;
* the **inversions** (Kendall's tau distance to the order before) are the Mahonian
  numbers (:func:`mahonian`), mean ``k (k - 1) / 4``, variance ``k (k - 1) (2k + 5) / 72``.

``K`` Gilbert-Shannon-Reeds riffles are one ``a``-shuffle with ``a = 2**K``, under which a
permutation with ``r`` rising sequences has probability ``C(a + k - r, k) / a**k``
(:func:`riffle_rising_pmf`); hence the exact total variation distance to uniform
(:func:`riffle_total_variation`), 0.334 for seven riffles of 52 cards.

>>> eulerian(4)
[1, 11, 11, 1]
>>> succession_counts(3)
[3, 2, 1]
>>> [round(float(riffle_total_variation(52, k)), 3) for k in (5, 6, 7, 8)]
[0.924, 0.614, 0.334, 0.167]
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

__all__ = [
    "SumDistribution",
    "eulerian",
    "inversion_moments",
    "mahonian",
    "riffle_inversion_moments",
    "riffle_position_matrix",
    "riffle_rising_pmf",
    "riffle_total_variation",
    "rising_pmf",
    "succession_counts",
    "succession_pmf",
    "sum_distribution",
]

#: Probabilities below this share of the largest are dropped from a sum's distribution (they
#: would underflow soon after); a p-value of 0.0 means "below 1e-60".
TRIM = 1e-60

FloatArray = npt.NDArray[np.float64]


@cache
def eulerian(k: int) -> list[int]:
    """``A(k, m)``, m = 0..k-1: the permutations of ``k`` with ``m`` descents (exact).

    >>> sum(eulerian(6)) == math.factorial(6)
    True
    """
    row = [1]
    for n in range(2, k + 1):
        row = [
            (m + 1) * (row[m] if m < len(row) else 0) + (n - m) * (row[m - 1] if m >= 1 else 0)
            for m in range(n)
        ]
    return row


@cache
def succession_counts(k: int) -> list[int]:
    """The permutations of ``k`` with ``j`` successions (an ``i`` right before ``i + 1``), j = 0..k-1.

    ``C(k - 1, j) D(k - j)`` with ``D(m) = sum_i (-1)^i C(m - 1, i) (m - i)!`` (Roberts 1884).

    >>> succession_counts(4), sum(succession_counts(10)) == math.factorial(10)
    ([11, 9, 3, 1], True)
    """

    def none_kept(m: int) -> int:
        return sum((-1) ** i * math.comb(m - 1, i) * math.factorial(m - i) for i in range(m))

    return [math.comb(k - 1, j) * none_kept(k - j) for j in range(k)]


@cache
def mahonian(k: int) -> list[int]:
    """The permutations of ``k`` with ``m`` inversions, m = 0..k(k-1)/2 (exact).

    >>> mahonian(3)
    [1, 2, 2, 1]
    """
    row = [1]
    for n in range(2, k + 1):
        out = [0] * (len(row) + n - 1)
        for shift in range(n):
            for m, count in enumerate(row):
                out[m + shift] += count
        row = out
    return row


def rising_pmf(k: int) -> FloatArray:
    """P(r rising sequences) of a uniform permutation of ``k``, index r - 1 (r = 1..k)."""
    total = math.factorial(k)
    return np.array([float(Fraction(a, total)) for a in eulerian(k)])


def succession_pmf(k: int) -> FloatArray:
    """P(j kept pairs) of a uniform permutation of ``k``, index j (j = 0..k-1)."""
    total = math.factorial(k)
    return np.array([float(Fraction(c, total)) for c in succession_counts(k)])


def inversion_moments(k: int) -> tuple[float, float]:
    """Mean and variance of the inversions of a uniform permutation of ``k``.

    >>> inversion_moments(52)
    (663.0, 4014.8333333333335)
    """
    return k * (k - 1) / 4, k * (k - 1) * (2 * k + 5) / 72


def riffle_inversion_moments(k: int, riffles: int) -> tuple[float, float]:
    """Mean and variance of the inversions after ``riffles`` GSR riffles of ``k`` cards (exact).

    An ``a``-shuffle's inverse gives each card a uniform digit below ``a`` and sorts by it,
    keeping ties in order; a pair is inverted when the first card's digit is the larger,
    chance ``p = (a - 1) / 2a``. Two pairs sharing a card covary (sums over triples).

    >>> riffle_inversion_moments(52, 60)[0] == inversion_moments(52)[0]
    True
    """
    a = Fraction(2) ** riffles
    p = (a - 1) / (2 * a)
    shared_end = (a - 1) * (2 * a - 1) / (6 * a * a)  # both pairs below (or above) one card
    chain = (a - 1) * (a - 2) / (6 * a * a)  # first > middle > last
    pairs, triples = math.comb(k, 2), math.comb(k, 3)
    variance = pairs * p * (1 - p) + 2 * triples * (2 * (shared_end - p * p) + (chain - p * p))
    return float(pairs * p), float(variance)


def riffle_rising_pmf(k: int, riffles: int) -> FloatArray:
    """P(r rising sequences) after ``riffles`` GSR riffles of ``k`` cards, index r - 1.

    ``A(k, r - 1) C(a + k - r, k) / a**k`` with ``a = 2**riffles`` (Bayer & Diaconis 1992).

    >>> riffle_rising_pmf(52, 1)[:3].round(6).tolist()
    [0.0, 1.0, 0.0]
    """
    a = 2**riffles
    denominator = a**k
    return np.array(
        [
            float(Fraction(count * math.comb(a + k - r, k), denominator))
            for r, count in enumerate(eulerian(k), start=1)
        ]
    )


def riffle_total_variation(k: int, riffles: int) -> Fraction:
    """Total variation distance between ``riffles`` GSR riffles of ``k`` cards and uniform (exact).

    >>> round(float(riffle_total_variation(52, 10)), 3)
    0.043
    """
    a = 2**riffles
    uniform = Fraction(1, math.factorial(k))
    return (
        sum(
            (
                count * abs(Fraction(math.comb(a + k - r, k), a**k) - uniform)
                for r, count in enumerate(eulerian(k), start=1)
            ),
            Fraction(0),
        )
        / 2
    )


def riffle_position_matrix(k: int, riffles: int) -> FloatArray:
    """``q[i, j]``: the chance the card at position ``i`` is at ``j`` after an ``a``-unshuffle.

    The unshuffle puts card ``i`` (digit ``d``) after every card of a smaller digit and the
    cards before it of its own digit: ``Bin(i, (d + 1) / a) + Bin(k - 1 - i, d / a)`` averaged
    over ``d``. The shuffle's matrix is its transpose (the inverse permutation).

    >>> q = riffle_position_matrix(52, 2)
    >>> bool(np.allclose(q.sum(axis=0), 1) and np.allclose(q.sum(axis=1), 1))
    True
    """
    from scipy import stats as sps

    a = 2**riffles
    size = 1 << (2 * k).bit_length()
    i = np.arange(k)[:, None]
    values = np.arange(k)[None, :]
    total = np.zeros((k, k))
    for digit in range(a):
        before = sps.binom.pmf(values, i, (digit + 1) / a)  # row i: Bin(i, (d+1)/a)
        after = sps.binom.pmf(values, k - 1 - i, digit / a)
        both = np.fft.irfft(np.fft.rfft(before, size) * np.fft.rfft(after, size), size)[:, :k]
        total += both
    matrix: FloatArray = np.clip(total / a, 0.0, 1.0)
    return matrix


class SumDistribution:
    """The distribution of a sum of ``n`` independent copies of a lattice variable.

    ``pmf[s - offset]`` is P(sum = s). Built by repeated squaring with direct convolution
    (no cancellation: each probability keeps its relative accuracy far into the tails);
    probabilities below :data:`TRIM` of the largest are dropped.

    >>> two = SumDistribution(np.array([0.5, 0.5]), 2)  # heads in two fair tosses
    >>> two.offset, two.pmf.tolist(), two.two_sided_p(0)
    (0, [0.25, 0.5, 0.25], 0.5)
    """

    def __init__(self, pmf: FloatArray, n: int, *, offset: int = 0) -> None:
        result, result_offset = np.array([1.0]), 0
        power, power_offset = _trim(np.asarray(pmf, dtype=np.float64), offset)
        count = n
        while count:
            if count & 1:
                result, result_offset = _trim(
                    np.convolve(result, power), result_offset + power_offset
                )
            count >>= 1
            if count:
                power, power_offset = _trim(np.convolve(power, power), 2 * power_offset)
        self.pmf: FloatArray = result
        self.offset = result_offset
        self._below = np.cumsum(result)
        self._above = np.cumsum(result[::-1])[::-1]

    def mean(self) -> float:
        return float(np.dot(np.arange(self.pmf.size) + self.offset, self.pmf))

    def at_most(self, s: int) -> float:
        """P(sum <= s)."""
        index = s - self.offset
        if index < 0:
            return 0.0
        return float(min(1.0, self._below[min(index, self.pmf.size - 1)]))

    def at_least(self, s: int) -> float:
        """P(sum >= s)."""
        index = s - self.offset
        if index >= self.pmf.size:
            return 0.0
        return float(min(1.0, self._above[max(index, 0)]))

    def two_sided_p(self, s: int) -> float:
        """Twice the smaller tail at ``s``, at most 1 (the exact two-sided p-value)."""
        return min(1.0, 2 * min(self.at_most(s), self.at_least(s)))

    def two_sided_ps(self, sums: npt.NDArray[np.int64]) -> FloatArray:
        """:meth:`two_sided_p` of each of ``sums``."""
        index = np.asarray(sums, dtype=np.int64) - self.offset
        inside = (index >= 0) & (index < self.pmf.size)
        at = np.clip(index, 0, self.pmf.size - 1)
        below = np.where(index < 0, 0.0, np.where(inside, self._below[at], 1.0))
        above = np.where(index >= self.pmf.size, 0.0, np.where(inside, self._above[at], 1.0))
        out: FloatArray = np.minimum(1.0, 2 * np.minimum(below, above))
        return out


def sum_distribution(pmf: FloatArray, n: int, *, offset: int = 0) -> SumDistribution:
    """The distribution of the sum of ``n`` independent draws from ``pmf`` (values from ``offset``)."""
    return _cached_sum(tuple(np.asarray(pmf, dtype=np.float64).tolist()), n, offset)


@cache
def _cached_sum(pmf: tuple[float, ...], n: int, offset: int) -> SumDistribution:
    return SumDistribution(np.array(pmf), n, offset=offset)


def _trim(pmf: FloatArray, offset: int) -> tuple[FloatArray, int]:
    keep = np.flatnonzero(pmf > TRIM * pmf.max())
    return pmf[keep[0] : keep[-1] + 1], offset + int(keep[0])
