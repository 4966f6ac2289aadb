"""The compiled inner loop of the Caribbean Stud Monte Carlo: deal, evaluate, decide, settle.

One call plays a block of table rounds from a block of raw 64-bit random words
(one word per card dealt) and adds to tally arrays owned by the caller; nothing
is allocated per round. The caller (:mod:`casino_sim.games.banked.caribbean_stud.montecarlo.simulate`)
draws the words from the chunk's own ``numpy.random.Generator``, so a chunk is a
pure function of its seed.

Dealing is a partial Fisher-Yates shuffle of a persistent deck: card ``j`` of a
round is swapped in from a uniformly drawn position in ``j..51``. Whatever order
the deck is left in, the next round's cards are a uniform draw without
replacement, so rounds are independent. A draw from ``n`` positions is the high
64 bits of ``word * n`` (Lemire's multiply-shift without rejection: each
position's probability is off by less than ``n / 2**64``, about 3e-18, far below
anything a simulation can detect), so every round uses a fixed number of words.

Outcome codes (:data:`casino_sim.games.banked.caribbean_stud.rules.OUTCOMES`): 0 fold,
1 dealer does not qualify, 2 push, 3 dealer wins, 4 + k player wins with pay key
``k`` (0 = A-K high .. 9 = royal flush, the hand category).

>>> import numpy as np
>>> int(draw_below(np.uint64(2**63), 52))  # the middle of the word range -> the middle position
26
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.combinatorics import colex5
from casino_sim.evaluator.kernels import high_value5

__all__ = [
    "DECIDE_FOLD",
    "DECIDE_LOOKUP",
    "DECIDE_RAISE",
    "draw_below",
    "play_block",
    "summarize_decisions",
]

DECIDE_FOLD = 0
DECIDE_RAISE = 1
DECIDE_LOOKUP = 2  # the decision depends on the exact cards and up-card: read the table

_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


@njit(cache=True, inline="always")
def draw_below(word: np.uint64, n: int) -> np.int64:
    """floor(word * n / 2**64) for a uint64 ``word`` and a small ``n`` (< 2**31)."""
    m = np.uint64(n)
    high = (word >> _SHIFT32) * m
    low = ((word & _LOW32) * m) >> _SHIFT32
    return np.int64((high + low) >> _SHIFT32)


@njit(cache=True)
def summarize_decisions(
    hands: np.ndarray,
    values: np.ndarray,
    masks: np.ndarray,
    raises_somewhere: np.ndarray,
    folds_somewhere: np.ndarray,
) -> None:
    """Mark each hand value that some hand raises with, and that some hand folds, on some up-card."""
    full = np.uint64((1 << 52) - 1)
    for i in range(hands.shape[0]):
        own = np.uint64(0)
        for card in hands[i]:
            own |= np.uint64(1) << np.uint64(card)
        allowed = full & ~own
        m = masks[i] & allowed
        v = values[i]
        if m != 0:
            raises_somewhere[v] = True
        if m != allowed:
            folds_somewhere[v] = True


@njit(cache=True)
def play_block(
    words: np.ndarray,
    n_rounds: int,
    first_round: int,
    deck: np.ndarray,
    card_keys: np.ndarray,
    key_index: np.ndarray,
    high: np.ndarray,
    flush_high: np.ndarray,
    category_of: np.ndarray,
    binomial: np.ndarray,
    qualifier: int,
    seat_rule: np.ndarray,
    decide: np.ndarray,
    seat_table: np.ndarray,
    masks: np.ndarray,
    net_money: np.ndarray,
    side_on: np.ndarray,
    side_wager: float,
    side_fixed: np.ndarray,
    side_share: np.ndarray,
    side_envy: np.ndarray,
    meter_add: float,
    meter_seed: float,
    meter: np.ndarray,
    session_rounds: int,
    sessions: np.ndarray,
    counts: np.ndarray,
    side_hits: np.ndarray,
    moments: np.ndarray,
    side_moments: np.ndarray,
    envy_paid: np.ndarray,
    dealer_qualifies: np.ndarray,
) -> None:
    """Play ``n_rounds`` rounds; see :func:`casino_sim.games.banked.caribbean_stud.montecarlo.simulate.play_chunk` for the arrays.

    ``meter`` is float64[4]: current meter, meter-share awards paid, top-ups to
    the seed, contributions. ``moments[s]`` holds (sum, sum of squares) of seat
    ``s``'s result per round in money, side bet included; row ``n_seats`` the
    house's main-game result per round and row ``n_seats + 1`` the house's total.
    """
    n_seats = seat_rule.shape[0]
    per_round = 5 * (n_seats + 1)
    dealer_at = 5 * n_seats
    values = np.empty(n_seats + 1, dtype=np.int64)
    results = np.empty(n_seats)
    side = np.zeros(n_seats)
    categories = np.empty(n_seats, dtype=np.int64)
    n_sessions = sessions.shape[0]
    w = 0
    for r in range(n_rounds):
        for j in range(per_round):
            pick = j + draw_below(words[w], 52 - j)
            w += 1
            card = deck[pick]
            deck[pick] = deck[j]
            deck[j] = card
        for h in range(n_seats + 1):
            values[h] = high_value5(deck, 5 * h, card_keys, key_index, high, flush_high)
        dealer = values[n_seats]
        upcard = deck[dealer_at]
        qualifies = dealer >= qualifier
        if qualifies:
            dealer_qualifies[0] += 1
        house_main = 0.0
        for s in range(n_seats):
            start = 5 * s
            value = values[s]
            categories[s] = category_of[value]
            rule = decide[seat_rule[s], value]
            if rule == DECIDE_LOOKUP:
                index = colex5(deck, start, binomial)
                bit = (masks[seat_table[s], index] >> np.uint64(upcard)) & np.uint64(1)
                raised = bit != 0
            else:
                raised = rule == DECIDE_RAISE
            if not raised:
                outcome = 0
            elif not qualifies:
                outcome = 1
            elif value > dealer:
                outcome = 4 + categories[s]
            elif value == dealer:
                outcome = 2
            else:
                outcome = 3
            counts[s, outcome] += 1
            results[s] = net_money[s, outcome]
            house_main -= results[s]
        house_total = house_main
        if side_wager > 0.0:
            for s in range(n_seats):  # every side bet feeds the meter before any is settled
                side[s] = 0.0
                if side_on[s]:
                    side[s] = -side_wager
                    meter[0] += meter_add
                    meter[3] += meter_add
            for s in range(n_seats):  # then the awards, in seat order
                if not side_on[s]:
                    continue
                c = categories[s]
                side_hits[s, c] += 1
                side[s] += side_fixed[c]
                if side_share[c] > 0.0:
                    jackpot = side_share[c] * meter[0]
                    side[s] += jackpot
                    meter[1] += jackpot
                    meter[0] -= jackpot
                    if meter[0] < meter_seed:
                        meter[2] += meter_seed - meter[0]
                        meter[0] = meter_seed
                if side_envy[c] > 0.0:
                    for o in range(n_seats):
                        if o != s and side_on[o]:
                            side[o] += side_envy[c]
                            envy_paid[o] += side_envy[c]
            for s in range(n_seats):
                if side_on[s]:
                    side_moments[s, 0] += side[s]
                    side_moments[s, 1] += side[s] * side[s]
                    results[s] += side[s]
                    house_total -= side[s]
        for s in range(n_seats):
            moments[s, 0] += results[s]
            moments[s, 1] += results[s] * results[s]
        moments[n_seats, 0] += house_main
        moments[n_seats, 1] += house_main * house_main
        moments[n_seats + 1, 0] += house_total
        moments[n_seats + 1, 1] += house_total * house_total
        session = (first_round + r) // session_rounds
        if session < n_sessions:
            for s in range(n_seats):
                sessions[session, s] += results[s]
            sessions[session, n_seats] += house_total
