"""report.html in a real browser: headless Chromium (Playwright) opens the file and looks.

One small report (built once for the session, shared with the PAR report's checks:
tests/report/conftest.py) is opened; the page must load without a console error, a
page error or a failed request, fetch nothing but itself, draw every figure at a
non-zero size, hold every table ``report.json`` lists, resolve every in-page link
of its table of contents, and print to a PDF of several pages. A full-page
screenshot and the printed PDF are kept in ``tests/report/artifacts/``.
"""

from __future__ import annotations

import io
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

_LOOK = """() => {
  const size = (e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  const count = (id) => ids.filter((i) => i === id).length;
  const drawings = [...document.querySelectorAll('svg, img')]
    .filter((e) => !e.parentElement.closest('svg'))
    .map((e) => ({where: (e.closest('[id]') || {}).id || '', size: size(e),
                  decoded: e.tagName === 'IMG' ? e.naturalWidth : 1}));
  const plots = [...document.querySelectorAll('figure.plot')].map((f) => ({
    id: f.id, drawn: f.querySelector('svg, img') !== null, size: size(f)}));
  const tables = [...document.querySelectorAll('table')].map((t) => ({
    id: t.dataset.table || '', rows: t.querySelectorAll('tbody tr').length, size: size(t)}));
  const links = [...document.querySelectorAll('a[href^="#"]')].map((a) => {
    const target = decodeURIComponent(a.getAttribute('href').slice(1));
    return {target, text: a.textContent.trim(), in_toc: a.closest('nav') !== null,
            matches: count(target)};
  });
  return {drawings, plots, tables, links, title: document.title,
          headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent.trim())};
}"""


@dataclass(frozen=True)
class Built:
    """The report folder built for the browser test, and what its report.json lists."""

    folder: Path
    record: dict[str, Any]

    @property
    def html(self) -> Path:
        return self.folder / "report.html"

    def table_ids(self) -> list[str]:
        return [t["id"] for s in self.record["sections"] for p in s["parts"] for t in p["tables"]]

    def plot_ids(self) -> list[str]:
        return [g["id"] for s in self.record["sections"] for p in s["parts"] for g in p["plots"]]


@pytest.fixture(scope="session")
def built(default_report: tuple[Path, str, dict[str, Any]]) -> Built:
    """The small default report (tests/report/conftest.py), the one the PAR checks read."""
    folder, _, record = default_report
    return Built(folder, record)


def _keep(data: bytes, path: Path) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file beside it, then renamed)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a whole PNG (signature, IHDR first, IEND last), in pixels."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG"
    assert data[12:16] == b"IHDR", "a PNG's first chunk is IHDR"
    assert data.endswith(b"IEND\xaeB`\x82"), "a PNG ends with IEND (a cut file does not)"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="session")
def looked(built: Built, browser: Browser, artifacts: Path) -> dict[str, Any]:
    """Open report.html in Chromium; what happened while loading, what the page holds."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    console: list[str] = []
    page_errors: list[str] = []
    failed: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("request", lambda r: requests.append(r.url))
    url = built.html.resolve().as_uri()
    response = page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    looked: dict[str, Any] = page.evaluate(_LOOK)
    # What the browser returned is checked as bytes; the kept copies are written whole (a
    # temporary file renamed), so another run writing the same artifact never leaves half a file.
    screenshot = page.screenshot(full_page=True)
    _keep(screenshot, artifacts / "report.png")
    printed = page.pdf(format="A4", print_background=True)
    _keep(printed, artifacts / "report-printed.pdf")
    page.close()
    return looked | {
        "url": url,
        "status": response.status if response else None,
        "console": console,
        "page_errors": page_errors,
        "failed": failed,
        "requests": requests,
        "screenshot": screenshot,
        "printed": printed,
    }


def test_the_page_loads_clean_and_self_contained(looked):
    assert looked["status"] in (None, 200)
    assert looked["console"] == [], "console messages"
    assert looked["page_errors"] == [], "uncaught page errors"
    assert looked["failed"] == [], "failed requests"
    # Self-contained: the file itself and data: URIs, nothing fetched from anywhere else.
    assert [u for u in looked["requests"] if u != looked["url"] and not u.startswith("data:")] == []


def test_every_section_is_there(looked, built):
    assert looked["title"] == built.record["title"]
    kinds = [section["kind"] for section in built.record["sections"]]
    assert {"caribbean", "progressive", "poker", "floor"} <= set(kinds)
    titles = [section["title"] for section in built.record["sections"]]
    assert [title for title in titles if title not in looked["headings"]] == []
    assert "Provenance" in looked["headings"]


def test_every_figure_is_drawn(looked, built):
    assert looked["drawings"], "no <svg> or <img> on the page"
    blank = [d for d in looked["drawings"] if min(d["size"]) <= 0 or d["decoded"] <= 0]
    assert blank == [], "figures drawn at zero size (or images not decoded)"
    # Every plot report.json lists is on the page, holding its drawing.
    plots = {p["id"]: p for p in looked["plots"]}
    assert sorted(plots) == sorted(built.plot_ids())
    assert [p for p in plots.values() if not p["drawn"] or min(p["size"]) <= 0] == []
    assert len(plots) >= 4  # the default casino: return table, progressive, pot sizes, floor


def test_every_table_is_there(looked, built):
    expected = built.table_ids()
    on_page = [t["id"] for t in looked["tables"]]
    assert [i for i in expected if i not in on_page] == [], "tables of report.json not on the page"
    assert {"provenance", "inputs"} <= set(on_page)
    assert [t for t in looked["tables"] if t["rows"] == 0 or min(t["size"]) <= 0] == []
    # The headline figures table: one row per headline figure.
    assert len(built.record["headline"]) >= 4


def test_table_of_contents_links_resolve(looked, built):
    toc = [link for link in looked["links"] if link["in_toc"]]
    sections = [section["id"] for section in built.record["sections"]]
    assert [s for s in sections if s not in {link["target"] for link in toc}] == []
    # Every in-page link lands on exactly one element (not none, not one of two).
    ambiguous = {
        link["target"]: link["matches"] for link in looked["links"] if link["matches"] != 1
    }
    assert ambiguous == {}, "link target: how many elements carry that id"


def test_screenshot_and_printed_pdf(looked, artifacts):
    from pypdf import PdfReader

    # A full-page screenshot: the viewport's width, the whole page's height (several screens).
    png = looked["screenshot"]
    width, height = _png_size(png)
    assert width == 1280 and height > 2 * 900 and len(png) > 10_000
    # The kept copy is a whole PNG of the same page (compared by size, not bytes: another run
    # of this test in the same checkout may have written it since, from its own rendering).
    assert _png_size((artifacts / "report.png").read_bytes()) == (width, height)
    printed = PdfReader(io.BytesIO(looked["printed"]))
    assert len(printed.pages) > 1
    assert "5.2243%" in printed.pages[0].extract_text() + printed.pages[1].extract_text()
    kept = PdfReader(artifacts / "report-printed.pdf")
    assert len(kept.pages) == len(printed.pages)
