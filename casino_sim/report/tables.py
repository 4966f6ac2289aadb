"""Plain-text tables for the terminal (aligned columns, numbers right-aligned), money and percents.

>>> print(text_table(["a", "n"], [["x", "1"], ["yy", "22"]]))
a    n
x    1
yy  22
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, gap: int = 2) -> str:
    """Left-align the first column, right-align the others."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(row[0]).ljust(widths[0])]
        cells += [str(cell).rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append((" " * gap).join(cells).rstrip())
    return "\n".join(lines)


def percent(value: float | Fraction, digits: int = 4) -> str:
    """``0.052243`` -> ``'5.2243%'``."""
    return f"{100 * float(value):.{digits}f}%"


def money(value: Fraction | int) -> str:
    """``Fraction(5000)`` -> ``'$5,000'``; cents shown only when there are any; sign first.

    >>> money(Fraction(5000)), money(Fraction(1, 3)), money(Fraction(-899780, 100))
    ('$5,000', '$0.33', '-$8,997.80')
    """
    exact = Fraction(value)
    sign, size = ("-" if exact < 0 else ""), abs(exact)
    return sign + (f"${int(size):,}" if size.denominator == 1 else f"${float(size):,.2f}")
