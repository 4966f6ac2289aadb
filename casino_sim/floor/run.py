"""One replication of a floor: SimPy events for arrivals, hours, midnight and the games' own.

SimPy is the floor's event calendar. Its events are the *changes*: an
arrival, a table group opening, closing or going on a break, midnight, and
what a game schedules itself (a poker player's departure or patience running
out: :mod:`casino_sim.floor.stud`). Every event is a callback on a SimPy
timeout (no process per player). Between two changes a table's seats are
fixed, so it deals its rounds or hands on its own clock, in batches
(:meth:`FloorTable.advance <casino_sim.floor.tables.FloorTable.advance>`): the
event count grows with traffic, not with rounds. The floor brings a table to
the time whenever it looks at it (a player choosing it, hours, midnight, the
end; a player sitting down is queued until then).

This module knows no game: it reaches a table group through its game's
:class:`~casino_sim.floor.games.GroupPlay` (from the registry,
:mod:`casino_sim.floor.registry`, by the group's ``game:``) and a table through
the :class:`~casino_sim.floor.tables.FloorTable` protocol.

Players arrive as a Poisson process with a rate by clock hour and weekday,
pick a type by weight, and try its games in order of preference: each open
group answers with an :class:`~casino_sim.floor.games.Offer` (seated at a
random open table; a free seat in a running game; a waiting list), and a player
who finds no place is turned away.

Money flows through one :class:`~casino_sim.engine.ledger.Ledger`; at the end
every account reconciles with the floor's own reckoning: the players' with
the sessions' results, each meter's with the meter, the pot's with zero and
the house's with the tables' tallies less what the meters hold and paid.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable

import numpy as np
import simpy

from casino_sim.config.floor import ProgressiveMeterDef
from casino_sim.engine.ledger import Ledger
from casino_sim.floor.games import GroupPlay, Offer
from casino_sim.floor.groups import PlayerKind
from casino_sim.floor.meters import LinkedBadBeat, LinkedProgressive
from casino_sim.floor.plan import FloorPlan
from casino_sim.floor.registry import game_of
from casino_sim.floor.results import ReplicationResult, build_replication
from casino_sim.floor.schedule import DAY, HOUR, next_arrival
from casino_sim.floor.streams import KEYED, ORDERED, Draws, keyed_stream
from casino_sim.floor.tables import FloorTable, Visit
from casino_sim.floor.tally import SessionLog

__all__ = ["run_keyed_replication", "run_replication"]

# the offers an arrival compares with (an enum member's lookup costs more than a global's)
_SEATED, _FREE_SEAT, _WAITING_LIST, _PRICED_OUT = (
    Offer.SEATED, Offer.FREE_SEAT, Offer.WAITING_LIST, Offer.PRICED_OUT)  # fmt: skip


class _Floor:
    """The state of one replication and its event handlers (a
    :class:`~casino_sim.floor.tables.FloorContext` for the games)."""

    def __init__(
        self, plan: FloorPlan, index: int, seed: np.random.SeedSequence, *, streams: str = ORDERED
    ) -> None:
        self.plan = plan
        self.floor = floor = plan.floor
        self.index = index
        definition = floor.definition
        self.env = simpy.Environment()
        self.horizon = plan.horizon
        self.hours = plan.days * 24
        self.ledger = Ledger()
        self.log = SessionLog()
        self.kinds = [PlayerKind.of(k) for k in definition.traffic.players]
        traffic, weekday = definition.traffic, definition.weekday
        self.rates = [traffic.rate_per_hour(h % 24, weekday(h // 24)) for h in range(24 * 7)]
        shares = np.array([float(s) for s in definition.traffic.player_shares])
        self.kind_cdf = (np.cumsum(shares) / shares.sum()).tolist()
        self.keyed = streams == KEYED
        if self.keyed:  # streams named by purpose (casino_sim.floor.streams)
            self.by_kind = [_draws(keyed_stream(seed, f"arrivals/{k.name}")) for k in self.kinds]
            self.kind_rates = [
                [r * s for r in self.rates] for s in (shares / shares.sum()).tolist()
            ]
            self.seating = {g.name: _draws(keyed_stream(seed, f"seating/{g.name}"))
                            for g in definition.tables}  # fmt: skip
            self._patience = 0.0  # the arriving player's (drawn with their arrival)
            self.bet_draws = [_draws(keyed_stream(seed, f"bets/{k.name}")) for k in self.kinds]
            table_seeds = [keyed_stream(seed, f"table/{g.name}/{i}")
                           for g in definition.tables for i in range(g.count)]  # fmt: skip
        else:  # by order of creation: the traffic stream, then one per table in floor order
            ordered = seed.spawn(1 + sum(g.count for g in definition.tables))
            self.traffic = _draws(ordered[0])
            table_seeds = ordered[1:]
        # counts by player type (Python lists: one is added to on every arrival)
        self.arrivals = [0] * len(self.kinds)
        self.turned_away = [0] * len(self.kinds)
        #: of those turned away: every open choice's table minimum was above what they accept
        self.priced_out = [0] * len(self.kinds)
        self._bet = 0  # the arriving player's wanted bet (an index into its type's bets)
        #: by group, four counts a clock hour (at ``4 x hour``), of the arrivals whose first open
        #: choice it was: arrivals, turned away, listed (at some group), and the seconds those
        #: listed waited
        self.demand = {g.name: [0] * (4 * self.hours) for g in definition.tables}
        #: each listed visit's first choice's demand and hour (``4 x hour``): where its wait
        #: is tallied
        self.listed_at: dict[int, tuple[list[int], int]] = {}
        self.gave_up_by_kind = [0] * len(self.kinds)  # left a list unseated
        self.meters: dict[str, LinkedProgressive | LinkedBadBeat] = {}
        for name, meter in definition.meters.items():
            start = floor.meter_start(name)
            if isinstance(meter, ProgressiveMeterDef):
                self.meters[name] = LinkedProgressive(
                    name, floor.progressives[name], self.ledger, grid=plan.grid, start=start,
                    credit_session=self._credit,
                )  # fmt: skip
            else:
                self.meters[name] = LinkedBadBeat(
                    name, floor.bad_beat(name), self.ledger, grid=plan.grid, start=start,
                    credit_session=self._credit,
                )  # fmt: skip
        self.groups: dict[str, GroupPlay] = {}
        self.tables: list[FloorTable] = []
        self.table_groups: list[str] = []
        for group in definition.tables:
            first = len(self.tables)
            rngs = [np.random.default_rng(table_seeds[first + i]) for i in range(group.count)]
            play = game_of(group.game).open_group(self, group, plan.groups[group.name],
                                                  first=first, rngs=rngs,
                                                  seats=floor.seats(group.name))  # fmt: skip
            self.groups[group.name] = play
            self.tables += play.tables
            self.table_groups += [group.name] * len(play.tables)
        # by player type: its games, in preference order
        self.choices = [[self.groups[name] for name in kind.games] for kind in self.kinds]

    # --------------------------------------------- what the games use (FloorContext)
    @property
    def now(self) -> float:
        return float(self.env.now)

    def after(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` ``delay`` seconds from now (nothing at or past the horizon)."""
        env = self.env
        if env.now + delay < self.horizon:
            env.timeout(delay).callbacks.append(lambda _: action())

    def seating_uniform(self, group: str) -> float:
        """The uniform number that picks one of ``group``'s open tables for the arriving player."""
        return self.seating[group].uniform() if self.keyed else self.traffic.uniform()

    def arrival_patience(self) -> float:
        """The arriving player's patience on a waiting list, a unit exponential number."""
        return self._patience if self.keyed else self.traffic.exponential()

    def arrival_bet(self, k: int) -> int:
        """The arriving player's wanted bet, an index into its type's ``wanted`` bets."""
        return self._bet

    def open_visit(self, k: int, leaves_at: float) -> Visit:
        """A new session of player type ``k`` arriving now."""
        return Visit(k, self.log.open(k), leaves_at=leaves_at, arrived=self.env.now)

    def end_visit(self, visit: Visit) -> None:
        visit.end(self.log)

    def gave_up(self, visit: Visit) -> None:
        self.gave_up_by_kind[visit.kind] += 1
        self.waited(visit)

    def waited(self, visit: Visit) -> None:
        """``visit`` left a waiting list (seated or not): its wait goes to its arrival's demand."""
        listed = self.listed_at.pop(visit.session, None)
        if listed is not None:
            counts, at = listed
            counts[at + 3] += round(self.env.now - visit.arrived)

    def _credit(self, session: int, amount: int) -> None:
        self.log.net[session] += amount

    def _rate(self, hour: int) -> float:
        return self.rates[hour % (24 * 7)]

    # ------------------------------------------------------------- arrivals
    def _schedule_arrival(self) -> None:
        now = self.env.now
        t = next_arrival(self._rate, now, self.traffic.exponential(), horizon=self.horizon)
        if t < self.horizon:
            self.after(t - now, self._arrive)

    def _arrive(self) -> None:
        """An arrival of the traffic stream: its type by weight, then its session."""
        self._schedule_arrival()
        traffic = self.traffic
        k = min(bisect.bisect_right(self.kind_cdf, traffic.uniform()), len(self.kinds) - 1)
        kind = self.kinds[k]
        length = (
            kind.session_seconds
            if kind.fixed_session
            else kind.session_seconds * traffic.exponential()
        )
        side = traffic.uniform() < kind.side_bet
        self._bet = kind.pick_bet(traffic.uniform()) if len(kind.wanted) > 1 else 0
        self._place(k, length, side)

    def _schedule_kind(self, k: int) -> None:
        rates = self.kind_rates[k]
        t = next_arrival(lambda hour: rates[hour % (24 * 7)], self.env.now,
                         self.by_kind[k].exponential(), horizon=self.horizon)  # fmt: skip
        if t < self.horizon:
            self.after(t - self.env.now, lambda: self._arrive_kind(k))

    def _arrive_kind(self, k: int) -> None:
        """An arrival of player type ``k`` from its own stream (keyed streams)."""
        self._schedule_kind(k)
        draws, kind = self.by_kind[k], self.kinds[k]
        length = (
            kind.session_seconds
            if kind.fixed_session
            else kind.session_seconds * draws.exponential()
        )
        side = draws.uniform() < kind.side_bet
        self._patience = draws.exponential()
        self._bet = kind.pick_bet(self.bet_draws[k].uniform()) if len(kind.wanted) > 1 else 0
        self._place(k, length, side)

    def _place(self, k: int, length: float, side: bool) -> None:
        """Player type ``k`` arriving now for ``length`` seconds: seated, listed or turned away."""
        now = self.env.now
        self.arrivals[k] += 1
        target = None  # the first group with a free seat, else the first open waiting list
        first = None  # the first open group's demand counts: where the demand is tallied
        at = 4 * int(now // HOUR)  # (the hour's counts in it)
        priced = False  # a group passed over for its minimum
        for group in self.choices[k]:
            if not group.is_open(now):
                continue
            if first is None:
                first = self.demand[group.definition.name]
                first[at] += 1
            offer = group.offer(k, length, side, now)
            if offer is _SEATED:
                return
            if offer is _FREE_SEAT:
                target = group
                break
            if offer is _WAITING_LIST and target is None:
                target = group
            priced |= offer is _PRICED_OUT
        if target is None:
            self.turned_away[k] += 1
            self.priced_out[k] += priced
            if first is not None:
                first[at + 1] += 1
            return
        if first is not None:  # listed: its wait is tallied at its arrival's hour as it ends
            first[at + 2] += 1
            self.listed_at[len(self.log.kind)] = (first, at)  # the session join opens next
        target.join(k, length, side, now)

    # ------------------------------------------------------- hours, breaks
    def _watch_hours(self, group: GroupPlay) -> None:
        now = self.env.now
        change = group.next_dealing_change(now)
        if change < self.horizon:
            self.after(change - now, lambda: self._hours_changed(group))

    def _hours_changed(self, group: GroupPlay) -> None:
        now = self.env.now
        dealing, open_ = group.is_dealing(now), group.is_open(now)
        pause = group.next_dealing_change(now)
        group.open_count = group.tables_open(now) if open_ else 0
        for i, table in enumerate(group.tables):
            table.advance(now)
            hours = table.set_hours(now, open_=i < group.open_count, dealing=dealing, pause=pause)
            for visit in hours:
                visit.token += 1
                self.end_visit(visit)
        if open_:
            group.opened(now)
        self._watch_hours(group)

    def _midnight(self) -> None:
        now = self.env.now
        for table in self.tables:
            table.advance(now)
            table.flush()
        for meter in self.meters.values():
            meter.settle(now)
        self.after(DAY, self._midnight)

    # ------------------------------------------------------------------ run
    def run(self) -> ReplicationResult:
        for group in self.groups.values():
            group.use_schedule(self.floor.definition.start_weekday_index)
            pause = group.next_dealing_change(0.0)
            open_, dealing = group.is_open(0.0), group.is_dealing(0.0)
            group.open_count = group.tables_open(0.0) if open_ else 0
            for i, table in enumerate(group.tables):
                table.set_hours(0.0, open_=i < group.open_count, dealing=dealing, pause=pause)
            self._watch_hours(group)
        if self.keyed:
            for k in range(len(self.kinds)):
                self._schedule_kind(k)
        else:
            self._schedule_arrival()
        self.after(DAY, self._midnight)
        self.env.run(until=self.horizon)
        end = self.horizon
        for table in self.tables:
            table.advance(end)
            for visit in table.close(end):
                self.end_visit(visit)
            table.flush()
        for group in self.groups.values():
            group.finish(end)
        for meter in self.meters.values():
            meter.settle(math.inf)  # the last rounds started before the horizon and end after it
        queues = {name: queue for name, g in self.groups.items() if (queue := g.queue())}
        return build_replication(
            index=self.index,
            days=self.plan.days,
            tables=[(name, self.groups[name].definition.game) for name in self.table_groups],
            seats=[self.floor.seats(name) for name in self.table_groups],
            tallies=[t.tally for t in self.tables],
            meters=self.meters,
            log=self.log,
            kinds=[k.name for k in self.kinds],
            ledger=self.ledger,
            arrivals=self.arrivals,
            turned_away=self.turned_away,
            priced_out=self.priced_out,
            reneged={name: queue[0] for name, queue in queues.items()},
            waiting={name: queue[1] for name, queue in queues.items()},
            gave_up=self.gave_up_by_kind,
            demand={name: _by_hour(counts) for name, counts in self.demand.items()},
        )


def _by_hour(counts: list[int]) -> np.ndarray:
    """A group's demand counts, a row an hour."""
    return np.array(counts, np.int64).reshape(-1, 4)


def _draws(seed: np.random.SeedSequence) -> Draws:
    return Draws(np.random.default_rng(seed))


def run_replication(plan: FloorPlan, index: int, seed: np.random.SeedSequence) -> ReplicationResult:
    """Replication ``index`` of ``plan``: a pure function of (plan, seed), its streams by order."""
    return _Floor(plan, index, seed).run()


def run_keyed_replication(
    plan: FloorPlan, index: int, seed: np.random.SeedSequence
) -> ReplicationResult:
    """Replication ``index`` of ``plan`` with its streams keyed by purpose
    (:mod:`casino_sim.floor.streams`): what a paired comparison runs."""
    return _Floor(plan, index, seed, streams=KEYED).run()
