"""``casino-sim report``: one folder, every format, the exact figures, the flags, bad input.

Small sizes throughout (1 day, 2 replications, 20,000 hands): the full-size run
is timed by hand (docs/report.md), not here.
"""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_progressive
from casino_sim.engine.files import MANIFEST
from casino_sim.report.par.inputs import ProgressiveInput, read_inputs
from casino_sim.report.par.progressive import meets_award_rule, progressive_section
from casino_sim.report.par.xlsx import sheet_names

SMALL = ["--days", "1", "--replications", "2", "--hands", "20000", "--workers", "2", "--quiet"]
STRATEGY_FILE = Path(__file__).resolve().parents[2] / "examples" / "wizard_simple.yaml"
KINDS = ["caribbean", "progressive", "poker", "floor"]


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    """The default report (the bundled casino), small, every format; its stdout and JSON."""
    out = tmp_path_factory.mktemp("report") / "casino-sim-report"
    with pytest.MonkeyPatch.context() as patch:
        lines: list[str] = []
        patch.setattr("builtins.print", lambda *a, **k: lines.append(" ".join(map(str, a))))
        status = main(["report", *SMALL, "--seed", "7", "--out", str(out)])
    assert status == 0
    record = json.loads((out / "report.json").read_text(), parse_constant=_no_nan)
    return out, "\n".join(lines), record


def _no_nan(name):
    raise AssertionError(f"report.json holds {name}")


def _figure(record, kind, key, part=None):
    for section in record["sections"]:
        if section["kind"] != kind:
            continue
        for p in section["parts"]:
            if part is not None and not p["id"].endswith(part):
                continue
            for figure in p["figures"]:
                if figure["key"] == key:
                    return figure
    raise KeyError(f"{kind}: {key}")


def _run(capsys, *args):
    try:
        status = main(["report", *args])
    except SystemExit as stop:  # argparse's errors
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- the default report ---------------------------------------------------------------------


def test_prints_where_and_the_headline(full):
    out, stdout, _ = full
    assert f"Report written to {out}/" in stdout
    for words in (
        "house edge",
        "progressive long-run return",
        "rake per hand",
        "floor win per day",
        "Seed 7",
    ):
        assert words in stdout


def test_writes_every_format_into_one_folder(full):
    out, _, record = full
    names = {p.name for p in out.iterdir()}
    assert {
        "report.html",
        "report.pdf",
        "report.md",
        "report.xlsx",
        "report.json",
        "figures.csv",
        MANIFEST,
    } <= names
    tables = [t for s in record["sections"] for p in s["parts"] for t in p["tables"]]
    assert {f"table-{t['id']}.csv" for t in tables} <= names
    listed = set(json.loads((out / MANIFEST).read_text())["files"])
    assert listed == names - {MANIFEST}
    assert not [n for n in names if n.startswith(".") and n != MANIFEST]  # no temporaries


def test_json_has_every_section_and_exact_figures(full):
    _, _, record = full
    assert [s["kind"] for s in record["sections"]] == KINDS
    edge = _figure(record, "caribbean", "house_edge", "exact")
    assert round(edge["value"], 6) == 0.052243
    assert Fraction(edge["exact_text"]) == Fraction(1_041_372_912_372, 19_933_230_517_200)
    assert round(_figure(record, "caribbean", "element_of_risk", "exact")["value"], 6) == 0.025553
    assert round(_figure(record, "caribbean", "sd_per_ante", "exact")["value"], 3) == 2.243
    assert round(_figure(record, "progressive", "break_even_meter")["value"]) == 263_205
    # the Monte Carlo sits beside the exact value, with its interval and flag
    mc = _figure(record, "caribbean", "house_edge", "montecarlo")
    assert mc["ci_low"] < mc["value"] < mc["ci_high"] and mc["exact"] == edge["value"]
    assert mc["exact_outside_interval"] == (not mc["ci_low"] <= mc["exact"] <= mc["ci_high"])
    assert record["provenance"]["seed"] == 7
    inputs = record["provenance"]["inputs"]
    assert all(re.fullmatch(r"[0-9a-f]{64}", f["sha256"]) for f in inputs.values())
    assert any(f["path"].endswith("floors/casino.yaml") for f in inputs.values())


def test_every_award_meets_the_hundred_million_rule(full):
    _, _, record = full
    progressive = next(s for s in record["sections"] if s["kind"] == "progressive")
    awards = next(
        t for p in progressive["parts"] for t in p["tables"] if t["id"].endswith("awards")
    )
    assert [row["rule_flag"] for row in awards["rows"]] == [False] * 5
    check = next(
        c for p in progressive["parts"] for c in p["checks"] if "100-million" in c["label"]
    )
    assert check["passed"] and "1 in 649,740" in check["detail"]


def test_an_award_rarer_than_one_in_a_hundred_million_is_flagged(monkeypatch):
    assert meets_award_rule(Fraction(1, 10**8)) and not meets_award_rule(Fraction(1, 10**8 + 1))
    path = PAYTABLE_DIR / "progressives" / "50-75-100.yaml"
    counts = "casino_sim.games.banked.caribbean_stud.exact.progressive.FIVE_CARD_COUNTS"
    monkeypatch.setitem(
        __import__(
            "casino_sim.games.banked.caribbean_stud.exact.progressive", fromlist=["x"]
        ).FIVE_CARD_COUNTS,
        "royal_flush",
        0,
    )
    assert counts  # the royal now never hits: probability 0, far under 1e-8
    section = progressive_section(ProgressiveInput(path, load_progressive(path)), index=1)
    flags = section.flags()
    assert any("1-in-100-million" in line and "royal flush" in line for line in flags)
    awards = next(section.tables())
    assert [row["rule_flag"] for row in awards.rows if row["hand"] == "royal flush"] == [True]


def test_html_is_one_self_contained_page_with_every_section(full):
    out, _, record = full
    html = (out / "report.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html and "<link" not in html
    assert not re.findall(r'(?:src|href)="(?!#)[^"]*"', html)  # only in-page links
    every_id = re.findall(r'\bid="([^"]+)"', html)
    ids = set(every_id)
    assert len(every_id) == len(ids)  # each anchor names one element
    assert set(re.findall(r'href="#([^"]+)"', html)) <= ids  # the contents' anchors resolve
    for section in record["sections"]:
        assert section["id"] in ids
        for part in section["parts"]:
            assert part["id"] in ids
            for table in part["tables"]:
                assert f'data-table="{table["id"]}"' in html
            for plot in part["plots"]:
                assert plot["id"] in ids
    assert html.count("<svg") == sum(
        len(p["plots"]) for s in record["sections"] for p in s["parts"]
    )
    assert "provenance" in ids and "@page" in html and "break-before: page" in html


def test_markdown_has_every_section_and_its_plots(full):
    out, _, record = full
    md = (out / "report.md").read_text()
    for section in record["sections"]:
        assert f"## {section['title']}" in md
        for part in section["parts"]:
            assert f"### {part['title']}" in md
            for plot in part["plots"]:
                assert f"]({plot['id']}.svg)" in md and (out / f"{plot['id']}.svg").exists()
    assert "| house edge (per ante) | 5.2243% |" in md


def test_csv_tables_hold_the_raw_rows(full):
    out, _, record = full
    for section in record["sections"]:
        for part in section["parts"]:
            for table in part["tables"]:
                with open(out / f"table-{table['id']}.csv", newline="") as handle:
                    rows = list(csv.DictReader(handle))
                assert len(rows) == len(table["rows"])
                assert list(rows[0]) == [c["key"] for c in table["columns"]] if rows else True
    with open(out / "figures.csv", newline="") as handle:
        figures = list(csv.DictReader(handle))
    assert any(f["figure"] == "house edge (per ante)" for f in figures)


def test_xlsx_has_a_sheet_per_table(full):
    from openpyxl import load_workbook

    out, _, record = full
    book = load_workbook(out / "report.xlsx", read_only=True)
    tables = [t for s in record["sections"] for p in s["parts"] for t in p["tables"]]
    expected = sheet_names(["figures", *(t["id"] for t in tables)])
    assert book.sheetnames == [*expected, "provenance"]
    sheet = book[
        sheet_names(["figures", *(t["id"] for t in tables)])[
            1 + next(i for i, t in enumerate(tables) if t["id"].endswith("-return"))
        ]
    ]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][0] == "Exact return table" and rows[1][0] == "outcome"
    assert rows[2][0] == "Fold" and isinstance(rows[2][2], int)  # counts stay numbers


def test_pdf_has_pages_and_text(full):
    from pypdf import PdfReader

    out, _, _ = full
    reader = PdfReader(out / "report.pdf")
    assert len(reader.pages) >= 8
    text = " ".join(page.extract_text() for page in reader.pages)
    for words in ("PAR report", "Caribbean Stud", "house edge", "1-in-100-million", "Provenance"):
        assert words in text


# --- the same seed, the same figures ----------------------------------------------------------


def test_same_seed_same_figures_whatever_the_workers(tmp_path, capsys):
    args = [
        "caribbean_stud/standard",
        "stud/razz",
        "stud/tables/5-10",
        "floors/pit",
        "--days",
        "1",
        "--replications",
        "2",
        "--hands",
        "4000",
        "--seed",
        "3",
        "--format",
        "json",
        "--quiet",
    ]
    records = []
    for workers in ("1", "2"):
        status, _, err = _run(capsys, *args, "--workers", workers, "--out", str(tmp_path / workers))
        assert status == 0, err
        records.append(json.loads((tmp_path / workers / "report.json").read_text()))
    assert records[0]["sections"] == records[1]["sections"]
    assert records[0]["headline"] == records[1]["headline"]
    assert [s["kind"] for s in records[0]["sections"]] == ["caribbean", "poker", "floor"]
    assert records[0]["sections"][1]["title"].startswith("razz")  # the variant before the table


def test_capped_paytable_and_strategy_file(tmp_path, capsys):
    out = tmp_path / "capped"
    status, _, err = _run(
        capsys,
        "caribbean_stud/capped-5000",
        "--strategy",
        str(STRATEGY_FILE),
        "--hands",
        "4000",
        "--seed",
        "3",
        "--format",
        "json",
        "--quiet",
        "--workers",
        "2",
        "--out",
        str(out),
    )
    assert status == 0, err
    section = json.loads((out / "report.json").read_text())["sections"][0]
    parts = {p["id"]: p for p in section["parts"]}
    by_ante = parts["caribbean-1-by-ante"]["tables"][0]["rows"]
    assert [row["ante"] for row in by_ante] == [5, 10, 25, 50, 100, 250, 500]
    assert by_ante[0]["house_edge"] < by_ante[-1]["house_edge"]  # the cap bites at larger antes
    words = " ".join(parts["caribbean-1-strategy"]["paragraphs"])
    assert "wizard_simple.yaml" in words and "at least one_pair" in words


# --- inputs and bad input ----------------------------------------------------------------------


def test_inputs_are_paired():
    spec = read_inputs(["stud/tables/5-10", "stud/razz", "stud/tables/15-30"])
    assert [i.title.split(":")[0] for i in spec.items] == ["seven-card stud", "razz"]
    spec = read_inputs(["progressives/50-75-100"])
    assert [i.role for i in spec.items] == ["progressive"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "html,docx"], "unknown format 'docx'"),
        ([str(STRATEGY_FILE)], "cannot report a caribbean_strategy file"),
        (["stud/razz"], "give a stud_table after it"),
        (["progressives/50-75-100", "--progressive", "progressives/50-75-100"], "--progressive"),
        (["caribbean_stud/standrd"], "did you mean caribbean_stud/standard"),
        (["--hands", "10"], "--hands"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "out"
    status, stdout, err = _run(capsys, *args, "--out", str(out))
    assert status == 2 and message in err and err.count("\n") == 1 and not stdout
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["/proc/casino-sim-report", "file", "foreign"])
def test_an_output_folder_that_cannot_be_used_is_refused_first(tmp_path, capsys, where):
    if where == "file":
        out = tmp_path / "taken"
        out.write_text("mine")
    elif where == "foreign":
        out = tmp_path / "folder"
        out.mkdir()
        (out / "notes.txt").write_text("mine")
    else:
        out = Path(where)
    status, _, err = _run(capsys, "progressives/50-75-100", "--out", str(out))
    assert status == 2 and err.count("\n") == 1 and str(out) in err
    if where == "foreign":
        assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_rewrites_its_own_folder_and_keeps_others_files_only_with_force(tmp_path, capsys):
    out = tmp_path / "report"
    assert _run(capsys, "progressives/50-75-100", "--format", "md,json", "--out", str(out))[0] == 0
    assert (out / "report.md").exists()
    assert _run(capsys, "progressives/50-75-100", "--format", "json", "--out", str(out))[0] == 0
    assert sorted(p.name for p in out.iterdir()) == sorted([MANIFEST, "report.json"])
    (out / "notes.txt").write_text("mine")
    assert _run(capsys, "progressives/50-75-100", "--format", "csv", "--out", str(out))[0] == 2
    status = _run(
        capsys, "progressives/50-75-100", "--format", "csv", "--force", "--out", str(out)
    )[0]
    assert status == 0 and (out / "notes.txt").read_text() == "mine"
    assert not (out / "report.json").exists() and (out / "figures.csv").exists()


def test_a_failure_while_rendering_leaves_nothing(tmp_path, capsys, monkeypatch):
    def broken(html):
        raise RuntimeError("no PDF today")

    monkeypatch.setattr("casino_sim.report.par.pdf.html_to_pdf", broken)
    out = tmp_path / "report"
    status, _, err = _run(capsys, "progressives/50-75-100", "--out", str(out))
    assert status == 1 and "no PDF today" in err
    assert list(tmp_path.iterdir()) == []
