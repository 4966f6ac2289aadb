"""Plain-text tables of the exact Caribbean Stud analysis and the progressive side bet.

``casino-sim analyze`` prints them; its ``--report`` is the PAR report (:mod:`casino_sim.report.par`).
"""

from __future__ import annotations

from fractions import Fraction

from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
from casino_sim.games.banked.caribbean_stud.exact.optimal import AceKingRule
from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis
from casino_sim.report.tables import money, percent, text_table


def _net(value: Fraction) -> str:
    return f"{float(value):+g}" if value.denominator != 1 else f"{int(value):+d}"


def format_analysis(analysis: CaribbeanAnalysis) -> str:
    """The return table in the published layout, then the exact measures."""
    rows = [
        [
            r.event,
            _net(r.net),
            f"{r.combinations:,}",
            f"{float(r.probability):.8f}",
            f"{float(r.contribution):+.8f}",
        ]
        for r in analysis.rows
    ]
    rows.append(
        [
            "Total",
            "",
            f"{analysis.total_deals:,}",
            "1.00000000",
            f"{float(-analysis.house_edge):+.8f}",
        ]
    )
    ante = "" if analysis.ante is None else f", ante {money(analysis.ante)}"
    title = f"Caribbean Stud — {analysis.paytable}, strategy {analysis.strategy}{ante}"
    measures = [
        ["Total result (antes)", f"{analysis.total_result}"],
        ["House edge (per ante)", percent(analysis.house_edge)],
        ["Element of risk", percent(analysis.element_of_risk)],
        ["Standard deviation (per ante)", f"{analysis.sd:.4f}"],
        ["Raise frequency", percent(analysis.raise_probability)],
        ["Average total bet (antes)", f"{float(analysis.average_total_bet):.6f}"],
    ]
    return "\n".join(
        [
            title,
            "",
            text_table(["Event", "Net", "Combinations", "Probability", "Return"], rows),
            "",
            text_table(["Measure", "Value"], measures),
        ]
    )


def format_edge_by_ante(analyses: list[CaribbeanAnalysis]) -> str:
    """House edge as a function of the ante when the paytable caps payouts."""
    rows = [
        [money(a.ante or 0), percent(a.house_edge), percent(a.element_of_risk)] for a in analyses
    ]
    return text_table(["Ante", "House edge", "Element of risk"], rows)


def format_ace_king(rules: tuple[AceKingRule, ...]) -> str:
    """Share of A-K-x hands raised, by third card (rows) and dealer up-card rank (columns)."""
    ranks = list("23456789TJQKA")
    rows = [
        [f"A-K-{rule.third}"] + [f"{rule.raise_share_by_upcard.get(r, 0):.2f}" for r in ranks]
        for rule in rules
    ]
    return "A-K high hands: share raised, by third card and dealer up-card\n" + text_table(
        ["Hand", *ranks], rows
    )


def format_progressive(analysis: ProgressiveAnalysis, meters: list[Fraction]) -> str:
    """Awards with hit frequencies, return by meter, break-even meter, long-run return.

    With a meter cap, return-by-meter rows stop at the cap and a line says which were left out.
    """
    award_rows = []
    for line in analysis.lines:
        pays = (
            money(line.fixed)
            if line.fixed is not None
            else f"{float(line.meter_share or 0):.0%} of meter"
        )
        award_rows.append(
            [line.hand.replace("_", " "), pays, f"{line.combinations:,}", f"{float(line.probability):.3e}",
             f"1 in {float(line.hit_every()):,.0f}"]
        )  # fmt: skip
    shown, above = analysis.within_cap(meters)
    meter_rows = [
        [
            f"${float(m):,.0f}",
            percent(analysis.expected_return(m), 2),
            percent(analysis.house_edge(m), 2),
        ]
        for m in shown
    ]
    be, cap = analysis.break_even_meter, analysis.meter_cap
    capped = "" if cap is None else f", meter cap {money(cap)}"
    lines = [
        f"Progressive — {analysis.name} (wager {money(analysis.wager)})",
        "",
        text_table(["Hand", "Pays", "Combinations", "Probability", "Hits"], award_rows),
        "",
        f"Return per $1 = {float(analysis.fixed_return):.6f} + {float(analysis.meter_slope):.4e} x meter",
        f"Break-even meter: {'none' if be is None else f'${float(be):,.2f}'}"
        + (
            ""
            if be is None or analysis.break_even_reachable
            else " (above the meter cap: never reached)"
        ),
        f"Long-run return (contribution {float(analysis.contribution_rate):.0%}, seed {money(analysis.seed)}"
        f"{capped}): {percent(analysis.long_run_return, 2)}",
    ]
    at_cap = analysis.return_at_cap
    if at_cap is not None and at_cap < analysis.long_run_return:
        lines += [
            f"The meter cap holds the return to at most {percent(at_cap, 2)} (the meter at its cap),",
            "  below the long-run figure: the reserve keeps growing and that money is never paid out.",
        ]
    lines += ["", text_table(["Meter", "Return", "House edge"], meter_rows)]
    if above:
        left_out = ", ".join(f"${float(m):,.0f}" for m in above)
        lines.append(
            f"Rows stop at the meter cap, {money(cap or 0)}: the meter never shows more "
            f"(left out: {left_out})."
        )
    return "\n".join(lines)
