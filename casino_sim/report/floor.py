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

import io
import math
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.errors import OptionError
from casino_sim.report.tables import text_table

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from casino_sim.floor.summary import FloorSummary

__all__ = [
    "CSV_FIGURES",
    "PLOT_FILES",
    "PLOT_FORMATS",
    "daily_win_figure",
    "floor_plots",
    "format_floor",
    "group_rows",
    "hour_of_day_figure",
    "interval_text",
    "json_ready",
    "meter_figure",
    "signed_money",
]

#: Formats the plots can be written in (matplotlib's names, also the file extensions).
PLOT_FORMATS = ("svg", "png", "pdf")
#: The plot files :func:`floor_plots` writes (stem, what it shows).
PLOT_FILES = (
    ("meters", "each meter over time: p5-p95 and p25-p75 bands, mean path, hits"),
    ("daily-win", "daily win per table, a histogram per table group"),
    ("hour-of-day", "occupancy and waiting list by hour of day"),
)
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


def _percent(digits: int) -> Callable[[Any], str]:
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
    money, pct2, pct1, num1 = signed_money, _percent(2), _percent(1), _number(1)
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
             _percent(3)),
            ("house edge per initial bet, theoretical",
             group["theoretical_edge_per_initial_bet"], _percent(3)),
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
    show = _percent(3)
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
            parts = [f"{d} d {_percent(1)(w['share'])} ({_percent(1)(w['low'])}-"
                     f"{_percent(1)(w['high'])})" for d, w in within.items()]  # fmt: skip
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
            f"{p['turned_away']:,} ({_percent(1)(p['turned_away_share'])})",
            f"{p['sessions_played']:,}",
            signed_money(p["mean_result"]),
            _percent(1)(p["losing_share"]),
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
        f"runs that lost: {_percent(1)(losing['share'])} "
        f"({_percent(1)(losing['low'])}-{_percent(1)(losing['high'])}, Wilson)",
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

_HIT_STYLES = {
    "royal_flush": ("#d4a017", "*", 90),
    "straight_flush": ("#c0392b", "D", 30),
    "bad_beat": ("#8e44ad", "X", 40),
}
_OTHER_HIT = ("#7f8c8d", "o", 25)
#: At most this many hits of one hand are drawn per meter (a stride through them beyond).
MAX_HITS_DRAWN = 3000


def _no_data(ax: Axes, text: str) -> None:
    ax.text(0.5, 0.5, text, transform=ax.transAxes, ha="center", va="center", color="gray")
    ax.set_xticks([])
    ax.set_yticks([])


def meter_figure(meters: Mapping[str, Any], hits: Mapping[str, Sequence[Sequence[Any]]]) -> Figure:
    """Each meter (a panel) over simulated days: the p5-p95 and p25-p75 bands across
    replications, the mean path, and every hit at the meter just before it.

    ``meters`` is the record's ``meters``; ``hits`` the summary's hits per meter,
    a list of :class:`~casino_sim.floor.meters.Hit` per replication.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import StrMethodFormatter

    panels = max(len(meters), 1)
    fig = Figure(figsize=(8, 1.0 + 3.0 * panels))
    axes = fig.subplots(panels, 1, squeeze=False)[:, 0]
    if not meters:
        axes[0].set_title("Linked meters")
        _no_data(axes[0], "no linked meters on this floor")
    for ax, (name, meter) in zip(axes, meters.items(), strict=False):
        days = np.asarray(meter["grid_hours"], float) / 24
        bands = meter["bands"]
        ax.fill_between(days, bands["p5"], bands["p95"], color="#9ecae1", alpha=0.6,
                        linewidth=0, label="p5-p95")  # fmt: skip
        ax.fill_between(days, bands["p25"], bands["p75"], color="#4292c6", alpha=0.6,
                        linewidth=0, label="p25-p75")  # fmt: skip
        ax.plot(days, meter["mean_path"], color="#08306b", linewidth=1.2, label="mean")
        by_hand: dict[str, list[Any]] = {}
        for rep in hits.get(name, []):
            for hit in rep:
                by_hand.setdefault(hit.hand, []).append(hit)
        for hand, found in sorted(by_hand.items()):
            colour, marker, size = _HIT_STYLES.get(hand, _OTHER_HIT)
            shown = found[:: max(1, math.ceil(len(found) / MAX_HITS_DRAWN))]
            ax.scatter([h.time / 86400 for h in shown], [h.meter_before / 100 for h in shown],
                       color=colour, marker=marker, s=size, edgecolors="black", linewidths=0.4,
                       zorder=3, label=f"{hand.replace('_', ' ')} ({len(found)})")  # fmt: skip
        ax.set_title(f"{name}: meter across replications, hits marked")
        ax.set_xlabel("simulated days")
        ax.set_ylabel("meter ($)")
        ax.set_xlim(0, days[-1] if len(days) and days[-1] > 0 else 1)
        ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
        ax.legend(loc="upper left", fontsize="small", framealpha=0.9)
    fig.tight_layout()
    return fig


def daily_win_figure(daily_wins: Mapping[str, np.ndarray], groups: Mapping[str, Any]) -> Figure:
    """A histogram per table group of the win of one table in one day (all replications),
    with zero and the mean marked; the title gives P(losing day).

    ``daily_wins`` maps a group to its table-days' wins in dollars.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, StrMethodFormatter

    names = list(groups)
    columns = 1 if len(names) == 1 else 2
    rows = max(1, math.ceil(len(names) / columns))
    fig = Figure(figsize=(4.5 * columns, 1.0 + 2.8 * rows))
    axes = fig.subplots(rows, columns, squeeze=False).ravel()
    for ax, name in zip(axes, names, strict=False):
        wins = np.asarray(daily_wins.get(name, np.zeros(0)), float)
        losing = groups[name]["daily_win_per_table"]["losing_day_probability"]["mean"]
        ax.set_title(f"{name}: P(losing day) {_percent(1)(losing)}", fontsize="medium")
        if not len(wins):
            _no_data(ax, "no days")
            continue
        bins = np.histogram_bin_edges(wins, bins="auto")
        if len(bins) > 61:
            bins = np.linspace(wins.min(), wins.max(), 61)
        ax.hist(wins, bins=bins if wins.max() > wins.min() else 10, color="#46a", alpha=0.85)
        ax.axvline(0, color="#c0392b", linewidth=1, label="zero")
        ax.axvline(float(wins.mean()), color="black", linestyle="--", linewidth=1,
                   label=f"mean {signed_money(float(wins.mean()))}")  # fmt: skip
        ax.set_xlabel("win per table per day ($)")
        ax.set_ylabel("table-days")
        ax.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
        ax.xaxis.set_major_locator(MaxNLocator(5))
        ax.legend(fontsize="small", framealpha=0.9)
    for ax in axes[len(names) :]:
        ax.set_visible(False)
    fig.tight_layout()
    return fig


def hour_of_day_figure(by_hour: Mapping[str, Any]) -> Figure:
    """Occupancy (top) and the poker waiting lists (bottom) by hour of day, per table group."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 6.5))
    top, bottom = fig.subplots(2, 1)
    hours = np.arange(24)
    colours = {name: f"C{i % 10}" for i, name in enumerate(by_hour)}  # a group's colour in both
    for name, figures in by_hour.items():
        top.plot(hours, 100 * np.asarray(figures["occupancy"], float), marker="o",
                 markersize=3, color=colours[name], label=name)  # fmt: skip
    top.set_title("Occupancy by hour of day")
    top.set_ylabel("seats filled (%)")
    top.set_xlabel("hour of day")
    top.set_xticks(range(0, 24, 2))
    top.set_xlim(-0.5, 23.5)
    top.set_ylim(bottom=0)
    top.legend(fontsize="small", ncols=2, framealpha=0.9)
    waiting = {n: f["waiting_list"] for n, f in by_hour.items() if "waiting_list" in f}
    bottom.set_title("Waiting list by hour of day")
    if not waiting:
        _no_data(bottom, "no waiting lists (no poker tables)")
    else:
        for name, values in waiting.items():
            bottom.plot(hours, values, marker="o", markersize=3, color=colours[name], label=name)
        bottom.set_ylabel("players listed (mean)")
        bottom.set_xlabel("hour of day")
        bottom.set_xticks(range(0, 24, 2))
        bottom.set_xlim(-0.5, 23.5)
        bottom.set_ylim(bottom=0)
        bottom.legend(fontsize="small", ncols=2, framealpha=0.9)
    fig.tight_layout()
    return fig


def _bytes(fig: Figure, fmt: str) -> bytes:
    """The figure as ``fmt`` bytes, the same bytes for the same figure (no dates, fixed ids)."""
    from matplotlib import rc_context

    buffer = io.BytesIO()
    metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(fmt)
    with rc_context({"svg.hashsalt": "casino_sim"}):
        fig.savefig(buffer, dpi=110, format=fmt, metadata=metadata)
    return buffer.getvalue()


def floor_plots(
    summary: FloorSummary, record: Mapping[str, Any], *, format: str = "svg"
) -> dict[str, bytes]:
    """The three plots of a run as ``{file name: bytes}`` (names in :data:`PLOT_FILES`).

    ``format`` is one of :data:`PLOT_FORMATS`; anything else raises
    :class:`~casino_sim.errors.OptionError`.
    """
    chosen = format.lower().lstrip(".")
    if chosen not in PLOT_FORMATS:
        raise OptionError(
            f"plot format {format!r} is not supported: expected one of {', '.join(PLOT_FORMATS)}"
        )
    daily = {
        name: np.concatenate(parts).astype(float) / 100 if parts else np.zeros(0)
        for name, parts in summary.daily_win.items()
    }
    figures = {
        "meters": meter_figure(record["meters"], summary.hits),
        "daily-win": daily_win_figure(daily, record["groups"]),
        "hour-of-day": hour_of_day_figure(record["by_hour_of_day"]),
    }
    return {f"{stem}.{chosen}": _bytes(fig, chosen) for stem, fig in figures.items()}
