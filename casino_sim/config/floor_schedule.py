"""A banked table group's schedules by block of hours, the same every day or a weekday its own:
``schedule:`` (how many of its tables are open) and ``minimums:`` (the table minimum).

``starts`` are the blocks' first clock hours (the first 0); ``every_day`` the value of
each block; a weekday key (``saturday: [...]``) replaces it on that day. Table ``i`` of the
group (0 first) is open while the group's ``open`` hours hold and ``i`` is below the block's
count; the group's ``count`` is the most a schedule may open.

>>> week = TableSchedule(starts=(0, 10, 18), every_day=(2, 4, 6), saturday=(3, 6, 8))
>>> by_hour = week.by_hour()
>>> by_hour[0][9], by_hour[0][10], by_hour[5][23]  # Monday 09:00, 10:00; Saturday 23:00
(2, 4, 8)
>>> from fractions import Fraction as F
>>> limits = MinimumSchedule(starts=(0, 18), every_day=(F(5), F(10)), saturday=(F(10), F(25)))
>>> limits.by_hour()[0][17], limits.by_hour()[0][18], limits.by_hour()[5][20]
(Fraction(5, 1), Fraction(10, 1), Fraction(25, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from pydantic import Field

from casino_sim.config.common import definition, require_whole_cents
from casino_sim.config.money import PositiveAmount
from casino_sim.config.problems import FieldProblem

__all__ = ["DAYS", "MinimumSchedule", "TableSchedule"]

#: The weekday keys, Monday first.
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

#: Tables open in a block (strict: ``010`` or ``yes`` is an error, not a number).
Count = Annotated[int, Field(strict=True, ge=0, le=500)]
Counts = tuple[Count, ...]
#: A block's first clock hour.
Hour = Annotated[int, Field(strict=True, ge=0, le=23)]


class _Blocks:
    """What both schedules share: the blocks' ``starts``, a value per block for every day
    (``every_day``) or a weekday's own, read by weekday and clock hour."""

    starts: tuple[int, ...]
    every_day: tuple[Any, ...]

    def _check_blocks(self) -> None:
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
        for key, values in self.lists():
            if len(values) != len(self.starts):
                raise FieldProblem(
                    f"{len(values)} value(s) for {len(self.starts)} block(s) (one per start)", key
                )

    def lists(self) -> list[tuple[str, tuple[Any, ...]]]:
        """Each list given, with its key (``every_day`` first)."""
        return [(key, values) for key in ("every_day", *DAYS)
                if (values := getattr(self, key)) is not None]  # fmt: skip

    def day(self, weekday: int) -> tuple[Any, ...]:
        """The values of weekday ``weekday`` (0 = Monday), one per block."""
        own: tuple[Any, ...] | None = getattr(self, DAYS[weekday])
        return self.every_day if own is None else own

    def by_hour(self) -> list[list[Any]]:
        """The value by weekday (0 = Monday) and clock hour, ``[7][24]``."""
        out = []
        for weekday in range(7):
            values = self.day(weekday)
            out.append([values[sum(s <= hour for s in self.starts) - 1] for hour in range(24)])
        return out


@definition
class TableSchedule(_Blocks):
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
        self._check_blocks()

    def check_tables(self, count: int) -> None:
        """:class:`FieldProblem` when a block opens more tables than the group's ``count``."""
        for key, counts in self.lists():
            for i, n in enumerate(counts):
                if n > count:
                    raise FieldProblem(
                        f"{n} tables open, more than the group's {count} (count)",
                        "schedule",
                        key,
                        i,
                    )


Amounts = tuple[PositiveAmount, ...]


@definition
class MinimumSchedule(_Blocks):
    """The table minimum by block of hours: ``every_day``, or a weekday's own list."""

    starts: tuple[Hour, ...]
    """The blocks' first clock hours, increasing, the first 0 (e.g. [0, 18])."""
    every_day: Amounts
    """The minimum bet in each block, one per start."""
    monday: Amounts | None = None
    """Monday's own minimums (default: every_day)."""
    tuesday: Amounts | None = None
    """Tuesday's own minimums."""
    wednesday: Amounts | None = None
    """Wednesday's own minimums."""
    thursday: Amounts | None = None
    """Thursday's own minimums."""
    friday: Amounts | None = None
    """Friday's own minimums."""
    saturday: Amounts | None = None
    """Saturday's own minimums."""
    sunday: Amounts | None = None
    """Sunday's own minimums."""

    def __post_init__(self) -> None:
        self._check_blocks()
        for key, amounts in self.lists():
            for i, amount in enumerate(amounts):
                require_whole_cents(amount, key, i)

    def check_limits(self, low: Fraction, high: Fraction, names: tuple[str, str]) -> None:
        """:class:`FieldProblem` when a block's minimum is outside the group's limits
        ``low..high`` (``names``: the limits' keys)."""
        for key, amounts in self.lists():
            for i, amount in enumerate(amounts):
                if not low <= amount <= high:
                    raise FieldProblem(
                        f"a minimum of {amount} is outside the group's limits {low}..{high} "
                        f"({names[0]}..{names[1]})",
                        "minimums",
                        key,
                        i,
                    )

    def amounts(self) -> list[Fraction]:
        """Every minimum the schedule sets, lowest first."""
        return sorted({a for _, amounts in self.lists() for a in amounts})
