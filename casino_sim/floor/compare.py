"""Two floors paired by common random numbers: every figure of each and their difference, paired.

:func:`compare_floors` runs floor A and floor B with one seed and their streams
keyed by purpose (:mod:`casino_sim.floor.streams`), so replication *i* of A and
replication *i* of B see the same arrivals of every player type they share
(the same times, session lengths, side-bet choices and patience) and deal the
same cards at every table they share (table *k* of a group of the same name).
What differs between the two runs of a replication is then what differs
between the floors, plus what follows from it.

For every figure computed once per replication (each group's, the floor's
totals, each meter's, each player type's) the result holds A's and B's mean
with their own 95% interval, the difference B - A with the **paired** 95%
interval (Student t over the R per-replication differences d_i = b_i - a_i:
mean(d) +- t(0.975, R - 1) SD(d) / sqrt(R)) and, beside it, the interval an
**unpaired** comparison of the same runs would give (Welch: the two samples
taken as independent), and the **variance reduction factor**: the unpaired
variance of the difference of means over the paired one, (s_a^2 + s_b^2) / s_d^2
with equal R. A factor f means the paired comparison reaches the precision of
an unpaired one with f times fewer replications.

>>> from casino_sim.config import load_floor
>>> pit = load_floor("floors/pit")
>>> same = compare_floors(pit, pit, days=1, replications=3, seed=2)
>>> win = same.figure("group", "pit", "win")
>>> win.difference.mean, win.difference.low, win.difference.high
(0.0, 0.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.engine.stats import t_quantile
from casino_sim.floor.figures import FloorResult
from casino_sim.floor.intervals import Interval, interval
from casino_sim.floor.simulate import simulate_floor
from casino_sim.floor.streams import KEYED
from casino_sim.floor.summary import FloorSummary, figure_range

__all__ = ["FloorComparison", "PairedFigure", "compare_floors", "pair", "per_replication"]

#: A figure's key: (part, name, figure); part is "floor", "group", "meter" or "player type".
Key = tuple[str, str, str]

_METER_FIGURES = ("liability_end", "meter_end", "money_in", "paid", "house_funded")
#: Figures outside the groups that may be negative (no range).
_SIGNED = frozenset({"mean_result", "house_result_per_day", "groups_win_per_day",
                     "net_contribution_per_day"})  # fmt: skip
_PLAYER_FIGURES = ("arrivals", "turned_away", "turned_away_share", "priced_out",
                   "gave_up_waiting", "sessions_played", "mean_result")  # fmt: skip


def _ranged(key: Key) -> dict[str, float]:
    part, _, figure = key
    if part == "group":
        return figure_range(figure)
    if figure.endswith("_share"):
        return {"low": 0.0, "high": 1.0}
    return {} if figure in _SIGNED else {"low": 0.0}


def per_replication(summary: FloorSummary) -> dict[Key, np.ndarray]:
    """Every figure a floor run computes once per replication, one value each (NaN: undefined)."""
    days = summary.plan.days
    groups_win = np.sum([summary.win[g] for g in summary.groups], axis=0) / 100
    seeds = np.zeros(summary.replications)
    for ends in summary.meter_ends.values():
        seeds += np.array([e[5] for e in ends], float) / 100
    out: dict[Key, np.ndarray] = {
        ("floor", "", "house_result_per_day"): np.array(summary.house, float) / 100 / days,
        ("floor", "", "groups_win_per_day"): groups_win / days,
        ("floor", "", "house_funded_seeds_per_day"): seeds / days,
    }
    groups = {group: summary.group_per_replication(group) for group in summary.groups}
    net = [figures["net_contribution_per_day"] for figures in groups.values()
           if "net_contribution_per_day" in figures]  # fmt: skip
    if net:  # a costs: block
        out[("floor", "", "net_contribution_per_day")] = np.sum(net, axis=0)
    for group, figures in groups.items():
        out[("group", group, "win_per_day")] = figures["win"] / days
        out |= {("group", group, name): values for name, values in figures.items()}
    for meter, ends in summary.meter_ends.items():
        rows = np.array(ends, float) / 100  # start, end, meter end, in, handle, house, paid
        columns = dict(zip(_METER_FIGURES, (rows[:, 1], rows[:, 2], rows[:, 3], rows[:, 6],
                                            rows[:, 5]), strict=True))  # fmt: skip
        out |= {("meter", meter, name): values for name, values in columns.items()}
    kinds = [k.name for k in summary.plan.floor.definition.traffic.players]
    # [rep, kind, (arrivals, away, gave up, sessions, sum, priced out)]
    counts = np.stack(summary.kind_reps)
    with np.errstate(invalid="ignore", divide="ignore"):
        for k, kind in enumerate(kinds):
            arrivals, away, gave_up, sessions, total, priced = counts[:, k].T
            kind_columns = (arrivals, away, away / arrivals, priced, gave_up, sessions,
                            total / sessions)  # fmt: skip
            out |= {("player type", kind, name): values
                    for name, values in zip(_PLAYER_FIGURES, kind_columns, strict=True)}  # fmt: skip
    return out


def _welch(a: np.ndarray, b: np.ndarray) -> Interval:
    """B - A from two independent samples: Welch's t interval."""
    mean = float(b.mean() - a.mean())
    va, vb = float(a.var(ddof=1)) / len(a), float(b.var(ddof=1)) / len(b)
    se = math.sqrt(va + vb)
    if se == 0:
        return Interval(mean, mean, mean, 0.0, min(len(a), len(b)))
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    half = t_quantile(0.975, df) * se
    return Interval(mean, mean - half, mean + half, se, min(len(a), len(b)), {"df": df})


@dataclass(frozen=True)
class PairedFigure:
    """One figure of floors A and B, and B - A paired and unpaired (None where a floor lacks it)."""

    part: str  # "floor", "group", "meter" or "player type"
    name: str  # the group's, meter's or player type's name ("" for the floor)
    figure: str
    a: Interval | None
    b: Interval | None
    difference: Interval | None  # B - A: t over the replications' differences
    unpaired: Interval | None  # B - A as two independent samples (Welch)
    variance_reduction: float | None  # unpaired / paired variance (None: not defined)

    @property
    def exact(self) -> bool:
        """The same difference in every replication (a paired interval of width 0)."""
        d = self.difference
        return d is not None and d.se == 0.0

    def to_record(self) -> dict[str, Any]:
        def rec(x: Interval | None) -> dict[str, Any] | None:
            return None if x is None else x.to_record()

        return {
            "part": self.part,
            "name": self.name,
            "figure": self.figure,
            "a": rec(self.a),
            "b": rec(self.b),
            "difference": rec(self.difference),
            "unpaired_difference": rec(self.unpaired),
            "variance_reduction": self.variance_reduction,
        }


def pair(key: Key, a: np.ndarray | None, b: np.ndarray | None) -> PairedFigure:
    """Figure ``key`` from A's and B's per-replication values (replication i of each paired)."""
    ranged = _ranged(key)
    ia = None if a is None else interval(a[~np.isnan(a)], **ranged)
    ib = None if b is None else interval(b[~np.isnan(b)], **ranged)
    difference = unpaired = factor = None
    if a is not None and b is not None:
        both = ~np.isnan(a) & ~np.isnan(b)
        x, y = a[both], b[both]
        difference = interval(y - x)
        if len(x) >= 2:
            unpaired = _welch(x, y)
            paired_var = float((y - x).var(ddof=1))
            if paired_var > 0:
                factor = float(x.var(ddof=1) + y.var(ddof=1)) / paired_var
    return PairedFigure(*key, ia, ib, difference, unpaired, factor)


@dataclass(frozen=True)
class FloorComparison:
    """Floors A and B run with one seed and common random numbers (:func:`compare_floors`)."""

    names: tuple[str, str]  # the floors' names
    days: int
    replications: int
    seed: int
    shared_player_types: list[str]
    shared_tables: dict[str, int]  # group -> tables 0..n-1 both floors have
    figures: list[PairedFigure]
    results: tuple[FloorResult, FloorResult]  # every figure of A and of B
    values: tuple[dict[Key, np.ndarray], dict[Key, np.ndarray]] = field(repr=False)

    def figure(self, part: str, name: str, figure: str) -> PairedFigure:
        """The paired figure ``figure`` of ``part`` ``name`` (``""`` for the floor's)."""
        for paired in self.figures:
            if (paired.part, paired.name, paired.figure) == (part, name, figure):
                return paired
        raise KeyError((part, name, figure))

    def to_record(self) -> dict[str, Any]:
        """JSON-ready data: the pairing, every paired figure, each replication's values, and
        every figure of A and of B as ``casino-sim floor --json`` writes them."""

        def values(side: Mapping[Key, np.ndarray]) -> list[dict[str, Any]]:
            return [{"part": p, "name": n, "figure": f, "values": v.tolist()}
                    for (p, n, f), v in side.items()]  # fmt: skip

        return {
            "floors": {"a": self.names[0], "b": self.names[1]},
            "days": self.days,
            "replications": self.replications,
            "seed": self.seed,
            "streams": KEYED,
            "paired": {
                "player_types": self.shared_player_types,
                "tables": self.shared_tables,
            },
            "figures": [f.to_record() for f in self.figures],
            "per_replication": {"a": values(self.values[0]), "b": values(self.values[1])},
            "a": self.results[0].to_record(),
            "b": self.results[1].to_record(),
        }


def compare_floors(
    a: Floor,
    b: Floor,
    *,
    days: int | None = None,
    replications: int = 2,
    seed: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> FloorComparison:
    """Run floors ``a`` and ``b`` for ``replications`` replications of ``days`` days (default: the
    floors' own, which must then agree) with one ``seed`` and streams keyed by purpose, and pair
    their figures replication by replication."""
    if days is None:
        da, db = a.definition.days, b.definition.days
        if da != db:
            raise ValueError(f"the floors run different days (A {da}, B {db}): give the days")
        days = da
    runs = [simulate_floor(f, days=days, replications=replications, seed=seed, workers=workers,
                           progress=progress, streams=KEYED) for f in (a, b)]  # fmt: skip
    va, vb = (per_replication(run) for run in runs)
    keys = list(va) + [k for k in vb if k not in va]
    types_a = {k.name for k in a.definition.traffic.players}
    counts_b = {g.name: g.count for g in b.definition.tables}
    shared = [g for g in a.definition.tables if g.name in counts_b]
    return FloorComparison(
        names=(a.definition.name, b.definition.name),
        days=days,
        replications=replications,
        seed=seed,
        shared_player_types=[k.name for k in b.definition.traffic.players if k.name in types_a],
        shared_tables={g.name: min(g.count, counts_b[g.name]) for g in shared},
        figures=[pair(k, va.get(k), vb.get(k)) for k in keys],
        results=(runs[0].result(), runs[1].result()),
        values=(va, vb),
    )
