"""High card: a toy banked game on the floor, whole in this one module (issue 24's proof).

One card each to every player and to the dealer from a shuffled deck; the
higher rank wins even money on the ante; a tie costs the player half the
ante. Over the 52 x 51 (player card, dealer card) pairs, 3 in 51 are ties, so
the house edge is exactly 1/34 (2.94%) per ante.

What it takes to put a game on the floor: a group definition (here a frozen
dataclass; a shipped game adds its type to ``config/floor.py``), a table that
keeps the :class:`~casino_sim.floor.tables.FloorTable` protocol, and a
:class:`~casino_sim.floor.games.FloorGame` entry registered under its ``game:``
(``register_game(GAME)``). Seating is the banked games' random open seat
(:class:`~casino_sim.floor.seating.RandomSeat`).

>>> exact_house_edge()
Fraction(1, 34)
"""

from __future__ import annotations

import copy
import dataclasses
import math
from fractions import Fraction
from typing import Any

import numpy as np

from casino_sim.config.floor import ALWAYS_OPEN, DealerBreaks, OpenHours, PlayerType
from casino_sim.config.floor_loader import Floor
from casino_sim.config.money import cents
from casino_sim.engine.ledger import ANTE, PAYOUT, Ledger
from casino_sim.floor.games import FigureRow, FloorGame, GroupPlay
from casino_sim.floor.seating import RandomSeat
from casino_sim.floor.tables import FloorContext, FloorTable, Visit
from casino_sim.floor.tally import (
    DEALING_SECONDS,
    HANDLE,
    HANDS,
    INITIAL_BETS,
    MAIN_WIN,
    ROUNDS,
    SEAT_SECONDS,
    THEO_WIN,
    SessionLog,
    TableTally,
)

__all__ = ["GAME", "HighCardGroup", "HighCardTable", "exact_house_edge", "with_group"]


def exact_house_edge() -> Fraction:
    """The house's expected win per ante over every (player card, dealer card) pair."""
    total = Fraction(0)
    for player in range(52):
        for dealer in range(52):
            if dealer == player:
                continue
            p, d = player // 4, dealer // 4
            total += -1 if p > d else 1 if p < d else Fraction(1, 2)
    return total / (52 * 51)


EDGE = exact_house_edge()


@dataclasses.dataclass(frozen=True)
class HighCardGroup:
    """``count`` high-card tables (the group definition a floor file would hold)."""

    name: str
    count: int = 1
    seats: int = 5
    ante: Fraction = Fraction(5)
    seconds_per_round: float = 20.0
    seconds_per_player: float = 5.0
    open: OpenHours = ALWAYS_OPEN
    dealer_breaks: DealerBreaks | None = None
    game: str = "high_card"


class HighCardTable:
    """A high-card table on its own clock: rounds dealt up to any time, players leaving at
    their planned end (a round under way finishes with the players dealt in)."""

    def __init__(self, index: int, group: HighCardGroup, rng: np.random.Generator, *,
                 tally: TableTally, ledger: Ledger, log: SessionLog) -> None:  # fmt: skip
        self.index, self.group, self.rng = index, group, rng
        self.tally, self.ledger, self.log = tally, ledger, log
        self.seats: list[Visit | None] = [None] * group.seats
        self.since: dict[int, float] = {}  # session -> seated since
        self.hands: dict[int, int] = {}  # session -> hands played
        self.last = 0.0  # the time the table has been advanced to
        self.next_round = 0.0
        self.dealing, self.pause = True, math.inf
        self.stakes = self.won = 0  # the house's since the last flush, cents

    def free_seats(self, t: float) -> int:
        self.advance(t)
        return self.seats.count(None)

    def seat(self, visit: Visit, t: float) -> None:
        self.advance(t)
        self.seats[self.seats.index(None)] = visit
        visit.seated_at = self
        self.since[visit.session] = t
        self.next_round = max(self.next_round, t)

    def unseat(self, visit: Visit, t: float) -> None:
        self.advance(t)
        self._stand(self.seats.index(visit), t)

    def _stand(self, s: int, t: float) -> Visit:
        visit = self.seats[s]
        assert visit is not None
        self.seats[s] = None
        visit.seated_at = None
        self.tally.add_span(self.since.pop(visit.session), t, SEAT_SECONDS, 1)
        self.log.hands[visit.session] += self.hands.pop(visit.session, 0)
        return visit

    def advance(self, t: float) -> None:
        if t <= self.last:
            return
        while True:
            start = max(self.next_round, self.last)
            for s, visit in enumerate(self.seats):  # who leaves before the next round
                if visit is not None and visit.leaves_at <= min(start, t):
                    self._stand(s, visit.leaves_at).end(self.log)
            players = [v for v in self.seats if v is not None]
            seconds = self.group.seconds_per_round + self.group.seconds_per_player * len(players)
            if not players or not self.dealing or start >= t or start + seconds > self.pause:
                break
            self._deal(start, seconds, players)
            self.next_round = start + seconds
        self.last = t

    def _deal(self, start: float, seconds: float, players: list[Visit]) -> None:
        ante = cents(self.group.ante)
        cards = self.rng.choice(52, size=len(players) + 1, replace=False)
        dealer = int(cards[-1]) // 4
        won = 0
        for visit, card in zip(players, cards[:-1].tolist(), strict=True):
            rank = card // 4
            house = -ante if rank > dealer else ante if rank < dealer else ante // 2
            visit.net -= house
            won += house
            self.hands[visit.session] = self.hands.get(visit.session, 0) + 1
        n = len(players)
        tally = self.tally
        for column, amount in ((ROUNDS, 1), (HANDS, n), (HANDLE, n * ante), (MAIN_WIN, won),
                               (INITIAL_BETS, n * ante), (THEO_WIN, n * ante * float(EDGE))):  # fmt: skip
            tally.add(start, column, amount)
        tally.add_span(start, start + seconds, DEALING_SECONDS, 1)
        self.stakes += n * ante
        self.won += won

    def set_hours(self, t: float, *, open_: bool, dealing: bool, pause: float) -> list[Visit]:
        self.dealing, self.pause = dealing, pause
        self.next_round = max(self.next_round, t)
        return [] if open_ else self.close(t)

    def close(self, t: float) -> list[Visit]:
        return [self._stand(s, t) for s, v in enumerate(self.seats) if v is not None]

    def flush(self) -> None:
        self.ledger.post(ANTE, "players", "house", self.stakes)
        self.ledger.post(PAYOUT, "house", "players", self.stakes - self.won)
        self.stakes = self.won = 0


class _Seats(RandomSeat):
    def terms(self, visit: Visit, table: FloorTable, side: bool, bet: int) -> None:
        ante = cents(self.definition.ante)  # one ante for everyone (the group has no limits)
        visit.play = ante
        buy_in = self.floor.kinds[visit.kind].buy_in
        visit.buy_ins = 40 * ante if buy_in is None else buy_in


class HighCardGame(FloorGame):
    """High card on the floor."""

    game = "high_card"
    label = "High card"
    edge_check = True
    rows = (
        FigureRow("rounds_per_table_hour", "rounds per table-hour", "number", par=False),
        FigureRow(
            "house_edge_per_initial_bet",
            "house edge per initial bet, measured",
            "percent",
            exact="theoretical_edge_per_initial_bet",
            slug="house_edge",
            note="beside it the exact edge, 1/34",
        ),
        FigureRow(
            "theoretical_edge_per_initial_bet",
            "house edge per initial bet, exact",
            "percent",
            par=False,
        ),
    )

    def open_group(self, floor: FloorContext, group: Any, prepared: object, *, first: int,
                   rngs: list[np.random.Generator], seats: int) -> GroupPlay:  # fmt: skip
        tables: list[FloorTable] = [
            HighCardTable(
                first + i,
                group,
                rng,
                tally=TableTally(floor.hours),
                ledger=floor.ledger,
                log=floor.log,
            )
            for i, rng in enumerate(rngs)
        ]
        return _Seats(floor, group, tables)

    def figures(self, totals: np.ndarray, hours: float, group: Any) -> dict[str, np.ndarray]:
        bets = np.where(totals[:, INITIAL_BETS] > 0, totals[:, INITIAL_BETS], np.nan)
        return {
            "house_edge_per_initial_bet": totals[:, MAIN_WIN] / bets,
            "theoretical_edge_per_initial_bet": totals[:, THEO_WIN] / bets,
        }


#: The entry to register (``casino_sim.floor.registry.register_game(GAME)``).
GAME = HighCardGame()


def with_group(floor: Floor, group: HighCardGroup, player: PlayerType) -> Floor:
    """``floor`` with ``group`` beside its own groups and ``player`` among its player types.

    (``config/floor.py`` knows only the shipped games, so the toy's group is put into a copy
    of the loaded definition without validating it again.)
    """
    definition = copy.copy(floor.definition)
    traffic = dataclasses.replace(definition.traffic, players=(*definition.traffic.players, player))
    object.__setattr__(definition, "tables", (*definition.tables, group))
    object.__setattr__(definition, "traffic", traffic)
    definition.__dict__.pop("groups", None)  # the cached groups by name
    return dataclasses.replace(floor, definition=definition)
