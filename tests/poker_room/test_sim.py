"""Chunked runs, hand histories, YAML adapters and the CLI."""

from __future__ import annotations

import io
import json

import pytest
from stud_helpers import VARIANT_NAMES, load_table, load_variant, make_table

from casino_sim.cli import main
from casino_sim.games.poker_room import read_history, simulate_stud

VARIANT = "paytables/stud/seven_card_stud.yaml"
TABLE = "paytables/stud/tables/5-10.yaml"
T = make_table()


def seven_card_stud():
    return load_variant("seven_card_stud")


def test_same_seed_same_result_for_any_worker_count():
    kwargs = dict(hands=300, seed=7, chunk_size=100)
    one = simulate_stud(seven_card_stud(), T, 6, **kwargs)
    two = simulate_stud(seven_card_stud(), T, 6, workers=2, **kwargs)
    assert one == two
    assert simulate_stud(seven_card_stud(), T, 6, hands=300, seed=8, chunk_size=100) != one


def test_bad_beat_run_conserves_money():
    table = load_table("5-10-bad-beat")
    r = simulate_stud(seven_card_stud(), table, 8, hands=400, seed=3, chunk_size=200)
    assert sum(p.net for p in r.players) + r.rake + r.jackpot_drop - r.jackpot_paid == 0
    assert r.rake == 100 * r.hands  # $1 drop every hand
    assert r.jackpot_meter_end >= table.bad_beat.seed_cents


def test_history_round_trip():
    chunks = []
    simulate_stud(seven_card_stud(), T, 4, hands=30, seed=1, history=True, on_chunk=chunks.append)
    lines = [line for c in chunks for line in c.history]
    records = list(read_history(io.StringIO("\n".join(lines))))
    assert [r.hand_id for r in records] == list(range(30))
    for rec in records:
        assert sum(rec.stacks_end) + rec.rake + rec.drop == sum(rec.stacks_start)
        assert rec.to_json() in lines


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_every_yaml_variant_plays(name):
    r = simulate_stud(load_variant(name), load_table("5-10"), 8, hands=150, seed=2)
    assert sum(p.net for p in r.players) + r.rake + r.jackpot_drop == 0
    assert sum(r.streets) == 150


def test_cli_runs_and_writes(tmp_path, capsys):
    out, hist = tmp_path / "o.json", tmp_path / "h.jsonl"
    status = main(
        [
            "stud",
            VARIANT,
            TABLE,
            "--players",
            "6",
            "--hands",
            "200",
            "--seed",
            "1",
            "--json",
            str(out),
            "--history",
            str(hist),
            "--no-progress",
        ]
    )
    assert status == 0
    assert "% of handle" in capsys.readouterr().out
    assert json.loads(out.read_text())["hands"] == 200
    assert len(hist.read_text().splitlines()) == 200


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stud", "missing.yaml", TABLE], "no such file"),
        (["stud", VARIANT, TABLE, "--players", "9"], "--players must be 2..8"),
        (["stud", VARIANT, "tests/config/malformed/spread-missing.yaml"], "give a spread exactly"),
    ],
)
def test_cli_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
