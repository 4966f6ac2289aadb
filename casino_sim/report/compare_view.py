"""How a comparison record (:mod:`casino_sim.report.compare`) is shown: terminal text, CSV rows, HTML.

>>> money_text(1.4267), money_text(-16.97), money_text(75)
('$1.43', '-$16.97', '$75')
>>> record = {"inputs": ["a", "b"], "rows": [{"label": "edge", "unit": "share",
...     "values": [0.05, 0.04], "differences": [None, -0.01]}]}
>>> display_table(record)
(['figure', '[1]', '[2]', '[2] - [1]'], [['edge', '5.0000%', '4.0000%', '-1.0000%']])
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from casino_sim.report.tables import text_table

__all__ = [
    "Number",
    "comparison_rows",
    "display_table",
    "format_comparison",
    "money_text",
    "percent_text",
    "render_html",
]

Number = float | int | str | None
"""A figure's value in a record: a number, a text, or nothing."""


def money_text(value: Fraction | float | int | None) -> str:
    """Money, sign first; cents only when there are any: ``$75``, ``$1.43``, ``-$16.97``."""
    if value is None:
        return "none"
    number = float(value)
    sign = "-" if number < 0 else ""
    cents = round(abs(number) * 100)
    return f"{sign}${cents // 100:,}" if cents % 100 == 0 else f"{sign}${cents / 100:,.2f}"


def percent_text(value: Fraction | float) -> str:
    return f"{100 * float(value):.4f}%"


def _show(value: Number, unit: str, *, difference: bool = False) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    sign = "+" if difference and value > 0 else ""
    if unit == "share":
        return sign + percent_text(value)
    if unit == "money":
        return sign + money_text(value)
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
