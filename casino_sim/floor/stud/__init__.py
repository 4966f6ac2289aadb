"""House-dealt stud on the floor (``game: stud``): its registry entry and its waiting list.

:data:`GAME` is what the floor knows of the poker room: its tables
(:class:`~casino_sim.floor.stud.table.PokerTable`), its seating and the figures the
summary and the reports show for it (rake, time collection, jackpot drop).

**The waiting list.** An arrival whose first open choice is a stud group with a
free seat in a running game, or (with no seat anywhere in its choices) the
first open stud group, is listed there. Listed players fill running games
first; a game starts when ``start_players`` are listed and a table of the group
is free; it breaks when fewer than ``break_below`` remain, whose players go back
to the top of the list. A listed player leaves after an exponential patience
(mean ``patience_minutes``) or when the session time is up. These are the
floor's SimPy events (:meth:`FloorContext.after
<casino_sim.floor.tables.FloorContext.after>`): a player's departure changes the
game (it may break), unlike a banked table's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.config.floor import PokerGroup
from casino_sim.config.floor_loader import Floor
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.floor.games import FigureRow, FloorGame, GroupPlay, Offer
from casino_sim.floor.meters import LinkedBadBeat
from casino_sim.floor.stud.table import PokerTable
from casino_sim.floor.tables import FloorContext, FloorTable, Visit
from casino_sim.floor.tally import DROP, JACKPOT_DROP, RAKE, ROUNDS, TIME_COLLECTED, TableTally
from casino_sim.games.poker_room.table_api import BotPolicy, default_population

if TYPE_CHECKING:
    from casino_sim.floor.figures import GroupResult

__all__ = ["GAME", "StudGame", "StudPlan", "WaitingList", "rake_label"]

# the answers to an arrival (an enum member's lookup costs more than a global's)
_FREE_SEAT, _WAITING_LIST = Offer.FREE_SEAT, Offer.WAITING_LIST
_MIXED = default_population(5)  # the "mixed" bot policy: session i plays _MIXED[i % 5]
_BOTS: dict[str, BotPolicy] = {}
for _policy in _MIXED:  # the first of each name (the population has two regulars)
    _BOTS.setdefault(_policy.name, _policy)


def _bot(name: str, session: int) -> BotPolicy:
    if name == "mixed":
        return _MIXED[session % len(_MIXED)]
    return _BOTS[name]


class WaitingList(GroupPlay):
    """A stud group in a replication: its tables, its waiting list and its games."""

    waiting_list = True

    def __init__(self, floor: FloorContext, definition: PokerGroup,
                 tables: list[FloorTable]) -> None:  # fmt: skip
        super().__init__(floor, definition, tables)
        self.poker = [t for t in tables if isinstance(t, PokerTable)]  # the same, typed
        self.waiting: deque[Visit] = deque()
        self.waiting_tally = TableTally(floor.hours)
        self.last_list_change = 0.0
        self.reneged = 0

    # ------------------------------------------------------------- arrivals
    def offer(self, k: int, length: float, side: bool, now: float) -> Offer:
        for table in self.poker:
            if table.free_seats(now):
                return _FREE_SEAT
        return _WAITING_LIST

    def join(self, k: int, length: float, side: bool, now: float) -> None:
        floor = self.floor
        kind = floor.kinds[k]
        player = floor.open_visit(k, now + length)
        player.play = _bot(kind.bot, player.session)
        self.waiting.append(player)
        self._list_changed(len(self.waiting) - 1)
        patience = kind.patience_seconds * floor.arrival_patience()
        floor.after(length, self._leave_later(player, player.token, session_end=True))
        self._fill()
        if player.seated_at is None:  # still listed: gives up after the patience time
            floor.after(patience, self._give_up(player, player.token))

    def opened(self, now: float) -> None:
        self._fill()

    def finish(self, end: float) -> None:
        self._list_changed(len(self.waiting))
        self.waiting_tally.book_spans()
        for player in self.waiting:
            self.floor.waited(player)
            self.floor.end_visit(player)

    def queue(self) -> tuple[int, TableTally]:
        return self.reneged, self.waiting_tally

    # ---------------------------------------------------------- seating
    def _fill(self) -> None:
        """Seat listed players: into running games first, then start games where enough wait."""
        now = self.floor.now
        if not self.is_open(now):
            return
        for table in self.poker:
            while table.running and table.free_seats(now) and self.waiting:
                self._seat_listed(table)
        if len(self.waiting) < self.definition.start_players:  # no game to start
            return
        for table in self.poker:
            if not table.running and len(self.waiting) >= self.definition.start_players:
                table.start(now)
                while table.free_seats(now) and self.waiting:
                    self._seat_listed(table)

    def _seat_listed(self, table: PokerTable) -> None:
        floor = self.floor
        now = floor.now
        player = self.waiting.popleft()
        self._list_changed(len(self.waiting) + 1)
        player.token += 1  # cancels the patience timer
        if player.buy_ins == 0:
            buy_in = floor.kinds[player.kind].buy_in  # the session's cash for chips: the drop
            player.buy_ins = table.structure.buy_in_cents if buy_in is None else buy_in
            table.tally.add(now, DROP, player.buy_ins)
            floor.log.wait[player.session] = now - player.arrived
            floor.waited(player)
        table.seat(player, now)

    def _give_up(self, player: Visit, token: int) -> Callable[[], None]:
        def action() -> None:
            if player.token == token and player.seated_at is None:
                self._leave_list(player)

        return action

    def _leave_list(self, player: Visit) -> None:
        """A listed player goes home (out of patience, or the session is over)."""
        if player in self.waiting:
            self.waiting.remove(player)
            self._list_changed(len(self.waiting) + 1)
            self.reneged += 1
            self.floor.gave_up(player)
            player.token += 1
            self.floor.end_visit(player)

    def _list_changed(self, length_before: int) -> None:
        now = self.floor.now
        self.waiting_tally.add_span_later(self.last_list_change, now, 0, length_before)
        self.last_list_change = now

    # ---------------------------------------------------------- departures
    def _leave_later(
        self, player: Visit, token: int, *, session_end: bool = False
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

    def _leave(self, player: Visit) -> None:
        now = self.floor.now
        table: PokerTable = player.seated_at
        player.token += 1
        table.unseat(player, now)
        self.floor.end_visit(player)
        if table.running and len(table.seats) < self.definition.break_below:
            for p in reversed(table.stop(now)):
                self.waiting.appendleft(p)
                self._list_changed(len(self.waiting) - 1)
        self._fill()


@dataclass(frozen=True)
class StudPlan:
    """A stud group's variant and table structure (stakes, fee, pace, jackpot)."""

    variant: StudVariant
    structure: StudTable


def rake_label(group: GroupResult) -> str:
    """The rake row's label: a table charging time instead of a pot rake says so."""
    fee = group.rules.get("house_fee")
    if fee == "time":
        return "rake per hand (none: the table charges time collection)"
    if fee == "none":
        return "rake per hand (none: the table charges no fee)"
    if fee == "drop":
        return "rake per hand (a fixed drop)"
    return "rake per hand"


class StudGame(FloorGame):
    """House-dealt stud on the floor."""

    game = "stud"
    label = "stud"
    rows = (
        FigureRow(
            "rounds_per_table_hour", "hands per table-hour", "number", slug="hands_per_table_hour"
        ),
        FigureRow("rake_per_hand", rake_label, "money"),
        FigureRow("house_take_per_100_hands", "house take per 100 hands", "money"),
        FigureRow("house_take_per_table_hour", "house take per table-hour", "money"),
        FigureRow("time_collected", "time collected per day", "money", per_day=True, par=False),
        FigureRow("jackpot_drop", "jackpot drop per day (players' money)", "money", per_day=True),
    )

    def prepare(self, floor: Floor, group: Any, *, exact: bool = True) -> StudPlan:
        return StudPlan(floor.variants[group.name], floor.stud_tables[group.name])

    def meter(self, group: Any) -> str | None:
        name: str | None = group.bad_beat
        return name

    def open_group(
        self,
        floor: FloorContext,
        group: Any,
        prepared: object,
        *,
        first: int,
        rngs: list[np.random.Generator],
        seats: int,
    ) -> WaitingList:
        meter = floor.meters.get(group.bad_beat) if group.bad_beat else None
        assert meter is None or isinstance(meter, LinkedBadBeat)
        assert isinstance(prepared, StudPlan)
        tables: list[FloorTable] = [
            PokerTable(
                first + i,
                group,
                prepared.variant,
                prepared.structure,
                rng,
                seats=seats,
                tally=TableTally(floor.hours),
                ledger=floor.ledger,
                log=floor.log,
                meter=meter,
            )
            for i, rng in enumerate(rngs)
        ]
        return WaitingList(floor, group, tables)

    def figures(self, totals: np.ndarray, hours: float, group: Any) -> dict[str, np.ndarray]:
        hands = np.where(totals[:, ROUNDS] > 0, totals[:, ROUNDS], np.nan)
        take = totals[:, RAKE] + totals[:, TIME_COLLECTED]
        return {
            "rake": totals[:, RAKE] / 100,
            "time_collected": totals[:, TIME_COLLECTED] / 100,
            "jackpot_drop": totals[:, JACKPOT_DROP] / 100,
            "rake_per_hand": totals[:, RAKE] / 100 / hands,
            "house_take_per_100_hands": take / hands,
            "house_take_per_table_hour": take / 100 / hours,
        }

    def rules(self, floor: Floor, group: Any) -> dict[str, Any]:
        table = floor.stud_tables[group.name]
        return {"start_players": group.start_players, "break_below": group.break_below,
                "house_fee": table.rake.type}  # fmt: skip


#: The registry's entry for ``game: stud``.
GAME = StudGame()
