"""The report's files: which formats, and each format's bytes, ready for one result folder.

>>> parse_formats("html, md"), parse_formats("all") == FORMATS
(('html', 'md'), True)
>>> parse_formats("html,docx")
Traceback (most recent call last):
...
casino_sim.errors.OptionError: --format: unknown format 'docx' (expected some of html, pdf, md, csv, xlsx, json, or all)
"""

from __future__ import annotations

import csv
import io
import json
from typing import TYPE_CHECKING, Any

from casino_sim.errors import OptionError
from casino_sim.report.par.formatting import show

if TYPE_CHECKING:
    from casino_sim.report.par.model import Report, Table

__all__ = ["FORMATS", "parse_formats", "report_files", "table_csv"]

#: Every format, in the order files are listed.
FORMATS = ("html", "pdf", "md", "csv", "xlsx", "json")


def parse_formats(text: str) -> tuple[str, ...]:
    """A ``--format`` list (comma separated, or ``all``) as formats in :data:`FORMATS` order."""
    names = [n.strip().lower() for n in text.split(",")]
    if not all(names):
        raise OptionError(f"--format: empty item in {text!r}")
    if names == ["all"]:
        return FORMATS
    unknown = [n for n in names if n not in FORMATS]
    if unknown:
        raise OptionError(
            f"--format: unknown format {unknown[0]!r} (expected some of "
            f"{', '.join(FORMATS)}, or all)"
        )
    return tuple(f for f in FORMATS if f in names)


def _csv_value(value: Any, unit: str) -> Any:
    if unit in ("flag", "check"):
        return show(value, unit)
    return "" if value is None else value


def table_csv(table: Table) -> str:
    """One table as CSV: a header of column keys, raw values (numbers unformatted)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([c.key for c in table.columns])
    for row in table.rows:
        writer.writerow([_csv_value(row.get(c.key), c.unit) for c in table.columns])
    return buffer.getvalue()


def report_files(report: Report, formats: tuple[str, ...]) -> dict[str, str | bytes]:
    """``{file name: contents}`` of the chosen formats (names flat: the folder has no subfolders).

    ``report.html``, ``report.pdf``, ``report.md`` with its plots as ``PLOT.svg``,
    every table as ``table-ID.csv`` (and ``figures.csv``), ``report.xlsx``, ``report.json``.
    """
    from casino_sim.report.par.render import render_html, render_markdown

    files: dict[str, str | bytes] = {}
    if "html" in formats:
        files["report.html"] = render_html(report)
    if "pdf" in formats:
        from casino_sim.report.par.pdf import html_to_pdf

        files["report.pdf"] = html_to_pdf(render_html(report, for_print=True))
    if "md" in formats:
        files["report.md"] = render_markdown(report)
        for plot in report.plots():
            files[f"{plot.id}.svg"] = plot.svg + "\n"
    if "csv" in formats:
        files["figures.csv"] = table_csv(report.figures_table())
        for table in report.tables():
            files[f"table-{table.id}.csv"] = table_csv(table)
    if "xlsx" in formats:
        from casino_sim.report.par.xlsx import workbook_bytes

        files["report.xlsx"] = workbook_bytes(report)
    if "json" in formats:
        files["report.json"] = json.dumps(report.to_record(), indent=2, allow_nan=False) + "\n"
    return files
