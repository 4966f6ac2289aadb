"""A floor run presented: the text summary, the plots, the CSV rows and JSON-ready data.

Everything here reads the typed result of :meth:`casino_sim.floor.summary.FloorSummary.result`
(:class:`~casino_sim.floor.figures.FloorResult`: each figure a mean across
replications with its 95% interval, read by attribute), or a ``--json`` record
read back into one, and, for the plots, the summary's own per-replication data
(meter hits, daily wins).
Nothing prints: the CLI prints the text and writes the files.

>>> json_ready({"a": float("nan"), "b": [1, Decimal("0.5")], "c": Fraction(1, 3)})
{'a': None, 'b': [1, 0.5], 'c': '1/3'}
>>> interval_text({"mean": -2.5, "low": -4.0, "high": -1.0}, signed_money)
('-$2.50', '-$4.00 to -$1.00')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.report.tables import text_table

if TYPE_CHECKING:
    from casino_sim.floor.figures import (
        Count,
        FloorResult,
        GroupResult,
        Interval,
        MeterResult,
        PlayerTypeResult,
    )
    from casino_sim.floor.games import FloorGame

__all__ = [
    "CSV_FIGURES",
    "TEXT_UNITS",
    "cost_rows",
    "csv_figures",
    "edge_checks",
    "edge_comparison",
    "format_floor",
    "game_of",
    "group_rows",
    "interval_text",
    "json_ready",
    "percent",
    "rake_label",
    "signed_money",
]

#: The figures of a table group in the CSV (when the group's game has them).
CSV_FIGURES = (
    "win",
    "win_per_table_hour",
    "hold",
    "drop",
    "handle",
    "occupancy",
    "rounds_per_table_hour",
    "main_game_win",
    "theoretical_win",
    "house_edge_per_initial_bet",
    "theoretical_edge_per_initial_bet",
    "side_bet_handle",
    "rake",
    "time_collected",
    "jackpot_drop",
    "rake_per_hand",
    "house_take_per_100_hands",
    "house_take_per_table_hour",
)


def csv_figures() -> tuple[str, ...]:
    """:data:`CSV_FIGURES` and the figures of games registered since (their rows' keys)."""
    from casino_sim.floor.registry import GAMES

    more = [row.key for game in GAMES.values() for row in game.rows if row.key not in CSV_FIGURES]
    return CSV_FIGURES + tuple(dict.fromkeys(more))


def game_of(name: str) -> FloorGame:
    """The floor game ``name`` from the registry (:func:`casino_sim.floor.registry.game_of`;
    imported when a floor is reported, so that importing this module stays light)."""
    from casino_sim.floor.registry import game_of as registered

    return registered(name)


def rake_label(group: GroupResult) -> str:
    """The rake row's label: a table charging time instead of a pot rake says so
    (:func:`casino_sim.floor.stud.rake_label`)."""
    from casino_sim.floor.stud import rake_label as label

    return label(group)


# ----------------------------------------------------------------- values


def json_ready(value: Any) -> Any:
    """``value`` as strict JSON data: NaN and infinities become None, numpy and Decimal numbers
    plain numbers, Fractions ``"p/q"`` text, paths text, tuples lists."""
    if isinstance(value, bool | str | None):
        return value
    if isinstance(value, np.generic):
        return json_ready(value.item())
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, np.ndarray):
        return json_ready(value.tolist())
    if isinstance(value, Mapping):
        return {str(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [json_ready(v) for v in value]
    raise TypeError(f"not JSON data: {type(value).__name__}")


def _finite(x: Any) -> bool:
    return isinstance(x, int | float) and math.isfinite(x)


def signed_money(x: Any) -> str:
    """Money with its sign first and cents: ``-1234.5`` -> ``'-$1,234.50'``; n/a when missing."""
    if not _finite(x):
        return "n/a"
    return f"{'-' if x < 0 else ''}${abs(x):,.2f}"


def percent(digits: int) -> Callable[[Any], str]:
    """A formatter of shares as percentages with ``digits`` decimals ("n/a" when not finite)."""

    def show(x: Any) -> str:
        return f"{100 * x:.{digits}f}%" if _finite(x) else "n/a"

    return show


def _number(digits: int) -> Callable[[Any], str]:
    def show(x: Any) -> str:
        return f"{x:,.{digits}f}" if _finite(x) else "n/a"

    return show


#: How the text summary shows a figure of each unit (:class:`~casino_sim.floor.games.FigureRow`).
TEXT_UNITS: dict[str, Callable[[Any], str]] = {
    "money": signed_money,
    "percent": percent(3),
    "percent1": percent(1),
    "percent2": percent(2),
    "number": _number(1),
}


def interval_text(
    figure: Interval | Count | Mapping[str, Any], show: Callable[[Any], str]
) -> tuple[str, str]:
    """A figure's mean and its 95% interval as text (``-`` without an interval): an
    :class:`~casino_sim.floor.intervals.Interval` or a count, or their record."""
    if isinstance(figure, Mapping):
        low, high, mean = figure.get("low"), figure.get("high"), figure.get("mean")
    else:
        low, high, mean = figure.low, figure.high, figure.mean
    span = f"{show(low)} to {show(high)}" if _finite(low) and _finite(high) else "-"
    return show(mean), span


# ----------------------------------------------------------------- text


def _group_lines(
    group: GroupResult, days: int, checks: Mapping[str, bool] | None = None
) -> list[str]:
    money, pct2, pct1 = signed_money, percent(2), percent(1)
    per_day = 1 / days
    game = game_of(group.game)
    rows: list[tuple[str, Interval, Callable[[Any], str]]] = [
        ("win per day (all tables)", group.win.scaled(per_day), money),
        ("win per table-hour", group.win_per_table_hour, money),
        ("drop per day (buy-ins)", group.drop.scaled(per_day), money),
        ("hold (win / drop)", group.hold, pct2),
        ("occupancy (seats filled while open)", group.occupancy, pct1),
    ]
    for row in game.rows:  # the game's own figures (casino_sim.floor.registry)
        if row.text:
            figure = group.figures[row.key]
            rows.append((row.label_for(group), figure.scaled(per_day) if row.per_day else figure,
                         TEXT_UNITS[row.unit]))  # fmt: skip
    rows += cost_rows(group, days)
    daily = group.daily_win_per_table
    rows.append(("losing day (one table)", daily.losing_day_probability, pct1))
    body = [[label, *interval_text(figure, show)] for label, figure, show in rows]
    quantile = daily.percentiles.get
    lines = [
        f"{group.name}: {group.tables} {game.label} table(s), {group.seats} seats, "
        f"{group.open_table_hours:,.0f} table-hours open",
        text_table(["", "mean", "95% interval"], body),
        f"  daily win per table: mean {money(daily.mean)}, sd {money(daily.sd)}, "
        f"p5 {money(quantile('p5'))}, median {money(quantile('p50'))}, "
        f"p95 {money(quantile('p95'))}",
    ]
    if game.edge_check:
        lines.append("  " + _edge_check(group, checks or {}))
    return lines


def cost_rows(group: GroupResult, days: int) -> list[tuple[str, Interval, Callable[[Any], str]]]:
    """A group's costs and net contribution (none without a ``costs:`` block), money per day."""
    from casino_sim.floor.costs import COST_ROWS

    figures = group.figures
    return [(label, figures[key].scaled(1 / days) if per_day else figures[key], signed_money)
            for key, label, per_day in COST_ROWS if key in figures]  # fmt: skip


def edge_comparison(group: GroupResult) -> tuple[float, float] | None:
    """A group's measured house edge against the theoretical (exact) one of the hands played:
    (z, two-sided p, Student t on R - 1 degrees of freedom), or None with under 2 replications."""
    from casino_sim.engine.stats import t_p_value

    measured = group.house_edge_per_initial_bet
    expected = group.theoretical_edge_per_initial_bet.mean
    se, n = measured.se, measured.n or 0
    if not (_finite(se) and _finite(expected) and _finite(measured.mean) and n >= 2):
        return None
    if se == 0:
        return (0.0, 1.0) if measured.mean == expected else (math.inf, 0.0)
    z = (measured.mean - expected) / se
    return z, t_p_value(z, n - 1)


def edge_checks(groups: Mapping[str, GroupResult]) -> dict[str, bool]:
    """Which groups' edge checks flag, with Holm's correction over the floor's groups."""
    from casino_sim.engine.stats import holm

    tests = {name: edge_comparison(g) for name, g in groups.items()
             if game_of(g.game).edge_check}  # fmt: skip
    named = [(name, t) for name, t in tests.items() if t is not None]
    flags = holm([t[1] for _, t in named])
    return {name: flag for (name, _), flag in zip(named, flags, strict=True)}


def _edge_check(group: GroupResult, checks: Mapping[str, bool]) -> str:
    """Measured house edge against the theoretical one: z, p and the Holm flag."""
    measured, theory = group.house_edge_per_initial_bet, group.theoretical_edge_per_initial_bet
    show = percent(3)
    low, high, expected = measured.low, measured.high, theory.mean
    test = edge_comparison(group)
    if test is None or not (_finite(low) and _finite(high)):
        return "edge check: needs 2 or more replications with play"
    z, p = test
    family = f"Holm over {len(checks)} group(s)" if len(checks) > 1 else "5% level"
    if not checks.get(group.name, p <= 0.05):
        return (f"edge check: the theoretical {show(expected)} against the measured "
                f"{show(measured.mean)} ({show(low)} to {show(high)}): z = {z:+.2f}, "
                f"p = {p:.3f}: consistent ({family})")  # fmt: skip
    return (f"edge check: FLAG: the theoretical {show(expected)} is outside the measured "
            f"interval {show(low)} to {show(high)}: z = {z:+.2f}, p = {p:.2g} "
            f"({family})")  # fmt: skip


def _meter_lines(meter: MeterResult, replications: int) -> list[str]:
    money = signed_money
    into = ("money into the meter and reserve (contribution and reserve rates x side bets "
            f"{money(meter.side_bet_handle.mean if meter.side_bet_handle else None)})"
            if meter.kind == "progressive"
            else "money into the meter and reserve (jackpot drops)")  # fmt: skip
    lines = [
        f"{meter.name}: starts at {money(meter.liability_start)} (meter + reserve); at the end "
        f"meter {interval_text(meter.meter_end, money)[0]}, liability "
        f"{' '.join(_paren(interval_text(meter.liability_end, money)))}",
        f"  per replication: {into} {money(meter.money_in.mean)} + house-funded seeds "
        f"{money(meter.house_funded.mean)} (the opening seed and the house's money "
        "for later seeds, less repayments) - "
        f"paid {money(meter.paid.mean)} = liability at the end "
        f"{money(meter.liability_end.mean)}",
    ]
    if not meter.hits:
        from casino_sim.engine.stats import poisson_interval

        bound = poisson_interval(0).high / max(replications, 1)
        lines.append(
            f"  no hits in {replications} replication(s): at most {bound:.2f} per replication "
            "(exact Poisson 95% upper bound)"
        )
        return lines
    body = []
    for hand, h in meter.hits.items():
        at, gaps = h.meter_at_hit, h.hours_between_hits
        gap = (f"{gaps.mean:,.1f} h (n {gaps.n})" if _finite(gaps.mean)
               else "n/a (under 2 hits a run)")  # fmt: skip
        body.append([
            hand.replace("_", " "),
            " ".join(_paren(interval_text(h.hits_per_replication, _number(2)))),
            money(at.mean),
            f"{money(at.percentiles.get('p5'))} to {money(at.percentiles.get('p95'))}",
            money(h.amount_paid.mean),
            gap,
        ])  # fmt: skip
    header = ["  hand", "hits per replication (exact Poisson)", "meter at hit", "p5 to p95",
              "paid (mean)", "between hits (mean)"]  # fmt: skip
    lines.append(text_table(header, [["  " + r[0], *r[1:]] for r in body]))
    for hand, h in meter.hits.items():
        within = h.probability_within_days
        if within:
            parts = [f"{d} d {percent(1)(w.share)} ({percent(1)(w.low)}-"
                     f"{percent(1)(w.high)})" for d, w in within.items()]  # fmt: skip
            lines.append(
                f"  P(at least one {hand.replace('_', ' ')} within D days): " + "; ".join(parts)
            )
    return lines


def _paren(pair: tuple[str, str]) -> tuple[str, ...]:
    mean, span = pair
    return (mean,) if span == "-" else (mean, f"({span})")


def _player_lines(players: Sequence[PlayerTypeResult]) -> list[str]:
    def share(count: Any, part: Any) -> str:
        return f"{count:,} ({percent(1)(part)})" if isinstance(count, int) else "n/a"

    body = [
        [
            p.name,
            f"{p.arrivals:,}",
            share(p.turned_away, p.turned_away_share),
            share(p.priced_out, p.priced_out_share),
            share(p.gave_up_waiting, p.gave_up_waiting_share),
            f"{p.sessions_played:,}",
            signed_money(p.mean_result),
            percent(1)(p.losing_share),
            _number(1)(p.mean_hands),
            _number(1)(p.mean_wait_minutes),
        ]
        for p in players
    ]
    header = ["type", "arrivals", "turned away", "priced out", "gave up waiting", "sessions",
              "mean result", "losing", "hands", "wait (min)"]  # fmt: skip
    return [
        text_table(header, body),
        "turned away: no free seat and no waiting list open to them on arrival; priced out: of "
        "those, the ones a table minimum above their max_minimum sent on; gave up waiting: "
        "listed for a seat (a poker game, a banked group's waiting_list), left before one "
        "came (patience or session over)",
    ]


def _waiting_lines(result: FloorResult) -> list[str]:
    replications = max(result.replications, 1)
    lines = []
    for name, hours in result.by_hour_of_day.items():
        waiting = hours.waiting_list
        if waiting is None:
            continue
        peak = int(np.argmax(waiting)) if len(waiting) else 0
        mean = float(np.mean(waiting)) if len(waiting) else math.nan
        group = result.groups.get(name)
        rules = group.rules if group is not None else {}
        start, below = rules.get("start_players"), rules.get("break_below")
        occupancy = group.figures.get("occupancy") if group is not None else None
        lines.append(
            f"{name}: {_number(2)(mean)} players listed on average, most at {peak:02d}:00 "
            f"({_number(2)(waiting[peak] if waiting else math.nan)}); left the list "
            f"{result.reneged_from_waiting_lists.get(name, 0) / replications:,.1f} per replication"
        )
        if start:
            lines.append(
                f"  the listed wait for a seat at a running game or, while none runs, for "
                f"{start} players to be listed to start one (start_players; a game breaks below "
                f"{below}, break_below): occupancy "
                f"{percent(1)(occupancy.mean if occupancy is not None else None)}"
            )
    return lines


def format_floor(
    result: FloorResult | Mapping[str, Any], *, name: str, seed: int, workers: int = 1
) -> str:
    """The summary of a floor run (``FloorSummary.result()``, or its record) as text.

    Per table group: win per day and per table-hour, drop, hold, occupancy; the
    Caribbean Stud house edge measured beside the theoretical one (flagged when
    the theoretical value is outside the measured interval); the poker rake per
    hand and per table-hour. Per meter: liability at the end, hits with the
    meter at hit, time between hits, P(at least one hit within D days). Then
    players turned away and the waiting lists.
    """
    from casino_sim.floor.figures import FloorResult

    if not isinstance(result, FloorResult):
        result = FloorResult.from_record(result)
    days, reps = result.days, result.replications
    floor = result.floor
    house = interval_text(floor.house_result.scaled(1 / days), signed_money)
    losing = floor.losing_run_probability
    lines = [
        f"Floor: {name}: {days:,} day(s) x {reps:,} replication(s), seed {seed}"
        f"{f', {workers} workers' if workers > 1 else ''}",
        "Each figure is a mean across replications with its 95% Student t interval "
        "(none with one replication; shares kept within 0-100%, amounts that cannot be "
        "negative at 0 or more); money in dollars, sign first.",
    ]
    flags = result.flags
    if flags:
        lines += ["", f"FLAGS ({len(flags)}): the game's economics"]
        lines += [f"  FLAG: {f.rule}: {f.detail}" for f in flags]
    lines += [
        "",
        f"House result per day (the ledger's house account): {' '.join(_paren(house))}; "
        f"runs that lost: {percent(1)(losing.share)} "
        f"({percent(1)(losing.low)}-{percent(1)(losing.high)}, Wilson)",
    ]
    lines.append(
        f"  = the table groups' win {signed_money(floor.groups_win_per_day.mean)} a "
        f"day - house-funded seeds {signed_money(floor.house_funded_seeds_per_day.mean)}"
        " a day (each meter's opening seed and the money the house added for later seeds, "
        "less what the reserves repaid: the house's money put into the meters, now owed to "
        "the players)"
    )
    net = floor.net_contribution_per_day
    if net is not None:
        lines.append(
            f"Net contribution per day: {' '.join(_paren(interval_text(net, signed_money)))} = "
            "the groups' win less gaming tax, dealer labour and starts and comps (the costs: "
            "block; house-funded seeds are not in it)"
        )
    checks = edge_checks(result.groups)
    for group in result.groups.values():
        lines += ["", *_group_lines(group, days, checks)]
    if result.meters:
        lines += ["", "Meters:"]
        for meter in result.meters.values():
            lines += _meter_lines(meter, reps)
    lines += [
        "",
        f"Players (all {reps} replication(s) together):",
        *_player_lines(result.players),
    ]
    waiting = _waiting_lines(result)
    if waiting:
        lines += ["", "Waiting lists:", *waiting]
    return "\n".join(lines)


# ----------------------------------------------------------------- CSV


def group_rows(result: FloorResult | Mapping[str, Any]) -> list[dict[str, Any]]:
    """One CSV row per table group: its main figures' means and interval bounds (blank when none),
    and with a ``costs:`` block its costs and net contribution."""
    from casino_sim.floor.costs import COST_FIGURES
    from casino_sim.floor.figures import FloorResult

    if not isinstance(result, FloorResult):
        result = FloorResult.from_record(result)
    rows = []
    for name, group in result.groups.items():
        row: dict[str, Any] = {
            "group": name,
            "game": group.game,
            "tables": group.tables,
            "seats": group.seats,
            "open_table_hours": group.open_table_hours,
            "days": result.days,
            "replications": result.replications,
        }
        for key in csv_figures():
            figure = group.figures.get(key)
            for part in ("mean", "low", "high"):
                value = getattr(figure, part) if figure is not None else None
                row[f"{key}_{part}"] = value if _finite(value) else ""
        losing = group.daily_win_per_table.losing_day_probability
        for part in ("mean", "low", "high"):
            value = getattr(losing, part)
            row[f"losing_day_probability_{part}"] = value if _finite(value) else ""
        for key in COST_FIGURES:  # with a costs: block only
            if key in group.figures:
                for part in ("mean", "low", "high"):
                    value = getattr(group.figures[key], part)
                    row[f"{key}_{part}"] = value if _finite(value) else ""
        rows.append(row)
    return rows


# ----------------------------------------------------------------- plots
