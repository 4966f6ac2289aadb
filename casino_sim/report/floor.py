"""Text and plots for a floor run: win, drop and hold, win per table-hour, the linked meter."""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from casino_sim.errors import OptionError
from casino_sim.floor.model import FloorResult
from casino_sim.report.tables import money, percent, text_table

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PLOT_FORMATS", "floor_figure", "format_floor", "plot_floor"]


def format_floor(result: FloorResult, *, exact_house_edge: Fraction | None = None) -> str:
    """Per-table main-game totals, then the floor's money in the operator's words, then the meter.

    With ``exact_house_edge`` (per ante), the main game's actual win is set beside its
    theoretical win (antes wagered x house edge).
    """
    rows = [
        [
            f"table {i + 1}",
            f"{t.rounds:,}",
            f"{t.hands:,}",
            f"{t.hours_dealing:,.1f}",
            money(t.wagered),
            money(t.house_win),
            percent(t.main_game_win_per_handle, 2),
            money(t.drop),
            f"${t.win_per_table_hour:,.2f}",
        ]
        for i, t in enumerate(result.tables)
    ]
    header = ["", "Rounds", "Hands", "Hours dealing", "Handle", "Win", "Win/handle", "Drop",
              "Win/table-hour"]  # fmt: skip
    side_handle = sum(t.side_bets for t in result.tables)
    lines = [
        f"Floor: {len(result.tables)} Caribbean Stud table(s), {result.hours:,.1f} hours, seed {result.seed}",
        "",
        "Main game (win = the house's result; win/handle = actual house edge per money wagered):",
        text_table(header, rows),
        "",
        f"Floor win per table-hour (main game): ${result.win_per_table_hour:,.2f}; "
        f"players arrived {result.arrivals:,}, turned away (no free seat) {result.turned_away:,}",
        "",
        f"Win: main game {money(result.house_win)}, side bet {money(result.side_bet_win)}, "
        f"total {money(result.total_win)}; drop {money(result.drop)} "
        f"(buy-ins, an assumption); hold (win / drop) {percent(result.hold, 2)}",
    ]
    if exact_house_edge is not None:
        theoretical = result.theoretical_win(exact_house_edge)
        ratio = (
            f" ({percent(float(result.house_win / theoretical), 1)} of theoretical)"
            if theoretical
            else ""
        )
        lines.append(
            f"Main game: actual win {money(result.house_win)} vs theoretical win {money(theoretical)} "
            f"(antes wagered x exact house edge {percent(float(exact_house_edge))}){ratio}"
        )
    if len(result.meter_path) > 1:
        awards = sum(t.side_awards for t in result.tables)
        lines += [
            f"Side bet: handle {money(side_handle)}, awards paid {money(awards)}, "
            f"meter hits {len(result.jackpots)}",
            f"Linked meter: {money(result.meter_path[0][1])} -> {money(result.meter_path[-1][1])}; "
            f"reserve {money(Fraction(result.reserve_cents, 100))}; meter liability (meter + reserve) "
            f"{money(result.meter_liability)}; house advances outstanding "
            f"{money(Fraction(result.advances_cents, 100))}",
        ]
        for hit in result.jackpots[:10]:
            lines.append(
                f"  {hit.hours:8.2f} h  table {hit.table + 1}  {hit.hand.replace('_', ' ')}  {money(hit.amount)}"
            )
    lines.append("Ledger: every flow in cents, balanced and reconciled to the cent (see --json).")
    return "\n".join(lines)


#: Formats :func:`plot_floor` writes (matplotlib's names, also the file extensions).
PLOT_FORMATS = ("png", "svg", "pdf")

#: How each kind of meter award is drawn: (label, colour, marker).
_HIT_STYLES = {
    "royal_flush": ("royal flush", "#d4a017", "*"),
    "straight_flush": ("straight flush", "#c0392b", "D"),
    "other": ("other meter award", "#7f8c8d", "o"),
}


def _hit_kind(hand: str) -> str:
    return hand if hand in ("royal_flush", "straight_flush") else "other"


def floor_figure(result: FloorResult) -> Figure:
    """The floor plot as a matplotlib figure (no pyplot state): meter above, tables below.

    Top: the linked meter (dollars) against simulated hours, each meter award
    marked at the meter's level before it, royal flushes, straight flushes and
    other awards each with their own colour and marker. Bottom: each table's
    house win per table-hour (dollars) with the floor mean as a dashed line.

    >>> from casino_sim.floor.model import FloorResult, TableResult
    >>> fig = floor_figure(FloorResult(1, 2.0, [TableResult(2.0)], meter_path=[(0.0, 100)]))
    >>> [ax.get_title() for ax in fig.axes]
    ['Linked progressive meter', 'House win per table-hour']
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import StrMethodFormatter

    fig = Figure(figsize=(8, 6.5))
    top, bottom = fig.subplots(2, 1)
    hours = [h for h, _ in result.meter_path]
    meters = [float(m) for _, m in result.meter_path]
    if hours:
        hours_end = max(result.hours, hours[-1])
        label = "meter" if result.jackpots or len(hours) <= 1 else "meter (no awards in this run)"
        top.step([*hours, hours_end], [*meters, meters[-1]], where="post", color="#2c5f8a",
                 linewidth=1.0, label=label)  # fmt: skip
    for kind, (label, colour, marker) in _HIT_STYLES.items():
        hits = [h for h in result.jackpots if _hit_kind(h.hand) == kind]
        if not hits:
            continue
        levels = []
        for hit in hits:  # the meter just before the award: the path point before the hit
            i = bisect_left(hours, hit.hours)
            levels.append(meters[max(i - 1, 0)] if meters else float(hit.amount))
            top.axvline(hit.hours, color=colour, linewidth=0.6, alpha=0.6, zorder=1)
        top.scatter([h.hours for h in hits], levels, color=colour, marker=marker,
                    s=90 if marker == "*" else 40, edgecolors="black", linewidths=0.5,
                    zorder=3, label=f"{label} ({len(hits)})")  # fmt: skip
    top.set_title("Linked progressive meter")
    if len(hours) <= 1:
        top.text(0.5, 0.5, "no progressive side bet in this run", transform=top.transAxes,
                 ha="center", va="center", color="gray")  # fmt: skip
    top.set_xlabel("simulated time (hours)")
    top.set_ylabel("meter ($)")
    top.set_xlim(0, result.hours)
    top.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    if hours:
        top.legend(loc="upper left", fontsize="small", framealpha=0.9)

    names = [f"T{i + 1}" for i in range(len(result.tables))]
    bottom.bar(names, [t.win_per_table_hour for t in result.tables], color="#46a",
               label="table")  # fmt: skip
    mean = result.win_per_table_hour
    bottom.axhline(mean, color="black", linestyle="--", linewidth=0.8,
                   label=f"floor mean (${mean:,.2f} per table-hour)")  # fmt: skip
    bottom.set_title("House win per table-hour")
    bottom.set_xlabel("table")
    bottom.set_ylabel("house win per table-hour ($)")
    bottom.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    bottom.margins(y=0.3)  # headroom for the legend above the bars
    bottom.legend(loc="upper right", ncols=2, fontsize="small", framealpha=0.9)
    fig.tight_layout()
    return fig


def plot_floor(
    result: FloorResult, target: str | Path | BinaryIO, *, format: str | None = None
) -> None:
    """Write :func:`floor_figure` to ``target`` (a path or a binary file) as PNG, SVG or PDF.

    ``format`` is one of :data:`PLOT_FORMATS` (a leading dot and any case are
    accepted); ``None`` takes it from a path's extension, PNG for a file object.
    Anything else raises :class:`~casino_sim.errors.OptionError`.

    >>> import io
    >>> from casino_sim.floor.model import FloorResult, TableResult
    >>> buffer = io.BytesIO()
    >>> plot_floor(FloorResult(1, 2.0, [TableResult(2.0)]), buffer, format="svg")
    >>> b"<svg" in buffer.getvalue()
    True
    """
    if format is None:
        format = Path(target).suffix if isinstance(target, str | Path) else "png"
    chosen = format.lower().lstrip(".")
    if chosen not in PLOT_FORMATS:
        raise OptionError(
            f"plot format {format!r} is not supported: expected one of {', '.join(PLOT_FORMATS)}"
        )
    from matplotlib import rc_context

    # no creation date and fixed SVG ids, so the same run writes the same bytes
    metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(chosen)
    with rc_context({"svg.hashsalt": "casino_sim"}):
        floor_figure(result).savefig(target, dpi=110, format=chosen, metadata=metadata)
