"""The report's content as plain data: figures, tables, plots, parts, sections, the report.

Everything a PAR report shows is built here first, from the engines' records,
and only then rendered (HTML, Markdown, PDF, CSV, XLSX, JSON), so every output
shows the same figures. A value is kept raw (a float, an int, text) with its
``unit``, which says how to show it (:mod:`casino_sim.report.par.formatting`).

>>> edge = Figure("house_edge", "house edge", 0.0531, "percent", low=0.0502, high=0.0560,
...               exact=0.052243)
>>> edge.outside_interval, Figure("x", "x", 1.0, "number", low=0.0, high=0.5, exact=0.9).flagged
(False, False)
>>> table = Table("t", "T", (Column("hand", "hand"), Column("pays", "pays", "number")),
...               ({"hand": "royal", "pays": 100},))
>>> table.to_record()["rows"]
[{'hand': 'royal', 'pays': 100}]
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from casino_sim.engine.stats import Estimate
from casino_sim.report.floor import json_ready

__all__ = [
    "Check",
    "Column",
    "Figure",
    "Part",
    "Plot",
    "Report",
    "Section",
    "Stage",
    "Table",
    "Tick",
    "Value",
    "from_estimate",
    "from_interval",
    "quiet_stage",
]

Value = int | float | str | None
"""A raw value of a figure or a table cell."""

UNITS = (
    "text",  # as is
    "count",  # whole number with thousands separators
    "number",  # a number: whole numbers as such, else 4 decimals
    "decimal",  # a number with 8 decimals (probabilities and returns of the return table)
    "money",  # dollars and cents, sign first
    "percent",  # a share shown as a percent, 4 decimals (0.052243 -> 5.2243%)
    "percent2",  # the same, 2 decimals (returns, holds)
    "percent1",  # the same, 1 decimal (occupancy, shares of days)
    "probability",  # a probability in scientific notation
    "one_in",  # odds: the value is N of "1 in N" (649,740 for the royal), never the probability
    "flag",  # True = flagged, False = fine, None = not checked
    "check",  # a rule named by what passing means: True = passes, False = fails, None = not checked
    "by_row",  # each row's own "unit" key says (a comparison: one figure of several kinds a row)
)
"""The units a :class:`Figure` or :class:`Column` may name."""


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Figure:
    """One figure: a value with its unit, its 95% interval when simulated, the exact value
    beside it when one exists (``exact``, with ``exact_text`` such as a fraction), and a note.

    A simulated figure compared with its exact value carries the comparison's ``z``
    and two-sided ``p_value``; ``flag`` is set by the report's family-wise (Holm)
    test over all its comparisons (:mod:`casino_sim.report.par.family`), so
    ``flagged`` is never a 1-in-20 chance per figure. ``outside_interval`` says
    whether the exact value lies outside the figure's own 95% interval.
    """

    key: str
    label: str
    value: Value
    unit: str = "number"
    low: float | None = None
    high: float | None = None
    exact: float | None = None
    exact_text: str = ""
    note: str = ""
    z: float | None = None
    p_value: float | None = None
    flag: bool | None = None

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r} of figure {self.key!r}")

    @property
    def has_interval(self) -> bool:
        return _finite(self.low) and _finite(self.high)

    @property
    def is_comparison(self) -> bool:
        """Is the figure a simulated value tested against an exact one (with a p-value)?"""
        return _finite(self.p_value)

    @property
    def outside_interval(self) -> bool:
        """Is there an exact value, an interval, and the exact value outside it?"""
        if not (self.has_interval and _finite(self.exact)):
            return False
        assert self.low is not None and self.high is not None and self.exact is not None
        return not self.low <= self.exact <= self.high

    @property
    def flagged(self) -> bool:
        """Flagged by the report's family-wise (Holm) test of its comparisons."""
        return self.flag is True

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "unit": self.unit,
        }
        if self.low is not None or self.high is not None:
            record |= {"ci_low": self.low, "ci_high": self.high, "confidence": 0.95}
        if self.exact is not None:
            record |= {"exact": self.exact, "exact_text": self.exact_text or None}
            record["exact_outside_interval"] = self.outside_interval
        if self.is_comparison:
            record |= {"z": self.z, "p_value": self.p_value, "flag_holm": self.flagged}
        if self.note:
            record["note"] = self.note
        return record


@dataclass(frozen=True)
class Check:
    """A rule checked on the figures: passed or not, and what was compared.

    A check that is a statistical test (``p_value`` given, e.g. a chi-square of
    outcome frequencies) is one comparison of the report's Holm family, which
    sets ``passed``.
    """

    label: str
    passed: bool
    detail: str
    p_value: float | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"label": self.label, "passed": self.passed, "detail": self.detail}
        if self.p_value is not None:
            record["p_value"] = self.p_value
        return record


@dataclass(frozen=True)
class Column:
    """A table column: the row key it shows, its heading and its unit."""

    key: str
    label: str
    unit: str = "text"

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r} of column {self.key!r}")


@dataclass(frozen=True)
class Table:
    """A table: ``id`` names its CSV file and XLSX sheet; rows map column keys to raw values."""

    id: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Mapping[str, Any], ...]
    note: str = ""

    def to_record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "columns": [{"key": c.key, "label": c.label, "unit": c.unit} for c in self.columns],
            "rows": [{c.key: row.get(c.key) for c in self.columns} for row in self.rows],
            **({"note": self.note} if self.note else {}),
        }


@dataclass(frozen=True)
class Plot:
    """A plot as SVG markup (inline in the HTML; a file beside the Markdown) and, for print,
    as PNG at :data:`PRINT_DPI` (WeasyPrint draws an inline SVG path by path in Python: the
    PDF of the bundled casino took 3-4 s longer with its plots as SVG)."""

    id: str
    title: str
    svg: str = field(repr=False)
    caption: str = ""
    png: bytes = field(default=b"", repr=False)

    @property
    def png_uri(self) -> str:
        """The PNG as a ``data:`` URI ("" without one: print then uses the SVG)."""
        if not self.png:
            return ""
        return "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")

    def to_record(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "caption": self.caption}


@dataclass(frozen=True)
class Part:
    """A titled part of a section: paragraphs, figures, checks, tables and plots, in that order."""

    id: str
    title: str
    paragraphs: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
    checks: tuple[Check, ...] = ()
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()

    def to_record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "paragraphs": list(self.paragraphs),
            "figures": [f.to_record() for f in self.figures],
            "checks": [c.to_record() for c in self.checks],
            "tables": [t.to_record() for t in self.tables],
            "plots": [p.to_record() for p in self.plots],
        }


@dataclass(frozen=True)
class Section:
    """One reported input (a Caribbean wager, a progressive, a poker table, a floor).

    ``data`` keeps the engines' own records (JSON-ready) for ``report.json``.
    """

    id: str
    kind: str
    title: str
    summary: str
    parts: tuple[Part, ...]
    data: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def figures(self) -> Iterator[Figure]:
        for part in self.parts:
            yield from part.figures

    def tables(self) -> Iterator[Table]:
        for part in self.parts:
            yield from part.tables

    def plots(self) -> Iterator[Plot]:
        for part in self.parts:
            yield from part.plots

    def flags(self) -> list[str]:
        """Every flagged figure, failed check and flagged table row (a comparison flagged by the
        report's Holm test) of the section, as one line each."""
        from casino_sim.report.par.formatting import show

        out = [
            f"{self.title}: {f.label}: simulated {show(f.value, f.unit)} against exact "
            f"{show(f.exact, f.unit)}, z = {f.z or 0:+.2f}, p = {f.p_value or 0:.2g} (flagged by "
            "the Holm test of the report's comparisons)"
            for f in self.figures()
            if f.flagged
        ]
        out += [
            f"{self.title}: {c.label}: {c.detail}"
            for part in self.parts
            for c in part.checks
            if not c.passed
        ]
        out += [
            f"{self.title}: {t.title}: {row.get(t.columns[0].key)}: z = {row.get('z', 0):+.2f}, "
            f"p = {row.get('p_value', 0):.2g} (flagged by the Holm test of the report's "
            "comparisons)"
            for t in self.tables()
            if any(c.key == "p_value" for c in t.columns)
            for row in t.rows
            if row.get("flag") is True
        ]
        return out

    def named(self, name: str) -> Section:
        """The section with every table named after its input: the title says which input
        (``Exact return table (Caribbean Stud: royal 250)``) and the id, which names the CSV file
        and the XLSX sheet, starts with ``name`` (``royal-250-return``) instead of the section's
        id. ``name`` must be unique in the report.

        >>> t = Table("caribbean-2-return", "Exact return table", (Column("a", "a"),), ())
        >>> s = Section("caribbean-2", "caribbean", "Caribbean Stud: royal 250", "", (Part("p", "P",
        ...     tables=(t,)),)).named("royal-250")
        >>> [(t.id, t.title) for t in s.tables()]
        [('royal-250-return', 'Exact return table (Caribbean Stud: royal 250)')]
        """

        def table(t: Table) -> Table:
            suffix = t.id.removeprefix(f"{self.id}-")
            return replace(t, id=f"{name}-{suffix}", title=f"{t.title} ({self.title})")

        parts = tuple(replace(p, tables=tuple(table(t) for t in p.tables)) for p in self.parts)
        return replace(self, parts=parts)

    def to_record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "summary": self.summary,
            "parts": [p.to_record() for p in self.parts],
            "data": self.data,
        }


@dataclass(frozen=True)
class Report:
    """The whole report: headline figures, the sections in order, settings and provenance."""

    title: str
    headline: tuple[Figure, ...]
    sections: tuple[Section, ...]
    settings: Mapping[str, Any]
    provenance: Mapping[str, Any]

    def tables(self) -> Iterator[Table]:
        for section in self.sections:
            yield from section.tables()

    def plots(self) -> Iterator[Plot]:
        for section in self.sections:
            yield from section.plots()

    def flags(self) -> list[str]:
        return [line for section in self.sections for line in section.flags()]

    def comparisons(self) -> int:
        """How many simulated figures are tested against exact values: the family of the
        Holm test (figures, checks and table rows with a p-value)."""
        figures = sum(1 for s in self.sections for f in s.figures() if f.is_comparison)
        checks = sum(
            1 for s in self.sections for p in s.parts for c in p.checks if c.p_value is not None
        )
        rows = sum(
            1
            for table in self.tables()
            if any(c.key == "p_value" for c in table.columns)
            for row in table.rows
            if _finite(row.get("p_value"))
        )
        return figures + checks + rows

    def figures_table(self) -> Table:
        """Every figure of every section as one table (the XLSX's and CSV's ``figures``)."""
        columns = (
            Column("section", "section"),
            Column("part", "part"),
            Column("figure", "figure"),
            Column("value", "value"),
            Column("unit", "unit"),
            Column("ci_low", "95% low"),
            Column("ci_high", "95% high"),
            Column("exact", "exact"),
            Column("exact_text", "exact (as a fraction)"),
            Column("z", "z", "number"),
            Column("p_value", "p (two-sided)", "probability"),
            Column("flag", "flag (Holm, family-wise 5%)", "flag"),
            Column("note", "note"),
        )
        rows = [
            {
                "section": section.title,
                "part": part.title,
                "figure": figure.label,
                "value": figure.value,
                "unit": figure.unit,
                "ci_low": figure.low,
                "ci_high": figure.high,
                "exact": figure.exact,
                "exact_text": figure.exact_text,
                "z": figure.z,
                "p_value": figure.p_value,
                "flag": figure.flagged if figure.is_comparison else None,
                "note": figure.note,
            }
            for section in self.sections
            for part in section.parts
            for figure in part.figures
        ]
        return Table("figures", "Every figure", columns, tuple(rows))

    def to_record(self) -> dict[str, Any]:
        """Every figure as strict JSON data (NaN and infinities as null)."""
        record = {
            "title": self.title,
            "headline": [f.to_record() for f in self.headline],
            "flags": self.flags(),
            "settings": dict(self.settings),
            "sections": [s.to_record() for s in self.sections],
            "provenance": dict(self.provenance),
        }
        ready: dict[str, Any] = json_ready(record)
        return ready


Tick = Callable[[int], None]
"""Called with the amount of work just done (hands, replications)."""
Stage = Callable[[str, int, str], AbstractContextManager[Tick]]
"""``stage(description, total, unit)``: a context giving the :data:`Tick` of one long step
(the CLI shows a progress bar; the library default does nothing)."""


@contextmanager
def quiet_stage(description: str, total: int, unit: str) -> Iterator[Tick]:
    """A :data:`Stage` that shows nothing."""
    yield lambda done: None


def from_estimate(
    key: str,
    label: str,
    estimate: Estimate,
    unit: str,
    *,
    exact: float | Fraction | None = None,
    exact_text: str | None = None,
    note: str = "",
) -> Figure:
    """A Monte Carlo :class:`~casino_sim.engine.stats.Estimate` as a figure with its interval
    (Wilson for a :class:`~casino_sim.engine.stats.Proportion`), beside the exact value when
    there is one, with the comparison's z and two-sided p-value (a Fraction keeps its exact
    text unless ``exact_text`` says it another way).

    >>> from casino_sim.engine.stats import Proportion
    >>> f = from_estimate("q", "dealer qualifies", Proportion.of(563, 1000), "percent",
    ...                   exact=Fraction(205, 364))
    >>> f.exact_text, round(f.z, 3), round(f.p_value, 3), f.is_comparison
    ('205/364', -0.012, 0.99, True)
    """
    from casino_sim.engine.stats import normal_p_value

    interval = estimate.interval
    if exact_text is None:
        exact_text = str(exact) if isinstance(exact, Fraction) and exact.denominator != 1 else ""
    z = p = None
    if exact is not None and _finite(estimate.standard_error) and _finite(estimate.estimate):
        z = estimate.z_score(float(exact))
        p = normal_p_value(z)
    return Figure(
        key,
        label,
        estimate.estimate,
        unit,
        low=interval.low,
        high=interval.high,
        exact=None if exact is None else float(exact),
        exact_text=exact_text,
        note=note,
        z=z,
        p_value=p,
    )


def from_interval(
    key: str,
    label: str,
    figure: Mapping[str, Any],
    unit: str,
    *,
    scale: float = 1.0,
    exact: float | None = None,
    note: str = "",
) -> Figure:
    """A floor figure (``{"mean", "low", "high", "se", "n"}`` across replications) times
    ``scale``; beside ``exact`` its z, (mean - exact) / se, with Student's t p-value on n - 1
    degrees of freedom."""
    from casino_sim.engine.stats import t_p_value

    def scaled(part: str) -> float | None:
        value = figure.get(part)
        return float(value) * scale if isinstance(value, int | float) and _finite(value) else None

    mean, se, n = scaled("mean"), scaled("se"), figure.get("n") or 0
    z = p = None
    if exact is not None and mean is not None and se is not None and n >= 2:
        z = (mean - exact) / se if se > 0 else (0.0 if mean == exact else math.inf)
        p = t_p_value(z, n - 1) if se > 0 else (1.0 if mean == exact else 0.0)
    return Figure(
        key,
        label,
        mean,
        unit,
        low=scaled("low"),
        high=scaled("high"),
        exact=exact,
        note=note,
        z=z,
        p_value=p,
    )
