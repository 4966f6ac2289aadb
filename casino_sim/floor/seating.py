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
        bet = self.stake(k, now)
        if bet is None:
            return Offer.PRICED_OUT
        free = self.free_tables(now)
        if not free:
            return Offer.NONE
        table = free[int(self.floor.seating_uniform(self.definition.name) * len(free))]
        visit = self.floor.open_visit(k, now + length)
        self.terms(visit, table, side, bet)
        table.tally.add(now, DROP, visit.buy_ins)
        table.seat(visit, now)
        return Offer.SEATED

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
