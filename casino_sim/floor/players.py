"""A player on the floor: who they are (their type), what they bet, and how their session stands.

>>> p = Player(kind=0, session=3, ante=500, side=True, chips=20_000, unlimited=False)
>>> p.seated_at is None, p.net
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Player"]


@dataclass(eq=False, slots=True)
class Player:
    """One session: type index, session id, bet (cents), side bet, chips (cents), where seated."""

    kind: int
    session: int
    ante: int = 0
    side: bool = False
    chips: int = 0  # chips in front of the player (banked games; cents)
    unlimited: bool = True  # rebuys whenever short (the drop grows); else leaves when broke
    buy_ins: int = 0  # chips bought in cents (the drop this session made)
    net: int = 0  # the session's result so far, cents
    hands: int = 0
    leaves_at: float = float("inf")  # the session's planned end
    seated_at: Any = None  # the table, or None (waiting or gone)
    token: int = 0  # bumped on every move: stale timers compare it
    bot: Any = None  # poker: the bot policy
    rule: int = 0  # banked: the strategy's slot in the table's book
    mistake: float = 0.0
    arrived: float = 0.0
