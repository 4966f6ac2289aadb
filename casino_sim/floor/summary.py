"""Across replications: means with 95% intervals, meter bands, hit odds, daily win distributions.

:class:`FloorSummary` takes replications one at a time (:meth:`FloorSummary.add`,
in replication order) and keeps only what the figures need: per-replication
totals by table group, the meters' paths on the shared grid, their hits, the
per-table daily wins, sums by hour of day and the session figures, so memory
does not grow with the number of rounds. :meth:`FloorSummary.to_record` gives
every figure as plain JSON-ready data.

An interval is the replications' mean +- t(0.975, R - 1) x SD / sqrt(R): the
replications are independent, so it is exact in the large-sample sense
whatever happens inside a run (meters, correlation between days). With a
single replication there is no interval (``null``). Every interval lies inside
its quantity's range (:mod:`casino_sim.engine.stats`): a share (occupancy) is
cut to [0, 1] and an amount that cannot be negative (drop, handle, rake, hands
per hour) at 0, which keeps the coverage since the true mean lies in the
range; a count of meter hits gets the exact Poisson (Garwood) interval of all
the replications' hits, divided by R; a share of replications (a losing run, a
hit within D days) the Wilson interval; the losing-day probability the wider
of the Wilson interval over all table-days and the t interval across
replications (the first bounds a share that is 0 in every replication, the
second allows for table-days that move together).

A table's *win* is the house's result there as the cage counts it: the main
game's win, plus side bets less the awards the house pays and less the
share of each side bet that funds the meter and its reserve, plus rake and
time collection. Seeds and advances are the floor's (its ``ledger``), not a
table's: the house result is the groups' win less the **house-funded seeds**
(each meter's opening seed and the house advances not yet repaid), and the
record shows both. *Hold* is win over drop (cash exchanged for chips).
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import numpy as np
from scipy import stats

from casino_sim.config.money import cents
from casino_sim.engine.ledger import Ledger
from casino_sim.engine.stats import poisson_interval, proportion_interval
from casino_sim.floor.figures import FloorResult
from casino_sim.floor.plan import FloorPlan
from casino_sim.floor.registry import game_of
from casino_sim.floor.results import SESSION_EDGES, ReplicationResult
from casino_sim.floor.schedule import DAY
from casino_sim.floor.tally import (
    DEALING_SECONDS,
    DROP,
    HANDLE,
    HANDS,
    MAIN_WIN,
    METRICS,
    RAKE,
    ROUNDS,
    SEAT_SECONDS,
    SIDE_HANDLE,
    SIDE_PAID,
    TIME_COLLECTED,
)
from casino_sim.games.banked.caribbean_stud.economics import (
    RuleFlag,
    meter_flags,
    progressive_flags,
)

__all__ = ["BAND_QUANTILES", "HIT_WITHIN_DAYS", "FloorSummary", "interval"]

#: Quantiles (percent) of the meter bands and of distributions.
BAND_QUANTILES = (5, 25, 50, 75, 95)
#: Horizons (days) for "probability of at least one hit within D days" (those within the run).
HIT_WITHIN_DAYS = (1, 7, 30, 90, 180, 365, 730, 1825, 3650)


#: Figures that are shares: their intervals are cut to [0, 1].
_SHARES = frozenset({"occupancy", "dealing_share"})
#: Figures that cannot be negative: their intervals are cut at 0.
_NOT_NEGATIVE = frozenset({
    "drop", "handle", "rounds", "hands", "rounds_per_table_hour", "side_bet_handle",
    "side_bet_awards_paid_by_house", "rake", "time_collected", "jackpot_drop", "rake_per_hand",
    "house_take_per_100_hands", "house_take_per_table_hour",
})  # fmt: skip


def _range(key: str) -> dict[str, float]:
    if key in _SHARES:
        return {"low": 0.0, "high": 1.0}
    return {"low": 0.0} if key in _NOT_NEGATIVE else {}


#: Metrics in money (cents in the tallies).
_MONEY = ("handle", "main_win", "side_handle", "side_paid", "rake", "time_collected",
          "jackpot_drop", "theo_win", "drop", "initial_bets")  # fmt: skip


def interval(
    values: list[float] | np.ndarray, *, low: float | None = None, high: float | None = None
) -> dict[str, float | int | None]:
    """Mean and 95% interval of independent replications' values (no interval for one), cut to
    the quantity's range [``low``, ``high``] when it has one.

    >>> interval([1.0, 2.0, 3.0])["low"] < 2.0 < interval([1.0, 2.0, 3.0])["high"]
    True
    >>> interval([0.0, 0.0, 0.1], low=0.0, high=1.0)["low"]
    0.0
    """
    x = np.asarray(values, float)
    n = len(x)
    mean = float(x.mean()) if n else math.nan
    if n < 2:
        return {"mean": mean, "low": None, "high": None, "se": None, "n": n}
    se = float(x.std(ddof=1) / math.sqrt(n))
    half = float(stats.t.ppf(0.975, n - 1)) * se
    lo, hi = mean - half, mean + half
    lo, hi = lo if low is None else max(lo, low), hi if high is None else min(hi, high)
    return {"mean": mean, "low": lo, "high": hi, "se": se, "n": n}


def count_interval(counts: list[int]) -> dict[str, float | int | str | None]:
    """Mean count per replication with the exact Poisson (Garwood) interval of the total / R.

    >>> figure = count_interval([0, 1, 0, 0, 0])  # one hit in five replications
    >>> figure["mean"], round(figure["low"], 4), round(figure["high"], 3), figure["total"]
    (0.2, 0.0051, 1.114, 1)
    """
    n = len(counts)
    total = int(sum(counts))
    if n == 0:
        return {"mean": math.nan, "low": None, "high": None, "n": 0, "total": 0}
    iv = poisson_interval(total)
    return {"mean": total / n, "low": iv.low / n, "high": iv.high / n, "n": n, "total": total,
            "method": "exact Poisson"}  # fmt: skip


def _ratio(a: float, b: float) -> float:
    return a / b if b else math.nan


def _wilson(successes: int, n: int) -> dict[str, float]:
    """Share and 95% Wilson interval (:func:`casino_sim.engine.stats.proportion_interval`)."""
    if n == 0:
        return {"share": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    iv = proportion_interval(successes, n)
    return {"share": successes / n, "low": iv.low, "high": iv.high, "n": n}


def _losing_days(daily: list[np.ndarray]) -> dict[str, float | int | None]:
    """The chance a table-day loses: the share of losing table-days, inside the wider of the
    Wilson interval over all table-days and the t interval across replications."""
    shares = [float((d < 0).mean()) for d in daily if len(d)]
    figure = interval(shares, low=0.0, high=1.0)
    losing = sum(int((d < 0).sum()) for d in daily)
    days = sum(len(d) for d in daily)
    if days:
        wilson = proportion_interval(losing, days)
        low, high = figure["low"], figure["high"]
        figure["low"] = wilson.low if low is None else min(float(low), wilson.low)
        figure["high"] = wilson.high if high is None else max(float(high), wilson.high)
        figure |= {"losing_table_days": losing, "table_days": days}
    return figure


def _gaps(hours: list[float]) -> dict[str, Any]:
    if not hours:
        return {"mean": None, "n": 0}
    return {"mean": float(np.mean(hours)), "n": len(hours), **_quantiles(np.array(hours))}


def _quantiles(values: np.ndarray) -> dict[str, float]:
    if len(values) == 0:
        return {}
    q = np.percentile(values, BAND_QUANTILES)
    return {f"p{p}": float(v) for p, v in zip(BAND_QUANTILES, q, strict=True)}


class FloorSummary:
    """Replications folded into figures (add them in replication order)."""

    def __init__(self, plan: FloorPlan, *, seed: int | None = None) -> None:
        self.plan = plan
        self.seed = seed  # the run's seed (replication i drew from its i-th child)
        floor = plan.floor
        self.groups = [g.name for g in floor.definition.tables]
        self.games = {g.name: g.game for g in floor.definition.tables}
        self.replications = 0
        self.totals: dict[str, list[np.ndarray]] = defaultdict(list)  # group -> per rep [metric]
        self.win: dict[str, list[float]] = defaultdict(list)  # group -> per rep win (cents)
        self.daily_win: dict[str, list[np.ndarray]] = defaultdict(list)  # per table-day (cents)
        self.hour_of_day: np.ndarray | None = None
        self.table_totals: np.ndarray | None = None  # [table, metric], summed over replications
        self.day_totals: dict[str, np.ndarray] = {}  # group -> [day, metric] over replications
        self.table_names: list[str] = []
        self.waiting_by_hour: dict[str, np.ndarray] = {}
        self.paths: dict[str, list[np.ndarray]] = defaultdict(list)
        self.hits: dict[str, list[list[Any]]] = defaultdict(list)  # meter -> per rep hits
        # meter -> per rep (start liability, end liability, end meter, money in, side-bet
        # handle, house cost, paid), cents
        self.meter_ends: dict[str, list[tuple[int, ...]]] = defaultdict(list)
        self.side_returns: dict[str, list[float]] = defaultdict(list)  # progressive -> per rep
        self.house: list[int] = []
        self.arrivals = np.zeros(len(floor.definition.traffic.players), np.int64)
        self.turned_away = np.zeros_like(self.arrivals)
        self.gave_up = np.zeros_like(self.arrivals)
        self.reneged: dict[str, int] = defaultdict(int)
        self.sessions: list[dict[str, float]] = []
        self.session_hist: np.ndarray | None = None
        self.ledger = Ledger()
        self._funding = self._meter_funding()

    def _meter_funding(self) -> dict[str, float]:
        """Per group: the share of a side bet that goes to the meter and its reserve."""
        floor = self.plan.floor
        out = {}
        for group in floor.definition.tables:
            share = game_of(group.game).meter_share(floor, group)
            if share:
                out[group.name] = share
        return out

    def _table_win(self, group: str, rows: np.ndarray) -> np.ndarray:
        """Win (cents) of rows [..., metric] of a table of ``group``."""
        funded = self._funding.get(group, 0.0)
        win: np.ndarray = (
            rows[..., MAIN_WIN]
            + rows[..., SIDE_HANDLE] * (1 - funded)
            - rows[..., SIDE_PAID]
            + rows[..., RAKE]
            + rows[..., TIME_COLLECTED]
        )
        return win

    def add(self, rep: ReplicationResult) -> None:
        """Fold one replication in."""
        self.replications += 1
        names = [g for g, _ in rep.tables]
        self.table_names = names
        totals = rep.daily.sum(axis=1)
        self.table_totals = totals if self.table_totals is None else self.table_totals + totals
        for group in self.groups:
            mine = [i for i, g in enumerate(names) if g == group]
            daily = rep.daily[mine]  # [table, day, metric]
            by_day = daily.sum(axis=0)
            self.day_totals[group] = self.day_totals.get(group, 0) + by_day
            self.totals[group].append(daily.sum(axis=(0, 1)))
            wins = self._table_win(group, daily)  # [table, day]
            self.win[group].append(float(wins.sum()))
            self.daily_win[group].append(wins.ravel().astype(np.float32))
        self.hour_of_day = rep.hour_of_day.copy() if self.hour_of_day is None else (
            self.hour_of_day + rep.hour_of_day)  # fmt: skip
        for name, waiting in rep.waiting_by_hour.items():
            self.waiting_by_hour[name] = self.waiting_by_hour.get(name, 0) + waiting
        for name, meter in rep.meters.items():
            if meter.kind == "progressive" and meter.side_bet_handle:
                linked = [g.name for g in self.plan.floor.definition.tables
                          if game_of(g.game).meter(g) == name]  # fmt: skip
                fixed = sum(float(self.totals[g][-1][SIDE_PAID]) for g in linked)
                paid = sum(h.amount for h in meter.hits)
                rise = meter.end_liability - meter.start_liability
                self.side_returns[name].append((fixed + paid + rise) / meter.side_bet_handle)
            self.paths[name].append(meter.path)
            self.hits[name].append(meter.hits)
            self.meter_ends[name].append(
                (meter.start_liability, meter.end_liability, meter.end_meter, meter.money_in,
                 meter.side_bet_handle, meter.house_cost, sum(h.amount for h in meter.hits))
            )  # fmt: skip
        self.house.append(rep.house_result)
        self.arrivals += rep.arrivals
        self.turned_away += rep.turned_away
        if len(rep.gave_up):
            self.gave_up += rep.gave_up
        for name, count in rep.reneged.items():
            self.reneged[name] += count
        if not self.sessions:
            self.sessions = [dict.fromkeys(s, 0) | {"type": s["type"]} for s in rep.sessions]
        for total, part in zip(self.sessions, rep.sessions, strict=True):
            for key, value in part.items():
                if key != "type":
                    total[key] += value
        hist = rep.session_hist
        self.session_hist = hist.copy() if self.session_hist is None else self.session_hist + hist
        self.ledger = self.ledger.merge(rep.ledger)

    # ---------------------------------------------------------------- figures
    def _open_hours(self, group: str) -> float:
        """Hours the group's tables are open over the run, all its tables."""
        definition = self.plan.floor.group(group)
        per_day = 86400 if definition.open.always else definition.open.open_seconds_per_day
        return per_day / 3600 * self.plan.days * definition.count

    def group_record(self, group: str) -> dict[str, Any]:
        """Every figure of one table group, per replication mean with its interval."""
        totals = np.array(self.totals[group])  # [rep, metric]
        seats = self.plan.floor.seats(group)
        hours = self._open_hours(group)
        wins = np.array(self.win[group])
        per_rep = {
            "win": wins / 100,
            "win_per_table_hour": wins / 100 / hours,
            "hold": wins / np.where(totals[:, DROP] > 0, totals[:, DROP], np.nan),
            "drop": totals[:, DROP] / 100,
            "handle": totals[:, HANDLE] / 100,
            "rounds": totals[:, ROUNDS],
            "hands": totals[:, HANDS],
            "rounds_per_table_hour": totals[:, ROUNDS] / hours,
            "occupancy": totals[:, SEAT_SECONDS] / (hours * 3600 * seats),
            "dealing_share": totals[:, DEALING_SECONDS] / (hours * 3600),
        }
        game = game_of(self.games[group])
        per_rep |= game.figures(totals, hours)
        daily = (
            np.concatenate(self.daily_win[group]) / 100 if self.daily_win[group] else np.zeros(0)
        )
        definition = self.plan.floor.group(group)
        rules = game.rules(self.plan.floor, definition)
        return {
            "game": self.games[group],
            "tables": definition.count,
            "seats": seats,
            "open_table_hours": hours,
            **rules,
            **{k: interval(v[~np.isnan(v)], **_range(k)) for k, v in per_rep.items()},
            "daily_win_per_table": {
                "mean": float(daily.mean()) if len(daily) else math.nan,
                "sd": float(daily.std(ddof=1)) if len(daily) > 1 else math.nan,
                **_quantiles(daily),
                "losing_day_probability": _losing_days(self.daily_win[group]),
            },
        }

    def meter_record(self, name: str) -> dict[str, Any]:
        """A meter's growth, bands, hits and liability across replications."""
        paths = np.stack(self.paths[name]) / 100  # [rep, grid]
        bands = {f"p{q}": np.percentile(paths, q, axis=0).tolist() for q in BAND_QUANTILES}
        by_hand: dict[str, dict[str, Any]] = {}
        hands = sorted({h.hand for rep in self.hits[name] for h in rep})
        for hand in hands:
            at_hit = np.array([h.meter_before for rep in self.hits[name] for h in rep
                               if h.hand == hand]) / 100  # fmt: skip
            amounts = np.array([h.amount for rep in self.hits[name] for h in rep
                                if h.hand == hand]) / 100  # fmt: skip
            gaps = []
            firsts = []
            for rep in self.hits[name]:
                times = [h.time for h in rep if h.hand == hand]
                gaps += list(np.diff(times) / 3600)
                firsts.append(times[0] if times else math.inf)
            counts = [sum(h.hand == hand for h in rep) for rep in self.hits[name]]
            within = {
                str(d): _wilson(sum(f <= d * DAY for f in firsts), len(firsts))
                for d in HIT_WITHIN_DAYS
                if d <= self.plan.days
            }
            by_hand[hand] = {
                "hits_per_replication": count_interval(counts),
                "meter_at_hit": {"mean": float(at_hit.mean()), **_quantiles(at_hit)},
                "amount_paid": {"mean": float(amounts.mean()), **_quantiles(amounts)},
                "hours_between_hits": _gaps(gaps),
                "probability_within_days": within,
            }
        ends = np.array(self.meter_ends[name], float) / 100
        per_day = 1 / self.plan.days
        every_hit = [
            {"replication": r, "hours": h.time / 3600, "table": h.table, "hand": h.hand,
             "amount": h.amount / 100, "meter_before": h.meter_before / 100}
            for r, hits in enumerate(self.hits[name])
            for h in hits
        ]  # fmt: skip
        return {
            "every_hit": every_hit,
            "grid_hours": (self.plan.grid / 3600).tolist(),
            "mean_path": paths.mean(axis=0).tolist(),
            "bands": bands,
            "hits": by_hand,
            "kind": self._meter_kind(name),
            "seed": self._meter_seed(name) / 100,
            "liability_start": float(ends[0, 0]),
            "liability_end": interval(ends[:, 1], low=0.0),
            "meter_end": interval(ends[:, 2], low=0.0),
            # into the meter and its reserve: the progressive's contribution and reserve rates
            # x its side bets, or the bad beat's jackpot drops
            "money_in": interval(ends[:, 3], low=0.0),
            "side_bet_handle": interval(ends[:, 4], low=0.0)
            if self._meter_kind(name) == "progressive"
            else None,
            # the house's money in the meter: opening seed + advances not yet repaid
            "house_funded": interval(ends[:, 5], low=0.0),
            "house_funded_per_day": interval(ends[:, 5] * per_day, low=0.0),
            "paid": interval(ends[:, 6], low=0.0),
            "side_bet_return": interval(self.side_returns[name])
            if name in self.side_returns
            else None,
        }

    def _meter_kind(self, name: str) -> str:
        return "progressive" if name in self.plan.floor.progressives else "bad_beat"

    def _meter_seed(self, name: str) -> int:
        """A meter's seed, cents."""
        floor = self.plan.floor
        if name in floor.progressives:
            return cents(floor.progressives[name].seed)
        return cents(floor.bad_beat(name).seed)

    def flags(self) -> list[RuleFlag]:
        """Every rule of the game's economics the floor breaks: a linked progressive's definition
        (long-run return over 100%, an award rarer than 1 in 100 million), a meter that showed
        less than its seed (at a hit or on its path)."""
        from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

        out: list[RuleFlag] = []
        for name, side in self.plan.floor.progressives.items():
            if name in self.paths:
                out += progressive_flags(analyze_progressive(side))
        for name in self.paths:
            seen = [int(p.min()) for p in self.paths[name] if len(p)]
            seen += [h.meter_before for rep in self.hits[name] for h in rep]
            lowest = min(seen) if seen else None
            out += meter_flags(name, seed_cents=self._meter_seed(name), lowest_cents=lowest)
        return out

    def tables_record(self) -> list[dict[str, Any]]:
        """Per table: its group and daily means (over days and replications) of every metric."""
        assert self.table_totals is not None
        scale = self.plan.days * self.replications
        out = []
        for i, group in enumerate(self.table_names):
            row = self.table_totals[i] / scale
            money = {m: float(row[METRICS.index(m)]) / 100 for m in _MONEY}
            counts = {m: float(row[METRICS.index(m)]) for m in METRICS if m not in _MONEY}
            out.append({"table": i, "group": group, "per_day": money | counts,
                        "win_per_day": float(self._table_win(group, row)) / 100})  # fmt: skip
        return out

    def by_day_record(self) -> dict[str, Any]:
        """Per group and day of the run: mean win, rounds and hands over replications."""
        out = {}
        for group, rows in self.day_totals.items():
            rows = rows / self.replications
            out[group] = {
                "win": (self._table_win(group, rows) / 100).tolist(),
                "rounds": rows[:, ROUNDS].tolist(),
                "hands": rows[:, HANDS].tolist(),
            }
        return out

    def players_record(self) -> list[dict[str, Any]]:
        """Per player type: sessions, results, waits, turned away."""
        out = []
        kinds = self.plan.floor.definition.traffic.players
        for k, total in enumerate(self.sessions):
            n = int(total["sessions"])
            mean = _ratio(total["net_sum"], n)
            var = _ratio(total["net_squares"], n) - mean * mean if n else math.nan
            hist = self.session_hist[k].tolist() if self.session_hist is not None else []
            out.append({
                "type": kinds[k].name,
                "arrivals": int(self.arrivals[k]),
                "turned_away": int(self.turned_away[k]),
                "turned_away_share": _ratio(int(self.turned_away[k]), int(self.arrivals[k])),
                "gave_up_waiting": int(self.gave_up[k]),
                "gave_up_waiting_share": _ratio(int(self.gave_up[k]), int(self.arrivals[k])),
                "sessions_played": n,
                "mean_result": mean,
                "sd_result": math.sqrt(max(var, 0.0)) if n else math.nan,
                "losing_share": _ratio(total["losing"], n),
                "mean_hands": _ratio(total["hands"], n),
                "mean_wait_minutes": _ratio(total["wait_seconds"], n) / 60,
                "result_histogram": {"edges": list(SESSION_EDGES), "counts": hist},
            })  # fmt: skip
        return out

    def by_hour_record(self) -> dict[str, Any]:
        """Occupancy and waiting list by hour of day, per group (means over days and replications)."""
        assert self.hour_of_day is not None
        names = [g for g in self.groups for _ in range(self.plan.floor.group(g).count)]
        out: dict[str, Any] = {}
        scale = self.plan.days * self.replications * 3600
        for group in self.groups:
            rows = self.hour_of_day[[i for i, g in enumerate(names) if g == group]].sum(axis=0)
            seats = self.plan.floor.seats(group) * self.plan.floor.group(group).count
            out[group] = {
                "occupancy": (rows[:, SEAT_SECONDS] / (scale * seats)).tolist(),
                "rounds": (rows[:, ROUNDS] / (self.plan.days * self.replications)).tolist(),
                "win": (self._table_win(group, rows) / 100 / (self.plan.days * self.replications)).tolist(),
            }  # fmt: skip
            if group in self.waiting_by_hour:
                out[group]["waiting_list"] = (self.waiting_by_hour[group] / scale).tolist()
        return out

    def result(self) -> FloorResult:
        """Every figure as a typed result (:class:`~casino_sim.floor.figures.FloorResult`)."""
        return FloorResult.from_record(self._record(), seed=self.seed)

    def to_record(self) -> dict[str, Any]:
        """Every figure, JSON-ready (:meth:`result`'s ``to_record()``)."""
        return self.result().to_record()

    def _record(self) -> dict[str, Any]:
        house = np.array(self.house, float) / 100
        groups_win = np.sum([self.win[g] for g in self.groups], axis=0) / 100
        seeds = np.zeros(len(house))
        for ends in self.meter_ends.values():
            seeds += np.asarray([e[5] for e in ends], dtype=np.float64) / 100
        days = self.plan.days
        return {
            "days": days,
            "replications": self.replications,
            "floor": {
                "house_result": interval(house),
                "house_result_per_day": interval(house / days),
                # house result = the groups' win - the house-funded seeds (to the cent)
                "groups_win_per_day": interval(groups_win / days),
                "house_funded_seeds_per_day": interval(seeds / days, low=0.0),
                "losing_run_probability": _wilson(int((house < 0).sum()), len(house)),
            },
            "flags": [flag.to_record() for flag in self.flags()],
            "groups": {g: self.group_record(g) for g in self.groups},
            "meters": {m: self.meter_record(m) for m in self.paths},
            "players": self.players_record(),
            "reneged_from_waiting_lists": dict(self.reneged),
            "by_hour_of_day": self.by_hour_record(),
            "by_day": self.by_day_record(),
            "tables": self.tables_record(),
            "metrics": list(METRICS),
        }
