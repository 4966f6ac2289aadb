"""A casino floor on the clock: win, hold, theoretical against actual, daily wins, meters,
players and the hours, every figure a mean across replications with its 95% interval.

The figures come from :meth:`casino_sim.floor.summary.FloorSummary.result` (a
:class:`~casino_sim.floor.figures.FloorResult`, read by attribute); the plots are
those of :mod:`casino_sim.report.floor_plots`, drawn as SVG (and as PNG for print).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from casino_sim.config.common import hand_label
from casino_sim.report.floor import game_of
from casino_sim.report.floor_plots import figure_bytes, floor_figures
from casino_sim.report.par.commands import floor_command, optimize_command
from casino_sim.report.par.floor_optimized import optimized_part, optimized_record
from casino_sim.report.par.floor_schedule import schedule_part
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import (
    Check,
    Column,
    Figure,
    Part,
    Section,
    Stage,
    Table,
    from_interval,
    quiet_stage,
)
from casino_sim.report.par.plots import plot_of, png_bytes

if TYPE_CHECKING:
    from casino_sim.floor.figures import FloorResult, GroupResult, Interval
    from casino_sim.floor.optimize import Optimized, OptimizeOptions
    from casino_sim.floor.summary import FloorSummary
    from casino_sim.report.par.inputs import FloorInput

__all__ = ["FloorRun", "floor_section", "simulate"]


class Drawn(NamedTuple):
    """A floor plot drawn twice: SVG (the page, the files) and PNG (the PDF)."""

    svg: bytes
    png: bytes


@dataclass(frozen=True)
class FloorRun:
    """A floor's replications folded, its typed result, and how it was run."""

    summary: FloorSummary
    result: FloorResult
    days: int
    replications: int
    seed: int
    workers: int

    @cached_property
    def record(self) -> dict[str, Any]:
        """The result's JSON data (:meth:`FloorResult.to_record
        <casino_sim.floor.figures.FloorResult.to_record>`), for the report's data."""
        return self.result.to_record()


def simulate(
    item: FloorInput,
    *,
    days: int,
    replications: int,
    seed: int,
    workers: int,
    stage: Stage = quiet_stage,
) -> FloorRun:
    """Run the floor's replications (each ``days`` days)."""
    from casino_sim.floor.simulate import simulate_floor

    with stage(f"floor ({item.floor.definition.name})", replications, "replication") as tick:
        summary = simulate_floor(
            item.floor,
            days=days,
            replications=replications,
            seed=seed,
            workers=workers,
            progress=tick,
        )
    return FloorRun(summary, summary.result(), days, replications, seed, workers)


def _overview_part(run: FloorRun, item: FloorInput, prefix: str) -> Part:
    floor = run.result.floor
    losing = floor.losing_run_probability
    definition = item.floor.definition
    paragraphs = [
        f"{definition.name}. {definition.description}".strip(),
        f"{run.replications} independent replications of {run.days} day(s) each, seed {run.seed} "
        "(the seed this simulation used, derived from the report's); each figure is the mean "
        "across replications with its 95% Student t interval, kept inside the figure's range "
        "(a share within 0-100%, an amount that cannot be negative at 0 or more); meter hits "
        "get the exact Poisson interval, shares of replications the Wilson interval.",
        "The same figures on their own: "
        + floor_command(item.path, days=run.days, replications=run.replications, seed=run.seed),
        "The house result is the table groups' win less the house-funded seeds: each meter's "
        "opening seed and the money the house put in for later seeds (less what the reserve "
        "repaid), house money that now belongs to the meters' players.",
    ]
    if definition.notes:
        paragraphs.append(f"Assumptions: {definition.notes}")
    figures: tuple[Figure, ...] = (
        _figure(
            "house_result_per_day",
            "house result per day (the whole floor)",
            floor.house_result_per_day,
            "money",
        ),
        _figure(
            "groups_win_per_day", "table groups' win per day", floor.groups_win_per_day, "money"
        ),
        _figure(
            "house_funded_seeds_per_day",
            "less house-funded seeds per day (meters' opening seeds and advances)",
            floor.house_funded_seeds_per_day,
            "money",
        ),
        _figure("house_result", f"house result over {run.days} days", floor.house_result, "money"),
        Figure(
            "losing_run_probability",
            f"replications the house lost over {run.days} days",
            losing.share,
            "percent1",
            low=losing.low,
            high=losing.high,
            note="Wilson interval",
        ),
    )
    if (net := floor.net_contribution_per_day) is not None:  # the floor file's costs: block
        label = "net contribution per day (win less gaming tax, dealers, comps)"
        figures += (_figure("net_contribution_per_day", label, net, "money"),)
    checks = tuple(
        Check(f"the game's economics: {flag.rule}", False, f"FLAG: {flag.detail}")
        for flag in run.result.flags
    )
    return Part(f"{prefix}-overview", "Floor result", tuple(paragraphs), figures, checks)


def _figure(key: str, label: str, figure: Interval, unit: str, **options: Any) -> Figure:
    return from_interval(key, label, figure.to_record(), unit, **options)


def _group_figures(group: GroupResult, days: int) -> list[Figure]:
    per_day, name = 1 / days, group.name
    figures = [
        _figure(
            f"{name}_win_per_day", "win per day (all its tables)", group.win, "money", scale=per_day
        ),
        _figure(
            f"{name}_win_per_table_hour", "win per table-hour", group.win_per_table_hour, "money"
        ),
        _figure(
            f"{name}_drop_per_day",
            "drop per day (cash for chips)",
            group.drop,
            "money",
            scale=per_day,
        ),
        _figure(f"{name}_hold", "hold (win / drop)", group.hold, "percent2"),
        _figure(
            f"{name}_occupancy", "occupancy (seats filled while open)", group.occupancy, "percent1"
        ),
    ]
    for row in game_of(group.game).rows:  # the game's own (casino_sim.floor.registry)
        if row.par:
            exact = group.figures[row.exact].mean if row.exact else None
            figures.append(
                _figure(
                    f"{name}_{row.id}",
                    row.label_for(group),
                    group.figures[row.key],
                    row.unit,
                    scale=per_day if row.per_day else 1.0,
                    exact=exact,
                    note=row.note,
                )
            )
    from casino_sim.floor.costs import COST_ROWS

    for key, label, daily in COST_ROWS:  # with a costs: block only (casino_sim.floor.costs)
        if key in group.figures:
            figures.append(_figure(f"{name}_{key}", label, group.figures[key], "money",
                                   scale=per_day if daily else 1.0))  # fmt: skip
    losing = group.daily_win_per_table.losing_day_probability
    figures.append(_figure(f"{name}_losing_day", "losing day (one table)", losing, "percent1"))
    return figures


def _groups_parts(run: FloorRun, prefix: str) -> list[Part]:
    groups = run.result.groups
    per_day = 1 / run.days
    rows = []
    for name, group in groups.items():
        win = group.win.scaled(per_day)
        rows.append(
            {
                "group": name,
                "game": game_of(group.game).label,
                "tables": group.tables,
                "win_per_day": win.mean,
                "win_low": win.low,
                "win_high": win.high,
                "win_per_table_hour": group.win_per_table_hour.mean,
                "hold": group.hold.mean,
                "occupancy": group.occupancy.mean,
                "losing_day": group.daily_win_per_table.losing_day_probability.mean,
            }
        )
    table = Table(
        f"{prefix}-groups",
        "Table groups",
        (
            Column("group", "group"),
            Column("game", "game"),
            Column("tables", "tables", "count"),
            Column("win_per_day", "win per day", "money"),
            Column("win_low", "95% low", "money"),
            Column("win_high", "95% high", "money"),
            Column("win_per_table_hour", "win per table-hour", "money"),
            Column("hold", "hold", "percent2"),
            Column("occupancy", "occupancy", "percent1"),
            Column("losing_day", "P(losing day), one table", "percent1"),
        ),
        tuple(rows),
    )
    parts = [Part(f"{prefix}-groups", "Table groups", tables=(table,))]
    for i, (name, group) in enumerate(groups.items()):
        title = f"Group {name}: {group.tables} {game_of(group.game).label} table(s)"
        parts.append(
            Part(
                f"{prefix}-group-{i}",
                title,
                (
                    f"{group.seats} seats a table, {group.open_table_hours:,.0f} "
                    "table-hours open over the run.",
                ),
                tuple(_group_figures(group, run.days)),
            )
        )
    return parts


def _daily_part(run: FloorRun, prefix: str, plot: Drawn) -> Part:
    rows = []
    for name, group in run.result.groups.items():
        daily = group.daily_win_per_table
        losing = daily.losing_day_probability
        rows.append(
            {
                "group": name,
                "mean": daily.mean,
                "sd": daily.sd,
                **{k: daily.percentiles.get(k) for k in ("p5", "p25", "p50", "p75", "p95")},
                "losing": losing.mean,
                "losing_low": losing.low,
                "losing_high": losing.high,
            }
        )
    table = Table(
        f"{prefix}-daily-win",
        "Daily win per table",
        (
            Column("group", "group"),
            Column("mean", "mean", "money"),
            Column("sd", "sd", "money"),
            *(Column(k, k, "money") for k in ("p5", "p25", "p50", "p75", "p95")),
            Column("losing", "P(losing day)", "percent1"),
            Column("losing_low", "95% low", "percent1"),
            Column("losing_high", "95% high", "percent1"),
        ),
        tuple(rows),
        note="Every table-day of every replication; the losing-day interval is across "
        "replications.",
    )
    return Part(
        f"{prefix}-daily",
        "Daily win distribution",
        tables=(table,),
        plots=(
            plot_of(
                plot.svg,
                png=plot.png,
                id=f"{prefix}-daily-plot",
                title="Daily win per table",
                caption="One table's win in one day, every table-day of the run; "
                "zero and the mean marked.",
            ),
        ),
    )


def _meters_part(run: FloorRun, prefix: str, plot: Drawn) -> Part:
    rows, hit_rows = [], []
    for name, meter in run.result.meters.items():
        end = meter.liability_end
        handle = meter.side_bet_handle
        rows.append(
            {
                "meter": name,
                "liability_start": meter.liability_start,
                "liability_end": end.mean,
                "low": end.low,
                "high": end.high,
                "meter_end": meter.meter_end.mean,
                "side_bet_handle": handle.mean if handle is not None else None,
                "money_in": meter.money_in.mean,
                "house_funded": meter.house_funded.mean,
                "paid": meter.paid.mean,
            }
        )
        for hand, hit in meter.hits.items():
            per, at = hit.hits_per_replication, hit.meter_at_hit
            hit_rows.append(
                {
                    "meter": name,
                    "hand": hand_label(hand),
                    "hits": per.mean,
                    "low": per.low,
                    "high": per.high,
                    "meter_at_hit": at.mean,
                    "p5": at.percentiles.get("p5"),
                    "p95": at.percentiles.get("p95"),
                    "paid": hit.amount_paid.mean,
                }
            )
    liability = Table(
        f"{prefix}-meters",
        "Meter liability (meter + reserve, owed to the players)",
        (
            Column("meter", "meter"),
            Column("liability_start", "at the start", "money"),
            Column("liability_end", f"after {run.days} days", "money"),
            Column("low", "95% low", "money"),
            Column("high", "95% high", "money"),
            Column("meter_end", "meter at the end", "money"),
            Column("side_bet_handle", "side bets (handle) per replication", "money"),
            Column("money_in", "money into the meter and reserve per replication", "money"),
            Column("house_funded", "house-funded seeds per replication", "money"),
            Column("paid", "paid from the meter per replication", "money"),
        ),
        tuple(rows),
        note="Per replication (means): money into the meter and reserve (a progressive's "
        "contribution and reserve rates x its side bets; a bad beat's jackpot drops) + "
        "house-funded seeds (opening seed and the house's money for later seeds, less "
        "repayments) - paid = liability at the end.",
    )
    hits = Table(
        f"{prefix}-meter-hits",
        "Meter hits",
        (
            Column("meter", "meter"),
            Column("hand", "hand"),
            Column("hits", "hits per replication", "number"),
            Column("low", "95% low (exact Poisson)", "number"),
            Column("high", "95% high (exact Poisson)", "number"),
            Column("meter_at_hit", "meter at hit", "money"),
            Column("p5", "p5", "money"),
            Column("p95", "p95", "money"),
            Column("paid", "paid (mean)", "money"),
        ),
        tuple(hit_rows),
        note="" if hit_rows else "No hits in the run.",
    )
    return Part(
        f"{prefix}-meters",
        "Meters: growth, bands and hits",
        tables=(liability, hits),
        plots=(
            plot_of(
                plot.svg,
                png=plot.png,
                id=f"{prefix}-meters-plot",
                title="Meters over the run",
                caption="p5-p95 and p25-p75 bands across replications, the mean "
                "path and every hit.",
            ),
        ),
    )


def _players_part(run: FloorRun, prefix: str) -> Part:
    rows = tuple(
        {
            "type": p.name,
            "arrivals": p.arrivals,
            "turned_away": p.turned_away,
            "turned_away_share": p.turned_away_share,
            "priced_out": p.priced_out,
            "priced_out_share": p.priced_out_share,
            "gave_up_waiting": p.gave_up_waiting,
            "gave_up_waiting_share": p.gave_up_waiting_share,
            "sessions_played": p.sessions_played,
            "mean_result": p.mean_result,
            "losing_share": p.losing_share,
            "mean_hands": p.mean_hands,
            "mean_wait_minutes": p.mean_wait_minutes,
        }
        for p in run.result.players
    )
    table = Table(
        f"{prefix}-players",
        "Players (all replications together)",
        (
            Column("type", "type"),
            Column("arrivals", "arrivals", "count"),
            Column("turned_away", "turned away", "count"),
            Column("turned_away_share", "share turned away", "percent1"),
            Column("priced_out", "priced out", "count"),
            Column("priced_out_share", "share priced out", "percent1"),
            Column("gave_up_waiting", "gave up waiting", "count"),
            Column("gave_up_waiting_share", "share gave up waiting", "percent1"),
            Column("sessions_played", "sessions", "count"),
            Column("mean_result", "mean result", "money"),
            Column("losing_share", "losing sessions", "percent1"),
            Column("mean_hands", "hands a session", "number"),
            Column("mean_wait_minutes", "wait (minutes)", "number"),
        ),
        rows,
        note="Turned away: no free seat and no waiting list open to them on arrival. Priced "
        "out: of those, the ones a table minimum above their max_minimum sent on. Gave up "
        "waiting: listed for a poker game, they left before a seat came (out of patience or "
        "session over).",
    )
    return Part(f"{prefix}-players", "Players", tables=(table,))


def _hours_part(run: FloorRun, prefix: str, plot: Drawn) -> Part:
    by_hour = run.result.by_hour_of_day
    columns = [Column("hour", "hour")]
    for name, figures in by_hour.items():
        columns.append(Column(f"{name}_occupancy", f"{name} occupancy", "percent1"))
        if figures.waiting_list is not None:
            columns.append(Column(f"{name}_waiting", f"{name} waiting", "number"))
    rows = []
    for hour in range(24):
        row: dict[str, Any] = {"hour": f"{hour:02d}:00"}
        for name, figures in by_hour.items():
            row[f"{name}_occupancy"] = figures.occupancy[hour]
            if figures.waiting_list is not None:
                row[f"{name}_waiting"] = figures.waiting_list[hour]
        rows.append(row)
    starts = [
        f"{name}: {group.rules['start_players']} players to start, breaks below "
        f"{group.rules['break_below']}"
        for name, group in run.result.groups.items()
        if group.rules.get("start_players")
    ]
    table = Table(
        f"{prefix}-by-hour",
        "Occupancy and waiting lists by hour of day",
        tuple(columns),
        tuple(rows),
        note=(
            "A poker game starts only when enough players are listed (start_players) and "
            "breaks when too few remain (break_below), so a list can wait at an empty table: "
            + "; ".join(starts)
            + "."
        )
        if starts
        else "",
    )
    return Part(
        f"{prefix}-hours",
        "By hour of day",
        tables=(table,),
        plots=(
            plot_of(
                plot.svg,
                png=plot.png,
                id=f"{prefix}-hours-plot",
                title="By hour of day",
                caption="Occupancy and the poker waiting lists by hour of day, "
                "means over days and replications.",
            ),
        ),
    )


def floor_section(
    item: FloorInput,
    run: FloorRun,
    *,
    index: int,
    optimized: tuple[Optimized, OptimizeOptions] | None = None,
) -> Section:
    """The section of one floor run (with the optimizer's schedule, ``report --optimize``)."""
    prefix = f"floor-{index}"
    plots = {
        stem: Drawn(figure_bytes(fig, "svg"), png_bytes(fig))
        for stem, fig in floor_figures(run.summary, run.result).items()
    }
    parts = [
        _overview_part(run, item, prefix),
        *_groups_parts(run, prefix),
        _daily_part(run, prefix, plots["daily-win"]),
        _meters_part(run, prefix, plots["meters"]),
        _players_part(run, prefix),
        _hours_part(run, prefix, plots["hour-of-day"]),
    ]
    scheduled = schedule_part(item.floor, prefix)
    if scheduled is not None:
        parts.insert(2, scheduled)  # after the table groups
    if optimized is not None:
        result, options = optimized
        command = optimize_command(item.path, groups=options.groups, seed=options.seed,
                                   max_turned_away=options.max_turned_away or 1.0)  # fmt: skip
        part = optimized_part(result, options, prefix, command=command)
        parts.insert(3 if scheduled is not None else 2, part)
    per_day = run.result.floor.house_result_per_day.mean
    summary = (
        f"{run.days} day(s) x {run.replications} replication(s): house result "
        f"${per_day or 0:,.2f} a day"
    )
    data = {
        "floor_file": input_name(item.path),  # "floor" is the run's summary, below
        "days": run.days,
        "replications": run.replications,
        "seed": run.seed,
        **run.record,
    }
    if optimized is not None:
        data["optimized"] = optimized_record(*optimized)
    return Section(prefix, "floor", item.title, summary, tuple(parts), data)
