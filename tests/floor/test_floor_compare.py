"""``casino-sim floor compare``: two floors paired by common random numbers.

A floor compared with itself differs by exactly 0 in every figure; one more
table in the busy pit is detected (fewer players turned away, more theoretical
win) and with fewer replications paired than unpaired; streams keyed by purpose
keep the arrivals the same where streams by order do not; the same seed gives
the same figures with any ``--workers``; bad input is one line and status 2.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_floor
from casino_sim.floor.compare import compare_floors, pair, per_replication
from casino_sim.floor.simulate import simulate_floor

PIT = (PAYTABLE_DIR / "floors" / "pit.yaml").read_text()
QUICK = ["--days", "1", "--replications", "2", "--seed", "3", "--quiet"]


def _pit(tmp_path: Path, name: str, *, tables: int = 6, days: int = 30) -> Path:
    path = tmp_path / f"{name}.yaml"
    text = PIT.replace("    count: 6\n", f"    count: {tables}\n")
    path.write_text(text.replace("days: 30\n", f"days: {days}\n"))
    return path


def _status(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.fixture(scope="module")
def one_more_table(tmp_path_factory):
    """The shipped pit (6 tables) against the same pit with 7: 10 replications of one day."""
    folder = tmp_path_factory.mktemp("compare")
    a, b = load_floor(_pit(folder, "six")), load_floor(_pit(folder, "seven", tables=7))
    return compare_floors(a, b, days=1, replications=10, seed=1, workers=1)


def test_a_floor_compared_with_itself_differs_by_exactly_zero():
    pit = load_floor("floors/pit")
    same = compare_floors(pit, pit, days=1, replications=3, seed=2)
    assert same.results[0].to_record() == same.results[1].to_record()
    differences = [f.difference for f in same.figures]
    assert len(differences) > 30 and all(d is not None for d in differences)
    for paired in same.figures:
        d = paired.difference
        assert (d.mean, d.low, d.high, d.se) == (0.0, 0.0, 0.0, 0.0), paired
    win = same.figure("group", "pit", "win")
    assert win.unpaired.high > 0 > win.unpaired.low  # the unpaired interval is not 0


def test_one_more_table_keeps_the_arrivals_and_is_detected(one_more_table):
    c = one_more_table
    assert c.shared_tables == {"pit": 6} and c.shared_player_types == ["recreational", "regular"]
    for kind in ("recreational", "regular"):
        arrivals = c.figure("player type", kind, "arrivals")
        assert arrivals.difference.high == arrivals.difference.low == 0.0  # the same arrivals
        assert arrivals.a.mean > 100
        away = c.figure("player type", kind, "turned_away")
        assert away.difference.high < 0  # fewer turned away: detected
        assert away.variance_reduction > 2
        assert away.unpaired.high - away.unpaired.low > away.difference.high - away.difference.low
    theo = c.figure("group", "pit", "theoretical_win")
    assert theo.difference.low > 0 and theo.variance_reduction > 2
    occupancy = c.figure("group", "pit", "occupancy")
    assert occupancy.difference.high < 0 and occupancy.variance_reduction > 2


def _first_detected(a: np.ndarray, b: np.ndarray, key) -> tuple[int, int]:
    """The fewest replications (2 to all) at which the paired and the unpaired interval exclude 0."""
    found: dict[str, int] = {}
    for r in range(2, len(a) + 1):
        p = pair(key, a[:r], b[:r])
        for name, iv in (("paired", p.difference), ("unpaired", p.unpaired)):
            if name not in found and (iv.low > 0 or iv.high < 0):
                found[name] = r
    return found.get("paired", math.inf), found.get("unpaired", math.inf)


@pytest.mark.parametrize(
    "key",
    [
        ("player type", "recreational", "turned_away"),
        ("player type", "regular", "sessions_played"),
        ("group", "pit", "drop"),
    ],
)
def test_paired_detects_with_fewer_replications_than_unpaired(one_more_table, key):
    a, b = one_more_table.values[0][key], one_more_table.values[1][key]
    paired, unpaired = _first_detected(a, b, key)
    assert paired < unpaired, (key, paired, unpaired)
    assert one_more_table.figure(*key).variance_reduction > 2


def test_streams_by_order_shift_the_arrivals_and_keyed_streams_do_not(tmp_path):
    six, seven = load_floor(_pit(tmp_path, "six")), load_floor(_pit(tmp_path, "seven", tables=7))
    key = ("player type", "recreational", "arrivals")
    for streams, same in (("ordered", False), ("keyed", True)):
        runs = [simulate_floor(f, days=1, replications=2, seed=4, streams=streams)
                for f in (six, seven)]  # fmt: skip
        a, b = (per_replication(run)[key] for run in runs)
        assert np.array_equal(a, b) is same, streams


def test_ordered_streams_are_the_default_and_keyed_ones_differ():
    pit = load_floor("floors/pit")
    default = simulate_floor(pit, days=1, replications=1, seed=5).to_record()
    ordered = simulate_floor(pit, days=1, replications=1, seed=5, streams="ordered").to_record()
    keyed = simulate_floor(pit, days=1, replications=1, seed=5, streams="keyed").to_record()
    assert default == ordered and keyed != ordered
    with pytest.raises(ValueError, match="streams"):
        simulate_floor(pit, days=1, replications=1, seed=5, streams="random")


def _without_run(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("provenance", "workers")}


def test_the_same_seed_gives_the_same_output_with_any_workers(tmp_path, capsys):
    a, b = _pit(tmp_path, "six"), _pit(tmp_path, "seven", tables=7)
    outputs = []
    for workers in ("1", "2"):
        out, table = tmp_path / f"w{workers}.json", tmp_path / f"w{workers}.csv"
        assert main(["floor", "compare", str(a), str(b), *QUICK, "--workers", workers,
                     "--json", str(out), "--csv", str(table)]) == 0  # fmt: skip
        text = capsys.readouterr().out
        lines = [
            line for line in text.splitlines() if not line.startswith(("Ran in", "Floor compare"))
        ]
        outputs.append((_without_run(json.loads(out.read_text())), table.read_text(), lines))
    assert outputs[0] == outputs[1]
    record, csv_text, lines = outputs[0]
    assert record["streams"] == "keyed" and record["paired"]["tables"] == {"pit": 6}
    assert set(record["a"]) >= {"groups", "meters", "players", "floor"}
    assert csv_text.startswith("part,name,figure,replications,a_mean,a_low,a_high,b_mean")
    assert any(line.startswith("  turned away ") for line in lines)
    assert any(line.startswith("Paired: the arrivals of player types recreational, regular")
               and line.endswith("the cards of tables pit 1-6; only in B: pit 7.")
               for line in lines)  # fmt: skip


def test_the_same_file_twice_is_a_floor_compared_with_itself(capsys):
    assert main(["floor", "compare", "floors/pit", "floors/pit", *QUICK]) == 0
    out = capsys.readouterr().out
    assert "the floor compared with itself" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compare", "floors/pit"], "floor compare takes two floor files (A B), got 1"),
        (["compare", "floors/pit", "floors/pit", "floors/pit"], "got 3"),
        (
            ["compare", "floors/pit", "caribbean_stud/standard"],
            "needs two floor files, got a caribbean_stud file",
        ),
        (
            ["compare", "floors/pit", "floors/pit", "--plots", "out"],
            "--plots: not with floor compare",
        ),
        (["compare", "floors/pit", "floors/pit", "--tables", "3"], "--tables: not with"),
        (["compare", "floors/pit", "SHORT"], "runs 30 day(s)"),
        (["compare", "floors/pit", "BAD"], "tables[0].count"),
        (["floors/pit", "floors/pit"], "unexpected argument(s): floors/pit"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, message, tmp_path, capsys):
    short = _pit(tmp_path, "short", days=7)
    bad = _pit(tmp_path, "bad", tables=0)
    args = [str(short) if a == "SHORT" else str(bad) if a == "BAD" else a for a in args]
    out = tmp_path / "out.json"
    assert _status(["floor", *args, "--replications", "2", "--quiet", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("casino-sim: error:"), err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_mismatched_days_run_with_days_given(tmp_path, capsys):
    short = _pit(tmp_path, "short", days=7)
    assert main(["floor", "compare", "floors/pit", str(short), *QUICK]) == 0
    assert "1 day(s) x 2 replication(s), seed 3" in capsys.readouterr().out
