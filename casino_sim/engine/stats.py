"""Statistics for Monte Carlo estimates: normal intervals, ratio estimates, chi-square
against exact probabilities, exact (Garwood) Poisson intervals, percentiles.

>>> est = mean_estimate(n=10_000, total=-500.0, total_squares=50_000.0)
>>> round(est.estimate, 4), round(est.standard_error, 4), est.contains(-0.05)
(-0.05, 0.0224, True)
>>> poisson_interval(0).low, round(poisson_interval(0).high, 3)
(0.0, 3.689)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "ChiSquareResult",
    "Estimate",
    "Interval",
    "chi_square_test",
    "mean_estimate",
    "percentiles",
    "poisson_interval",
    "ratio_estimate",
    "z_value",
]


def z_value(confidence: float = 0.95) -> float:
    """Two-sided normal quantile: 1.959... for 95%.

    >>> round(z_value(0.95), 3)
    1.96
    """
    from scipy import stats as sps  # here, not at the top: scipy takes most of a second to load

    return float(sps.norm.ppf(0.5 + confidence / 2))


@dataclass(frozen=True)
class Interval:
    """A closed interval [low, high] at ``confidence``."""

    low: float
    high: float
    confidence: float = 0.95

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate with its standard error and a normal confidence interval."""

    estimate: float
    standard_error: float
    confidence: float = 0.95

    @property
    def interval(self) -> Interval:
        half = z_value(self.confidence) * self.standard_error
        return Interval(self.estimate - half, self.estimate + half, self.confidence)

    def contains(self, value: float) -> bool:
        """Is ``value`` inside the confidence interval?"""
        return self.interval.contains(value)

    def z_score(self, value: float) -> float:
        """(estimate - value) / standard error (inf if the error is 0 and they differ)."""
        if self.standard_error == 0:
            return 0.0 if self.estimate == value else math.inf
        return (self.estimate - value) / self.standard_error

    def scaled(self, factor: float) -> Estimate:
        """The estimate of ``factor`` times the quantity (e.g. -1 to change sides)."""
        return Estimate(self.estimate * factor, self.standard_error * abs(factor), self.confidence)

    def to_record(self) -> dict[str, float]:
        interval = self.interval
        return {
            "estimate": self.estimate,
            "standard_error": self.standard_error,
            "ci_low": interval.low,
            "ci_high": interval.high,
            "confidence": self.confidence,
        }


def mean_estimate(
    *, n: int, total: float, total_squares: float, confidence: float = 0.95
) -> Estimate:
    """The mean of ``n`` observations from their sum and sum of squares (SE from their variance)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, confidence)
    mean = float(total) / n
    variance = max(total_squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return Estimate(mean, math.sqrt(variance / n), confidence)


def ratio_estimate(
    *,
    n: int,
    sum_x: float,
    sum_y: float,
    sum_xx: float,
    sum_yy: float,
    sum_xy: float,
    confidence: float = 0.95,
) -> Estimate:
    """sum_x / sum_y over paired observations, SE by the delta method (e.g. element of risk).

    >>> round(ratio_estimate(n=4, sum_x=2, sum_y=8, sum_xx=2, sum_yy=16, sum_xy=4).estimate, 3)
    0.25
    """
    if n <= 0 or sum_y == 0:
        return Estimate(math.nan, math.nan, confidence)
    ratio = sum_x / sum_y
    mean_y = sum_y / n
    residual_squares = sum_xx - 2 * ratio * sum_xy + ratio * ratio * sum_yy  # sum (x - r y)^2
    variance = max(residual_squares, 0.0) / max(n - 1, 1)
    return Estimate(ratio, math.sqrt(variance / n) / abs(mean_y), confidence)


def poisson_interval(count: int, *, confidence: float = 0.95) -> Interval:
    """Exact (Garwood) interval for the mean of a Poisson variable observed as ``count``.

    >>> iv = poisson_interval(10)
    >>> round(iv.low, 3), round(iv.high, 3)
    (4.795, 18.39)
    """
    from scipy import stats as sps

    alpha = 1 - confidence
    low = 0.0 if count == 0 else float(sps.chi2.ppf(alpha / 2, 2 * count)) / 2
    high = float(sps.chi2.ppf(1 - alpha / 2, 2 * count + 2)) / 2
    return Interval(low, high, confidence)


@dataclass(frozen=True)
class ChiSquareResult:
    """Pearson's chi-square of observed counts against exact probabilities.

    Cells whose expected count is below ``min_expected`` are pooled into one
    (which keeps the approximation valid for rare outcomes such as royals).
    """

    statistic: float
    dof: int
    p_value: float
    cells: int
    pooled: tuple[int, ...]

    def passes(self, alpha: float = 0.001) -> bool:
        return self.p_value >= alpha


def chi_square_test(
    observed: Sequence[int] | np.ndarray,
    probabilities: Sequence[float] | np.ndarray,
    *,
    min_expected: float = 5.0,
) -> ChiSquareResult:
    """Goodness of fit of ``observed`` counts to ``probabilities`` (which sum to 1).

    >>> result = chi_square_test([48, 52, 0], [0.5, 0.5, 0.0])
    >>> result.dof, round(result.p_value, 3)
    (1, 0.689)
    """
    from scipy import stats as sps

    counts = np.asarray(observed, dtype=np.float64)
    probs = np.asarray(probabilities, dtype=np.float64)
    n = counts.sum()
    expected = probs * n
    impossible = probs == 0
    if np.any(counts[impossible] > 0):
        return ChiSquareResult(math.inf, 0, 0.0, len(counts), ())
    keep = ~impossible
    small = keep & (expected < min_expected)
    big = keep & ~small
    obs = list(counts[big])
    exp = list(expected[big])
    pooled = tuple(int(i) for i in np.flatnonzero(small))
    if pooled:
        obs.append(counts[small].sum())
        exp.append(expected[small].sum())
    if len(exp) < 2:
        return ChiSquareResult(0.0, 0, 1.0, len(exp), pooled)
    obs_a, exp_a = np.array(obs), np.array(exp)
    statistic = float(((obs_a - exp_a) ** 2 / exp_a).sum())
    dof = len(exp) - 1
    return ChiSquareResult(statistic, dof, float(sps.chi2.sf(statistic, dof)), len(exp), pooled)


def percentiles(
    values: np.ndarray, qs: Sequence[float] = (1, 5, 10, 25, 50, 75, 90, 95, 99)
) -> dict[float, float]:
    """The ``qs`` percentiles of ``values`` (linear interpolation), as {q: value}.

    >>> percentiles(np.arange(101.0), (5, 50))
    {5: 5.0, 50: 50.0}
    """
    array = np.asarray(values, dtype=np.float64)
    if array.size == 0:
        return {q: math.nan for q in qs}
    return {q: float(v) for q, v in zip(qs, np.percentile(array, qs), strict=True)}
