"""The compiled loop of the hold'em solver with a bet offered on the flop and on the turn (Texas
Hold'em Bonus): :func:`solve_turns` takes every flop class, every turn (one per orbit of the
flop's own symmetry) and every river, sums the showdown counts of the board table for every
hole pair by inclusion-exclusion (as :func:`~.holdem_kernels.sum_flop`, one card left to come),
decides the turn for each hole pair on its sums over the rivers, then the flop on its sums over
the turns and rivers, and adds what follows to the totals of the hole pair's class, from which
the decision before the flop is taken.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import colex5
from casino_sim.games.banked.language.holdem_boards import TYPES, BoardTable, HoldemTables
from casino_sim.games.banked.language.holdem_kernels import (
    FLOPS_PER_TASK,
    MERGED,
    FlopWork,
    add_row,
)

__all__ = [
    "TurnChoices",
    "TurnSums",
    "TurnWork",
    "TurnsDecided",
    "card_type",
    "clear_touched",
    "solve_turns",
]


class TurnWork(NamedTuple):
    """The turns of every flop class: ``start`` int64[F + 1] into ``card`` (the turn, a deck
    position), ``size`` (its orbit under the flop's symmetry), ``class4`` and ``perm4`` (the
    four-card board's class and a relabelling, a row of the flop work's ``perms``, that maps it
    onto its class's representative), int64[T] each; ``board_class`` int32 by the colex index of
    a five-card board: its row of the :class:`~.holdem_boards.BoardTable`."""

    start: np.ndarray
    card: np.ndarray
    size: np.ndarray
    class4: np.ndarray
    perm4: np.ndarray
    board_class: np.ndarray


class TurnChoices(NamedTuple):
    """The two later decisions, each a bet or not on its own wager: ``flop_net`` and
    ``turn_net`` int64[lines * buckets], what the bet adds to a deal's net (scaled to whole
    numbers) by paytable line and showdown; ``bet_first`` bool[1], ties go to the bet (``prefer:
    larger_bet``); ``buckets`` int64[1], 4 (a dealer who does not qualify in one bucket) or 6;
    ``hole_class`` int64 per hole pair (colex): its class under suit relabelling; ``values5``
    int16 by colex index: five-card hand values."""

    flop_net: np.ndarray
    turn_net: np.ndarray
    bet_first: np.ndarray
    buckets: np.ndarray
    hole_class: np.ndarray
    values5: np.ndarray


class TurnsDecided(NamedTuple):
    """What :func:`solve_turns` fills: ``picks`` int8[F, holes] (the flop's action: 1 bet, 0 not;
    -1: the hole holds a flop card), ``hand5`` int64[F, holes] (the player's five-card value on
    the flop), ``turn_picks`` int8[classes4 * holes] (the turn's action by four-card board class
    and hole pair, colex, of its representative), and ``totals`` int64[tasks, classes, 4 *
    width] by hole class, each flop weighted by its class size: the counts (``width`` columns,
    line by bucket) of every turn and river, of those with the turn's bet made, of those with
    the flop's bet made, and of those with both."""

    picks: np.ndarray
    hand5: np.ndarray
    turn_picks: np.ndarray
    totals: np.ndarray


class TurnSums(NamedTuple):
    """One thread's sums over the rivers of one turn: ``every`` int32[5, 676, width] by flush
    suit (4: none) and pair of types, as in :class:`~.holdem_kernels.FlopSums`; ``holding``
    int32[n, 26, width], the rows of the boards whose river is a given card by the other card's
    type (one river, one flush suit: ``river_suit`` int64[n]); ``seen`` bool[5]; ``touched``
    int64[5, 677], per suit the pairs of types written (their count last) and ``marked`` bool[5,
    676]; ``kinds`` int64[5, n], each card's type by flush suit; per pair of types the row last
    read (``row_of``) and for which (turn, river) (``board_of``); ``acc`` int32[holes, 2 *
    width], per hole pair the sums over the turns and rivers of the flop, and of those where the
    turn's bet is made; ``v`` and ``sym``: one hole pair's sums (int32[width], int64[2 *
    width])."""

    every: np.ndarray
    holding: np.ndarray
    river_suit: np.ndarray
    seen: np.ndarray
    touched: np.ndarray
    marked: np.ndarray
    kinds: np.ndarray
    row_of: np.ndarray
    board_of: np.ndarray
    acc: np.ndarray
    v: np.ndarray
    sym: np.ndarray


@njit(cache=True)
def clear_touched(
    every: np.ndarray, touched: np.ndarray, marked: np.ndarray, seen: np.ndarray
) -> None:
    """Zero the rows of ``every`` written over one turn's rivers, per flush suit met (``seen``)
    the pairs of types listed in ``touched`` (their count last) and ``marked``: the next turn
    starts from zero (:class:`TurnSums`' fields, and the hole-card leak's)."""
    for suit in range(5):
        if seen[suit]:
            written = touched[suit]
            for i in range(written[-1]):
                every[suit, written[i]] = 0
                marked[suit, written[i]] = False
            written[-1] = 0
            seen[suit] = False


@njit(cache=True)
def _turn_sums(n: int, width: int) -> TurnSums:
    """Zeroed sums for a deck of ``n`` cards."""
    return TurnSums(
        np.zeros((5, TYPES * TYPES, width), dtype=np.int32),
        np.zeros((n, TYPES, width), dtype=np.int32),
        np.zeros(n, dtype=np.int64),
        np.zeros(5, dtype=np.bool_),
        np.zeros((5, TYPES * TYPES + 1), dtype=np.int64),
        np.zeros((5, TYPES * TYPES), dtype=np.bool_),
        np.zeros((5, n), dtype=np.int64),
        np.zeros(TYPES * TYPES, dtype=np.int64),
        np.full(TYPES * TYPES, -1, dtype=np.int64),
        np.zeros((n * (n - 1) // 2, 2 * width), dtype=np.int32),
        np.zeros(width, dtype=np.int32),
        np.zeros(2 * width, dtype=np.int64),
    )  # fmt: skip


@njit(cache=True, inline="always")
def card_type(code: int, suit: int) -> int:
    """A card's type on a board of flush suit ``suit`` (4, or any other suit: none).

    >>> card_type(51, 3), card_type(51, 4)  # the ace of spades
    (25, 24)
    """
    return 2 * (code >> 2) + (1 if (code & 3) == suit else 0)


@njit(cache=True)
def _sum_rivers(
    f: int, t: int, work: FlopWork, turns: TurnWork, tables: HoldemTables, boards: BoardTable,
    sums: TurnSums, buckets: int,
) -> None:  # fmt: skip
    """Sum every river of flop class ``f`` and turn ``t`` into ``sums.every`` (by flush suit)
    and ``sums.holding`` (by river card)."""
    codes, binomial = tables.codes, tables.binomial
    n = codes.shape[0]
    holding_rows = sums.holding.reshape(n * TYPES, sums.holding.shape[2])  # a view: one row a sum
    flop, turn = work.flops[f], turns.card[t]
    cards = np.empty(5, dtype=np.int64)
    cards[:3] = flop
    cards[3] = turn
    base = 0  # four 4-bit suit counts
    for i in range(4):
        base += 1 << ((codes[cards[i]] & 3) << 2)
    for r in range(n):
        if r == flop[0] or r == flop[1] or r == flop[2] or r == turn:
            continue
        cards[4] = r
        b = turns.board_class[colex5(cards, 0, binomial)]
        suits = base + (1 << ((codes[r] & 3) << 2))
        suit = 4
        for s in range(4):
            if (suits >> (s << 2)) & 15 >= 3:
                suit = s
        sums.seen[suit] = True
        sums.river_suit[r] = suit
        marker = t * n + r
        every, touched, marked = sums.every, sums.touched, sums.marked
        counts, last = boards.counts, TYPES * TYPES
        for at in range(boards.start[b], boards.start[b] + boards.rows[b]):
            # :func:`~.holdem_kernels.add_row` written out: a call a row doubles the time
            pair, col = boards.pair[at], buckets * boards.line[at]
            if not marked[suit, pair]:
                marked[suit, pair] = True
                touched[suit, touched[suit, last]] = pair
                touched[suit, last] += 1
            first = np.int32(counts[at, 0])
            if buckets == MERGED:
                first += counts[at, 4] + counts[at, 5]
            every[suit, pair, col] += first
            for k in range(1, buckets):
                every[suit, pair, col + k] += counts[at, k]
            sums.row_of[pair] = at
            sums.board_of[pair] = marker
        kr = card_type(codes[r], suit)
        for other in range(TYPES):
            pair = min(kr, other) * TYPES + max(kr, other)
            if sums.board_of[pair] == marker:
                held = r * TYPES + other
                add_row(holding_rows, held, sums.row_of[pair], 1, boards, 0, buckets)


@njit(cache=True)
def _decide_turn(
    f: int, t: int, work: FlopWork, turns: TurnWork, tables: HoldemTables,
    choices: TurnChoices, sums: TurnSums, out: TurnsDecided,
) -> None:  # fmt: skip
    """Decide the turn for every hole pair of flop class ``f`` and turn ``t`` from its sums over
    the rivers, add them (times the turn's orbit) to the flop's sums, and clear the river sums."""
    codes, binomial = tables.codes, tables.binomial
    n = codes.shape[0]
    flop, turn = work.flops[f], turns.card[t]
    width = sums.v.shape[0]
    size = turns.size[t]
    g = turns.perm4[t]
    base = turns.class4[t] * (n * (n - 1) // 2)
    v, kinds, river_suit = sums.v, sums.kinds, sums.river_suit
    every, holding = sums.every, sums.holding
    for suit in range(5):
        for c in range(n):
            kinds[suit, c] = card_type(codes[c], suit)
    for y in range(1, n):
        if y == flop[0] or y == flop[1] or y == flop[2] or y == turn:
            continue
        for x in range(y):
            if x == flop[0] or x == flop[1] or x == flop[2] or x == turn:
                continue
            # every river's board, less the boards whose river is x or y
            hx, hy = kinds[river_suit[x], y], kinds[river_suit[y], x]
            for k in range(width):
                v[k] = -holding[x, hx, k] - holding[y, hy, k]
            for suit in range(5):
                if sums.seen[suit]:
                    kx, ky = kinds[suit, x], kinds[suit, y]
                    pair = min(kx, ky) * TYPES + max(kx, ky)
                    for k in range(width):
                        v[k] += every[suit, pair, k]
            worth = 0
            for k in range(width):
                worth += v[k] * choices.turn_net[k]
            bet = worth > 0 or (worth == 0 and choices.bet_first[0])
            px, py = work.perms[g, x], work.perms[g, y]
            out.turn_picks[base + binomial[max(px, py), 2] + min(px, py)] = 1 if bet else 0
            acc = sums.acc[binomial[y, 2] + x]
            for k in range(width):
                acc[k] += np.int32(size) * v[k]
            if bet:
                for k in range(width):
                    acc[width + k] += np.int32(size) * v[k]
    clear_touched(sums.every, sums.touched, sums.marked, sums.seen)
    for r in range(n):
        if r != flop[0] and r != flop[1] and r != flop[2] and r != turn:
            sums.holding[r] = 0


@njit(cache=True)
def _decide_flop(
    f: int, work: FlopWork, tables: HoldemTables, choices: TurnChoices, sums: TurnSums,
    out: TurnsDecided, totals: np.ndarray,
) -> None:  # fmt: skip
    """Decide the flop for every hole pair of flop class ``f`` from its sums over the turns and
    rivers (summed over the flop's symmetry) and add what follows to ``totals`` (by hole class,
    times the flop class's size)."""
    binomial = tables.binomial
    n = work.perms.shape[1]
    stab = work.stab[work.stab_start[f] : work.stab_start[f + 1]]
    orbit = work.perms.shape[0] // stab.shape[0]
    width = sums.v.shape[0]
    sym = sums.sym
    cards = np.empty(5, dtype=np.int64)
    cards[:3] = work.flops[f]
    for b in range(1, n):
        for a in range(b):
            hole = binomial[b, 2] + a
            out.picks[f, hole] = -1
            if a == cards[0] or a == cards[1] or a == cards[2]:
                continue
            if b == cards[0] or b == cards[1] or b == cards[2]:
                continue
            sym[:] = 0
            for g in stab:
                pa, pb = work.perms[g, a], work.perms[g, b]
                image = sums.acc[binomial[max(pa, pb), 2] + min(pa, pb)]
                for k in range(2 * width):
                    sym[k] += image[k]
            cards[3] = a
            cards[4] = b
            out.hand5[f, hole] = choices.values5[colex5(cards, 0, binomial)]
            worth = 0
            for k in range(width):
                worth += sym[k] * choices.flop_net[k]
            bet = worth > 0 or (worth == 0 and choices.bet_first[0])
            out.picks[f, hole] = 1 if bet else 0
            row = totals[choices.hole_class[hole]]
            for k in range(2 * width):
                x = sym[k] // stab.shape[0] * orbit
                row[k] += x
                if bet:
                    row[2 * width + k] += x


@njit(cache=True, parallel=True)
def solve_turns(
    work: FlopWork, turns: TurnWork, tables: HoldemTables, boards: BoardTable,
    choices: TurnChoices, out: TurnsDecided,
) -> None:  # fmt: skip
    """Decide every turn and flop of every hole pair and add up, by hole class, what follows
    (see :class:`TurnsDecided`)."""
    n_flops = work.flops.shape[0]
    width = out.totals.shape[2] // 4
    buckets = choices.buckets[0]
    totals = out.totals
    for task in prange((n_flops + FLOPS_PER_TASK - 1) // FLOPS_PER_TASK):
        sums = _turn_sums(tables.codes.shape[0], width)
        for f in range(task * FLOPS_PER_TASK, min(n_flops, (task + 1) * FLOPS_PER_TASK)):
            for t in range(turns.start[f], turns.start[f + 1]):
                _sum_rivers(f, t, work, turns, tables, boards, sums, buckets)
                _decide_turn(f, t, work, turns, tables, choices, sums, out)
            _decide_flop(f, work, tables, choices, sums, out, totals[task])
            sums.acc[:] = 0
