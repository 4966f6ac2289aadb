"""Net contribution: a table group's win less gaming tax, dealer labour and starts, and comps.

From the floor file's ``costs:`` block (:class:`~casino_sim.config.floor.Costs`),
per replication and table group:

- **dealer labour** = open table-hours x ``dealer_per_hour`` x dealer-hours per
  table-hour: 1, or at a group whose ``dealer_breaks`` have ``relief: true``
  ``1 + 1 / relief_tables`` (one relief dealer per that many tables) or
  ``relief_factor``; a table open is a dealer paid, players or not;
- **dealer starts** = table openings x ``dealer_start``: a table always open
  opens once; a table with hours opens at each window's start on each day of
  the run, and once at time 0 if a window from the day before holds it open then;
- **gaming tax** = ``gaming_tax`` x win (the run's win: a loss is a credit);
- **comps** = ``comps`` x theoretical win (a game without one, a raked poker
  game, its win: the rake is the house's expected take);
- **net contribution** = win - gaming tax - dealer labour - dealer starts - comps,
  also per day and per open table-hour.

>>> from casino_sim.config import load_floor
>>> pit = load_floor("floors/pit").group("pit")
>>> openings(pit, days=30)
6
"""

from __future__ import annotations

from typing import Any

import numpy as np

from casino_sim.config.floor import Costs
from casino_sim.floor.schedule import scheduled_tables

__all__ = ["COST_FIGURES", "COST_ROWS", "group_costs", "openings"]

#: The figures a ``costs:`` block adds to every table group, in the order they are shown.
COST_FIGURES = ("gaming_tax", "dealer_labour", "dealer_starts", "comps", "net_contribution",
                "net_contribution_per_day", "net_contribution_per_table_hour")  # fmt: skip

#: How the text summary and the PAR report show them: key, label, shown per day.
COST_ROWS = (
    ("gaming_tax", "gaming tax per day", True),
    ("dealer_labour", "dealer labour per day (relief included)", True),
    ("dealer_starts", "dealer starts per day (table openings)", True),
    ("comps", "comps per day", True),
    ("net_contribution", "net contribution per day", True),
    ("net_contribution_per_table_hour", "net contribution per table-hour", False),
)


def openings(group: Any, *, days: int, start_weekday: int = 0) -> int:
    """How many times the group's tables open over ``days`` days (all its tables; with a
    ``schedule``, each table the schedule opens, day 0 being weekday ``start_weekday``)."""
    if getattr(group, "schedule", None) is not None:
        return scheduled_tables(group, days=days, start_weekday=start_weekday)[1]
    hours = group.open
    if hours.always:
        return int(group.count)
    starts = days * len(hours.windows)
    held_open = hours.is_open(0) and not any(start == 0 for start, _ in hours.windows)
    return int(group.count) * (starts + int(held_open))


def group_costs(
    costs: Costs,
    group: Any,
    figures: dict[str, np.ndarray],
    *,
    open_table_hours: float,
    days: int,
    start_weekday: int = 0,
) -> dict[str, np.ndarray]:
    """The cost figures of one table group, one value per replication, from its ``figures``
    (``win`` and, where the game has one, ``theoretical_win``; money in dollars)."""
    win = figures["win"]
    breaks = group.dealer_breaks
    relief = breaks is not None and bool(breaks.relief)
    dealer_hours = float(costs.dealer_hours_per_table_hour(relief=relief))
    labour = np.full(len(win), open_table_hours * float(costs.dealer_per_hour) * dealer_hours)
    opened = openings(group, days=days, start_weekday=start_weekday)
    starts = np.full(len(win), opened * float(costs.dealer_start))
    tax = float(costs.gaming_tax) * win
    comps = float(costs.comps) * figures.get("theoretical_win", win)
    net = win - tax - labour - starts - comps
    values = (tax, labour, starts, comps, net, net / days, net / open_table_hours)
    return dict(zip(COST_FIGURES, values, strict=True))
