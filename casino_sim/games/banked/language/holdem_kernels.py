"""The compiled flop loop of the hold'em solver: every (hole cards, flop), decided once.

:func:`solve_flops` sums, for every flop class and every hole pair, the showdown counts of
:mod:`~.holdem_boards` (by the hand's final paytable line) over the turns and rivers, one per
orbit of the flop's own suit symmetry weighted by the orbit's size, and decides each (hole
cards, flop) from those sums. The sums are taken by pair of card types, not by hole pair:
each board adds its rows once, and the card removal of a hole pair (the boards holding one
of its cards) comes out by inclusion-exclusion at the end of the flop.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import colex5
from casino_sim.games.banked.language.holdem_boards import (
    BUCKETS,
    TYPES,
    BoardTable,
    HoldemTables,
)

__all__ = [
    "MERGED",
    "Choices",
    "Decided",
    "FlopSums",
    "FlopWork",
    "add_row",
    "flop_sums",
    "hole_sums",
    "solve_flops",
    "sum_flop",
]

#: Showdown buckets of a game whose wagers settle every dealer who does not qualify alike
#: (:func:`solve_flops`): the four of :data:`~.outcomes.SHOWDOWNS` before the split.
MERGED = 4
#: Flop classes summed by one task of :func:`solve_flops` (with one set of sums).
FLOPS_PER_TASK = 8


class FlopWork(NamedTuple):
    """The flop classes and their boards: ``flops`` int64[F, 3] (positions); ``stab_start``
    int64[F + 1] into ``stab`` (rows of ``perms``, int64[S]); ``perms`` int64[g, n] position
    maps; ``tr_start`` int64[F + 1] into ``tr_pairs`` int64[T, 2], ``tr_sizes`` int64[T] and
    ``tr_board`` int64[T] (the turn and river, one per orbit of the flop's stabilizer, the
    orbit sizes and the five-card board's class: its row of the
    :class:`~.holdem_boards.BoardTable`)."""

    flops: np.ndarray
    stab_start: np.ndarray
    stab: np.ndarray
    perms: np.ndarray
    tr_start: np.ndarray
    tr_pairs: np.ndarray
    tr_sizes: np.ndarray
    tr_board: np.ndarray


class Choices(NamedTuple):
    """The decision: ``nets`` int64[c, combos, 4], each action's scaled net per deal by line and
    showdown (unused for a fold); ``fold`` bool[c]; ``order`` int64[c], the actions in the order
    ties are settled (the preferred first); ``fold_units`` int64[1], what a fold loses (scaled);
    ``fixed`` int64 per hand value: a named strategy's action for the player's five cards at the
    decision (-1: the best action); ``values5`` int16 by colex index: five-card hand values."""

    nets: np.ndarray
    fold: np.ndarray
    order: np.ndarray
    fold_units: np.ndarray
    fixed: np.ndarray
    values5: np.ndarray


class Decided(NamedTuple):
    """What :func:`solve_flops` fills, by flop class ``f``: ``picks`` int8[F, holes] (the action,
    -1: the hole holds a flop card), ``hand5`` int64[F, holes] (the player's five-card value at
    the decision), ``played`` int64[F, actions, combos, 4] and ``deals`` int64[F, actions]: the
    deals of one flop of the class (multiply by the class size)."""

    picks: np.ndarray
    hand5: np.ndarray
    played: np.ndarray
    deals: np.ndarray


class FlopSums(NamedTuple):
    """One thread's sums for :func:`sum_flop` (``width``: the columns of :func:`add_row`): ``acc``
    int32[n * (n - 1) / 2, width] by hole pair; ``every`` int32[5, 676, width] and ``holding``
    int32[5, n, 26, width] by flush suit; ``seen`` bool[5], the flush suits met; per pair of
    types the row of the :class:`~.holdem_boards.BoardTable` it was last read from
    (``row_of``) and for which turn and river (``board_of``, an index of ``tr_pairs``; -1:
    none), int64[676] each."""

    acc: np.ndarray
    every: np.ndarray
    holding: np.ndarray
    seen: np.ndarray
    row_of: np.ndarray
    board_of: np.ndarray


@njit(cache=True)
def flop_sums(n: int, width: int) -> FlopSums:
    """Zeroed sums for a deck of ``n`` cards."""
    return FlopSums(
        np.zeros((n * (n - 1) // 2, width), dtype=np.int32),
        np.zeros((5, TYPES * TYPES, width), dtype=np.int32),
        np.zeros((5, n, TYPES, width), dtype=np.int32),
        np.zeros(5, dtype=np.bool_),
        np.zeros(TYPES * TYPES, dtype=np.int64),
        np.full(TYPES * TYPES, -1, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def add_row(
    into: np.ndarray, r: int, at: int, size: int, boards: BoardTable, split: int, buckets: int
) -> None:  # fmt: skip
    """Add row ``at`` of ``boards`` ``size`` times to the sums ``into[r]``: its counts at its
    line's columns (``buckets * line + bucket``; 4 buckets: a dealer who does not qualify in
    one, bucket 0); with a decision after the river (``split``, the columns of the lines, > 0)
    also at ``split +`` those columns when the row's action is a bet (``boards.river``), else
    its deals at the last column (folded)."""
    col = buckets * boards.line[at]
    counts = boards.counts
    first = counts[at, 0]
    if buckets == MERGED:
        first += counts[at, 4] + counts[at, 5]
    into[r, col] += size * first
    for k in range(1, buckets):
        into[r, col + k] += size * counts[at, k]
    if split:
        if boards.river[at]:
            into[r, split + col] += size * first
            for k in range(1, buckets):
                into[r, split + col + k] += size * counts[at, k]
        else:
            dealt = 0
            for k in range(BUCKETS):
                dealt += counts[at, k]
            into[r, 2 * split] += size * dealt


@njit(cache=True)
def sum_flop(
    f: int, flops: FlopWork, tables: HoldemTables, boards: BoardTable, sums: FlopSums,
    buckets: int,
) -> None:  # fmt: skip
    """Fill ``sums.acc[hole]`` (zero before) with the counts of flop class ``f`` summed over its
    boards, each weighted by its orbit size (the columns of :func:`add_row`, ``buckets`` 4 or
    6 a line).

    A hole pair's sum is over the boards that miss both its cards: the sum over every board
    (by the pair's types), less the boards holding each card, plus the board holding both.
    A card's type depends on the board's flush suit only, so the sums are kept by flush suit
    (4: none): ``every[suit, pair of types]``, ``holding[suit, card, the other card's type]``.
    """
    codes, binomial = tables.codes, tables.binomial
    n = codes.shape[0]
    flop = flops.flops[f]
    acc, every, holding, seen, row_of, board_of = sums
    split = (acc.shape[1] - 1) // 2 if boards.river.shape[0] else 0
    holding_rows = holding.reshape(5 * n * TYPES, acc.shape[1])  # a view: one row per sum
    for t in range(flops.tr_start[f], flops.tr_start[f + 1]):
        turn, river = flops.tr_pairs[t, 0], flops.tr_pairs[t, 1]
        suits = 0  # four 4-bit counts
        for c in (codes[flop[0]], codes[flop[1]], codes[flop[2]], codes[turn], codes[river]):
            suits += 1 << ((c & 3) << 2)
        suit = 4
        for s in range(4):
            if (suits >> (s << 2)) & 15 >= 3:
                suit = s
        seen[suit] = True
        kt = 2 * (codes[turn] >> 2) + (1 if (codes[turn] & 3) == suit else 0)
        kr = 2 * (codes[river] >> 2) + (1 if (codes[river] & 3) == suit else 0)
        both = binomial[river, 2] + turn if turn < river else binomial[turn, 2] + river
        size = flops.tr_sizes[t]
        b = flops.tr_board[t]
        counts = boards.counts
        for at in range(boards.start[b], boards.start[b] + boards.rows[b]):
            # :func:`add_row` written out: this loop reads every row of every board, and a
            # call a row doubles the solver's time
            pair, col = boards.pair[at], buckets * boards.line[at]
            first = counts[at, 0]
            if buckets == MERGED:
                first += counts[at, 4] + counts[at, 5]
            every[suit, pair, col] += size * first
            for k in range(1, buckets):
                every[suit, pair, col + k] += size * counts[at, k]
            if split:
                if boards.river[at]:
                    every[suit, pair, split + col] += size * first
                    for k in range(1, buckets):
                        every[suit, pair, split + col + k] += size * counts[at, k]
                else:
                    dealt = 0
                    for k in range(BUCKETS):
                        dealt += counts[at, k]
                    every[suit, pair, 2 * split] += size * dealt
            row_of[pair] = at
            board_of[pair] = t
        for card, kind in ((turn, kt), (river, kr)):
            for other in range(TYPES):
                pair = min(kind, other) * TYPES + max(kind, other)
                if board_of[pair] == t:
                    held = (suit * n + card) * TYPES + other
                    add_row(holding_rows, held, row_of[pair], size, boards, split, buckets)
        pair = min(kt, kr) * TYPES + max(kt, kr)
        if board_of[pair] == t:
            add_row(acc, both, row_of[pair], size, boards, split, buckets)
    for suit in range(5):
        if not seen[suit]:
            continue
        for y in range(n):
            if y == flop[0] or y == flop[1] or y == flop[2]:
                continue
            ky = 2 * (codes[y] >> 2) + (1 if (codes[y] & 3) == suit else 0)
            for x in range(y):
                if x == flop[0] or x == flop[1] or x == flop[2]:
                    continue
                kx = 2 * (codes[x] >> 2) + (1 if (codes[x] & 3) == suit else 0)
                pair = min(kx, ky) * TYPES + max(kx, ky)
                hole = binomial[y, 2] + x
                for k in range(acc.shape[1]):
                    acc[hole, k] += every[suit, pair, k] - holding[suit, x, ky, k]
                    acc[hole, k] -= holding[suit, y, kx, k]

    for suit in range(5):  # ready for the next flop
        if seen[suit]:
            every[suit] = 0
            holding[suit] = 0
            seen[suit] = False


@njit(cache=True, inline="always")
def hole_sums(
    work: FlopWork, stab: np.ndarray, cards: np.ndarray, binomial: np.ndarray, a: int, b: int,
    acc: np.ndarray, sym: np.ndarray,
) -> bool:  # fmt: skip
    """Whether the hole pair of positions ``a`` < ``b`` misses the flop ``cards[:3]`` (fixed by
    every relabelling of its stabilizer ``stab``, rows of ``work.perms``); if so, ``sym`` = its
    sums ``acc`` (rows by hole pair, colex) over the flop's symmetry: ``len(stab)`` times its
    sums over every turn and river."""
    for c in range(3):
        if a == cards[c] or b == cards[c]:
            return False
    sym[:] = 0
    for g in stab:
        pa, pb = work.perms[g, a], work.perms[g, b]
        image = binomial[max(pa, pb), 2] + min(pa, pb)
        for k in range(sym.shape[0]):
            sym[k] += acc[image, k]
    return True


@njit(cache=True)
def _decide(
    f: int, work: FlopWork, tables: HoldemTables, choices: Choices, acc: np.ndarray, out: Decided
) -> None:  # fmt: skip
    """Decide every hole pair of flop class ``f`` from its sums ``acc`` (see
    :func:`solve_flops`), each summed over the flop's symmetry."""
    picks, hand5, played, deals = out
    binomial = tables.binomial
    n = work.perms.shape[1]
    n_combos = played.shape[2]
    stab = work.stab[work.stab_start[f] : work.stab_start[f + 1]]
    width = MERGED * n_combos
    sym = np.zeros(width, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    cards[:3] = work.flops[f]
    worth = np.zeros(choices.nets.shape[0], dtype=np.int64)
    nets = choices.nets.reshape(choices.nets.shape[0], width)
    for b in range(1, n):
        for a in range(b):
            hole = binomial[b, 2] + a
            picks[f, hole] = -1
            if not hole_sums(work, stab, cards, binomial, a, b, acc, sym):
                continue
            total = 0
            for k in range(width):
                total += sym[k]
            cards[3] = a
            cards[4] = b
            value = choices.values5[colex5(cards, 0, binomial)]
            hand5[f, hole] = value
            best = choices.fixed[value]
            if best < 0:
                for c in range(worth.shape[0]):
                    if choices.fold[c]:
                        worth[c] = -choices.fold_units[0] * total
                    else:
                        worth[c] = 0
                        for k in range(width):
                            worth[c] += sym[k] * nets[c, k]
                best = choices.order[0]
                for c in choices.order[1:]:
                    if worth[c] > worth[best]:
                        best = c
            picks[f, hole] = best
            deals[f, best] += total // stab.shape[0]
            for k in range(width):
                played[f, best, k // MERGED, k % MERGED] += sym[k] // stab.shape[0]


@njit(cache=True, parallel=True)
def solve_flops(
    work: FlopWork, tables: HoldemTables, boards: BoardTable, choices: Choices, out: Decided
) -> None:  # fmt: skip
    """Decide every (flop class, hole pair) and count what follows, into ``out``
    (:class:`Decided`)."""
    n_flops = work.flops.shape[0]
    for task in prange((n_flops + FLOPS_PER_TASK - 1) // FLOPS_PER_TASK):
        sums = flop_sums(tables.codes.shape[0], MERGED * out.played.shape[2])
        for f in range(task * FLOPS_PER_TASK, min(n_flops, (task + 1) * FLOPS_PER_TASK)):
            sum_flop(f, work, tables, boards, sums, MERGED)
            _decide(f, work, tables, choices, sums.acc, out)
            sums.acc[:] = 0
