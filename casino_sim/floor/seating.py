"""Seating at banked tables: an arrival takes a random table with a free seat, at once.

A banked game's :class:`~casino_sim.floor.games.GroupPlay` is a :class:`RandomSeat`
that says how a visit plays there (:meth:`RandomSeat.terms`): the drop is
tallied at the table, the table brought up to the time and the visit seated.
A table's departures are its own (no waiting list, no SimPy event).
"""

from __future__ import annotations

from casino_sim.floor.games import GroupPlay, Offer
from casino_sim.floor.tables import FloorTable, Visit
from casino_sim.floor.tally import DROP

__all__ = ["RandomSeat"]


class RandomSeat(GroupPlay):
    """A group whose arrivals sit at a random open table (the floor's :meth:`seating_uniform
    <casino_sim.floor.tables.FloorContext.seating_uniform>` for the group)."""

    def offer(self, k: int, length: float, side: bool, now: float) -> Offer:
        free = self.free_tables(now)
        if not free:
            return Offer.NONE
        table = free[int(self.floor.seating_uniform(self.definition.name) * len(free))]
        visit = self.floor.open_visit(k, now + length)
        self.terms(visit, table, side)
        table.tally.add(now, DROP, visit.buy_ins)
        table.seat(visit, now)
        return Offer.SEATED

    def free_tables(self, now: float) -> list[FloorTable]:
        """The group's open tables with a free seat at ``now``, in the group's order (a game may
        answer it quicker, with the same tables)."""
        return [table for table in self.tables[: self.open_count] if table.free_seats(now)]

    def terms(self, visit: Visit, table: FloorTable, side: bool) -> None:
        """Set how ``visit`` plays at ``table`` (:attr:`Visit.play`) and its buy-in
        (:attr:`Visit.buy_ins`, the drop)."""
        raise NotImplementedError
