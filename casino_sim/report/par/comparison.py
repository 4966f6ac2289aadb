"""Inputs of the same game side by side: the records of :mod:`casino_sim.report.compare` as
report sections.

A report of several Caribbean Stud paytables, several progressives, several
banked games of the same rules (:func:`same_game_groups`) or several stud tables
gets one section per game comparing them, as ``casino-sim compare`` does: the
paytables' and the side bets' records are made by
:func:`~casino_sim.report.compare.compare_paytables` and
:func:`~casino_sim.report.compare.compare_progressives` (from the report's own
exact analyses), and the stud tables' from the figures their sections simulated
(:func:`~casino_sim.report.compare.figure_row`), so no table is played twice;
the banked games' from the report's exact analyses (:func:`banked_comparison`).
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
    from casino_sim.config import BankedGame
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.games.banked.language import BankedAnalysis
    from casino_sim.report.par.inputs import BankedInput, CaribbeanInput, ProgressiveInput

__all__ = [
    "BANKED_PLAYERS",
    "banked_comparison",
    "caribbean_comparison",
    "poker_comparison",
    "progressive_comparison",
    "same_game_groups",
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


def _rules(game: BankedGame) -> tuple[Any, ...]:
    """What makes two files the same game: the deals, the hands, the qualifier, the wagers'
    names and initial bets, the decisions and the unit; paytables, side bets, tie rule and
    strategies may differ."""
    return (
        game.stages,
        sorted(game.hands.items()),
        game.qualifier,
        [(name, wager.initial) for name, wager in game.wagers.items()],
        game.decisions,
        game.house_edge_per,
    )


def same_game_groups(games: Sequence[BankedGame]) -> list[list[int]]:
    """The indices of the games played by the same rules (:func:`_rules`), each group of two or
    more in the order given.

    >>> from casino_sim.config import load_banked_game
    >>> tcp, lir = load_banked_game("banked/three_card_poker"), load_banked_game("banked/let_it_ride")
    >>> same_game_groups([tcp, lir, tcp])
    [[0, 2]]
    """
    groups: list[tuple[tuple[Any, ...], list[int]]] = []
    for index, game in enumerate(games):
        rules = _rules(game)
        for key, members in groups:
            if key == rules:
                members.append(index)
                break
        else:
            groups.append((rules, [index]))
    return [members for _, members in groups if len(members) > 1]


def banked_comparison(
    items: Sequence[BankedInput],
    analyses: Sequence[BankedAnalysis],
    *,
    headline: Sequence[Figure],
    prefix: str = "compare-banked",
) -> Section:
    """Banked games of the same rules side by side from the report's exact analyses: house
    edge, element of risk, average total bet, SD, each wager's return, each side bet's edge."""
    from casino_sim.report.compare import Traffic, comparison_record, figure_row
    from casino_sim.report.par.banked import hit_frequency
    from casino_sim.report.par.banked_tables import unit_name
    from casino_sim.report.par.inputs import input_name

    unit = unit_name(items[0].game)
    rows = [
        figure_row("house_edge", f"house edge (per {unit})", "share",
                   [a.house_edge for a in analyses]),
        figure_row("element_of_risk", "element of risk (per average total bet)", "share",
                   [a.element_of_risk for a in analyses]),
        figure_row("average_total_bet", f"average total bet ({unit}s)", "number",
                   [a.average_total_bet for a in analyses]),
        figure_row("sd", f"standard deviation (per {unit})", "number", [a.sd for a in analyses]),
        figure_row("hit_frequency", "hit frequency (the player wins money)", "share",
                   [hit_frequency(a) for a in analyses]),
    ]  # fmt: skip
    for wager in analyses[0].wager_returns:
        rows.append(
            figure_row(
                f"return_{wager}",
                f"return of {wager} (per {unit} per deal)",
                "share",
                [a.wager_returns[wager] / a.deals for a in analyses],
            )
        )
    sides = dict.fromkeys((s.side_bet, s.paytable) for a in analyses for s in a.side_bets)
    for side, paytable in sides:
        edges = [
            next((s.house_edge for s in a.side_bets if (s.side_bet, s.paytable) == (side, paytable)),
                 None)
            for a in analyses
        ]  # fmt: skip
        rows.append(
            figure_row(
                f"side_bet_{side}_{paytable}",
                f"side bet {side} {paytable}: house edge (per unit bet)",
                "share",
                edges,
            )
        )
    record = comparison_record(
        "banked_game",
        f"Games of the same rules as {items[0].game.name}",
        [item.title for item in items],
        Traffic(players=0, rounds_per_hour=0.0),
        rows,
        notes=[
            "every figure exact, over every deal, with each file's paytables and strategy; a "
            "side bet a file does not list is n/a",
        ],
    )
    record["traffic"] = {"description": "exact figures per initial bet: no traffic"}
    names = [input_name(item.path) for item in items]
    return _section(record, prefix=prefix, names=names, key="house edge", headline=headline)
