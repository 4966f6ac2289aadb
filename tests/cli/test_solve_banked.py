"""`casino-sim solve edge` on banked games: the pays of a main paytable (re-solved) or a side bet."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import yaml

from casino_sim.cli import main
from casino_sim.config import load_banked_game, resolve_input
from casino_sim.games.banked.language import analyze_banked, analyze_side_bet
from casino_sim.games.banked.language.solve_pays import solve_banked_pays

TCP = "banked/three_card_poker"


def _run(capsys, *args):
    try:
        status = main([*map(str, args)])
    except SystemExit as stop:  # argparse's own exit
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def test_the_shipped_ante_bonus_is_found_exactly_and_every_candidate_is_a_full_solve(tmp_path):
    game = load_banked_game(TCP)
    shipped = analyze_banked(game, side_bets=False).house_edge
    answer = solve_banked_pays(game, shipped, ["straight"], table="ante", step=Fraction(1, 2))
    assert answer.exact and answer.best.setting == {"straight": 1}
    # a runner-up checked through another path: the file rewritten and loaded again
    other = next(c for c in answer.runners_up if c.setting["straight"] == 2)
    text = yaml.safe_load(resolve_input(TCP).read_text())
    for line in text["wagers"]["ante"]["resolve"]["bonus"]:
        if line["hand"] == "straight":
            line["pays"] = 2
    variant = tmp_path / "variant.yaml"
    variant.write_text(yaml.safe_dump(text, sort_keys=False))
    assert other.achieved == analyze_banked(load_banked_game(variant), side_bets=False).house_edge
    assert all(c.achieved < shipped for c in answer.runners_up if c.setting["straight"] > 1)


def test_a_side_bet_is_solved_on_its_own_edge():
    game = load_banked_game(TCP)
    published = analyze_side_bet(game, "pair_plus", "40-30-6-4-1").house_edge  # 2.32%
    answer = solve_banked_pays(game, published, ["flush"], table="pair_plus/40-30-6-3-1")
    assert answer.exact and answer.best.setting == {"flush": 4}
    assert answer.search_space.startswith("flush 1..6 in steps of 1")  # between pair and straight


def test_solve_edge_cli_for_a_banked_game(tmp_path, capsys):
    status, out, err = _run(capsys, "solve", "edge", TCP, "--target", "5%", "--keys",
                            "flush,straight", "--paytable", "pair_plus/40-30-6-3-1",
                            "--json", tmp_path / "s.json")  # fmt: skip
    assert status == 0, err
    record = json.loads((tmp_path / "s.json").read_text())
    assert record["best"]["setting"] == {"flush": 4, "straight": 5}
    assert Fraction(record["best"]["achieved_exact"]) == Fraction(308, 5525)
    assert "house edge 5.5747%" in out and record["paytable"] == "pair_plus/40-30-6-3-1"


@pytest.mark.parametrize(
    "args",
    [
        [TCP, "--target", "5%", "--keys", "flush"],  # not a line of the ante bonus
        [TCP, "--target", "5%", "--keys", "flush", "--paytable", "nonsense"],
        [TCP, "--target", "5%", "--keys", "flush,flush", "--paytable", "pair_plus/40-30-6-3-1"],
        [TCP, "--target", "5%", "--keys", "straight", "--ante", "10"],
        [
            "banked/let_it_ride",
            "--target",
            "5%",
            "--keys",
            "royal_flush,straight_flush",
        ],  # 100+ solves
        ["standard", "--target", "5%", "--keys", "flush", "--paytable", "ante"],
        ["floors/pit", "--target", "5%", "--keys", "flush"],
    ],
)
def test_bad_input_is_one_line_and_status_2(args, capsys):
    status, _, err = _run(capsys, "solve", "edge", *args)
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith("casino-sim: error:"), err
