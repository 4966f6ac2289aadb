"""Side-by-side comparison of paytables, progressives or stud table structures.

A comparison is one JSON-ready record (:func:`compare_paytables`,
:func:`compare_progressives`, :func:`compare_stud_tables`): the inputs, the
traffic assumption behind the per-hour figures, one row per figure with each
input's value (exact beside it where the figure is exact; a 95% interval where
it is simulated) and its difference from the first input, and extra tables
(edge by ante for capped paytables, award odds). It is presented as a terminal
table (:func:`format_comparison`), CSV rows (:func:`comparison_rows`) and an
HTML section (:func:`render_html`, from ``templates/compare.html.j2``).

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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CARIBBEAN_HANDS, PROGRESSIVE_HANDS, hand_label
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import DropRake, NoRake, PercentRake, StudTable, TimeRake
from casino_sim.engine.stats import Estimate, ratio_estimate
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable
from casino_sim.games.poker_room.simulate import ChunkResult, simulate_stud
from casino_sim.report.tables import text_table

__all__ = [
    "EDGE_BY_ANTE",
    "REGULATORY_ODDS",
    "Traffic",
    "compare_paytables",
    "compare_progressives",
    "compare_stud_tables",
    "comparison_rows",
    "format_comparison",
    "render_html",
]

#: Antes (money) of the edge-by-ante table when a paytable caps payouts.
EDGE_BY_ANTE = tuple(Fraction(a) for a in (5, 10, 25, 50, 100, 250, 500))
#: No advertised award may be rarer than 1 in this many (N.J.A.C. 13:69D-1.52, GLI-11 §4.8.2).
REGULATORY_ODDS = 100_000_000

Number = float | int | str | None


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


def _row(
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


def _record(
    kind: str,
    title: str,
    labels: Sequence[str],
    traffic: Traffic,
    rows: list[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
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
) -> dict[str, Any]:
    """Exact figures of each paytable at ``traffic.ante`` and the edge by ante when capped."""
    ante = traffic.ante
    analyses = [analyze_caribbean(p, strategy, ante=ante) for p in paytables]
    hands_per_hour = Fraction(traffic.players) * Fraction(traffic.rounds_per_hour)
    rows = [
        _row(f"pays_{key}", f"pays: {hand_label(key)}", "pays", [p.pays[key] for p in paytables])  # type: ignore[index]
        for key in CARIBBEAN_HANDS
    ]
    rows += [
        _row("ante_pays", "ante pays", "pays", [p.ante_pays for p in paytables]),
        _row("max_payout", "payout cap", "money", [p.max_payout or "none" for p in paytables]),
        _row("house_edge", "house edge (per ante)", "share", [a.house_edge for a in analyses]),
        _row("element_of_risk", "element of risk", "share", [a.element_of_risk for a in analyses]),
        _row(
            "hit_frequency",
            "hit frequency (player ahead)",
            "share",
            [_hit_frequency(a) for a in analyses],
        ),
        _row("sd_per_ante", "standard deviation (per ante)", "number", [a.sd for a in analyses]),
        _row(
            "raise_probability", "raise frequency", "share", [a.raise_probability for a in analyses]
        ),
        _row(
            "average_total_bet",
            "average total bet (antes)",
            "number",
            [a.average_total_bet for a in analyses],
        ),
        _row(
            "max_win",
            f"biggest win on one hand (ante {_money(ante)})",
            "money",
            [_top_win(p, ante) for p in paytables],
        ),
        _row(
            "theoretical_win_per_table_hour",
            "theoretical win per table-hour",
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
                    [_money(a), *(_percent(e) for e in edges)]
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
        f"theoretical win = house edge x ante {_money(ante)} x {traffic.describe()}",
    ]
    return _record(
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
    rows = [_row("wager", "side bet", "money", [p.wager for p in progressives])]
    for hand in hands:
        awards = []
        for p in progressives:
            award = p.awards.get(hand)  # type: ignore[call-overload]
            awards.append(
                None
                if award is None
                else _money(award.fixed)
                if award.fixed is not None
                else f"{float(award.meter_share):.0%} of meter"
            )
        rows.append(_row(f"award_{hand}", f"award: {hand_label(hand)}", "text", awards))
    for hand in hands:
        odds = []
        for side in sides:
            line = next((x for x in side.lines if x.hand == hand), None)
            odds.append(None if line is None else line.hit_every())
        rows.append(_row(f"odds_{hand}", f"1 in: {hand_label(hand)}", "odds", odds))
    checks = []
    for side in sides:
        rare = [x.hand for x in side.lines if x.hit_every() > REGULATORY_ODDS]
        checks.append("pass" if not rare else "FAIL: " + ", ".join(map(hand_label, rare)))
    rows += [
        _row("odds_check", f"every award at least 1 in {REGULATORY_ODDS:,}", "text", checks),
        _row(
            "contribution_rate",
            "contribution to the meter",
            "share",
            [s.contribution_rate for s in sides],
        ),
        _row("reserve_rate", "reserve (hidden) rate", "share", [s.reserve_rate for s in sides]),
        _row("seed", "seed (reset value)", "money", [s.seed for s in sides]),
        _row("ceiling", "meter ceiling", "money", [p.meter_cap or "none" for p in progressives]),
        _row(
            "return_at_reset",
            "return at reset (meter = seed)",
            "share",
            [s.expected_return(s.seed) for s in sides],
        ),
        _row("long_run_return", "long-run return", "share", [s.long_run_return for s in sides]),
        _row("break_even_meter", "break-even meter", "money", [s.break_even_meter for s in sides]),
        _row(
            "reset_probability",
            "meter resets: 1 in",
            "odds",
            [1 / s.reset_probability if s.reset_probability else None for s in sides],
        ),
        _row(
            "meter_growth_per_table_hour",
            "meter growth per table-hour",
            "money",
            [bets_per_hour * s.wager * s.contribution_rate for s in sides],
        ),
        _row(
            "theoretical_win_per_table_hour",
            "theoretical win per table-hour (long run)",
            "money",
            [bets_per_hour * s.wager * (1 - s.long_run_return) for s in sides],
        ),
    ]
    notes = [
        "award odds count the player's five cards over all 2,598,960 hands; envy bonuses are left to simulation",
        f"per-hour figures: every player makes the side bet; {traffic.describe()}",
    ]
    return _record(
        "progressive",
        "Progressive side bets",
        [p.name for p in progressives],
        traffic,
        rows,
        notes=notes,
        details=[s.to_record() for s in sides],
    )


# ------------------------------------------------------------------ stud tables


def _rake_text(table: StudTable) -> str:
    rake = table.rake
    if isinstance(rake, PercentRake):
        cap = f", cap {_money(rake.cap)}" if rake.cap is not None else ", no cap"
        return f"{float(rake.rate):.0%} of the pot{cap}"
    if isinstance(rake, DropRake):
        return f"{_money(rake.amount)} drop per hand"
    if isinstance(rake, TimeRake):
        return f"time: {_money(rake.per_seat_per_half_hour)} per seat per half hour"
    assert isinstance(rake, NoRake)
    return "none"


def _interval(estimate: Estimate, scale: float) -> tuple[float, float]:
    interval = estimate.interval
    return (interval.low * scale, interval.high * scale)


def compare_stud_tables(
    variant: StudVariant,
    tables: Sequence[StudTable],
    *,
    traffic: Traffic,
    hands: int,
    seed: int,
    workers: int = 1,
) -> dict[str, Any]:
    """Simulate each table with the same bots and seed; rake per hand, per 100 hands and per
    table-hour with 95% intervals (batch means over 40 chunks)."""
    chunk_size = max(1, math.ceil(hands / 40))
    results, estimates = [], []
    for table in tables:
        chunks: list[ChunkResult] = []
        result = simulate_stud(
            variant,
            table,
            traffic.players,
            hands=hands,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            on_chunk=chunks.append,
        )
        seconds = [
            float(
                table.pace.seconds(
                    hands=c.hands,
                    players=traffic.players,
                    showdowns=c.showdowns,
                    later_streets=sum(k * n for k, n in enumerate(c.streets)),
                )
            )
            for c in chunks
        ]

        def ratio(xs: Sequence[float], ys: Sequence[float]) -> Estimate:
            return ratio_estimate(
                n=len(xs),
                sum_x=sum(xs),
                sum_y=sum(ys),
                sum_xx=sum(x * x for x in xs),
                sum_yy=sum(y * y for y in ys),
                sum_xy=sum(x * y for x, y in zip(xs, ys, strict=True)),
            )

        counts = [float(c.hands) for c in chunks]
        rake = [float(c.rake) for c in chunks]
        estimates.append(
            {
                "per_hand": ratio(rake, counts),
                "per_second": ratio(rake, seconds),
                "effective": ratio(rake, [float(c.wagered) for c in chunks]),
                "drop": ratio([float(c.drop) for c in chunks], counts),
            }
        )
        results.append(result)
    time_per_hour = [
        Fraction(2 * traffic.players) * t.rake.per_seat_per_half_hour
        if isinstance(t.rake, TimeRake)
        else Fraction(0)
        for t in tables
    ]
    rph = traffic.rounds_per_hour

    def money_row(
        figure: str, label: str, key: str, scale: float, add: Sequence[Fraction] = ()
    ) -> dict[str, Any]:
        extra = [float(a) for a in add] or [0.0] * len(tables)
        values = [e[key].estimate * scale / 100 + x for e, x in zip(estimates, extra, strict=True)]
        intervals = [
            (lo / 100 + x, hi / 100 + x)
            for e, x in zip(estimates, extra, strict=True)
            for lo, hi in [_interval(e[key], scale)]
        ]
        return _row(figure, label, "money", values, intervals=intervals)

    rows = [
        _row(
            "stakes",
            "stakes",
            "text",
            [
                f"{_money(t.small_bet)}/{_money(t.big_bet)} {t.structure}, ante {_money(t.ante)}, bring-in {_money(t.bring_in)}"
                for t in tables
            ],
        ),
        _row("rake_structure", "rake structure", "text", [_rake_text(t) for t in tables]),
        _row(
            "bad_beat",
            "bad-beat jackpot",
            "text",
            [
                "none"
                if t.bad_beat is None
                else f"{_money(t.bad_beat.drop)} drop from pots of {_money(t.bad_beat.min_pot)}+, {t.bad_beat.qualifying_hand.describe()}"
                for t in tables
            ],
        ),
        _row(
            "hands_per_hour",
            "hands per table-hour (simulated clock)",
            "number",
            [r.hands_per_hour for r in results],
        ),
        money_row("rake_per_hand", "rake per hand", "per_hand", 1),
        money_row("rake_per_100_hands", "rake per 100 hands", "per_hand", 100),
        money_row(
            "rake_per_table_hour", "rake per table-hour (simulated clock)", "per_second", 3600
        ),
        _row(
            "effective_rake",
            "effective rake (rake / pots)",
            "share",
            [e["effective"].estimate for e in estimates],
            intervals=[_interval(e["effective"], 1) for e in estimates],
        ),
        _row(
            "time_collection_per_table_hour",
            "time collection per table-hour",
            "money",
            time_per_hour,
        ),
        money_row("jackpot_drop_per_hand", "jackpot drop per hand (players' money)", "drop", 1),
        money_row(
            "win_per_table_hour",
            "house win per table-hour at the same traffic",
            "per_hand",
            rph,
            time_per_hour,
        ),
    ]
    notes = [
        f"{variant.name}; {hands:,} hands per table, seed {seed}, the same bots at every table; "
        "intervals are 95% (batch means over 40 chunks)",
        f"same traffic: {traffic.describe()}; win = rake per hand x rounds + time collection "
        "(house-funded jackpot seeds left out)",
    ]
    return _record(
        "stud_table",
        f"Stud tables ({variant.name})",
        [t.name for t in tables],
        traffic,
        rows,
        notes=notes,
        simulation={
            "variant": variant.name,
            "hands": hands,
            "seed": seed,
            "chunk_size": chunk_size,
        },
    )


# ------------------------------------------------------------------ presentation


def _money(value: Fraction | float | int | None) -> str:
    """Money, sign first; cents only when there are any: ``$75``, ``$1.43``, ``-$16.97``."""
    if value is None:
        return "none"
    number = float(value)
    sign = "-" if number < 0 else ""
    cents = round(abs(number) * 100)
    return f"{sign}${cents // 100:,}" if cents % 100 == 0 else f"{sign}${cents / 100:,.2f}"


def _percent(value: Fraction | float) -> str:
    return f"{100 * float(value):.4f}%"


def _show(value: Number, unit: str, *, difference: bool = False) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    sign = "+" if difference and value > 0 else ""
    if unit == "share":
        return sign + _percent(value)
    if unit == "money":
        return sign + _money(value)
    if unit == "odds":
        return f"{sign}{value:,.0f}"
    if unit == "pays":
        return f"{sign}{value:g}"
    return f"{sign}{value:,.4f}" if not float(value).is_integer() else f"{sign}{value:,.0f}"


def _cells(row: dict[str, Any]) -> list[str]:
    cells = []
    for i, value in enumerate(row["values"]):
        text = _show(value, row["unit"])
        intervals = row.get("intervals")
        if intervals and intervals[i] is not None:
            low, high = intervals[i]
            text += f" ({_show(low, row['unit'])} to {_show(high, row['unit'])})"
        cells.append(text)
    return cells


def _difference_cells(row: dict[str, Any]) -> list[str]:
    return [
        "" if d is None or d == 0 else _show(d, row["unit"], difference=True)
        for d in row["differences"][1:]
    ]


def display_table(record: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the main table as display strings (terminal and HTML)."""
    count = len(record["inputs"])
    header = ["figure", *(f"[{i}]" for i in range(1, count + 1))]
    header += [f"[{i}] - [1]" for i in range(2, count + 1)]
    rows = [[row["label"], *_cells(row), *_difference_cells(row)] for row in record["rows"]]
    return header, rows


def format_comparison(record: dict[str, Any]) -> str:
    """The comparison as terminal text: the main table, extra tables, notes."""
    header, rows = display_table(record)
    legend = [f"[{i}] {name}" for i, name in enumerate(record["inputs"], 1)]
    parts = [record["title"], *legend, "", text_table(header, rows)]
    for table in record["tables"]:
        parts += ["", table["title"], text_table(table["header"], table["rows"])]
    parts += ["", *(f"note: {n}" for n in record["notes"])]
    return "\n".join(parts)


def comparison_rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    """One CSV row per figure and input: value, exact value, interval, difference from the first."""
    out = []
    for row in record["rows"]:
        for i, name in enumerate(record["inputs"]):
            interval = (row.get("intervals") or [None] * len(record["inputs"]))[i]
            out.append(
                {
                    "figure": row["figure"],
                    "label": row["label"],
                    "unit": row["unit"],
                    "input": name,
                    "value": "" if row["values"][i] is None else row["values"][i],
                    "exact": row["exact"][i] or "",
                    "interval_low": "" if interval is None else interval[0],
                    "interval_high": "" if interval is None else interval[1],
                    "difference_from_first": ""
                    if row["differences"][i] is None
                    else row["differences"][i],
                    "exact_difference": row["exact_differences"][i] or "",
                }
            )
    return out


TEMPLATES = Path(__file__).resolve().parent / "templates"


def render_html(record: dict[str, Any], *, standalone: bool = False) -> str:
    """The comparison as an HTML section (``templates/compare.html.j2``, escaped by Jinja2);
    ``standalone`` wraps it in a whole page (inline style, no network)."""
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    header, rows = display_table(record)
    template = environment.get_template("compare.html.j2")
    return template.render(record=record, header=header, rows=rows, standalone=standalone)
