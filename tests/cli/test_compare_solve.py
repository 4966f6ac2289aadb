"""`casino-sim compare` and `casino-sim solve`: exact figures, files written whole, bad input refused."""

from __future__ import annotations

import csv
import json
import os
from fractions import Fraction

import pytest

from casino_sim.cli import main
from casino_sim.config import load_progressive
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

STANDARD_EDGE = Fraction(1_041_372_912_372, 19_933_230_517_200)


def _run(capsys, *args):
    try:
        status = main([*map(str, args)])
    except SystemExit as stop:  # argparse's own exit
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def _one_line_error(status, err):
    lines = err.strip().splitlines()
    return status == 2 and len(lines) == 1 and lines[0].startswith("casino-sim: error:")


def _row(record, figure):
    return next(r for r in record["rows"] if r["figure"] == figure)


def test_compare_standard_and_short_pay_shows_the_known_edges(tmp_path, capsys):
    out_json, out_csv, out_html = tmp_path / "c.json", tmp_path / "c.csv", tmp_path / "c.html"
    status, out, err = _run(
        capsys,
        "compare",
        "caribbean_stud/standard",
        "caribbean_stud/short-pay",
        "--json",
        out_json,
        "--csv",
        out_csv,
        "--html",
        out_html,
    )
    assert status == 0, err
    assert "5.2243%" in out and "12.9106%" in out and "[2] - [1]" in out
    record = json.loads(out_json.read_text())
    edge = _row(record, "house_edge")
    assert Fraction(edge["exact"][0]) == STANDARD_EDGE
    assert round(edge["values"][1], 6) == 0.129106
    assert Fraction(edge["exact_differences"][1]) == Fraction(edge["exact"][1]) - STANDARD_EDGE
    assert _row(record, "pays_straight")["exact"] == ["4", "3"]
    win = _row(record, "theoretical_win_per_table_hour")  # 5 players x 40 rounds x $10 x edge
    assert Fraction(win["exact"][0]) == 5 * 40 * 10 * STANDARD_EDGE
    assert record["traffic"]["players_per_table"] == 5 and record["provenance"]["inputs"]
    rows = list(csv.DictReader(out_csv.open()))
    assert {r["input"] for r in rows} == set(record["inputs"])
    assert any(r["figure"] == "house_edge" and Fraction(r["exact"]) == STANDARD_EDGE for r in rows)
    html = out_html.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<table" in html and "short pay" in html
    assert sorted(os.listdir(tmp_path)) == ["c.csv", "c.html", "c.json"]  # no temporary files


def test_compare_a_capped_table_shows_the_edge_by_ante(capsys):
    status, out, err = _run(capsys, "compare", "standard", "capped-5000", "--ante", "25")
    assert status == 0, err
    assert "House edge by ante (payout caps)" in out
    assert "$500" in out and "6.0710%" in out  # the $5,000 cap at a $500 ante


def test_compare_progressives(tmp_path, capsys):
    out_json = tmp_path / "p.json"
    status, out, err = _run(
        capsys,
        "compare",
        "progressives/50-75-100",
        "progressives/50-100-150",
        "--players",
        6,
        "--rounds-per-hour",
        30,
        "--json",
        out_json,
    )
    assert status == 0, err
    record = json.loads(out_json.read_text())
    meter = _row(record, "break_even_meter")
    side = analyze_progressive(load_progressive("progressives/50-75-100"))
    assert Fraction(meter["exact"][0]) == side.break_even_meter
    assert _row(record, "odds_check")["values"] == ["pass", "pass"]
    assert Fraction(_row(record, "long_run_return")["exact"][0]) == side.long_run_return
    growth = _row(record, "meter_growth_per_table_hour")
    assert Fraction(growth["exact"][0]) == 6 * 30 * Fraction(65, 100)
    assert "every award at least 1 in 100,000,000" in out


def test_compare_stud_tables_with_intervals(tmp_path, capsys):
    out_json = tmp_path / "s.json"
    status, _out, err = _run(
        capsys,
        "compare",
        "stud/tables/5-10",
        "stud/tables/15-30",
        "--hands",
        2000,
        "--seed",
        7,
        "--json",
        out_json,
    )
    assert status == 0, err
    record = json.loads(out_json.read_text())
    rake = _row(record, "rake_per_hand")
    low, high = rake["intervals"][0]
    assert low <= rake["values"][0] <= high and rake["values"][0] > 0
    assert _row(record, "time_collection_per_table_hour")["exact"] == ["0", "112"]  # 8 x 2 x $7
    assert record["simulation"]["seed"] == 7 and record["provenance"]["seed"] == 7
    again = tmp_path / "again.json"
    _run(
        capsys,
        "compare",
        "stud/tables/5-10",
        "stud/tables/15-30",
        "--hands",
        2000,
        "--seed",
        7,
        "--json",
        again,
    )
    assert json.loads(again.read_text())["rows"] == record["rows"]  # the seed decides it all


@pytest.mark.parametrize(
    "args",
    [
        ["standard"],  # one input
        ["standard", "progressives/50-75-100"],  # two kinds
        ["floors/pit", "standard"],  # a kind compare does not take
        ["stud/seven_card_stud", "standard"],  # a variant is not a table
        ["standard", "missing.yaml"],
        ["standard", "/dev/full"],
        ["standard", "short-pay", "--variant", "razz"],
        ["progressives/50-75-100", "progressives/50-100-150", "--strategy", "akj83"],
        ["standard", "short-pay", "--strategy", "nonsense"],
        ["standard", "short-pay", "--players", "9"],
        ["standard", "short-pay", "--rounds-per-hour", "0"],
    ],
)
def test_compare_bad_input_is_one_line_and_status_2(args, capsys):
    status, _, err = _run(capsys, "compare", *args)
    assert _one_line_error(status, err), err


def test_compare_refuses_bad_outputs_before_writing_anything(tmp_path, capsys):
    existing = tmp_path / "existing.json"
    existing.write_text("the user's")
    good = tmp_path / "good.csv"
    for bad in [tmp_path / "missing" / "x.html", "/dev/full", existing, tmp_path]:
        status, out, err = _run(
            capsys, "compare", "standard", "short-pay", "--csv", good, "--html", bad
        )
        assert _one_line_error(status, err), (bad, err)
        assert not good.exists() and out == ""
    assert existing.read_text() == "the user's"
    status, _, err = _run(capsys, "compare", "standard", "short-pay", "--json", existing, "--force")
    assert status == 0, err
    assert json.loads(existing.read_text())["kind"] == "caribbean_stud"


def test_fifo_and_folder_inputs_are_refused(tmp_path, capsys):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for bad in (fifo, tmp_path):
        status, _, err = _run(capsys, "compare", "standard", bad)
        assert _one_line_error(status, err), err
        status, _, err = _run(capsys, "solve", "break-even", bad)
        assert _one_line_error(status, err), err


# ------------------------------------------------------------------ solve


def test_solve_edge_for_the_standard_edge_returns_the_standard_pays(tmp_path, capsys):
    out_json = tmp_path / "edge.json"
    status, out, err = _run(
        capsys,
        "solve",
        "edge",
        "standard",
        "--target",
        str(STANDARD_EDGE),
        "--keys",
        "straight_flush,four_of_a_kind",
        "--json",
        out_json,
    )
    assert status == 0, err
    assert (
        "best     straight flush 50, four of a kind 20" in out and "hits the target exactly" in out
    )
    record = json.loads(out_json.read_text())
    assert record["best"]["setting"] == {"straight_flush": 50, "four_of_a_kind": 20}
    assert record["exact_hit"] and record["best"]["distance_exact"] == "0"
    assert len(record["runners_up"]) == 5 and record["provenance"]["inputs"]["paytable"]["sha256"]


def test_solve_edge_with_half_steps_and_bounds(capsys):
    status, out, err = _run(
        capsys,
        "solve",
        "edge",
        "standard",
        "--target",
        "5%",
        "--keys",
        "four_of_a_kind",
        "--step",
        "0.5",
        "--bounds",
        "four_of_a_kind=20:40",
        "--runners-up",
        "2",
    )
    assert status == 0, err
    assert "best     four of a kind 28" in out and "four of a kind 27.5" in out
    assert "four_of_a_kind 20..40 in steps of 0.5 (41 paytables)" in out


def test_solve_contribution_is_exact(tmp_path, capsys):
    out_json = tmp_path / "c.json"
    status, _out, err = _run(
        capsys,
        "solve",
        "contribution",
        "progressives/50-75-100",
        "--target-return",
        "0.8",
        "--json",
        out_json,
    )
    assert status == 0, err
    record = json.loads(out_json.read_text())
    assert record["best"]["achieved_exact"] == "4/5" and record["exact_hit"]
    rate = Fraction(record["best"]["setting"]["contribution_rate"])
    side = load_progressive("progressives/50-75-100")
    before = analyze_progressive(side)
    assert rate == Fraction(4, 5) - before.long_run_return + before.contribution_rate


def test_solve_break_even_matches_the_analysis(capsys):
    status, out, err = _run(capsys, "solve", "break-even", "progressives/50-75-100")
    assert status == 0, err
    assert "meter $263,205.263158 (exactly 5000900/19)" in out
    assert "meter $263,205.26" in out and "meter $263,205.27" in out


def test_solve_cap(capsys):
    status, out, err = _run(
        capsys, "solve", "cap", "royal-250", "--max-ante", "100", "--edge-floor", "0.053"
    )
    assert status == 0, err
    assert "best     max payout $3,900.00" in out and "keeps the floor" in out


@pytest.mark.parametrize(
    "args",
    [
        ["edge", "standard", "--target", "0.01", "--keys", "flush"],  # unreachable
        ["edge", "standard", "--target", "0.05", "--keys", "flsh"],
        ["edge", "standard", "--target", "0.05", "--keys", "flush,,straight"],
        ["edge", "standard", "--target", "abc", "--keys", "flush"],
        ["edge", "standard", "--target", "0.05", "--keys", "flush", "--step", "0.25"],
        ["edge", "standard", "--target", "0.05", "--keys", "flush", "--bounds", "flush=1"],
        ["edge", "progressives/50-75-100", "--target", "0.05", "--keys", "flush"],  # wrong kind
        ["edge", "capped-5000", "--target", "0.05", "--keys", "flush"],  # needs --ante
        ["contribution", "progressives/50-75-100", "--target-return", "1.5"],  # unreachable
        ["contribution", "standard", "--target-return", "0.8"],  # wrong kind
        ["break-even", "standard"],
        ["cap", "standard", "--max-ante", "100", "--edge-ceiling", "0.05"],  # unreachable
        ["cap", "standard", "--max-ante", "100"],
        ["cap", "standard", "--max-ante", "0", "--edge-floor", "0.06"],
    ],
)
def test_solve_bad_input_is_one_line_and_status_2(args, tmp_path, capsys):
    out_json = tmp_path / "never.json"
    status, _, err = _run(capsys, "solve", *args, "--json", out_json)
    assert _one_line_error(status, err), err
    assert not out_json.exists()


def test_solve_json_is_never_half_written(tmp_path, capsys):
    existing = tmp_path / "answer.json"
    existing.write_text("the user's")
    status, _, err = _run(
        capsys, "solve", "break-even", "progressives/50-75-100", "--json", existing
    )
    assert _one_line_error(status, err) and existing.read_text() == "the user's"
    status, _, err = _run(
        capsys, "solve", "break-even", "progressives/50-75-100", "--json", existing, "--force"
    )
    assert status == 0, err
    assert json.loads(existing.read_text())["figure"] == "expected_return"
    assert os.listdir(tmp_path) == ["answer.json"]
