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

import itertools
import math
from collections.abc import Callable
from typing import Any

__all__ = [
    "DAY",
    "HOUR",
    "is_dealing",
    "is_open",
    "next_arrival",
    "next_change",
    "next_dealing_change",
    "scheduled_tables",
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


def scheduled_tables(group: Any, *, days: int, start_weekday: int) -> tuple[float, int]:
    """(open table-hours, table openings) over ``days`` days of a group with a ``schedule``:
    in each stretch between the changes of its hours and of the schedule's hours, the tables
    the schedule opens while the group's hours hold; an opening is a table that was closed
    (the first at time 0).

    >>> from casino_sim.config import load_floor
    >>> pit = load_floor("floors/pit").group("pit")
    >>> import dataclasses
    >>> from casino_sim.config.floor_schedule import TableSchedule
    >>> week = TableSchedule(starts=(0, 12), every_day=(2, 6))
    >>> scheduled_tables(dataclasses.replace(pit, schedule=week), days=2, start_weekday=0)
    (192.0, 10)
    """
    week = group.schedule.by_hour()
    horizon = days * DAY
    points = {k * HOUR for k in range(days * 24 + 1)}
    for day in range(-1, days):  # the day before: a window past midnight closes on day 0
        for start, end in group.open.windows:
            points |= {day * DAY + start, day * DAY + end}
    cuts = sorted(p for p in points if 0 <= p <= horizon)
    hours, openings, before = 0.0, 0, 0
    for a, b in itertools.pairwise(cuts):
        middle = (a + b) / 2
        day, hour = int(middle // DAY), int(_in_day(middle) // HOUR)
        count = week[(start_weekday + day) % 7][hour] if group.open.is_open(middle) else 0
        hours += count * (b - a) / HOUR
        openings += max(0, count - before)
        before = count
    return hours, openings
