"""The compiled loops of Ultimate Texas Hold'em with one dealer card seen (:mod:`.holdem_leak`).

With the dealer's card ``d`` known, the dealer hands left on a five-card board are ``(d, x)``
for every card ``x`` left. A card matters on a board only by its *type* (rank, and whether it
is of the board's flush suit), so :func:`seen_rows` values the dealer once per type of ``x``
and counts every pair of types of the player's two cards against those values, the player's
own two cards taken out of the dealer's (a row of :class:`SeenScratch`: its showdowns,
paytable line and river action).

:func:`solve_seen` takes the (flop, seen card) pairs one per class of the deck's relabellings,
the turns and rivers one per orbit of the pair's own symmetry; it sums every board's rows by
pair of types and takes the player's cards out of those sums by inclusion-exclusion (the
boards holding either card, plus the board holding both), decides the flop for every hole pair
and adds what follows to the totals of the class of (hole pair, seen card).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.games.banked.language.holdem_boards import (
    BUCKETS,
    TYPES,
    HoldemTables,
    board_shape,
    pair_value,
)

__all__ = ["SeenChoices", "SeenScratch", "SeenTasks", "seen_rows", "seen_scratch", "solve_seen"]


class SeenChoices(NamedTuple):
    """The money of each way a hand ends, scaled to whole numbers: ``river_net`` and
    ``flop_net`` int64[lines], the net per deal of a play bet made after the river and on the
    flop, by paytable line and showdown bucket (``lines`` = combos x 6); ``fold_units``
    int64[1], what a fold loses; ``bet_first`` bool[1], ties go to the bet; ``seen_class``
    int64[n, holes]: the class of (hole pair by colex, seen card) under suit relabelling (-1:
    the seen card is in the hole pair)."""

    river_net: np.ndarray
    flop_net: np.ndarray
    fold_units: np.ndarray
    bet_first: np.ndarray
    seen_class: np.ndarray


class SeenScratch(NamedTuple):
    """One thread's rows of :func:`seen_rows` (reused board after board): per type the cards
    left (``many``) and the dealer's value with an ``x`` of it (``dealer``); per type present
    (in type order) that value and its cards (``dealer_values``, ``dealer_cards``), int64[26];
    per row (pair of types, ``first`` <= ``second``) its showdown counts (int64[676, 6]),
    paytable line and river action (bet); ``suit`` int64[1]: the board's flush suit (-1:
    none)."""

    many: np.ndarray
    dealer: np.ndarray
    dealer_values: np.ndarray
    dealer_cards: np.ndarray
    first: np.ndarray
    second: np.ndarray
    counts: np.ndarray
    line: np.ndarray
    river: np.ndarray
    suit: np.ndarray


class SeenTasks(NamedTuple):
    """The (flop, seen card) classes: ``flop`` int64[K, 3] and ``seen`` int64[K] (positions);
    ``stab_start`` int64[K + 1] into ``stab`` (rows of ``perms`` keeping the flop and the seen
    card); ``perms`` int64[g, n], the deck's relabellings as position maps."""

    flop: np.ndarray
    seen: np.ndarray
    stab_start: np.ndarray
    stab: np.ndarray
    perms: np.ndarray


@njit(cache=True)
def seen_scratch() -> SeenScratch:
    """One thread's rows, empty."""
    rows = TYPES * TYPES
    return SeenScratch(
        np.zeros(TYPES, dtype=np.int64), np.zeros(TYPES, dtype=np.int64),
        np.zeros(TYPES, dtype=np.int64), np.zeros(TYPES, dtype=np.int64),
        np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=np.int64),
        np.zeros((rows, BUCKETS), dtype=np.int64), np.zeros(rows, dtype=np.int64),
        np.zeros(rows, dtype=np.bool_), np.full(1, -1, dtype=np.int64),
    )  # fmt: skip


@njit(cache=True)
def seen_rows(
    board: np.ndarray, seen: int, tables: HoldemTables, choices: SeenChoices, work: SeenScratch
) -> int:  # fmt: skip
    """Count every pair of types of the cards left on ``board`` (positions) against the dealer
    hands ``(seen, x)``, ``x`` any card left but the pair's two; fills ``work`` and returns the
    number of rows. The counts are by the showdown buckets of :data:`~.outcomes.SHOWDOWNS`, the
    river action the better of a bet and a fold on them (ties: ``choices.bet_first``)."""
    codes = tables.codes
    n = codes.shape[0]
    row, flush_suit, suited, mask = board_shape(board, tables)
    work.suit[0] = flush_suit
    many, dealer = work.many, work.dealer
    dealer_values, dealer_cards = work.dealer_values, work.dealer_cards
    first, second, counts_of = work.first, work.second, work.counts
    line_of, river_of = work.line, work.river
    many[:] = 0
    for p in range(n):
        if p == seen or p == board[0] or p == board[1] or p == board[2] or p == board[3]:
            continue
        if p == board[4]:
            continue
        code = codes[p]
        many[2 * (code >> 2) + (1 if (code & 3) == flush_suit else 0)] += 1
    code = codes[seen]
    tau = 2 * (code >> 2) + (1 if (code & 3) == flush_suit else 0)
    # the dealer's value with an x of each type left
    kinds = 0
    qualify = tables.qualify[0]
    low = 0  # dealer hands below the qualifier
    left = 0
    for t in range(TYPES):
        if many[t]:
            dealer[t] = pair_value(tau, t, row, suited, mask, tables)
            dealer_values[kinds] = dealer[t]
            dealer_cards[kinds] = many[t]
            kinds += 1
            left += many[t]
            if dealer[t] < qualify:
                low += many[t]
    total = left - 2
    river_net = choices.river_net
    bet_first = choices.bet_first[0]
    folded = -choices.fold_units[0] * total
    # every pair of types of the player's cards: its value against the dealer's, then the river
    n_rows = 0
    for a in range(TYPES):
        if not many[a]:
            continue
        for b in range(a, TYPES):
            if not many[b] or (a == b and many[a] < 2):
                continue
            value = pair_value(a, b, row, suited, mask, tables)
            below = 0
            same = 0
            for i in range(kinds):  # branch-free: a search's jumps cost more than 26 compares
                below += dealer_cards[i] * (dealer_values[i] < value)
                same += dealer_cards[i] * (dealer_values[i] == value)
            da, db = dealer[a], dealer[b]
            lower = below - (1 if da < value else 0) - (1 if db < value else 0)
            tie = same - (1 if da == value else 0) - (1 if db == value else 0)
            nq = low - (1 if da < qualify else 0) - (1 if db < qualify else 0)
            r = n_rows
            first[r] = a
            second[r] = b
            n_rows += 1
            counts = counts_of[r]
            if value < qualify:  # every dealer hand at or below it does not qualify
                counts[0] = lower
                counts[1] = 0
                counts[2] = 0
                counts[3] = total - nq
                counts[4] = tie
                counts[5] = nq - lower - tie
            else:
                counts[0] = nq
                counts[1] = lower - nq
                counts[2] = tie
                counts[3] = total - lower - tie
                counts[4] = 0
                counts[5] = 0
            line = tables.combo[value]
            line_of[r] = line
            bet = 0
            for s in range(BUCKETS):
                bet += counts[s] * river_net[BUCKETS * line + s]
            river_of[r] = bet > folded or (bet == folded and bet_first)
    return n_rows


class _Sums(NamedTuple):
    """One thread's sums for a (flop, seen card) class (the columns: every deal by line, those
    bet after the river by line, the deals folded): ``acc`` int32[holes, width] by hole pair;
    ``every`` int32[5, 676, width] and ``holding`` int32[5, n, 26, width] by flush suit (4:
    none); ``seen`` bool[5], the flush suits met; ``row_of`` int64[676], each pair of types'
    row on the current board (-1: none)."""

    acc: np.ndarray
    every: np.ndarray
    holding: np.ndarray
    seen: np.ndarray
    row_of: np.ndarray


@njit(cache=True, inline="always")
def _add(
    into: np.ndarray, r: int, row: np.ndarray, line: int, bet: bool, size: int, lines: int
) -> None:  # fmt: skip
    """Add a row's showdown counts ``row`` ``size`` times to ``into[r]``: at its ``line``'s
    columns, again at ``lines +`` those when ``bet`` after the river, else its deals at the last
    column."""
    col = BUCKETS * line
    dealt = 0
    for k in range(BUCKETS):
        into[r, col + k] += size * row[k]
        dealt += row[k]
    if bet:
        for k in range(BUCKETS):
            into[r, lines + col + k] += size * row[k]
    else:
        into[r, 2 * lines] += size * dealt


@njit(cache=True)
def _sum_task(
    k: int, tasks: SeenTasks, tables: HoldemTables, choices: SeenChoices, work: SeenScratch,
    sums: _Sums, binomial: np.ndarray,
) -> None:  # fmt: skip
    """Fill ``sums.acc[hole]`` (zero before) with the counts of (flop, seen card) class ``k``
    summed over its turns and rivers (one per orbit of its symmetry, times the orbit's size)
    that miss the hole pair."""
    codes = tables.codes
    n = codes.shape[0]
    flop = tasks.flop[k]
    seen_card = tasks.seen[k]
    stab = tasks.stab[tasks.stab_start[k] : tasks.stab_start[k + 1]]
    perms = tasks.perms
    lines = choices.flop_net.shape[0]
    acc, every, holding, seen, row_of = sums
    rows_every = every.reshape(5 * TYPES * TYPES, acc.shape[1])  # views: one row per sum
    rows_held = holding.reshape(5 * n * TYPES, acc.shape[1])
    first, second, counts, line, river_bet = (
        work.first,
        work.second,
        work.counts,
        work.line,
        work.river,
    )
    board = np.empty(5, dtype=np.int64)
    board[:3] = flop
    for river in range(n):
        if river == flop[0] or river == flop[1] or river == flop[2] or river == seen_card:
            continue
        for turn in range(river):
            if turn == flop[0] or turn == flop[1] or turn == flop[2] or turn == seen_card:
                continue
            own = binomial[river, 2] + turn
            fixed = 0
            rep = True
            for g in stab:
                pt, pr = perms[g, turn], perms[g, river]
                image = binomial[max(pt, pr), 2] + min(pt, pr)
                if image < own:
                    rep = False
                    break
                if image == own:
                    fixed += 1
            if not rep:
                continue
            size = stab.shape[0] // fixed
            board[3] = turn
            board[4] = river
            n_rows = seen_rows(board, seen_card, tables, choices, work)
            suit = work.suit[0] if work.suit[0] >= 0 else 4
            seen[suit] = True
            for r in range(n_rows):
                pair = first[r] * TYPES + second[r]
                row_of[pair] = r
                _add(rows_every, suit * TYPES * TYPES + pair, counts[r], line[r], river_bet[r],
                     size, lines)  # fmt: skip
            flag = work.suit[0]
            kt = 2 * (codes[turn] >> 2) + (1 if (codes[turn] & 3) == flag else 0)
            kr = 2 * (codes[river] >> 2) + (1 if (codes[river] & 3) == flag else 0)
            for card, kind in ((turn, kt), (river, kr)):
                for other in range(TYPES):
                    at = row_of[min(kind, other) * TYPES + max(kind, other)]
                    if at >= 0:
                        _add(rows_held, (suit * n + card) * TYPES + other, counts[at], line[at],
                             river_bet[at], size, lines)  # fmt: skip
            at = row_of[min(kt, kr) * TYPES + max(kt, kr)]
            if at >= 0:
                _add(acc, own, counts[at], line[at], river_bet[at], size, lines)
            for r in range(n_rows):  # the map empty again for the next board
                row_of[first[r] * TYPES + second[r]] = -1
    for suit in range(5):
        if not seen[suit]:
            continue
        flag = suit if suit < 4 else -1
        for y in range(n):
            if y == flop[0] or y == flop[1] or y == flop[2] or y == seen_card:
                continue
            ky = 2 * (codes[y] >> 2) + (1 if (codes[y] & 3) == flag else 0)
            for x in range(y):
                if x == flop[0] or x == flop[1] or x == flop[2] or x == seen_card:
                    continue
                kx = 2 * (codes[x] >> 2) + (1 if (codes[x] & 3) == flag else 0)
                pair = min(kx, ky) * TYPES + max(kx, ky)
                hole = binomial[y, 2] + x
                for c in range(acc.shape[1]):
                    acc[hole, c] += every[suit, pair, c] - holding[suit, x, ky, c]
                    acc[hole, c] -= holding[suit, y, kx, c]
    for suit in range(5):  # ready for the next class
        if seen[suit]:
            every[suit] = 0
            holding[suit] = 0
            seen[suit] = False


@njit(cache=True)
def _decide_task(
    k: int, tasks: SeenTasks, choices: SeenChoices, acc: np.ndarray, binomial: np.ndarray,
    totals: np.ndarray,
) -> None:  # fmt: skip
    """Decide the flop for every hole pair of (flop, seen card) class ``k`` from its sums
    ``acc`` (summed over the class's symmetry) and add what follows to ``totals`` by class of
    (hole pair, seen card), times the class's size."""
    perms = tasks.perms
    n = perms.shape[1]
    flop = tasks.flop[k]
    seen_card = tasks.seen[k]
    stab = tasks.stab[tasks.stab_start[k] : tasks.stab_start[k + 1]]
    orbit = perms.shape[0] // stab.shape[0]
    lines = choices.flop_net.shape[0]
    fold = choices.fold_units[0]
    sym = np.zeros(acc.shape[1], dtype=np.int64)
    for b in range(1, n):
        if b == flop[0] or b == flop[1] or b == flop[2] or b == seen_card:
            continue
        for a in range(b):
            if a == flop[0] or a == flop[1] or a == flop[2] or a == seen_card:
                continue
            sym[:] = 0
            for g in stab:
                pa, pb = perms[g, a], perms[g, b]
                image = binomial[max(pa, pb), 2] + min(pa, pb)
                for c in range(sym.shape[0]):
                    sym[c] += acc[image, c]
            bet = 0
            checked = -fold * sym[2 * lines]
            for c in range(lines):
                bet += sym[c] * choices.flop_net[c]
                checked += sym[lines + c] * choices.river_net[c]
            pick = bet > checked or (bet == checked and choices.bet_first[0])
            row = totals[choices.seen_class[seen_card, binomial[b, 2] + a]]
            for c in range(lines):
                x = sym[c] // stab.shape[0] * orbit
                row[c] += x
                if pick:
                    row[lines + c] += x
                else:
                    row[2 * lines + c] += sym[lines + c] // stab.shape[0] * orbit
            if not pick:
                row[3 * lines] += sym[2 * lines] // stab.shape[0] * orbit


@njit(cache=True, parallel=True)
def solve_seen(
    tasks: SeenTasks, tables: HoldemTables, choices: SeenChoices, totals: np.ndarray
) -> None:
    """Decide every (flop, seen card) class's flop for every hole pair and add what follows to
    ``totals`` int64[chunks, classes, 3 * lines + 1] (per class of (hole pair, seen card): every
    deal, those bet on the flop, those bet after the river, by line; the deals folded), chunk
    ``c`` taking the classes ``c, c + chunks, ...``."""
    n = tables.codes.shape[0]
    chunks = totals.shape[0]
    width = 2 * choices.flop_net.shape[0] + 1
    binomial = tables.binomial
    for c in prange(chunks):
        work = seen_scratch()
        sums = _Sums(
            np.zeros((n * (n - 1) // 2, width), dtype=np.int32),
            np.zeros((5, TYPES * TYPES, width), dtype=np.int32),
            np.zeros((5, n, TYPES, width), dtype=np.int32),
            np.zeros(5, dtype=np.bool_),
            np.full(TYPES * TYPES, -1, dtype=np.int64),
        )
        for k in range(c, tasks.seen.shape[0], chunks):
            _sum_task(k, tasks, tables, choices, work, sums, binomial)
            _decide_task(k, tasks, choices, sums.acc, binomial, totals[c])
            sums.acc[:] = 0
