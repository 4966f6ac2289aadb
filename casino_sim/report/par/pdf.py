"""``report.pdf``: the report's HTML laid out for print by WeasyPrint (A4, page numbers).

WeasyPrint reads the inline SVG plots itself and fetches nothing: the page
has no external references, and its fetcher (:func:`_no_fetch`) refuses every
URL but ``data:`` and stops the rendering if one is asked for.

Where the time goes (the bundled casino's 23 pages, 2026-11, idle 2-core machine): about
7 s laying out the text and tables. The plots come as PNG images
(:func:`casino_sim.report.par.render.render_html` with ``for_print``): drawn as the inline
SVG of the HTML page, WeasyPrint parsed every path coordinate in Python and the PDF took
10.8 s instead of 7.
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["html_to_pdf"]


def _no_fetch() -> Any:
    """WeasyPrint's fetcher (it must be one of its ``URLFetcher``): ``data:`` URLs only, and a
    refused URL stops the rendering (WeasyPrint would otherwise leave it out with a warning)."""
    import importlib

    urls = importlib.import_module("weasyprint.urls")
    return urls.URLFetcher(allowed_protocols=("data",), fail_on_errors=True)


def html_to_pdf(html: str) -> bytes:
    """The PDF of one self-contained HTML page (print styles apply)."""
    import importlib

    weasyprint = importlib.import_module("weasyprint")  # untyped: used through Any
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # font-subsetting chatter
    document = weasyprint.HTML(string=html, url_fetcher=_no_fetch(), base_url=".")
    try:
        pdf: bytes = document.write_pdf()
    except weasyprint.urls.FatalURLFetchingError as error:  # a BaseException: made an error
        raise RuntimeError(f"the report fetches nothing: {error}") from None
    return pdf
