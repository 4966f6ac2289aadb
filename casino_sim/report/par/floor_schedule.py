"""The floor section's part for a floor whose banked groups have a ``schedule:``: the tables
open by weekday and block of hours, as a table per group and a heat map."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.config.floor_schedule import DAYS, TableSchedule
from casino_sim.report.floor_plots import figure_bytes
from casino_sim.report.par.model import Column, Part, Table
from casino_sim.report.par.plots import plot_of, png_bytes
from casino_sim.report.schedule_plot import hourly_figure

if TYPE_CHECKING:
    from casino_sim.config.floor_loader import Floor

__all__ = ["schedule_part"]


def schedule_part(floor: Floor, prefix: str) -> Part | None:
    """The schedules of ``floor``'s groups (None: no group has one)."""
    scheduled = [
        (group, schedule)
        for group in floor.definition.tables
        if isinstance(schedule := getattr(group, "schedule", None), TableSchedule)
    ]
    if not scheduled:
        return None
    tables = []
    by_hour: dict[str, np.ndarray] = {}
    for group, schedule in scheduled:
        starts = schedule.starts
        ends = [*starts[1:], 24]
        columns = [Column("weekday", "weekday")] + [
            Column(f"from_{a:02d}", f"{a:02d}:00-{b:02d}:00", "count")
            for a, b in zip(starts, ends, strict=True)
        ]
        rows: list[dict[str, Any]] = []
        for d, day in enumerate(DAYS):
            counts = schedule.day(d)
            rows.append(
                {
                    "weekday": day,
                    **{f"from_{a:02d}": n for a, n in zip(starts, counts, strict=True)},
                }
            )
        tables.append(
            Table(
                f"{prefix}-schedule-{group.name}",
                f"{group.name}: tables open by weekday and block (of {group.count})",
                tuple(columns),
                tuple(rows),
                note="While the group's opening hours hold; the first tables open first "
                "(docs/floor.md, Tables by hour and weekday).",
            )
        )
        by_hour[group.name] = np.array(schedule.by_hour())
    fig = hourly_figure(by_hour)
    plot = plot_of(figure_bytes(fig, "svg"), png=png_bytes(fig), id=f"{prefix}-schedule-plot",
                   title="Tables open by weekday and hour",
                   caption="Each scheduled group's tables open, by weekday (rows) and hour of day.")  # fmt: skip
    return Part(f"{prefix}-schedule", "Table schedule", tables=tuple(tables), plots=(plot,))
