"""``casino-sim report FLOOR --optimize GROUPS``: the optimizer's schedule in the floor's section.

The part must show what ``casino-sim optimize`` finds with the seed the report records (the
command it prints reproduces it), its moved blocks exactly where the schedule differs from the
base, and the selection run's paired figures as the data records them; bad ``--optimize``
values are one line and exit status 2, before any work.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import load_floor
from casino_sim.floor.optimize import OptimizeOptions, optimize_tables
from casino_sim.report.par.content import derive_seed

SEED = 5
#: A small pit (4 tables, 4/8/16 players an hour in three 8-hour blocks): seconds to optimize.
FLOOR = """\
kind: floor
name: small pit
notes: "Assumptions: a test floor, chosen figures."
days: 7
start_weekday: monday
tables:
  - game: caribbean_stud
    name: pit
    count: 4
    paytable: caribbean_stud/standard
    seats: 7
    min_ante: 5
    max_ante: 5
    open: always
    pace: {seconds_per_round: 60, seconds_per_player: 0, shuffle_seconds: 0}
    schedule: {starts: [0, 8, 16], every_day: [2, 2, 2]}
traffic:
  arrivals_per_hour: 4
  hourly_profile: [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4]
  players:
    - {name: player, games: [pit], session_minutes: 30, buy_in: null, ante: 5, strategy: optimal}
costs:
  dealer_per_hour: 30
"""


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, str]:
    folder = tmp_path_factory.mktemp("optimized")
    floor = folder / "small-pit.yaml"
    floor.write_text(FLOOR)
    out = folder / "report"
    argv = ["report", str(floor), "--optimize", "all", "--max-turned-away", "10%", "--days", "7",
            "--replications", "2", "--seed", str(SEED), "--format", "json,md", "--quiet",
            "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    record = json.loads((out / "report.json").read_text())
    (section,) = [s for s in record["sections"] if s["kind"] == "floor"]
    return floor, section, (out / "report.md").read_text()


def test_the_schedule_is_the_optimizers_with_the_recorded_seed(reported) -> None:
    floor, section, markdown = reported
    data = section["data"]["optimized"]
    options = data["options"]
    assert options["seed"] == derive_seed(SEED, "optimize-1")
    assert options["groups"] == ["pit"] and options["max_turned_away"] == 0.10
    direct = optimize_tables(
        load_floor(floor),
        OptimizeOptions(groups=("pit",), max_turned_away=0.10, seed=options["seed"]),
    )
    assert data["schedules"] == {"pit": direct.schedules["pit"].tolist()}
    assert data["objective"] == direct.objective.to_record()
    command = (f"casino-sim optimize {floor} --groups pit --max-turned-away 0.1 "
               f"--seed {options['seed']}")  # fmt: skip
    assert command in markdown


def test_the_part_shows_the_moves_and_the_paired_figures(reported) -> None:
    _, section, _ = reported
    data = section["data"]["optimized"]
    (part,) = [p for p in section["parts"] if p["id"].endswith("-optimized")]
    tables = {t["id"].rsplit("-", 1)[-1]: t for t in part["tables"]}
    schedule, base = np.array(data["schedules"]["pit"]), np.array(data["base"]["pit"])
    shown = np.array([[row[f"block_{b}"] for b in range(12)] for row in tables["pit"]["rows"]])
    assert (shown == schedule).all()
    moved = {(r["weekday"], r["hours"], r["base"], r["optimized"]) for r in tables["moves"]["rows"]}
    days = [row["weekday"] for row in tables["pit"]["rows"]]
    expected = {
        (days[d], f"{2 * b:02d}:00-{2 * b + 2:02d}:00", int(base[d, b]), int(schedule[d, b]))
        for d, b in zip(*np.nonzero(schedule != base), strict=True)
    }
    assert moved == expected
    figures = {f["key"]: f for f in part["figures"]}
    gain = data["objective"]["difference"]
    assert figures["objective_gain"]["value"] == pytest.approx(gain["mean"])  # 7 days: a week
    assert figures["objective_gain"]["ci_low"] == pytest.approx(gain["low"])
    shares = data["turned_away"]["pit"]
    assert figures["turned_away_pit"]["value"] == pytest.approx(shares["b"]["mean"])
    assert 0 <= figures["turned_away_pit"]["ci_low"] <= figures["turned_away_pit"]["ci_high"] <= 1
    assert any(p["id"].endswith("-optimized-plot") for p in part["plots"])


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["caribbean_stud/standard"], "--optimize: the report has no floor input to optimize"),
        (["floors/erlang-pit"], "--optimize: 'nope' is not a banked table group of"),
        (["floors/card-room"], "has no banked table group to schedule"),
    ],
)
def test_bad_optimize_values_are_one_line_before_any_work(argv, expected, tmp_path, capsys):
    group = "all" if "card-room" in argv[0] else "nope"
    out = tmp_path / "report"
    code = main(["report", *argv, "--optimize", group, "--out", str(out), "--quiet"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and expected in err[0]
    assert not out.exists()
