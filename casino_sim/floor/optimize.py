"""Table schedules optimized with common random numbers (``casino-sim optimize``).

**The decision**: for each banked table group asked for, weekday and block of
``block_hours`` hours, how many of its tables are open (a ``schedule:``, at most its
``count``). **The objective** per block: the theoretical win (``--objective win``), or the
theoretical net contribution (``net``, the default): theoretical win x (1 - gaming tax -
comps) less dealer labour (the block's open table-hours x ``dealer_per_hour`` x relief)
and dealer starts (the tables the block opens x ``dealer_start``). The theoretical win
(antes x the exact house edge) is the expected win of the play the run dealt, far less
noisy than the win itself. **The constraint**: in every block, at most ``max_turned_away``
of the arrivals whose first open choice is the group are turned away.

**The method**: parallel marginal analysis under common random numbers. Each round runs
the current schedule S, S with one more table in every block (S+) and one fewer (S-),
all with one seed (every candidate sees the same players at the same times, and a table
the same cards). Per block the paired differences across replications give the marginal
table's value with a Student-t 95% interval: a block whose next table is worth more than
it costs (the interval above 0), or that breaks the constraint, gains a table; a block
whose last table is worth less than it costs (the interval below 0), and that keeps the
constraint without it, loses one; the rest stay. Blocks are taken as independent
(players stay about an hour, a block is two): the approximation the closed-form test
bounds. It stops when no block moves (a local optimum: adding or removing a table
anywhere is not worth it at 95%) or after ``rounds``. **The selection**: the base and the
optimized schedules run again with a fresh seed, paired, and their objectives and
constraint figures are reported with paired intervals (and the unpaired one beside).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.config.floor_schedule import DAYS
from casino_sim.engine.stats import t_quantile
from casino_sim.errors import OptionError
from casino_sim.floor.compare import PairedFigure, pair
from casino_sim.floor.results import ReplicationResult
from casino_sim.floor.schedule import HOUR

__all__ = [
    "BlockFigures",
    "OptimizeOptions",
    "Optimized",
    "evaluate",
    "optimize_tables",
    "paired_interval",
    "schedule_data",
    "select",
    "with_schedules",
]

#: Block lengths allowed (hours; they divide the day).
BLOCK_HOURS = (1, 2, 3, 4, 6, 8, 12, 24)


@dataclass(frozen=True)
class OptimizeOptions:
    """What to optimize and how long to look."""

    groups: tuple[str, ...]
    block_hours: int = 2
    objective: str = "net"
    max_turned_away: float | None = 0.05
    days: int = 7
    replications: int = 4
    seed: int = 1
    rounds: int = 12
    budget_seconds: float | None = None
    workers: int = 1
    by_weekday: bool = True  # False: one schedule for every day (the weekdays' figures pooled)
    decide: str = "tables"  # or "minimums" (casino_sim.floor.optimize_minimums)
    max_wait_seconds: float | None = None  # the mean wait of a block's arrivals, at most

    def check(self) -> None:
        """:class:`OptionError` naming the first option out of its range."""
        if self.block_hours not in BLOCK_HOURS:
            raise OptionError(f"--block-hours {self.block_hours}: expected one of {BLOCK_HOURS}")
        if self.days % 7:
            raise OptionError(
                f"--days {self.days}: whole weeks (7, 14, ...): every weekday the same"
            )
        if self.replications < 2:
            raise OptionError("--replications: at least 2 (the intervals)")
        if self.objective not in ("net", "win"):
            raise OptionError(f"--objective {self.objective!r}: net or win")


@dataclass(frozen=True)
class BlockFigures:
    """One evaluation: per group, ``[replication, weekday, block]`` arrays of the objective,
    the arrivals, those turned away and the seconds the listed ones waited (a group's
    ``waiting_list``, at their arrival's block)."""

    objective: Mapping[str, np.ndarray]
    arrivals: Mapping[str, np.ndarray]
    turned_away: Mapping[str, np.ndarray]
    waited: Mapping[str, np.ndarray]

    def mean_wait(self, group: str) -> np.ndarray:
        """Seconds waited per arrival by weekday and block over the replications (0 with none)."""
        return self._per_arrival(self.waited[group], group, axes=(0,))

    def _per_arrival(self, values: np.ndarray, group: str, *, axes: tuple[int, ...]) -> np.ndarray:
        """``values`` over the group's arrivals, both summed over ``axes`` (0 with none)."""
        out: np.ndarray = values.sum(axis=axes) / np.maximum(self.arrivals[group].sum(axis=axes), 1)
        return out

    def service(self, group: str, options: OptimizeOptions) -> tuple[np.ndarray, np.ndarray]:
        """The share turned away and the mean wait (seconds) by weekday and block
        (``options.by_weekday`` False: the weekdays pooled, the same in every row)."""
        axes = (0,) if options.by_weekday else (0, 1)  # pooled: every weekday together
        share, wait = (self._per_arrival(x[group], group, axes=axes)
                       for x in (self.turned_away, self.waited))  # fmt: skip
        if not options.by_weekday:
            share, wait = (np.repeat(x[None, :], 7, axis=0) for x in (share, wait))
        return share, wait

    def service_text(self, group: str, options: OptimizeOptions, day: int, block: int) -> str:
        """A block's service figures in words: ``12.3% turned away, a 4.2-minute mean wait``."""
        share, wait = self.service(group, options)
        text = f"{share[day, block]:.1%} turned away"
        if options.max_wait_seconds is not None:
            text += f", a {wait[day, block] / 60:.1f}-minute mean wait"
        return text

    def breaks(self, group: str, options: OptimizeOptions) -> np.ndarray:
        """Where the service constraints fail, by weekday and block (as :meth:`service`)."""
        share, wait = self.service(group, options)
        limit = math.inf if options.max_turned_away is None else options.max_turned_away
        most = math.inf if options.max_wait_seconds is None else options.max_wait_seconds
        out: np.ndarray = (share > limit) | (wait > most)
        return out


@dataclass(frozen=True)
class Optimized:
    """The optimizer's answer: the schedules (per group, by weekday and block: the tables open,
    or with ``decide`` ``minimums`` the table minimum in money), the base ones, the selection
    run's paired figures, and what it took."""

    schedules: Mapping[str, np.ndarray]
    base: Mapping[str, np.ndarray]
    block_hours: int
    objective: PairedFigure  # the selection run's objective per run (money), A base, B optimized
    turned_away: Mapping[str, PairedFigure]  # each group's share turned away, the same way
    waits: Mapping[str, PairedFigure]  # each group's mean wait per arrival (minutes), the same
    rounds: int
    evaluations: int
    floor_years: float
    seconds: float
    stopped: str
    unmet: tuple[str, ...] = field(default_factory=tuple)
    #: decisions of the last round that stayed although the estimate favoured a move (its 95%
    #: interval did not decide it): more replications or days would
    undecided: int = 0
    decisions: int = 0
    decide: str = "tables"

    def to_record(self) -> dict[str, Any]:
        """As plain data."""
        return {
            "decide": self.decide,
            "block_hours": self.block_hours,
            "schedules": {g: s.tolist() for g, s in self.schedules.items()},
            "base": {g: s.tolist() for g, s in self.base.items()},
            "objective": self.objective.to_record(),
            "turned_away": {g: p.to_record() for g, p in self.turned_away.items()},
            "mean_wait_minutes": {g: p.to_record() for g, p in self.waits.items()},
            "rounds": self.rounds,
            "evaluations": self.evaluations,
            "floor_years": self.floor_years,
            "seconds": self.seconds,
            "stopped": self.stopped,
            "unmet": list(self.unmet),
            "undecided": self.undecided,
            "decisions": self.decisions,
        }


def with_schedules(
    floor: Floor, schedules: Mapping[str, np.ndarray], block_hours: int, *, key: str = "schedule"
) -> Floor:
    """``floor`` with each group of ``schedules`` (``[weekday, block]``) given as its ``key``:
    ``schedule`` (tables open) or ``minimums`` (the table minimum, money); the definition
    checked again, every file it names as already read."""
    from casino_sim.config import to_data
    from casino_sim.config.floor import FloorDefinition
    from casino_sim.config.loader import load_text
    from casino_sim.floor.floor_file import floor_yaml

    data = to_data(floor.definition)
    for group in data["tables"]:
        if group["name"] in schedules:
            group[key] = schedule_data(schedules[group["name"]], block_hours)
    definition = load_text(floor_yaml(data, header="scheduled"), name=str(floor.path), kind="floor")
    assert isinstance(definition, FloorDefinition)  # load_text checked the kind
    return dataclasses.replace(floor, definition=definition)


def _plain(value: Any) -> int | str:
    """A count or an amount as YAML writes it (``25``, ``12.50``)."""
    number = float(value)
    return int(number) if number == int(number) else f"{number:.2f}"


def schedule_data(values: np.ndarray, block_hours: int) -> dict[str, Any]:
    """A ``schedule:`` (or ``minimums:``) block as plain data: ``[weekday, block]`` values,
    blocks of ``block_hours`` hours (Monday as ``every_day``, each other weekday its own).

    >>> schedule_data(np.array([[2, 3]] * 7), 12)["every_day"]
    [2, 3]
    """
    return {
        "starts": list(range(0, 24, block_hours)),
        "every_day": [_plain(n) for n in values[0]],
        **{DAYS[d]: [_plain(n) for n in values[d]] for d in range(1, 7)},
    }


def base_schedule(group: Any, block_hours: int) -> np.ndarray:
    """The group's schedule today by weekday and block (its ``schedule``, else every table;
    a block with a count that changes within it: the most)."""
    blocks = 24 // block_hours
    if group.schedule is None:
        return np.full((7, blocks), group.count, dtype=np.int64)
    week = np.array(group.schedule.by_hour(), dtype=np.int64)
    most: np.ndarray = week.reshape(7, blocks, block_hours).max(axis=2)
    return most


def _open_hours_by_block(group: Any, block_hours: int) -> np.ndarray:
    """Hours the group's opening hours hold in each block of a day (at each hour's middle)."""
    blocks = 24 // block_hours
    held = np.array([group.open.is_open((h + 0.5) * HOUR) for h in range(24)], float)
    out: np.ndarray = held.reshape(blocks, block_hours).sum(axis=1)
    return out


def evaluate(
    floor: Floor,
    schedules: Mapping[str, np.ndarray],
    options: OptimizeOptions,
    *,
    seed: int,
    minimums: Mapping[str, np.ndarray] | None = None,
) -> BlockFigures:
    """Run ``floor`` with ``schedules`` (one seed, keyed streams: common random numbers) and
    fold each replication's hourly figures into weekdays and blocks. With ``minimums`` (the
    table minimum by weekday and block) the groups' tables stay as the floor has them and
    ``schedules`` only prices their labour."""
    from casino_sim.floor.simulate import simulate_floor
    from casino_sim.floor.streams import KEYED

    blocks = 24 // options.block_hours
    start = floor.definition.start_weekday_index
    if minimums is None:
        run = with_schedules(floor, schedules, options.block_hours)
    else:
        run = with_schedules(floor, minimums, options.block_hours, key="minimums")
    theo: dict[str, list[np.ndarray]] = {g: [] for g in schedules}
    demand: dict[str, list[np.ndarray]] = {g: [] for g in schedules}

    def by_block(values: np.ndarray) -> np.ndarray:
        """[day * 24 + hour, ...] -> [weekday, block, ...] summed."""
        days = len(values) // 24
        shaped = values.reshape(days, blocks, options.block_hours, *values.shape[1:]).sum(axis=2)
        out = np.zeros((7, blocks, *values.shape[1:]))
        for day in range(days):
            out[(start + day) % 7] += shaped[day]
        return out

    def keep(_: int, result: ReplicationResult) -> None:
        for group in schedules:
            theo[group].append(by_block(result.theo_by_hour[group]))
            demand[group].append(by_block(result.demand_by_hour[group].astype(float)))

    simulate_floor(run, days=options.days, replications=options.replications, seed=seed,
                   workers=options.workers, on_replication=keep, streams=KEYED)  # fmt: skip
    costs = floor.definition.costs
    weeks = options.days / 7
    objective, arrivals, turned, waited = {}, {}, {}, {}
    for name, counts in schedules.items():
        group = floor.group(name)
        value = np.array(theo[name])
        if options.objective == "net" and costs is not None:
            value = value * (1 - float(costs.gaming_tax) - float(costs.comps))
            relief = group.dealer_breaks is not None and bool(group.dealer_breaks.relief)
            rate = float(costs.dealer_per_hour) * float(
                costs.dealer_hours_per_table_hour(relief=relief)
            )
            hours = _open_hours_by_block(group, options.block_hours)
            value = value - counts * hours * rate * weeks
            before = np.roll(counts.reshape(-1), 1).reshape(counts.shape)  # the block before
            rises = np.maximum(counts - before, 0) * (hours > 0)
            value = value - rises * float(costs.dealer_start) * weeks
        objective[name] = value
        numbers = np.array(demand[name])
        arrivals[name], turned[name], waited[name] = (
            numbers[..., 0],
            numbers[..., 1],
            numbers[..., 3],
        )
    return BlockFigures(objective, arrivals, turned, waited)


def paired_interval(diff: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per cell of ``[replication, ...]`` paired differences: the 95% interval's ends."""
    n = diff.shape[0]
    half = t_quantile(0.975, n - 1) * diff.std(axis=0, ddof=1) / math.sqrt(n)
    mean = diff.mean(axis=0)
    return mean - half, mean + half


def optimize_tables(
    floor: Floor,
    options: OptimizeOptions,
    *,
    progress: Callable[[str], None] | None = None,
) -> Optimized:
    """Find the schedules (module docstring); :class:`OptionError` when a block breaks the
    constraint with every table open, naming it and the best reachable value."""
    options.check()
    started = time.perf_counter()
    groups = [floor.group(name) for name in options.groups]
    for group in groups:
        if not hasattr(group, "schedule"):  # a stud group, or a new game without schedules
            raise OptionError(
                f"{group.name}: its tables are not scheduled (only Caribbean Stud and game: "
                "banked groups have schedules)"
            )
    most = {g.name: g.count for g in groups}
    base = {g.name: base_schedule(g, options.block_hours) for g in groups}
    current = {name: s.copy() for name, s in base.items()}
    evaluations, rounds, stopped, undecided = 0, 0, "no block moves: a local optimum", 0
    for rounds in range(1, options.rounds + 1):
        up = {n: np.minimum(s + 1, most[n]) for n, s in current.items()}
        down = {n: np.maximum(s - 1, 0) for n, s in current.items()}
        here = evaluate(floor, current, options, seed=options.seed)
        more = evaluate(floor, up, options, seed=options.seed)
        less = evaluate(floor, down, options, seed=options.seed)
        evaluations += 3
        moved = undecided = 0
        for name, counts in current.items():
            gain, keep = (
                more.objective[name] - here.objective[name],
                here.objective[name] - less.objective[name],
            )
            broken_here, broken_less = here.breaks(name, options), less.breaks(name, options)
            if not options.by_weekday:  # one decision per block: the weekdays pooled
                gain, keep = (
                    np.repeat(x.sum(axis=1, keepdims=True), 7, axis=1) for x in (gain, keep)
                )
            gain_low, _ = paired_interval(gain)
            _, keep_high = paired_interval(keep)
            gain_mean, keep_mean = gain.mean(axis=0), keep.mean(axis=0)
            new = counts.copy()
            for d in range(7 if options.by_weekday else 1):
                for b in range(counts.shape[1]):
                    broken = broken_here[d, b]
                    if counts[d, b] < most[name] and (broken or gain_low[d, b] > 0):
                        new[d, b] += 1
                    elif (
                        counts[d, b] > 0
                        and not broken
                        and keep_high[d, b] < 0
                        and not broken_less[d, b]
                    ):
                        new[d, b] -= 1
                    elif (counts[d, b] < most[name] and gain_mean[d, b] > 0) or (
                        counts[d, b] > 0 and keep_mean[d, b] < 0
                    ):  # a move the estimate favours but its interval does not decide
                        undecided += 1
            if not options.by_weekday:
                new[1:] = new[0]
            moved += int((new != counts).sum())
            current[name] = new
        if progress is not None:
            progress(f"round {rounds}: {moved} block(s) moved")
        if not moved:
            break
        if (
            options.budget_seconds is not None
            and time.perf_counter() - started > options.budget_seconds
        ):
            stopped = "the time budget ran out"
            break
    else:
        stopped = f"after {options.rounds} rounds (blocks still moving)"
    unmet = []
    final = evaluate(floor, current, options, seed=options.seed)
    evaluations += 1
    for name, counts in current.items():
        days = list(DAYS) if options.by_weekday else ["every day"]  # pooled: one row
        full = counts == most[name]  # where no schedule can do better
        over = (full & final.breaks(name, options))[: len(days)]
        for d, b in zip(*np.nonzero(over), strict=True):
            hours = f"{b * options.block_hours:02d}:00-{(b + 1) * options.block_hours:02d}:00"
            unmet.append(f"{name} {days[d]} {hours}: {final.service_text(name, options, d, b)} "
                         f"with {counts[d, b]} of {most[name]} tables")  # fmt: skip
    # selection: base and optimized again with a fresh seed, paired
    objective, turned, waits = select(floor, options, ({"schedules": base}, {"schedules": current}))
    evaluations += 2
    years = evaluations * options.days * options.replications / 365
    return Optimized(
        schedules=current, base=base, block_hours=options.block_hours,
        objective=objective,
        turned_away=turned, waits=waits, rounds=rounds, evaluations=evaluations,
        floor_years=years,
        seconds=time.perf_counter() - started, stopped=stopped, unmet=tuple(unmet),
        undecided=undecided,
        decisions=sum(c.size if options.by_weekday else c.shape[1] for c in current.values()),
    )  # fmt: skip


def schedule_rows(optimized: Optimized) -> Sequence[dict[str, Any]]:
    """One row per group, weekday and block: the base and the optimized tables open (or
    minimums)."""
    cell: Callable[[Any], float] = int if optimized.decide == "tables" else float
    rows = []
    for name, counts in optimized.schedules.items():
        for d in range(7):
            for b in range(counts.shape[1]):
                rows.append({"group": name, "weekday": DAYS[d],
                             "hours": f"{b * optimized.block_hours:02d}-{(b + 1) * optimized.block_hours:02d}",
                             "base": cell(optimized.base[name][d, b]),
                             optimized.decide: cell(counts[d, b])})  # fmt: skip
    return rows


def select(
    floor: Floor, options: OptimizeOptions, runs: tuple[dict[str, Any], dict[str, Any]]
) -> tuple[PairedFigure, dict[str, PairedFigure], dict[str, PairedFigure]]:
    """The selection run: the base and the optimized candidates (:func:`evaluate`'s keyword
    arguments each) again with a fresh seed, paired: the objective per run, and each group's
    share turned away and mean wait per arrival (minutes)."""
    fresh = options.seed + 1_000_003
    before, after = (evaluate(floor, options=options, seed=fresh, **run) for run in runs)
    groups = list(before.objective)
    totals = [sum(f.objective[n].sum(axis=(1, 2)) for n in groups) for f in (before, after)]
    objective = pair(("floor", "", "objective"), *(np.asarray(t, float) for t in totals))
    turned = {}
    for name in groups:
        shares = [
            f.turned_away[name].sum(axis=(1, 2)) / np.maximum(f.arrivals[name].sum(axis=(1, 2)), 1)
            for f in (before, after)
        ]
        turned[name] = pair(("group", name, "turned_away_share"), shares[0], shares[1])
    waits = {}
    for name in groups:
        minutes = [
            f.waited[name].sum(axis=(1, 2)) / 60 / np.maximum(f.arrivals[name].sum(axis=(1, 2)), 1)
            for f in (before, after)
        ]
        waits[name] = pair(("group", name, "mean_wait_minutes"), minutes[0], minutes[1])
    return objective, turned, waits
