"""``report.pdf``: the report's HTML laid out for print by WeasyPrint (A4, page numbers).

WeasyPrint reads the inline SVG plots itself and fetches nothing: the page
has no external references (a fetch would be refused by :func:`_no_fetch`).
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["html_to_pdf"]


def _no_fetch(url: str, *args: Any, **kwargs: Any) -> Any:
    raise ValueError(f"the report fetches nothing, not even {url}")


def html_to_pdf(html: str) -> bytes:
    """The PDF of one self-contained HTML page (print styles apply)."""
    import importlib

    weasyprint = importlib.import_module("weasyprint")  # untyped: used through Any
    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # font-subsetting chatter
    document = weasyprint.HTML(string=html, url_fetcher=_no_fetch, base_url=".")
    pdf: bytes = document.write_pdf()
    return pdf
