"""The floor section's part for ``casino-sim report --optimize``: the tables open by weekday and
block of hours that the optimizer found (:mod:`casino_sim.floor.optimize`), the cells it moved,
a heat map, and the base and optimized schedules run again with a fresh seed and paired: the
objective per week and each group's share turned away, with their 95% intervals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from casino_sim.config.floor_schedule import DAYS
from casino_sim.report.floor_plots import figure_bytes
from casino_sim.report.par.model import Column, Figure, Part, Stage, Table, quiet_stage
from casino_sim.report.par.plots import plot_of, png_bytes
from casino_sim.report.schedule_plot import schedule_figure

if TYPE_CHECKING:
    from casino_sim.config.floor_loader import Floor
    from casino_sim.floor.intervals import Interval
    from casino_sim.floor.optimize import Optimized, OptimizeOptions

__all__ = ["optimize_floor", "optimized_groups", "optimized_part", "optimized_record"]


def optimized_groups(floor: Floor, asked: tuple[str, ...]) -> tuple[str, ...]:
    """The banked groups of ``floor`` to schedule: every one for ``("all",)``, else ``asked``
    (:class:`~casino_sim.errors.OptionError` naming one the floor does not have)."""
    from casino_sim.errors import OptionError

    banked = tuple(g.name for g in floor.definition.tables if hasattr(g, "schedule"))
    if not banked:
        raise OptionError(f"--optimize: {floor.path} has no banked table group to schedule")
    if asked == ("all",):
        return banked
    for name in asked:
        if name not in banked:
            raise OptionError(
                f"--optimize: {name!r} is not a banked table group of {floor.path} "
                f"(banked groups: {', '.join(banked)}; or all)"
            )
    return asked


def optimize_floor(
    floor: Floor, options: OptimizeOptions, *, label: str, stage: Stage = quiet_stage
) -> Optimized:
    """Run the optimizer on ``floor`` with a progress bar of its rounds; an
    :class:`~casino_sim.errors.OptionError` when a block breaks the limit on players turned
    away with every table open (as ``casino-sim optimize`` says it)."""
    from casino_sim.errors import OptionError
    from casino_sim.floor.optimize import optimize_tables

    with stage(f"optimize ({label})", options.rounds, "round") as tick:
        optimized = optimize_tables(floor, options, progress=lambda _: tick(1))
    if optimized.unmet:
        raise OptionError(
            f"--max-turned-away: no schedule of {label} meets it in {len(optimized.unmet)} "
            f"block(s), e.g. {optimized.unmet[0]} (the best reachable: every table open)"
        )
    return optimized


def _figure(key: str, label: str, x: Interval | None, unit: str, scale: float = 1.0) -> Figure:
    if x is None:
        return Figure(key, label, None, unit)
    low = None if x.low is None else x.low * scale
    high = None if x.high is None else x.high * scale
    return Figure(key, label, x.mean * scale, unit, low=low, high=high)


def _hours(block: int, block_hours: int) -> str:
    return f"{block * block_hours:02d}:00-{(block + 1) * block_hours:02d}:00"


def optimized_part(
    optimized: Optimized, options: OptimizeOptions, prefix: str, *, command: str
) -> Part:
    """The optimizer's answer as a report part (see the module's docstring); ``command``
    reproduces it on its own."""
    o = optimized
    per_week = 7 / options.days
    p = o.objective
    figures = [
        _figure("objective_base", f"{options.objective} per week, base schedule", p.a, "money",
                per_week),
        _figure("objective_optimized", f"{options.objective} per week, optimized", p.b, "money",
                per_week),
        _figure("objective_gain", "optimized - base per week (paired)", p.difference, "money",
                per_week),
    ]  # fmt: skip
    for group, t in o.turned_away.items():
        figures += [
            _figure(f"turned_away_base_{group}", f"{group}: turned away, base", t.a, "percent2"),
            _figure(f"turned_away_{group}", f"{group}: turned away, optimized", t.b, "percent2"),
        ]
    blocks = next(iter(o.schedules.values())).shape[1]
    columns = (
        Column("weekday", "weekday"),
        *(Column(f"block_{b}", _hours(b, o.block_hours), "count") for b in range(blocks)),
    )
    tables = []
    moves: list[dict[str, Any]] = []
    for group, counts in o.schedules.items():
        rows = [
            {"weekday": day, **{f"block_{b}": int(counts[d, b]) for b in range(blocks)}}
            for d, day in enumerate(DAYS)
        ]
        tables.append(
            Table(f"{prefix}-optimized-{group}", f"{group}: tables open, optimized",
                  columns, tuple(rows),
                  note="While the group's opening hours hold (docs/floor.md, The optimizer).")
        )  # fmt: skip
        base = o.base[group]
        moves += [
            {"group": group, "weekday": DAYS[d], "hours": _hours(b, o.block_hours),
             "base": int(base[d, b]), "optimized": int(counts[d, b])}
            for d in range(7) for b in range(blocks) if base[d, b] != counts[d, b]
        ]  # fmt: skip
    move_columns = (
        Column("group", "group"),
        Column("weekday", "weekday"),
        Column("hours", "hours"),
        Column("base", "tables, base", "count"),
        Column("optimized", "tables, optimized", "count"),
    )
    kept = "Every other block keeps the base schedule's tables."
    none = "No block moved: the base schedule is the optimum found."
    tables.append(Table(f"{prefix}-optimized-moves", "Blocks the optimizer moved", move_columns,
                        tuple(moves), note=kept if moves else none))  # fmt: skip
    limit = "no limit" if options.max_turned_away is None else f"{options.max_turned_away:.1%}"
    paragraphs = [
        f"Tables open per weekday and block of {o.block_hours} hours for "
        f"{', '.join(o.schedules)}, maximizing the theoretical {options.objective} "
        f"({'win after tax and comps, less dealer labour and starts' if options.objective == 'net' else 'win'}) "
        f"with at most {limit} of a block's arrivals turned away: parallel marginal analysis "
        "under common random numbers (docs/floor.md, The optimizer).",
        f"Search: {o.rounds} round(s), {o.evaluations} floor runs of {options.replications} "
        f"replications x {options.days} days ({o.floor_years:.2f} floor-years simulated); "
        f"stopped: {o.stopped}."
        + (f" {o.undecided} of {o.decisions} decisions stayed where the estimate favoured a move "
           "its 95% interval did not decide." if o.undecided else ""),
        "The figures are the selection run: the base and the optimized schedules again with a "
        "fresh seed, paired (the same players and cards), with 95% intervals: the objective per "
        "week and the share of the arrivals turned away.",
        f"The same schedule on its own: {command}",
    ]  # fmt: skip
    fig = schedule_figure(o.schedules, o.base, o.block_hours)
    plot = plot_of(figure_bytes(fig, "svg"), png=png_bytes(fig), id=f"{prefix}-optimized-plot",
                   title="Optimized tables open by weekday and hour",
                   caption="Each group's tables open; a moved block shows now<before.")  # fmt: skip
    return Part(f"{prefix}-optimized", "Table schedule optimized", tuple(paragraphs),
                tuple(figures), tables=tuple(tables), plots=(plot,))  # fmt: skip


def optimized_record(optimized: Optimized, options: OptimizeOptions) -> dict[str, Any]:
    """The section's data: every figure of the optimizer and the options it ran with."""
    return {
        **optimized.to_record(),
        "options": {
            "groups": list(options.groups),
            "block_hours": options.block_hours,
            "objective": options.objective,
            "max_turned_away": options.max_turned_away,
            "days": options.days,
            "replications": options.replications,
            "rounds": options.rounds,
            "seed": options.seed,
        },
    }
