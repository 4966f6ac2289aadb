"""Hold'em boards: every two-card hand on a five-card board against every dealer hand, by type.

On a given five-card board a card matters only through its rank and whether it is of the
board's flush suit (a suit with three board cards or more), its *type* (``2 * rank + flag``).
:func:`board_counts` values each pair of types once (a five-rank table for the pairs that make
no flush, the flush table for the others), sorts them, and for every pair counts the dealer
hands of the cards left that do not qualify, lose to it, tie it and beat it: totals over all
pairs with the two cards of the player's hand taken out by inclusion-exclusion (the hands
holding either card, plus the hand itself). Types do not change under a relabelling of the
suits, so :func:`count_boards` counts one board per class of the deck's relabellings
(:func:`board_classes`) and every board of the class reads the same rows.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import colex5

__all__ = [
    "BUCKETS",
    "TYPES",
    "BoardTable",
    "HoldemTables",
    "board_classes",
    "board_counts",
    "board_shape",
    "board_table",
    "count_boards",
    "pair_value",
]

#: Types of card on a board: 13 ranks, of the flush suit or not.
TYPES = 26
#: Showdown buckets counted (outcomes.SHOWDOWNS: a dealer who does not qualify split three ways).
BUCKETS = 6
#: Boards counted by one task of :func:`count_boards`.
CHUNK = 256


class HoldemTables(NamedTuple):
    """What values a hand on a board (deck positions ``codes``: int64 card codes, shape (n,)).

    ``rank_keys``: int64[13], the evaluator's rank keys; ``key_index5``: the five-card rank-key
    sum -> row of ``pair_values`` (uint16); ``pair_values``: int16[rows, 91], the best non-flush
    value of a board's five ranks with a pair of ranks (-1: impossible), by ``pair_index``
    (int64[13, 13]); ``pair_order``: int64[rows, 91], the pairs by value on each row;
    ``pair_ranks``: int64[91, 2], each pair's ranks (low first); ``flush_high``: int16[8192],
    a flush's value by its suit's rank mask; ``combo``: int64 per hand value, the index of its
    paytable lines; ``qualify``: int64[1], the least qualifying dealer value; ``binomial``:
    the colex table.
    """

    codes: np.ndarray
    rank_keys: np.ndarray
    key_index5: np.ndarray
    pair_values: np.ndarray
    pair_index: np.ndarray
    pair_order: np.ndarray
    pair_ranks: np.ndarray
    flush_high: np.ndarray
    combo: np.ndarray
    qualify: np.ndarray
    binomial: np.ndarray


class Scratch(NamedTuple):
    """One thread's work arrays for :func:`board_counts` (reused board after board): per type
    its count of cards left (``many`` int64[26]); per pair of types (rows) ``first``,
    ``second``, ``weight`` (hands), ``values``, ``order`` (sort keys) and ``counts``
    (int64[676, 6]); per type the hands holding one given card of it below the qualifier,
    below the current value and at it (``low_by``, ``below_by``, ``group_by``, int64[26]); the
    types present (``present``, int64[26])."""

    many: np.ndarray
    first: np.ndarray
    second: np.ndarray
    weight: np.ndarray
    values: np.ndarray
    order: np.ndarray
    counts: np.ndarray
    low_by: np.ndarray
    below_by: np.ndarray
    group_by: np.ndarray
    present: np.ndarray


@njit(cache=True)
def scratch() -> Scratch:
    """Work arrays for one thread."""
    rows = TYPES * TYPES
    return Scratch(
        np.zeros(TYPES, dtype=np.int64), np.zeros(rows, dtype=np.int64),
        np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=np.int64),
        np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=np.int64),
        np.zeros((rows, BUCKETS), dtype=np.int64), np.zeros(TYPES, dtype=np.int64),
        np.zeros(TYPES, dtype=np.int64), np.zeros(TYPES, dtype=np.int64),
        np.zeros(TYPES, dtype=np.int64),
    )  # fmt: skip


@njit(cache=True, inline="always")
def _hands_with(a: int, b: int, many: np.ndarray, into: np.ndarray, sign: int) -> None:
    """Add the hands of types (a, b) holding one given card of each type to ``into``."""
    if a == b:
        into[a] += sign * (many[a] - 1)
    else:
        into[a] += sign * many[b]
        into[b] += sign * many[a]


@njit(cache=True, inline="always")
def board_shape(board: np.ndarray, tables: HoldemTables) -> tuple[int, int, int, int]:
    """A five-card board (positions) as its cards' types see it: the row of its ranks (the
    ranks' key's ``key_index5``), its flush suit (-1: none, fewer than three of a suit), the
    cards of that suit and their ranks as a bit mask."""
    codes = tables.codes
    suits = 0  # four 4-bit counts
    key = 0
    for i in range(5):
        code = codes[board[i]]
        suits += 1 << ((code & 3) << 2)
        key += tables.rank_keys[code >> 2]
    flush_suit = -1
    suited = 0
    for s in range(4):
        if (suits >> (s << 2)) & 15 >= 3:
            flush_suit = s
            suited = (suits >> (s << 2)) & 15
    mask = 0
    for i in range(5):
        code = codes[board[i]]
        if (code & 3) == flush_suit:
            mask |= 1 << (code >> 2)
    return int(tables.key_index5[key]), flush_suit, suited, mask


@njit(cache=True, inline="always")
def pair_value(a: int, b: int, row: int, suited: int, mask: int, tables: HoldemTables) -> int:
    """The best five of a board (its :func:`board_shape`: rank row ``row``, ``suited`` cards of
    its flush suit, their ranks ``mask``) with two cards of types ``a`` and ``b``."""
    if suited + (a & 1) + (b & 1) >= 5:
        return int(tables.flush_high[mask | ((a & 1) << (a >> 1)) | ((b & 1) << (b >> 1))])
    return int(tables.pair_values[row, tables.pair_index[a >> 1, b >> 1]])


@njit(cache=True)
def board_counts(board: np.ndarray, rest: np.ndarray, tables: HoldemTables, work: Scratch) -> int:
    """Count the showdowns of every hand of the cards ``rest`` (positions) on ``board``.

    Fills ``work``: the cards left of each type, and per pair of types (a row:
    ``first`` <= ``second``) its value and ``counts[row]`` over the dealer hands left, by the
    showdown buckets of :data:`~.outcomes.SHOWDOWNS` (a dealer who does not qualify: 0, 4, 5 by
    whose hand is better); returns the number of rows.
    """
    codes = tables.codes
    row, flush_suit, suited, mask = board_shape(board, tables)
    many = work.many
    many[:] = 0
    for i in range(rest.shape[0]):
        code = codes[rest[i]]
        t = 2 * (code >> 2) + (1 if (code & 3) == flush_suit else 0)
        many[t] += 1
    # every pair of types once: its value and how many hands it stands for
    present = work.present
    n_types = 0
    for t in range(TYPES):
        if many[t]:
            present[n_types] = t
            n_types += 1
    n_rows = 0
    if flush_suit < 0:  # the pairs of ranks in the order of their values on these five ranks
        for k in range(tables.pair_order.shape[1]):
            p = tables.pair_order[row, k]
            a, b = 2 * tables.pair_ranks[p, 0], 2 * tables.pair_ranks[p, 1]
            if many[a] == 0 or many[b] == 0 or (a == b and many[a] < 2):
                continue
            value = tables.pair_values[row, p]
            work.values[n_rows] = value
            work.order[n_rows] = value * 1024 + n_rows
            work.first[n_rows] = a
            work.second[n_rows] = b
            work.weight[n_rows] = many[a] * (many[a] - 1) // 2 if a == b else many[a] * many[b]
            n_rows += 1
        n_types = 0
    for i in range(n_types):
        a = present[i]
        for j in range(i, n_types):
            b = present[j]
            if a == b and many[a] < 2:
                continue
            value = pair_value(a, b, row, suited, mask, tables)
            work.values[n_rows] = value
            work.order[n_rows] = value * 1024 + n_rows
            work.first[n_rows] = a
            work.second[n_rows] = b
            work.weight[n_rows] = many[a] * (many[a] - 1) // 2 if a == b else many[a] * many[b]
            n_rows += 1
    order = work.order[:n_rows]
    if flush_suit >= 0:
        order.sort()
    left = rest.shape[0] - 2
    total = left * (left - 1) // 2
    qualify = tables.qualify[0]
    first, second, counts = work.first, work.second, work.counts
    low_by, below_by, group_by = work.low_by, work.below_by, work.group_by
    low_by[:] = 0
    below_by[:] = 0
    group_by[:] = 0
    # below the qualifier: the hands, and those holding one given card of each type
    low = 0
    for r in range(n_rows):
        if work.values[r] < qualify:
            low += work.weight[r]
            _hands_with(first[r], second[r], many, low_by, 1)
    below = 0
    start = 0
    while start < n_rows:
        value = order[start] >> 10
        end = start
        group = 0
        while end < n_rows and order[end] >> 10 == value:
            r = order[end] & 1023
            group += work.weight[r]
            _hands_with(first[r], second[r], many, group_by, 1)
            end += 1
        for i in range(start, end):
            r = order[i] & 1023
            a, b = first[r], second[r]
            lower = below - below_by[a] - below_by[b]
            tie = group - group_by[a] - group_by[b] + 1
            if value < qualify:  # every hand at or below it is a dealer who does not qualify
                nq = low - low_by[a] - low_by[b] + 1
                counts[r, 0] = lower
                counts[r, 1] = 0
                counts[r, 2] = 0
                counts[r, 3] = total - nq
                counts[r, 4] = tie
                counts[r, 5] = nq - lower - tie
            else:
                nq = low - low_by[a] - low_by[b]
                counts[r, 0] = nq
                counts[r, 1] = lower - nq
                counts[r, 2] = tie
                counts[r, 3] = total - lower - tie
                counts[r, 4] = 0
                counts[r, 5] = 0
        below += group
        for i in range(start, end):
            r = order[i] & 1023
            _hands_with(first[r], second[r], many, below_by, 1)
            _hands_with(first[r], second[r], many, group_by, -1)
        start = end
    return n_rows


class BoardTable(NamedTuple):
    """The rows of :func:`board_counts` for one board per class: class ``b``'s rows are
    ``start[b]:start[b] + rows[b]`` (int64[B + 1], int64[B]); per row the pair of types as
    ``first * 26 + second`` (``pair``, int16), the index of the hand's paytable lines (``line``,
    int16) and the counts by showdown bucket (:data:`~.outcomes.SHOWDOWNS`; ``counts``,
    int16[R, 6]); for a game with a decision after the river, each row's action (``river``,
    bool[R]: bet, else fold; empty without one)."""

    start: np.ndarray
    rows: np.ndarray
    pair: np.ndarray
    line: np.ndarray
    counts: np.ndarray
    river: np.ndarray


@njit(cache=True, parallel=True)
def board_classes(boards: np.ndarray, perms: np.ndarray, binomial: np.ndarray) -> np.ndarray:
    """The class of every board of ``boards`` (int64[T, 5], positions) under the relabellings
    ``perms`` (int64[g, n]): the least colex index of its images (int64[T])."""
    keys = np.empty(boards.shape[0], dtype=np.int64)
    for t in prange(boards.shape[0]):
        image = np.empty(5, dtype=np.int64)
        best = binomial[perms.shape[1], 5]
        for g in range(perms.shape[0]):
            for i in range(5):
                image[i] = perms[g, boards[t, i]]
            best = min(best, colex5(image, 0, binomial))
        keys[t] = best
    return keys


@njit(cache=True, parallel=True)
def count_boards(boards: np.ndarray, tables: HoldemTables, out: BoardTable) -> None:
    """Count every board of ``boards`` (int64[B, 5], positions) into ``out`` (``start`` set:
    room for each board's rows)."""
    n = tables.codes.shape[0]
    n_boards = boards.shape[0]
    # numba loses writes through a NamedTuple's arrays inside prange: take them out first
    start, rows, pair, line, counts, _ = out
    for task in prange((n_boards + CHUNK - 1) // CHUNK):
        work = scratch()
        rest = np.empty(n - 5, dtype=np.int64)
        for b in range(task * CHUNK, min(n_boards, (task + 1) * CHUNK)):
            board = boards[b]
            k = 0
            for p in range(n):
                if (
                    p != board[0]
                    and p != board[1]
                    and p != board[2]
                    and p != board[3]
                    and p != board[4]
                ):
                    rest[k] = p
                    k += 1
            n_rows = board_counts(board, rest, tables, work)
            rows[b] = n_rows
            at = start[b]
            for r in range(n_rows):
                pair[at + r] = work.first[r] * TYPES + work.second[r]
                line[at + r] = tables.combo[work.values[r]]
                for s in range(BUCKETS):
                    counts[at + r, s] = work.counts[r, s]


def board_table(boards: np.ndarray, table: HoldemTables) -> BoardTable:
    """The showdown counts of ``boards`` (int64[B, 5], positions; one per class), with room for
    each board's rows: 91 pairs of ranks, or with a flush suit of ``s`` cards the pairs of
    26 - ``s`` types (52 cards: 22.9 million rows, about 360 MB)."""
    suits = table.codes[boards] & 3
    most = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1).max(axis=1)
    room = np.where(most >= 3, (TYPES - most) * (TYPES + 1 - most) // 2, 91)
    start = np.concatenate([[0], np.cumsum(room)]).astype(np.int64)
    out = BoardTable(
        start=start, rows=np.zeros(len(boards), dtype=np.int64),
        pair=np.empty(start[-1], dtype=np.int16), line=np.empty(start[-1], dtype=np.int16),
        counts=np.empty((start[-1], BUCKETS), dtype=np.int16),
        river=np.zeros(0, dtype=np.bool_),
    )  # fmt: skip
    count_boards(boards, table, out)
    return out
