"""The floor's Caribbean Stud dealer: the same cards as the round dealer, and the exact house edge."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.combinatorics import BINOMIAL
from casino_sim.config import load_paytable
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.floor.banked_kernel import (
    BOUGHT,
    CHIPS,
    DONE,
    HANDS,
    LIMITED,
    LOOKUP,
    N_SEAT_INTS,
    N_SUMS,
    NEED,
    NET,
    OCCUPIED,
    REBUY_BELOW,
    REBUY_UNIT,
    RULE,
    SESSION,
    SIDE,
    advance,
)
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.rounds import RoundDealer, deal_round, deal_rounds
from casino_sim.games.banked.caribbean_stud.rules import net_antes, wager_antes

STANDARD = load_paytable("caribbean_stud/standard")


def _eval() -> tuple[object, ...]:
    t5, f = tables(5), flush_tables()
    return (CARD_KEYS, t5.key_index, t5.high, f.high,
            np.asarray(category(np.arange(7462)), dtype=np.int64), BINOMIAL,
            int(ace_king_threshold()))  # fmt: skip


def _table(rounds_words: np.ndarray, occupied: list[int], rules: list[int], mistakes: list[int],
           antes: list[int], book: object, *, chips: list[int] | None = None,
           leaves: list[float] | None = None) -> dict[str, object]:  # fmt: skip
    """The arrays of a 7-seat table for :func:`advance` (seats in ``occupied``)."""
    wagers = wager_antes(STANDARD)
    stake = np.zeros((7, 14), np.int64)
    paid = np.zeros((7, 14), np.int64)
    for s, ante in zip(occupied, antes, strict=True):
        nets = net_antes(STANDARD, ante=Fraction(ante, 100))
        stake[s] = [ante * w for w in wagers]
        paid[s] = [int(ante * (w + x)) for w, x in zip(wagers, nets, strict=True)]

    def seats(values: list[object], dtype: object, empty: object = 0) -> np.ndarray:
        out = np.full(7, empty, dtype)
        out[occupied] = values
        return out

    limited = chips is not None
    return {
        "occupied": seats([True] * len(occupied), np.bool_, False),
        "rule": seats(rules, np.int64),
        "lookup": seats([book.lookup_of[r] for r in rules], np.int64),  # type: ignore[attr-defined]
        "mistake": seats(mistakes, np.uint64),
        "stake": stake,
        "paid": paid,
        "side": np.zeros(7, np.bool_),
        "limited": seats([limited] * len(occupied), np.bool_, False),
        "need": seats([3 * a for a in antes], np.int64),
        "rebuy_below": np.full(7, -(10**15), np.int64),  # no rebuys
        "rebuy_unit": np.ones(7, np.int64),
        "theo": np.zeros(7),
        "leaves": seats(leaves or [math.inf] * len(occupied), np.float64, math.inf),
        "session": seats(list(range(len(occupied))), np.int64),
        "chips": seats(chips or [0] * len(occupied), np.int64),
        "net": np.zeros(7, np.int64),
        "hands": np.zeros(7, np.int64),
        "bought": np.zeros(7, np.int64),
        "words": rounds_words,
    }


_SECONDS = np.arange(8) * 10.0 + 30.0  # 30 s a round plus 10 s a player


def _advance(t: float, table: dict[str, object], book: object, rows: np.ndarray) -> tuple:
    """:func:`advance` on ``table`` from time 0 (no pause, dealing) to ``t``."""
    k = table
    ints = np.zeros((N_SEAT_INTS, 7), np.int64)
    names = {OCCUPIED: "occupied", RULE: "rule", LOOKUP: "lookup", SIDE: "side",
             LIMITED: "limited", NEED: "need", REBUY_BELOW: "rebuy_below",
             REBUY_UNIT: "rebuy_unit", SESSION: "session", CHIPS: "chips", NET: "net",
             HANDS: "hands", BOUGHT: "bought"}  # fmt: skip
    for row, name in names.items():
        ints[row] = k[name]
    floats = np.stack([k["theo"], k["leaves"]])  # type: ignore[list-item]
    money = np.stack([k["stake"], k["paid"]])  # type: ignore[list-item]
    times = np.array([0.0, 0.0, math.inf, -math.inf])
    state = np.array([1, 0], np.int64)
    day = np.zeros(N_SUMS)
    departed = np.zeros((7, 2))
    counts = np.zeros(3, np.int64)
    code = advance(
        t, times, state, k["words"], np.arange(52, dtype=np.int64), _eval(), book.decide,  # type: ignore[attr-defined]
        book.masks, _SECONDS, ints, k["mistake"], floats, money, np.zeros((2, 10), np.int64),  # type: ignore[attr-defined]
        np.zeros(10, np.bool_), 0, rows, np.arange(11), day, np.zeros((8, 4)), np.zeros((8, 4)),
        departed, counts,
    )  # fmt: skip
    for row, name in names.items():
        k[name] = ints[row]
    return code, times, state, day, departed[: counts[2]]


def test_advance_settles_the_rounds_deal_rounds_deals() -> None:
    """Seats 0, 2, 5 of 7 occupied, one with a 30% mistake rate: advancing to exactly 4,000
    rounds' time deals 4,000 rounds with the words ``deal_rounds`` reads, settles each seat
    as the outcomes say, and books the rounds, the seated and the dealing time."""
    dealer = RoundDealer(STANDARD, np.random.default_rng(0))
    book = dealer.book
    optimal, akj = book.slot("optimal"), book.slot("akj83")
    rounds, occupied = 4000, [0, 2, 5]
    n = len(occupied)
    words = np.random.default_rng(11).bit_generator.random_raw(rounds * (6 * n + 5))
    rules = [optimal, akj, optimal]
    thresholds = [0, min(int(0.3 * 2**64), 2**64 - 1), 0]
    outcomes = np.zeros((rounds, n), np.int8)
    cats = np.zeros((rounds, n), np.int8)
    deal_rounds(words, rounds, n, np.arange(52, dtype=np.int64), *_eval(), np.array(rules),
                book.decide, np.array([book.lookup_of[r] for r in rules]), book.masks,
                np.array(thresholds, np.uint64), outcomes, cats)  # fmt: skip
    antes = [500, 1000, 2500]
    table = _table(words, occupied, rules, thresholds, antes, book)
    rows = np.zeros((100, 11))
    t = rounds * _SECONDS[n]
    code, times, state, day, departed = _advance(t, table, book, rows)

    stake, paid = table["stake"], table["paid"]
    expected = [int((paid[s][outcomes[:, i]] - stake[s][outcomes[:, i]]).sum())  # type: ignore[index]
                for i, s in enumerate(occupied)]  # fmt: skip
    assert code == DONE and len(departed) == 0
    assert state[1] == len(words) and times[0] == t == times[1]
    assert table["net"][occupied].tolist() == expected  # type: ignore[index]
    assert table["hands"][occupied].tolist() == [rounds] * n  # type: ignore[index]
    assert day[0] == rounds and day[1] == rounds * n and day[6] == rounds * sum(antes)
    assert day[3] == -sum(expected)  # the house's main-game win
    assert rows[:, 0].sum() == rounds and rows[:, 3].sum() == -sum(expected)
    assert rows[:, 8].sum() == pytest.approx(n * t) and rows[:, 9].sum() == pytest.approx(t)
    assert rows[:, 10].sum() == 0  # no rebuys
    careful = np.zeros_like(outcomes)
    deal_rounds(words, rounds, n, np.arange(52, dtype=np.int64), *_eval(), np.array(rules),
                book.decide, np.array([book.lookup_of[r] for r in rules]), book.masks,
                np.zeros(n, np.uint64), careful, cats)  # fmt: skip
    flipped = ((careful == 0) != (outcomes == 0)).mean(axis=0)
    assert flipped[0] == flipped[2] == 0 and abs(flipped[1] - 0.3) < 0.03  # a 30% mistake rate


def _replay(words: np.ndarray, table: dict[str, object], book: object, t: float) -> tuple:
    """The table's story told round by round in Python: (nets, hands, departures, seat seconds)."""
    occupied = [int(s) for s in np.flatnonzero(table["occupied"])]  # type: ignore[arg-type]
    chips = {s: int(table["chips"][s]) for s in occupied}  # type: ignore[index]
    leaves = {s: float(table["leaves"][s]) for s in occupied}  # type: ignore[index]
    nets = dict.fromkeys(occupied, 0)
    hands = dict.fromkeys(occupied, 0)
    stake, paid, rule = table["stake"], table["paid"], table["rule"]
    deck = np.arange(52, dtype=np.int64)
    w, start, seat_seconds, last, departures = 0, 0.0, 0.0, 0.0, {}
    while True:
        n = len(occupied)
        gone = min((leaves[s] for s in occupied), default=math.inf)
        if n and start < min(t, gone):
            outcome, cats = np.zeros(n, np.int64), np.zeros(n, np.int64)
            rules = np.array([rule[s] for s in occupied])  # type: ignore[index]
            lookups = np.array([book.lookup_of[r] for r in rules])  # type: ignore[attr-defined]
            w = deal_round(
                words,
                w,
                n,
                deck,
                *_eval(),
                rules,
                book.decide,
                lookups,  # type: ignore[attr-defined]
                book.masks,
                np.zeros(n, np.uint64),
                outcome,
                cats,
            )  # type: ignore[attr-defined]
            end = start + _SECONDS[n]
            for i, s in enumerate(occupied):
                won = int(paid[s][outcome[i]] - stake[s][outcome[i]])  # type: ignore[index]
                nets[s] += won
                chips[s] += won
                hands[s] += 1
                if chips[s] < table["need"][s]:  # type: ignore[index]
                    leaves[s] = min(leaves[s], end)
            start = end
        elif gone < t:
            seat_seconds += n * (gone - last)
            last = gone
            s = next(s for s in occupied if leaves[s] == gone)
            occupied.remove(s)
            departures[s] = gone
            start = max(start, gone)
        else:
            return nets, hands, departures, seat_seconds + n * (t - last)


def test_advance_lets_players_go_at_their_session_end_and_when_out_of_chips() -> None:
    """Seat 1 ($5 ante, a $15 bankroll: one loss and the next round is out of reach) leaves at
    the end of the round that leaves it under $15; seat 3 at its session's end (it plays the
    round under way then); the rounds after a departure go to the others at their pace. Told
    round by round in Python, the story is the same: results, hands, departures, seat time."""
    dealer = RoundDealer(STANDARD, np.random.default_rng(1))
    book = dealer.book
    optimal = book.slot("optimal")
    occupied = [1, 3, 6]
    words = np.random.default_rng(5).bit_generator.random_raw(100_000)
    table = _table(words, occupied, [optimal] * 3, [0, 0, 0], [500, 500, 500], book,
                   chips=[1500, 10**9, 10**9], leaves=[math.inf, 1000.0, math.inf])  # fmt: skip
    nets, hands, departures, seat_seconds = _replay(words, table, book, 3000.0)
    rows = np.zeros((10, 11))
    code, times, _, _, departed = _advance(3000.0, table, book, rows)
    assert code == DONE
    assert {int(s): when for s, when in departed.tolist()} == departures
    assert set(departures) == {1, 3} and departures[3] == 1000.0
    assert table["net"][occupied].tolist() == [nets[s] for s in occupied]  # type: ignore[index]
    assert table["hands"][occupied].tolist() == [hands[s] for s in occupied]  # type: ignore[index]
    assert hands[1] < hands[3] < hands[6]
    assert rows[:, 8].sum() == pytest.approx(seat_seconds)
    assert rows[:, 0].sum() == hands[6] and times[1] == 3000.0


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
