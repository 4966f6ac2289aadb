"""``casino-sim report``: one folder, every format, the exact figures, the flags, bad input.

Small sizes throughout (1 day, 2 replications, 20,000 hands): the full-size run
is timed by hand (docs/report.md), not here. Two reports are shared by the
tests: ``full`` (the bundled casino, every format, a 19-digit seed) and
``several`` (three paytables, two side bets, two stud tables and a floor).
"""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import casino_sim
from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_progressive, resolve_input, shipped_name
from casino_sim.engine.files import MANIFEST
from casino_sim.report.par.formatting import show
from casino_sim.report.par.inputs import (
    DEFAULT_INPUTS,
    DEFAULT_PROGRESSIVE,
    ProgressiveInput,
    read_inputs,
)
from casino_sim.report.par.progressive import meets_award_rule, progressive_section
from casino_sim.report.par.xlsx import sheet_names

STRATEGY_FILE = Path(__file__).resolve().parents[2] / "examples" / "wizard_simple.yaml"
KINDS = ["caribbean", "progressive", "poker", "floor"]
#: 19 digits: a spreadsheet's double (15 significant digits in Excel) cannot hold it.
BIG_SEED = 7164217481614630268
TITLE = "Riverside casino: table games PAR"
#: A management report: three paytables (with a side bet), a second side bet, razz on two
#: stud tables and a floor.
SEVERAL = [
    "caribbean_stud/standard",
    "caribbean_stud/royal-250",
    "caribbean_stud/short-pay",
    "progressives/50-100-150",
    "stud/razz",
    "stud/tables/5-10",
    "stud/tables/15-30",
    "floors/pit",
    "--progressive",
    "progressives/50-75-100",
    "--days",
    "1",
    "--replications",
    "2",
    "--hands",
    "4000",
    "--seed",
    "3",
    "--quiet",
]


def _report(out, *args):
    """Run ``casino-sim report`` into ``out``; its stdout and JSON."""
    with pytest.MonkeyPatch.context() as patch:
        lines: list[str] = []
        patch.setattr("builtins.print", lambda *a, **k: lines.append(" ".join(map(str, a))))
        status = main(["report", *args, "--out", str(out)])
    assert status == 0
    record = json.loads((out / "report.json").read_text(), parse_constant=_no_nan)
    return out, "\n".join(lines), record


@pytest.fixture(scope="session")
def full(default_report):
    """The default report (the bundled casino), small, every format; its stdout and JSON:
    ``DEFAULT_REPORT_ARGS`` (one worker: the several inputs' report runs on two), built once and
    shared with the browser test (tests/report/conftest.py)."""
    assert default_report[2]["provenance"]["seed"] == BIG_SEED
    return default_report


@pytest.fixture(scope="session")
def several(tmp_path_factory):
    """A report of several inputs of each game (:data:`SEVERAL`) with a title, every format
    but the PDF, on 2 workers."""
    out = tmp_path_factory.mktemp("several") / "report"
    formats = "html,md,csv,xlsx,json"
    return _report(out, *SEVERAL, "--title", TITLE, "--workers", "2", "--format", formats)


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
        f"Seed {BIG_SEED}",
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
    assert record["provenance"]["seed"] == BIG_SEED
    inputs = record["provenance"]["inputs"]
    assert all(re.fullmatch(r"[0-9a-f]{64}", f["sha256"]) for f in inputs.values())
    assert any(f["path"] == "floors/casino" for f in inputs.values())


def test_every_award_meets_the_hundred_million_rule(full):
    _, _, record = full
    progressive = next(s for s in record["sections"] if s["kind"] == "progressive")
    awards = next(
        t for p in progressive["parts"] for t in p["tables"] if t["id"].endswith("awards")
    )
    assert [row["meets_rule"] for row in awards["rows"]] == [True] * 5
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
    assert [row["meets_rule"] for row in awards.rows if row["hand"] == "royal flush"] == [False]
    royal = next(row for row in awards.rows if row["hand"] == "royal flush")
    assert show(royal["meets_rule"], "check") == "FAIL" and royal["one_in"] is None


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
    assert rows[0][0] == "Exact return table (Caribbean Stud: standard US)"
    assert rows[1][0] == "outcome"
    assert rows[2][0] == "Fold" and isinstance(rows[2][2], int)  # counts stay numbers


def test_pdf_has_pages_and_text(full):
    from pypdf import PdfReader

    out, _, _ = full
    reader = PdfReader(out / "report.pdf")
    assert len(reader.pages) >= 8
    text = " ".join(page.extract_text() for page in reader.pages)
    for words in ("PAR report", "Caribbean Stud", "house edge", "1-in-100-million", "Provenance"):
        assert words in text


# --- every integer and every odds figure, exact in every format (issue #23, items 2 and 3) ------


def _tables(record):
    return [t for s in record["sections"] for p in s["parts"] for t in p["tables"]]


def _markdown_rows(md, title, count):
    """The cells of the first ``count`` rows of the Markdown table titled ``title``."""
    lines = md.splitlines()
    assert lines.count(f"**{title}**") == 1, f"no single table {title!r} in report.md"
    at = lines.index(f"**{title}**") + 1
    while not lines[at].strip():
        at += 1
    rows = []
    for line in lines[at + 2 : at + 2 + count]:  # past the header and the alignment row
        body = line.strip()
        assert body.startswith("|") and body.endswith("|"), line
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", body[1:-1])])
    return rows


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def test_every_integer_is_exact_in_every_format(full):
    from openpyxl import load_workbook

    out, _, record = full
    seed = record["provenance"]["seed"]
    assert seed == BIG_SEED and record["settings"]["seed"] == BIG_SEED
    book = load_workbook(out / "report.xlsx", read_only=True)
    provenance = {row[0]: row[1] for row in book["provenance"].iter_rows(values_only=True)}
    assert str(provenance["seed"]) == str(seed)  # every digit (a text cell: no double rounds it)
    assert json.loads(provenance["settings"])["seed"] == seed
    md, html = (out / "report.md").read_text(), (out / "report.html").read_text()
    assert f"- seed: {seed}" in md and f"seed {seed}" in html
    tables = [t for t in _tables(record) if any(_is_int(v) for r in t["rows"] for v in r.values())]
    assert tables, "no table holds an integer"
    ids = [t["id"] for t in _tables(record)]
    sheets = dict(zip(ids, sheet_names(["figures", *ids])[1:], strict=True))
    checked = 0
    for table in tables:
        keys = [c["key"] for c in table["columns"]]
        with open(out / f"table-{table['id']}.csv", newline="") as handle:
            from_csv = list(csv.DictReader(handle))
        from_xlsx = list(book[sheets[table["id"]]].iter_rows(values_only=True))[2:]
        from_md = _markdown_rows(md, table["title"], len(table["rows"]))
        for i, row in enumerate(table["rows"]):
            for j, column in enumerate(table["columns"]):
                value = row[column["key"]]
                if not _is_int(value):
                    continue
                where = f"{table['id']} row {i} {column['key']}"
                assert from_csv[i][column["key"]] == str(value), where
                assert str(from_xlsx[i][j]) == str(value), where  # an int, or text of 16+ digits
                if column["unit"] in ("count", "number"):
                    assert from_md[i][keys.index(column["key"])].replace(",", "") == str(value), (
                        where
                    )
                checked += 1
    assert checked > 20
    # the counts among the figures: figures.csv and the figures sheet
    with open(out / "figures.csv", newline="") as handle:
        figures = list(csv.DictReader(handle))
    sheet = list(book["figures"].iter_rows(values_only=True))[2:]
    every = [f for s in record["sections"] for p in s["parts"] for f in p["figures"]]
    assert len(figures) == len(every) == len(sheet)
    counted = [(i, f["value"]) for i, f in enumerate(every) if _is_int(f["value"])]
    assert counted and all(figures[i]["value"] == str(v) == str(sheet[i][3]) for i, v in counted)


def test_odds_columns_hold_the_odds_and_the_rule_says_what_passing_means(full):
    from openpyxl import load_workbook

    out, _, record = full
    awards = next(t for t in _tables(record) if t["id"].endswith("-awards"))
    columns = {c["key"]: c for c in awards["columns"]}
    assert columns["one_in"]["unit"] == "one_in" and "1 in N" in columns["one_in"]["label"]
    assert columns["meets_rule"]["label"] == "meets the 1-in-100-million rule"
    royal = next(row for row in awards["rows"] if row["hand"] == "royal flush")
    assert royal["one_in"] == 649_740 and royal["combinations"] == 4  # 2,598,960 / 4
    for row in awards["rows"]:
        assert row["one_in"] == pytest.approx(1 / row["probability"], rel=1e-12)
    with open(out / f"table-{awards['id']}.csv", newline="") as handle:
        by_csv = {row["hand"]: row for row in csv.DictReader(handle)}
    assert by_csv["royal flush"]["one_in"] == "649740"
    assert {row["meets_rule"] for row in by_csv.values()} == {"pass"}
    book = load_workbook(out / "report.xlsx", read_only=True)
    sheet = book[sheet_names(["figures", *(t["id"] for t in _tables(record))])[
        1 + [t["id"] for t in _tables(record)].index(awards["id"])]]  # fmt: skip
    rows = list(sheet.iter_rows(values_only=True))
    header = list(rows[1])
    royal_row = next(r for r in rows[2:] if r[0] == "royal flush")
    assert royal_row[header.index(columns["one_in"]["label"])] == 649_740
    assert royal_row[header.index("meets the 1-in-100-million rule")] is True
    md = (out / "report.md").read_text()
    assert "| 1 in 649,740 |" in md and "| pass |" in md


# --- the options and the inputs as the run used them (items 12 and 14) ----------------------


def test_the_options_are_the_ones_the_run_used(full, tmp_path, capsys):
    _, _, record = full
    options = record["provenance"]["parameters"]
    assert options["inputs"] == list(DEFAULT_INPUTS)  # none given: the bundled casino's
    assert options["progressive"] == DEFAULT_PROGRESSIVE
    assert (options["caribbean_hands"], options["stud_hands"], options["workers"]) == (
        20000,
        20000,
        1,
    )
    assert "hands" not in options
    # No --seed, --workers or --hands: the seed drawn, the workers and the sizes used.
    out = tmp_path / "report"
    status, _, err = _run(capsys, "progressives/50-75-100", "--format", "json,md,html", "--out",
                          str(out))  # fmt: skip
    assert status == 0, err
    record = json.loads((out / "report.json").read_text())
    options, settings = record["provenance"]["parameters"], record["settings"]
    assert _is_int(options["seed"]) and options["seed"] == record["provenance"]["seed"]
    assert options["workers"] == settings["workers"] >= 1
    assert options["stud_hands"] == settings["stud_hands"] == 200_000 and "hands" not in options
    assert options["caribbean_hands"] == settings["caribbean_hands"]  # None: no Caribbean wager
    assert options["inputs"] == ["progressives/50-75-100"] and options["progressive"] is None
    assert {key for key, value in options.items() if value is None} <= {
        "progressive",
        "caribbean_hands",
        "jurisdiction",
    }
    md, html = (out / "report.md").read_text(), (out / "report.html").read_text()
    assert f"| seed | {options['seed']} |" in md and f"| workers | {options['workers']} |" in md
    assert "| stud_hands | 200000 |" in md and "| inputs | progressives/50-75-100 |" in md
    assert f"<td>seed</td><td>{options['seed']}</td>" in html


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_inputs_are_recorded_by_shipped_name_not_by_this_machines_paths(full):
    out, _, record = full
    recorded = [f["path"] for f in record["provenance"]["inputs"].values()]
    recorded += [
        s["data"][key]
        for s in record["sections"]
        for key in ("paytable", "progressive", "variant", "table", "floor_file")
        if key in s["data"]
    ]
    assert len(recorded) > 10
    for name in recorded:
        assert shipped_name(resolve_input(name)) == name  # a shipped name, as casino-sim list shows
    roots = {str(PAYTABLE_DIR), str(PAYTABLE_DIR.resolve()), str(Path(casino_sim.__file__).parent)}
    texts = [*_strings(record), (out / "report.md").read_text(), (out / "report.html").read_text()]
    assert [t for t in texts if any(root in t for root in roots)] == []


# --- a report of several inputs (item 13) ----------------------------------------------------


def test_a_report_of_several_inputs_has_its_title_and_every_inputs_key_figure(several):
    from openpyxl import load_workbook

    out, stdout, record = several
    assert record["title"] == TITLE
    assert f"<title>{TITLE}</title>" in (out / "report.html").read_text()
    assert (out / "report.md").read_text().startswith(f"# {TITLE}\n")
    book = load_workbook(out / "report.xlsx", read_only=True)
    assert next(book["provenance"].iter_rows(values_only=True))[:2] == ("title", TITLE)
    reported = [s for s in record["sections"] if s["kind"] != "comparison"]
    headline = record["headline"]
    assert [h["key"].split(".")[0] for h in headline] == [s["id"] for s in reported]
    for figure, section in zip(headline, reported, strict=True):
        assert figure["label"].endswith(f"({section['title']})")
        assert f"  {figure['label']}: " in stdout
    assert [h["key"].split(".")[1] for h in headline] == ["house_edge"] * 3 + [
        "long_run_return"
    ] * 2 + ["rake_per_hand"] * 2 + ["house_result_per_day"]


def test_inputs_of_the_same_game_are_compared_side_by_side(several):
    out, _, record = several
    compared = {s["id"]: s for s in record["sections"] if s["kind"] == "comparison"}
    assert list(compared) == ["compare-paytables", "compare-progressives", "compare-stud-tables"]
    paytables = compared["compare-paytables"]
    carib = [s for s in record["sections"] if s["kind"] == "caribbean"]
    assert paytables["data"]["inputs"] == [
        s["title"].removeprefix("Caribbean Stud: ") for s in carib
    ]
    edges = next(r for r in paytables["data"]["rows"] if r["figure"] == "house_edge")
    assert edges["exact"] == [_figure({"sections": [s]}, "caribbean", "house_edge", "exact")[
        "exact_text"] for s in carib]  # fmt: skip
    table = paytables["parts"][0]["tables"][0]
    edge_row = next(r for r in table["rows"] if r["figure"] == "house edge (per ante)")
    assert edge_row["unit"] == "percent" and edge_row["input_1"] == edges["values"][0]
    assert edge_row["difference_2"] == pytest.approx(edges["values"][1] - edges["values"][0])
    sides = compared["compare-progressives"]["data"]
    assert [r["values"] for r in sides["rows"] if r["figure"] == "odds_royal_flush"] == [
        [649_740, 649_740]
    ]
    stud = compared["compare-stud-tables"]["data"]
    poker = [s for s in record["sections"] if s["kind"] == "poker"]
    rake = next(r for r in stud["rows"] if r["figure"] == "rake_per_hand")
    assert rake["values"] == [_figure({"sections": [s]}, "poker", "rake_per_hand")["value"]
                              for s in poker]  # fmt: skip
    md = (out / "report.md").read_text()
    assert "## Side by side: Caribbean Stud paytables" in md
    assert "| house edge (per ante) | 5.2243% | 5.1991% |" in md


def test_every_table_sheet_and_csv_names_its_input(several):
    from openpyxl import load_workbook

    out, _, record = several
    ids = [t["id"] for t in _tables(record)]
    assert len(set(ids)) == len(ids)
    names = sheet_names(["figures", *ids])
    book = load_workbook(out / "report.xlsx", read_only=True)
    assert book.sheetnames == [*names, "provenance"]
    sheet_of = dict(zip(ids, names[1:], strict=True))
    for section in record["sections"]:
        if section["kind"] == "comparison":
            continue
        key = {"caribbean": "paytable", "progressive": "progressive", "poker": "table",
               "floor": "floor_file"}[section["kind"]]  # fmt: skip
        stem = section["data"][key].rsplit("/", 1)[-1]  # royal-250, 50-100-150, 5-10, pit
        for part in section["parts"]:
            for table in part["tables"]:
                assert table["title"].endswith(f" ({section['title']})"), table["title"]
                assert table["id"].startswith(f"{stem}-") and sheet_of[table["id"]].startswith(stem)
                assert (out / f"table-{table['id']}.csv").exists()
                title = next(book[sheet_of[table["id"]]].iter_rows(values_only=True))[0]
                assert title == table["title"]


# --- the same seed, the same figures ----------------------------------------------------------


def test_same_seed_same_figures_whatever_the_workers(several, tmp_path, capsys):
    _, _, record = several  # on 2 workers
    status, _, err = _run(capsys, *SEVERAL, "--workers", "1", "--format", "json", "--out",
                          str(tmp_path / "1"))  # fmt: skip
    assert status == 0, err
    alone = json.loads((tmp_path / "1" / "report.json").read_text())
    assert alone["sections"] == record["sections"]
    assert alone["headline"] == record["headline"]
    kinds = [s["kind"] for s in record["sections"]]
    assert kinds == ["comparison"] * 3 + ["caribbean"] * 3 + ["progressive"] * 2 + ["poker"] * 2 + [
        "floor"
    ]
    poker = [s["title"] for s in record["sections"] if s["kind"] == "poker"]
    assert [title.split(":")[0] for title in poker] == ["razz", "razz"]  # the variant before


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
    assert _run(capsys, "progressives/50-75-100", "--format", "json", "--out", str(out))[0] == 2
    assert (out / "report.md").exists()  # last month's report stays unless forced, as --json
    forced = ["progressives/50-75-100", "--format", "json", "--force", "--out", str(out)]
    assert _run(capsys, *forced)[0] == 0
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
