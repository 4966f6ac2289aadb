"""Statistics a reader sees: estimates with intervals inside their range, z, and the
family-wise (Holm) flag of simulated-against-exact comparisons.

One home for each primitive (``docs/statistics.md`` says which is used where):

* a mean or a ratio: :class:`Estimate`, a normal interval (:func:`mean_estimate`,
  :func:`ratio_estimate`); a ratio of two sums over batches (rake per hand, per 100
  hands, per table-hour over a run's chunks): :func:`batch_ratio`;
* a proportion (successes of trials): :class:`Proportion`, the **Wilson** score
  interval (:func:`proportion_interval`), always inside [0, 1]; its z against an
  exact probability is the score statistic, so the exact value lies inside the
  95% Wilson interval exactly when ``|z| <= 1.96``;
* a count of rare events: the **exact (Garwood) Poisson** interval
  (:func:`poisson_interval`), never below 0, and the exact two-sided Poisson test
  (:func:`poisson_p_value`);
* a comparison with an exact value: ``z`` (:meth:`Estimate.z_score`,
  :func:`poisson_z`) and its two-sided p-value (:func:`normal_p_value`);
* a family of comparisons: Holm's step-down procedure (:func:`holm`,
  :func:`holm_adjusted`), which keeps the chance of *any* false flag in the
  family at ``alpha`` whatever the dependence between the comparisons;
* outcome frequencies against exact probabilities: :func:`chi_square_test`.

>>> est = mean_estimate(n=10_000, total=-500.0, total_squares=50_000.0)
>>> round(est.estimate, 4), round(est.standard_error, 4), est.contains(-0.05)
(-0.05, 0.0224, True)
>>> poisson_interval(0).low, round(poisson_interval(0).high, 3)
(0.0, 3.689)
>>> holm([0.001, 0.04, 0.03])  # the 0.03 and 0.04 would flag alone at 5%, not in a family
(True, False, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "FAMILY_ALPHA",
    "ChiSquareResult",
    "Estimate",
    "Interval",
    "Proportion",
    "batch_ratio",
    "chi_square_test",
    "holm",
    "holm_adjusted",
    "mean_estimate",
    "normal_p_value",
    "percentiles",
    "poisson_interval",
    "poisson_p_value",
    "poisson_z",
    "proportion_interval",
    "ratio_estimate",
    "t_p_value",
    "z_value",
]

#: The family-wise error rate of the Holm flags: the chance that a family of comparisons
#: with every simulation right shows any flag at all.
FAMILY_ALPHA = 0.05


def z_value(confidence: float = 0.95) -> float:
    """Two-sided normal quantile: 1.959... for 95%.

    >>> round(z_value(0.95), 3)
    1.96
    """
    from scipy.special import ndtri  # here, not at the top: scipy takes a moment to load

    return float(ndtri(0.5 + confidence / 2))


def t_quantile(q: float, dof: float) -> float:
    """The ``q`` quantile of Student's t with ``dof`` (any positive real) degrees of freedom.

    >>> round(t_quantile(0.975, 7), 3)
    2.365
    """
    from scipy.special import stdtrit  # scipy.stats.t.ppf's own function, without scipy.stats

    return float(stdtrit(dof, q))


@dataclass(frozen=True)
class Interval:
    """A closed interval [low, high] at ``confidence``."""

    low: float
    high: float
    confidence: float = 0.95

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def clipped(self, low: float | None = None, high: float | None = None) -> Interval:
        """The interval inside the quantity's range [low, high]: a share in [0, 1], a count or
        an amount at least 0. The true value always lies in its range, so cutting the
        interval there keeps its coverage.

        >>> Interval(-0.17, 0.42).clipped(0.0)
        Interval(low=0.0, high=0.42, confidence=0.95)
        """
        lo = self.low if low is None else max(self.low, low)
        hi = self.high if high is None else min(self.high, high)
        if lo > hi:  # wholly outside the range: the nearest end of it
            lo = hi = lo if high is None or lo <= high else hi
        return Interval(lo, hi, self.confidence)


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


@dataclass(frozen=True)
class Proportion(Estimate):
    """A share of ``successes`` in ``trials`` with its **Wilson** interval (inside [0, 1]).

    ``z_score`` is the score statistic ``(share - p) / sqrt(p (1 - p) / trials)``,
    the test the Wilson interval inverts: ``contains(p)`` is ``|z_score(p)| <= 1.96``.

    >>> share = Proportion.of(0, 40)
    >>> share.estimate, share.interval.low, round(share.interval.high, 4)
    (0.0, 0.0, 0.0876)
    >>> round(Proportion.of(520, 1000).z_score(0.5), 3)
    1.265
    """

    successes: int = 0
    trials: int = 0

    @classmethod
    def of(cls, successes: int, trials: int, confidence: float = 0.95) -> Proportion:
        if trials <= 0:
            return cls(math.nan, math.nan, confidence, 0, 0)
        p = successes / trials
        return cls(p, math.sqrt(p * (1 - p) / trials), confidence, int(successes), int(trials))

    @property
    def interval(self) -> Interval:
        return proportion_interval(self.successes, self.trials, confidence=self.confidence)

    def z_score(self, value: float) -> float:
        if self.trials <= 0:
            return math.nan
        if value <= 0 or value >= 1:
            return (
                0.0 if self.estimate == value else math.inf * (1 if self.estimate > value else -1)
            )
        return (self.estimate - value) / math.sqrt(value * (1 - value) / self.trials)


def proportion_interval(successes: int, trials: int, *, confidence: float = 0.95) -> Interval:
    """Wilson score interval of a share of ``successes`` in ``trials``, inside [0, 1]
    (no trials: the whole range); scipy's ``binomtest(...).proportion_ci(method="wilson")``,
    the same formula (Newcombe 1998) without loading ``scipy.stats``.

    >>> iv = proportion_interval(1, 8)
    >>> round(iv.low, 4), round(iv.high, 4)
    (0.0224, 0.4709)
    >>> proportion_interval(0, 0)
    Interval(low=0.0, high=1.0, confidence=0.95)
    """
    if trials <= 0:
        return Interval(0.0, 1.0, confidence)
    k, n = int(successes), int(trials)
    z = z_value(confidence)
    p = k / n
    denominator = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denominator
    delta = z / denominator * math.sqrt(4 * n * p * (1 - p) + z**2)
    low = 0.0 if k <= 0 else max(0.0, center - delta)  # exact at the ends, not 1e-17
    high = 1.0 if k >= n else min(1.0, center + delta)
    return Interval(low, high, confidence)


def normal_p_value(z: float) -> float:
    """Two-sided p-value of a standard normal ``z``: the chance of ``|Z| >= |z|``.

    >>> round(normal_p_value(1.959964), 4), normal_p_value(0.0)
    (0.05, 1.0)
    """
    if math.isnan(z):
        return math.nan
    return math.erfc(abs(z) / math.sqrt(2))


def t_p_value(t: float, dof: int) -> float:
    """Two-sided p-value of Student's ``t`` with ``dof`` degrees of freedom.

    >>> round(t_p_value(2.365, 7), 3)
    0.05
    """
    from scipy.special import stdtr

    if math.isnan(t) or dof < 1:
        return math.nan
    return float(2 * stdtr(dof, -abs(t)))


def poisson_z(count: int, expected: float) -> float:
    """``(count - expected) / sqrt(expected)``: how many standard deviations a count of a
    Poisson variable with mean ``expected`` lies from it.

    >>> round(poisson_z(3789, 3930.8), 2)
    -2.26
    """
    if expected <= 0:
        return 0.0 if count == 0 else math.inf
    return (count - expected) / math.sqrt(expected)


def poisson_p_value(count: int, expected: float) -> float:
    """Exact two-sided p-value of observing ``count`` of a Poisson variable with mean
    ``expected``: twice the smaller tail, at most 1 (right for counts too small for z).

    >>> round(poisson_p_value(0, 4.0), 4), round(poisson_p_value(12, 4.0), 4)
    (0.0366, 0.0018)
    """
    from scipy.special import pdtr, pdtrc

    if expected <= 0:
        return 1.0 if count == 0 else 0.0
    below = float(pdtr(count, expected))
    above = 1.0 if count <= 0 else float(pdtrc(count - 1, expected))
    return min(1.0, 2 * min(below, above))


def holm_adjusted(p_values: Sequence[float]) -> tuple[float, ...]:
    """Holm-adjusted p-values, in the given order: a comparison is flagged at family-wise
    level ``alpha`` when its adjusted p-value is at most ``alpha``. NaN (no test) stays NaN
    and does not count in the family.

    >>> holm_adjusted([0.01, 0.04, 0.03])
    (0.03, 0.06, 0.06)
    """
    tested = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(tested)
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return tuple(adjusted)


def holm(p_values: Sequence[float], *, alpha: float = FAMILY_ALPHA) -> tuple[bool, ...]:
    """Holm's step-down procedure: which comparisons to flag so that the chance of any false
    flag in the family is at most ``alpha`` (sort the p-values, flag the i-th smallest of m
    while it is at most ``alpha / (m - i)``, i from 0, and stop at the first that is not).

    >>> holm([0.001, 0.04, 0.03]), holm([0.001, 0.04, 0.03], alpha=0.1)
    ((True, False, False), (True, True, True))
    """
    return tuple(not math.isnan(a) and a <= alpha for a in holm_adjusted(p_values))


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


def batch_ratio(
    numerators: Sequence[float] | np.ndarray,
    denominators: Sequence[float] | np.ndarray,
    *,
    scale: float = 1.0,
    confidence: float = 0.95,
) -> Estimate:
    """``scale`` x sum(numerators) / sum(denominators) over batches, with its batch-means
    interval: one batch's pair (x, y) is its sums (rake and hands of a chunk of a run),
    the batches are taken as independent, and the standard error is the delta method's
    (:func:`ratio_estimate`) on the batches' pairs. One batch (or none) measures no spread:
    the standard error is NaN, so there is no interval.

    Rake per hand from four chunks, in cents and per 100 hands:

    >>> rake, hands = [1500, 1320, 1410, 1390], [1000, 1000, 1000, 1000]
    >>> per_hand = batch_ratio(rake, hands)
    >>> per_hand.estimate, round(per_hand.standard_error, 2)
    (1.405, 0.04)
    >>> batch_ratio(rake, hands, scale=100).estimate, batch_ratio(rake[:1], hands[:1]).interval
    (140.5, Interval(low=nan, high=nan, confidence=0.95))
    """
    x = np.asarray(numerators, dtype=np.float64)
    y = np.asarray(denominators, dtype=np.float64)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"one numerator and one denominator a batch, got {x.shape}, {y.shape}")
    estimate = ratio_estimate(
        n=len(x),
        sum_x=float(x.sum()),
        sum_y=float(y.sum()),
        sum_xx=float(x @ x),
        sum_yy=float(y @ y),
        sum_xy=float(x @ y),
        confidence=confidence,
    )
    if len(x) < 2:
        estimate = Estimate(estimate.estimate, math.nan, confidence)
    return estimate.scaled(scale)


def poisson_interval(count: int, *, confidence: float = 0.95) -> Interval:
    """Exact (Garwood) interval for the mean of a Poisson variable observed as ``count``.

    >>> iv = poisson_interval(10)
    >>> round(iv.low, 3), round(iv.high, 3)
    (4.795, 18.39)
    """
    from scipy.special import gammaincinv  # chi2.ppf(p, 2k) / 2 = gammaincinv(k, p)

    alpha = 1 - confidence
    low = 0.0 if count == 0 else float(gammaincinv(count, alpha / 2))
    high = float(gammaincinv(count + 1, 1 - alpha / 2))
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
    from scipy.special import chdtrc

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
    return ChiSquareResult(statistic, dof, float(chdtrc(dof, statistic)), len(exp), pooled)


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
