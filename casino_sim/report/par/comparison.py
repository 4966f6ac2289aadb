"""Inputs of the same game side by side: the records of :mod:`casino_sim.report.compare` as
report sections.

A report of several Caribbean Stud paytables, several progressives or several
stud tables gets one section per game comparing them, as ``casino-sim compare``
does: the paytables' and the side bets' records are made by
:func:`~casino_sim.report.compare.compare_paytables` and
:func:`~casino_sim.report.compare.compare_progressives` (from the report's own
exact analyses), and the stud tables' from the figures their sections simulated
(:func:`~casino_sim.report.compare.figure_row`), so no table is played twice.
Each record becomes a table with one column per input and the difference of each
from the first; the record itself is the section's ``data``.

>>> unit_of("share"), unit_of("odds"), unit_of("pays")
('percent', 'count', 'number')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.report.par.formatting import show
from casino_sim.report.par.model import Column, Figure, Part, Section, Table

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.report.par.inputs import CaribbeanInput, ProgressiveInput

__all__ = [
    "BANKED_PLAYERS",
    "caribbean_comparison",
    "poker_comparison",
    "progressive_comparison",
    "unit_of",
]

#: Players at a Caribbean Stud table for the per-hour figures (as ``casino-sim compare``).
BANKED_PLAYERS = 5

#: A comparison record's units as report units.
_UNITS = {
    "share": "percent",
    "money": "money",
    "odds": "count",  # N of "1 in N" (the label says "1 in"); a difference of odds is no odds
    "pays": "number",
    "number": "number",
    "text": "text",
}
#: Report units as a comparison record's units.
_RECORD_UNITS = {
    "percent": "share",
    "percent2": "share",
    "percent1": "share",
    "money": "money",
    "count": "number",
    "number": "number",
    "text": "text",
}


def unit_of(record_unit: str) -> str:
    """The report unit that shows a comparison record's ``unit``."""
    return _UNITS.get(record_unit, "number")


def _traffic(ante: Fraction) -> Any:
    from casino_sim.config.floor import BankedPace
    from casino_sim.report.compare import Traffic

    seconds = float(BankedPace().seconds(BANKED_PLAYERS))
    return Traffic(players=BANKED_PLAYERS, rounds_per_hour=3600 / seconds, ante=ante)


def _table(record: Mapping[str, Any], *, id: str, title: str) -> Table:
    """The record's rows: a figure a row, a column per input, the differences from the first."""
    count = len(record["inputs"])
    columns = [Column("figure", "figure")]
    columns += [
        Column(f"input_{i}", f"[{i}] {name}", "by_row")
        for i, name in enumerate(record["inputs"], 1)
    ]
    columns += [Column(f"difference_{i}", f"[{i}] - [1]", "by_row") for i in range(2, count + 1)]
    columns.append(Column("unit", "unit"))
    rows = []
    for row in record["rows"]:
        cells: dict[str, Any] = {"figure": row["label"], "unit": unit_of(row["unit"])}
        for i, value in enumerate(row["values"], 1):
            cells[f"input_{i}"] = value
            if i > 1:
                cells[f"difference_{i}"] = row["differences"][i - 1]
        rows.append(cells)
    return Table(id, title, tuple(columns), tuple(rows))


def _extra_tables(record: Mapping[str, Any], prefix: str) -> list[Table]:
    """The record's extra tables (the edge by ante of capped paytables): raw ``values``, the
    first column an ante in money, the others a house edge per input."""
    tables = []
    for n, extra in enumerate(record["tables"], 1):
        header = extra["header"]
        columns = [Column("ante", header[0], "money")]
        columns += [
            Column(f"input_{i}", f"[{i}] {name}", "percent") for i, name in enumerate(header[1:], 1)
        ]
        rows = tuple(
            {c.key: value for c, value in zip(columns, values, strict=True)}
            for values in extra["values"]
        )
        suffix = "by-ante" if n == 1 else f"by-ante-{n}"
        tables.append(Table(f"{prefix}-{suffix}", extra["title"], tuple(columns), rows))
    return tables


def _section(
    record: dict[str, Any],
    *,
    prefix: str,
    names: Sequence[str],
    key: str,
    headline: Sequence[Figure],
) -> Section:
    legend = "; ".join(
        f"[{i}] {title} ({name})"
        for i, (title, name) in enumerate(zip(record["inputs"], names, strict=True), 1)
    )
    paragraphs = (
        f"{record['title']} side by side, as casino-sim compare shows them: {legend}. Each "
        "figure of every input, and its difference from the first input's.",
        *(f"Note: {note}" for note in record["notes"]),
    )
    tables = (
        _table(record, id=prefix, title=f"{record['title']} side by side"),
        *_extra_tables(record, prefix),
    )
    part = Part(f"{prefix}-figures", "Figures side by side", paragraphs, tables=tables)
    summary = ", ".join(
        f"{title} {show(figure.value, figure.unit)}"
        for title, figure in zip(record["inputs"], headline, strict=True)
    )
    return Section(
        prefix,
        "comparison",
        f"Side by side: {record['title']}",
        f"{key}: {summary}",
        (part,),
        record,
    )


def caribbean_comparison(
    items: Sequence[CaribbeanInput],
    analyses: Sequence[CaribbeanAnalysis],
    *,
    headline: Sequence[Figure],
    prefix: str = "compare-paytables",
) -> Section:
    """The paytables side by side (:func:`~casino_sim.report.compare.compare_paytables`) with
    the report's exact analyses, at a $5 ante (the report's ante for capped paytables)."""
    from casino_sim.report.compare import compare_paytables
    from casino_sim.report.par.caribbean import REPORT_ANTE
    from casino_sim.report.par.inputs import input_name

    # The report analyses a capped paytable at REPORT_ANTE and an uncapped one without an ante
    # (its figures per ante are the same at every ante): the comparison's money figures, at
    # REPORT_ANTE, use them as they are.
    record = compare_paytables(
        [item.paytable for item in items],
        traffic=_traffic(REPORT_ANTE),
        strategy=items[0].strategy,
        analyses=analyses,
    )
    names = [input_name(item.path) for item in items]
    return _section(record, prefix=prefix, names=names, key="house edge", headline=headline)


def progressive_comparison(
    items: Sequence[ProgressiveInput],
    *,
    headline: Sequence[Figure],
    prefix: str = "compare-progressives",
) -> Section:
    """The side bets side by side (:func:`~casino_sim.report.compare.compare_progressives`)."""
    from casino_sim.report.compare import compare_progressives
    from casino_sim.report.par.caribbean import REPORT_ANTE
    from casino_sim.report.par.inputs import input_name

    record = compare_progressives([item.table for item in items], traffic=_traffic(REPORT_ANTE))
    names = [input_name(item.path) for item in items]
    return _section(record, prefix=prefix, names=names, key="long-run return", headline=headline)


#: The figures of a poker section compared, in this order (those a section has).
POKER_FIGURES = (
    "hands_per_hour",
    "rake_per_hand",
    "rake_per_100_hands",
    "rake_per_table_hour",
    "effective_rake",
    "time_collection_per_table_hour",
    "house_take_per_table_hour",
    "mean_pot",
    "showdown_share",
    "jackpot_drop_per_hand",
    "hits_per_100k_hands",
)


def poker_comparison(
    sections: Sequence[Section],
    names: Sequence[str],
    *,
    headline: Sequence[Figure],
    prefix: str = "compare-stud-tables",
) -> Section:
    """The stud tables side by side from the figures their sections simulated (each with its
    95% interval), as :func:`~casino_sim.report.compare_stud.compare_stud_tables` lays them out
    (without playing the tables again)."""
    from casino_sim.report.compare import Traffic, comparison_record, figure_row

    by_key = [{f.key: f for f in s.figures()} for s in sections]
    rows = []
    for key in POKER_FIGURES:
        found = [figures.get(key) for figures in by_key]
        first = next((f for f in found if f is not None), None)
        if first is None:
            continue
        values = [f.value if f is not None and isinstance(f.value, int | float) else None
                  for f in found]  # fmt: skip
        intervals = [
            (f.low, f.high)
            if f is not None and f.has_interval and f.low is not None and f.high is not None
            else None
            for f in found
        ]
        unit = _RECORD_UNITS.get(first.unit, "number")
        rows.append(figure_row(key, first.label, unit, values, intervals=intervals))
    players = next((f.value for f in sections[0].figures() if f.key == "players"), None)
    record = comparison_record(
        "stud_table",
        "Stud tables",
        [s.title for s in sections],
        Traffic(players=int(players or 0), rounds_per_hour=0.0),
        rows,
        notes=[
            "each table as its section simulated it: its own bots, seed and hands; intervals "
            "are the sections' 95% intervals; per table-hour on each table's simulated clock",
        ],
    )
    record["traffic"] = {"description": "each table's own simulated clock and seated bots"}
    return _section(record, prefix=prefix, names=names, key="rake per hand", headline=headline)
