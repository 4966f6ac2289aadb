"""Compiled (numba) twins of the bots' hand reading and the exposed-board rankings.

Each function mirrors one in :mod:`.bots` or :mod:`.board` operation for
operation (same float expressions in the same order), so the compiled fast
path (:mod:`.fast`) makes exactly the decisions the Python engine makes.
Cards are ints ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace).

:func:`decide` and :func:`sized` are ``BotPolicy.decide`` and ``bots._sized``.
The small functions called at every action are inlined into the hand loop
(``inline="always"``); the large ones called from several places (:func:`decide`,
:func:`high_strength`, :func:`low_strength`, and in :mod:`.fast_rules` ``aggressive``,
``apply_action``, ``begin_betting``, ``_raised``) are compiled once and called, which cut
the hand loop's first compile from about 58 to 41 CPU-seconds for about 5-10% of its speed;
so are the ones called once a street (:func:`first_to_act`, :func:`bring_in_seat` and the
board rankings they read), which cut it by another 4-5 s (about 21 to 16) at no measured
cost in speed (200,000 hands, eight players: 1.41-1.59 s either way, 2026-11-28).
Numba's on-disk cache keys each kernel on its own file only, so after editing this
module delete the cached hand loops (``__pycache__/fast_kernel.*.nb?`` here and
``casino_sim/floor/__pycache__/poker_segments.*.nb?``), or they keep the old code.

The hand loop hands them its cards as :class:`Holdings`, what every seat shows as
:class:`Exposed`, and a bot's reading of its hand as :class:`Read`; :func:`decide`
returns a :class:`~casino_sim.games.poker_room.fast_rules.Choice`.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import numpy as np
from numba import njit
from numpy.typing import NDArray

from casino_sim.games.poker_room.fast_rules import (
    BRING,
    BRING_IN,
    BRING_PENDING,
    CALL,
    CHECK,
    COMPLETE,
    CON,
    FIXED,
    FOLD,
    HIGH,
    LIVE,
    NO_LIMIT,
    SB,
    SMALL,
    STK,
    STRUCTURE,
    Choice,
    Sizes,
    aggressive,
)

__all__ = [
    "Exposed",
    "Holdings",
    "Read",
    "best_low",
    "board_key",
    "bring_in_seat",
    "decide",
    "first_to_act",
    "hand_strength",
    "high_strength",
    "low_strength",
]

I8: TypeAlias = NDArray[np.int8]
I64: TypeAlias = NDArray[np.int64]
F64: TypeAlias = NDArray[np.float64]
#: An int or a numpy int64 (a counter started as ``np.int64(0)``: typed int64, not a literal).
Int: TypeAlias = int | np.int64
Bools: TypeAlias = NDArray[np.bool_]

#: Ranking codes of the fast path: high, hi-lo eight-or-better, ace-to-five, ace-to-six.
RANK_HIGH, RANK_HILO, RANK_LOW, RANK_LOW6 = 0, 1, 2, 3


class Holdings(NamedTuple):
    """The cards of the hand being played, filled in place as they are dealt (``n`` seats)."""

    down: I64  #: (n, 8) each seat's downcards, ``down[s, :nd[s]]``
    nd: I64  #: (n,) downcards held
    up: I64  #: (n, 8) each seat's upcards, ``up[s, :nu[s]]``
    nu: I64  #: (n,) upcards held
    comm: I64  #: (4,) the community cards (how many: the caller's ``nc``)


class Exposed(NamedTuple):
    """What every seat sees on the street, and the reading's scratch space."""

    up_count: I64  #: (13,) every seat's upcards by rank
    up_paired: Bools  #: (n,) seats whose upcards hold a pair
    mine: I64  #: (16,) scratch: the reading seat's cards
    dead: I64  #: (13,) scratch: the other seats' upcards by rank


class Read(NamedTuple):
    """A bot's view when it acts: its uniform number and its hand's strength
    (:func:`hand_strength`: made, draw)."""

    u: float
    made: float
    draw: float


@njit(cache=True)
def high_strength(mine: I64, n_mine: int, dead: I64, cards_left: int) -> tuple[float, float]:
    """``bots._high_strength``: (made, draw) from ``mine[:n_mine]`` and dead rank counts.

    Rank counts are packed three bits a rank and suit counts four bits a suit
    in ints, so nothing is allocated per call.
    """
    counts = 0
    suits = 0
    top = -1
    for i in range(n_mine):
        c = mine[i]
        r = c >> 2
        counts += 1 << (3 * r)
        suits += 1 << (4 * (c & 3))
        if r > top:
            top = r
    flush_n = max(suits & 15, suits >> 4 & 15, suits >> 8 & 15, suits >> 12 & 15)
    s0 = 0
    s1 = 0
    for r in range(13):
        k = counts >> (3 * r) & 7
        if k > s0:
            s1 = s0
            s0 = k
        elif k > s1:
            s1 = k
    run = 0
    best_run = 1
    for v in range(-1, 13):
        if counts >> (3 * (12 if v == -1 else v)) & 7:
            run += 1
            if run > best_run:
                best_run = run
        else:
            run = 0
    if s0 >= 4:
        return 1.0, 0.0
    if s0 == 3 and s1 >= 2:
        return 0.97, 0.0
    if flush_n >= 5:
        return 0.93, 0.0
    if best_run >= 5:
        return 0.9, 0.0
    if s0 == 3:
        r3 = 12
        while counts >> (3 * r3) & 7 != 3:
            r3 -= 1
        made = 0.8 + 0.01 * r3
    elif s0 == 2:
        pair = 12
        while counts >> (3 * pair) & 7 != 2:
            pair -= 1
        if s1 == 2:
            made = 0.62 + 0.012 * pair
        else:
            made = 0.36 + 0.025 * pair - 0.08 * dead[pair]
    else:
        made = 0.05 + 0.02 * top - (0.05 if n_mine > 3 else 0.0)
    draw = 0.0
    if cards_left:
        if flush_n == 4 or (flush_n == 3 and n_mine == 3):
            draw = (0.19 if flush_n == 4 else 0.06) * cards_left
        if best_run >= 4 or (best_run == 3 and n_mine == 3):
            draw = max(draw, (0.16 if best_run >= 4 else 0.05) * cards_left)
    return made, min(draw, 0.6)


@njit(cache=True)
def best_low(suits: Int, six: bool | np.bool_) -> tuple[int, int]:
    """``bots._best_low``: (top, second) of the lowest five-card low, (-1, -1) if none.

    ``suits`` packs the suit mask of rank ``v`` (ace = 1) in bits ``4v .. 4v+3``
    (no arrays, so nothing is allocated per call).
    """
    lows = 0  # the ranks held, ascending, four bits each
    k = 0
    for v in range(1, 14):
        if suits >> (4 * v) & 15:
            lows |= v << (4 * k)
            k += 1
    if k < 5:
        return -1, -1
    if not six:
        return lows >> 16 & 15, lows >> 12 & 15
    # fives in ascending order of (top, second, ...): the first valid one is the lowest
    for a in range(4, k):
        va = lows >> (4 * a) & 15
        for b in range(3, a):
            vb = lows >> (4 * b) & 15
            for c in range(2, b):
                vc = lows >> (4 * c) & 15
                for d in range(1, c):
                    vd = lows >> (4 * d) & 15
                    for e in range(d):
                        ve = lows >> (4 * e) & 15
                        if va - ve == 4:
                            continue
                        held = (suits >> (4 * va) & 15) | (suits >> (4 * vb) & 15)
                        held |= (suits >> (4 * vc) & 15) | (suits >> (4 * vd) & 15)
                        held |= suits >> (4 * ve) & 15
                        if held & (held - 1) != 0:
                            return va, vb
    return -1, -1


@njit(cache=True)
def low_strength(
    mine: I64, n_mine: int, cards_left: int, limit: Int, six: bool | np.bool_
) -> tuple[float, float]:
    """``bots._low_strength``: (made, draw) of a low hand (``six``: ace-to-six)."""
    suits = np.int64(0)  # not the literal 0, which would compile best_low once more
    for i in range(n_mine):
        v = ((mine[i] >> 2) + 1) % 13 + 1
        if v <= limit:
            suits |= 1 << (4 * v + (mine[i] & 3))
    k = 0
    last = 0
    fourth = 0
    for v in range(1, 14):
        if suits >> (4 * v) & 15:
            k += 1
            last = v
            if k == 4:
                fourth = v
    top, second = best_low(suits, six)
    if top >= 0:
        return 0.95 - 0.05 * (top - (6 if six else 5)) - 0.01 * (second - 4), 0.0
    if n_mine <= 3:
        return (0.95 - 0.06 * (last - 3)) if k == 3 else 0.12 * k, 0.0
    if k > 4:  # five or more lows, every five a straight or flush: a four-card low
        k = 4
        last = fourth
    quality = 0.5 - 0.04 * (last - 4) if k else 0.0
    made = max(0.05, quality - 0.18 * (min(n_mine, 5) - k))
    draw = 0.0
    if k == 4:
        outs = limit - 4
        if six:
            outs = 0
            for v in range(1, limit + 1):
                if not suits >> (4 * v) & 15 and best_low(suits | 15 << (4 * v), six)[0] >= 0:
                    outs += 1
        draw = 0.12 * cards_left * outs / (limit - 4)
    elif 5 - k <= cards_left:
        draw = 0.03 * cards_left
    return made, min(draw, 0.55)


@njit(cache=True)
def board_key(cards: I64, m: int, low: bool) -> int:
    """``board.high_board_key`` / ``low_board_key`` (aces low) of ``cards[:m]``.

    Rank counts (three bits a rank) and the ranks by count (four bits each,
    rank + 2) are packed in ints: nothing is allocated per call.
    """
    counts = 0
    for i in range(m):
        r = ((cards[i] >> 2) + 1) % 13 if low else cards[i] >> 2
        counts += 1 << (3 * r)
    order = 0
    n_order = 0
    quads = trips = pairs = 0
    for k in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts >> (3 * r) & 7 == k:
                order |= (r + 2) << (4 * n_order)
                n_order += 1
                if k == 4:
                    quads += 1
                elif k == 3:
                    trips += 1
                elif k == 2:
                    pairs += 1
    category = 0
    if quads == 1 and trips == 0 and pairs == 0:
        category = 7
    elif quads == 0 and trips == 1 and pairs == 1:
        category = 6
    elif quads == 0 and trips == 1 and pairs == 0:
        category = 3
    elif quads == 0 and trips == 0 and pairs == 2:
        category = 2
    elif quads == 0 and trips == 0 and pairs == 1:
        category = 1
    if not low and m >= 5 and n_order == 5:
        suit = cards[0] & 3
        flush = True
        for i in range(1, m):
            if cards[i] & 3 != suit:
                flush = False
        o0, o1, o2 = (order & 15) - 2, (order >> 4 & 15) - 2, (order >> 8 & 15) - 2
        o3, o4 = (order >> 12 & 15) - 2, (order >> 16 & 15) - 2
        top = o0
        wheel = o0 == 12 and o1 == 3 and o2 == 2 and o3 == 1
        straight = o0 - o4 == 4 or (wheel and o4 == 0)
        if straight and o0 == 12 and o1 == 3:
            top = 3
        if straight or flush:
            category = 8 if straight and flush else (5 if flush else 4)
            if straight:
                order = top + 2
                n_order = 1
    key = category
    for i in range(5):
        key = key * 16 + ((order >> (4 * i) & 15) - 1 if i < n_order else 0)
    return -key if low else key


@njit(cache=True)
def _top_suit(cards: I64, m: int, low: bool) -> int:
    best: int = cards[0]
    if low:
        for i in range(1, m):
            c = cards[i]
            a = (((c >> 2) + 1) % 13) * 4 + (c & 3)
            b = (((best >> 2) + 1) % 13) * 4 + (best & 3)
            if a < b:
                best = c
        return -(best & 3)
    for i in range(1, m):
        if cards[i] > best:
            best = cards[i]
    return best & 3


@njit(cache=True)
def first_to_act(up: I64, nu: I64, live: I64, n: int, low: bool, by_suit: bool) -> int:
    """``board.first_to_act``: best exposed board; ties to the first seat (or by suit)."""
    best_seat = -1
    best_key = 0
    best_suit = 0
    for seat in range(n):
        if not live[seat]:
            continue
        key = board_key(up[seat], nu[seat], low)
        ts = _top_suit(up[seat], nu[seat], low) if by_suit else 0
        if best_seat < 0 or key > best_key or (key == best_key and ts > best_suit):
            best_seat, best_key, best_suit = seat, key, ts
    return best_seat


@njit(cache=True)
def bring_in_seat(up: I64, nu: I64, live: I64, n: int, lowest: bool, ace_low: bool) -> int:
    """``board.bring_in_seat``: lowest (or highest) upcard by rank, then suit."""
    best_seat = -1
    best_key = 0
    for seat in range(n):
        if not live[seat] or nu[seat] == 0:
            continue
        key = -1
        for i in range(nu[seat]):
            c = up[seat, i]
            v = (((c >> 2) + 1) % 13) * 4 + (c & 3) if ace_low else c
            if key < 0 or (v < key if lowest else v > key):
                key = v
        if best_seat < 0 or (key < best_key if lowest else key > best_key):
            best_seat, best_key = seat, key
    return best_seat


@njit(cache=True, inline="always")
def paired(cards: I64, m: int) -> bool:
    """Two of ``cards[:m]`` share a rank."""
    for i in range(m):
        for j in range(i + 1, m):
            if cards[i] >> 2 == cards[j] >> 2:
                return True
    return False


@njit(cache=True, inline="always")
def hand_strength(
    seat: int,
    n: int,
    held: Holdings,
    nc: int,
    seen: Exposed,
    ss: I64,
    cards_left: int,
    ranking: int,
) -> tuple[float, float]:
    """``bots.hand_strength`` for ``seat``: its down, up and the ``nc`` community cards
    against the other seats' upcards (``ss``: the seat state of :mod:`.fast_rules`)."""
    down, nd, up, nu, comm = held
    up_count, up_paired, mine, dead = seen
    m = 0
    for i in range(nd[seat]):
        mine[m] = down[seat, i]
        m += 1
    for i in range(nu[seat]):
        mine[m] = up[seat, i]
        m += 1
    for i in range(nc):
        mine[m] = comm[i]
        m += 1
    for r in range(dead.shape[0]):  # dead[:] = up_count, without compiling its shape check
        dead[r] = up_count[r]
    for i in range(nu[seat]):
        dead[up[seat, i] >> 2] -= 1
    if ranking == RANK_HIGH:
        made, draw = high_strength(mine, m, dead, cards_left)
    elif ranking == RANK_HILO:
        h_made, h_draw = high_strength(mine, m, dead, cards_left)
        # variables, not the literals 8 and False: low_strength compiled once, not twice
        l_made, l_draw = low_strength(mine, m, cards_left, np.int64(8), np.bool_(False))
        made = max(h_made, l_made) + 0.1 * min(h_made, l_made)
        draw = min(max(h_draw, l_draw) + 0.25 * min(h_draw, l_draw), 0.6)
    else:
        made, draw = low_strength(mine, m, cards_left, 9 if m > 3 else 8, ranking == RANK_LOW6)
    if nu[seat] >= 2 and ranking == RANK_HIGH and made < 0.6 and not up_paired[seat]:
        for s in range(n):
            if s != seat and ss[LIVE, s] and up_paired[s]:
                made -= 0.12
                break
    return made, draw


@njit(cache=True, inline="always")
def sized(seat: int, read: Read, sizes: Sizes, st: I64, cfg: I64, ss: I64, n: int) -> int:
    """``bots._sized``: the "to" amount of a strong bet or raise when any size is allowed
    (between ``sizes.first`` and ``sizes.second``)."""
    u, made = read.u, read.made
    least, most = sizes.first, sizes.second
    high = st[HIGH]
    owed = high - ss[SB, seat]
    pot = owed
    for s in range(n):
        pot += ss[CON, s]
    share = max(0.5, made) + 0.1 * u
    unit = max(1, cfg[SMALL])
    to = high + int(share * pot) // unit * unit
    if cfg[STRUCTURE] == NO_LIMIT:
        left = ss[STK, seat] - (to - ss[SB, seat])
        if made >= 0.93 or left < pot + (to - high):
            return most
    return int(min(max(to, least), most))


@njit(cache=True)
def decide(
    seat: int, read: Read, bot: F64, street: Int, st: I64, cfg: I64, ss: I64, n: int
) -> Choice:
    """``BotPolicy.decide``: the :class:`~casino_sim.games.poker_room.fast_rules.Choice` for
    :func:`~casino_sim.games.poker_room.fast_rules.apply_action`.

    ``bot`` is (tightness, aggression, bluff). The aggressive action open to the seat
    is looked up only when the bot would take it (it is a pure query).
    """
    t, a, bl = bot[0], bot[1], bot[2]
    u, made, draw = read
    enter = 0.25 + 0.45 * t
    strong = 0.72 + 0.12 * t - 0.2 * a
    bring = st[BRING_PENDING] != 0
    owed = min(st[HIGH] - ss[SB, seat], ss[STK, seat])
    big = False
    if bring:
        want = made >= strong and u < 0.3 + a
    elif owed <= 0:
        want = (made >= strong - 0.15 and u < 0.45 + 0.5 * a) or u < bl
        big = made >= strong
    else:
        want = made >= strong and u < a + (made - strong)
        big = made >= strong + 0.1
    if want:  # the one place the legal aggressive action is looked up
        kind, sizes = aggressive(seat, st, cfg, ss, n)
        if kind >= 0 and (kind == COMPLETE or not bring):
            amount = _amount(seat, read, sizes, st, cfg, ss, n) if big else -1
            return Choice(kind, amount, sizes)
    passive = Sizes(0, -1, 0)  # the sizes of a choice that is not a bet or raise
    if bring:
        return Choice(BRING_IN, -1, passive)
    if owed <= 0:
        return Choice(CHECK, -1, passive)
    pot = 0
    for s in range(n):
        pot += ss[CON, s]
    odds = owed / (pot + owed)
    need = enter if street == 0 else enter + 0.07 * street - 0.4 * (0.3 - odds)
    if street == 0 and owed <= cfg[BRING]:
        need -= 0.08
    if made >= need or draw >= odds + 0.05 + 0.1 * t:
        return Choice(CALL, -1, passive)
    if u < 0.015 * (1 - t):
        return Choice(CALL, -1, passive)
    return Choice(FOLD, -1, passive)


@njit(cache=True, inline="always")
def _amount(seat: int, read: Read, sizes: Sizes, st: I64, cfg: I64, ss: I64, n: int) -> int:
    """The "to" amount of a big bet or raise: the big bet (fixed limit) or :func:`sized`."""
    if cfg[STRUCTURE] == FIXED:
        return sizes.second if sizes.second >= 0 else sizes.first
    return sized(seat, read, sizes, st, cfg, ss, n)
