"""``casino-sim simulate``: summary, JSON, and one-line errors with status 2."""

from __future__ import annotations

import json

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR

STANDARD = str(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
PROGRESSIVE = str(PAYTABLE_DIR / "progressives" / "50-75-100.yaml")


def test_simulate_summary_and_json(tmp_path, capsys):
    out = tmp_path / "run.json"
    status = main(["simulate", STANDARD, "--hands", "200k", "--seats", "3", "--strategy",
                   "optimal,pair-or-better,akj83", "--progressive", PROGRESSIVE, "--progressive-seats",
                   "1,3", "--seed", "1", "--workers", "1", "--no-progress", "--json", str(out)])  # fmt: skip
    assert status == 0
    text = capsys.readouterr().out
    assert "seat 1 (optimal, ante 1) house edge" in text and "5.2243%" in text
    assert "royal_flush" in text and "break-even meter" in text and "Sessions of 400 rounds" in text
    record = json.loads(out.read_text())
    assert isinstance(record["house_edge"], float)
    low, high = record["house_edge_ci"]
    assert low < record["house_edge"] < high
    assert record["seed"] == 1 and record["hands"] == 200_000
    assert [s["strategy"] for s in record["config"]["seats"]] == [
        "optimal",
        "pair-or-better",
        "akj83",
    ]
    assert [s["progressive"] for s in record["config"]["seats"]] == [True, False, True]
    assert record["seats"][0]["exact"]["within_interval"] in (True, False)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--hands", "0"], "--hands"),
        (["--seats", "8"], "--seats: expected a whole number from 1 to 7"),
        (["--strategy", "bluff"], "unknown strategy 'bluff'"),
        (["--progressive", STANDARD], "expected kind 'progressive'"),
        (["--ante", "0"], "--ante: expected an amount in whole cents"),
        (["--seats", "2", "--strategy", "optimal,akj83,akj83"], "one per seat"),
        (["--progressive", PROGRESSIVE, "--progressive-seats", "4"], "no seat 4"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_bad_options_one_line_status_2(args, needle, capsys):
    try:
        status = main(["simulate", STANDARD, "--no-progress", "--hands", "1000", *args])
    except SystemExit as stop:  # argparse refuses the value itself
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and needle in err
