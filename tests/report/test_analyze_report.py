"""``casino-sim analyze --report DIR``: the PAR report of one paytable, exact figures only.

The report goes through the one report pipeline (:mod:`casino_sim.report.par`):
the files of ``casino-sim report`` (``--format`` as there), analyze's strategy,
side bet and antes, no Monte Carlo and so no seed, and the folder rules of
``--out`` (a folder the tool did not write is refused; ``--force`` replaces an
earlier report and keeps the user's files).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from casino_sim.cli import main
from casino_sim.config import load_paytable
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

MANIFEST = ".casino-sim-manifest.json"


def _report(folder: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((folder / "report.json").read_text())
    return loaded


def _headline(record: dict[str, Any], key: str) -> dict[str, Any]:
    (found,) = [f for f in record["headline"] if f["key"].endswith(f".{key}")]
    return found


def test_the_report_holds_analyzes_exact_figures(tmp_path, capsys):
    folder, analysis = tmp_path / "standard", tmp_path / "analysis.json"
    args = ["analyze", "caribbean_stud/standard", "--progressive", "progressives/50-75-100",
            "--json", str(analysis), "--report", str(folder), "--format", "md,json"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"Report written to {folder}/ (report.md and " in out
    names = sorted(p.name for p in folder.iterdir())
    assert names == [MANIFEST, "caribbean-1-return-plot.svg", "progressive-1-return-plot.svg",
                     "report.json", "report.md"]  # fmt: skip
    printed = json.loads(analysis.read_text())
    record = _report(folder)
    edge = _headline(record, "house_edge")
    exact = Fraction(printed["analyses"][0]["house_edge_exact"])
    assert Fraction(edge["exact_text"]) == exact == Fraction(1_041_372_912_372, 19_933_230_517_200)
    assert edge["value"] == printed["analyses"][0]["house_edge"]
    side = _headline(record, "long_run_return")
    assert side["value"] == printed["progressive"]["long_run_return"]
    assert [s["kind"] for s in record["sections"]] == ["caribbean", "progressive"]
    parts = [p["id"] for s in record["sections"] for p in s["parts"]]
    assert not [p for p in parts if "montecarlo" in p]  # exact only: no simulation...
    assert record["provenance"]["seed"] is None and record["settings"] == {}  # ...so no seed
    options = record["provenance"]["parameters"]
    assert options["command"] == "analyze" and options.get("seed") is None  # (a sampled leak's)
    assert options["inputs"] == ["caribbean_stud/standard"]
    text = (folder / "report.md").read_text()
    assert "exact figures only" in text and "5.2243%" in text and "$263,205.26" in text
    assert "![Return by outcome](caribbean-1-return-plot.svg)" in text


def test_antes_and_strategy_map_onto_the_report(tmp_path):
    """The first ante is the figures' ante; several are the edge by ante (smallest first)."""
    folder = tmp_path / "capped"
    args = ["analyze", "caribbean_stud/capped-5000", "--strategy", "pair-or-better",
            "--ante", "250", "5", "100", "--report", str(folder), "--format", "json"]  # fmt: skip
    assert main(args) == 0
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "report.json"]
    section = _report(folder)["sections"][0]
    capped = load_paytable("caribbean_stud/capped-5000")
    at_250 = analyze_caribbean(capped, "pair-or-better", ante=250)
    assert section["data"]["analysis"]["ante"] == "250"
    assert Fraction(section["data"]["analysis"]["house_edge_exact"]) == at_250.house_edge
    assert [a["ante"] for a in section["data"]["by_ante"]] == ["5", "100", "250"]
    assert section["data"]["analysis"]["strategy"] == "pair-or-better"


def test_the_options_recorded_are_those_used(tmp_path):
    """A capped paytable without --ante is analysed at $5 to $500; every format by default."""
    folder = tmp_path / "capped"
    assert main(["analyze", "caribbean_stud/capped-5000", "--report", str(folder)]) == 0
    record = _report(folder)
    options = record["provenance"]["parameters"]
    assert options["ante"] == ["5", "10", "25", "50", "100", "250", "500"]
    assert options["format"] == "html,pdf,md,csv,xlsx,json"
    assert {"report.html", "report.pdf", "report.xlsx", "figures.csv"} <= {
        p.name for p in folder.iterdir()
    }
    data = record["sections"][0]["data"]
    assert data["analysis"]["ante"] == "5"
    assert [a["ante"] for a in data["by_ante"]] == options["ante"]


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("casino-sim: error:"), err
    assert "Traceback" not in err
    return lines[0]


def test_the_folder_rules_are_those_of_report_out(tmp_path, capsys):
    folder = tmp_path / "reports" / "standard"
    folder.parent.mkdir()
    assert main(["analyze", "--report", str(folder), "--format", "md"]) == 0
    first = sorted(p.name for p in folder.iterdir())
    assert "report.md" in first and "report.json" not in first
    capsys.readouterr()
    assert main(["analyze", "--report", str(folder), "--format", "json"]) == 2  # an earlier
    assert str(folder) in _one_line_error(capsys)  # report is refused, like a file...
    assert main(["analyze", "--report", str(folder), "--format", "json", "--force"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "report.json"]  # ...replaced
    assert [p.name for p in folder.parent.iterdir()] == ["standard"]  # no staging folder left
    (folder / "notes.txt").write_text("the user's own file")
    capsys.readouterr()
    assert main(["analyze", "--report", str(folder), "--format", "json"]) == 2
    assert "notes.txt" in _one_line_error(capsys)  # a folder the tool did not write: refused
    assert main(["analyze", "--report", str(folder), "--format", "json", "--force"]) == 0
    assert (folder / "notes.txt").read_text() == "the user's own file"  # forced: kept


def test_a_folder_of_the_users_is_refused_before_the_work(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.tex").write_text("the user's")
    assert main(["analyze", "--report", str(folder)]) == 2
    assert "thesis.tex" in _one_line_error(capsys)
    assert capsys.readouterr().out == ""  # refused before any analysis was printed
    assert sorted(p.name for p in folder.iterdir()) == ["thesis.tex"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--format", "md"], "--format: the formats of --report DIR; give --report too"),
        (["--report", "r", "--format", "md,docx"], "--format: unknown format 'docx'"),
        (["--report", "r", "--format", "md,"], "--format: empty item"),
    ],
)
def test_bad_formats_give_one_line_and_status_2(args, needle, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["analyze", *args]) == 2
    assert needle in _one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []


def test_a_strategy_file_is_played_and_recorded(tmp_path, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])  # examples/ of the repository
    folder = tmp_path / "simple"
    args = ["analyze", "--strategy", "examples/wizard_simple.yaml", "--report", str(folder),
            "--format", "json"]  # fmt: skip
    assert main(args) == 0
    record = _report(folder)
    assert record["provenance"]["inputs"]["--strategy"]["path"] == "examples/wizard_simple.yaml"
    assert record["sections"][0]["data"]["analysis"]["strategy"] == "Wizard of Odds simple strategy"
