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
    side_share: np.ndarray,
    side_envy: np.ndarray,
    session_rounds: int,
    sessions: np.ndarray,
    counts: np.ndarray,
    side_hits: np.ndarray,
    moments: np.ndarray,
    envy_paid: np.ndarray,
    dealer_qualifies: np.ndarray,
    side_bets: np.ndarray,
    events: np.ndarray,
    n_events: np.ndarray,
) -> int:
    """Play ``n_rounds`` rounds; see :func:`casino_sim.games.banked.caribbean_stud.montecarlo.simulate.play_chunk` for the arrays.

    The kernel keeps no meter. ``side_bets[0]`` counts the chunk's side bets;
    every hand whose award is a share of the meter (``side_share > 0``) is
    recorded as a row of ``events`` (int64[capacity, 4]): side bets placed in
    the chunk up to and including its round, round index in the chunk, seat,
    hand category; ``n_events[0]`` rows are used. A round's side bets are all
    counted before its events, which come in seat order, so replaying the rows
    through :class:`~casino_sim.games.banked.caribbean_stud.meter.ProgressiveMeter`
    follows its ``settle_round`` order. Fixed awards and envy bonuses never
    touch the meter: they are counted in ``side_hits`` and ``envy_paid``.

    ``moments[s]`` holds (sum, sum of squares) of seat ``s``'s main-game result
    per round in money and row ``n_seats`` the house's; ``sessions`` the main
    game too. Returns the rounds played: fewer than ``n_rounds`` when
    ``events`` has no room left for a round's hits (the caller grows it and
    calls again with the remaining words; the deck and tallies carry on).
    """
    n_seats = seat_rule.shape[0]
    per_round = 5 * (n_seats + 1)
    dealer_at = 5 * n_seats
    values = np.empty(n_seats + 1, dtype=np.int64)
    results = np.empty(n_seats)
    categories = np.empty(n_seats, dtype=np.int64)
    n_sessions = sessions.shape[0]
    betting = 0
    for s in range(n_seats):
        if side_on[s]:
            betting += 1
    capacity = events.shape[0]
    w = 0
    for r in range(n_rounds):
        if n_events[0] + betting > capacity:
            return r
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
        if betting > 0:
            side_bets[0] += betting  # every side bet is placed before any is settled
            for s in range(n_seats):  # then the awards, in seat order
                if not side_on[s]:
                    continue
                c = categories[s]
                side_hits[s, c] += 1
                if side_share[c] > 0.0:
                    e = n_events[0]
                    events[e, 0] = side_bets[0]
                    events[e, 1] = first_round + r
                    events[e, 2] = s
                    events[e, 3] = c
                    n_events[0] = e + 1
                if side_envy[c] > 0.0:
                    for o in range(n_seats):
                        if o != s and side_on[o]:
                            envy_paid[o] += side_envy[c]
        for s in range(n_seats):
            moments[s, 0] += results[s]
            moments[s, 1] += results[s] * results[s]
        moments[n_seats, 0] += house_main
        moments[n_seats, 1] += house_main * house_main
        session = (first_round + r) // session_rounds
        if session < n_sessions:
            for s in range(n_seats):
                sessions[session, s] += results[s]
            sessions[session, n_seats] += house_main
    return n_rounds
