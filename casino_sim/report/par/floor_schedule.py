"""The floor section's part for a floor whose banked groups have a ``schedule:`` or
``minimums:``: the tables open and the table minimum by weekday and block of hours, as a table
per group and schedule, and a heat map."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.config.floor_schedule import DAYS, MinimumSchedule, TableSchedule
from casino_sim.report.floor_plots import figure_bytes
from casino_sim.report.par.model import Column, Part, Plot, Table
from casino_sim.report.par.plots import plot_of, png_bytes
from casino_sim.report.schedule_plot import hourly_figure

if TYPE_CHECKING:
    from casino_sim.config.floor_loader import Floor

__all__ = ["schedule_part"]


def _blocks_table(
    table_id: str, title: str, schedule: TableSchedule | MinimumSchedule, unit: str, note: str
) -> Table:
    """One schedule's values by weekday (rows) and block (columns)."""
    starts = schedule.starts
    ends = [*starts[1:], 24]
    columns = [Column("weekday", "weekday")] + [
        Column(f"from_{a:02d}", f"{a:02d}:00-{b:02d}:00", unit)
        for a, b in zip(starts, ends, strict=True)
    ]
    rows: list[dict[str, Any]] = []
    for d, day in enumerate(DAYS):
        values = [v if unit == "count" else float(v) for v in schedule.day(d)]
        rows.append(
            {"weekday": day, **{f"from_{a:02d}": v for a, v in zip(starts, values, strict=True)}}
        )
    return Table(table_id, title, tuple(columns), tuple(rows), note=note)


#: Per schedule key: its definition's type, the table's id and title, the cells' unit, a note.
_SCHEDULES = (
    ("schedule", TableSchedule, "schedule", "tables open by weekday and block (of {count})", "count",
     "While the group's opening hours hold; the first tables open first (docs/floor.md, Tables "
     "by hour and weekday)."),
    ("minimums", MinimumSchedule, "minimums", "table minimum by weekday and block", "money",
     "A player below the minimum raises its bet to it; a type whose max_minimum is lower passes "
     "the group over (docs/floor.md, Minimum bets)."),
)  # fmt: skip


def schedule_part(floor: Floor, prefix: str) -> Part | None:
    """The schedules and minimums of ``floor``'s groups (None: no group has either)."""
    tables: list[Table] = []
    by_hour: dict[str, np.ndarray] = {}
    for group in floor.definition.tables:
        for key, kind, slug, title, unit, note in _SCHEDULES:
            schedule = getattr(group, key, None)
            if not isinstance(schedule, kind):
                continue
            table_id = f"{prefix}-{slug}-{group.name}"
            heading = f"{group.name}: {title.format(count=group.count)}"
            tables.append(_blocks_table(table_id, heading, schedule, unit, note))
            if key == "schedule":
                by_hour[group.name] = np.array(schedule.by_hour())
    if not tables:
        return None
    plots: tuple[Plot, ...] = ()
    if by_hour:
        fig = hourly_figure(by_hour)
        plots = (plot_of(figure_bytes(fig, "svg"), png=png_bytes(fig), id=f"{prefix}-schedule-plot",
                         title="Tables open by weekday and hour",
                         caption="Each scheduled group's tables open, by weekday (rows) and hour "
                         "of day."),)  # fmt: skip
    return Part(f"{prefix}-schedule", "Table schedule", tables=tuple(tables), plots=plots)
