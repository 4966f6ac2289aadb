"""The report as HTML and as Markdown, from the Jinja2 templates in ``report/templates/par``.

The HTML is one self-contained page: the stylesheet inline, every plot inline
SVG, nothing fetched, no scripts. Values are shown by
:func:`~casino_sim.report.par.formatting.show` (the ``show`` filter).
"""

from __future__ import annotations

import shlex
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from casino_sim.report.par.family import family_note
from casino_sim.report.par.formatting import interval_of, show

if TYPE_CHECKING:
    import jinja2

    from casino_sim.report.par.model import Report

__all__ = ["render_html", "render_markdown"]


def _cell(text: Any) -> str:
    """Text safe inside a Markdown table cell (no pipes, no line breaks)."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _option(value: Any) -> str:
    """An option's value as the options table shows it: a list comma separated, none as "none".

    >>> _option(["caribbean_stud/standard", "floors/casino"]), _option(None), _option(7)
    ('caribbean_stud/standard, floors/casino', 'none', '7')
    """
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


@cache
def _environment(markup: bool) -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("casino_sim", "report/templates/par"),
        autoescape=markup,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["show"] = show
    env.filters["interval"] = interval_of
    env.filters["cell"] = _cell
    env.filters["option"] = _option
    return env


def _context(report: Report, *, for_print: bool = False) -> dict[str, Any]:
    from casino_sim import __version__
    from casino_sim.report.par.plots import PRINT_DPI

    provenance = report.to_record()["provenance"]
    generated = provenance.get("generated") or datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = provenance.get("command_line") or []
    return {
        "report": report,
        "version": __version__,
        "flags": report.flags(),
        "family_note": family_note(report),
        "generated": generated,
        "command_line": shlex.join(str(c) for c in command),
        "for_print": for_print,
        "print_dpi": PRINT_DPI,
    }


def render_html(report: Report, *, for_print: bool = False) -> str:
    """The report as one self-contained HTML page; ``for_print``: the page the PDF is made
    from (the plots as PNG images, which WeasyPrint draws much faster than inline SVG)."""
    template = _environment(True).get_template("report.html.j2")
    return template.render(_context(report, for_print=for_print))


def render_markdown(report: Report) -> str:
    """The report as Markdown; its plots are referenced as ``PLOT_ID.svg`` beside it."""
    return _environment(False).get_template("report.md.j2").render(_context(report))
