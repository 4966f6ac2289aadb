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

__all__ = ["DECIDE_FOLD", "DECIDE_LOOKUP", "DECIDE_RAISE", "draw_below", "play_block"]

DECIDE_FOLD = 0
DECIDE_RAISE = 1
DECIDE_LOOKUP = 2  # the decision depends on the exact cards and up-card: read the table

_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


@njit(cache=True, inline="always")
def draw_below(word, n):
    """floor(word * n / 2**64) for a uint64 ``word`` and a small ``n`` (< 2**31)."""
    m = np.uint64(n)
    high = (word >> _SHIFT32) * m
    low = ((word & _LOW32) * m) >> _SHIFT32
    return np.int64((high + low) >> _SHIFT32)


@njit(cache=True, inline="always")
def _value5(deck, start, card_keys, key_index, high, flush_high):
    """High value of the five cards ``deck[start:start + 5]``."""
    key = 0
    suit = deck[start] & 3
    same_suit = True
    ranks = 0
    for j in range(start, start + 5):
        card = deck[j]
        key += card_keys[card]
        if card & 3 != suit:
            same_suit = False
        ranks |= 1 << (card >> 2)
    if same_suit:
        return np.int64(flush_high[ranks])
    return np.int64(high[key_index[key]])


@njit(cache=True, inline="always")
def _colex5(deck, start, binomial):
    """Colexicographic index of the five cards ``deck[start:start + 5]`` (any order)."""
    a0, a1, a2, a3, a4 = (
        deck[start],
        deck[start + 1],
        deck[start + 2],
        deck[start + 3],
        deck[start + 4],
    )
    # a sorting network for five values (nine compare-exchanges)
    if a0 > a1:
        a0, a1 = a1, a0
    if a3 > a4:
        a3, a4 = a4, a3
    if a2 > a4:
        a2, a4 = a4, a2
    if a2 > a3:
        a2, a3 = a3, a2
    if a0 > a3:
        a0, a3 = a3, a0
    if a0 > a2:
        a0, a2 = a2, a0
    if a1 > a4:
        a1, a4 = a4, a1
    if a1 > a3:
        a1, a3 = a3, a1
    if a1 > a2:
        a1, a2 = a2, a1
    return binomial[a0, 1] + binomial[a1, 2] + binomial[a2, 3] + binomial[a3, 4] + binomial[a4, 5]


@njit(cache=True)
def play_block(
    words,
    n_rounds,
    first_round,
    deck,
    card_keys,
    key_index,
    high,
    flush_high,
    category_of,
    binomial,
    qualifier,
    seat_rule,
    decide,
    seat_table,
    masks,
    net_money,
    side_on,
    side_wager,
    side_fixed,
    side_share,
    side_envy,
    meter_add,
    meter_seed,
    meter,
    session_rounds,
    sessions,
    counts,
    side_hits,
    moments,
    side_moments,
    envy_paid,
    dealer_qualifies,
):
    """Play ``n_rounds`` rounds; see :func:`casino_sim.games.banked.caribbean_stud.montecarlo.simulate.play_chunk` for the arrays.

    ``meter`` is float64[4]: current meter, meter-share awards paid, top-ups to
    the seed, contributions. ``moments[s]`` holds (sum, sum of squares) of seat
    ``s``'s result per round in money, side bet included; row ``n_seats`` the
    house's main-game result per round and row ``n_seats + 1`` the house's total.
    """
    n_seats = seat_rule.shape[0]
    per_round = 5 * (n_seats + 1)
    dealer_at = 5 * n_seats
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
        dealer = _value5(deck, dealer_at, card_keys, key_index, high, flush_high)
        upcard = deck[dealer_at]
        qualifies = dealer >= qualifier
        if qualifies:
            dealer_qualifies[0] += 1
        house_main = 0.0
        for s in range(n_seats):
            start = 5 * s
            value = _value5(deck, start, card_keys, key_index, high, flush_high)
            categories[s] = category_of[value]
            rule = decide[seat_rule[s], value]
            if rule == DECIDE_LOOKUP:
                index = _colex5(deck, start, binomial)
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
