"""The compiled loops of the hold'em solver with a decision before the flop, on the flop and after
the river (Ultimate Texas Hold'em): :func:`river_actions` decides the river once per row of the
board table (a pair of card types on a class of boards: the counts already exclude the player's
two cards), and :func:`solve_streets` sums every flop class's rows (:func:`~.holdem_kernels.sum_flop`
with the river split) and decides the flop for every hole pair, adding what follows each flop
decision to the totals of the hole pair's class (its cards up to a relabelling of the suits), from
which the decision before the flop is taken.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import colex5
from casino_sim.games.banked.language.holdem_boards import BUCKETS, BoardTable, HoldemTables
from casino_sim.games.banked.language.holdem_kernels import (
    FLOPS_PER_TASK,
    FlopWork,
    flop_sums,
    hole_sums,
    sum_flop,
)

__all__ = ["StreetChoices", "StreetsDecided", "river_actions", "solve_streets"]


class StreetChoices(NamedTuple):
    """The money of each way a hand ends, scaled to whole numbers: ``river_net`` and ``flop_net``
    int64[combos * BUCKETS], the net per deal of a play bet made after the river and on the flop,
    by paytable line and showdown; ``fold_units`` int64[1], what a fold loses; ``bet_first``
    bool[1], ties between a bet and the other action go to the bet (``prefer: larger_bet``);
    ``hole_class`` int64 per hole pair (colex): its class under suit relabelling; ``values5``
    int16 by colex index: five-card hand values."""

    river_net: np.ndarray
    flop_net: np.ndarray
    fold_units: np.ndarray
    bet_first: np.ndarray
    hole_class: np.ndarray
    values5: np.ndarray


class StreetsDecided(NamedTuple):
    """What :func:`solve_streets` fills: ``picks`` int8[F, holes] (the flop action: 1 bet, 0
    check; -1: the hole holds a flop card), ``hand5`` int64[F, holes] (the player's five-card
    value on the flop), and ``totals`` int64[tasks, classes, 3 * lines + 1] by hole class, each
    flop weighted by its class size: the counts of every turn and river (``lines`` columns), of
    the hands bet on the flop, of those bet after the river, and the deals folded after it."""

    picks: np.ndarray
    hand5: np.ndarray
    totals: np.ndarray


@njit(cache=True, parallel=True)
def river_actions(boards: BoardTable, choices: StreetChoices, out: np.ndarray) -> None:
    """``out[row]`` (bool): bet (else fold) after the river with the row's pair of card types on
    its board, the better of the two for the counts of the dealer hands left (ties: ``bet_first``).
    Only each board's filled rows are read: the room after them holds no row (its line is not
    an index)."""
    net, fold = choices.river_net, choices.fold_units[0]
    bet_first = choices.bet_first[0]
    for b in prange(boards.rows.shape[0]):
        for at in range(boards.start[b], boards.start[b] + boards.rows[b]):
            col = BUCKETS * boards.line[at]
            bet = 0
            dealt = 0
            for k in range(BUCKETS):
                bet += boards.counts[at, k] * net[col + k]
                dealt += boards.counts[at, k]
            folded = -fold * dealt
            out[at] = bet > folded or (bet == folded and bet_first)


@njit(cache=True)
def _decide_flop(
    f: int, work: FlopWork, tables: HoldemTables, choices: StreetChoices, acc: np.ndarray,
    out: StreetsDecided, totals: np.ndarray,
) -> None:  # fmt: skip
    """Decide every hole pair of flop class ``f`` from its sums ``acc`` (each summed over the
    flop's symmetry) and add what follows to ``totals`` (by hole class, times the flop class's
    size)."""
    binomial = tables.binomial
    n = work.perms.shape[1]
    stab = work.stab[work.stab_start[f] : work.stab_start[f + 1]]
    orbit = work.perms.shape[0] // stab.shape[0]
    lines = choices.flop_net.shape[0]
    sym = np.zeros(acc.shape[1], dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    cards[:3] = work.flops[f]
    fold = choices.fold_units[0]
    for b in range(1, n):
        for a in range(b):
            hole = binomial[b, 2] + a
            out.picks[f, hole] = -1
            if not hole_sums(work, stab, cards, binomial, a, b, acc, sym):
                continue
            cards[3] = a
            cards[4] = b
            out.hand5[f, hole] = choices.values5[colex5(cards, 0, binomial)]
            bet = 0
            checked = -fold * sym[2 * lines]
            for k in range(lines):
                bet += sym[k] * choices.flop_net[k]
                checked += sym[lines + k] * choices.river_net[k]
            pick = 1 if bet > checked or (bet == checked and choices.bet_first[0]) else 0
            out.picks[f, hole] = pick
            row = totals[choices.hole_class[hole]]
            for k in range(lines):
                x = sym[k] // stab.shape[0] * orbit
                row[k] += x
                if pick:
                    row[lines + k] += x
                else:
                    row[2 * lines + k] += sym[lines + k] // stab.shape[0] * orbit
            if not pick:
                row[3 * lines] += sym[2 * lines] // stab.shape[0] * orbit


@njit(cache=True, parallel=True)
def solve_streets(
    work: FlopWork, tables: HoldemTables, boards: BoardTable, choices: StreetChoices,
    out: StreetsDecided,
) -> None:  # fmt: skip
    """Decide every (flop class, hole pair) on the flop and add up, by hole class, what follows
    (see :class:`StreetsDecided`); ``boards.river`` holds the river's actions."""
    n_flops = work.flops.shape[0]
    lines = choices.flop_net.shape[0]
    totals = out.totals
    for task in prange((n_flops + FLOPS_PER_TASK - 1) // FLOPS_PER_TASK):
        sums = flop_sums(tables.codes.shape[0], 2 * lines + 1)
        for f in range(task * FLOPS_PER_TASK, min(n_flops, (task + 1) * FLOPS_PER_TASK)):
            sum_flop(f, work, tables, boards, sums, BUCKETS)
            _decide_flop(f, work, tables, choices, sums.acc, out, totals[task])
            sums.acc[:] = 0
