"""What the floor reads on every event: a player type's figures, a table group's state.

:class:`PlayerKind` holds a player type's figures as plain numbers (seconds,
cents); :class:`TableGroup` a group's tables, opening hours and dealer breaks
(cached between changes) and, for poker, its waiting list.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from casino_sim.config.floor import BankedGroup, PlayerType, PokerGroup
from casino_sim.config.money import cents
from casino_sim.floor.banked import BankedTable
from casino_sim.floor.plan import FloorPlan
from casino_sim.floor.players import Player
from casino_sim.floor.poker import PokerTable
from casino_sim.floor.schedule import is_dealing, is_open, next_change, next_dealing_change
from casino_sim.floor.tally import TableTally

__all__ = ["PlayerKind", "Table", "TableGroup"]

Table = BankedTable | PokerTable


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
    ante: dict[str, int]  # cents, by banked group

    @classmethod
    def of(cls, kind: PlayerType, plan: FloorPlan) -> PlayerKind:
        return cls(
            kind.name, kind.games, float(kind.session_minutes) * 60.0, kind.session == "fixed",
            float(kind.side_bet), float(kind.mistake_rate), float(kind.patience_minutes) * 60.0,
            None if kind.buy_in is None else cents(kind.buy_in), kind.bot,
            {g: cents(a) for (g, k), a in plan.antes.items() if k == kind.name},
        )  # fmt: skip


@dataclass
class TableGroup:
    """A table group on the floor: its tables, hours, breaks and (poker) waiting list."""

    definition: BankedGroup | PokerGroup
    tables: list[Table]
    windows: tuple[tuple[int, int], ...] | None
    break_minutes: float | None
    waiting: deque[Player]
    waiting_tally: TableTally
    last_list_change: float = 0.0
    reneged: int = 0
    _open: tuple[float, float, bool] = (math.inf, -math.inf, False)  # since, until, open
    _pause: tuple[float, float] = (math.inf, -math.inf)  # since, the next dealing change

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
