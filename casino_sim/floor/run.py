"""One replication of a floor: SimPy events for arrivals, sessions, waiting lists, hours and breaks.

SimPy handles *changes*: an arrival, a poker player's departure, a player
leaving a waiting list, a table opening, closing or going on a break,
midnight. A banked player's departure (session over, or out of chips)
changes only their table, so it is done when the table is next looked at, at
its own time (:meth:`_Floor._bring`). Between two changes a table's seats
are fixed, so its rounds are dealt and settled in one batch
(:mod:`casino_sim.floor.banked`, :mod:`casino_sim.floor.poker`): the event
count grows with traffic, not with rounds. Every event is a callback on a SimPy timeout (no process per player).

Players arrive as a Poisson process with a rate by clock hour and weekday,
pick a type by weight, and try its games in order of preference: a banked
game seats them at a random open table with a free seat; a poker game seats
them at a running game with a free seat, else puts them on the group's
waiting list (a game starts when ``start_players`` are listed and a table is
open; it breaks when fewer than ``break_below`` remain, whose players go back
to the top of the list; a listed player leaves after an exponential patience).
A player who finds no place is turned away.

Money flows through one :class:`~casino_sim.engine.ledger.Ledger`; at the end
every account reconciles with the floor's own reckoning: the players' with
the sessions' results, each meter's with the meter, the pot's with zero and
the house's with the tables' tallies less what the meters hold and paid.
"""

from __future__ import annotations

import bisect
import math
from collections import deque
from collections.abc import Callable
from typing import cast

import numpy as np
import simpy

from casino_sim.config.floor import BankedGroup, PokerGroup, ProgressiveMeterDef
from casino_sim.engine.ledger import Ledger
from casino_sim.floor.banked import REBUY_ANTES, BankedTable, SeatTerms
from casino_sim.floor.groups import PlayerKind, Table, TableGroup
from casino_sim.floor.meters import LinkedBadBeat, LinkedProgressive
from casino_sim.floor.plan import FloorPlan
from casino_sim.floor.players import Player
from casino_sim.floor.poker import PokerTable
from casino_sim.floor.results import ReplicationResult, build_replication
from casino_sim.floor.schedule import DAY, next_arrival
from casino_sim.floor.tally import DROP, SessionLog, TableTally
from casino_sim.games.poker_room.bots import BotPolicy, default_population

__all__ = ["run_replication"]

_MIXED = default_population(5)  # the "mixed" bot policy: session i plays _MIXED[i % 5]
_BOTS: dict[str, BotPolicy] = {}
for _bot in _MIXED:
    _BOTS.setdefault(_bot.name, _bot)  # the first of each name (the population has two regulars)
_BLOCK = 1024  # random numbers drawn at a time for the traffic


class _Floor:
    """The state of one replication and its event handlers."""

    def __init__(self, plan: FloorPlan, index: int, seed: np.random.SeedSequence) -> None:
        self.plan = plan
        self.floor = floor = plan.floor
        self.index = index
        definition = floor.definition
        self.env = simpy.Environment()
        self.horizon = plan.horizon
        hours = plan.days * 24
        self.ledger = Ledger()
        self.log = SessionLog()
        self.kinds = [PlayerKind.of(k, plan) for k in definition.traffic.players]
        traffic, weekday = definition.traffic, definition.weekday
        self.rates = [traffic.rate_per_hour(h % 24, weekday(h // 24)) for h in range(24 * 7)]
        n_tables = sum(g.count for g in definition.tables)
        streams = seed.spawn(1 + n_tables)
        self.rng = np.random.default_rng(streams[0])
        self._uniforms: list[float] = []
        self._exponentials: list[float] = []
        self._next_u = self._next_e = 0
        shares = np.array([float(s) for s in definition.traffic.player_shares])
        self.kind_cdf = (np.cumsum(shares) / shares.sum()).tolist()
        self.arrivals = np.zeros(len(self.kinds), np.int64)
        self.turned_away = np.zeros(len(self.kinds), np.int64)
        self.gave_up = np.zeros(len(self.kinds), np.int64)  # left a waiting list unseated
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
        self.groups: dict[str, TableGroup] = {}
        self.choices: list[list[TableGroup]] = []  # by player type: its games, in preference order
        self._seat_terms: dict[tuple[int, str, bool], SeatTerms] = {}
        self.tables: list[Table] = []
        self.table_groups: list[str] = []
        for group in definition.tables:
            breaks = group.dealer_breaks
            windows = None if group.open.always else group.open.windows
            tables: list[Table] = []
            for _ in range(group.count):
                i = len(self.tables)
                tally = TableTally(hours)
                rng = np.random.default_rng(streams[1 + i])
                table: Table
                if isinstance(group, BankedGroup):
                    pit = self.meters.get(group.progressive) if group.progressive else None
                    assert pit is None or isinstance(pit, LinkedProgressive)
                    table = BankedTable(i, group, floor.paytables[group.name], rng, tally=tally,
                                        ledger=self.ledger, log=self.log, meter=pit,
                                        book=plan.books[group.name])  # fmt: skip
                    for kind in self.kinds:
                        key = (group.name, kind.name)
                        if key in plan.slots:
                            slot = plan.slots[key]
                            table.slot_of[kind.name] = slot
                            table.edges[slot] = plan.edges[key]
                else:
                    room = self.meters.get(group.bad_beat) if group.bad_beat else None
                    assert room is None or isinstance(room, LinkedBadBeat)
                    table = PokerTable(i, group, floor.variants[group.name],
                                       floor.stud_tables[group.name], rng,
                                       seats=floor.seats(group.name), tally=tally,
                                       ledger=self.ledger, log=self.log, meter=room)  # fmt: skip
                tables.append(table)
                self.tables.append(table)
                self.table_groups.append(group.name)
            minutes = None
            if breaks is not None and not breaks.relief:
                minutes = float(breaks.minutes_per_hour)
            self.groups[group.name] = TableGroup(group, tables, windows, minutes, deque(),
                                             TableTally(hours))  # fmt: skip
        self.choices = [[self.groups[name] for name in kind.games] for kind in self.kinds]

    # ------------------------------------------------------------- helpers
    def _after(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` ``delay`` seconds from now (nothing at or past the horizon)."""
        if self.env.now + delay >= self.horizon:
            return
        event = self.env.timeout(delay)
        event.callbacks.append(lambda _: action())

    def _uniform(self) -> float:
        """The next uniform number of the traffic stream (drawn in blocks)."""
        if self._next_u == len(self._uniforms):
            self._uniforms, self._next_u = self.rng.random(_BLOCK).tolist(), 0
        self._next_u += 1
        return self._uniforms[self._next_u - 1]

    def _exponential(self) -> float:
        """The next unit exponential number of the traffic stream (drawn in blocks)."""
        if self._next_e == len(self._exponentials):
            self._exponentials, self._next_e = self.rng.standard_exponential(_BLOCK).tolist(), 0
        self._next_e += 1
        return self._exponentials[self._next_e - 1]

    def _credit(self, session: int, amount: int) -> None:
        self.log.net[session] += amount

    def _rate(self, hour: int) -> float:
        return self.rates[hour % (24 * 7)]

    # ------------------------------------------------------------- arrivals
    def _schedule_arrival(self) -> None:
        t = next_arrival(self._rate, self.env.now, self._exponential(),
                         horizon=self.horizon)  # fmt: skip
        if t < self.horizon:
            self._after(t - self.env.now, self._arrive)

    def _arrive(self) -> None:
        self._schedule_arrival()
        now = self.env.now
        k = min(bisect.bisect_right(self.kind_cdf, self._uniform()), len(self.kinds) - 1)
        kind = self.kinds[k]
        self.arrivals[k] += 1
        mean = kind.session_seconds
        length = mean if kind.fixed_session else mean * self._exponential()
        side = self._uniform() < kind.side_bet
        target = None  # the first open game with a free seat, else the first open poker game
        for group in self.choices[k]:
            if not group.is_open(now):
                continue
            if isinstance(group.definition, BankedGroup):
                free = self._free_tables(group, now)
                if free:
                    table = free[int(self._uniform() * len(free))]
                    self._sit_banked(k, table, now + length, side)
                    return
            elif any(t.free_seats() for t in group.tables):
                target = group
                break
            elif target is None:
                target = group
        if target is None:
            self.turned_away[k] += 1
            return
        player = self._new_player(k, now + length)
        player.bot = self._bot(kind.bot, player.session)
        target.waiting.append(player)
        self._list_changed(target, len(target.waiting) - 1)
        patience = kind.patience_seconds * self._exponential()
        self._after(length, self._leave_later(player, player.token, session_end=True))
        self._fill(target)
        if player.seated_at is None:  # still listed: gives up after the patience time
            self._after(patience, self._give_up(player, player.token))

    def _free_tables(self, group: TableGroup, now: float) -> list[BankedTable]:
        """The banked group's tables with a free seat at ``now`` (a full one brought to
        ``now`` first: a player may have left it)."""
        free = []
        for table in cast(list[BankedTable], group.tables):  # a banked group's
            if table.count == table.size:
                if not table.may_have_emptied(now):
                    continue
                self._bring(table, now)
                if table.count == table.size:
                    continue
            free.append(table)
        return free

    @staticmethod
    def _bot(name: str, session: int) -> BotPolicy:
        if name == "mixed":
            return _MIXED[session % len(_MIXED)]
        return _BOTS[name]

    def _new_player(self, k: int, leaves_at: float) -> Player:
        """A poker player of type ``k`` (a banked session lives in its table's seat)."""
        session = self.log.open(k)
        return Player(kind=k, session=session, leaves_at=leaves_at, arrived=self.env.now)

    # ---------------------------------------------------------- banked play
    def _sit_banked(self, k: int, table: BankedTable, leaves_at: float, side: bool) -> None:
        """A new session of player type ``k`` sits at ``table`` with its buy-in (the drop)."""
        now = self.env.now
        terms = self._terms(k, table, side)
        buy_in = self.kinds[k].buy_in
        if buy_in is None:  # no bankroll limit: chips bought as the table's rebuys are
            buy_in = terms.ante * REBUY_ANTES
        table.tally.add(now, DROP, buy_in)
        self._bring(table, now)
        table.seat(self.log.open(k), terms, leaves_at, buy_in, now)

    def _terms(self, k: int, table: BankedTable, side: bool) -> SeatTerms:
        """How player type ``k`` plays at ``table`` (the side bet where the table has one)."""
        key = (k, table.group.name, side)
        if key not in self._seat_terms:
            kind, group = self.kinds[k], table.group
            self._seat_terms[key] = SeatTerms(
                table.slot_of[kind.name], kind.ante[group.name],
                side and group.progressive is not None, kind.buy_in is None, kind.mistake,
            )  # fmt: skip
        return self._seat_terms[key]

    def _bring(self, table: Table, t: float) -> None:
        """Bring ``table`` to time ``t``: its hands or rounds, and (banked) who left before.

        A banked player's departure (session over, or out of chips) changes only
        their table, so it is no SimPy event: the table's compiled clock lets
        them go at their own time when the floor next looks at it (a player
        choosing a table, hours, midnight, the end).
        """
        if isinstance(table, PokerTable):
            table.sync(t)
        else:
            table.advance(t)

    # ---------------------------------------------------------- poker play
    def _fill(self, group: TableGroup) -> None:
        """Seat listed players: into running games first, then start games where enough wait."""
        now = self.env.now
        if not group.is_open(now):
            return
        for table in group.tables:
            assert isinstance(table, PokerTable)
            while table.running and table.free_seats() and group.waiting:
                self._seat_listed(group, table)
        for table in group.tables:
            assert isinstance(table, PokerTable)
            definition = group.definition
            assert isinstance(definition, PokerGroup)
            if not table.running and len(group.waiting) >= definition.start_players:
                table.start(now)
                while table.free_seats() and group.waiting:
                    self._seat_listed(group, table)

    def _seat_listed(self, group: TableGroup, table: PokerTable) -> None:
        now = self.env.now
        player = group.waiting.popleft()
        self._list_changed(group, len(group.waiting) + 1)
        player.token += 1  # cancels the patience timer
        if player.buy_ins == 0:
            buy_in = self.kinds[player.kind].buy_in  # the session's cash for chips: the drop
            player.buy_ins = table.structure.buy_in_cents if buy_in is None else buy_in
            table.tally.add(now, DROP, player.buy_ins)
            self.log.wait[player.session] = now - player.arrived
        table.seat(player, now)

    def _give_up(self, player: Player, token: int) -> Callable[[], None]:
        def action() -> None:
            if player.token == token and player.seated_at is None:
                self._leave_list(player)

        return action

    def _leave_list(self, player: Player) -> None:
        """A listed player goes home (out of patience, or the session is over)."""
        group = self._group_of_listed(player)
        if group is not None:
            group.waiting.remove(player)
            self._list_changed(group, len(group.waiting) + 1)
            group.reneged += 1
            self.gave_up[player.kind] += 1
            player.token += 1
            self._close_session(player)

    def _group_of_listed(self, player: Player) -> TableGroup | None:
        return next((g for g in self.groups.values() if player in g.waiting), None)

    def _list_changed(self, group: TableGroup, length_before: int) -> None:
        now = self.env.now
        group.waiting_tally.add_span(group.last_list_change, now, 0, length_before)
        group.last_list_change = now

    # ---------------------------------------------------------- departures
    def _leave_later(
        self, player: Player, token: int, *, session_end: bool = False
    ) -> Callable[[], None]:
        def action() -> None:
            if player.token != token and not session_end:
                return
            if player.seated_at is not None:
                if session_end or player.token == token:
                    self._leave(player)
            elif session_end:  # still on a list when the session ends: goes home
                self._leave_list(player)

        return action

    def _leave(self, player: Player) -> None:
        now = self.env.now
        table = player.seated_at
        player.token += 1
        table.unseat(player, now)
        self._close_session(player)
        group = self.groups[table.group.name]
        definition = group.definition
        assert isinstance(definition, PokerGroup)
        if table.running and len(table.seats) < definition.break_below:
            for p in reversed(table.stop(now)):
                group.waiting.appendleft(p)
                self._list_changed(group, len(group.waiting) - 1)
        self._fill(group)

    def _close_session(self, player: Player) -> None:
        """A poker session ends (its hands are booked by the tables it played at)."""
        self.log.net[player.session] += player.net
        self.log.drop[player.session] = player.buy_ins

    # ------------------------------------------------------- hours, breaks
    def _watch_hours(self, group: TableGroup) -> None:
        now = self.env.now
        change = group.next_dealing_change(now)
        if change < self.horizon:
            self._after(change - now, lambda: self._hours_changed(group))

    def _hours_changed(self, group: TableGroup) -> None:
        now = self.env.now
        dealing, open_ = group.is_dealing(now), group.is_open(now)
        pause = group.next_dealing_change(now)
        for table in group.tables:
            self._bring(table, now)
            if isinstance(table, BankedTable):
                if not open_:
                    table.close_all(now)
                table.set_dealing(dealing, now, pause)
                continue
            if not open_:
                for p in table.stop(now):
                    p.token += 1
                    self._close_session(p)
            table.set_dealing(dealing, now)
        if open_ and isinstance(group.definition, PokerGroup):
            self._fill(group)
        for table in group.tables:
            if isinstance(table, PokerTable):
                table.pause_at = group.next_dealing_change(now)
        self._watch_hours(group)

    def _midnight(self) -> None:
        now = self.env.now
        for table in self.tables:
            self._bring(table, now)
            table.flush()
        for meter in self.meters.values():
            meter.settle(now)
        self._after(DAY, self._midnight)

    # ------------------------------------------------------------------ run
    def run(self) -> ReplicationResult:
        for group in self.groups.values():
            pause = group.next_dealing_change(0.0)
            for table in group.tables:
                if isinstance(table, BankedTable):
                    table.set_dealing(group.is_dealing(0.0), 0.0, pause)
                    continue
                if not group.is_dealing(0.0):
                    table.set_dealing(False, 0.0)
                table.pause_at = pause
            self._watch_hours(group)
        self._schedule_arrival()
        self._after(DAY, self._midnight)
        self.env.run(until=self.horizon)
        end = self.horizon
        for table in self.tables:
            self._bring(table, end)
            if isinstance(table, BankedTable):
                table.close_all(end)
            else:
                for p in table.stop(end):
                    self._close_session(p)
            table.flush()
        for group in self.groups.values():
            self._list_changed(group, len(group.waiting))
            for p in group.waiting:
                self._close_session(p)
        for meter in self.meters.values():
            meter.settle(math.inf)  # the last rounds started before the horizon and end after it
        poker = [n for n, g in self.groups.items() if isinstance(g.definition, PokerGroup)]
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
            arrivals=self.arrivals.tolist(),
            turned_away=self.turned_away.tolist(),
            reneged={n: self.groups[n].reneged for n in poker},
            waiting={n: self.groups[n].waiting_tally for n in poker},
            gave_up=self.gave_up.tolist(),
        )


def run_replication(plan: FloorPlan, index: int, seed: np.random.SeedSequence) -> ReplicationResult:
    """Replication ``index`` of ``plan``: a pure function of (plan, seed)."""
    return _Floor(plan, index, seed).run()
