"""The report's plots as inline SVG markup (matplotlib, no pyplot state, the same bytes each run).

Several SVGs share one HTML page, so each plot's element ids get the plot's own
prefix (:func:`inline_svg`); the XML prolog is dropped.

>>> svg = inline_svg('<?xml version="1.0"?>\\n<svg><defs><path id="m1"/></defs>'
...                  '<use xlink:href="#m1"/><g clip-path="url(#m1)"/></svg>', "plot-a")
>>> svg
'<svg><defs><path id="plot-a-m1"/></defs><use xlink:href="#plot-a-m1"/><g clip-path="url(#plot-a-m1)"/></svg>'
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from casino_sim.report.par.model import Plot

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis

__all__ = [
    "PRINT_DPI",
    "edge_by_ante_plot",
    "inline_svg",
    "plot_of",
    "png_bytes",
    "pot_size_plot",
    "progressive_return_plot",
    "return_table_plot",
]

#: The resolution of the plots in the PDF (``image-resolution`` in the print styles).
PRINT_DPI = 150

_ID = re.compile(r'\bid="([^"]+)"')


def inline_svg(svg: str, prefix: str) -> str:
    """SVG text fit to sit inline in HTML: no prolog or doctype, every id prefixed."""
    start = svg.find("<svg")
    body = svg[start:] if start >= 0 else svg
    ids = set(_ID.findall(body))
    if not ids:
        return body.strip()
    pattern = re.compile(r'(\bid="|#)(' + "|".join(re.escape(i) for i in ids) + r')(?=["\)])')
    return pattern.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", body).strip()


def svg_bytes(fig: Figure) -> bytes:
    """A figure as SVG, the same bytes for the same figure (no date, fixed hash salt)."""
    from matplotlib import rc_context

    buffer = io.BytesIO()
    with rc_context({"svg.hashsalt": "casino_sim", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def png_bytes(fig: Figure) -> bytes:
    """A figure as PNG at :data:`PRINT_DPI`, for the PDF (the same bytes for the same figure)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=PRINT_DPI, metadata={"Software": None})
    return buffer.getvalue()


def plot_of(
    fig: Figure | bytes, *, id: str, title: str, caption: str = "", png: bytes = b""
) -> Plot:
    """A :class:`Plot` from a matplotlib figure (SVG and PNG), or SVG bytes already drawn
    (with their PNG, if any)."""
    if isinstance(fig, bytes):
        return Plot(id, title, inline_svg(fig.decode("utf-8"), id), caption, png=png)
    svg = inline_svg(svg_bytes(fig).decode("utf-8"), id)
    return Plot(id, title, svg, caption, png=png_bytes(fig))


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="tight")


def return_table_plot(analysis: CaribbeanAnalysis, *, id: str) -> Plot:
    """Each outcome's contribution to the player's return, in antes per hand."""
    fig = _figure(7.5, 4.2)
    ax = fig.subplots()
    labels = [row.event.replace("Player wins: ", "wins: ") for row in analysis.rows]
    values = [float(row.contribution) for row in analysis.rows]
    ax.barh(labels, values, color=["#b33" if v < 0 else "#3a7" for v in values])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.invert_yaxis()
    ax.set_xlabel("contribution to the player's return (antes per hand)")
    ax.set_title(f"Return by outcome: {analysis.paytable}, {analysis.strategy}")
    return plot_of(
        fig,
        id=id,
        title="Return by outcome",
        caption="Probability x net result of each outcome; the bars sum to minus the house edge.",
    )


def edge_by_ante_plot(analyses: Sequence[CaribbeanAnalysis], *, id: str) -> Plot:
    """House edge and element of risk by ante size under a payout cap."""
    fig = _figure(7, 3.4)
    ax = fig.subplots()
    antes = [float(a.ante or 0) for a in analyses]
    ax.plot(antes, [100 * float(a.house_edge) for a in analyses], marker="o", label="house edge")
    ax.plot(
        antes,
        [100 * float(a.element_of_risk) for a in analyses],
        marker="s",
        label="element of risk",
    )
    ax.set_xscale("log")
    ax.set_xlabel("ante ($)")
    ax.set_ylabel("% of ante / of total wager")
    ax.set_title("The payout cap by ante size")
    ax.legend()
    return plot_of(
        fig,
        id=id,
        title="House edge by ante",
        caption="Exact figures; larger antes reach the cap on more hands.",
    )


def progressive_return_plot(side: ProgressiveAnalysis, *, id: str) -> Plot:
    """Return per unit wagered as a function of the meter (up to the meter cap), with the
    break-even meter marked."""
    be = side.break_even_meter
    meters = side.plot_meters()
    fig = _figure(7, 3.4)
    ax = fig.subplots()
    ax.plot(meters, [100 * float(side.expected_return(Fraction(m))) for m in meters], color="#46a")
    ax.axhline(100, color="grey", linewidth=0.8)
    ax.axvline(
        float(side.seed), color="#3a7", linestyle=":", label=f"seed ${float(side.seed):,.0f}"
    )
    if be is not None and side.break_even_reachable:
        ax.axvline(float(be), color="#b33", linestyle="--", label=f"break-even ${float(be):,.0f}")
    if side.meter_cap is not None:
        cap = float(side.meter_cap)
        ax.axvline(cap, color="#555", linestyle="-.", label=f"meter cap ${cap:,.0f}")
    ax.legend()
    ax.set_xlabel("meter ($)")
    ax.set_ylabel("return (% of side bet)")
    ax.set_title(f"Return by meter: {side.name}")
    return plot_of(
        fig,
        id=id,
        title="Return by meter",
        caption="Exact: fixed awards plus each meter share times its probability."
        + (
            "" if side.meter_cap is None else " It stops at the meter cap: the meter shows no more."
        ),
    )


def pot_size_plot(
    edges_big_bets: Sequence[float], counts: Sequence[int], *, id: str, big_bet: float
) -> Plot:
    """Share of hands by final pot size, in big bets."""
    labels = [f"<={e:g}" for e in edges_big_bets] + [f">{edges_big_bets[-1]:g}"]
    total = max(sum(counts), 1)
    fig = _figure(7, 3.2)
    ax = fig.subplots()
    ax.bar(range(len(counts)), [100 * c / total for c in counts], color="#46a")
    ax.set_xticks(range(len(counts)), labels, rotation=45, fontsize="small")
    ax.set_xlabel(f"pot size in big bets (big bet ${big_bet:,.2f})")
    ax.set_ylabel("% of hands")
    ax.set_title("Pot sizes")
    return plot_of(fig, id=id, title="Pot sizes", caption="Final pots of the simulated hands.")
