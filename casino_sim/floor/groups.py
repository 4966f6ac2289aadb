"""What the floor reads on every event: a player type's figures, a table group's hours.

:class:`PlayerKind` holds a player type's figures as plain numbers (seconds,
cents); :class:`GroupHours` a group's opening hours and dealer breaks, cached
between changes (every game's :class:`~casino_sim.floor.games.GroupPlay` has them).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Any

from casino_sim.config.floor import PlayerType
from casino_sim.config.money import cents
from casino_sim.floor.schedule import (
    HOUR,
    is_dealing,
    is_open,
    next_change,
    next_dealing_change,
)

__all__ = ["GroupHours", "PlayerKind"]


@dataclass(frozen=True)
class PlayerKind:
    """A player type's figures as plain numbers (read on every arrival)."""

    name: str
    games: tuple[str, ...]
    session_seconds: float
    fixed_session: bool
    side_bet: float
    mistake: float
    patience_seconds: float
    buy_in: int | None
    bot: str
    wanted: tuple[int | None, ...]  # the bets it wants, cents (None: the table minimum)
    wanted_cdf: tuple[float, ...]  # their cumulative shares (one bet: no draw)
    max_minimum: int | None  # the highest table minimum it accepts, cents

    @classmethod
    def of(cls, kind: PlayerType) -> PlayerKind:
        wanted = kind.wanted()
        shares = list(kind.bets.values()) if kind.bets is not None else [1]
        cdf = tuple(float(sum(shares[: i + 1])) for i in range(len(shares)))
        return cls(
            kind.name, kind.games, float(kind.session_minutes) * 60.0, kind.session == "fixed",
            float(kind.side_bet), float(kind.mistake_rate), float(kind.patience_minutes) * 60.0,
            None if kind.buy_in is None else cents(kind.buy_in), kind.bot,
            tuple(None if w is None else cents(w) for w in wanted), cdf,
            None if kind.max_minimum is None else cents(kind.max_minimum),
        )  # fmt: skip

    def pick_bet(self, uniform: float) -> int:
        """The index of the bet a session draws with ``uniform`` (0 with one bet)."""
        return min(bisect.bisect_right(self.wanted_cdf, uniform), len(self.wanted) - 1)


class GroupHours:
    """A table group's opening hours and dealer breaks (a group definition's ``open`` and
    ``dealer_breaks``), with the current state cached until its next change; with a
    ``schedule`` (:class:`~casino_sim.config.floor_schedule.TableSchedule`), how many of its
    tables are open hour by hour (the first ones: :attr:`open_count` while it runs)."""

    def __init__(self, definition: Any) -> None:
        breaks = definition.dealer_breaks
        self.windows: tuple[tuple[int, int], ...] | None = (
            None if definition.open.always else definition.open.windows
        )
        self.break_minutes: float | None = None
        if breaks is not None and not breaks.relief:
            self.break_minutes = float(breaks.minutes_per_hour)
        self._open: tuple[float, float, bool] = (math.inf, -math.inf, False)  # since, until, open
        self._pause: tuple[float, float] = (math.inf, -math.inf)  # since, next dealing change
        self._schedule = getattr(definition, "schedule", None)
        self._by_hour: list[int] | None = None  # tables open by hour of the week from day 0
        self._changes: list[int] = []
        self._count: int = definition.count
        #: The tables open now (the first ones of the group), set as the hours change.
        self.open_count: int = definition.count
        self._minimums = getattr(definition, "minimums", None)
        limits = getattr(definition, "limits", None)
        #: The table minimum (cents) by hour of the run's week, or one for every hour.
        self._minimum_by_hour: list[int] = [cents(limits[0])] * 168 if limits else [0] * 168

    def use_schedule(self, start_weekday: int) -> None:
        """Read the schedules by hour of the run's week (day 0 is weekday ``start_weekday``)."""
        if self._minimums is not None:
            week = self._minimums.by_hour()
            self._minimum_by_hour = [
                cents(week[(start_weekday + h // 24) % 7][h % 24]) for h in range(168)
            ]
        if self._schedule is not None:
            week = self._schedule.by_hour()
            self._by_hour = by_hour = [
                week[(start_weekday + h // 24) % 7][h % 24] for h in range(168)
            ]
            # the hours of the week where the count changes (none: a constant count)
            self._changes = [h for h in range(168) if by_hour[h] != by_hour[h - 1]]

    def _next_schedule_change(self, t: float) -> float:
        """The first hour after ``t`` where the schedule's count changes (inf: never)."""
        if not self._changes:
            return math.inf
        hour = math.floor(t / HOUR) + 1
        week, within = divmod(hour, 168)
        later = [h for h in self._changes if h >= within]
        return ((week * 168 + later[0]) if later else ((week + 1) * 168 + self._changes[0])) * HOUR

    def tables_open(self, t: float) -> int:
        """How many of the group's tables the schedule opens at ``t`` (all without one), the
        group's hours aside."""
        if self._by_hour is None:
            return self._count
        return self._by_hour[int(t // HOUR) % 168]

    def minimum(self, t: float) -> int:
        """The table minimum at ``t``, cents (0 for a group without betting limits)."""
        return self._minimum_by_hour[int(t // HOUR) % 168]

    def is_open(self, t: float) -> bool:
        """Open at ``t``? (Constant from one opening or closing to the next: cached.)"""
        since, until, open_ = self._open
        if not since <= t < until:
            open_ = is_open(self.windows, t)
            self._open = (t, next_change(self.windows, t), open_)
        return open_

    def next_dealing_change(self, t: float) -> float:
        """:func:`~casino_sim.floor.schedule.next_dealing_change` after ``t``, cached until it
        passes (with a schedule: the next hour where its count changes, at the latest)."""
        since, change = self._pause
        if not since <= t < change:
            change = next_dealing_change(self.windows, self.break_minutes, t)
            if self._by_hour is not None:
                change = min(change, self._next_schedule_change(t))
            self._pause = (t, change)
        return change

    def is_dealing(self, t: float) -> bool:
        return is_dealing(self.windows, self.break_minutes, t)
