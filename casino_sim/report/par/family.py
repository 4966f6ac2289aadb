"""The report's comparisons as one family: Holm's test flags, never a 1-in-20 chance per figure.

A report compares a dozen or more simulated figures with exact values (house
edge, element of risk, hit, raise and dealer-qualification frequencies, the
chi-square of the outcome frequencies, the side-bet return, each award's hits,
a floor's measured edge against its theoretical one). Flagging each one whose
exact value lies outside its own 95% interval would flag a sound report about
half the time (1 - 0.95^13 = 49%). Here every comparison carries its z and its
two-sided p-value, and the report flags by Holm's step-down procedure at a
family-wise level of 5% (:data:`casino_sim.engine.stats.FAMILY_ALPHA`): when
every simulation is right, the chance that the report shows any flag at all is
at most 5%, whatever the dependence between the comparisons. A comparison is

* a :class:`~casino_sim.report.par.model.Figure` with a ``p_value``: its ``flag``;
* a :class:`~casino_sim.report.par.model.Check` with a ``p_value``: its ``passed``;
* a table row with a ``p_value`` key in a table with a ``p_value`` column: its ``flag``.

>>> from casino_sim.report.par.model import Figure, Part, Section
>>> figures = tuple(Figure(k, k, 0.1, p_value=p) for k, p in (("a", 0.03), ("b", 1e-4),
...                                                             ("c", 0.5)))
>>> section = Section("s", "caribbean", "S", "", (Part("p", "P", figures=figures),))
>>> [f.flagged for f in apply_holm([section])[0].figures()]  # 0.03 alone would flag at 5%
[False, True, False]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from casino_sim.engine.stats import FAMILY_ALPHA, holm
from casino_sim.report.par.model import Part, Report, Section, Table

__all__ = ["apply_holm", "family_note"]


def _tested(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _rows_tested(table: Table) -> bool:
    return any(c.key == "p_value" for c in table.columns)


def apply_holm(sections: Sequence[Section], *, alpha: float = FAMILY_ALPHA) -> list[Section]:
    """The sections with every comparison's flag set by Holm's test over all of them."""
    p_values: list[float] = []
    for section in sections:
        for part in section.parts:
            p_values += [float(f.p_value or 0) for f in part.figures if _tested(f.p_value)]
            p_values += [float(c.p_value or 0) for c in part.checks if _tested(c.p_value)]
            p_values += [
                float(row["p_value"])
                for table in part.tables
                if _rows_tested(table)
                for row in table.rows
                if _tested(row.get("p_value"))
            ]
    flags = iter(holm(p_values, alpha=alpha))

    def part_of(part: Part) -> Part:
        figures = tuple(
            replace(f, flag=next(flags)) if _tested(f.p_value) else f for f in part.figures
        )
        checks = tuple(
            replace(c, passed=not next(flags)) if _tested(c.p_value) else c for c in part.checks
        )
        tables = []
        for table in part.tables:
            if _rows_tested(table):
                rows = tuple(
                    {**row, "flag": next(flags)} if _tested(row.get("p_value")) else row
                    for row in table.rows
                )
                table = replace(table, rows=rows)
            tables.append(table)
        return replace(part, figures=figures, checks=checks, tables=tuple(tables))

    return [replace(s, parts=tuple(part_of(p) for p in s.parts)) for s in sections]


def family_note(report: Report, *, alpha: float = FAMILY_ALPHA) -> str:
    """The sentence under the report's flags: how many comparisons, and what a flag means."""
    m = report.comparisons()
    rules = (
        "A rule of the games' economics (the 1-in-100-million award rule, a long-run return "
        "under 100%, a meter never below its seed) is a flag whenever it is broken."
    )
    if m == 0:
        return f"No simulated figure is tested against an exact value. {rules}"
    return (
        f"{m} simulated figure(s) are tested against their exact values, each with its z and "
        f"two-sided p-value. A comparison is flagged by Holm's step-down test at a family-wise "
        f"level of {alpha:.0%}: when every simulation is right, the report shows any such flag at "
        f"most {alpha:.0%} of the time (flagging each exact value outside its own 95% interval "
        f"would do so {1 - (1 - alpha) ** m:.0%} of the time). {rules}"
    )
