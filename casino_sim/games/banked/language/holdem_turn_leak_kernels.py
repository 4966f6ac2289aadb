"""The compiled loops of Texas Hold'em Bonus with one dealer card seen (:mod:`.holdem_turn_leak`).

Per (flop, seen card) class (:class:`~.holdem_leak_kernels.SeenTasks`) the turns are taken one
per orbit of the class's own symmetry, each with every river. A five-card board's rows (every
pair of types of the player's cards against the dealer hands ``(seen, x)``:
:func:`~.holdem_leak_kernels.seen_rows`) depend only on its flush suit and the types of its
turn and river, the flop and the seen card given (:func:`_signature`), so each kind of board
is counted once per class and its rows kept (:class:`_Boards`). With the flop and the turn
known, a card matters only by its *turn type*: its rank, and its suit where the suit has two
cards or more on the four board cards (it can still make a flush).

- **on the turn** each hole pair's totals over the rivers are the rows of its pair of types
  summed over every river, less the rows of the boards whose river is one of its cards (as
  :func:`~.holdem_turns_kernels.solve_turns`); the rivers of one turn type make the same
  rows, so one of them is summed times their number. The totals depend on the two cards only
  through their turn types, so the turn is decided once per pair of turn types;
- the turns making no new flush draw, or one in the same suit, give every card the same turn
  type: their totals are summed per pair of turn types and added to the hole pairs once, each
  hole pair taking out the turns that are its own cards;
- **on the flop** each hole pair's totals over the turns (summed over the class's symmetry)
  decide the flop, and what follows is added to the totals of the class of (hole pair, seen
  card), from which the decision before the flop is taken.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from casino_sim.games.banked.language.holdem_boards import BUCKETS, TYPES, HoldemTables
from casino_sim.games.banked.language.holdem_kernels import MERGED
from casino_sim.games.banked.language.holdem_leak_kernels import (
    SeenChoices,
    SeenScratch,
    SeenTasks,
    seen_rows,
    seen_scratch,
)
from casino_sim.games.banked.language.holdem_turns_kernels import card_type, clear_touched

__all__ = ["SeenTurnNets", "solve_seen_turns"]

#: Turn types: ``5 * rank`` plus the suit where it has two cards or more on the four-card
#: board, else 4.
_TURN_TYPES = 65


class SeenTurnNets(NamedTuple):
    """The two later bets, each on its own wager: ``flop_net`` and ``turn_net`` int64[lines *
    buckets], what the bet adds to a deal's net (scaled to whole numbers) by paytable line and
    showdown; ``buckets`` int64[1], 4 (a dealer who does not qualify in one bucket) or 6."""

    flop_net: np.ndarray
    turn_net: np.ndarray
    buckets: np.ndarray


class _Boards(NamedTuple):
    """One thread's rows of the boards of the current (flop, seen card) class: per kind of board
    (:func:`_signature`) the class it was counted for (``task``, the class's index plus one),
    its first row and row count (``start``, ``rows``) and flush suit (``suit``, -1: none); per
    row its pair of types (``pair``: ``first * 26 + second``, ``first <= second``) and
    ``counts`` int32[cap, 7]: the first column of its paytable line in the sums, then its
    showdown counts in the sums' buckets; ``used`` int64[1], the rows kept so far."""

    task: np.ndarray
    start: np.ndarray
    rows: np.ndarray
    suit: np.ndarray
    pair: np.ndarray
    counts: np.ndarray
    used: np.ndarray


class _Sums(NamedTuple):
    """One thread's sums. Over the rivers of one turn: ``every`` int32[5, 676, width] by flush
    suit (4: none) and pair of types, the pairs written per suit (``touched`` int64[5, 677],
    their count last; ``marked`` bool[5, 676]) and the suits met (``seen`` bool[5]); ``holding``
    int32[n, 26, width], the rows of the board whose river is a given card by the other card's
    type, that board's flush suit (``river_suit`` int64[n]). The rivers of one turn type make
    the same board rows: one of them (``alias`` int64[n]: each card's) stands for the others,
    its rows counted times their number; per turn type the turn it was met for (``type_seen``),
    its river standing for the others (``type_river``), another card of it (``type_other``, -1:
    none) and their number (``type_count``), int64[65] each, and the types met (``types_met``
    int64[66], their count last). Per card its type by flush suit (``kinds`` int64[5, n]), its
    turn type (``turn_type`` int64[n]) and, as a turn, its orbit's size (``turn_size``, 0: not a
    representative). Per pair of turn types (``key``) the turn it was summed for (``memo``) and
    its row of ``values`` (int32[holes, width]) and ``bets`` (bool: the turn's bet made);
    ``generation`` int64[1] counts the turns. ``by_key`` int32[keys, 2 * width]: the turns of
    one kind summed per key, with the turn's bet made, then without (the keys written:
    ``keys``, their count last, and ``key_marked``); ``acc`` int32[holes, 2 * width]: per hole
    pair the sums over the turns and rivers, likewise; ``sym`` int64[2 * width]."""

    every: np.ndarray
    touched: np.ndarray
    marked: np.ndarray
    seen: np.ndarray
    holding: np.ndarray
    river_suit: np.ndarray
    alias: np.ndarray
    type_seen: np.ndarray
    type_river: np.ndarray
    type_count: np.ndarray
    type_other: np.ndarray
    types_met: np.ndarray
    kinds: np.ndarray
    turn_type: np.ndarray
    turn_size: np.ndarray
    memo: np.ndarray
    memo_row: np.ndarray
    values: np.ndarray
    bets: np.ndarray
    generation: np.ndarray
    by_key: np.ndarray
    keys: np.ndarray
    key_marked: np.ndarray
    acc: np.ndarray
    sym: np.ndarray


class _Scratch(NamedTuple):
    """One thread's work: the rows of :func:`~.holdem_leak_kernels.seen_rows`, boards, sums."""

    rows: SeenScratch
    boards: _Boards
    sums: _Sums


@njit(cache=True)
def _scratch(codes: np.ndarray, width: int) -> _Scratch:
    """Empty work for a deck of card codes ``codes`` and sums ``width`` columns wide."""
    n = codes.shape[0]
    holes = n * (n - 1) // 2
    kinds_of_boards = 5 * TYPES * TYPES  # by :func:`_signature`
    cap = max(1, min(kinds_of_boards, (n - 4) * (n - 5) // 2)) * (TYPES * (TYPES + 1) // 2)
    boards = _Boards(
        np.zeros(kinds_of_boards, dtype=np.int64), np.zeros(kinds_of_boards, dtype=np.int64),
        np.zeros(kinds_of_boards, dtype=np.int64), np.zeros(kinds_of_boards, dtype=np.int64),
        np.zeros(cap, dtype=np.int32), np.zeros((cap, BUCKETS + 1), dtype=np.int32),
        np.zeros(1, dtype=np.int64),
    )  # fmt: skip
    kinds = np.zeros((5, n), dtype=np.int64)
    for suit in range(5):
        for c in range(n):
            kinds[suit, c] = card_type(codes[c], suit)
    keys = _TURN_TYPES * _TURN_TYPES
    sums = _Sums(
        np.zeros((5, TYPES * TYPES, width), dtype=np.int32),
        np.zeros((5, TYPES * TYPES + 1), dtype=np.int64),
        np.zeros((5, TYPES * TYPES), dtype=np.bool_), np.zeros(5, dtype=np.bool_),
        np.zeros((n, TYPES, width), dtype=np.int32), np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64), np.zeros(_TURN_TYPES, dtype=np.int64),
        np.zeros(_TURN_TYPES, dtype=np.int64), np.zeros(_TURN_TYPES, dtype=np.int64),
        np.zeros(_TURN_TYPES, dtype=np.int64), np.zeros(_TURN_TYPES + 1, dtype=np.int64), kinds,
        np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
        np.zeros(keys, dtype=np.int64), np.zeros(keys, dtype=np.int64),
        np.zeros((holes, width), dtype=np.int32), np.zeros(holes, dtype=np.bool_),
        np.zeros(1, dtype=np.int64), np.zeros((keys, 2 * width), dtype=np.int32),
        np.zeros(keys + 1, dtype=np.int64), np.zeros(keys, dtype=np.bool_),
        np.zeros((holes, 2 * width), dtype=np.int32), np.zeros(2 * width, dtype=np.int64),
    )  # fmt: skip
    return _Scratch(seen_scratch(), boards, sums)


@njit(cache=True, inline="always")
def _out(card: int, flop: np.ndarray, seen: int) -> bool:
    """Whether ``card`` is one of the flop's or the seen card."""
    return card == flop[0] or card == flop[1] or card == flop[2] or card == seen


@njit(cache=True, inline="always")
def _turn_kind(t: int, flop: np.ndarray, codes: np.ndarray) -> int:
    """The suit of ``t`` where the flop holds one card of it (a new flush draw), else 4: the
    turns of one kind give every card the same turn type."""
    suit = codes[t] & 3
    a, b, c = codes[flop[0]] & 3, codes[flop[1]] & 3, codes[flop[2]] & 3
    return suit if (a == suit) + (b == suit) + (c == suit) == 1 else 4


@njit(cache=True)
def _turns(k: int, tasks: SeenTasks, sums: _Sums) -> None:
    """Each card's orbit size as a turn of (flop, seen card) class ``k`` (0: not the least of
    its orbit, or a card of the flop or the seen card)."""
    perms, flop, seen = tasks.perms, tasks.flop[k], tasks.seen[k]
    stab = tasks.stab[tasks.stab_start[k] : tasks.stab_start[k + 1]]
    for t in range(perms.shape[1]):
        sums.turn_size[t] = 0
        if _out(t, flop, seen):
            continue
        fixed, rep = 0, True
        for g in stab:
            if perms[g, t] < t:
                rep = False
                break
            fixed += perms[g, t] == t
        if rep:
            sums.turn_size[t] = stab.shape[0] // fixed


@njit(cache=True)
def _group_rivers(k: int, t: int, tasks: SeenTasks, codes: np.ndarray, sums: _Sums) -> None:
    """Each card's turn type with the turn ``t`` of (flop, seen card) class ``k``, and the
    rivers grouped by it (their boards make the same rows), the first standing for the
    others."""
    n = codes.shape[0]
    flop, seen = tasks.flop[k], tasks.seen[k]
    suited = np.zeros(4, dtype=np.int64)
    for card in (flop[0], flop[1], flop[2], t):
        suited[codes[card] & 3] += 1
    for c in range(n):
        s = codes[c] & 3
        sums.turn_type[c] = 5 * (codes[c] >> 2) + (s if suited[s] >= 2 else 4)
    sums.generation[0] += 1
    generation = sums.generation[0]
    met = 0
    for r in range(n):
        if r == t or _out(r, flop, seen):
            continue
        key = sums.turn_type[r]
        if sums.type_seen[key] != generation:
            sums.type_seen[key] = generation
            sums.type_river[key] = r
            sums.type_count[key] = 1
            sums.type_other[key] = -1
            sums.types_met[met] = key
            met += 1
            continue
        sums.type_count[key] += 1
        if sums.type_other[key] < 0:
            sums.type_other[key] = r
    sums.types_met[-1] = met
    for r in range(n):
        if r != t and not _out(r, flop, seen):
            sums.alias[r] = sums.type_river[sums.turn_type[r]]


@njit(cache=True, inline="always")
def _signature(t: int, r: int, flop: np.ndarray, codes: np.ndarray) -> int:
    """What the board of ``flop``, ``t`` and ``r`` makes its rows of, the flop and the seen card
    given: its flush suit (-1: none) and the types of ``t`` and ``r`` on it, as one index of
    ``5 * 676``."""
    st, sr = codes[t] & 3, codes[r] & 3
    flush = -1
    for s in range(4):
        same = (st == s) + (sr == s)
        for i in range(3):
            same += (codes[flop[i]] & 3) == s
        if same >= 3:
            flush = s
    a = 2 * int(codes[t] >> 2) + (1 if st == flush else 0)
    b = 2 * int(codes[r] >> 2) + (1 if sr == flush else 0)
    return (flush + 1) * TYPES * TYPES + min(a, b) * TYPES + max(a, b)


@njit(cache=True)
def _keep(p: int, work: SeenScratch, n_rows: int, buckets: int, boards: _Boards) -> None:
    """Keep the ``n_rows`` rows of ``work`` as those of board ``p``, in the sums' buckets."""
    at = boards.used[0]
    boards.start[p], boards.rows[p], boards.suit[p] = at, n_rows, work.suit[0]
    for i in range(n_rows):
        boards.pair[at + i] = work.first[i] * TYPES + work.second[i]
        row, into = work.counts[i], boards.counts[at + i]
        into[0] = buckets * work.line[i]
        into[1] = row[0] + row[4] + row[5] if buckets == MERGED else row[0]
        for c in range(1, buckets):
            into[c + 1] = row[c]
    boards.used[0] = at + n_rows


@njit(cache=True)
def _sum_rivers(
    k: int, t: int, tasks: SeenTasks, tables: HoldemTables, choices: SeenChoices,
    nets: SeenTurnNets, scratch: _Scratch,
) -> None:  # fmt: skip
    """Sum the rows of every river of (flop, seen card) class ``k`` and turn ``t`` into
    ``every`` (by flush suit), one river per turn type times their number, and ``holding`` (by
    the river standing for its type), counting a board's rows the first time it is met in the
    class and keeping them."""
    flop, seen = tasks.flop[k], tasks.seen[k]
    work, boards, sums = scratch
    buckets = nets.buckets[0]
    board = np.empty(5, dtype=np.int64)
    board[:3] = flop
    board[3] = t
    marked, touched, counts = sums.marked, sums.touched, boards.counts
    width = nets.flop_net.shape[0]
    every = sums.every.reshape(-1)  # views: one row a sum
    holding = sums.holding.reshape(-1)
    for g in range(sums.types_met[-1]):
        key = sums.types_met[g]
        r, times = sums.type_river[key], sums.type_count[key]
        p = _signature(t, r, flop, tables.codes)
        if boards.task[p] != k + 1:  # the board's rows, kept for the boards like it
            board[4] = r
            n_rows = seen_rows(board, seen, tables, choices, work)
            boards.task[p] = k + 1
            _keep(p, work, n_rows, buckets, boards)
        flag = boards.suit[p]
        suit = flag if flag >= 0 else 4
        sums.seen[suit] = True
        sums.river_suit[r] = suit
        kr = sums.kinds[suit, r]
        for i in range(boards.start[p], boards.start[p] + boards.rows[p]):
            pair = boards.pair[i]
            if not marked[suit, pair]:
                marked[suit, pair] = True
                touched[suit, touched[suit, -1]] = pair
                touched[suit, -1] += 1
            at = (suit * TYPES * TYPES + pair) * width + counts[i, 0]
            for c in range(buckets):
                every[at + c] += times * counts[i, c + 1]
            a, b = pair // TYPES, pair % TYPES
            if a == kr or b == kr:
                at = (r * TYPES + (b if a == kr else a)) * width + counts[i, 0]
                for c in range(buckets):
                    holding[at + c] += counts[i, c + 1]


@njit(cache=True)
def _decide_turn(
    k: int, t: int, tasks: SeenTasks, binomial: np.ndarray, choices: SeenChoices,
    nets: SeenTurnNets, sums: _Sums,
) -> None:  # fmt: skip
    """Decide the turn ``t`` of (flop, seen card) class ``k`` once per pair of turn types of the
    cards left, from the sums over its rivers (less the rivers that are the pair's cards), and
    add them (times the turn's orbit) to the sums of the turns of its kind (``by_key``), with
    the bet or without; the hole pairs holding ``t`` take theirs back out. Clear the river
    sums."""
    n = sums.alias.shape[0]
    flop, seen = tasks.flop[k], tasks.seen[k]
    width = nets.flop_net.shape[0]
    size = np.int32(sums.turn_size[t])
    generation = sums.generation[0]
    kinds, river_suit, every, holding = sums.kinds, sums.river_suit, sums.every, sums.holding
    alias, turn_type, met = sums.alias, sums.turn_type, sums.types_met
    made = 0
    for i in range(met[-1]):
        for j in range(i, met[-1]):
            a, b = met[i], met[j]
            x = sums.type_river[a]
            y = sums.type_river[b] if i != j else sums.type_other[a]
            if y < 0:  # one card of the type left
                continue
            key = min(a, b) * _TURN_TYPES + max(a, b)
            sums.memo[key] = generation
            sums.memo_row[key] = made
            v = sums.values[made]
            rx, ry = alias[x], alias[y]  # every river, less those that are x or y
            hx = holding[rx, kinds[river_suit[rx], y]]
            hy = holding[ry, kinds[river_suit[ry], x]]
            for c in range(width):
                v[c] = -hx[c] - hy[c]
            for suit in range(5):
                if sums.seen[suit]:
                    kx, ky = kinds[suit, x], kinds[suit, y]
                    add = every[suit, min(kx, ky) * TYPES + max(kx, ky)]
                    for c in range(width):
                        v[c] += add[c]
            worth = 0
            for c in range(width):
                worth += v[c] * nets.turn_net[c]
            bet = worth > 0 or (worth == 0 and choices.bet_first[0])
            sums.bets[made] = bet
            made += 1
            if not sums.key_marked[key]:
                sums.key_marked[key] = True
                sums.keys[sums.keys[-1]] = key
                sums.keys[-1] += 1
            into = sums.by_key[key]
            base = 0 if bet else width
            for c in range(width):
                into[base + c] += size * v[c]
    tt = turn_type[t]
    for y in range(n):  # the hole pairs holding the turn
        if y == t or _out(y, flop, seen):
            continue
        ty = turn_type[y]
        key = min(tt, ty) * _TURN_TYPES + max(tt, ty)
        if sums.memo[key] != generation:
            continue
        at = sums.memo_row[key]
        v = sums.values[at]
        acc = sums.acc[binomial[max(t, y), 2] + min(t, y)]
        base = 0 if sums.bets[at] else width
        for c in range(width):
            acc[base + c] -= size * v[c]
    clear_touched(sums.every, sums.touched, sums.marked, sums.seen)
    for g in range(met[-1]):
        sums.holding[sums.type_river[met[g]]] = 0


@njit(cache=True)
def _add_turns(k: int, tasks: SeenTasks, binomial: np.ndarray, sums: _Sums) -> None:
    """Add the sums of the turns of one kind (their turn types the same: ``sums.turn_type``) to
    every hole pair's by the pair's turn types, and clear them."""
    n = sums.alias.shape[0]
    flop, seen = tasks.flop[k], tasks.seen[k]
    turn_type = sums.turn_type
    for b in range(1, n):
        if _out(b, flop, seen):
            continue
        for a in range(b):
            if _out(a, flop, seen):
                continue
            ta, tb = turn_type[a], turn_type[b]
            key = min(ta, tb) * _TURN_TYPES + max(ta, tb)
            if sums.key_marked[key]:
                acc, add = sums.acc[binomial[b, 2] + a], sums.by_key[key]
                for c in range(acc.shape[0]):
                    acc[c] += add[c]
    for i in range(sums.keys[-1]):
        sums.by_key[sums.keys[i]] = 0
        sums.key_marked[sums.keys[i]] = False
    sums.keys[-1] = 0


@njit(cache=True)
def _decide_flop(
    k: int, tasks: SeenTasks, binomial: np.ndarray, choices: SeenChoices, nets: SeenTurnNets,
    sums: _Sums, totals: np.ndarray,
) -> None:  # fmt: skip
    """Decide the flop for every hole pair of (flop, seen card) class ``k`` from its sums over
    the turns and rivers (summed over the class's symmetry) and add what follows to ``totals``
    by class of (hole pair, seen card), times the class's size."""
    perms = tasks.perms
    n = perms.shape[1]
    flop, seen = tasks.flop[k], tasks.seen[k]
    stab = tasks.stab[tasks.stab_start[k] : tasks.stab_start[k + 1]]
    orbit = perms.shape[0] // stab.shape[0]
    width = nets.flop_net.shape[0]
    sym = sums.sym
    for b in range(1, n):
        if _out(b, flop, seen):
            continue
        for a in range(b):
            if _out(a, flop, seen):
                continue
            sym[:] = 0
            for g in stab:
                pa, pb = perms[g, a], perms[g, b]
                image = sums.acc[binomial[max(pa, pb), 2] + min(pa, pb)]
                for c in range(2 * width):
                    sym[c] += image[c]
            worth = 0
            for c in range(width):
                worth += (sym[c] + sym[width + c]) * nets.flop_net[c]
            bet = worth > 0 or (worth == 0 and choices.bet_first[0])
            row = totals[choices.seen_class[seen, binomial[b, 2] + a]]
            for c in range(width):
                on_turn = sym[c] // stab.shape[0] * orbit
                every = on_turn + sym[width + c] // stab.shape[0] * orbit
                row[c] += every
                row[width + c] += on_turn
                if bet:
                    row[2 * width + c] += every
                    row[3 * width + c] += on_turn


@njit(cache=True, parallel=True)
def solve_seen_turns(
    tasks: SeenTasks, tables: HoldemTables, choices: SeenChoices, nets: SeenTurnNets,
    totals: np.ndarray,
) -> None:  # fmt: skip
    """Decide every (flop, seen card) class's turns and flop for every hole pair and add what
    follows to ``totals`` int64[chunks, classes, 4 * width] (per class of (hole pair, seen
    card), ``width`` columns each by line and bucket: every deal, those with the turn's bet,
    those with the flop's, those with both), chunk ``c`` taking the classes ``c, c + chunks,
    ...``; ``choices``: the tie rule and the classes (no decision after the river)."""
    n = tables.codes.shape[0]
    chunks = totals.shape[0]
    width = nets.flop_net.shape[0]
    for c in prange(chunks):
        scratch = _scratch(tables.codes, width)
        sums = scratch.sums
        for k in range(c, tasks.seen.shape[0], chunks):
            scratch.boards.used[0] = 0
            _turns(k, tasks, sums)
            flop = tasks.flop[k]
            for kind in range(5):  # the turns by the suit they make a flush draw of (4: none)
                taken = False
                for t in range(n):
                    if sums.turn_size[t] and _turn_kind(t, flop, tables.codes) == kind:
                        _group_rivers(k, t, tasks, tables.codes, sums)
                        _sum_rivers(k, t, tasks, tables, choices, nets, scratch)
                        _decide_turn(k, t, tasks, tables.binomial, choices, nets, sums)
                        taken = True
                if taken:
                    _add_turns(k, tasks, tables.binomial, sums)
            _decide_flop(k, tasks, tables.binomial, choices, nets, sums, totals[c])
            sums.acc[:] = 0
