"""The committed default report (reports/default/) is current, checked without building it again.

``python reports/regenerate.py`` writes report.html, report.pdf and report.json
there with MANIFEST.json. The copy is current when it was made by that script
with its fixed seed, by this casino_sim version, from today's shipped inputs,
templates and report code, and its exact figures equal a fresh exact analysis.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import casino_sim
from casino_sim.config import load_paytable, load_progressive
from casino_sim.config.library import resolve_input, shipped_files, shipped_name
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.report.par.inputs import DEFAULT_INPUTS, DEFAULT_PROGRESSIVE, DEFAULT_VARIANT

SCRIPT = Path(__file__).resolve().parents[2] / "reports" / "regenerate.py"
STALE = "reports/default/ is out of date: run `python reports/regenerate.py`"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("regenerate_reports", SCRIPT)
    assert spec and spec.loader, f"no script {SCRIPT}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


regenerate = _script()
FOLDER: Path = regenerate.DEFAULT


@pytest.fixture(scope="session")
def manifest() -> dict[str, Any]:
    path = FOLDER / regenerate.MANIFEST
    assert path.is_file(), f"no {path}: run `python reports/regenerate.py`"
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


@pytest.fixture(scope="session")
def record() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FOLDER / "report.json").read_text())
    return loaded


def _headline(record: dict[str, Any], key: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [f for f in record["headline"] if f["key"].endswith(f".{key}")]
    assert len(found) == 1, f"report.json has no single headline figure {key}"
    return found[0]


def test_the_copy_is_what_the_script_wrote(manifest, record):
    assert manifest["command"] == " ".join(regenerate.COMMAND) == "casino-sim report --seed 2026"
    assert manifest["seed"] == record["provenance"]["seed"] == 2026
    assert record["provenance"]["command_line"] == list(regenerate.COMMAND)
    assert record["provenance"]["parameters"]["inputs"] == list(
        DEFAULT_INPUTS
    )  # the bundled casino
    for name in regenerate.COPIED:  # whole files, as copied, not edited since
        assert regenerate.file_sha256(FOLDER / name) == manifest["files"][name], name


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [text for item in value for text in _strings(item)] if isinstance(value, list) else []


def test_names_no_path_of_the_machine_that_made_it(record):
    inputs = [item["path"] for item in record["provenance"]["inputs"].values()]
    assert [n for n in inputs if shipped_name(resolve_input(n)) != n] == [], STALE
    # no text of report.json is an absolute path (the inputs, the sections' data, the options)
    assert [t for t in _strings(record) if os.path.isabs(t)] == [], STALE


def test_every_shipped_file_names_its_public_source():
    """A ``source:`` names a public rule book or document, not an issue of this project."""
    sources = {
        shipped_name(path): re.search(r"^source:\s*(.+)$", path.read_text(), re.MULTILINE)
        for path in shipped_files()
    }
    assert [name for name, found in sources.items() if found is None] == []
    cited = [n for n, found in sources.items() if found and re.search(r"issue\s*#", found[1])]
    assert cited == []


def test_made_by_this_version(manifest, record):
    assert record["provenance"]["casino_sim_version"] == casino_sim.__version__, STALE
    assert manifest["casino_sim_version"] == casino_sim.__version__, STALE


def test_made_from_todays_inputs(manifest, record):
    inputs: dict[str, str] = manifest["inputs"]
    assert set(inputs.values()) == {i["sha256"] for i in record["provenance"]["inputs"].values()}
    defaults = {*DEFAULT_INPUTS, DEFAULT_PROGRESSIVE, DEFAULT_VARIANT}
    assert defaults <= set(inputs), STALE  # the default casino's inputs are the ones reported
    changed = [n for n, sha in inputs.items() if regenerate.file_sha256(resolve_input(n)) != sha]
    assert changed == [], f"{STALE} (inputs changed since)"


def test_made_from_todays_templates_and_report_code(manifest):
    assert manifest["sources"] == regenerate.source_hashes(), STALE


def test_exact_figures_equal_a_fresh_analysis(record):
    edge = analyze_caribbean(load_paytable("caribbean_stud/standard"), "optimal").house_edge
    side = analyze_progressive(load_progressive(DEFAULT_PROGRESSIVE)).long_run_return
    assert edge == Fraction(1_041_372_912_372, 19_933_230_517_200)
    reported_edge = _headline(record, "house_edge")
    assert Fraction(reported_edge["exact_text"]) == edge, STALE
    assert reported_edge["value"] == float(edge)
    reported_side = _headline(record, "long_run_return")
    assert Fraction(reported_side["exact_text"]) == side, STALE
    assert reported_side["value"] == float(side)


def test_html_and_pdf_show_the_headline():
    from pypdf import PdfReader

    html = (FOLDER / "report.html").read_text()
    pdf = PdfReader(FOLDER / "report.pdf")
    text = "\n".join(page.extract_text() for page in pdf.pages)
    side = analyze_progressive(load_progressive(DEFAULT_PROGRESSIVE)).long_run_return
    headline = ("5.2243%", f"{100 * float(side):.2f}%", "2026")  # house edge, long-run return, seed
    assert [figure for figure in headline if figure not in html] == []
    assert [figure for figure in headline if figure not in text] == []
    assert len(pdf.pages) > 1


# --- the committed `casino-sim analyze --report` examples (reports/standard/) ----------------


@pytest.mark.parametrize("name", sorted(regenerate.ANALYZE_EXAMPLES))
def test_each_analyze_example_is_current(name):
    """reports/NAME/ holds exactly what its command wrote (one pipeline: the PAR report, exact
    figures only), made by this version from today's inputs, templates and report code, and
    its exact figures equal a fresh analysis."""
    stale = f"reports/{name}/ is out of date: run `python reports/regenerate.py {name}`"
    folder = regenerate.HERE / name
    manifest = json.loads((folder / regenerate.MANIFEST).read_text())
    record = json.loads((folder / "report.json").read_text())
    command = regenerate.ANALYZE_EXAMPLES[name]
    assert manifest["command"] == " ".join(command), stale
    assert record["provenance"]["command_line"] == list(command), stale
    assert record["provenance"]["seed"] is None and manifest["seed"] is None  # exact only
    files = sorted(p.name for p in folder.iterdir())
    assert files == sorted([*manifest["files"], regenerate.MANIFEST]), stale
    assert {
        n for n, sha in manifest["files"].items() if regenerate.file_sha256(folder / n) != sha
    } == set()
    assert manifest["casino_sim_version"] == casino_sim.__version__, stale
    assert record["provenance"]["casino_sim_version"] == casino_sim.__version__, stale
    changed = [
        n
        for n, sha in manifest["inputs"].items()
        if regenerate.file_sha256(resolve_input(n)) != sha
    ]
    assert changed == [], f"{stale} (inputs changed since)"
    assert manifest["sources"] == regenerate.source_hashes(), stale
    assert [t for t in _strings(record) if os.path.isabs(t)] == [], stale
    data = record["sections"][0]["data"]
    ante = data["analysis"]["ante"]
    fresh = analyze_caribbean(
        load_paytable(data["paytable"]),
        record["provenance"]["parameters"]["strategy"],
        ante=None if ante is None else Fraction(ante),
    )
    assert Fraction(_headline(record, "house_edge")["exact_text"]) == fresh.house_edge, stale
