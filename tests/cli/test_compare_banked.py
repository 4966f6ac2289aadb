"""`casino-sim compare` on banked games: two games, or two paytables of one game, exact."""

from __future__ import annotations

import csv
import json
from fractions import Fraction

import pytest
import yaml

from casino_sim.cli import main
from casino_sim.config import load_banked_game, resolve_input
from casino_sim.games.banked.language import analyze_banked


def _run(capsys, *args):
    try:
        status = main([*map(str, args)])
    except SystemExit as stop:  # argparse's own exit
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def _row(record, figure):
    return next(r for r in record["rows"] if r["figure"] == figure)


def test_two_games_compare_on_their_exact_figures_and_money(tmp_path, capsys):
    out_json, out_csv = tmp_path / "c.json", tmp_path / "c.csv"
    status, out, err = _run(capsys, "compare", "banked/three_card_poker", "banked/let_it_ride",
                            "--players", 6, "--rounds-per-hour", 50, "--ante", 25,
                            "--json", out_json, "--csv", out_csv)  # fmt: skip
    assert status == 0, err
    record = json.loads(out_json.read_text())
    games = [load_banked_game(n) for n in ("banked/three_card_poker", "banked/let_it_ride")]
    exact = [analyze_banked(g, side_bets=False) for g in games]
    edge, risk = _row(record, "house_edge"), _row(record, "element_of_risk")
    assert [Fraction(e) for e in edge["exact"]] == [a.house_edge for a in exact]
    assert [Fraction(e) for e in risk["exact"]] == [a.element_of_risk for a in exact]
    assert Fraction(edge["exact_differences"][1]) == exact[1].house_edge - exact[0].house_edge
    assert _row(record, "unit")["values"] == ["ante", "bet_3"]
    win = _row(record, "theoretical_win_per_table_hour")
    assert [Fraction(w) for w in win["exact"]] == [6 * 50 * 25 * a.house_edge for a in exact]
    # Let It Ride's royal: 1,000 to 1 on each of the three bets left riding
    assert Fraction(_row(record, "max_win")["exact"][1]) == 3 * 1000 * 25
    pair_plus = _row(record, "side_bet_edge_pair_plus_40-30-6-4-1")
    (original,) = [s for s in analyze_banked(games[0]).side_bets if s.paytable == "40-30-6-4-1"]
    assert Fraction(pair_plus["exact"][0]) == original.house_edge
    assert round(pair_plus["values"][0], 4) == 0.0232  # published 2.32% (the file's sources)
    assert pair_plus["values"][1] == "none" and "none" in out
    rows = list(csv.DictReader(out_csv.open()))
    assert {r["input"] for r in rows} == {"Three Card Poker", "Let It Ride"}
    assert "element of risk (per average total bet)" in out and "bet_3" in out


def test_two_paytables_of_one_game(tmp_path, capsys):
    """An operator's variant of a shipped file: the ante bonus's straight cut from 1 to 0."""
    text = yaml.safe_load(resolve_input("banked/three_card_poker").read_text())
    bonus = text["wagers"]["ante"]["resolve"]["bonus"]
    text["wagers"]["ante"]["resolve"]["bonus"] = [
        line for line in bonus if line["hand"] != "straight"
    ]
    text["name"] = "Three Card Poker, no straight bonus"
    variant = tmp_path / "variant.yaml"
    variant.write_text(yaml.safe_dump(text, sort_keys=False))
    status, out, err = _run(capsys, "compare", "banked/three_card_poker", variant,
                            "--json", tmp_path / "c.json")  # fmt: skip
    assert status == 0, err
    record = json.loads((tmp_path / "c.json").read_text())
    edges = [Fraction(e) for e in _row(record, "house_edge")["exact"]]
    expected = analyze_banked(load_banked_game(variant), side_bets=False).house_edge
    assert edges == [Fraction(686_689, 20_358_520), expected] and edges[1] > edges[0]
    assert "no straight bonus" in out


@pytest.mark.parametrize(
    "args",
    [
        ["banked/three_card_poker", "caribbean_stud/standard"],  # two kinds
        ["banked/three_card_poker", "banked/let_it_ride", "--strategy", "play everything"],
        ["banked/three_card_poker", "banked/let_it_ride", "--variant", "razz"],
        ["banked/three_card_poker", "banked/let_it_ride", "--players", "8"],
    ],
)
def test_bad_input_is_one_line_and_status_2(args, capsys):
    status, _, err = _run(capsys, "compare", *args)
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith("casino-sim: error:"), err
