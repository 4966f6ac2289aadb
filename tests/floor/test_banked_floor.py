"""Banked games on the floor (``game: banked``, issue 25): any ``kind: banked_game`` file as a
table group, its hands dealt and settled by the banked Monte Carlo's primitives.

The measured house edge and the side bet's edge agree with the exact ones (``analyze_banked``,
``analyze_side_bet``) within 4 standard errors across replications; a seed gives the same
figures; the group shows in the summary, the CSV rows and the JSON; bad keys are refused with
the key named. Runs are one day of full tables (about 70,000 hands a replication).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import load_banked_game, load_floor
from casino_sim.config.problems import PaytableError, format_path
from casino_sim.floor.figures import FloorResult
from casino_sim.floor.simulate import simulate_floor
from casino_sim.games.banked.language import analyze_banked, analyze_side_bet
from casino_sim.report.floor import format_floor, group_rows
from casino_sim.report.par.floor import FloorRun, floor_section
from casino_sim.report.par.inputs import FloorInput

DATA = Path(__file__).parent / "data"
TCP, LIR = DATA / "banked-tcp.yaml", DATA / "banked-let-it-ride.yaml"
SEED = 3


@pytest.fixture(scope="session")
def tcp_run():
    summary = simulate_floor(load_floor(TCP), replications=4, seed=SEED, workers=1)
    return summary, summary.result()


@pytest.fixture(scope="session")
def tcp_game():
    return load_banked_game("banked/three_card_poker")


def _agrees(measured, exact: float) -> None:
    """Within 4 standard errors, and with the power to tell the edge from 0."""
    assert measured.n >= 3 and measured.se < abs(exact) / 4, (measured, exact)
    assert abs(measured.mean - exact) < 4 * measured.se, (measured, exact)


def test_three_card_poker_edge_agrees_with_the_exact_one(tcp_run, tcp_game):
    _, result = tcp_run
    group = result.groups["tcp"]
    exact = analyze_banked(tcp_game, side_bets=False).house_edge
    assert group.theoretical_edge_per_initial_bet.mean == pytest.approx(float(exact), rel=1e-12)
    _agrees(group.house_edge_per_initial_bet, float(exact))


def test_the_side_bet_money_agrees_with_its_exact_edge(tcp_run, tcp_game):
    _, result = tcp_run
    group = result.groups["tcp"]
    exact = float(analyze_side_bet(tcp_game, "pair_plus", "40-30-6-3-1").house_edge)
    assert group.side_bet_exact_edge == pytest.approx(exact)
    assert group.side_bets_on_felt == {"pair_plus 40-30-6-3-1": pytest.approx(exact)}
    _agrees(group.side_bet_house_edge, exact)


def test_the_money_words_hold(tcp_run):
    summary, result = tcp_run
    per_rep = summary.group_per_replication("tcp")
    win = per_rep["main_game_win"] + per_rep["side_bet_handle"] - per_rep["side_bet_paid"]
    np.testing.assert_allclose(per_rep["win"], win)
    assert (per_rep["handle"] >= per_rep["main_game_win"]).all()
    group = result.groups["tcp"]
    assert group.rounds_per_table_hour.mean > 100 and group.occupancy.mean > 0.9
    assert group.hold.mean == pytest.approx(per_rep["hold"].mean())


def test_a_seed_gives_the_same_figures(tcp_run):
    summary, _ = tcp_run
    again = simulate_floor(load_floor(TCP), replications=2, seed=SEED, workers=1)
    first, second = summary.group_per_replication("tcp"), again.group_per_replication("tcp")
    for key, values in second.items():
        np.testing.assert_array_equal(values, first[key][:2], err_msg=key)


def test_the_reports_show_the_group(tcp_run):
    summary, result = tcp_run
    record = summary.to_record()
    text = format_floor(record, name="tcp", seed=SEED)
    assert "tcp: 3 banked game table(s), 6 seats" in text
    assert "Three Card Poker: house edge per initial bet, measured" in text
    assert "side bets per day: pair_plus 40-30-6-3-1 (edge" in text
    assert "edge check: the theoretical 3.373%" in text
    (row,) = group_rows(record)
    assert row["game"] == "banked"
    assert row["house_edge_per_initial_bet_mean"] == pytest.approx(
        result.groups["tcp"].house_edge_per_initial_bet.mean
    )
    back = FloorResult.from_record(record).groups["tcp"]
    assert back.banked_game == "Three Card Poker" and back.definition == "banked/three_card_poker"
    floor = load_floor(TCP)
    par = floor_section(FloorInput(floor.path, floor),
                        FloorRun(summary, result, 1, 4, SEED, 1), index=0)  # fmt: skip
    (part,) = [p for p in par.parts if p.title == "Group tcp: 3 banked game table(s)"]
    (edge,) = [f for f in part.figures if f.key == "tcp_house_edge"]
    assert edge.exact == pytest.approx(result.groups["tcp"].theoretical_edge_per_initial_bet.mean)


def test_let_it_ride_on_the_floor():
    result = simulate_floor(load_floor(LIR), replications=3, seed=SEED, workers=1).result()
    group = result.groups["lir"]
    exact = analyze_banked(load_banked_game("banked/let_it_ride"), side_bets=False).house_edge
    assert group.hands.mean > 40_000
    assert group.theoretical_edge_per_initial_bet.mean == pytest.approx(float(exact))
    measured = group.house_edge_per_initial_bet
    assert abs(measured.mean - float(exact)) < 4 * measured.se and measured.se < 0.02
    side = group.side_bet_house_edge
    assert abs(side.mean - group.side_bet_exact_edge) < 4 * side.se


# ----------------------------------------------------------------- bad input

# name -> (text replaced in banked-tcp.yaml, its replacement, the key path, the message)
BAD = {
    "an unknown side bet": (
        "side_bets: {pair_plus: 40-30-6-3-1}", "side_bets: {pair_plsu: 40-30-6-3-1}",
        "tables[0].side_bets.pair_plsu", "has no side bet 'pair_plsu' (side bets: pair_plus",
    ),
    "an unknown side-bet paytable": (
        "40-30-6-3-1", "50-40-30", "tables[0].side_bets.pair_plus",
        "side bet 'pair_plus' has no paytable '50-40-30' (paytables: 40-30-6-3-1",
    ),
    "a strategy the game does not name": (
        "      side_bet: 1", "      side_bet: 1\n      strategy: Q-6-5",
        "traffic.players[0].strategy", "has no strategy 'Q-6-5'; expected one of optimal, Q-6-4",
    ),
    "a strategy file": (
        "      side_bet: 1", "      side_bet: 1\n      strategy: mine.yaml",
        "traffic.players[0].strategy", "a strategy file plays Caribbean Stud only",
    ),
    "a mistake rate": (
        "      side_bet: 1", "      side_bet: 1\n      mistake_rate: 0.05",
        "traffic.players[0].mistake_rate", "a mistake rate applies at Caribbean Stud tables only",
    ),
    "not a banked game": (
        "definition: banked/three_card_poker", "definition: caribbean_stud/standard",
        "tables[0].definition", "is a caribbean_stud file, expected a banked_game file",
    ),
    "min_bet above max_bet": (
        "    min_bet: 5", "    min_bet: 50\n    max_bet: 25",
        "tables[0].max_bet", "min_bet 50 is above max_bet 25",
    ),
    "a bet outside the limits": (
        "      side_bet: 1", "      side_bet: 1\n      ante: 1000",
        "traffic.players[0].ante", "ante 1000 is outside group 'tcp''s limits 5..500",
    ),
    "too many seats": ("    seats: 6", "    seats: 8", "tables[0].seats", "expected at most 7, got 8"),
    "a misspelt key": (
        "    side_bets:", "    sidebets:", "tables[0].sidebets",
        "unknown key 'sidebets' (did you mean 'side_bets'?)",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD)
def test_bad_keys_are_named(case, tmp_path):
    old, new, key, message = BAD[case]
    text = TCP.read_text()
    assert old in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(PaytableError) as caught:
        load_floor(bad)
    problems = [p for p in caught.value.problems if p.file == str(bad)]
    assert any(key == _path(p) and message in p.message for p in problems), caught.value


def _path(problem) -> str:
    return format_path(problem.path)


def test_the_cli_says_it_in_one_line_with_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TCP.read_text().replace("pair_plus:", "pair_plsu:"))
    assert main(["floor", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tables[0].side_bets.pair_plsu" in err, err
