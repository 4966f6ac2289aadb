"""Side-by-side comparison of paytables, progressives or stud table structures.

A comparison is one JSON-ready record (:func:`compare_paytables`,
:func:`compare_progressives`, :func:`compare_stud_tables`): the inputs, the
traffic assumption behind the per-hour figures, one row per figure with each
input's value (exact beside it where the figure is exact; a 95% interval where
it is simulated) and its difference from the first input, and extra tables
(edge by ante for capped paytables, award odds). It is presented as a terminal
table, CSV rows and an HTML section by :mod:`casino_sim.report.compare_view`;
stud tables are compared in :mod:`casino_sim.report.compare_stud`.

>>> from casino_sim.config import load_progressive
>>> record = compare_progressives(
...     [load_progressive("progressives/50-75-100"), load_progressive("progressives/50-100-150")],
...     traffic=Traffic(players=5, rounds_per_hour=40),
... )
>>> row = next(r for r in record["rows"] if r["figure"] == "break_even_meter")
>>> [round(v) for v in row["values"]]
[263205, 246784]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CARIBBEAN_HANDS, PROGRESSIVE_HANDS, hand_label
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable
from casino_sim.report.compare_view import Number, money_text, percent_text

__all__ = [
    "EDGE_BY_ANTE",
    "REGULATORY_ODDS",
    "Traffic",
    "compare_paytables",
    "compare_progressives",
    "comparison_record",
    "figure_row",
]

#: Antes (money) of the edge-by-ante table when a paytable caps payouts.
EDGE_BY_ANTE = tuple(Fraction(a) for a in (5, 10, 25, 50, 100, 250, 500))
#: No advertised award may be rarer than 1 in this many (N.J.A.C. 13:69D-1.52, GLI-11 §4.8.2).
REGULATORY_ODDS = 100_000_000


@dataclass(frozen=True)
class Traffic:
    """The traffic every input is compared at: seated players and rounds (hands) per table-hour;
    ``ante`` is each player's ante on a banked table (money)."""

    players: int
    rounds_per_hour: float
    ante: Fraction = Fraction(10)

    def describe(self) -> str:
        return f"{self.players} players per table, {self.rounds_per_hour:g} rounds per table-hour"

    def to_record(self) -> dict[str, Any]:
        return {
            "players_per_table": self.players,
            "rounds_per_hour": self.rounds_per_hour,
            "ante": float(self.ante),
        }


# ------------------------------------------------------------------ rows


def _value(value: Fraction | float | int | str | None) -> Number:
    if isinstance(value, Fraction):
        return float(value)
    return value


def figure_row(
    figure: str,
    label: str,
    unit: str,
    values: Sequence[Fraction | float | int | str | None],
    *,
    intervals: Sequence[tuple[float, float] | None] | None = None,
) -> dict[str, Any]:
    """One figure for every input: values, exact values, differences from the first input."""
    exact = [str(v) if isinstance(v, Fraction) else None for v in values]
    numeric = [v if isinstance(v, Fraction | float | int) else None for v in values]
    first = numeric[0]
    differences: list[Number] = [None]
    exact_differences: list[str | None] = [None]
    for v in numeric[1:]:
        differences.append(None if v is None or first is None else float(v) - float(first))
        both = isinstance(v, Fraction) and isinstance(first, Fraction)
        exact_differences.append(str(v - first) if both else None)  # type: ignore[operator]
    row: dict[str, Any] = {
        "figure": figure,
        "label": label,
        "unit": unit,
        "values": [_value(v) for v in values],
        "exact": exact,
        "differences": differences,
        "exact_differences": exact_differences,
    }
    if intervals is not None:
        row["intervals"] = [None if i is None else [i[0], i[1]] for i in intervals]
    return row


def comparison_record(
    kind: str,
    title: str,
    labels: Sequence[str],
    traffic: Traffic,
    rows: list[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    """The comparison record: what is compared, at which traffic, its rows, extra tables, notes."""
    return {
        "kind": kind,
        "title": title,
        "inputs": list(labels),
        "traffic": {**traffic.to_record(), "description": traffic.describe()},
        "rows": rows,
        "tables": extra.pop("tables", []),
        "notes": extra.pop("notes", []),
        **extra,
    }


# ------------------------------------------------------------------ Caribbean Stud paytables


def _hit_frequency(analysis: CaribbeanAnalysis) -> Fraction:
    """Share of deals the player comes out ahead (a win, or the dealer not qualifying)."""
    return sum((r.probability for r in analysis.rows if r.net > 0), Fraction(0))


def _top_win(paytable: CaribbeanPaytable, ante: Fraction) -> Fraction:
    """The biggest win on one hand in money: the ante's win plus the top raise win (capped)."""
    top = max(paytable.raise_win(key, ante=ante) for key in CARIBBEAN_HANDS)
    return paytable.ante_pays * ante + top


def compare_paytables(
    paytables: Sequence[CaribbeanPaytable],
    *,
    traffic: Traffic,
    strategy: str | DecisionTable = "optimal",
    analyses: Sequence[CaribbeanAnalysis] | None = None,
) -> dict[str, Any]:
    """Exact figures of each paytable at ``traffic.ante`` and the edge by ante when capped;
    ``analyses``, when given, are each paytable's analysis with ``strategy`` at that ante,
    already made (the PAR report's), so they are not made again."""
    ante = traffic.ante
    if analyses is None:
        analyses = [analyze_caribbean(p, strategy, ante=ante) for p in paytables]
    hands_per_hour = Fraction(traffic.players) * Fraction(traffic.rounds_per_hour)
    rows = [
        figure_row(
            f"pays_{key}",
            f"pays: {hand_label(key)}",
            "pays",
            [p.pays[key] for p in paytables],  # type: ignore[index]
        )
        for key in CARIBBEAN_HANDS
    ]
    rows += [
        figure_row("ante_pays", "ante pays", "pays", [p.ante_pays for p in paytables]),
        figure_row(
            "max_payout", "payout cap", "money", [p.max_payout or "none" for p in paytables]
        ),
        figure_row(
            "house_edge", "house edge (per ante)", "share", [a.house_edge for a in analyses]
        ),
        figure_row(
            "element_of_risk", "element of risk", "share", [a.element_of_risk for a in analyses]
        ),
        figure_row(
            "hit_frequency",
            "hit frequency (player ahead)",
            "share",
            [_hit_frequency(a) for a in analyses],
        ),
        figure_row(
            "sd_per_ante", "standard deviation (per ante)", "number", [a.sd for a in analyses]
        ),
        figure_row(
            "raise_probability", "raise frequency", "share", [a.raise_probability for a in analyses]
        ),
        figure_row(
            "average_total_bet",
            "average total bet (antes)",
            "number",
            [a.average_total_bet for a in analyses],
        ),
        figure_row(
            "max_win",
            f"biggest win on one hand (ante {money_text(ante)})",
            "money",
            [_top_win(p, ante) for p in paytables],
        ),
        figure_row(
            "theoretical_win_per_table_hour",
            "theoretical win per table-hour (antes x house edge)",
            "money",
            [hands_per_hour * ante * a.house_edge for a in analyses],
        ),
    ]
    tables = []
    if any(p.max_payout is not None for p in paytables):
        antes = sorted({*EDGE_BY_ANTE, ante})
        by_ante = [
            [
                analyze_caribbean(p, strategy, ante=a).house_edge
                if p.max_payout
                else main.house_edge
                for p, main in zip(paytables, analyses, strict=True)
            ]
            for a in antes
        ]
        tables.append(
            {
                "title": "House edge by ante (payout caps)",
                "header": ["ante", *(p.name for p in paytables)],
                "rows": [
                    [money_text(a), *(percent_text(e) for e in edges)]
                    for a, edges in zip(antes, by_ante, strict=True)
                ],
                "values": [
                    [float(a), *(float(e) for e in edges)]
                    for a, edges in zip(antes, by_ante, strict=True)
                ],
            }
        )
    notes = [
        f"strategy {analyses[0].strategy}; exact over all {analyses[0].total_deals:,} deals",
        f"theoretical win = house edge x ante {money_text(ante)} x {traffic.describe()}",
    ]
    return comparison_record(
        "caribbean_stud",
        "Caribbean Stud paytables",
        [p.name for p in paytables],
        traffic,
        rows,
        tables=tables,
        notes=notes,
        details=[a.to_record() for a in analyses],
    )


# ------------------------------------------------------------------ progressives


def compare_progressives(
    progressives: Sequence[ProgressivePaytable], *, traffic: Traffic
) -> dict[str, Any]:
    """Award tables, funding, return at reset, long-run return and break-even meter of each."""
    sides = [analyze_progressive(p) for p in progressives]
    bets_per_hour = Fraction(traffic.players) * Fraction(traffic.rounds_per_hour)
    hands = [h for h in PROGRESSIVE_HANDS if any(h in p.awards for p in progressives)]
    rows = [figure_row("wager", "side bet", "money", [p.wager for p in progressives])]
    for hand in hands:
        awards = []
        for p in progressives:
            award = p.awards.get(hand)  # type: ignore[call-overload]
            awards.append(
                None
                if award is None
                else money_text(award.fixed)
                if award.fixed is not None
                else f"{float(award.meter_share):.0%} of meter"
            )
        rows.append(figure_row(f"award_{hand}", f"award: {hand_label(hand)}", "text", awards))
    for hand in hands:
        odds = []
        for side in sides:
            line = next((x for x in side.lines if x.hand == hand), None)
            odds.append(None if line is None else line.hit_every())
        rows.append(figure_row(f"odds_{hand}", f"1 in: {hand_label(hand)}", "odds", odds))
    checks = []
    for side in sides:
        rare = [x.hand for x in side.lines if x.hit_every() > REGULATORY_ODDS]
        checks.append("pass" if not rare else "FAIL: " + ", ".join(map(hand_label, rare)))
    rows += [
        figure_row("odds_check", f"every award at least 1 in {REGULATORY_ODDS:,}", "text", checks),
        figure_row(
            "contribution_rate",
            "contribution to the meter",
            "share",
            [s.contribution_rate for s in sides],
        ),
        figure_row(
            "reserve_rate", "reserve (hidden) rate", "share", [s.reserve_rate for s in sides]
        ),
        figure_row("seed", "seed (reset value)", "money", [s.seed for s in sides]),
        figure_row(
            "meter_cap", "meter cap", "money", [p.meter_cap or "none" for p in progressives]
        ),
        figure_row(
            "return_at_reset",
            "return at reset (meter = seed)",
            "share",
            [s.expected_return(s.seed) for s in sides],
        ),
        figure_row(
            "long_run_return", "long-run return", "share", [s.long_run_return for s in sides]
        ),
        figure_row(
            "break_even_meter", "break-even meter", "money", [s.break_even_meter for s in sides]
        ),
        figure_row(
            "reset_probability",
            "meter resets: 1 in",
            "odds",
            [1 / s.reset_probability if s.reset_probability else None for s in sides],
        ),
        figure_row(
            "meter_growth_per_table_hour",
            "meter growth per table-hour",
            "money",
            [bets_per_hour * s.wager * s.contribution_rate for s in sides],
        ),
        figure_row(
            "theoretical_win_per_table_hour",
            "theoretical win per table-hour (side bets x long-run house edge)",
            "money",
            [bets_per_hour * s.wager * (1 - s.long_run_return) for s in sides],
        ),
    ]
    notes = [
        "award odds count the player's five cards over all 2,598,960 hands; envy bonuses are left to simulation",
        f"per-hour figures: every player makes the side bet; {traffic.describe()}",
    ]
    return comparison_record(
        "progressive",
        "Progressive side bets",
        [p.name for p in progressives],
        traffic,
        rows,
        notes=notes,
        details=[s.to_record() for s in sides],
    )
