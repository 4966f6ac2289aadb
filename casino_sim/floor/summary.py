"""Across replications: means with 95% intervals, meter bands, hit odds, daily win distributions.

:class:`FloorSummary` takes replications one at a time (:meth:`FloorSummary.add`,
in replication order) and keeps only what the figures need: per-replication
totals by table group, the meters' paths on the shared grid, their hits, the
per-table daily wins, sums by hour of day and the session figures, so memory
does not grow with the number of rounds. :meth:`FloorSummary.result` gives every
figure as a typed result (:class:`~casino_sim.floor.figures.FloorResult`, its parts
in :mod:`casino_sim.floor.parts`) and :meth:`FloorSummary.to_record` its plain
JSON-ready data.

Every figure is a mean across replications with its 95% interval, computed as
:mod:`casino_sim.floor.intervals` says (Student t across replications, exact
Poisson for hit counts, Wilson for shares of replications), inside its
quantity's range: a share (occupancy) is cut to [0, 1] and an amount that
cannot be negative (drop, handle, rake, hands per hour) at 0, which keeps the
coverage since the true mean lies in the range; the losing-day probability
takes the wider of the Wilson interval over all table-days and the t interval
across replications.

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

from casino_sim.config.money import cents
from casino_sim.engine.ledger import Ledger
from casino_sim.floor.costs import group_costs
from casino_sim.floor.figures import DailyWin, FloorResult, FloorTotals, GroupResult
from casino_sim.floor.intervals import (
    BAND_QUANTILES,
    Interval,
    count_interval,
    interval,
    losing_days,
    quantiles,
    spread,
    wilson,
)
from casino_sim.floor.parts import (
    ByDay,
    Flag,
    HandHits,
    HourOfDay,
    MeterHit,
    MeterResult,
    PlayerTypeResult,
    TableResult,
)
from casino_sim.floor.plan import FloorPlan
from casino_sim.floor.registry import game_of
from casino_sim.floor.results import SESSION_EDGES, ReplicationResult
from casino_sim.floor.schedule import DAY, scheduled_tables
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
from casino_sim.games.banked.caribbean_stud.table_api import (
    RuleFlag,
    meter_flags,
    progressive_flags,
)

__all__ = ["BAND_QUANTILES", "HIT_WITHIN_DAYS", "FloorSummary", "figure_range"]

#: Horizons (days) for "probability of at least one hit within D days" (those within the run).
HIT_WITHIN_DAYS = (1, 7, 30, 90, 180, 365, 730, 1825, 3650)


#: Figures that are shares: their intervals are cut to [0, 1].
_SHARES = frozenset({"occupancy", "dealing_share"})
#: Figures that cannot be negative: their intervals are cut at 0.
_NOT_NEGATIVE = frozenset({
    "drop", "handle", "rounds", "hands", "rounds_per_table_hour", "side_bet_handle",
    "side_bet_awards_paid_by_house", "rake", "time_collected", "jackpot_drop", "rake_per_hand",
    "house_take_per_100_hands", "house_take_per_table_hour", "dealer_labour", "dealer_starts",
    "comps",
})  # fmt: skip


def figure_range(key: str) -> dict[str, float]:
    """A group figure's range: shares within [0, 1], amounts that cannot be negative at 0 or more."""
    if key in _SHARES:
        return {"low": 0.0, "high": 1.0}
    return {"low": 0.0} if key in _NOT_NEGATIVE else {}


#: Metrics in money (cents in the tallies).
_MONEY = ("handle", "main_win", "side_handle", "side_paid", "rake", "time_collected",
          "jackpot_drop", "theo_win", "drop", "initial_bets")  # fmt: skip


def _ratio(a: float, b: float) -> float:
    return a / b if b else math.nan


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
        self.priced_out = np.zeros_like(self.arrivals)
        self.reneged: dict[str, int] = defaultdict(int)
        self.sessions: list[dict[str, float]] = []
        # per rep [player type, (arrivals, turned away, gave up waiting, sessions, result sum,
        # priced out)]
        self.kind_reps: list[np.ndarray] = []
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
        if len(rep.priced_out):
            self.priced_out += rep.priced_out
        for name, count in rep.reneged.items():
            self.reneged[name] += count
        if not self.sessions:
            self.sessions = [dict.fromkeys(s, 0) | {"type": s["type"]} for s in rep.sessions]
        for total, part in zip(self.sessions, rep.sessions, strict=True):
            for key, value in part.items():
                if key != "type":
                    total[key] += value
        none = [0] * len(rep.arrivals)
        self.kind_reps.append(np.array([
            [a, t, g, part["sessions"], part["net_sum"], p]
            for a, t, g, part, p in zip(rep.arrivals, rep.turned_away, rep.gave_up or none,
                                        rep.sessions, rep.priced_out or none, strict=True)
        ], float))  # fmt: skip
        hist = rep.session_hist
        self.session_hist = hist.copy() if self.session_hist is None else self.session_hist + hist
        self.ledger = self.ledger.merge(rep.ledger)

    # ---------------------------------------------------------------- figures
    def _open_hours(self, group: str) -> float:
        """Hours the group's tables are open over the run, all its tables."""
        definition = self.plan.floor.group(group)
        if getattr(definition, "schedule", None) is not None:
            start = self.plan.floor.definition.start_weekday_index
            return scheduled_tables(definition, days=self.plan.days, start_weekday=start)[0]
        per_day = 86400 if definition.open.always else definition.open.open_seconds_per_day
        return per_day / 3600 * self.plan.days * definition.count

    def group_per_replication(self, group: str) -> dict[str, np.ndarray]:
        """Every interval figure of one table group, one value per replication (NaN: undefined)."""
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
        per_rep |= game_of(self.games[group]).figures(totals, hours, self.plan.floor.group(group))
        costs = self.plan.floor.definition.costs
        if costs is not None:  # net contribution (casino_sim.floor.costs)
            per_rep |= group_costs(costs, self.plan.floor.group(group), per_rep,
                                   open_table_hours=hours, days=self.plan.days,
                                   start_weekday=self.plan.floor.definition.start_weekday_index)  # fmt: skip
        return per_rep

    def group_result(self, group: str) -> GroupResult:
        """Every figure of one table group, per replication mean with its interval."""
        per_rep = self.group_per_replication(group)
        game = game_of(self.games[group])
        daily = (
            np.concatenate(self.daily_win[group]) / 100 if self.daily_win[group] else np.zeros(0)
        )
        definition = self.plan.floor.group(group)
        return GroupResult(
            name=group,
            game=self.games[group],
            tables=definition.count,
            seats=self.plan.floor.seats(group),
            open_table_hours=self._open_hours(group),
            figures={k: interval(v[~np.isnan(v)], **figure_range(k)) for k, v in per_rep.items()},
            daily_win_per_table=DailyWin(
                mean=float(daily.mean()) if len(daily) else math.nan,
                sd=float(daily.std(ddof=1)) if len(daily) > 1 else math.nan,
                percentiles=quantiles(daily),
                losing_day_probability=losing_days(self.daily_win[group]),
            ),
            rules=game.rules(self.plan.floor, definition),
        )

    def _hand_hits(self, name: str, hand: str) -> HandHits:
        """A meter's hits of one hand across replications."""
        reps = self.hits[name]
        at_hit = np.array([h.meter_before for rep in reps for h in rep if h.hand == hand]) / 100
        amounts = np.array([h.amount for rep in reps for h in rep if h.hand == hand]) / 100
        gaps = []
        firsts = []
        for rep in reps:
            times = [h.time for h in rep if h.hand == hand]
            gaps += list(np.diff(times) / 3600)
            firsts.append(times[0] if times else math.inf)
        counts = [sum(h.hand == hand for h in rep) for rep in reps]
        within = {
            str(d): wilson(sum(f <= d * DAY for f in firsts), len(firsts))
            for d in HIT_WITHIN_DAYS
            if d <= self.plan.days
        }
        return HandHits(
            hits_per_replication=count_interval(counts),
            meter_at_hit=spread(at_hit),
            amount_paid=spread(amounts),
            hours_between_hits=spread(gaps, counted=True),
            probability_within_days=within,
        )

    def meter_result(self, name: str) -> MeterResult:
        """A meter's growth, bands, hits and liability across replications."""
        paths = np.stack(self.paths[name]) / 100  # [rep, grid]
        bands = {f"p{q}": np.percentile(paths, q, axis=0).tolist() for q in BAND_QUANTILES}
        hands = sorted({h.hand for rep in self.hits[name] for h in rep})
        ends = np.array(self.meter_ends[name], float) / 100
        per_day = 1 / self.plan.days
        progressive = self._meter_kind(name) == "progressive"
        return MeterResult(
            name=name,
            every_hit=[
                MeterHit(r, h.time / 3600, h.table, h.hand, h.amount / 100, h.meter_before / 100)
                for r, hits in enumerate(self.hits[name])
                for h in hits
            ],
            grid_hours=(self.plan.grid / 3600).tolist(),
            mean_path=paths.mean(axis=0).tolist(),
            bands=bands,
            hits={hand: self._hand_hits(name, hand) for hand in hands},
            kind=self._meter_kind(name),
            seed=self._meter_seed(name) / 100,
            liability_start=float(ends[0, 0]),
            liability_end=interval(ends[:, 1], low=0.0),
            meter_end=interval(ends[:, 2], low=0.0),
            # into the meter and its reserve: the progressive's contribution and reserve rates
            # x its side bets, or the bad beat's jackpot drops
            money_in=interval(ends[:, 3], low=0.0),
            side_bet_handle=interval(ends[:, 4], low=0.0) if progressive else None,
            # the house's money in the meter: opening seed + advances not yet repaid
            house_funded=interval(ends[:, 5], low=0.0),
            house_funded_per_day=interval(ends[:, 5] * per_day, low=0.0),
            paid=interval(ends[:, 6], low=0.0),
            side_bet_return=interval(self.side_returns[name])
            if name in self.side_returns
            else None,
        )

    def _meter_kind(self, name: str) -> str:
        return "progressive" if name in self.plan.floor.progressives else "bad_beat"

    def _meter_seed(self, name: str) -> int:
        """A meter's seed, cents."""
        floor = self.plan.floor
        if name in floor.progressives:
            return cents(floor.progressives[name].seed)
        return cents(floor.bad_beat(name).seed)

    def flags(self) -> list[Flag]:
        """Every rule of the game's economics the floor breaks: a linked progressive's definition
        (long-run return over 100%, an award rarer than 1 in 100 million), a meter that showed
        less than its seed (at a hit or on its path)."""
        from casino_sim.games.banked.caribbean_stud.table_api import analyze_progressive

        broken: list[RuleFlag] = []
        for name, side in self.plan.floor.progressives.items():
            if name in self.paths:
                broken += progressive_flags(analyze_progressive(side))
        for name in self.paths:
            seen = [int(p.min()) for p in self.paths[name] if len(p)]
            seen += [h.meter_before for rep in self.hits[name] for h in rep]
            lowest = min(seen) if seen else None
            broken += meter_flags(name, seed_cents=self._meter_seed(name), lowest_cents=lowest)
        return [Flag(flag.rule, flag.detail) for flag in broken]

    def table_results(self) -> list[TableResult]:
        """Per table: its group and daily means (over days and replications) of every metric."""
        assert self.table_totals is not None
        scale = self.plan.days * self.replications
        out = []
        for i, group in enumerate(self.table_names):
            row = self.table_totals[i] / scale
            money = {m: float(row[METRICS.index(m)]) / 100 for m in _MONEY}
            counts = {m: float(row[METRICS.index(m)]) for m in METRICS if m not in _MONEY}
            out.append(TableResult(i, group, money | counts,
                                   float(self._table_win(group, row)) / 100))  # fmt: skip
        return out

    def by_day(self) -> dict[str, ByDay]:
        """Per group and day of the run: mean win, rounds and hands over replications."""
        out = {}
        for group, rows in self.day_totals.items():
            rows = rows / self.replications
            out[group] = ByDay(
                win=(self._table_win(group, rows) / 100).tolist(),
                rounds=rows[:, ROUNDS].tolist(),
                hands=rows[:, HANDS].tolist(),
            )
        return out

    def player_results(self) -> list[PlayerTypeResult]:
        """Per player type: sessions, results, waits, turned away."""
        out = []
        kinds = self.plan.floor.definition.traffic.players
        for k, total in enumerate(self.sessions):
            n = int(total["sessions"])
            mean = _ratio(total["net_sum"], n)
            var = _ratio(total["net_squares"], n) - mean * mean if n else math.nan
            hist = self.session_hist[k].tolist() if self.session_hist is not None else []
            arrivals, away, gave_up, priced = (int(self.arrivals[k]), int(self.turned_away[k]),
                                               int(self.gave_up[k]), int(self.priced_out[k]))  # fmt: skip
            out.append(PlayerTypeResult(
                name=kinds[k].name,
                arrivals=arrivals,
                turned_away=away,
                turned_away_share=_ratio(away, arrivals),
                priced_out=priced,
                priced_out_share=_ratio(priced, arrivals),
                gave_up_waiting=gave_up,
                gave_up_waiting_share=_ratio(gave_up, arrivals),
                sessions_played=n,
                mean_result=mean,
                sd_result=math.sqrt(max(var, 0.0)) if n else math.nan,
                losing_share=_ratio(total["losing"], n),
                mean_hands=_ratio(total["hands"], n),
                mean_wait_minutes=_ratio(total["wait_seconds"], n) / 60,
                histogram_edges=list(SESSION_EDGES),
                histogram_counts=hist,
            ))  # fmt: skip
        return out

    def by_hour(self) -> dict[str, HourOfDay]:
        """Occupancy and waiting list by hour of day, per group (means over days and replications)."""
        assert self.hour_of_day is not None
        names = [g for g in self.groups for _ in range(self.plan.floor.group(g).count)]
        out: dict[str, HourOfDay] = {}
        scale = self.plan.days * self.replications * 3600
        for group in self.groups:
            rows = self.hour_of_day[[i for i, g in enumerate(names) if g == group]].sum(axis=0)
            seats = self.plan.floor.seats(group) * self.plan.floor.group(group).count
            waiting = self.waiting_by_hour.get(group)
            out[group] = HourOfDay(
                occupancy=(rows[:, SEAT_SECONDS] / (scale * seats)).tolist(),
                rounds=(rows[:, ROUNDS] / (self.plan.days * self.replications)).tolist(),
                win=(self._table_win(group, rows) / 100 / (self.plan.days * self.replications)).tolist(),
                waiting_list=None if waiting is None else (waiting / scale).tolist(),
            )  # fmt: skip
        return out

    def result(self) -> FloorResult:
        """Every figure as a typed result (:class:`~casino_sim.floor.figures.FloorResult`)."""
        house = np.array(self.house, float) / 100
        groups_win = np.sum([self.win[g] for g in self.groups], axis=0) / 100
        seeds = np.zeros(len(house))
        for ends in self.meter_ends.values():
            seeds += np.asarray([e[5] for e in ends], dtype=np.float64) / 100
        days = self.plan.days
        return FloorResult(
            days=days,
            replications=self.replications,
            floor=FloorTotals(
                house_result=interval(house),
                house_result_per_day=interval(house / days),
                # house result = the groups' win - the house-funded seeds (to the cent)
                groups_win_per_day=interval(groups_win / days),
                house_funded_seeds_per_day=interval(seeds / days, low=0.0),
                losing_run_probability=wilson(int((house < 0).sum()), len(house)),
                net_contribution_per_day=self._net_per_day(),
            ),
            flags=self.flags(),
            groups={g: self.group_result(g) for g in self.groups},
            meters={m: self.meter_result(m) for m in self.paths},
            players=self.player_results(),
            reneged_from_waiting_lists=dict(self.reneged),
            by_hour_of_day=self.by_hour(),
            by_day=self.by_day(),
            tables=self.table_results(),
            metrics=list(METRICS),
            seed=self.seed,
        )

    def _net_per_day(self) -> Interval | None:
        """The groups' net contribution per day (None without a ``costs:`` block)."""
        if self.plan.floor.definition.costs is None:
            return None
        net = [self.group_per_replication(g)["net_contribution_per_day"] for g in self.groups]
        return interval(np.sum(net, axis=0))

    def to_record(self) -> dict[str, Any]:
        """Every figure, JSON-ready (:meth:`result`'s ``to_record()``)."""
        return self.result().to_record()
