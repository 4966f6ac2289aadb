"""casino-sim simulate for banked games: the Monte Carlo agrees with the exact solver.

Sizing: each shipped game is dealt :data:`DEALS` = 1,000,000 times (about 0.3 s of dealing
on one core, after the exact solution's second or so). The standard error of the house edge
is the SD over sqrt(DEALS): 0.16% of the ante for Three Card Poker (SD 1.64), 0.52% of a unit
for Let It Ride (SD 5.16), 0.98% of the ante for Mississippi Stud (SD 9.84); the average
total bet and the deals by action, which a strategy played wrong moves first, are checked
within 4 standard errors too, and those are a few hundredths of a percent.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import load_banked_game
from casino_sim.engine.stats import Estimate, Proportion
from casino_sim.games.banked.language.simulate import BankedSimulation, simulate_banked

#: Deals per game (see the module's docstring).
DEALS = 1_000_000
#: How far (in standard errors) an estimate may lie from the exact value.
WITHIN = 4.0
GAMES = ("three_card_poker", "let_it_ride", "mississippi_stud")


@cache
def simulated(name: str) -> BankedSimulation:
    """The game's run of :data:`DEALS` deals (once per test process)."""
    return simulate_banked(load_banked_game(f"banked/{name}"), DEALS, seed=2024, workers=1)


def _close(estimate: Estimate, exact: Fraction) -> None:
    z = estimate.z_score(float(exact))
    assert abs(z) <= WITHIN, f"{estimate.estimate} vs exact {float(exact)}: z = {z:+.2f}"


@pytest.mark.parametrize("name", GAMES)
def test_the_simulated_figures_agree_with_the_exact_ones(name: str) -> None:
    run = simulated(name)
    exact = run.exact
    assert run.deals == DEALS == run.tally.deals == int(run.tally.cells.sum())
    _close(run.house_edge, exact.house_edge)
    _close(run.element_of_risk, exact.element_of_risk)
    _close(run.average_total_bet, exact.average_total_bet)
    for wager, estimate in run.wager_returns.items():
        _close(estimate, run.exact_return(wager))
    assert sum(next(iter(run.decisions.values())).values()) == DEALS  # each deal decides once
    for stage, taken in run.decisions.items():
        for action, count in taken.items():
            share = Fraction(exact.decisions[stage][action], exact.deals)
            _close(Proportion.of(count, DEALS), share)


@pytest.mark.parametrize("name", ["three_card_poker", "let_it_ride"])
def test_every_side_bet_paytable_agrees_with_its_exact_edge(name: str) -> None:
    """Each paytable of each side bet, a unit on every deal: its measured edge within 4 SE of
    the exact one, and its lines' hits (no line last) account for every deal."""
    run = simulated(name)
    game = load_banked_game(f"banked/{name}")
    exact = {(s, p) for s, side in game.side_bets.items() for p in side.paytables}
    assert {(s.exact.side_bet, s.exact.paytable) for s in run.side_bets} == exact
    for side in run.side_bets:
        assert sum(side.hits) == DEALS
        _close(side.house_edge, side.exact.house_edge)
        net = [r.pays if r.pays is not None else -1 for r in side.exact.rows]
        assert side.house_edge.estimate == pytest.approx(
            -sum(float(n) * h for n, h in zip(net, side.hits, strict=True)) / DEALS
        )
    if name == "three_card_poker":  # the same pair-plus hands make every paytable's lines
        pair_plus = [s.hits for s in run.side_bets if s.exact.side_bet == "pair_plus"]
        assert len(pair_plus) == 4 and len(set(pair_plus)) == 1


def test_three_card_poker_straight_flushes() -> None:
    """The ante bonus's straight flush line: 48 three-card straight flushes of 22,100 hands,
    each played (Q-6-4 or better), so 48/22,100 of the deals."""
    tcp = simulated("three_card_poker")
    row = next(r for r in tcp.line_rows if r.line == "straight flush")
    exact = next(r for r in tcp.exact.line_rows if r.line == "straight flush")
    assert exact.probability == Fraction(48, 22_100)
    p = float(exact.probability)
    z = (row.combinations - p * DEALS) / math.sqrt(DEALS * p * (1 - p))
    assert abs(z) <= WITHIN
    assert sum(r.combinations for r in tcp.line_rows) == DEALS - tcp.decisions["deal"]["fold"]


def test_the_same_seed_gives_the_same_figures_on_any_number_of_workers() -> None:
    game = load_banked_game("banked/three_card_poker")
    one, two = (
        simulate_banked(game, 40_000, seed=11, workers=w, chunk_deals=10_000) for w in (1, 2)
    )
    assert two.workers == 2
    assert one.tally.cells.tolist() == two.tally.cells.tolist()
    assert one.tally.actions.tolist() == two.tally.actions.tolist()
    assert one.house_edge == two.house_edge
    assert one.to_record() | {"workers": 0} == two.to_record() | {"workers": 0}


def test_a_named_strategy_is_played() -> None:
    game = load_banked_game("banked/mississippi_stud")
    run = simulate_banked(game, 20_000, strategy="always 1x", seed=3, workers=1)
    assert run.exact.strategy == "always 1x"
    assert run.average_total_bet.estimate == 4.0  # four bets of one ante, every deal


def test_the_cli_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.json"
    argv = ["simulate", "banked/three_card_poker", "--hands", "50k", "--seed", "1",
            "--workers", "1", "--no-progress", "--json", str(out)]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert (
        lines[0]
        == "Three Card Poker Monte Carlo: strategy optimal, 50,000 deals, seed 1, 1 worker(s)"
    )
    edge = next(line for line in lines if line.startswith("house edge (per ante)"))
    assert "3.3730%" in edge and edge.split()[-1] in ("ok", "FLAG")
    assert "element of risk" in text and "Paytable lines" in text
    assert any(line.startswith("Flags: ") for line in lines)
    record = json.loads(out.read_text())
    assert record["deals"] == 50_000
    assert Fraction(record["house_edge"]["exact"]) == Fraction(686689, 20358520)
    assert record["provenance"]["seed"] == 1


@pytest.mark.parametrize(
    "options",
    [
        ["--seats", "3"],
        ["--progressive", "paytables/progressives/50-75-100.yaml"],
        ["--until-se", "0.001"],
        ["--csv", "out.csv"],
        ["--strategy", "akj83"],
    ],
)
def test_options_a_banked_game_has_not(
    options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "banked/three_card_poker", "--hands", "1000", *options]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("casino-sim: error: --"), err
