"""The optimized table schedule as a heat map: tables open (or the table minimum) by hour of day
and weekday, a panel per table group, the change from the base schedule written in each cell
that moved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.report.floor_plots import figure_bytes

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["hourly_figure", "schedule_figure", "schedule_heatmap"]

_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


#: What a schedule holds, as its panels and colour bar name it.
_WHAT = {"tables": "tables open", "minimums": "table minimum ($)"}


def _panel(fig: Figure, ax: Any, hours: np.ndarray, title: str, label: str = "tables") -> Any:
    """One group's ``[weekday, hour]`` values as colours, with the axes labelled."""
    image = ax.imshow(hours, aspect="auto", cmap="viridis", interpolation="nearest",
                      vmin=0, vmax=max(1, float(hours.max())))  # fmt: skip
    ax.set_yticks(range(7), _DAYS)
    ax.set_xticks(range(0, 24, 2), [f"{h:02d}" for h in range(0, 24, 2)])
    ax.set_xlabel("hour of day")
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label=label)
    return image


def schedule_figure(
    schedules: Mapping[str, np.ndarray],
    base: Mapping[str, np.ndarray],
    block_hours: int,
    decide: str = "tables",
) -> Figure:
    """Each group's ``[weekday, block]`` tables open (``decide`` ``minimums``: the table
    minimum), the base schedule's value beside a moved cell (``6<4``: 6 now, 4 before)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 2.6 * len(schedules) + 0.6), layout="constrained")
    axes = fig.subplots(len(schedules), 1, squeeze=False)[:, 0]
    for ax, (name, counts) in zip(axes, schedules.items(), strict=True):
        _panel(
            fig,
            ax,
            np.repeat(counts, block_hours, axis=1),
            f"{name}: {_WHAT[decide]} (a moved cell: now<before)",
            _WHAT[decide],
        )
        for d in range(7):
            for b in range(counts.shape[1]):
                now, old = f"{counts[d, b]:g}", f"{base[name][d, b]:g}"
                text = now if old == now else f"{now}<{old}"
                ax.text(b * block_hours + (block_hours - 1) / 2, d, text, ha="center",
                        va="center", fontsize=7, color="white" if counts[d, b] < counts.max() / 2 else "black")  # fmt: skip
    return fig


def hourly_figure(by_hour: Mapping[str, np.ndarray]) -> Figure:
    """Each group's tables open by weekday and hour (``[7, 24]``): a floor's ``schedule:``."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 2.4 * len(by_hour) + 0.6), layout="constrained")
    axes = fig.subplots(len(by_hour), 1, squeeze=False)[:, 0]
    for ax, (name, hours) in zip(axes, by_hour.items(), strict=True):
        _panel(fig, ax, hours, f"{name}: tables open by weekday and hour")
    return fig


def schedule_heatmap(
    schedules: Mapping[str, np.ndarray],
    base: Mapping[str, np.ndarray],
    block_hours: int,
    fmt: str,
    decide: str = "tables",
) -> bytes:
    """:func:`schedule_figure` as ``fmt`` (svg, png, pdf) bytes."""
    return figure_bytes(schedule_figure(schedules, base, block_hours, decide), fmt)
