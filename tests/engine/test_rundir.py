"""Run directories: chunks stored as they finish, resumed runs equal to uninterrupted ones."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.engine.rundir import DATABASE, RunDir, RunDirError, fingerprint, stored_definition
from casino_sim.engine.runner import RunnerOptions, run_chunks

CALLS: list[int] = []


def draw(context, index, seed):
    CALLS.append(index)
    if context is not None and index == context:
        raise KeyboardInterrupt  # a Ctrl-C while chunk ``context`` runs
    return [(index, float(np.random.default_rng(seed).random()))]


def _add(a, b):
    return a + b


def test_a_run_interrupted_and_resumed_equals_one_never_interrupted(tmp_path):
    whole = run_chunks(draw, None, 8, seed=4, merge=_add)
    options = RunnerOptions(run_dir=tmp_path / "run", resume=True)
    with pytest.raises(KeyboardInterrupt):
        run_chunks(draw, 5, 8, seed=4, merge=_add, options=options)
    with RunDir.open(tmp_path / "run", _definition(8), resume=True) as run:
        assert run.finished() == frozenset(range(5))
    CALLS.clear()
    restored: list[int] = []
    resumed = run_chunks(draw, None, 8, seed=4, merge=_add,
                         options=RunnerOptions(run_dir=tmp_path / "run", resume=True,
                                               on_restored=restored.append))  # fmt: skip
    assert resumed == whole
    assert CALLS == [5, 6, 7] and restored == [0, 1, 2, 3, 4]
    CALLS.clear()
    again = run_chunks(draw, None, 8, seed=4, merge=_add, workers=2, options=options)
    assert again == whole and CALLS == []  # every chunk stored: nothing recomputed


def _definition(n_chunks):
    from casino_sim.engine.runner import root_seed, run_definition

    return run_definition(root_seed(4), n_chunks, {})


def test_parallel_runs_store_every_chunk(tmp_path):
    options = RunnerOptions(run_dir=tmp_path / "run")
    whole = run_chunks(draw, None, 6, seed=9, merge=_add, workers=2, options=options)
    assert whole == run_chunks(draw, None, 6, seed=9, merge=_add)
    with sqlite3.connect(tmp_path / "run" / DATABASE) as connection:
        assert connection.execute("SELECT count(*) FROM chunks").fetchone()[0] == 6


@pytest.mark.parametrize(
    ("change", "message"),
    [({"seed": 5}, "seed 4 there, 5 here"), ({"n_chunks": 9}, "n_chunks 8 there, 9 here")],
)
def test_another_run_is_refused(tmp_path, change, message):
    run_chunks(draw, None, 8, seed=4, merge=_add, options=RunnerOptions(run_dir=tmp_path))
    seed, n_chunks = change.get("seed", 4), change.get("n_chunks", 8)
    with pytest.raises(RunDirError, match=message):
        run_chunks(draw, None, n_chunks, seed=seed, merge=_add,
                   options=RunnerOptions(run_dir=tmp_path, resume=True))  # fmt: skip


def test_other_inputs_are_refused(tmp_path):
    options = RunnerOptions(run_dir=tmp_path, resume=True)
    run_chunks(draw, None, 2, seed=1, merge=_add, options=options, definition={"context": "a"})
    with pytest.raises(RunDirError, match="settings differ"):
        run_chunks(draw, None, 2, seed=1, merge=_add, options=options, definition={"context": "b"})


def test_a_stored_run_needs_resume_and_a_busy_one_is_refused(tmp_path):
    with RunDir.open(tmp_path, {"seed": 1}), pytest.raises(RunDirError, match="in use"):
        RunDir.open(tmp_path, {"seed": 1}, resume=True)
    with pytest.raises(RunDirError, match="holds a run already"):
        RunDir.open(tmp_path, {"seed": 1})
    assert stored_definition(tmp_path) == {"seed": 1}


def test_fingerprints_follow_content():
    assert fingerprint({"a": np.arange(3)}) == fingerprint({"a": np.arange(3)})
    assert fingerprint({"a": np.arange(3)}) != fingerprint({"a": np.arange(3.0)})
    assert fingerprint((1, 2)) != fingerprint([1, 2])


SIMULATE = ["simulate", "caribbean_stud/standard", "--hands", "30k", "--chunk-rounds", "10k",
            "--no-exact", "--no-progress", "--seed", "3", "--workers", "1"]  # fmt: skip


def _status(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    return status, capsys.readouterr()


def test_cli_resume_and_its_bad_inputs(tmp_path, capsys):
    folder = tmp_path / "run"
    first, out = _status([*SIMULATE, "--run-dir", str(folder), "--json", str(tmp_path / "a.json")],
                         capsys)  # fmt: skip
    assert first == 0
    again, out = _status([*SIMULATE, "--run-dir", str(folder), "--resume"], capsys)
    assert again == 0
    cases = [
        ([*SIMULATE, "--resume"], "--resume needs --run-dir"),
        ([*SIMULATE, "--run-dir", str(folder)], "holds a run already"),
        ([*SIMULATE[:-4], "--seed", "4", "--run-dir", str(folder), "--resume"],
         "seed 3 there, 4 here"),
        ([*SIMULATE, "--seats", "2", "--run-dir", str(folder), "--resume"], "settings differ"),
    ]  # fmt: skip
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / DATABASE).write_bytes(b"this is not a database, just text" * 100)
    cases.append(([*SIMULATE, "--run-dir", str(tmp_path / "bad"), "--resume"], "not a run"))
    for argv, message in cases:
        status, out = _status(argv, capsys)
        lines = out.err.strip().splitlines()
        assert status == 2 and len(lines) == 1 and message in lines[0], (argv, out.err)
    assert (tmp_path / "bad" / DATABASE).read_bytes().startswith(b"this is not")  # nothing lost


def test_resume_takes_the_stored_seed(tmp_path, capsys):
    folder = tmp_path / "run"
    argv = [*SIMULATE[:-4], "--workers", "1", "--run-dir", str(folder)]
    assert _status(argv, capsys)[0] == 0
    seed = stored_definition(folder)["seed"]
    status, out = _status([*argv, "--resume"], capsys)
    assert status == 0 and f"seed {seed}" in out.out


# -- run length: --until-se (a two-stage rule: a pilot fixes the rounds) -------------------------


def test_until_se_deals_the_rounds_a_pilot_fixed(tmp_path, capsys):
    out = tmp_path / "se.json"
    argv = ["simulate", "caribbean_stud/standard", "--until-se", "0.004", "--chunk-rounds", "50k",
            "--no-exact", "--no-progress", "--seed", "8", "--workers", "1", "--json", str(out)]  # fmt: skip
    assert _status(argv, capsys)[0] == 0
    record = json.loads(out.read_text())
    rule = record["stopping_rule"]
    assert record["hands"] == rule["rounds"] and rule["rounds"] % 50_000 == 0
    expected = rule["pilot_rounds"] * (rule["pilot_standard_error"] / 0.004) ** 2
    assert expected <= rule["rounds"] < expected + 50_000
    assert 0.8 * 0.004 < record["house_edge_standard_error"] < 1.1 * 0.004
    fixed = tmp_path / "fixed.json"  # the same run as asking for those rounds outright
    argv = [*argv[:2], "--hands", str(rule["rounds"]), *argv[4:-1], str(fixed)]
    assert _status(argv, capsys)[0] == 0
    assert json.loads(fixed.read_text())["house_edge"] == record["house_edge"]


def test_the_pilot_deals_from_seeds_no_chunk_uses():
    from casino_sim.engine.runner import chunk_seed
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import pilot_seed

    pilot = chunk_seed(pilot_seed(5), 0).generate_state(4)
    assert all((chunk_seed(5, i).generate_state(4) != pilot).any() for i in range(64))


def test_until_se_replaces_hands(capsys):
    status, out = _status([*SIMULATE, "--until-se", "0.01"], capsys)
    assert status == 2 and "not both" in out.err
