"""The compiled inner loop of the Caribbean Stud Monte Carlo: deal, decide, settle, tally.

One call plays a block of table rounds from a block of raw 64-bit random words
(one word per card dealt) and adds to tally arrays owned by the caller; nothing
is allocated per round. The caller (:mod:`casino_sim.games.banked.caribbean_stud.montecarlo.simulate`)
draws the words from the chunk's own ``numpy.random.Generator``, so a chunk is a
pure function of its seed.

A round is :func:`~casino_sim.games.banked.caribbean_stud.round_kernel.deal_round` and its
side bet :func:`~casino_sim.games.banked.caribbean_stud.round_kernel.settle_side_bets`, the
same compiled round the floor deals (without mistakes: no decision words, so a round
reads ``5 x (seats + 1)`` words). The kernel's state is two named structures,
:class:`ChunkGame` (what every round reads) and :class:`ChunkArrays` (the tallies).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.games.banked.caribbean_stud.round_kernel import (
    HandTables,
    RoundOut,
    SeatRules,
    SideAwards,
    SideBet,
    Strategies,
    deal_round,
    settle_side_bets,
)

__all__ = ["ChunkArrays", "ChunkGame", "play_block", "summarize_decisions"]


class ChunkGame(NamedTuple):
    """What every round of a chunk reads (the same for every chunk of a run)."""

    hands: HandTables
    strategies: Strategies
    seats: SeatRules  #: each seat's rule and lookup table (no mistakes: ``mistake`` is empty)
    net_money: np.ndarray  #: float64[seats, 14]: a seat's result in money by outcome code
    side_on: np.ndarray  #: bool[seats]: the seat takes the side bet
    side: SideBet  #: the side bet's awards in money
    session_rounds: int  #: rounds of a session (for the session percentiles)


class ChunkArrays(NamedTuple):
    """A chunk's tallies, added to by :func:`play_block` (``n_seats`` seats)."""

    sessions: np.ndarray  #: float64[kept, seats + 1]: each session's result, seats then house
    counts: np.ndarray  #: int64[seats, 14]: rounds by outcome code
    side_hits: np.ndarray  #: int64[seats, 10]: side bets by the hand's category
    #: float64[seats + 1, 2]: (sum, sum of squares) of a round's main-game result per seat
    #: in money; the last row the house's
    moments: np.ndarray
    envy_paid: np.ndarray  #: float64[seats]: envy bonuses each seat received
    dealer_qualifies: np.ndarray  #: int64[1]: rounds the dealer qualified
    side_bets: np.ndarray  #: int64[1]: side bets placed
    #: int64[capacity, 4]: every meter-share hand: (side bets placed up to and including its
    #: round, round in the chunk, seat, hand category); ``n_events[0]`` rows used
    events: np.ndarray
    n_events: np.ndarray  #: int64[1]


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
    game: ChunkGame,
    tally: ChunkArrays,
) -> int:
    """Play ``n_rounds`` rounds (round ``first_round`` of the chunk first) from ``words``
    (uint64) and the persistent ``deck`` (int64[52]); add them to ``tally``.

    The kernel keeps no meter: ``tally.side_bets`` counts the chunk's side bets and
    every hand whose award is a share of the meter is a row of ``tally.events``. A
    round's side bets are all counted before its events, which come in seat order, so
    replaying the rows through :class:`~casino_sim.games.banked.caribbean_stud.meter.ProgressiveMeter`
    follows its ``settle_round`` order. Fixed awards and envy bonuses never touch the
    meter: they are counted in ``side_hits`` and ``envy_paid``. Returns the rounds
    played: fewer than ``n_rounds`` when ``events`` has no room left for a round's hits
    (the caller grows it and calls again with the remaining words; the deck and
    tallies carry on).
    """
    n_seats = game.seats.rule.shape[0]
    out = RoundOut(np.empty(n_seats, np.int64), np.empty(n_seats, np.int64))
    awards = SideAwards(np.empty(n_seats), np.empty(n_seats), np.empty(n_seats, np.bool_))
    results = np.empty(n_seats)
    net_money, side_on = game.net_money, game.side_on
    sessions, counts, side_hits, moments = (
        tally.sessions,
        tally.counts,
        tally.side_hits,
        tally.moments,
    )
    events, n_events, side_bets = tally.events, tally.n_events, tally.side_bets
    n_sessions = sessions.shape[0]
    betting = 0
    for s in range(n_seats):
        if side_on[s]:
            betting += 1
    capacity = events.shape[0]
    hands, strategies, seat_rules, side = game.hands, game.strategies, game.seats, game.side
    dealer_qualifies, envy_paid = tally.dealer_qualifies, tally.envy_paid
    outcomes, categories = out.outcome, out.category
    meter, envy = awards.meter, awards.envy
    w = 0
    for r in range(n_rounds):
        if n_events[0] + betting > capacity:
            return r
        w, qualifies = deal_round(words, w, n_seats, deck, hands, strategies, seat_rules, out)
        if qualifies:
            dealer_qualifies[0] += 1
        house_main = 0.0
        for s in range(n_seats):
            outcome = outcomes[s]
            counts[s, outcome] += 1
            results[s] = net_money[s, outcome]
            house_main -= results[s]
        if betting > 0:
            # every side bet is placed before any is settled; then the awards, in seat order
            side_bets[0] += settle_side_bets(side, categories, side_on, n_seats, awards)
            for s in range(n_seats):
                if not side_on[s]:
                    continue
                c = categories[s]
                side_hits[s, c] += 1
                if meter[s]:
                    e = n_events[0]
                    events[e, 0] = side_bets[0]
                    events[e, 1] = first_round + r
                    events[e, 2] = s
                    events[e, 3] = c
                    n_events[0] = e + 1
                envy_paid[s] += envy[s]
        for s in range(n_seats):
            moments[s, 0] += results[s]
            moments[s, 1] += results[s] * results[s]
        moments[n_seats, 0] += house_main
        moments[n_seats, 1] += house_main * house_main
        session = (first_round + r) // game.session_rounds
        if session < n_sessions:
            for s in range(n_seats):
                sessions[session, s] += results[s]
            sessions[session, n_seats] += house_main
    return n_rounds
