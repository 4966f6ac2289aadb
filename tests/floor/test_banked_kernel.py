"""The floor's Caribbean Stud dealer: the same cards as the round dealer, and the exact house edge."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.config import load_paytable, load_progressive
from casino_sim.floor.caribbean.kernel import (
    ARRIVAL,
    DAY,
    DEPARTURE,
    DONE,
    HIT,
    RUN,
    SEAT,
    Arrivals,
    TableBook,
    TableGame,
    advance,
    new_clock,
)
from casino_sim.floor.tally import DEALING_SECONDS, DROP, MAIN_WIN, METRICS, ROUNDS, SEAT_SECONDS
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
    CaribbeanSimConfig,
    simulate_caribbean,
)
from casino_sim.games.banked.caribbean_stud.round_kernel import (
    RoundOut,
    SeatRules,
    SideBet,
    deal_round,
    hand_tables,
    side_bet,
)
from casino_sim.games.banked.caribbean_stud.rounds import RoundDealer, StrategyBook, deal_rounds
from casino_sim.games.banked.caribbean_stud.rules import net_antes, wager_antes

STANDARD = load_paytable("caribbean_stud/standard")
_SECONDS = np.arange(8) * 10.0 + 30.0  # 30 s a round plus 10 s a player


def _seats(
    occupied: list[int],
    rules: list[int],
    antes: list[int],
    book: StrategyBook,
    *,
    mistakes: list[int] | None = None,
    chips: list[int] | None = None,
    leaves: list[float] | None = None,
    side: bool = False,
) -> np.ndarray:
    """The :data:`SEAT` records of a 7-seat table for :func:`advance` (seats in ``occupied``)."""
    wagers = wager_antes(STANDARD)
    seats = np.zeros(7, SEAT)
    seats["leaves"] = math.inf
    seats["rebuy_below"], seats["rebuy_unit"] = -(10**15), 1  # no rebuys
    for i, s in enumerate(occupied):
        ante = antes[i]
        nets = net_antes(STANDARD, ante=Fraction(ante, 100))
        seat = seats[s]
        seat["occupied"], seat["rule"], seat["lookup"] = 1, rules[i], book.lookup_of[rules[i]]
        seat["mistake"] = mistakes[i] if mistakes else 0
        seat["session"], seat["side"] = i, side
        seat["stake"] = [ante * w for w in wagers]
        seat["paid"] = [int(ante * (w + x)) for w, x in zip(wagers, nets, strict=True)]
        seat["limited"], seat["need"] = chips is not None, 3 * ante
        seat["chips"] = chips[i] if chips else 0
        seat["leaves"] = leaves[i] if leaves else math.inf
    return seats


def _advance(
    t: float,
    seats: np.ndarray,
    words: np.ndarray,
    book: StrategyBook,
    rows: np.ndarray,
    *,
    side: SideBet | None = None,
    wager: int = 0,
) -> tuple[int, np.void, np.void, np.ndarray]:
    """:func:`advance` on ``seats`` from time 0 (no pause, dealing) to ``t``: (code, clock,
    the day's sums, departures)."""
    clock = new_clock()
    side = side_bet(None, cents=True) if side is None else side
    game = TableGame(hand_tables(), book.strategies, side, wager, _SECONDS)
    hits = np.zeros(rows.shape[0] * 64, HIT)
    table_book = TableBook(rows, np.zeros(1, DAY), np.zeros(64, RUN), hits, np.zeros(7, DEPARTURE))
    queue = Arrivals(np.zeros(0, ARRIVAL), np.zeros(0, SEAT))
    code = advance(t, clock, seats, words, np.arange(52, dtype=np.int64), game, table_book, queue)
    gone = int(clock[0]["gone"])
    return code, clock[0], table_book.day[0], table_book.departed[:gone]


def _rows(hours: int) -> np.ndarray:
    return np.zeros((hours, len(METRICS)))


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
    lookups = np.array([book.lookup_of[r] for r in rules])
    seat_rules = SeatRules(np.array(rules), lookups, np.array(thresholds, np.uint64))
    out = RoundOut(np.zeros((rounds, n), np.int8), np.zeros((rounds, n), np.int8))
    deck = np.arange(52, dtype=np.int64)
    deal_rounds(words, rounds, n, deck, hand_tables(), book.strategies, seat_rules, out)
    outcomes = out.outcome
    antes = [500, 1000, 2500]
    seats = _seats(occupied, rules, antes, book, mistakes=thresholds)
    rows = _rows(100)
    t = rounds * _SECONDS[n]
    code, clock, day, departed = _advance(t, seats, words, book, rows)

    expected = [
        int((seats["paid"][s][outcomes[:, i]] - seats["stake"][s][outcomes[:, i]]).sum())
        for i, s in enumerate(occupied)
    ]
    assert code == DONE and len(departed) == 0
    assert clock["word"] == len(words) and clock["next_round"] == t == clock["last_change"]
    assert seats["net"][occupied].tolist() == expected
    assert seats["hands"][occupied].tolist() == [rounds] * n
    assert day["rounds"] == rounds and day["hands"] == rounds * n
    assert day["initial_bets"] == rounds * sum(antes)
    assert day["main_win"] == -sum(expected)  # the house's main-game win
    assert rows[:, ROUNDS].sum() == rounds and rows[:, MAIN_WIN].sum() == -sum(expected)
    assert rows[:, SEAT_SECONDS].sum() == pytest.approx(n * t)
    assert rows[:, DEALING_SECONDS].sum() == pytest.approx(t)
    assert rows[:, DROP].sum() == 0  # no rebuys
    careful = RoundOut(np.zeros_like(outcomes), np.zeros_like(outcomes))
    exact_play = seat_rules._replace(mistake=np.zeros(n, np.uint64))
    deck = np.arange(52, dtype=np.int64)
    deal_rounds(words, rounds, n, deck, hand_tables(), book.strategies, exact_play, careful)
    flipped = ((careful.outcome == 0) != (outcomes == 0)).mean(axis=0)
    assert flipped[0] == flipped[2] == 0 and abs(flipped[1] - 0.3) < 0.03  # a 30% mistake rate


def _replay(
    words: np.ndarray, seats: np.ndarray, book: StrategyBook, t: float
) -> tuple[dict[int, int], dict[int, int], dict[int, float], float]:
    """The table's story told round by round in Python: (nets, hands, departures, seat seconds)."""
    occupied = [int(s) for s in np.flatnonzero(seats["occupied"])]
    chips = {s: int(seats["chips"][s]) for s in occupied}
    leaves = {s: float(seats["leaves"][s]) for s in occupied}
    nets = dict.fromkeys(occupied, 0)
    hands = dict.fromkeys(occupied, 0)
    stake, paid, rule = seats["stake"], seats["paid"], seats["rule"]
    deck = np.arange(52, dtype=np.int64)
    w, start, seat_seconds, last = 0, 0.0, 0.0, 0.0
    departures: dict[int, float] = {}
    while True:
        n = len(occupied)
        gone = min((leaves[s] for s in occupied), default=math.inf)
        if n and start < min(t, gone):
            out = RoundOut(np.zeros(n, np.int64), np.zeros(n, np.int64))
            rules = np.array([rule[s] for s in occupied])
            lookups = np.array([book.lookup_of[r] for r in rules])
            seat_rules = SeatRules(rules, lookups, np.zeros(n, np.uint64))
            w, _ = deal_round(words, w, n, deck, hand_tables(), book.strategies, seat_rules, out)
            end = start + _SECONDS[n]
            for i, s in enumerate(occupied):
                won = int(paid[s][out.outcome[i]] - stake[s][out.outcome[i]])
                nets[s] += won
                chips[s] += won
                hands[s] += 1
                if chips[s] < seats["need"][s]:
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
    chips, leaves = [1500, 10**9, 10**9], [math.inf, 1000.0, math.inf]
    seats = _seats(occupied, [optimal] * 3, [500, 500, 500], book, chips=chips, leaves=leaves)
    nets, hands, departures, seat_seconds = _replay(words, seats.copy(), book, 3000.0)
    rows = _rows(10)
    code, clock, _, departed = _advance(3000.0, seats, words, book, rows)
    assert code == DONE
    assert {int(d["seat"]): float(d["time"]) for d in departed} == departures
    assert set(departures) == {1, 3} and departures[3] == 1000.0
    assert seats["net"][occupied].tolist() == [nets[s] for s in occupied]
    assert seats["hands"][occupied].tolist() == [hands[s] for s in occupied]
    assert hands[1] < hands[3] < hands[6]
    assert rows[:, SEAT_SECONDS].sum() == pytest.approx(seat_seconds)
    assert rows[:, ROUNDS].sum() == hands[6] and clock["last_change"] == 3000.0


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


def test_floor_envy_bonuses_agree_with_simulate_and_the_exact_value() -> None:
    """A progressive with envy bonuses at a full 7-seat table, every seat betting: the floor's
    clock pays each side bet the envy of the other six hands (its side-bet awards less the
    same rounds' awards without envy) as ``simulate`` does, within 4 standard errors of each
    other and of the exact envy per side bet, 6 x sum of P(hand) x bonus."""
    bonuses = {"flush": 5, "full_house": 10, "four_of_a_kind": 25, "straight_flush": 100}
    hands = {"flush": 5108, "full_house": 3744, "four_of_a_kind": 624, "straight_flush": 36}
    base = load_progressive("progressives/50-75-100")
    envy = {k: Fraction(v) for k, v in bonuses.items()}
    progressive = dataclasses.replace(base, envy_bonuses=envy)
    p = {k: Fraction(n, 2_598_960) for k, n in hands.items()}
    mean = sum(p[k] * v for k, v in bonuses.items())
    variance = sum(p[k] * v * v for k, v in bonuses.items()) - mean**2
    exact = 6 * float(mean)  # dollars of envy per side bet

    def standard_error(rounds: int) -> float:  # a round's envy: 6 x the bonuses of 7 hands
        return 6 * math.sqrt(float(variance) / (7 * rounds))

    rounds = 60_000
    book = RoundDealer(STANDARD, np.random.default_rng(0)).book
    optimal = book.slot("optimal")
    words = np.random.default_rng(6).bit_generator.random_raw(rounds * (6 * 7 + 5))
    paid = []
    for side in (side_bet(progressive, cents=True), side_bet(base, cents=True)):
        seats = _seats(list(range(7)), [optimal] * 7, [500] * 7, book, side=True)
        t = rounds * _SECONDS[7]
        code, _, day, _ = _advance(t, seats, words, book, _rows(24), side=side, wager=100)
        assert code == DONE and day["rounds"] == rounds
        paid.append(float(day["side_paid"]))
    floor_envy = (paid[0] - paid[1]) / 100 / (7 * rounds)

    config = CaribbeanSimConfig.table(
        STANDARD, seats=7, strategy="optimal", progressive=progressive
    )
    result = simulate_caribbean(config, 4 * rounds, seed=8, workers=1)
    assert result.progressive is not None
    simulated = result.progressive.envy_paid / (7 * 4 * rounds)
    se_floor, se_simulated = standard_error(rounds), standard_error(4 * rounds)
    assert abs(floor_envy - exact) < 4 * se_floor, (floor_envy, exact, se_floor)
    assert abs(simulated - exact) < 4 * se_simulated, (simulated, exact, se_simulated)
    assert abs(floor_envy - simulated) < 4 * math.hypot(se_floor, se_simulated)
