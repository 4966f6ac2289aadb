"""One compiled Caribbean Stud round, and its side bet, for the Monte Carlo and the floor.

:func:`deal_round` deals a round to ``n`` seats from a persistent deck
(:func:`~casino_sim.shuffle.shuffle_prefix`: 5 cards a seat, then 5 for the dealer, so card
removal between seats is real), evaluates the hands, lets each seat decide by its strategy
and gives every seat its outcome code (:data:`~casino_sim.games.banked.caribbean_stud.rules.OUTCOMES`:
0 fold, 1 dealer does not qualify, 2 push, 3 dealer wins, 4 + k player wins with pay key
``k`` = the hand category, 0 = A-K high .. 9 = royal flush). :func:`settle_side_bets`
settles the progressive side bet of a round: fixed awards, the hands that take a share of
the meter, envy bonuses. The Monte Carlo (:func:`~casino_sim.games.banked.caribbean_stud.montecarlo.kernels.play_block`)
and the floor's table (:func:`casino_sim.floor.caribbean.kernel.advance`) both call them, so
the same words give the same cards, decisions and side-bet awards in both.

Each kernel's state is a few named structures, documented here once:

* :class:`HandTables`: what a round reads of the five-card evaluator;
* :class:`Strategies`: the strategies in play, by rule and lookup table;
* :class:`SeatRules`: each seat's rule, lookup table and mistake threshold;
* :class:`RoundOut`: a round's outcome and hand category per seat;
* :class:`SideBet` / :class:`SideAwards`: the side bet's awards by hand category, and a
  round's awards per seat.

>>> words_per_round(1, mistakes=False), words_per_round(1, mistakes=True)
(10, 11)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.combinatorics import BINOMIAL, colex5
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.evaluator.kernels import high_value5
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.games.banked.caribbean_stud.progressive import award_vectors
from casino_sim.shuffle import shuffle_prefix

__all__ = [
    "DECIDE_FOLD",
    "DECIDE_LOOKUP",
    "DECIDE_RAISE",
    "N_CATEGORIES",
    "N_VALUES",
    "HandTables",
    "RoundOut",
    "SeatRules",
    "SideAwards",
    "SideBet",
    "Strategies",
    "deal_round",
    "hand_tables",
    "settle_side_bets",
    "side_bet",
    "words_per_round",
]

#: A strategy's decision for a hand value (:attr:`Strategies.decide`): fold, raise, or look
#: the exact cards and up-card up (:attr:`Strategies.masks`).
DECIDE_FOLD, DECIDE_RAISE, DECIDE_LOOKUP = 0, 1, 2
N_VALUES = 7462  # distinct five-card high values
N_CATEGORIES = 10  # hand categories, high card .. royal flush


class HandTables(NamedTuple):
    """What a round reads of the five-card evaluator (:func:`hand_tables`: built once per
    process, read only)."""

    card_keys: np.ndarray  #: int64[52]: each card's rank key
    key_index: np.ndarray  #: int[...]: rank-key sum -> row of ``high``
    high: np.ndarray  #: int[...]: high value of a hand that is not a flush
    flush_high: np.ndarray  #: int[8192]: high value of a flush by rank mask
    category_of: np.ndarray  #: int64[7462]: hand category (0 .. 9) by value
    binomial: np.ndarray  #: int64[53, 7]: ``C(n, k)``, for a hand's colex index
    qualifier: int  #: the dealer's lowest qualifying value (ace-king)


class Strategies(NamedTuple):
    """The strategies in play, as arrays (shared by every seat and table that plays them)."""

    decide: np.ndarray  #: int8[rules, 7462]: :data:`DECIDE_FOLD` / ``RAISE`` / ``LOOKUP`` by value
    masks: np.ndarray  #: uint64[lookups, 2598960]: raise bits by up-card, by colex index of a hand


class SeatRules(NamedTuple):
    """How each seat of a round decides (seat ``i`` = cards ``5i .. 5i + 4``)."""

    rule: np.ndarray  #: int64[seats]: the seat's row of :attr:`Strategies.decide`
    table: np.ndarray  #: int64[seats]: its row of :attr:`Strategies.masks` (for looked-up hands)
    #: uint64[seats]: a seat's decision is reversed when its own word (one a seat, after the
    #: cards) is below this threshold; or uint64[0]: no decision words (exact play)
    mistake: np.ndarray


class RoundOut(NamedTuple):
    """A round's result per seat (overwritten by each :func:`deal_round`)."""

    outcome: np.ndarray  #: int[seats]: the outcome code
    category: np.ndarray  #: int[seats]: the seat's hand category (0 high card .. 9 royal)


class SideBet(NamedTuple):
    """The progressive side bet's awards by hand category (float64 money in the Monte Carlo,
    int64 cents on the floor: :func:`side_bet`)."""

    fixed: np.ndarray  #: [10]: the fixed award of a hand
    share: np.ndarray  #: float64[10]: the share of the meter a hand takes (0: none)
    envy: np.ndarray  #: [10]: the bonus a hand pays every *other* seat with a side bet


class SideAwards(NamedTuple):
    """A round's side-bet awards per seat (overwritten by each :func:`settle_side_bets`)."""

    fixed: np.ndarray  #: [seats]: the seat's fixed award
    envy: np.ndarray  #: [seats]: the envy bonuses the seat gets for the others' hands
    meter: np.ndarray  #: bool[seats]: the seat's hand takes a share of the meter


@cache
def hand_tables() -> HandTables:
    """The evaluator's tables :func:`deal_round` reads (built once per process)."""
    t5, f = tables(5), flush_tables()
    return HandTables(
        card_keys=CARD_KEYS,
        key_index=t5.key_index,
        high=t5.high,
        flush_high=f.high,
        category_of=np.asarray(category(np.arange(N_VALUES)), dtype=np.int64),
        binomial=BINOMIAL,
        qualifier=int(ace_king_threshold()),
    )


def side_bet(progressive: ProgressivePaytable | None, *, cents: bool = False) -> SideBet:
    """``progressive``'s awards as :func:`settle_side_bets` reads them: money (float64), or
    whole cents (int64) with ``cents``; no side bet gives zeros.

    >>> from casino_sim.config import load_progressive
    >>> side = side_bet(load_progressive("progressives/50-75-100"), cents=True)
    >>> side.fixed.tolist()[5:8], side.share.tolist()[8:]
    ([5000, 7500, 10000], [0.1, 1.0])
    """
    zeros = np.zeros(N_CATEGORIES)
    fixed, share, envy = award_vectors(progressive) if progressive else (zeros,) * 3
    if cents:
        fixed, envy = (np.round(x * 100).astype(np.int64) for x in (fixed, envy))
    return SideBet(fixed=fixed, share=share, envy=envy)


@njit(cache=True, inline="always")
def words_per_round(n_seats: int, mistakes: bool) -> int:
    """Random words :func:`deal_round` reads for ``n_seats`` seats: the cards, then (with
    ``mistakes``) a decision word a seat."""
    return 5 * (n_seats + 1) + (n_seats if mistakes else 0)


@njit(cache=True, inline="always")
def deal_round(
    words: np.ndarray,
    w: int,
    n: int,
    deck: np.ndarray,
    hands: HandTables,
    strategies: Strategies,
    seats: SeatRules,
    out: RoundOut,
) -> tuple[int, bool]:
    """Deal one round from ``words[w:]`` (uint64) to seats ``0 .. n - 1``; fill ``out``.

    Seat ``i`` gets cards ``5i .. 5i + 4`` of a partial shuffle of ``deck`` (int64[52],
    persistent) and the dealer the next five; then each seat decides, reversed when
    ``seats.mistake`` is given and the seat's word is below its threshold. Returns the
    index of the next unused word and whether the dealer qualified.
    """
    # every field read once, before the loops: a read of a tuple's array field counts a
    # reference (an atomic increment and decrement), which in a loop costs more than the work
    card_keys, key_index, high, flush_high = (
        hands.card_keys,
        hands.key_index,
        hands.high,
        hands.flush_high,
    )
    category_of, binomial = hands.category_of, hands.binomial
    decide, masks = strategies.decide, strategies.masks
    rule_of, table_of, mistake = seats.rule, seats.table, seats.mistake
    outcome, category = out.outcome, out.category
    dealer_at = 5 * n
    w = shuffle_prefix(deck, words, w, 5 * (n + 1))
    dealer = high_value5(deck, dealer_at, card_keys, key_index, high, flush_high)
    upcard = deck[dealer_at]
    qualifies = dealer >= hands.qualifier
    mistakes = mistake.shape[0] > 0
    for s in range(n):
        value = high_value5(deck, 5 * s, card_keys, key_index, high, flush_high)
        c = category_of[value]
        category[s] = c
        rule = decide[rule_of[s], value]
        if rule == DECIDE_LOOKUP:
            index = colex5(deck, 5 * s, binomial)
            bits = masks[table_of[s], index] >> np.uint64(upcard)
            raised = (bits & np.uint64(1)) != 0
        else:
            raised = rule == DECIDE_RAISE
        if mistakes:
            if words[w] < mistake[s]:
                raised = not raised
            w += 1
        if not raised:
            outcome[s] = 0
        elif not qualifies:
            outcome[s] = 1
        elif value > dealer:
            outcome[s] = 4 + c
        elif value == dealer:
            outcome[s] = 2
        else:
            outcome[s] = 3
    return w, qualifies


@njit(cache=True, inline="always")
def settle_side_bets(
    side: SideBet, category: np.ndarray, betting: np.ndarray, n: int, awards: SideAwards
) -> int:
    """Settle the side bets of seats ``0 .. n - 1`` (hand ``category``, a bet where
    ``betting``); fill ``awards``; return the side bets placed.

    A betting seat gets its hand's fixed award, and the envy bonus of every other betting
    seat's hand; a hand with a meter share is marked for the meter (which the caller
    settles in its own order: the kernels keep no meter).
    """
    # fields read once (see deal_round)
    fixed, share, envy = side.fixed, side.share, side.envy
    meter, bonuses, paid = awards.meter, awards.envy, awards.fixed
    placed = 0
    envied = False
    for i in range(n):
        paid[i] = 0
        bonuses[i] = 0
        meter[i] = False
        if betting[i]:
            placed += 1
            c = category[i]
            paid[i] = fixed[c]
            meter[i] = share[c] > 0.0
            envied |= envy[c] > 0
    if envied:
        for i in range(n):
            bonus = envy[category[i]]
            if betting[i] and bonus > 0:
                for o in range(n):
                    if o != i and betting[o]:
                        bonuses[o] += bonus
    return placed
