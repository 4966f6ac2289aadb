"""The floor's Caribbean Stud dealer: the same cards as the round dealer, and the exact house edge."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from casino_sim.combinatorics import BINOMIAL
from casino_sim.config import load_paytable
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.floor.banked_kernel import N_SUMS, plan_rounds
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.rounds import RoundDealer, deal_rounds
from casino_sim.games.banked.caribbean_stud.rules import net_antes, wager_antes

STANDARD = load_paytable("caribbean_stud/standard")


def _eval() -> tuple[object, ...]:
    t5, f = tables(5), flush_tables()
    return (CARD_KEYS, t5.key_index, t5.high, f.high,
            np.asarray(category(np.arange(7462)), dtype=np.int64), BINOMIAL,
            int(ace_king_threshold()))  # fmt: skip


def test_plan_rounds_settles_the_rounds_deal_rounds_deals() -> None:
    """Seats 0, 2, 5 of 7 occupied, one with a 30% mistake rate, one on the side bet."""
    dealer = RoundDealer(STANDARD, np.random.default_rng(0))
    book = dealer.book
    optimal, akj = book.slot("optimal"), book.slot("akj83")
    rounds, occupied = 4000, [0, 2, 5]
    n = len(occupied)
    words = np.random.default_rng(11).bit_generator.random_raw(rounds * (6 * n + 5))
    rules = [optimal, akj, optimal]
    mistakes = [0.0, 0.3, 0.0]
    thresholds = np.array([min(int(m * 2**64), 2**64 - 1) for m in mistakes], np.uint64)
    outcomes = np.zeros((rounds, n), np.int8)
    cats = np.zeros((rounds, n), np.int8)
    deal_rounds(words, rounds, n, np.arange(52, dtype=np.int64), *_eval(), np.array(rules),
                book.decide, np.array([book.lookup_of[r] for r in rules]), book.masks,
                thresholds, outcomes, cats)  # fmt: skip
    seat = np.zeros(7, np.bool_)
    seat[occupied] = True
    full = np.zeros(7, np.int64)
    full[occupied] = rules
    mistake = np.zeros(7, np.uint64)
    mistake[occupied] = thresholds
    antes = [500, 1000, 2500]
    stake = np.zeros((7, 14), np.int64)
    paid = np.zeros((7, 14), np.int64)
    wagers = wager_antes(STANDARD)
    for s, ante in zip(occupied, antes, strict=True):
        nets = net_antes(STANDARD, ante=Fraction(ante, 100))
        stake[s] = [ante * w for w in wagers]
        paid[s] = [int(ante * (w + x)) for w, x in zip(wagers, nets, strict=True)]
    cum = np.zeros((rounds + 1, N_SUMS))
    cum_net = np.zeros((rounds + 1, 7), np.int64)
    n_hits, bust, _ = plan_rounds(
        words, rounds, np.arange(52, dtype=np.int64), *_eval(), seat, full, book.decide,
        np.array([book.lookup_of[r] for r in full]), book.masks, mistake, stake, paid,
        np.zeros(7, np.bool_), np.zeros(10, np.int64), np.zeros(10, np.int64),
        np.zeros(10, np.bool_), 0, np.zeros(7, np.int64), np.zeros(7, np.bool_),
        np.zeros(7, np.int64), 0.0, cum, cum_net, np.zeros((0, 3), np.int64),
    )  # fmt: skip
    expected = [int((paid[s][outcomes[:, i]] - stake[s][outcomes[:, i]]).sum())
                for i, s in enumerate(occupied)]  # fmt: skip
    assert cum_net[rounds, occupied].tolist() == expected
    assert cum[rounds, 0] == rounds and cum[rounds, 1] == rounds * n
    assert cum[rounds, 6] == rounds * sum(antes)
    assert cum[rounds, 3] == -sum(expected)  # the house's main-game win
    assert (n_hits, bust) == (0, -1)
    careful = np.zeros_like(outcomes)
    deal_rounds(words, rounds, n, np.arange(52, dtype=np.int64), *_eval(), np.array(rules),
                book.decide, np.array([book.lookup_of[r] for r in rules]), book.masks,
                np.zeros(n, np.uint64), careful, cats)  # fmt: skip
    flipped = ((careful == 0) != (outcomes == 0)).mean(axis=0)
    assert flipped[0] == flipped[2] == 0 and abs(flipped[1] - 0.3) < 0.03  # a 30% mistake rate


@pytest.mark.parametrize("seats", [1, 7])
def test_round_dealer_house_edge_agrees_with_the_exact_analysis(seats: int) -> None:
    """Monte Carlo of the floor's dealer vs the exact 5.2243% (optimal), within 4 standard errors."""
    dealer = RoundDealer(STANDARD, np.random.default_rng(2024))
    slot = dealer.strategy_slot("optimal")
    nets = np.array([float(x) for x in net_antes(STANDARD)])
    outcomes, _ = dealer.deal(2_000_000 // seats, [slot] * seats, [0.0] * seats)
    per_round = nets[outcomes].sum(axis=1)
    hands = outcomes.size
    edge = -per_round.sum() / hands
    se = per_round.std(ddof=1) * np.sqrt(len(per_round)) / hands
    exact = float(analyze_caribbean(STANDARD, "optimal").house_edge)
    assert abs(edge - exact) < 4 * se, (edge, exact, se)
