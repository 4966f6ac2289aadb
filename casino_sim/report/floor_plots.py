"""A floor run's plots: meters with bands and hits, daily win per table, occupancy by hour.

They read the typed result (:class:`~casino_sim.floor.figures.FloorResult`, by
attribute) and the summary's per-replication data (meter hits, daily wins); the
bytes are the same for the same figure (no dates, fixed SVG ids).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.errors import OptionError
from casino_sim.report.floor import percent, signed_money

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from casino_sim.floor.figures import FloorResult, GroupResult, HourOfDay, MeterResult
    from casino_sim.floor.summary import FloorSummary

__all__ = [
    "MAX_HITS_DRAWN",
    "PLOT_FILES",
    "PLOT_FORMATS",
    "daily_win_figure",
    "figure_bytes",
    "floor_figures",
    "floor_plots",
    "hour_of_day_figure",
    "meter_figure",
]

#: Formats the plots can be written in (matplotlib's names, also the file extensions).
PLOT_FORMATS = ("svg", "png", "pdf")
#: The plot files :func:`floor_plots` writes (stem, what it shows).
PLOT_FILES = (
    ("meters", "each meter over time: p5-p95 and p25-p75 bands, mean path, hits"),
    ("daily-win", "daily win per table, a histogram per table group"),
    ("hour-of-day", "occupancy and waiting list by hour of day"),
)
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


def meter_figure(
    meters: Mapping[str, MeterResult], hits: Mapping[str, Sequence[Sequence[Any]]]
) -> Figure:
    """Each meter (a panel) over simulated days: the p5-p95 and p25-p75 bands across
    replications, the mean path, and every hit at the meter just before it.

    ``meters`` is the result's ``meters``; ``hits`` the summary's hits per meter,
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
        days = np.asarray(meter.grid_hours, float) / 24
        bands = meter.bands
        ax.fill_between(days, bands["p5"], bands["p95"], color="#9ecae1", alpha=0.6,
                        linewidth=0, label="p5-p95")  # fmt: skip
        ax.fill_between(days, bands["p25"], bands["p75"], color="#4292c6", alpha=0.6,
                        linewidth=0, label="p25-p75")  # fmt: skip
        ax.plot(days, meter.mean_path, color="#08306b", linewidth=1.2, label="mean")
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


def daily_win_figure(
    daily_wins: Mapping[str, np.ndarray], groups: Mapping[str, GroupResult]
) -> Figure:
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
        losing = groups[name].daily_win_per_table.losing_day_probability.mean
        ax.set_title(f"{name}: P(losing day) {percent(1)(losing)}", fontsize="medium")
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


def hour_of_day_figure(by_hour: Mapping[str, HourOfDay]) -> Figure:
    """Occupancy (top) and the poker waiting lists (bottom) by hour of day, per table group."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 6.5))
    top, bottom = fig.subplots(2, 1)
    hours = np.arange(24)
    colours = {name: f"C{i % 10}" for i, name in enumerate(by_hour)}  # a group's colour in both
    for name, figures in by_hour.items():
        top.plot(hours, 100 * np.asarray(figures.occupancy, float), marker="o",
                 markersize=3, color=colours[name], label=name)  # fmt: skip
    top.set_title("Occupancy by hour of day")
    top.set_ylabel("seats filled (%)")
    top.set_xlabel("hour of day")
    top.set_xticks(range(0, 24, 2))
    top.set_xlim(-0.5, 23.5)
    top.set_ylim(bottom=0)
    top.legend(fontsize="small", ncols=2, framealpha=0.9)
    waiting = {n: f.waiting_list for n, f in by_hour.items() if f.waiting_list is not None}
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


def figure_bytes(fig: Figure, fmt: str) -> bytes:
    """The figure as ``fmt`` bytes, the same bytes for the same figure (no dates, fixed ids)."""
    from matplotlib import rc_context

    buffer = io.BytesIO()
    metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(fmt)
    with rc_context({"svg.hashsalt": "casino_sim"}):
        fig.savefig(buffer, dpi=110, format=fmt, metadata=metadata)
    return buffer.getvalue()


def floor_plots(
    summary: FloorSummary, result: FloorResult | Mapping[str, Any], *, format: str = "svg"
) -> dict[str, bytes]:
    """The three plots of a run as ``{file name: bytes}`` (names in :data:`PLOT_FILES`), from
    its summary and its result (``summary.result()``, or its record).

    ``format`` is one of :data:`PLOT_FORMATS`; anything else raises
    :class:`~casino_sim.errors.OptionError`.
    """
    chosen = format.lower().lstrip(".")
    if chosen not in PLOT_FORMATS:
        raise OptionError(
            f"plot format {format!r} is not supported: expected one of {', '.join(PLOT_FORMATS)}"
        )
    figures = floor_figures(summary, result)
    return {f"{stem}.{chosen}": figure_bytes(fig, chosen) for stem, fig in figures.items()}


def floor_figures(
    summary: FloorSummary, result: FloorResult | Mapping[str, Any]
) -> dict[str, Figure]:
    """The three plots of a run as matplotlib figures, by stem (``meters``, ``daily-win``,
    ``hour-of-day``): :func:`floor_plots` before they are written."""
    from casino_sim.floor.figures import FloorResult

    if not isinstance(result, FloorResult):
        result = FloorResult.from_record(result)
    daily = {
        name: np.concatenate(parts).astype(float) / 100 if parts else np.zeros(0)
        for name, parts in summary.daily_win.items()
    }
    return {
        "meters": meter_figure(result.meters, summary.hits),
        "daily-win": daily_win_figure(daily, result.groups),
        "hour-of-day": hour_of_day_figure(result.by_hour_of_day),
    }
