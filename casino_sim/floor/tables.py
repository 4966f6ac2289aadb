"""What every floor table is to the floor: one :class:`FloorTable` protocol and one :class:`Visit`.

The floor's run loop (:mod:`casino_sim.floor.run`) knows no game: it reaches a
table only through :class:`FloorTable` (free seats at a time, seat a visit,
unseat it, advance to a time, its hours, close, flush the day's money) and a
table group only through the game's entry in the registry
(:mod:`casino_sim.floor.games`). Anyone sitting at, or waiting for, any table
is a :class:`Visit`: a session of a player type, with the game's own terms in
:attr:`Visit.play` (a Caribbean seat's rule and ante, a stud bot).

A table keeps its own clock: :meth:`FloorTable.advance` deals and books every
round or hand up to a time and lets go the players whose visits end before it
(at their own times, no SimPy event); the floor advances a table whenever it
looks at it. Money reaches the ledger and the meters at :meth:`FloorTable.flush`
(every midnight and at the end).

>>> visit = Visit(kind=0, session=3, leaves_at=7200.0)
>>> visit.seated_at is None, visit.net, visit.play is None
(True, 0, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from casino_sim.engine.ledger import Ledger
    from casino_sim.floor.groups import PlayerKind
    from casino_sim.floor.meters import LinkedBadBeat, LinkedProgressive
    from casino_sim.floor.tally import SessionLog, TableTally

__all__ = ["FloorContext", "FloorTable", "Visit"]


@dataclass(eq=False, slots=True)
class Visit:
    """One session at the floor's tables: its player type (index), session id, money, place."""

    kind: int
    session: int
    buy_ins: int = 0  # cash for chips in cents (the drop this session made)
    net: int = 0  # the session's money booked on the visit itself (time collection), cents
    leaves_at: float = float("inf")  # the session's planned end
    seated_at: Any = None  # the table, or None (waiting or gone)
    token: int = 0  # bumped on every move: stale timers compare it
    play: Any = None  # how the visit plays, the game's own terms (a seat's rule, a bot)
    arrived: float = 0.0

    def end(self, log: SessionLog) -> None:
        """The session is over: what the visit holds goes to the log (the tables book their
        rounds and hands there themselves)."""
        log.net[self.session] += self.net
        log.drop[self.session] = self.buy_ins


class FloorTable(Protocol):
    """A table on the floor, whatever its game.

    Every method that takes a time first brings the table to it (:meth:`advance`).
    """

    index: int  # the table's number on the floor (its random stream is the floor's index + 1)
    tally: TableTally  # its figures by clock hour

    def free_seats(self, t: float) -> int:
        """Seats a new player could take at ``t`` (0 where the game seats from a waiting list
        only into a running game)."""
        ...

    def seat(self, visit: Visit, t: float) -> None:
        """``visit`` sits down at ``t`` (a banked table books its buy-in there: the drop)."""
        ...

    def unseat(self, visit: Visit, t: float) -> None:
        """``visit`` stands up at ``t`` (its rounds up to ``t`` booked)."""
        ...

    def advance(self, t: float) -> None:
        """Deal and book every round or hand up to ``t``; visits that end before ``t`` end."""
        ...

    def set_hours(self, t: float, *, open_: bool, dealing: bool, pause: float) -> list[Visit]:
        """From ``t``: open or closed, dealing or not (a break without relief), until the next
        change at ``pause``. Closing ends the sessions seated: returns the visits the floor must
        end (a table that ends its own sessions returns none)."""
        ...

    def close(self, t: float) -> list[Visit]:
        """The end of the run at ``t``: every seated session ends (returned as for
        :meth:`set_hours`)."""
        ...

    def flush(self) -> None:
        """Pass the money booked since the last flush to the ledger and the linked meter."""
        ...


class FloorContext(Protocol):
    """What a game's group code may use of the floor running it (one replication)."""

    log: SessionLog
    ledger: Ledger
    kinds: list[PlayerKind]
    meters: dict[str, LinkedProgressive | LinkedBadBeat]
    hours: int  # the run's clock hours (a tally's rows)

    @property
    def now(self) -> float:
        """The floor's time, seconds."""
        ...

    def after(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` ``delay`` seconds from now (nothing at or past the horizon)."""
        ...

    def seating_uniform(self, group: str) -> float:
        """The uniform number that picks one of ``group``'s open tables for the arriving player
        (the traffic stream's next; with keyed streams, the group's seating stream's next)."""
        ...

    def arrival_patience(self) -> float:
        """The arriving player's patience on a waiting list, a unit exponential number (the
        traffic stream's next; with keyed streams, drawn with the arrival from its type's stream)."""
        ...

    def arrival_bet(self, k: int) -> int:
        """The arriving player's wanted bet: an index into its type's ``wanted`` bets (drawn
        with the arrival when the type has a bet-size distribution, else 0)."""
        ...

    def open_visit(self, k: int, leaves_at: float) -> Visit:
        """A new session of player type ``k`` arriving now."""
        ...

    def end_visit(self, visit: Visit) -> None:
        """``visit``'s session is over."""
        ...

    def gave_up(self, visit: Visit) -> None:
        """``visit`` left a waiting list without a seat (counted by player type)."""
        ...

    def waited(self, visit: Visit) -> None:
        """``visit``'s wait on a list is over (seated, gave up or the run ended): its seconds
        are tallied by the floor at its arrival's hour (once)."""
        ...
