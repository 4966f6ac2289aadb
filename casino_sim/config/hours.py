"""Opening hours of a table group: ``always`` or windows ``HH:MM-HH:MM`` (a window may pass midnight).

>>> hours = OpenHours.parse(["18:00-04:00"])
>>> hours.windows, hours.open_seconds_per_day, hours.is_open(2 * 3600), hours.is_open(12 * 3600)
(((64800, 100800),), 36000, True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from pydantic import PlainSerializer, PlainValidator, WithJsonSchema

from casino_sim.config.problems import FieldProblem

__all__ = ["ALWAYS_OPEN", "SECONDS_PER_DAY", "Hours", "OpenHours"]

SECONDS_PER_DAY = 86_400

_WINDOW = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


def _clock(hours: str, minutes: str, *, closing: bool) -> int | None:
    """Seconds after midnight of ``HH:MM`` (24:00 only when closing), or None."""
    h, m = int(hours), int(minutes)
    if m > 59 or h > 24 or (h == 24 and (m or not closing)):
        return None
    return 3600 * h + 60 * m


def _hhmm(second: int) -> str:
    return f"{second // 3600:02d}:{second % 3600 // 60:02d}"


@dataclass(frozen=True)
class OpenHours:
    """When a table group deals: windows of ``(open_second, close_second)`` within a day.

    A window past midnight (``18:00-04:00``) closes after 86400 (here at 100800).
    Windows are sorted, at least one, none empty, none overlapping another
    (also across midnight).

    >>> OpenHours.parse("always").always, OpenHours.parse(["00:00-24:00"]).always
    (True, True)
    >>> OpenHours.parse(["10:00-10:00"])
    Traceback (most recent call last):
    ...
    casino_sim.config.problems.FieldProblem: opening hours never open: 10:00-10:00 is an empty window (write 00:00-24:00 or always for all day)
    """

    windows: tuple[tuple[int, int], ...]
    """``(open_second, close_second)`` pairs; ``close_second`` may exceed 86400 (past midnight)."""

    @classmethod
    def parse(cls, value: object) -> OpenHours:
        """From YAML: ``"always"`` or a list of ``"HH:MM-HH:MM"``; :class:`FieldProblem` when wrong."""
        if isinstance(value, OpenHours):
            return value
        if value == "always":
            return ALWAYS_OPEN
        if not isinstance(value, list | tuple):
            raise FieldProblem(
                f'expected always or a list of windows such as ["10:00-02:00"], got {value!r}'
            )
        if not value:
            raise FieldProblem("opening hours never open: an empty list (write always for all day)")
        windows = [_window(item, index) for index, item in enumerate(value)]
        order = sorted(range(len(windows)), key=lambda i: windows[i])
        for position, i in enumerate(order):
            for j in order[position + 1 :]:
                if _overlap(windows[i], windows[j]):
                    first, second = sorted((i, j))
                    raise FieldProblem(
                        f"windows {value[first]} and {value[second]} overlap", second
                    )
        return cls(windows=tuple(windows[i] for i in order))

    @property
    def always(self) -> bool:
        """Open around the clock."""
        return self.open_seconds_per_day == SECONDS_PER_DAY

    @property
    def open_seconds_per_day(self) -> int:
        """Seconds open in one day (86400 = always)."""
        return sum(close - start for start, close in self.windows)

    def is_open(self, second_of_day: float) -> bool:
        """Open at ``second_of_day`` (taken modulo one day); windows are half-open ``[open, close)``."""
        second = second_of_day % SECONDS_PER_DAY
        return any(
            start <= second < close or start <= second + SECONDS_PER_DAY < close
            for start, close in self.windows
        )

    def to_yaml(self) -> str | list[str]:
        """How the hours are written in YAML: ``always`` or the list of windows."""
        if self.windows == ((0, SECONDS_PER_DAY),):
            return "always"
        return [
            f"{_hhmm(start)}-{_hhmm(close if close <= SECONDS_PER_DAY else close - SECONDS_PER_DAY)}"
            for start, close in self.windows
        ]


def _window(item: object, index: int) -> tuple[int, int]:
    match = _WINDOW.match(item) if isinstance(item, str) else None
    if match is None:
        raise FieldProblem(
            f"expected a window HH:MM-HH:MM such as 18:00-04:00, got {item!r}", index
        )
    start = _clock(match[1], match[2], closing=False)
    close = _clock(match[3], match[4], closing=True)
    if start is None or close is None:
        raise FieldProblem(f"no such time of day in {item!r} (00:00 to 24:00)", index)
    if close == start:
        raise FieldProblem(
            f"opening hours never open: {match[0].strip()} is an empty window "
            "(write 00:00-24:00 or always for all day)",
            index,
        )
    return (start, close if close > start else close + SECONDS_PER_DAY)


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return any(
        a[0] < b[1] + shift and b[0] + shift < a[1]
        for shift in (-SECONDS_PER_DAY, 0, SECONDS_PER_DAY)
    )


ALWAYS_OPEN = OpenHours(windows=((0, SECONDS_PER_DAY),))
"""Open around the clock (``open: always``)."""

_WINDOW_PATTERN = r"^\s*\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}\s*$"
Hours = Annotated[
    OpenHours,
    PlainValidator(OpenHours.parse),
    PlainSerializer(OpenHours.to_yaml),
    WithJsonSchema(
        {
            "anyOf": [
                {"const": "always"},
                {
                    "type": "array",
                    "minItems": 1,
                    "items": {"type": "string", "pattern": _WINDOW_PATTERN},
                },
            ]
        }
    ),
]
