"""Chunked runs, hand histories, YAML adapters and the CLI."""

from __future__ import annotations

import io
import json

import pytest

from casino_sim.cli import main
from casino_sim.config import load_stud_table, load_stud_variant
from casino_sim.games.poker_room import TableRules, seven_card_stud
from casino_sim.games.poker_room.adapters import table_rules_from, variant_rules_from
from casino_sim.games.poker_room.history import read_history
from casino_sim.games.poker_room.simulate import simulate_stud

VARIANT = "paytables/stud/seven_card_stud.yaml"
TABLE = "paytables/stud/tables/5-10.yaml"
T = TableRules(ante=100, bring_in=200, small_bet=500, big_bet=1000)


def test_same_seed_same_result_for_any_worker_count():
    kwargs = dict(hands=300, seed=7, chunk_size=100)
    one = simulate_stud(seven_card_stud(), T, 6, **kwargs)
    two = simulate_stud(seven_card_stud(), T, 6, workers=2, **kwargs)
    assert one == two
    assert simulate_stud(seven_card_stud(), T, 6, hands=300, seed=8, chunk_size=100) != one


def test_bad_beat_run_conserves_money():
    table = table_rules_from(load_stud_table("paytables/stud/tables/5-10-bad-beat.yaml"))
    r = simulate_stud(seven_card_stud(), table, 8, hands=400, seed=3, chunk_size=200)
    assert sum(p.net for p in r.players) + r.rake + r.drop - r.jackpot_paid == 0
    assert r.rake == 100 * r.hands  # $1 drop every hand
    assert r.jackpot_meter_end >= table.bad_beat.seed


def test_history_round_trip():
    chunks = []
    simulate_stud(seven_card_stud(), T, 4, hands=30, seed=1, history=True, on_chunk=chunks.append)
    lines = [line for c in chunks for line in c.history]
    records = list(read_history(io.StringIO("\n".join(lines))))
    assert [r.hand_id for r in records] == list(range(30))
    for rec in records:
        assert sum(rec.stacks_end) + rec.rake + rec.drop == sum(rec.stacks_start)
        assert rec.to_json() in lines


@pytest.mark.parametrize(
    "name",
    [
        "seven_card_stud",
        "razz",
        "stud_hilo8",
        "five_card_stud",
        "six_card_stud",
        "mississippi_stud",
        "london_lowball",
    ],
)
def test_every_yaml_variant_plays(name):
    variant = variant_rules_from(load_stud_variant(f"paytables/stud/{name}.yaml"))
    r = simulate_stud(variant, table_rules_from(load_stud_table(TABLE)), 8, hands=150, seed=2)
    assert sum(p.net for p in r.players) + r.rake + r.drop == 0
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
    assert "of wagered" in capsys.readouterr().out
    assert json.loads(out.read_text())["hands"] == 200
    assert len(hist.read_text().splitlines()) == 200


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stud", "missing.yaml", TABLE], "no such file"),
        (["stud", VARIANT, TABLE, "--players", "9"], "--players must be 2..8"),
        (["stud", VARIANT, "tests/config/unsupported/1-5-spread.yaml"], "fixed-limit only"),
    ],
)
def test_cli_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
