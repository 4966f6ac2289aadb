"""A Caribbean Stud edge report: Markdown with plots and the JSON it was made from.

The folder is written by :func:`casino_sim.engine.files.write_directory`: it is
complete or absent, and never replaces what casino_sim did not write.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

from casino_sim.engine.files import write_directory
from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis
from casino_sim.report.caribbean.text_tables import format_analysis, format_progressive
from casino_sim.report.tables import money, percent


@dataclass(frozen=True)
class ReportInputs:
    """Everything a report shows: the main analysis, the strategy comparison, optional extras."""

    main: CaribbeanAnalysis
    by_strategy: Sequence[CaribbeanAnalysis]
    by_ante: Sequence[CaribbeanAnalysis] = ()
    progressive: ProgressiveAnalysis | None = None
    provenance: dict[str, Any] | None = None


@contextmanager
def _axes(path: Any, *, figsize: tuple[float, float]) -> Iterator[Any]:
    """One figure's axes; the figure is laid out, written to ``path`` as PNG and closed after."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=figsize)
    yield ax
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


def _pyplot() -> ModuleType:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plot_contributions(analysis: CaribbeanAnalysis, path: Any) -> None:
    with _axes(path, figsize=(8, 4.5)) as ax:
        labels = [row.event.replace("Player wins: ", "wins: ") for row in analysis.rows]
        values = [float(row.contribution) for row in analysis.rows]
        ax.barh(labels, values, color=["#b33" if v < 0 else "#3a7" for v in values])
        ax.axvline(0, color="black", linewidth=0.8)
        ax.invert_yaxis()
        ax.set_xlabel("contribution to the player's return (antes per hand)")
        ax.set_title(
            f"Return table — {analysis.paytable}, {analysis.strategy} (edge {percent(analysis.house_edge)})"
        )


def _plot_strategies(analyses: Sequence[CaribbeanAnalysis], path: Any) -> None:
    with _axes(path, figsize=(7, 3.5)) as ax:
        names = [a.strategy for a in analyses]
        edges = [100 * float(a.house_edge) for a in analyses]
        ax.bar(names, edges, color="#46a")
        for x, edge in enumerate(edges):
            ax.annotate(f"{edge:.3f}%", (x, edge), ha="center", va="bottom")
        ax.set_ylabel("house edge (% of ante)")
        ax.set_title("House edge by player strategy")


def _plot_by_ante(analyses: Sequence[CaribbeanAnalysis], path: Any) -> None:
    with _axes(path, figsize=(7, 3.5)) as ax:
        antes = [float(a.ante or 0) for a in analyses]
        ax.plot(
            antes, [100 * float(a.house_edge) for a in analyses], marker="o", label="house edge"
        )
        ax.plot(
            antes,
            [100 * float(a.element_of_risk) for a in analyses],
            marker="s",
            label="element of risk",
        )
        ax.set_xscale("log")
        ax.set_xlabel("ante ($)")
        ax.set_ylabel("%")
        ax.set_title("Effect of the payout cap by bet size")
        ax.legend()


def _plot_progressive(side: ProgressiveAnalysis, path: Any) -> None:
    meters, be, cap = side.plot_meters(), side.break_even_meter, side.meter_cap
    with _axes(path, figsize=(7, 3.5)) as ax:
        ax.plot(meters, [100 * float(side.expected_return(Fraction(m))) for m in meters])
        ax.axhline(100, color="grey", linewidth=0.8)
        if be is not None and side.break_even_reachable:
            ax.axvline(float(be), color="#b33", linestyle="--", label=f"break-even {money(be)}")
        if cap is not None:
            ax.axvline(float(cap), color="#555", linestyle="-.", label=f"meter cap {money(cap)}")
        if side.break_even_reachable or cap is not None:
            ax.legend()
        ax.set_xlabel("meter ($)")
        ax.set_ylabel("return (% of side bet)")
        ax.set_title(f"Progressive return by meter — {side.name}")


def _markdown(inputs: ReportInputs, plots: list[tuple[str, str]]) -> str:
    main = inputs.main
    lines = [
        f"# Caribbean Stud edge report — {main.paytable}",
        "",
        f"Exact analysis over all {main.total_deals:,} deals (player's 5 cards x 47 up-cards x C(46,4) "
        f"dealer hole cards), strategy **{main.strategy}**.",
        "",
        f"- house edge (per ante): **{percent(main.house_edge)}** (exactly {main.house_edge})",
        f"- element of risk: **{percent(main.element_of_risk)}**",
        f"- standard deviation per ante: {main.sd:.4f}; raise frequency {percent(main.raise_probability)}",
        "",
        "```",
        format_analysis(main),
        "```",
        "",
        "| strategy | house edge | element of risk | raise frequency |",
        "|---|---|---|---|",
        *(
            f"| {a.strategy} | {percent(a.house_edge)} | {percent(a.element_of_risk)} | {percent(a.raise_probability)} |"
            for a in inputs.by_strategy
        ),
    ]
    if inputs.progressive is not None:
        side = inputs.progressive
        be = side.break_even_meter
        meters = [side.seed, *([be] if be else [])]
        lines += ["", "## Progressive side bet", "", "```", format_progressive(side, meters), "```"]
        from casino_sim.games.banked.caribbean_stud.economics import progressive_flags

        flags = progressive_flags(side)  # a broken rule of the side bet's economics
        lines += ["", f"**Flags: {len(flags)}**", *(f"- **FLAG**: {flag}" for flag in flags)]
    lines += ["", "## Plots", ""]
    lines += [f"![{title}]({name})" for title, name in plots]
    if inputs.provenance:
        lines += [
            "",
            "## Provenance",
            "",
            "```json",
            json.dumps(inputs.provenance, indent=2),
            "```",
        ]
    return "\n".join(lines) + "\n"


def _png(plot: Any, *args: Any) -> bytes:
    buffer = io.BytesIO()
    plot(*args, buffer)
    return buffer.getvalue()


def write_report(
    inputs: ReportInputs, folder: str | os.PathLike[str], *, overwrite: bool = False
) -> Path:
    """Write ``report.md``, its PNG plots and ``analysis.json`` into ``folder``.

    ``folder`` must be new, empty or a report folder casino_sim wrote; with
    ``overwrite=True`` the files are added to a folder holding others (kept).
    """
    files: dict[str, str | bytes] = {
        "return_table.png": _png(_plot_contributions, inputs.main),
        "strategies.png": _png(_plot_strategies, inputs.by_strategy),
    }
    plots = [("Return table", "return_table.png"), ("House edge by strategy", "strategies.png")]
    if inputs.by_ante:
        files["edge_by_ante.png"] = _png(_plot_by_ante, inputs.by_ante)
        plots.append(("Edge by ante", "edge_by_ante.png"))
    if inputs.progressive is not None:
        files["progressive.png"] = _png(_plot_progressive, inputs.progressive)
        plots.append(("Progressive return by meter", "progressive.png"))
    files["report.md"] = _markdown(inputs, plots)
    record = {
        "provenance": inputs.provenance,
        "analysis": inputs.main.to_record(),
        "strategies": [a.to_record() for a in inputs.by_strategy],
        "by_ante": [a.to_record() for a in inputs.by_ante],
        "progressive": None if inputs.progressive is None else inputs.progressive.to_record(),
    }
    files["analysis.json"] = json.dumps(record, indent=2) + "\n"
    return write_directory(folder, files, overwrite=overwrite)
