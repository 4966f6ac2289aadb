"""What a long run tells the user: its estimate, the workers that really run, what an interrupt
kept; stud runs by the hour with intervals; solve answers that say what they searched."""

from __future__ import annotations

import json

import pytest

from casino_sim.cli import main
from casino_sim.cli.progress import RunProgress, workers_note
from casino_sim.engine.runner import Terminated

STANDARD = "caribbean_stud/standard"
STUD = ["stud", "stud/seven_card_stud"]
SIMULATE_MODULE = "casino_sim.games.banked.caribbean_stud.montecarlo.simulate"


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Bar:
    disable = True


def _run(progress: RunProgress, clock: _Clock, times: list[float]) -> None:
    for t in times:
        clock.now = t
        progress.update(1)


@pytest.mark.parametrize(
    ("times", "announced"),
    [
        # the first chunk holds 10 s of start-up; then 2 workers finish 2 chunks a second
        ([10, 10.1, 11], []),  # 97 chunks left at 2 a second: under a minute in all
        ([10, 10.1, 12], [97.0]),  # 1 a second: 97 s to go
        ([10, 10.1], []),  # the pace is not known before `workers` chunks follow the first
    ],
)
def test_the_estimate_leaves_out_the_start_up_and_waits_for_the_pace(times, announced):
    clock, said = _Clock(), []
    progress = RunProgress(_Bar(), chunks=100, workers=2, announce=said.append, clock=clock)
    _run(progress, clock, times)
    assert said == pytest.approx(announced)


def test_restored_chunks_count_as_done_but_not_toward_the_pace():
    clock, said = _Clock(), []
    progress = RunProgress(_Bar(), chunks=200, workers=1, announce=said.append, clock=clock)
    for index in range(100):  # a resumed run: half the chunks come back at once
        progress.restored(index)
        progress.update(1)
    _run(progress, clock, [5, 7])
    assert progress.done == 102 and progress.computed == 2
    assert said == pytest.approx([98 * 2.0])  # 98 left at the 2 s the computed chunk took


def test_workers_beyond_the_chunks_or_cores_are_explained(monkeypatch, capsys):
    monkeypatch.setattr("casino_sim.engine.runner.available_workers", lambda: 2)
    monkeypatch.setattr("casino_sim.cli.progress.available_workers", lambda: 2)
    assert workers_note(64, 1, chunk="up to 1,048,576 rounds") == 1
    err = capsys.readouterr().err
    assert "--workers 64: 1 worker process will run: the run is 1 chunk" in err
    assert "this machine lets it use 2 cores" in err
    assert workers_note(None, 1) == 1 and workers_note(2, 50) == 2
    assert capsys.readouterr().err == ""  # nothing to explain


def _interrupting(stop: BaseException):
    """A simulate_caribbean that finishes two chunks, then is stopped."""

    def simulate(config, hands, *, progress, **options):
        progress(1000)
        progress(1000)
        raise stop

    return simulate


@pytest.mark.parametrize(("stop", "status"), [(KeyboardInterrupt(), 130), (Terminated(), 143)])
def test_an_interrupted_run_says_how_far_it_came_and_how_to_keep_it(
    stop, status, monkeypatch, capsys
):
    monkeypatch.setattr(f"{SIMULATE_MODULE}.simulate_caribbean", _interrupting(stop))
    args = ["simulate", STANDARD, "--hands", "5000", "--chunk-rounds", "1000", "--no-exact",
            "--no-progress", "--seed", "11"]  # fmt: skip
    assert main(args) == status
    (line,) = capsys.readouterr().err.strip().splitlines()
    word = "interrupted" if status == 130 else "terminated"
    assert line.startswith(f"casino-sim: error: {word} after 2 of 5 chunks, 2,000 of 5,000 hands")
    assert "(seed 11); nothing was kept: with --run-dir DIR" in line


def test_an_interrupted_run_with_a_run_dir_says_how_to_resume(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(f"{SIMULATE_MODULE}.simulate_caribbean", _interrupting(KeyboardInterrupt()))
    run_dir = tmp_path / "run"
    args = ["simulate", STANDARD, "--hands", "5000", "--chunk-rounds", "1000", "--no-exact",
            "--no-progress", "--run-dir", str(run_dir)]  # fmt: skip
    assert main(args) == 130
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"the finished chunks are kept in {run_dir}: the same command with --resume" in line


def test_stud_for_hours_and_days_at_the_stated_pace(tmp_path, capsys):
    out = tmp_path / "hours.json"
    assert main([*STUD, "stud/tables/5-10", "--hours", "10", "--seed", "3", "--no-progress",
                 "--json", str(out)]) == 0  # fmt: skip
    record = json.loads(out.read_text())
    assert record["hands"] == 400 and record["table_hours"] == pytest.approx(10)
    assert record["pace_plan"] == {"hours": 10, "hands": 400, "hands_per_hour": 40.0,
                                   "pilot_hands": 0}  # fmt: skip
    assert record["provenance"]["parameters"]["hands"] == 400
    assert (
        "10 table-hours at 40.0 hands an hour, the table's stated pace" in capsys.readouterr().out
    )
    assert main([*STUD, "stud/tables/5-10", "--days", "0.5", "--seed", "3", "--no-progress"]) == 0
    assert "seven-card stud: 480 hands" in capsys.readouterr().out


def test_stud_for_hours_without_a_stated_pace_measures_it_on_a_pilot(tmp_path, capsys):
    from casino_sim.config import PAYTABLE_DIR

    text = (PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml").read_text()
    table = tmp_path / "no-pace.yaml"
    table.write_text("\n".join(line for line in text.splitlines()
                               if not line.startswith("hands_per_hour")))  # fmt: skip
    out = tmp_path / "pilot.json"
    assert main([*STUD, str(table), "--hours", "50", "--seed", "3", "--no-progress",
                 "--json", str(out)]) == 0  # fmt: skip
    record = json.loads(out.read_text())
    assert record["pace_plan"]["pilot_hands"] == 2000
    assert record["hands"] == round(50 * record["pace_plan"]["hands_per_hour"])
    assert record["table_hours"] == pytest.approx(50, rel=0.05)  # the run's own clock
    again = tmp_path / "again.json"
    assert main([*STUD, str(table), "--hours", "50", "--seed", "3", "--no-progress",
                 "--json", str(again)]) == 0  # fmt: skip
    assert json.loads(again.read_text())["hands"] == record["hands"]  # the seed fixes the pilot


def test_stud_prints_its_rake_with_intervals(tmp_path, capsys):
    out = tmp_path / "rake.json"
    assert main([*STUD, "stud/tables/5-10", "--hands", "4,000", "--seed", "5", "--no-progress",
                 "--json", str(out)]) == 0  # fmt: skip
    text = capsys.readouterr().out
    assert "95% interval" in text and "(20 chunks)" in text  # a twentieth of the hands each
    record = json.loads(out.read_text())
    estimates = record["rake_estimates"]
    assert estimates["batches"] == 20
    for key in ("per_hand", "per_100_hands", "per_table_hour", "effective_rake"):
        assert estimates[key]["ci_low"] < estimates[key]["estimate"] < estimates[key]["ci_high"]
    assert estimates["per_hand"]["estimate"] == pytest.approx(record["rake_per_hand"])
    assert estimates["per_table_hour"]["estimate"] == pytest.approx(record["rake_per_table_hour"])


def test_stud_hands_and_hours_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as stop:
        main([*STUD, "stud/tables/5-10", "--hands", "10", "--hours", "2"])
    assert stop.value.code == 2
    assert "argument --hours: not allowed with argument --hands" in capsys.readouterr().err


def test_solve_edge_says_what_it_searched_and_why(capsys):
    args = ["solve", "edge", "standard", "--target", "5%", "--keys", "flush",
            "--bounds", "flush=1:20", "--step", "0.5"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "searched: flush 4..7 in steps of 0.5 (7 paytables)" in out
    assert (
        "note: flush: 1..20 asked, 4..7 searched: the pays must fall from the royal down, so "
        "flush pays from straight (4) to full house (7)"
    ) in out
    assert "(the lowest and the highest house edge of the 7 paytables searched)" in out


def test_solve_break_even_says_where_its_reachable_range_ends(tmp_path, capsys):
    assert main(["solve", "break-even", "progressives/50-75-100", "--runners-up", "6"]) == 0
    out = capsys.readouterr().out
    assert (
        "reachable expected return: 25.9565% to 792.7094% (meters from the seed, $10,000.00" in out
    )
    assert "10x the break-even meter, $2,632,052.63; with no meter cap" in out
    rows = [line for line in out.splitlines() if line.startswith("    meter $263,20")]
    assert len(rows) == 6  # as many runners-up as asked
    from casino_sim.config import PAYTABLE_DIR

    capped = tmp_path / "capped.yaml"
    text = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()
    capped.write_text(text + "\nmeter_cap: 200000\n")
    assert main(["solve", "break-even", str(capped)]) == 0
    out = capsys.readouterr().out
    assert "to the meter cap, $200,000.00, above which the meter never shows" in out
    assert "the meter never reaches the break-even meter" in out


def test_solve_cap_lists_the_runners_up_asked_for(capsys):
    args = ["solve", "cap", "royal-250", "--max-ante", "100", "--edge-floor", "0.053",
            "--runners-up", "6"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if line.startswith("    max payout $")]) == 6
    assert "(from a cap of $50,000.00 or more, which never binds at this ante" in out
