"""What one replication counts: per table and clock hour, and every player's session.

:class:`TableTally` keeps one row per clock hour of the run (hours since day 0)
and one column per :data:`METRICS` entry, money in cents; a replication folds
it into per-day and per-hour-of-day figures when it ends, so what crosses
process boundaries is small. :class:`SessionLog` keeps each session's result
by id, because a meter award can reach a session after the player has left.

>>> tally = TableTally(hours=48)
>>> tally.add_events(np.array([10.0, 3599.0, 3601.0]), HANDS, np.array([2.0, 3.0, 4.0]))
>>> tally.add_span(3000.0, 4200.0, SEAT_SECONDS, 2.0)
>>> tally.rows[:2, HANDS].tolist(), tally.rows[:2, SEAT_SECONDS].tolist()
([5.0, 4.0], [1200.0, 1200.0])
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from casino_sim.floor.schedule import HOUR

__all__ = [
    "DEALING_SECONDS",
    "DROP",
    "HANDLE",
    "HANDS",
    "INITIAL_BETS",
    "JACKPOT_DROP",
    "MAIN_WIN",
    "METRICS",
    "RAKE",
    "ROUNDS",
    "SEAT_SECONDS",
    "SIDE_HANDLE",
    "SIDE_PAID",
    "THEO_WIN",
    "TIME_COLLECTED",
    "SessionLog",
    "TableTally",
    "add_span_rows",
    "add_spans_rows",
]

#: Columns of a tally row (money in cents, time in seconds).
METRICS = (
    "rounds",  # rounds (banked) or hands (poker) dealt
    "hands",  # player hands: one per seated player and round
    "handle",  # main-game wagers (antes and raises; poker: chips put in pots)
    "main_win",  # the house's result on the main game (banked)
    "side_handle",  # progressive side bets
    "side_paid",  # fixed side-bet awards and envy bonuses (paid by the house)
    "rake",  # the poker room's rake or drop
    "time_collected",  # time collection
    "jackpot_drop",  # money dropped into a bad-beat jackpot
    "seat_seconds",  # seated player-seconds (occupancy)
    "theo_win",  # theoretical main-game win: antes x exact house edge (banked)
    "drop",  # cash exchanged for chips (buy-ins)
    "initial_bets",  # banked antes: the initial bets the house edge is quoted per
    "dealing_seconds",  # time the table dealt with players seated
)
(ROUNDS, HANDS, HANDLE, MAIN_WIN, SIDE_HANDLE, SIDE_PAID, RAKE, TIME_COLLECTED, JACKPOT_DROP,
 SEAT_SECONDS, THEO_WIN, DROP, INITIAL_BETS, DEALING_SECONDS) = range(len(METRICS))  # fmt: skip


_SPANS = 4096  # spans waiting to be booked at most


class TableTally:
    """One table's figures by clock hour of the run (rows) and metric (columns)."""

    def __init__(self, hours: int) -> None:
        self.rows = np.zeros((hours, len(METRICS)))
        self._spans: list[float] = []  # start, end, metric, per second; start, ...

    def _row(self, t: float) -> int:
        return min(max(int(t // HOUR), 0), len(self.rows) - 1)

    def add(self, t: float, metric: int, amount: float) -> None:
        """Add ``amount`` to ``metric`` in the hour of time ``t``."""
        self.rows[self._row(t), metric] += amount

    def add_events(self, times: np.ndarray, metric: int, amounts: np.ndarray) -> None:
        """Add ``amounts[i]`` at ``times[i]`` (sorted) to ``metric``."""
        if len(times) == 0:
            return
        first, last = self._row(float(times[0])), self._row(float(times[-1]))
        if first == last:
            self.rows[first, metric] += float(amounts.sum())
            return
        rows = np.minimum((times // HOUR).astype(np.int64), len(self.rows) - 1) - first
        self.rows[first : last + 1, metric] += np.bincount(rows, amounts, last - first + 1)

    def add_columns(self, times: np.ndarray, columns: list[int], values: np.ndarray) -> None:
        """Add ``values[i, j]`` at ``times[i]`` (sorted) to metric ``columns[j]``."""
        if len(times) == 0:
            return
        first, last = self._row(float(times[0])), self._row(float(times[-1]))
        if first == last:
            self.rows[first, columns] += values.sum(axis=0)
            return
        for j, column in enumerate(columns):
            self.add_events(times, column, values[:, j])

    def add_span(self, start: float, end: float, metric: int, per_second: float) -> None:
        """Add ``per_second`` for every second of [start, end), split across clock hours."""
        add_span_rows(self.rows, start, end, metric, per_second)

    def add_span_later(self, start: float, end: float, metric: int, per_second: float) -> None:
        """:meth:`add_span` at the next :meth:`book_spans` (the same sums: spans are booked in
        order; a metric some spans go to takes no other additions)."""
        spans = self._spans
        spans += (start, end, metric, per_second)
        if len(spans) == 4 * _SPANS:
            self.book_spans()

    def book_spans(self) -> None:
        """Book the spans :meth:`add_span_later` holds, in one compiled call."""
        if self._spans:
            add_spans_rows(self.rows, np.array(self._spans).reshape(-1, 4))
            self._spans = []


@njit(cache=True)
def add_span_rows(rows, start, end, column, per_second):  # type: ignore[no-untyped-def]
    """:meth:`TableTally.add_span` on a tally's ``rows`` (compiled callers call it directly)."""
    top = rows.shape[0] - 1
    t = start
    while t < end:
        stop = min(end, (math.floor(t / HOUR) + 1) * HOUR)
        rows[min(max(int(t // HOUR), 0), top), column] += per_second * (stop - t)
        t = stop


@njit(cache=True)
def add_spans_rows(rows, spans):  # type: ignore[no-untyped-def]
    """:func:`add_span_rows` for each row (start, end, column, per second) of ``spans``."""
    for i in range(spans.shape[0]):
        add_span_rows(rows, spans[i, 0], spans[i, 1], int(spans[i, 2]), spans[i, 3])


class SessionLog:
    """Every session's player type, start, hands and result (cents), by session id."""

    def __init__(self) -> None:
        self.kind: list[int] = []
        self.net: list[int] = []
        self.hands: list[int] = []
        self.wait: list[float] = []
        self.drop: list[int] = []

    def open(self, kind: int, wait: float = 0.0) -> int:
        """A new session of player type ``kind``; returns its id."""
        self.kind.append(kind)
        self.net.append(0)
        self.hands.append(0)
        self.wait.append(wait)
        self.drop.append(0)
        return len(self.kind) - 1
