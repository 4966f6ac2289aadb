"""Caribbean Stud on the floor (``game: caribbean_stud``): its registry entry, its plan, its table.

:data:`GAME` is what the floor knows of the game:

- the plan every replication shares (:class:`CaribbeanPlan`): each player type's
  decision table at the group (its rule in the group's
  :class:`~casino_sim.games.banked.caribbean_stud.rounds.StrategyBook`, the kernel's
  arrays) and the exact house edge it gives there (per ante, for the theoretical
  win; a ``mistake_rate`` m mixes the strategy's edge with its reverse's,
  ``(1 - m) E(S) + m E(not S)``, exact because a mistake is an independent coin
  per decision);
- the group in a replication: tables (:class:`CaribbeanTable`, the
  :class:`~casino_sim.floor.tables.FloorTable` face of
  :class:`~casino_sim.floor.caribbean.table.BankedTable`, whose compiled clock deals the
  rounds) and a random open seat for each arrival;
- the group's own figures (main game, theoretical win, edges, side bets) and the
  report rows that show them.

>>> from casino_sim.config import load_floor
>>> floor = load_floor("floors/pit")
>>> plan = GAME.prepare(floor, floor.group("pit"))
>>> round(plan.edges["regular", 2500], 5), plan.antes["regular"]
(0.05224, (2500,))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from casino_sim.config.floor import BankedGroup
from casino_sim.config.floor_loader import Floor
from casino_sim.config.money import cents
from casino_sim.floor.caribbean.table import REBUY_ANTES, BankedTable, SeatTerms
from casino_sim.floor.games import FigureRow, MeterGame
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.seating import RandomSeat
from casino_sim.floor.tables import FloorContext, FloorTable, Visit
from casino_sim.floor.tally import (
    INITIAL_BETS,
    MAIN_WIN,
    SIDE_HANDLE,
    SIDE_PAID,
    THEO_WIN,
    TableTally,
)
from casino_sim.games.banked.caribbean_stud.table_api import (
    ALL_UPCARDS,
    DecisionTable,
    StrategyBook,
    analyze_caribbean,
    load_rule_strategy,
    resolve_strategy,
)

__all__ = ["GAME", "CaribbeanGame", "CaribbeanPlan", "CaribbeanTable"]


@dataclass(frozen=True, eq=False)
class CaribbeanPlan:
    """A Caribbean Stud group's strategies and exact edges, by player type."""

    book: StrategyBook  # the group's strategies as the kernel's arrays
    #: (player type, ante in cents) -> its rule in the book
    slots: dict[tuple[str, int], int] = field(default_factory=dict)
    #: (player type, ante in cents) -> the exact house edge per ante
    edges: dict[tuple[str, int], float] = field(default_factory=dict)
    #: player type -> every ante it may bet here (cents, lowest first: its wanted antes
    #: against the table minimums of the week)
    antes: dict[str, tuple[int, ...]] = field(default_factory=dict)


class CaribbeanTable:
    """A Caribbean Stud table as the floor sees it (:class:`~casino_sim.floor.tables.FloorTable`).

    Its players' departures are its own: a visit leaves at its planned end or when its
    bankroll cannot cover another round, found when the table is next advanced.
    """

    def __init__(self, table: BankedTable) -> None:
        self.table = table
        self.index = table.index
        self.tally: TableTally = table.tally

    def next_leave(self) -> float:
        """The earliest planned departure of a seated player (inf: nobody seated)."""
        return float(self.table.planned_departures().min())

    def free_seats(self, t: float) -> int:
        table = self.table
        if table.count == table.size:  # someone may have left since the table was advanced
            table.catch_up()  # (who left before the players queued to sit down is known)
            if table.count == table.size:
                if not table.may_have_emptied(t):
                    return 0
                table.advance(t)
        return table.size - table.count

    def seat(self, visit: Visit, t: float) -> None:
        self.table.seat(visit.session, visit.play, visit.leaves_at, visit.buy_ins, t)

    def unseat(self, visit: Visit, t: float) -> None:
        """``visit`` leaves before its own time (the floor's own departures need no call)."""
        self.table.advance(t)
        self.table.stand_up(visit.session, t)

    def advance(self, t: float) -> None:
        self.table.advance(t)

    def set_hours(self, t: float, *, open_: bool, dealing: bool, pause: float) -> list[Visit]:
        if not open_:
            self.table.close_all(t)
        self.table.set_dealing(dealing, t, pause)
        return []

    def close(self, t: float) -> list[Visit]:
        self.table.close_all(t)
        return []

    def flush(self) -> None:
        self.table.flush()


class _Pit(RandomSeat):
    """A Caribbean Stud group in a replication: a random open seat for each arrival."""

    def __init__(self, floor: FloorContext, definition: BankedGroup, tables: list[FloorTable],
                 plan: CaribbeanPlan) -> None:  # fmt: skip
        super().__init__(floor, definition, tables)
        self.plan = plan
        self._terms: dict[tuple[int, bool, int], SeatTerms] = {}
        # each table with its BankedTable (every table is a CaribbeanTable)
        self._pairs = [(t, t.table) for t in tables if isinstance(t, CaribbeanTable)]
        assert len(self._pairs) == len(tables)
        self._full = [0]  # the group's tables with every seat taken or queued for
        for _, banked in self._pairs:
            banked.full_tables = self._full
        self._open_tables: list[FloorTable] = []  # the open tables (the first open_count)

    def free_tables(self, now: float) -> list[FloorTable]:
        """:meth:`RandomSeat.free_tables`, quicker: a table with an empty seat is taken as it
        is (every arrival asks, about every table), only a full one is asked its
        :meth:`CaribbeanTable.free_seats` (someone may have left it since it was advanced);
        with no table full, every open table (the list is the group's: not to be changed)."""
        if len(self._open_tables) != self.open_count:
            self._open_tables = [table for table, _ in self._pairs[: self.open_count]]
        if not self._full[0]:
            return self._open_tables
        free: list[FloorTable] = []
        for table, banked in self._pairs[: self.open_count]:
            if banked.count < banked.size or table.free_seats(now):
                free.append(table)
        return free

    def terms(self, visit: Visit, table: FloorTable, side: bool, bet: int) -> None:
        key = (visit.kind, side, bet)
        if key not in self._terms:  # one SeatTerms per player type, side bet and ante
            kind, group = self.floor.kinds[visit.kind], self.definition
            self._terms[key] = SeatTerms(
                self.plan.slots[kind.name, bet], bet,
                side and group.progressive is not None, kind.buy_in is None, kind.mistake,
            )  # fmt: skip
        terms = visit.play = self._terms[key]
        buy_in = self.floor.kinds[visit.kind].buy_in
        # no bankroll limit: chips bought as the table's rebuys are
        visit.buy_ins = terms.ante * REBUY_ANTES if buy_in is None else buy_in


class CaribbeanGame(MeterGame):
    """Caribbean Stud on the floor."""

    game = "caribbean_stud"
    label = "Caribbean Stud"
    edge_check = True
    rows = (
        FigureRow("rounds_per_table_hour", "rounds per table-hour", "number", par=False),
        FigureRow("main_game_win", "main game: win per day", "money", per_day=True),
        FigureRow(
            "theoretical_win",
            "main game: theoretical win per day (antes x house edge)",
            "money",
            per_day=True,
        ),
        FigureRow(
            "house_edge_per_initial_bet",
            "house edge per initial bet, measured",
            "percent",
            exact="theoretical_edge_per_initial_bet",
            slug="house_edge",
            note="beside it the theoretical edge of the hands played "
            "(players' antes, strategies and mistakes)",
        ),
        FigureRow(
            "theoretical_edge_per_initial_bet",
            "house edge per initial bet, theoretical",
            "percent",
            par=False,
        ),
        FigureRow("side_bet_handle", "side bets per day (handle)", "money", per_day=True),
    )

    def prepare(self, floor: Floor, group: Any, *, exact: bool = True) -> CaribbeanPlan:
        """Resolve every player type's strategy at ``group`` and its exact edge, at each ante it
        may bet there (a capped paytable's optimal strategy and edge depend on the ante).
        ``exact=False``: the optimal strategy is replaced by a named one and the edges are NaN,
        so nothing needs the dealer counts."""
        paytable = floor.paytables[group.name]
        plan = CaribbeanPlan(StrategyBook(paytable))
        capped = paytable.max_payout is not None
        for kind in floor.definition.traffic.players:
            if group.name not in kind.games:
                continue
            antes = kind.stakes_at(group)
            plan.antes[kind.name] = tuple(cents(a) for a in antes)
            for ante in antes if capped else antes[:1]:  # uncapped: the same at any ante
                table, edge = self._strategy(floor, kind, paytable, ante, exact=exact)
                key = f"{kind.name}@{ante}" if capped else kind.name
                slot = plan.book.slot(table, ante=ante, key=key)
                for each in [ante] if capped else antes:
                    plan.slots[kind.name, cents(each)] = slot
                    plan.edges[kind.name, cents(each)] = edge
        return plan

    @staticmethod
    def _strategy(
        floor: Floor, kind: Any, paytable: Any, ante: Fraction, *, exact: bool
    ) -> tuple[DecisionTable, float]:
        """Player type ``kind``'s decision table at ``ante`` and its exact edge there."""
        capped = paytable.max_payout is not None
        if kind.strategy_is_named:
            named = kind.strategy if exact or kind.strategy != "optimal" else "pair-or-better"
            table = resolve_strategy(named, paytable, ante=ante)
        else:
            table = load_rule_strategy(floor.strategy_files[kind.name])
        edge = math.nan
        if exact:
            analysis = analyze_caribbean(paytable, table, ante=ante if capped else None)
            edge = float(analysis.house_edge)
        mistakes = float(kind.mistake_rate)
        if mistakes and exact:
            reverse = DecisionTable(f"not {table.name}", table.raise_mask ^ ALL_UPCARDS)
            wrong = analyze_caribbean(paytable, reverse, ante=ante if capped else None)
            edge = (1 - mistakes) * edge + mistakes * float(wrong.house_edge)
        return table, edge

    def open_group(
        self,
        floor: FloorContext,
        group: Any,
        prepared: object,
        *,
        first: int,
        rngs: list[np.random.Generator],
        seats: int,
    ) -> _Pit:
        assert isinstance(prepared, CaribbeanPlan)
        meter = floor.meters.get(group.progressive) if group.progressive else None
        assert meter is None or isinstance(meter, LinkedProgressive)
        paytable = prepared.book.paytable
        tables: list[FloorTable] = []
        for i, rng in enumerate(rngs):
            table = BankedTable(first + i, group, paytable, rng, tally=TableTally(floor.hours),
                                ledger=floor.ledger, log=floor.log, meter=meter,
                                book=prepared.book)  # fmt: skip
            for key, slot in prepared.slots.items():
                table.edges[slot] = prepared.edges[key]
            tables.append(CaribbeanTable(table))
        return _Pit(floor, group, tables, prepared)

    def figures(self, totals: np.ndarray, hours: float, group: Any) -> dict[str, np.ndarray]:
        bets = np.where(totals[:, INITIAL_BETS] > 0, totals[:, INITIAL_BETS], np.nan)
        return {
            "main_game_win": totals[:, MAIN_WIN] / 100,
            "theoretical_win": totals[:, THEO_WIN] / 100,
            "house_edge_per_initial_bet": totals[:, MAIN_WIN] / bets,
            "theoretical_edge_per_initial_bet": totals[:, THEO_WIN] / bets,
            "side_bet_handle": totals[:, SIDE_HANDLE] / 100,
            "side_bet_awards_paid_by_house": totals[:, SIDE_PAID] / 100,
        }


#: The registry's entry for ``game: caribbean_stud``.
GAME = CaribbeanGame()
