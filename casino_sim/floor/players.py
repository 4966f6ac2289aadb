"""A poker player on the floor: their type, session, bot, and where they sit or wait.

(A banked session lives in its table's seat arrays: :class:`~casino_sim.floor.banked.BankedTable`.)

>>> p = Player(kind=0, session=3, leaves_at=7200.0)
>>> p.seated_at is None, p.net
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Player"]


@dataclass(eq=False, slots=True)
class Player:
    """One poker session: type index, session id, its money so far (cents), where it is."""

    kind: int
    session: int
    buy_ins: int = 0  # cash for chips in cents (the drop this session made)
    net: int = 0  # the session's time collection so far, cents (the tables book the hands)
    leaves_at: float = float("inf")  # the session's planned end
    seated_at: Any = None  # the table, or None (waiting or gone)
    token: int = 0  # bumped on every move: stale timers compare it
    bot: Any = None  # the bot policy
    arrived: float = 0.0
