"""What one replication of a floor hands back: small, picklable, reconciled to the cent.

:func:`build_replication` folds the run's hour-by-hour tallies into per-day
and per-hour-of-day arrays (``[table, day or hour, metric]``, columns
:data:`~casino_sim.floor.tally.METRICS`, money in cents), keeps every meter's
path on the shared grid and its hits, and summarises the sessions by player
type. Before it returns, the ledger is reconciled: the players' account with
the sum of the sessions' results, every meter and jackpot account with its
meter, the pot with zero, and the house with the tables' own tallies less
what the meters hold and paid (a difference raises
:class:`~casino_sim.errors.LedgerError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from casino_sim.engine.ledger import ADVANCE, CONTRIBUTION, JACKPOT_DROP, RESERVE, SEED, Ledger
from casino_sim.floor.meters import Hit, LinkedBadBeat, LinkedProgressive
from casino_sim.floor.schedule import HOUR
from casino_sim.floor.tally import (
    MAIN_WIN,
    RAKE,
    SEAT_SECONDS,
    SIDE_HANDLE,
    SIDE_PAID,
    THEO_WIN,
    TIME_COLLECTED,
    SessionLog,
    TableTally,
)

__all__ = ["SESSION_EDGES", "MeterRun", "ReplicationResult", "build_replication"]

#: Edges (money) of the session-result histogram kept per player type (first and last bins open).
SESSION_EDGES = (-5000, -2000, -1000, -500, -200, -100, -50, -20, 0, 20, 50, 100, 200, 500,
                 1000, 2000, 5000)  # fmt: skip


@dataclass
class MeterRun:
    """One meter in one replication: path on the grid, hits, where it started and ended (cents)."""

    name: str
    kind: str  # "progressive" or "bad_beat"
    path: np.ndarray
    hits: list[Hit]
    start_liability: int
    end_liability: int
    end_meter: int
    house_funded: int  # progressive: opening seed and advances; bad beat: seeds paid by the house
    money_in: int  # into the meter and its reserve: (contribution + reserve rate) x side bets,
    # or the jackpot drops, cents
    side_bet_handle: int = 0  # progressive: side bets (count x wager), cents
    house_cost: int = 0  # the house's money still in: opening seed + advances not repaid, cents

    @property
    def balance_check(self) -> int:
        """start + money in + house advances outstanding - paid - end: 0 to the cent (the
        meter's books: ``docs/money.md``)."""
        paid = sum(h.amount for h in self.hits)
        return self.house_cost + self.money_in - paid - self.end_liability


@dataclass
class ReplicationResult:
    """One replication's figures (see the module docstring for the array layout)."""

    index: int
    days: int
    tables: list[tuple[str, str]]  # (group name, game) per table
    seats: list[int]
    daily: np.ndarray
    hour_of_day: np.ndarray
    waiting_by_hour: dict[str, np.ndarray]  # player-seconds on the list, by hour of day
    meters: dict[str, MeterRun]
    arrivals: list[int]  # by player type
    turned_away: list[int]
    reneged: dict[str, int]  # by poker group: left the waiting list
    gave_up: list[int] = field(default_factory=list)  # by player type: left a waiting list
    #: by player type: of those turned away, the ones an open choice's minimum priced out
    priced_out: list[int] = field(default_factory=list)
    sessions: list[dict[str, Any]] = field(default_factory=list)  # by player type
    session_hist: np.ndarray = field(default_factory=lambda: np.zeros(0))  # [type, bin]
    ledger: Ledger = field(default_factory=Ledger)
    #: by table group: players seated on average in each clock hour of the run (days x 24),
    #: what a table-games system's head counts report (``casino-sim floor --counts``)
    seated_by_hour: dict[str, np.ndarray] = field(default_factory=dict)
    #: by table group and clock hour: the theoretical win in money (the optimizer's objective)
    theo_by_hour: dict[str, np.ndarray] = field(default_factory=dict)
    #: by table group and clock hour: [arrivals whose first open choice it was, turned away]
    demand_by_hour: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def house_result(self) -> int:
        """The house's whole result in cents (the ledger's house account)."""
        return self.ledger.balance("house")


def _sessions(log: SessionLog, names: list[str]) -> tuple[list[dict[str, Any]], np.ndarray]:
    kinds = np.asarray(log.kind, np.int64)
    nets = np.asarray(log.net, np.float64) / 100
    hands = np.asarray(log.hands, np.int64)
    waits = np.asarray(log.wait)
    played = hands > 0
    edges = np.array(SESSION_EDGES, float)
    hist = np.zeros((len(names), len(edges) + 1), np.int64)
    out = []
    for k, name in enumerate(names):
        mine = (kinds == k) & played
        x = nets[mine]
        hist[k] = np.bincount(np.searchsorted(edges, x, side="right"), minlength=len(edges) + 1)
        out.append(
            {
                "type": name,
                "sessions": int(mine.sum()),
                "net_sum": float(x.sum()),
                "net_squares": float((x * x).sum()),
                "losing": int((x < 0).sum()),
                "hands": int(hands[mine].sum()),
                "wait_seconds": float(waits[mine].sum()),
            }
        )
    return out, hist


def build_replication(
    *,
    index: int,
    days: int,
    tables: list[tuple[str, str]],
    seats: list[int],
    tallies: list[TableTally],
    meters: Mapping[str, LinkedProgressive | LinkedBadBeat],
    log: SessionLog,
    kinds: list[str],
    ledger: Ledger,
    arrivals: list[int],
    turned_away: list[int],
    reneged: dict[str, int],
    waiting: dict[str, TableTally],
    gave_up: list[int] | None = None,
    demand: dict[str, np.ndarray] | None = None,
    priced_out: list[int] | None = None,
) -> ReplicationResult:
    """Fold the run's tallies, reconcile the ledger, and return the replication's figures."""
    rows = np.stack([t.rows for t in tallies])  # [table, hour, metric]
    by_day = rows.reshape(len(tallies), days, 24, -1)
    runs: dict[str, MeterRun] = {}
    expected_house = float(
        rows[:, :, [MAIN_WIN, SIDE_HANDLE, RAKE, TIME_COLLECTED]].sum()
        - rows[:, :, SIDE_PAID].sum()
    )
    expected: dict[str, int] = {"pot": 0, "players": int(sum(log.net))}
    for name, meter in meters.items():
        paid = sum(h.amount for h in meter.hits)
        if isinstance(meter, LinkedProgressive):
            meter.meter.reconcile()
            expected_house -= meter.liability + paid
            model = meter.meter
            outstanding = model.advances_cents
            repaid = ledger.total(ADVANCE, target=model.reserve_account) - outstanding
            funded = (
                ledger.total(CONTRIBUTION, target=model.meter_account)
                + ledger.total(RESERVE, target=model.reserve_account)
                + repaid
            )
            opening = ledger.total(SEED, source="house", target=model.meter_account)
            runs[name] = MeterRun(name, "progressive", np.array(meter.path, np.int64),
                                  meter.hits, meter.start_liability, meter.liability,
                                  model.meter_cents, model.house_funded_cents, funded,
                                  side_bet_handle=meter.bets * model.wager_cents,
                                  house_cost=opening + outstanding)  # fmt: skip
        else:
            drops = ledger.total(JACKPOT_DROP, target=meter.account)
            expected[meter.account] = meter.liability
            expected_house -= meter.liability + paid - drops
            seeded = meter.start_liability + meter.jackpot.house_seeded
            runs[name] = MeterRun(name, "bad_beat", np.array(meter.path, np.int64),
                                  meter.hits, meter.start_liability, meter.liability,
                                  meter.jackpot.amount, seeded, drops,
                                  house_cost=seeded)  # fmt: skip
    expected["house"] = round(expected_house)
    ledger.reconcile(expected)
    sessions, hist = _sessions(log, kinds)
    by_group = {  # [clock hour, metric] summed over each group's tables
        group: rows[[g == group for g, _ in tables]].sum(axis=0)
        for group in dict.fromkeys(g for g, _ in tables)
    }
    return ReplicationResult(
        index=index,
        days=days,
        tables=tables,
        seats=seats,
        daily=by_day.sum(axis=2),
        hour_of_day=by_day.sum(axis=1),
        waiting_by_hour={n: t.rows[:, 0].reshape(days, 24).sum(axis=0) for n, t in waiting.items()},
        meters=runs,
        arrivals=arrivals,
        turned_away=turned_away,
        reneged=reneged,
        gave_up=list(gave_up) if gave_up is not None else [0] * len(kinds),
        priced_out=list(priced_out) if priced_out is not None else [0] * len(kinds),
        sessions=sessions,
        session_hist=hist,
        ledger=ledger,
        seated_by_hour={g: hourly[:, SEAT_SECONDS] / HOUR for g, hourly in by_group.items()},
        theo_by_hour={g: hourly[:, THEO_WIN] / 100 for g, hourly in by_group.items()},
        demand_by_hour=dict(demand or {}),
    )
