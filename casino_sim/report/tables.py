"""Plain-text tables for the terminal: aligned columns, numbers right-aligned.

>>> print(text_table(["a", "n"], [["x", "1"], ["yy", "22"]]))
a    n
x    1
yy  22
"""

from __future__ import annotations

from collections.abc import Sequence


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, gap: int = 2) -> str:
    """Left-align the first column, right-align the others."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(row[0]).ljust(widths[0])]
        cells += [str(cell).rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append((" " * gap).join(cells).rstrip())
    return "\n".join(lines)


def percent(value: float, digits: int = 4) -> str:
    """``0.052243`` -> ``'5.2243%'``."""
    return f"{100 * float(value):.{digits}f}%"
