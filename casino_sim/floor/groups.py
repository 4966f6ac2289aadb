"""What the floor reads on every event: a player type's figures, a table group's hours.

:class:`PlayerKind` holds a player type's figures as plain numbers (seconds,
cents); :class:`GroupHours` a group's opening hours and dealer breaks, cached
between changes (every game's :class:`~casino_sim.floor.games.GroupPlay` has them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from casino_sim.config.floor import PlayerType
from casino_sim.config.money import cents
from casino_sim.floor.schedule import is_dealing, is_open, next_change, next_dealing_change

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

    @classmethod
    def of(cls, kind: PlayerType) -> PlayerKind:
        return cls(
            kind.name, kind.games, float(kind.session_minutes) * 60.0, kind.session == "fixed",
            float(kind.side_bet), float(kind.mistake_rate), float(kind.patience_minutes) * 60.0,
            None if kind.buy_in is None else cents(kind.buy_in), kind.bot,
        )  # fmt: skip


class GroupHours:
    """A table group's opening hours and dealer breaks (a group definition's ``open`` and
    ``dealer_breaks``), with the current state cached until its next change."""

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

    def is_open(self, t: float) -> bool:
        """Open at ``t``? (Constant from one opening or closing to the next: cached.)"""
        since, until, open_ = self._open
        if not since <= t < until:
            open_ = is_open(self.windows, t)
            self._open = (t, next_change(self.windows, t), open_)
        return open_

    def next_dealing_change(self, t: float) -> float:
        """:func:`~casino_sim.floor.schedule.next_dealing_change` after ``t``, cached until it passes."""
        since, change = self._pause
        if not since <= t < change:
            change = next_dealing_change(self.windows, self.break_minutes, t)
            self._pause = (t, change)
        return change

    def is_dealing(self, t: float) -> bool:
        return is_dealing(self.windows, self.break_minutes, t)
