"""A floor figure across replications, typed: a mean with its interval, a share, a count, a spread.

The values of :mod:`casino_sim.floor.figures` and how they are computed from the
replications' values. An interval is the replications' mean +- t(0.975, R - 1) x
SD / sqrt(R): the replications are independent, so it is exact in the large-sample
sense whatever happens inside a run. With a single replication there is no
interval (``None``). Every interval lies inside its quantity's range: a share is cut
to [0, 1] and an amount that cannot be negative at 0; a count of meter hits gets
the exact Poisson (Garwood) interval of all the replications' hits, divided by R;
a share of replications (a losing run, a hit within D days) the Wilson interval.

Each type's ``to_record()`` is the plain JSON data of ``--json``; ``from_record``
reads it back.

>>> interval([1.0, 2.0, 3.0]).low < 2.0 < interval([1.0, 2.0, 3.0]).high
True
>>> interval([0.0, 0.0, 0.1], low=0.0, high=1.0).low
0.0
>>> figure = count_interval([0, 1, 0, 0, 0])  # one hit in five replications
>>> figure.mean, round(figure.low, 4), round(figure.high, 3), figure.total
(0.2, 0.0051, 1.114, 1)
>>> Share.from_record({"share": 0.5, "low": 0.1, "high": 0.9, "n": 2})
Share(0.5, 95% 0.1 to 0.9, n=2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from casino_sim.engine.stats import poisson_interval, t_quantile

__all__ = [
    "BAND_QUANTILES",
    "Count",
    "Interval",
    "Share",
    "Spread",
    "count_interval",
    "interval",
    "losing_days",
    "quantiles",
    "spread",
    "wilson",
]

#: Quantiles (percent) of the meter bands and of distributions.
BAND_QUANTILES = (5, 25, 50, 75, 95)

_INTERVAL = ("mean", "low", "high", "se", "n")


def _show(x: float | None) -> str:
    return "n/a" if x is None or not math.isfinite(x) else f"{x:.6g}"


@dataclass(frozen=True)
class Interval:
    """A figure across replications: mean, 95% interval (none with one replication),
    standard error and the replications it is over; ``extra`` holds what a figure adds
    (a losing-day share's table-days)."""

    mean: float
    low: float | None = None
    high: float | None = None
    se: float | None = None
    n: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        span = f", 95% {_show(self.low)} to {_show(self.high)}" if self.low is not None else ""
        return f"Interval({_show(self.mean)}{span}, n={self.n})"

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Interval:
        extra = {k: v for k, v in record.items() if k not in _INTERVAL}
        return cls(record["mean"], record["low"], record["high"], record["se"], record["n"],
                   extra)  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        record = {"mean": self.mean, "low": self.low, "high": self.high, "se": self.se, "n": self.n}
        return record | dict(self.extra)

    def scaled(self, factor: float) -> Interval:
        """The figure times ``factor`` (a run total per day)."""

        def times(x: float | None) -> float | None:
            return None if x is None else x * factor

        return Interval(self.mean * factor, times(self.low), times(self.high), times(self.se),
                        self.n, self.extra)  # fmt: skip


def is_interval(value: Any) -> bool:
    """Whether a record is an :class:`Interval`'s."""
    return isinstance(value, Mapping) and all(k in value for k in _INTERVAL)


@dataclass(frozen=True)
class Share:
    """A share of ``n`` trials (a losing run, a hit within D days) with its 95% Wilson interval."""

    share: float
    low: float
    high: float
    n: int

    def __repr__(self) -> str:
        return (
            f"Share({_show(self.share)}, 95% {_show(self.low)} to {_show(self.high)}, n={self.n})"
        )

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Share:
        return cls(record["share"], record["low"], record["high"], record["n"])

    def to_record(self) -> dict[str, Any]:
        return {"share": self.share, "low": self.low, "high": self.high, "n": self.n}


@dataclass(frozen=True)
class Count:
    """A count per replication (a meter's hits of one hand): the mean, the exact Poisson
    interval of the ``total`` over ``n`` replications divided by ``n``, and its ``method``."""

    mean: float
    low: float | None
    high: float | None
    n: int
    total: int
    method: str | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Count:
        return cls(record["mean"], record["low"], record["high"], record["n"], record["total"],
                   record.get("method"))  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        record = {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n,
                  "total": self.total}  # fmt: skip
        return record if self.method is None else record | {"method": self.method}


@dataclass(frozen=True)
class Spread:
    """Values pooled over replications (the meter at a hit, hours between hits): their mean,
    their count ``n`` where the record gives it, and their percentiles (``p5`` ... ``p95``;
    none without values)."""

    mean: float | None
    percentiles: Mapping[str, float] = field(default_factory=dict)
    n: int | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Spread:
        percentiles = {k: v for k, v in record.items() if k not in ("mean", "n")}
        return cls(record["mean"], percentiles, record.get("n"))

    def to_record(self) -> dict[str, Any]:
        counted = {} if self.n is None else {"n": self.n}
        return {"mean": self.mean, **counted, **self.percentiles}


def interval(
    values: Sequence[float] | np.ndarray, *, low: float | None = None, high: float | None = None
) -> Interval:
    """Mean and 95% interval of independent replications' values (no interval for one), cut to
    the quantity's range [``low``, ``high``] when it has one."""
    x = np.asarray(values, float)
    n = len(x)
    mean = float(x.mean()) if n else math.nan
    if n < 2:
        return Interval(mean, None, None, None, n)
    se = float(x.std(ddof=1) / math.sqrt(n))
    half = t_quantile(0.975, n - 1) * se
    lo, hi = mean - half, mean + half
    lo, hi = lo if low is None else max(lo, low), hi if high is None else min(hi, high)
    return Interval(mean, lo, hi, se, n)


def count_interval(counts: Sequence[int]) -> Count:
    """Mean count per replication with the exact Poisson (Garwood) interval of the total / R."""
    n = len(counts)
    total = int(sum(counts))
    if n == 0:
        return Count(math.nan, None, None, 0, 0)
    iv = poisson_interval(total)
    return Count(total / n, iv.low / n, iv.high / n, n, total, "exact Poisson")


def wilson(successes: int, n: int) -> Share:
    """Share and 95% Wilson interval (:func:`casino_sim.engine.stats.proportion_interval`)."""
    from casino_sim.engine.stats import proportion_interval

    if n == 0:
        return Share(math.nan, math.nan, math.nan, 0)
    iv = proportion_interval(successes, n)
    return Share(successes / n, iv.low, iv.high, n)


def losing_days(daily: Sequence[np.ndarray]) -> Interval:
    """The chance a table-day loses: the share of losing table-days, inside the wider of the
    Wilson interval over all table-days and the t interval across replications (the first
    bounds a share that is 0 in every replication, the second allows for table-days that
    move together)."""
    from casino_sim.engine.stats import proportion_interval

    shares = [float((d < 0).mean()) for d in daily if len(d)]
    figure = interval(shares, low=0.0, high=1.0)
    losing = sum(int((d < 0).sum()) for d in daily)
    days = sum(len(d) for d in daily)
    if not days:
        return figure
    bounds = proportion_interval(losing, days)
    low = bounds.low if figure.low is None else min(float(figure.low), bounds.low)
    high = bounds.high if figure.high is None else max(float(figure.high), bounds.high)
    return Interval(figure.mean, low, high, figure.se, figure.n,
                    {"losing_table_days": losing, "table_days": days})  # fmt: skip


def quantiles(values: np.ndarray) -> dict[str, float]:
    """``p5`` ... ``p95`` of ``values`` (:data:`BAND_QUANTILES`; none without values)."""
    if len(values) == 0:
        return {}
    q = np.percentile(values, BAND_QUANTILES)
    return {f"p{p}": float(v) for p, v in zip(BAND_QUANTILES, q, strict=True)}


def spread(values: Sequence[float] | np.ndarray, *, counted: bool = False) -> Spread:
    """The mean and percentiles of ``values`` (and their count with ``counted``; a counted
    spread of no values has no mean)."""
    x = np.asarray(values, float)
    if counted and not len(x):
        return Spread(None, {}, 0)
    return Spread(float(x.mean()), quantiles(x), len(x) if counted else None)
