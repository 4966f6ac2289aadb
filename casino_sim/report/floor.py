"""A floor run presented: the text summary, the plots, the CSV rows and JSON-ready data.

Everything here reads the record of :meth:`casino_sim.floor.summary.FloorSummary.to_record`
(each figure a mean across replications with its 95% interval) and, for the
plots, the summary's own per-replication data (meter hits, daily wins).
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
    pass

__all__ = [
    "CSV_FIGURES",
    "format_floor",
    "group_rows",
    "interval_text",
    "json_ready",
    "percent",
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

_GAMES = {"caribbean_stud": "Caribbean Stud", "stud": "stud"}


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


def interval_text(figure: Mapping[str, Any], show: Callable[[Any], str]) -> tuple[str, str]:
    """A figure's mean and its 95% interval as text (``-`` without an interval)."""
    low, high = figure.get("low"), figure.get("high")
    span = f"{show(low)} to {show(high)}" if _finite(low) and _finite(high) else "-"
    return show(figure.get("mean")), span


def _scaled(figure: Mapping[str, Any], factor: float) -> dict[str, Any]:
    """A figure times ``factor`` (a run total per day)."""
    return {k: (v * factor if _finite(v) and k in ("mean", "low", "high") else v)
            for k, v in figure.items()}  # fmt: skip


# ----------------------------------------------------------------- text


def _group_lines(name: str, group: Mapping[str, Any], days: int) -> list[str]:
    money, pct2, pct1, num1 = signed_money, percent(2), percent(1), _number(1)
    per_day = 1 / days
    game = group["game"]
    rows: list[tuple[str, Mapping[str, Any], Callable[[Any], str]]] = [
        ("win per day (all tables)", _scaled(group["win"], per_day), money),
        ("win per table-hour", group["win_per_table_hour"], money),
        ("drop per day (buy-ins)", _scaled(group["drop"], per_day), money),
        ("hold (win / drop)", group["hold"], pct2),
        ("occupancy (seats filled while open)", group["occupancy"], pct1),
    ]
    if game == "caribbean_stud":
        rows += [
            ("rounds per table-hour", group["rounds_per_table_hour"], num1),
            ("main game: win per day", _scaled(group["main_game_win"], per_day), money),
            ("main game: theoretical win per day",
             _scaled(group["theoretical_win"], per_day), money),
            ("house edge per initial bet, measured", group["house_edge_per_initial_bet"],
             percent(3)),
            ("house edge per initial bet, theoretical",
             group["theoretical_edge_per_initial_bet"], percent(3)),
            ("side bets per day (handle)", _scaled(group["side_bet_handle"], per_day), money),
        ]  # fmt: skip
    else:
        rows += [
            ("hands per table-hour", group["rounds_per_table_hour"], num1),
            ("rake per hand", group["rake_per_hand"], money),
            ("house take per 100 hands", group["house_take_per_100_hands"], money),
            ("house take per table-hour", group["house_take_per_table_hour"], money),
            ("time collected per day", _scaled(group["time_collected"], per_day), money),
            ("jackpot drop per day (players' money)",
             _scaled(group["jackpot_drop"], per_day), money),
        ]  # fmt: skip
    daily = group["daily_win_per_table"]
    rows.append(("losing day (one table)", daily["losing_day_probability"], pct1))
    body = [[label, *interval_text(figure, show)] for label, figure, show in rows]
    lines = [
        f"{name}: {group['tables']} {_GAMES.get(game, game)} table(s), {group['seats']} seats, "
        f"{group['open_table_hours']:,.0f} table-hours open",
        text_table(["", "mean", "95% interval"], body),
        f"  daily win per table: mean {money(daily.get('mean'))}, sd {money(daily.get('sd'))}, "
        f"p5 {money(daily.get('p5'))}, median {money(daily.get('p50'))}, "
        f"p95 {money(daily.get('p95'))}",
    ]
    if game == "caribbean_stud":
        lines.append("  " + _edge_check(group))
    return lines


def _edge_check(group: Mapping[str, Any]) -> str:
    """Measured house edge against the theoretical one: flagged when outside the interval."""
    measured, theory = (
        group["house_edge_per_initial_bet"],
        group["theoretical_edge_per_initial_bet"],
    )
    show = percent(3)
    low, high, expected = measured.get("low"), measured.get("high"), theory.get("mean")
    if not (_finite(low) and _finite(high) and _finite(expected)):
        return "edge check: needs 2 or more replications with play"
    if low <= expected <= high:
        return (f"edge check: the theoretical {show(expected)} is inside the measured "
                f"interval {show(low)} to {show(high)}")  # fmt: skip
    return (f"edge check: FLAG: the theoretical {show(expected)} is outside the measured "
            f"interval {show(low)} to {show(high)}")  # fmt: skip


def _meter_lines(name: str, meter: Mapping[str, Any], replications: int) -> list[str]:
    money = signed_money
    lines = [
        f"{name}: starts at {money(meter['liability_start'])} (meter + reserve); at the end "
        f"meter {interval_text(meter['meter_end'], money)[0]}, liability "
        f"{' '.join(_paren(interval_text(meter['liability_end'], money)))}; money in "
        f"{interval_text(meter['money_in'], money)[0]} per replication",
    ]
    hits = meter["hits"]
    if not hits:
        lines.append(f"  no hits in {replications} replication(s)")
        return lines
    body = []
    for hand, h in hits.items():
        at = h["meter_at_hit"]
        gaps = h["hours_between_hits"]
        gap = (f"{gaps['mean']:,.1f} h (n {gaps['n']})" if _finite(gaps.get("mean"))
               else "n/a (under 2 hits a run)")  # fmt: skip
        body.append([
            hand.replace("_", " "),
            " ".join(_paren(interval_text(h["hits_per_replication"], _number(2)))),
            money(at.get("mean")),
            f"{money(at.get('p5'))} to {money(at.get('p95'))}",
            money(h["amount_paid"].get("mean")),
            gap,
        ])  # fmt: skip
    header = ["  hand", "hits per replication", "meter at hit", "p5 to p95", "paid (mean)",
              "between hits (mean)"]  # fmt: skip
    lines.append(text_table(header, [["  " + r[0], *r[1:]] for r in body]))
    for hand, h in hits.items():
        within = h["probability_within_days"]
        if within:
            parts = [f"{d} d {percent(1)(w['share'])} ({percent(1)(w['low'])}-"
                     f"{percent(1)(w['high'])})" for d, w in within.items()]  # fmt: skip
            lines.append(
                f"  P(at least one {hand.replace('_', ' ')} within D days): " + "; ".join(parts)
            )
    return lines


def _paren(pair: tuple[str, str]) -> tuple[str, ...]:
    mean, span = pair
    return (mean,) if span == "-" else (mean, f"({span})")


def _player_lines(players: Sequence[Mapping[str, Any]]) -> list[str]:
    body = [
        [
            p["type"],
            f"{p['arrivals']:,}",
            f"{p['turned_away']:,} ({percent(1)(p['turned_away_share'])})",
            f"{p['sessions_played']:,}",
            signed_money(p["mean_result"]),
            percent(1)(p["losing_share"]),
            _number(1)(p["mean_hands"]),
            _number(1)(p["mean_wait_minutes"]),
        ]
        for p in players
    ]
    header = ["type", "arrivals", "turned away", "sessions", "mean result", "losing",
              "hands", "wait (min)"]  # fmt: skip
    return [text_table(header, body)]


def _waiting_lines(record: Mapping[str, Any]) -> list[str]:
    by_hour = record["by_hour_of_day"]
    reneged = record["reneged_from_waiting_lists"]
    replications = max(record["replications"], 1)
    lines = []
    for group, hours in by_hour.items():
        waiting = hours.get("waiting_list")
        if waiting is None:
            continue
        peak = int(np.argmax(waiting)) if len(waiting) else 0
        mean = float(np.mean(waiting)) if len(waiting) else math.nan
        lines.append(
            f"{group}: {_number(2)(mean)} players listed on average, most at {peak:02d}:00 "
            f"({_number(2)(waiting[peak] if waiting else math.nan)}); left the list "
            f"{reneged.get(group, 0) / replications:,.1f} per replication"
        )
    return lines


def format_floor(record: Mapping[str, Any], *, name: str, seed: int, workers: int = 1) -> str:
    """The summary of a floor run (``record`` from ``FloorSummary.to_record()``) as text.

    Per table group: win per day and per table-hour, drop, hold, occupancy; the
    Caribbean Stud house edge measured beside the theoretical one (flagged when
    the theoretical value is outside the measured interval); the poker rake per
    hand and per table-hour. Per meter: liability at the end, hits with the
    meter at hit, time between hits, P(at least one hit within D days). Then
    players turned away and the waiting lists.
    """
    days, reps = record["days"], record["replications"]
    floor = record["floor"]
    house = interval_text(_scaled(floor["house_result"], 1 / days), signed_money)
    losing = floor["losing_run_probability"]
    lines = [
        f"Floor: {name}: {days:,} day(s) x {reps:,} replication(s), seed {seed}"
        f"{f', {workers} workers' if workers > 1 else ''}",
        "Each figure is a mean across replications with its 95% Student t interval "
        "(none with one replication); money in dollars, sign first.",
        "",
        f"House result per day (the ledger's house account): {' '.join(_paren(house))}; "
        f"runs that lost: {percent(1)(losing['share'])} "
        f"({percent(1)(losing['low'])}-{percent(1)(losing['high'])}, Wilson)",
    ]
    for group_name, group in record["groups"].items():
        lines += ["", *_group_lines(group_name, group, days)]
    if record["meters"]:
        lines += ["", "Meters:"]
        for meter_name, meter in record["meters"].items():
            lines += _meter_lines(meter_name, meter, reps)
    lines += [
        "",
        f"Players (all {reps} replication(s) together):",
        *_player_lines(record["players"]),
    ]
    waiting = _waiting_lines(record)
    if waiting:
        lines += ["", "Waiting lists (poker):", *waiting]
    return "\n".join(lines)


# ----------------------------------------------------------------- CSV


def group_rows(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One CSV row per table group: its main figures' means and interval bounds (blank when none)."""
    rows = []
    for name, group in record["groups"].items():
        row: dict[str, Any] = {
            "group": name,
            "game": group["game"],
            "tables": group["tables"],
            "seats": group["seats"],
            "open_table_hours": group["open_table_hours"],
            "days": record["days"],
            "replications": record["replications"],
        }
        for key in CSV_FIGURES:
            figure = group.get(key, {})
            for part in ("mean", "low", "high"):
                value = figure.get(part)
                row[f"{key}_{part}"] = value if _finite(value) else ""
        losing = group["daily_win_per_table"]["losing_day_probability"]
        for part in ("mean", "low", "high"):
            value = losing.get(part)
            row[f"losing_day_probability_{part}"] = value if _finite(value) else ""
        rows.append(row)
    return rows


# ----------------------------------------------------------------- plots
