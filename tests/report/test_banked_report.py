"""``casino-sim report`` of banked games (``kind: banked_game``): a section per game, exact.

One report of the three shipped games (JSON, Markdown, CSV, XLSX) is built once for the
session and read back in every format; a mixed report (a Caribbean Stud paytable beside
a banked game, and a second file of Three Card Poker's rules for the comparison), the
named-strategy option and bad input run on their own, small.
"""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR
from casino_sim.report.par.xlsx import sheet_names

GAMES = ["banked/three_card_poker", "banked/let_it_ride", "banked/mississippi_stud"]
#: The exact house edge of each shipped game (per ante; Let It Ride per unit).
EDGES = {
    "Three Card Poker": Fraction(686689, 20358520),
    "Let It Ride": Fraction(37963, 1082900),
    "Mississippi Stud": Fraction(53223, 1082900),
}
#: Published figures (Wizard of Odds, in the files' notes) the exact edges round to.
PUBLISHED = {"Three Card Poker": "3.37%", "Let It Ride": "3.51%", "Mississippi Stud": "4.91%"}
SEED = 7164217481614630268
TCP = PAYTABLE_DIR / "banked" / "three_card_poker.yaml"


def _no_nan(name: str) -> None:
    raise AssertionError(f"report.json holds {name}")


def _report(out: Path, *args: str) -> tuple[Path, str, dict[str, Any]]:
    with pytest.MonkeyPatch.context() as patch:
        lines: list[str] = []
        patch.setattr("builtins.print", lambda *a, **k: lines.append(" ".join(map(str, a))))
        status = main(["report", *args, "--quiet", "--out", str(out)])
    assert status == 0
    record = json.loads((out / "report.json").read_text(), parse_constant=_no_nan)
    return out, "\n".join(lines), record


@pytest.fixture(scope="session")
def banked_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, Any]]:
    """The three shipped banked games, reported as JSON, Markdown, CSV and XLSX."""
    out = tmp_path_factory.mktemp("banked") / "report"
    return _report(out, *GAMES, "--format", "json,md,csv,xlsx", "--seed", str(SEED))


def _sections(record: dict[str, Any], kind: str = "banked") -> list[dict[str, Any]]:
    return [s for s in record["sections"] if s["kind"] == kind]


def _figure(section: dict[str, Any], key: str) -> dict[str, Any]:
    return next(f for p in section["parts"] for f in p["figures"] if f["key"] == key)


def _table(section: dict[str, Any], suffix: str) -> dict[str, Any]:
    return next(t for p in section["parts"] for t in p["tables"] if t["id"].endswith(suffix))


def test_a_section_per_game_with_the_exact_house_edge(banked_report):
    _, _, record = banked_report
    sections = _sections(record)
    assert [s["title"] for s in sections] == list(EDGES)
    for section in sections:
        edge = _figure(section, "house_edge")
        assert Fraction(edge["exact_text"]) == EDGES[section["title"]]
        assert edge["value"] == pytest.approx(float(EDGES[section["title"]]), abs=1e-15)
        assert _figure(section, "published_house_edge")["value"] == PUBLISHED[section["title"]]
        assert f"{100 * float(EDGES[section['title']]):.2f}%" == PUBLISHED[section["title"]]
        assert Fraction(section["data"]["analysis"]["house_edge"]) == EDGES[section["title"]]
    units = {s["title"]: _figure(s, "house_edge")["label"] for s in sections}
    assert units == {
        "Three Card Poker": "house edge (per ante)",
        "Let It Ride": "house edge (per unit)",
        "Mississippi Stud": "house edge (per ante)",
    }
    stud = sections[2]
    assert Fraction(_figure(stud, "average_total_bet")["exact_text"]) == Fraction(74757, 20825)
    assert _figure(stud, "tie_rule")["value"] == "the larger bet"
    assert _figure(stud, "published_average_total_bet")["value"] == "3.59 antes"
    assert _figure(stud, "element_of_risk")["label"] == "element of risk (per average total bet)"


def test_the_headline_holds_each_games_exact_house_edge(banked_report):
    _, stdout, record = banked_report
    headline = {f["label"]: f for f in record["headline"]}
    for game, edge in EDGES.items():
        figure = headline[f"house edge ({game})"]
        assert Fraction(figure["exact_text"]) == edge
        assert f"house edge ({game}): {100 * float(edge):.4f}%" in stdout
    # exact only, but the report still records its seed and sizes (as a progressives' report)
    assert record["provenance"]["seed"] == SEED and record["settings"]["seed"] == SEED


def test_tables_of_returns_lines_strategy_and_side_bets(banked_report):
    _, _, record = banked_report
    tcp, lir, stud = _sections(record)
    net = _table(tcp, "-net")
    assert net["rows"][-1]["combinations"] == 407_170_400 == _figure(tcp, "deals")["value"]
    assert sum(r["combinations"] for r in net["rows"][:-1]) == 407_170_400
    assert sum(Fraction(r["net"]) * Fraction(r["probability_exact"]) for r in net["rows"][:-1]) == (
        -EDGES["Three Card Poker"]
    )
    returns = _table(tcp, "-wager-returns")
    assert [r["total"] for r in returns["rows"]] == [-19686848, 5953068, -13733780]
    lines = _table(tcp, "-lines")["rows"]
    assert [(r["line"], r["pays_to_one"], r["combinations"]) for r in lines[:3]] == [
        ("straight flush", 5, 884_352),
        ("three of a kind", 4, 958_048),
        ("straight", 1, 13_265_280),
    ]
    strategies = {r["strategy"]: r["house_edge_exact"] for r in _table(tcp, "-strategies")["rows"]}
    assert strategies["play everything"] == "1947749/25448150"
    assert strategies["optimal (reported)"] == str(EDGES["Three Card Poker"])
    paragraphs = [t for p in tcp["parts"] for t in p["paragraphs"]]
    assert "bet play 1x with high card Q-6-4 or better, else fold" in paragraphs
    assert any(r["hands"] == "AA KK QQ JJ TT 99 88 77 66 55 44 33 22"
               for r in _table(stud, "-strategy-table")["rows"])  # fmt: skip
    # every side bet's paytables, with the published figure beside the exact edge
    side = {(r["side_bet"], r["paytable"]): r for r in _table(tcp, "-side-bets")["rows"]}
    assert Fraction(side["pair_plus", "40-30-6-3-1"]["house_edge_exact"]) == Fraction(402, 5525)
    assert side["pair_plus", "40-30-6-3-1"]["published"] == "7.28%"
    assert side["six_card_bonus", "1000-200-50-25-20-10-5"]["hands"] == 20_358_520
    assert len(side) == 5
    royal = _table(tcp, "-side-six-card-bonus-1000-200-50-25-20-10-5")["rows"][0]
    assert (royal["line"], royal["combinations"]) == ("royal flush", 188)
    bonus = {r["paytable"]: r["published"] for r in _table(lir, "-side-bets")["rows"]}
    assert bonus == {"50-40-30-6-3-1": "7.1%", "50-40-30-6-4-1": "2.14%"}
    assert not any(p["id"].endswith("side-bets") for p in stud["parts"])  # none in the file


def _markdown_rows(md: str, title: str) -> list[list[str]]:
    lines = md.splitlines()
    assert lines.count(f"**{title}**") == 1, title
    at = lines.index(f"**{title}**") + 1
    while not lines[at].strip():
        at += 1
    rows = []
    for line in lines[at + 2 :]:
        if not line.strip().startswith("|"):
            break
        body = line.strip()
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", body[1:-1])])
    return rows


def test_the_game_protection_part_holds_the_exact_leaks(banked_report):
    """Three Card Poker's flashed dealer card (exact, beside the published 3.4829%); Let It
    Ride's and Mississippi Stud's last community card seen before the first decision (exact,
    beside Eliot Jacobson's published 24.43% and 104.47%)."""
    _, _, record = banked_report
    sections = {s["title"]: s for s in _sections(record)}
    (row,) = _table(sections["Three Card Poker"], "-leaks")["rows"]
    assert Fraction(row["house_edge_exact"]) == Fraction(-443_162, 12_724_075)
    shown = f"player's edge {100 * row['player_edge']:.4f}%"
    assert row["published"] == shown == "player's edge 3.4829%"
    assert row["interval"] == "exact" and row["leak"] == "dealer:1"
    for title, exact, shown, published in (
        ("Let It Ride", Fraction(-66_142, 270_725), "24.4314%", "player's edge 24.43%"),
        ("Mississippi Stud", Fraction(-678_763, 649_740), "104.4669%", "player's edge 104.47%"),
    ):
        (row,) = _table(sections[title], "-leaks")["rows"]
        assert Fraction(row["house_edge_exact"]) == exact  # README quotes it to 4 decimals
        assert f"{100 * row['player_edge']:.4f}%" == shown
        assert row["published"] == published == f"player's edge {100 * row['player_edge']:.2f}%"
        assert row["seen"] == "the last board card (before the first decision)"


def test_every_integer_is_exact_in_every_format(banked_report):
    from openpyxl import load_workbook

    out, _, record = banked_report
    tables = [t for s in record["sections"] for p in s["parts"] for t in p["tables"]]
    ids = [t["id"] for t in tables]
    sheets = dict(zip(ids, sheet_names(["figures", *ids])[1:], strict=True))
    book = load_workbook(out / "report.xlsx", read_only=True)
    md = (out / "report.md").read_text()
    checked = 0
    for table in tables:
        with open(out / f"table-{table['id']}.csv", newline="") as handle:
            from_csv = list(csv.DictReader(handle))
        rows = len(table["rows"])
        from_xlsx = list(book[sheets[table["id"]]].iter_rows(values_only=True))[2 : 2 + rows]
        from_md = _markdown_rows(md, table["title"])
        assert len(from_csv) == len(from_xlsx) == len(from_md) == rows, table["id"]
        for i, row in enumerate(table["rows"]):
            for j, column in enumerate(table["columns"]):
                value = row[column["key"]]
                if not isinstance(value, int) or isinstance(value, bool):
                    continue
                where = f"{table['id']} row {i} {column['key']}"
                assert from_csv[i][column["key"]] == str(value), where
                assert str(from_xlsx[i][j]) == str(value), where
                assert from_md[i][j].replace(",", "") == str(value), where
                checked += 1
    assert checked > 200
    with open(out / "figures.csv", newline="") as handle:
        figures = list(csv.DictReader(handle))
    every = [f for s in record["sections"] for p in s["parts"] for f in p["figures"]]
    deals = [(i, f["value"]) for i, f in enumerate(every) if f["key"] == "deals"]
    assert [v for _, v in deals] == [407_170_400, 51_979_200, 155_937_600]
    assert all(figures[i]["value"] == str(v) for i, v in deals)
    assert all(figures[i]["exact_text"] == f["exact_text"] for i, f in enumerate(every)
               if f.get("exact_text"))  # fmt: skip


def test_beside_a_caribbean_paytable_and_compared_with_a_game_of_the_same_rules(tmp_path):
    variant = tmp_path / "tcp-1-3-5.yaml"
    text = TCP.read_text()
    variant.write_text(
        text.replace("name: Three Card Poker\n", "name: Three Card Poker 1-3-5\n").replace(
            "{hand: three_of_a_kind, pays: 4}", "{hand: three_of_a_kind, pays: 3}"
        )
    )
    inputs = ["caribbean_stud/standard", "banked/three_card_poker", str(variant)]
    _, stdout, record = _report(
        tmp_path / "out", *inputs, "--format", "json", "--hands", "2000", "--seed", "3"
    )
    kinds = [s["kind"] for s in record["sections"]]
    assert kinds == ["comparison", "caribbean", "banked", "banked"]
    labels = [f["label"] for f in record["headline"]]
    assert labels == [
        "house edge (Caribbean Stud: standard US)",
        "house edge (Three Card Poker)",
        "house edge (Three Card Poker 1-3-5)",
    ]
    assert "house edge (Caribbean Stud: standard US): 5.2243%" in stdout
    compared = record["sections"][0]
    assert compared["id"] == "compare-banked"
    row = next(r for r in compared["data"]["rows"] if r["figure"] == "house_edge")
    first, second = (Fraction(v) for v in row["exact"])
    assert first == EDGES["Three Card Poker"] and second > first  # trips pay 3, not 4
    assert Fraction(row["exact_differences"][1]) == second - first


def test_a_named_strategy_of_the_game(tmp_path):
    args = ["banked/three_card_poker", "--banked-strategy", "play everything", "--format", "json"]
    _, stdout, record = _report(tmp_path / "out", *args)
    (section,) = _sections(record)
    assert section["title"] == "Three Card Poker (strategy play everything)"
    assert Fraction(_figure(section, "house_edge")["exact_text"]) == Fraction(1947749, 25448150)
    assert "house edge (Three Card Poker (strategy play everything)): 7.6538%" in stdout
    keys = {f["key"] for p in section["parts"] for f in p["figures"]}
    assert "published_house_edge" not in keys  # the published figures are the optimal strategy's


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(["report", *args])
    except SystemExit as stop:
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("change", "args", "message"),
    [
        (("house_edge_per: ante", "house_edge_per: blind"), (), "house_edge_per"),
        (("wager: play, times: 1", "wager: raise, times: 1"), (), "raise"),
        (None, ("--banked-strategy", "Q-6-4"), "Let It Ride has no strategy 'Q-6-4'"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, change, args, message):
    inputs = ["banked/let_it_ride"]
    if change is not None:
        bad = tmp_path / "bad.yaml"
        bad.write_text(TCP.read_text().replace(*change))
        inputs = [str(bad)]
    out = tmp_path / "out"
    status, stdout, err = _run(capsys, *inputs, *args, "--out", str(out))
    assert status == 2 and message in err and err.count("\n") == 1 and not stdout, err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == (["bad.yaml"] if change else [])
