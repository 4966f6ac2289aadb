"""The banked Monte Carlo deals hold'em games: Casino Hold'em, its hands the best five of seven.

``simulate_banked`` plays the strategy of the exact solve, which for Casino Hold'em on 52 cards
takes about 30 s; these tests play strategy tables made without it instead:

- the solver's optimal strategy on a 20-card deck (tens to aces, 0.2 s once compiled), its
  (hole cards, flop) index moved into the 52-card index that ``prepare`` reads, played by
  ``deal_cells`` on deals of those 20 cards and checked against that deck's exact figures;
- "always call" on the 52 cards, dealt by ``play_chunk`` (the run's own dealing) and checked
  against its exact edge, counted once by ``casino-sim analyze banked/casino_holdem --strategy
  "always call"``: 27,464,897,003/347,672,625,300 = 7.8996% of the ante.

Sizing: 200,000 deals on 20 cards (SD 8.19 antes: SE 0.018 of an edge of -1.30; the fold
share, 2.27%, SE 0.03%) and 500,000 on 52 (SD 2.81: SE 0.40% of an edge of 7.90%); about 3 s in all.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config import load_banked_game
from casino_sim.engine.stats import Estimate, Proportion, mean_estimate
from casino_sim.games.banked.language import Solved, settle, solve_banked
from casino_sim.games.banked.language.actions import DecisionPoint, StrategyTable, choices_of
from casino_sim.games.banked.language.rounds import round_shape
from casino_sim.games.banked.language.side_bets import side_bet_lines, side_bet_pays
from casino_sim.games.banked.language.simulate import deal_cells, play_chunk, prepare
from casino_sim.games.banked.language.simulated import Tally, build_result
from tests.banked.conftest import DECK_20

#: One worker runs the hold'em tests: the solver's kernels compile once (tens of seconds cold).
pytestmark = pytest.mark.xdist_group("holdem")

GAME = load_banked_game("banked/casino_holdem")
WITHIN = 4.0
#: "always call" on 52 cards, exact (see the module's docstring), per ante and per deal.
ALWAYS_CALL_EDGE = Fraction(27_464_897_003, 347_672_625_300)
ALWAYS_CALL_RETURNS = {"ante": Fraction(5_477_388_491_600, 27_813_810_024_000),
                       "call": Fraction(-7_674_580_251_840, 27_813_810_024_000)}  # fmt: skip


def _close(estimate: Estimate, exact: Fraction) -> None:
    z = estimate.z_score(float(exact))
    assert abs(z) <= WITHIN, f"{estimate.estimate} vs exact {float(exact)}: z = {z:+.2f}"


@cache
def reduced() -> Solved:
    """The optimal strategy and figures on :data:`DECK_20`."""
    return solve_banked(GAME, deck=DECK_20)


def on_52_cards(point: DecisionPoint, deck: tuple[int, ...]) -> DecisionPoint:
    """``point`` (solved on ``deck``) indexed by cards of the 52: ``colex(hole) * C(52, 3) +
    colex(flop)`` of the cards' codes instead of their positions in ``deck``."""
    codes = np.asarray(deck)
    holes = combinations_array(len(deck), 2).astype(np.int64)
    flops = combinations_array(len(deck), 3).astype(np.int64)
    small = colex_index(holes)[:, None] * comb(len(deck), 3) + colex_index(flops)[None, :]
    big = colex_index(codes[holes])[:, None] * comb(52, 3) + colex_index(codes[flops])[None, :]
    picks = {}
    for state, table in point.picks.items():
        full = np.full(comb(52, 2) * comb(52, 3), -1, dtype=np.int8)
        full[big.ravel()] = table[small.ravel()]
        picks[state] = full
    return DecisionPoint(point.stage, point.seen, point.choices, picks, own=point.own)


def test_the_optimal_play_agrees_with_the_exact_figures_on_a_reduced_deck() -> None:
    solved = reduced()
    point = solved.strategy.points[0]
    assert (point.seen, point.own) == (5, 2)
    strategy = StrategyTable(solved.strategy.start, (on_52_cards(point, DECK_20),))
    deals = 200_000
    prepared = prepare(GAME, strategy, deals, deals)
    rng = np.random.default_rng(7)
    order = np.argsort(rng.random((deals, len(DECK_20))), axis=1)[:, : prepared.dealt]
    cells, taken = deal_cells(prepared, np.asarray(DECK_20)[order])
    # each deal took the solver's action for its cards (positions in the 20-card deck)
    index = colex_index(order[:, :2]) * comb(len(DECK_20), 3) + colex_index(order[:, 2:5])
    fold = point.choices.index(next(c for c in point.choices if c.fold))
    folded = prepared.folded[cells // (prepared.buckets * prepared.combos)]
    assert (folded == (point.picks[solved.strategy.start][index] == fold)).all()
    assert 0 < folded.sum() < deals
    tally = Tally(deals, np.bincount(cells, minlength=len(prepared.cells)), taken)
    run = build_result(GAME, solved.analysis, prepared.cells, prepared.actions, tally,
                       seed=7, workers=1)  # fmt: skip
    exact = solved.analysis
    _close(run.house_edge, exact.house_edge)
    for wager, estimate in run.wager_returns.items():
        _close(estimate, run.exact_return(wager))
    share = Fraction(exact.decisions["flop"]["fold"], exact.deals)
    _close(Proportion.of(run.decisions["flop"]["fold"], deals), share)


def test_always_calling_on_52_cards_agrees_with_its_exact_edge() -> None:
    choices = tuple(choices_of(GAME, GAME.decisions[0]))
    call = next(i for i, c in enumerate(choices) if c.name == "bet call 2x")
    start = (1, 0)
    everything = np.full(comb(52, 2) * comb(52, 3), call, dtype=np.int8)
    point = DecisionPoint("flop", 5, choices, {start: everything}, own=2)
    deals = 500_000
    prepared = prepare(GAME, StrategyTable(start, (point,)), deals, deals)
    tally = play_chunk(prepared, 0, np.random.SeedSequence(2024))
    assert tally.deals == deals == int(tally.actions[call])
    nets = np.array([[float(net) for net in settle(GAME, cell)] for cell in prepared.cells])
    count = tally.cells
    assert count @ [sum(cell.amounts) for cell in prepared.cells] == 3 * deals
    loss = -nets.sum(axis=1)
    edge = mean_estimate(n=deals, total=count @ loss, total_squares=count @ loss**2)
    _close(edge, ALWAYS_CALL_EDGE)
    for w, wager in enumerate(GAME.wagers):
        net = nets[:, w]
        returned = mean_estimate(n=deals, total=count @ net, total_squares=count @ net**2)
        _close(returned, ALWAYS_CALL_RETURNS[wager])


@pytest.mark.parametrize("players", [1, 3])
def test_the_aa_bonus_reads_the_hole_cards_and_the_flop(players: int) -> None:
    """Aces in the hole, 7c 8c 2h on the flop, 2c 3c on the turn and river: the AA bonus pays
    the pair of aces (its hand ends at the flop), though the seven cards make a flush."""
    shape = round_shape(GAME, players)
    pays = side_bet_pays(GAME, "aa_bonus", "100-50-40-30-20-7")
    columns = shape.columns(pays.owners, pays.through)
    assert columns == [0, 1, 2, 3, 4]
    assert shape.columns(pays.owners) == [0, 1, 2, 3, 4, 5, 6]
    dealt = np.empty((1, shape.cards), dtype=np.int64)
    flop, turn_river = [20, 24, 2], [0, 4]  # 7c 8c 2h; 2c 3c
    dealt[0, shape.rows[0]] = [48, 49, *flop, *turn_river, 40, 41]  # Ac Ad; dealer Qc Qd
    seat = dealt[:, shape.rows[0]]
    returns = [pays.returns[line] for line in side_bet_lines(pays, seat[:, columns]).tolist()]
    every_card = side_bet_lines(pays, seat[:, shape.columns(pays.owners)])
    assert returns == [7 + 1] and pays.returns[int(every_card[0])] == 20 + 1
