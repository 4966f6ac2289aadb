"""The floor's clock: opening hours, dealer breaks and the arrival rate by hour and weekday.

Time is seconds since midnight of day 0 (a ``start_weekday``). A table deals
while it is *open* and not *on break*; breaks without relief take the last
``minutes_per_hour`` of every clock hour. Arrivals are a Poisson process whose
rate is constant within each clock hour (``arrivals_per_hour x hourly_profile
x weekday multiplier``); :func:`next_arrival` draws the next one exactly by
inverting the integrated rate.

>>> windows = ((18 * 3600, 28 * 3600),)  # 18:00-04:00
>>> is_open(windows, 3 * 3600), is_open(windows, 12 * 3600), is_open(windows, 19 * 3600)
(True, False, True)
>>> next_change(windows, 12 * 3600)  # opens at 18:00
64800.0
>>> rates = [0.0] * 12 + [3600.0] * 12  # one arrival a second from noon
>>> next_arrival(lambda hour: rates[hour % 24], 0.0, 1.0, horizon=86400)
43201.0
"""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = [
    "DAY",
    "HOUR",
    "is_dealing",
    "is_open",
    "next_arrival",
    "next_change",
    "next_dealing_change",
]

HOUR = 3600.0
DAY = 86400.0

Windows = tuple[tuple[int, int], ...]


def _in_day(t: float) -> float:
    return t - math.floor(t / DAY) * DAY


def is_open(windows: Windows | None, t: float) -> bool:
    """Is a table with these opening ``windows`` (None = always) open at ``t``?"""
    if windows is None:
        return True
    second = _in_day(t)
    return any(a <= second < b or a <= second + DAY < b for a, b in windows)


def next_change(windows: Windows | None, t: float) -> float:
    """The first time after ``t`` at which the table opens or closes (inf when always open)."""
    if windows is None:
        return math.inf
    day = math.floor(t / DAY) * DAY
    edges = sorted(day + e + k * DAY for a, b in windows for e in (a, b) for k in (-1, 0, 1))
    return next(e for e in edges if e > t)


def _on_break(break_minutes: float | None, t: float) -> bool:
    if not break_minutes:
        return False
    return t - math.floor(t / HOUR) * HOUR >= HOUR - 60.0 * break_minutes


def is_dealing(windows: Windows | None, break_minutes: float | None, t: float) -> bool:
    """Open and not on a break without relief (``break_minutes`` None: a relief dealer)."""
    return is_open(windows, t) and not _on_break(break_minutes, t)


def next_dealing_change(windows: Windows | None, break_minutes: float | None, t: float) -> float:
    """The first time after ``t`` at which :func:`is_dealing` may change."""
    change = next_change(windows, t)
    if break_minutes:
        hour = math.floor(t / HOUR) * HOUR
        edges = (hour + HOUR - 60.0 * break_minutes, hour + HOUR)
        change = min(change, next(e for e in edges if e > t))
    return change


def next_arrival(
    rate_per_hour: Callable[[int], float], t: float, exponential: float, *, horizon: float
) -> float:
    """The time of the next arrival after ``t`` given a unit exponential draw (inf past ``horizon``).

    ``rate_per_hour(h)`` is the arrival rate in clock hour ``h`` (hours since day 0).
    """
    need = exponential
    while t < horizon:
        hour = math.floor(t / HOUR)
        end = (hour + 1) * HOUR
        rate = rate_per_hour(hour) / HOUR
        if rate > 0 and need <= rate * (end - t):
            return t + need / rate
        need -= rate * (end - t)
        t = end
    return math.inf
