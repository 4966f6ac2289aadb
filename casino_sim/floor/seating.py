"""Seating at banked tables: an arrival takes a random table with a free seat, at once, if
the table minimum suits it.

A banked game's :class:`~casino_sim.floor.games.GroupPlay` is a :class:`RandomSeat`
that says how a visit plays there (:meth:`RandomSeat.terms`): the drop is
tallied at the table, the table brought up to the time and the visit seated.
A table's departures are its own (no waiting list, no SimPy event).

The bet: the player type's wanted bet (its ``ante``, or the one its ``bets`` drew for the
session), raised to the table minimum of the hour (the group's ``minimums``); a minimum
above the type's ``max_minimum`` passes the group over (:data:`Offer.PRICED_OUT`). The bet
holds for the session: a minimum raised later does not raise it (a seated player keeps
the limit it sat down at).

**The waiting list** (a group's ``waiting_list: true``): an arrival who finds every table of
the group full, and no seat at a later game of its list, waits here for a seat, first come
first served, up to its type's patience (exponential, mean ``patience_minutes``). Its
session (``session_minutes``) starts when it sits. While players wait, the group looks for
a free seat at the next planned departure of its tables and at least once a round (a player
whose bankroll runs out leaves after a round, which a table finds only when it deals), so a
wait ends at the departure that frees the seat, or within a round of it.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

from casino_sim.floor.games import GroupPlay, Offer
from casino_sim.floor.tables import FloorContext, FloorTable, Visit
from casino_sim.floor.tally import TableTally

__all__ = ["RandomSeat"]

# the answers to an arrival (an enum member's lookup costs more than a global's)
_SEATED, _WAITING_LIST, _NONE, _PRICED_OUT = (
    Offer.SEATED, Offer.WAITING_LIST, Offer.NONE, Offer.PRICED_OUT)  # fmt: skip


class RandomSeat(GroupPlay):
    """A group whose arrivals sit at a random open table (the floor's :meth:`seating_uniform
    <casino_sim.floor.tables.FloorContext.seating_uniform>` for the group), or wait for one
    (``waiting_list: true``)."""

    def __init__(self, floor: FloorContext, definition: Any, tables: list[FloorTable]) -> None:
        super().__init__(floor, definition, tables)
        self.waiting_list = bool(getattr(definition, "waiting_list", False))
        #: listed players, first come first: (visit, side bet, bet in cents, session seconds)
        self.waiting: deque[tuple[Visit, bool, int, float]] = deque()
        self.waiting_tally = TableTally(floor.hours)
        self.reneged = 0
        self._since = 0.0  # the list's length last changed
        self._check = math.inf  # the next look for a free seat already asked for
        #: the longest look between two for a free seat: a full table's round (a game of one's
        #: own without a ``pace``: a minute)
        pace = getattr(definition, "pace", None)
        self._round = 60.0 if pace is None else pace.seconds(definition.seats)

    def offer(self, k: int, length: float, side: bool, now: float) -> Offer:
        bet = self.stake(k, now)
        if bet is None:
            return _PRICED_OUT
        free = self.free_tables(now)
        if not free:
            return _WAITING_LIST if self.waiting_list else _NONE
        visit = self.floor.open_visit(k, now + length)
        self._sit(visit, free, side, bet, now)
        return _SEATED

    def _sit(self, visit: Visit, free: list[FloorTable], side: bool, bet: int, now: float) -> None:
        """``visit`` sits at a random table of ``free`` with a bet of ``bet`` cents."""
        table = free[int(self.floor.seating_uniform(self.definition.name) * len(free))]
        self.terms(visit, table, side, bet)
        table.seat(visit, now)  # (a banked table books the buy-in as the drop)

    # ------------------------------------------------------- the waiting list
    def join(self, k: int, length: float, side: bool, now: float) -> None:
        bet = self.stake(k, now)
        assert bet is not None  # the group offered its list: the minimum suits the player
        visit = self.floor.open_visit(k, math.inf)  # the session starts at the seat
        self._list_changed(now)
        self.waiting.append((visit, side, bet, length))
        patience = self.floor.kinds[k].patience_seconds * self.floor.arrival_patience()
        self.floor.after(patience, self._give_up(visit, visit.token))
        self._look(now)

    def opened(self, now: float) -> None:
        if self.waiting:
            self._look(now)

    def finish(self, end: float) -> None:
        self._list_changed(end)
        for visit, *_ in self.waiting:
            self.floor.waited(visit)
            self.floor.end_visit(visit)
        self.waiting.clear()

    def queue(self) -> tuple[int, TableTally] | None:
        return (self.reneged, self.waiting_tally) if self.waiting_list else None

    def _look(self, now: float) -> None:
        """Seat listed players while a table has a free seat, then ask for the next look."""
        if self.is_open(now):
            while self.waiting and (free := self.free_tables(now)):
                self._list_changed(now)
                visit, side, bet, length = self.waiting.popleft()
                visit.token += 1  # cancels the patience timer
                visit.leaves_at = now + length
                self.floor.log.wait[visit.session] = now - visit.arrived
                self.floor.waited(visit)
                self._sit(visit, free, side, bet, now)
        if self.waiting:
            leaves = [_next_leave(t) for t in self.tables[: self.open_count]]
            first = max(min(leaves, default=math.inf), now)  # a seat frees just after it
            at = min(now + self._round, float(np.nextafter(first, math.inf)))
            if at < self._check or self._check <= now:
                self._check = at
                self.floor.after(at - now, lambda: self._checked(at))

    def _checked(self, at: float) -> None:
        if at == self._check:  # the latest look asked for (an earlier one may come first)
            self._look(self.floor.now)

    def _give_up(self, visit: Visit, token: int) -> Callable[[], None]:
        """What runs when ``visit``'s patience is out: it leaves the list unless seated since."""

        def action() -> None:
            if visit.token != token:
                return
            self._list_changed(self.floor.now)
            self.waiting = deque(w for w in self.waiting if w[0] is not visit)
            self.reneged += 1
            self.floor.gave_up(visit)
            self.floor.end_visit(visit)

        return action

    def _list_changed(self, now: float) -> None:
        """The list's length is about to change: tally the time it held."""
        self.waiting_tally.add_span(self._since, now, 0, len(self.waiting))
        self._since = now

    def stake(self, k: int, now: float) -> int | None:
        """The bet (cents) the arriving player of type ``k`` places here at ``now``: its wanted
        bet raised to the table minimum, None when the minimum is above its ``max_minimum``."""
        kind = self.floor.kinds[k]
        minimum = self.minimum(now)
        if kind.max_minimum is not None and minimum > kind.max_minimum:
            return None
        wanted = kind.wanted[self.floor.arrival_bet(k)]
        return minimum if wanted is None else max(wanted, minimum)

    def free_tables(self, now: float) -> list[FloorTable]:
        """The group's open tables with a free seat at ``now``, in the group's order (a game may
        answer it quicker, with the same tables)."""
        return [table for table in self.tables[: self.open_count] if table.free_seats(now)]

    def terms(self, visit: Visit, table: FloorTable, side: bool, bet: int) -> None:
        """Set how ``visit`` plays at ``table`` with a bet of ``bet`` cents
        (:attr:`Visit.play`) and its buy-in (:attr:`Visit.buy_ins`, the drop)."""
        raise NotImplementedError


def _next_leave(table: FloorTable) -> float:
    """A table's earliest planned departure (its ``next_leave()``; a game's table without one
    is looked at once a round)."""
    next_leave = getattr(table, "next_leave", None)
    return math.inf if next_leave is None else float(next_leave())
