"""A new game on the floor is one module (issue 24): high card (``tests/floor/high_card.py``),
registered from here, plays beside Caribbean Stud and stud on one floor, runs through the
summary, the text report and the PAR report, and its measured house edge agrees with its exact
one (1/34)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from casino_sim.config import load_floor
from casino_sim.config.floor import PlayerType
from casino_sim.floor.registry import GAMES, game_of, register_game
from casino_sim.floor.simulate import simulate_floor
from casino_sim.report.floor import format_floor, group_rows
from casino_sim.report.par.floor import FloorRun, floor_section
from casino_sim.report.par.inputs import FloorInput
from tests.floor import high_card

DAYS, REPLICATIONS, SEED = 2, 3, 11


@pytest.fixture(autouse=True)
def registered():
    """The toy game is in the registry during each test of this module, and only then
    (the registry's doctest, on the same worker, lists the shipped games)."""
    register_game(high_card.GAME)
    yield
    GAMES.pop(high_card.GAME.game, None)


@pytest.fixture(scope="session")
def run():
    register_game(high_card.GAME)
    try:
        base = load_floor("floors/casino")
        group = high_card.HighCardGroup(name="high-card", count=6, seats=7)
        player = PlayerType(name="high-card-player", weight=Fraction(60), games=("high-card",),
                            session_minutes=Fraction(240))  # fmt: skip
        floor = high_card.with_group(base, group, player)
        summary = simulate_floor(floor, days=DAYS, replications=REPLICATIONS, seed=SEED)
        return floor, summary, summary.to_record()
    finally:
        GAMES.pop(high_card.GAME.game, None)


def test_the_exact_edge_counts_every_pair():
    assert high_card.exact_house_edge() == Fraction(1, 34)


def test_registered_by_its_game(run):
    assert game_of("high_card") is high_card.GAME
    assert {"caribbean_stud", "stud", "high_card"} <= set(GAMES)


def test_it_plays_beside_the_shipped_games(run):
    _, _, record = run
    games = {name: g["game"] for name, g in record["groups"].items()}
    assert set(games.values()) == {"caribbean_stud", "stud", "high_card"}
    mine = record["groups"]["high-card"]
    assert mine["rounds"]["mean"] > 1000 and mine["occupancy"]["mean"] > 0
    assert record["players"][-1]["type"] == "high-card-player"
    assert record["players"][-1]["sessions_played"] > 0


def test_its_measured_edge_agrees_with_the_exact_one(run):
    _, _, record = run
    mine = record["groups"]["high-card"]
    measured, exact = mine["house_edge_per_initial_bet"], mine["theoretical_edge_per_initial_bet"]
    assert math.isclose(exact["mean"], 1 / 34, rel_tol=1e-12)
    assert measured["se"] < 0.005  # a test with power: 1/34 is 6 standard errors from 0
    assert abs(measured["mean"] - 1 / 34) < 4 * measured["se"]


def test_the_reports_show_it(run):
    floor, summary, record = run
    text = format_floor(record, name="casino + high card", seed=SEED)
    assert "high-card: 6 High card table(s)" in text
    assert "house edge per initial bet, exact" in text
    section = text.split("high-card: 6 High card")[1]
    assert "edge check: the theoretical 2.941%" in section and "consistent" in section
    rows = {row["group"]: row for row in group_rows(record)}
    assert rows["high-card"]["game"] == "high_card"
    assert rows["high-card"]["house_edge_per_initial_bet_mean"] == pytest.approx(
        record["groups"]["high-card"]["house_edge_per_initial_bet"]["mean"]
    )
    item = FloorInput(floor.path, floor)
    par = floor_section(
        item, FloorRun(summary, summary.result(), DAYS, REPLICATIONS, SEED, 1), index=0
    )
    titles = [part.title for part in par.parts]
    assert "Group high-card: 6 High card table(s)" in titles
    part = par.parts[titles.index("Group high-card: 6 High card table(s)")]
    (edge,) = [f for f in part.figures if f.key == "high-card_house_edge"]
    assert edge.exact == pytest.approx(1 / 34)
