"""A stud player on the floor: a :class:`~casino_sim.floor.tables.Visit` whose play is its bot.

(Kept for code that builds stud players by hand, such as the stud table's tests;
the floor itself makes every visit with :class:`~casino_sim.floor.tables.Visit`.)

>>> p = Player(kind=0, session=3, leaves_at=7200.0)
>>> p.seated_at is None, p.net, p.play is None
(True, 0, True)
"""

from __future__ import annotations

from typing import Any

from casino_sim.floor.tables import Visit

__all__ = ["Player"]


class Player(Visit):
    """A :class:`~casino_sim.floor.tables.Visit` made with its bot policy (``bot=``)."""

    __slots__ = ()

    def __init__(self, *, kind: int, session: int, bot: Any = None, **rest: Any) -> None:
        Visit.__init__(self, kind=kind, session=session, play=bot, **rest)
