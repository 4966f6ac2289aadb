"""``report.xlsx``: one workbook, one sheet per table (numbers stay numbers), plus every figure
and the provenance, written by openpyxl.

A spreadsheet number is a double, and Excel keeps 15 significant digits, so an
integer of 16 digits or more (a 19-digit seed) would come back rounded: such an
integer is written as text, digit for digit, and every smaller one as a number.

>>> _cell(7164217481614630268), _cell(19_933_230_517_200), _cell(True)
('7164217481614630268', 19933230517200, True)
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from casino_sim.report.par.model import Report, Table

__all__ = ["EXACT_NUMBER_LIMIT", "sheet_names", "workbook_bytes"]

_BAD = re.compile(r"[\[\]:*?/\\]")


def sheet_names(ids: Iterable[str]) -> list[str]:
    """Sheet names for table ids: at most 31 characters, no ``[]:*?/\\``, all different.

    >>> sheet_names(["royal-250-return", "x" * 40, "x" * 40])
    ['royal-250-return', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx~2']
    """
    out: list[str] = []
    for raw in ids:
        name = _BAD.sub("-", raw)[:31] or "sheet"
        number = 1
        while name.lower() in (n.lower() for n in out):
            number += 1
            suffix = f"~{number}"
            name = _BAD.sub("-", raw)[: 31 - len(suffix)] + suffix
        out.append(name)
    return out


#: The largest integer written as a spreadsheet number: Excel keeps 15 significant digits.
EXACT_NUMBER_LIMIT = 10**15 - 1


def _cell(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > EXACT_NUMBER_LIMIT:
        return str(value)  # a number would be rounded to a double: keep every digit as text
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _write(sheet: Any, table: Table) -> None:
    sheet.append([table.title])
    sheet.append([c.label for c in table.columns])
    for row in table.rows:
        sheet.append([_cell(row.get(c.key)) for c in table.columns])
    if table.note:
        sheet.append([])
        sheet.append([table.note])


def workbook_bytes(report: Report) -> bytes:
    """The workbook: ``figures`` (every figure with its interval and exact value), one sheet
    per table in report order (row 1 the title, row 2 the headings), ``provenance``."""
    import importlib

    openpyxl = importlib.import_module("openpyxl")  # untyped: used through Any
    book = openpyxl.Workbook(write_only=True)
    tables = [report.figures_table(), *report.tables()]
    for table, name in zip(tables, sheet_names(t.id for t in tables), strict=True):
        _write(book.create_sheet(name), table)
    provenance = book.create_sheet("provenance")
    provenance.append(["title", report.title])
    for key, value in report.to_record()["provenance"].items():
        text = value if isinstance(value, str | int | float) else json.dumps(value)
        provenance.append([key, _cell(text)])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
