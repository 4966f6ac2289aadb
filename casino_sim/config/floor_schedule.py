"""A banked table group's ``schedule:``: how many of its tables are open in each block of hours,
the same every day or a weekday its own.

``starts`` are the blocks' first clock hours (the first 0); ``every_day`` the tables open in
each block; a weekday key (``saturday: [...]``) replaces it on that day. Table ``i`` of the
group (0 first) is open while the group's ``open`` hours hold and ``i`` is below the block's
count; the group's ``count`` is the most a schedule may open.

>>> week = TableSchedule(starts=(0, 10, 18), every_day=(2, 4, 6), saturday=(3, 6, 8))
>>> by_hour = week.by_hour()
>>> by_hour[0][9], by_hour[0][10], by_hour[5][23]  # Monday 09:00, 10:00; Saturday 23:00
(2, 4, 8)
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from casino_sim.config.common import definition
from casino_sim.config.problems import FieldProblem

__all__ = ["DAYS", "TableSchedule"]

#: The weekday keys, Monday first.
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

#: Tables open in a block (strict: ``010`` or ``yes`` is an error, not a number).
Count = Annotated[int, Field(strict=True, ge=0, le=500)]
Counts = tuple[Count, ...]
#: A block's first clock hour.
Hour = Annotated[int, Field(strict=True, ge=0, le=23)]


@definition
class TableSchedule:
    """Tables open by block of hours: ``every_day``, or a weekday's own list."""

    starts: tuple[Hour, ...]
    """The blocks' first clock hours, increasing, the first 0 (e.g. [0, 10, 18])."""
    every_day: Counts
    """Tables open in each block, one per start."""
    monday: Counts | None = None
    """Monday's own counts (default: every_day)."""
    tuesday: Counts | None = None
    """Tuesday's own counts."""
    wednesday: Counts | None = None
    """Wednesday's own counts."""
    thursday: Counts | None = None
    """Thursday's own counts."""
    friday: Counts | None = None
    """Friday's own counts."""
    saturday: Counts | None = None
    """Saturday's own counts."""
    sunday: Counts | None = None
    """Sunday's own counts."""

    def __post_init__(self) -> None:
        if not self.starts:
            raise FieldProblem("at least one block (starts: [0] for one all day)", "starts")
        if self.starts[0] != 0:
            raise FieldProblem(
                f"the first block starts at hour 0, not {self.starts[0]}", "starts", 0
            )
        for i, (a, b) in enumerate(zip(self.starts, self.starts[1:], strict=False)):
            if not a < b <= 23:
                raise FieldProblem(
                    f"expected hours increasing within 0..23, got {b} after {a}", "starts", i + 1
                )
        for key in ("every_day", *DAYS):
            counts = getattr(self, key)
            if counts is None:
                continue
            if len(counts) != len(self.starts):
                raise FieldProblem(
                    f"{len(counts)} count(s) for {len(self.starts)} block(s) (one per start)", key
                )

    def day(self, weekday: int) -> Counts:
        """The counts of weekday ``weekday`` (0 = Monday), one per block."""
        own: Counts | None = getattr(self, DAYS[weekday])
        return self.every_day if own is None else own

    def by_hour(self) -> list[list[int]]:
        """Tables open by weekday (0 = Monday) and clock hour, ``[7][24]``."""
        out = []
        for weekday in range(7):
            counts = self.day(weekday)
            row = []
            for hour in range(24):
                block = sum(start <= hour for start in self.starts) - 1
                row.append(counts[block])
            out.append(row)
        return out

    def check_tables(self, count: int) -> None:
        """:class:`FieldProblem` when a block opens more tables than the group's ``count``."""
        for key in ("every_day", *DAYS):
            counts = getattr(self, key)
            for i, n in enumerate(counts or ()):
                if n > count:
                    raise FieldProblem(
                        f"{n} tables open, more than the group's {count} (count)",
                        "schedule",
                        key,
                        i,
                    )
