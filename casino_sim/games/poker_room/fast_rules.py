"""Compiled twins of the betting rules of :class:`~casino_sim.games.poker_room.state.StudHand`.

Every structure (fixed, spread, pot and no limit), all-ins for less, the raise
cap lifted heads-up and the table's short all-in options, step for step as
``state.py`` applies them, so the compiled hand (:mod:`.fast_kernel`) takes
the same path as the Python engine.

A hand's betting state lives in two int64 arrays: ``st`` (the street's
scalars, indexed by ``HIGH`` .. ``ALIVE``) and ``ss`` (per-seat rows ``STK``
.. ``ACTED``, one column per seat). ``cfg`` is the configuration vector laid
out as :data:`CFG_FIELDS`. A bot's choice reaches :func:`apply_action` as a :class:`Choice`
holding the :class:`Sizes` that :func:`aggressive` offered.

numba's on-disk cache keys each kernel on the contents of its own file only
(a hash of the source: touching a file changes nothing): after editing this
module, delete the cached kernels that inline it, ``__pycache__/fast_kernel.*.nb?``
and ``fast_bots.*.nb?`` here and ``casino_sim/floor/__pycache__/poker_segments.*.nb?``,
or the compiled path keeps playing the old rules (the differential tests then fail).

Pot limit, heads-up, $5 bets, an empty pot: a bet of $5 (the pot is smaller
than the least bet), then a raise to $10 .. $15 (the pot after calling):

>>> import numpy as np
>>> cfg = np.zeros(len(CFG_FIELDS), np.int64)
>>> cfg[[SMALL, BIG, CAP, STRUCTURE]] = 500, 1000, -1, POT_LIMIT
>>> st, ss = np.zeros(N_STATE, np.int64), np.zeros((N_SEAT_ROWS, 2), np.int64)
>>> ss[STK], ss[LIVE], st[ALIVE] = 10_000, 1, 2
>>> begin_betting(False, st, cfg, ss, 2), aggressive(0, st, cfg, ss, 2)
(True, (5, Sizes(first=500, second=500, full=500)))
>>> bet = Choice(BET, -1, aggressive(0, st, cfg, ss, 2)[1])
>>> apply_action(0, bet, st, cfg, ss, 2), aggressive(1, st, cfg, ss, 2)
(False, (6, Sizes(first=1000, second=1500, full=1000)))
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import numpy as np
from numba import njit
from numpy.typing import NDArray

I64: TypeAlias = NDArray[np.int64]

__all__ = [
    "CFG_FIELDS",
    "Choice",
    "Sizes",
    "aggressive",
    "apply_action",
    "begin_betting",
    "return_uncalled",
]

#: Layout of the integer configuration vector of the compiled hand.
CFG_FIELDS = [
    "n_streets",
    "ranking",
    "bring_mode",
    "bring_ace_low",
    "low_first",
    "by_suit",
    "open_pair_rule",
    "burn",
    "ante",
    "bring",
    "small",
    "big",
    "cap",
    "uncapped_heads_up",
    "structure",
    "spread_max",
    "half_bet",
    "raise_on_all_in",
    "complete_short",
]
(N_STREETS, RANKING, BRING_MODE, BRING_ACE_LOW, LOW_FIRST, BY_SUIT, OPEN_PAIR_RULE, BURN) = range(8)
(ANTE, BRING, SMALL, BIG, CAP, UNCAP_HU) = range(8, 14)
(STRUCTURE, SPREAD_MAX, HALF_BET, RAISE_ON_ALL_IN, COMPLETE_SHORT) = range(14, 19)

#: Structure codes of ``cfg[STRUCTURE]``.
FIXED, SPREAD, POT_LIMIT, NO_LIMIT = range(4)
STRUCTURES = {
    "fixed-limit": FIXED,
    "spread-limit": SPREAD,
    "pot-limit": POT_LIMIT,
    "no-limit": NO_LIMIT,
}

#: The street's betting scalars in ``st``.
(HIGH, LEVEL, COUNT, INC, SIZE, BIG_USED, COMPLETION, BRING_PENDING) = range(8)
(OPEN_PAIR, UNCAPPED, ALIVE) = range(8, 11)
N_STATE = 11
#: Per-seat rows of ``ss``: stack, chips in the pot, street bet, the level when the
#: seat last acted, live, still to act, acted since the last full bet.
(STK, CON, SB, SEEN, LIVE, NEED, ACTED) = range(7)
N_SEAT_ROWS = 7

#: Action codes (as :class:`~casino_sim.games.poker_room.state.Action`); -1 = none.
FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = range(7)


class Sizes(NamedTuple):
    """The sizes of the aggressive action open to a seat (:func:`aggressive`), as "to" amounts.

    Fixed limit: ``first`` the least full size, ``second`` the other size of an
    open pair's choice or -1. Other structures: ``first`` the least and ``second``
    the most, clipped to the seat's chips. ``full``: the least full size (a smaller
    amount is an all-in for less).
    """

    first: int
    second: int
    full: int


class Choice(NamedTuple):
    """A bot's choice: the action code, its "to" amount (-1: ``sizes.first``) and the
    :class:`Sizes` it was chosen from (``Sizes(0, -1, 0)`` when not aggressive)."""

    action: int
    amount: int
    sizes: Sizes


@njit(cache=True, inline="always")
def increment(st: I64, cfg: I64) -> int:
    """``StudHand._increment``: the bet or raise size in force."""
    if cfg[STRUCTURE] != FIXED:
        return int(st[INC])
    return int(cfg[BIG] if st[BIG_USED] else st[SIZE])


@njit(cache=True)
def check_uncapped(st: I64, cfg: I64, ss: I64, n: int) -> None:
    """``StudHand._check_uncapped``: lift the cap when two players not all-in are left."""
    if st[UNCAPPED] or not cfg[UNCAP_HU]:
        return
    if cfg[CAP] >= 0 and st[COUNT] >= cfg[CAP]:
        return
    k = 0
    for s in range(n):
        if ss[LIVE, s] and ss[STK, s] > 0:
            k += 1
    if k <= 2:
        st[UNCAPPED] = 1


@njit(cache=True, inline="always")
def full_sizes(st: I64, cfg: I64) -> tuple[int, int, int]:
    """``StudHand._full_sizes``: (action, least full "to", second size or -1)."""
    small, big = cfg[SMALL], cfg[BIG]
    if st[BRING_PENDING] or st[COMPLETION]:
        return COMPLETE, small, -1
    if st[HIGH] == 0:
        if st[OPEN_PAIR]:
            return BET, small, big
        return BET, st[SIZE], -1
    short = st[HIGH] > st[LEVEL]
    base = st[HIGH] if short and not cfg[COMPLETE_SHORT] else st[LEVEL]
    if st[OPEN_PAIR] and not st[BIG_USED]:
        return RAISE, base + small, base + big
    return RAISE, base + increment(st, cfg), -1


@njit(cache=True)
def aggressive(seat: int, st: I64, cfg: I64, ss: I64, n: int) -> tuple[int, Sizes]:
    """``StudHand._aggressive``: (action or -1, its :class:`Sizes`).

    Fixed limit: the sizes of :func:`full_sizes`. Otherwise the range (least, most)
    clipped to the seat's chips, as ``BetLimits.most_to``.
    """
    kind, s0, s1 = full_sizes(st, cfg)
    full0 = s0
    high = st[HIGH]
    chips = ss[STK, seat] + ss[SB, seat]
    structure = cfg[STRUCTURE]
    if structure != FIXED:
        if structure == SPREAD:
            most = high + cfg[SPREAD_MAX]
        elif structure == POT_LIMIT:
            pot = 0
            for s in range(n):
                pot += ss[CON, s]
            most = 2 * high - ss[SB, seat] + pot
        else:
            most = chips
        most = min(max(most, s0), chips)
        s0, s1 = min(s0, most), most
    if st[BRING_PENDING] and structure == FIXED and cfg[BRING] >= cfg[SMALL]:
        return -1, Sizes(0, -1, 0)  # a bring-in of a full bet: post it, nothing to complete
    if cfg[CAP] >= 0 and st[COUNT] >= cfg[CAP] and not st[UNCAPPED]:
        return -1, Sizes(0, -1, 0)
    if ss[ACTED, seat]:
        faced = high - ss[SEEN, seat]
        if (2 * faced if cfg[HALF_BET] else faced) < increment(st, cfg):
            return -1, Sizes(0, -1, 0)
    if chips <= high:
        return -1, Sizes(0, -1, 0)
    for s in range(n):
        if s != seat and ss[LIVE, s] and ss[STK, s] + ss[SB, s] > high:
            return kind, Sizes(s0, s1, full0)
    return -1, Sizes(0, -1, 0)


@njit(cache=True, inline="always")
def _put(seat: int, chips: int, st: I64, cfg: I64, ss: I64, n: int) -> None:
    ss[STK, seat] -= chips
    ss[SB, seat] += chips
    ss[CON, seat] += chips
    ss[NEED, seat] = 0
    ss[ACTED, seat] = 1
    ss[SEEN, seat] = st[HIGH]
    if ss[STK, seat] == 0:
        check_uncapped(st, cfg, ss, n)


@njit(cache=True)
def _raised(
    seat: int, actual: int, counts: bool, reopen_all: bool, st: I64, cfg: I64, ss: I64, n: int
) -> None:
    """``StudHand._raised``: book a bet, raise or completion to ``actual``."""
    if counts:
        st[COUNT] += 1
    st[BRING_PENDING] = 0
    if actual > st[HIGH]:
        st[HIGH] = actual
    for s in range(n):
        if s != seat and ss[LIVE, s] and ss[STK, s] > 0:
            ss[NEED, s] = 1
            if reopen_all:
                ss[ACTED, s] = 0
    _put(seat, actual - ss[SB, seat], st, cfg, ss, n)


@njit(cache=True, inline="always")
def _aggress(seat: int, amount: int, sizes: Sizes, st: I64, cfg: I64, ss: I64, n: int) -> None:
    """``StudHand._aggress`` / ``_aggress_any`` for a "to" ``amount`` (-1: the least size)."""
    s0, s1, full0 = sizes
    half = cfg[HALF_BET] != 0
    to = s0 if amount < 0 else amount
    if cfg[STRUCTURE] != FIXED:
        if to >= full0:
            st[INC] = max(st[INC], to - st[HIGH])
            st[LEVEL] = to
            counts = reopen_all = True
            st[COMPLETION] = 0
        else:
            over = to - st[LEVEL]
            counts = (2 * over if half else over) >= st[INC]
            reopen_all = False
            if counts:
                st[LEVEL] = to
                st[COMPLETION] = 0
            counts = counts or not half
        _raised(seat, to, counts, reopen_all, st, cfg, ss, n)
        return
    actual = min(to, ss[STK, seat] + ss[SB, seat])
    if actual < to and s1 >= 0:
        to = s1 if actual > s0 else s0
    if s1 >= 0 and to == s1:
        st[BIG_USED] = 1
    level = st[LEVEL]
    incr = increment(st, cfg)
    full = actual == to
    if full:
        counts = reopen_all = True
        st[LEVEL] = to
    else:
        over = actual - level
        counts = (2 * over if half else over) >= incr
        reopen_all = False
        if counts:
            st[LEVEL] = actual if cfg[RAISE_ON_ALL_IN] else to
        counts = counts or not half
    if st[LEVEL] > level or full:
        st[COMPLETION] = 0
    _raised(seat, actual, counts, reopen_all, st, cfg, ss, n)


@njit(cache=True, inline="always")
def return_uncalled(ss: I64, n: int) -> None:
    """``StudHand._return_uncalled``: the part of the top bet nobody called goes back."""
    top = 0
    for s in range(1, n):
        if ss[SB, s] > ss[SB, top]:
            top = s
    second = -1
    for s in range(n):
        if s != top and ss[SB, s] > second:
            second = ss[SB, s]
    excess = ss[SB, top] - second
    if excess > 0:
        ss[SB, top] -= excess
        ss[CON, top] -= excess
        ss[STK, top] += excess


@njit(cache=True)
def apply_action(seat: int, choice: Choice, st: I64, cfg: I64, ss: I64, n: int) -> bool:
    """``StudHand.act`` for a bot's choice (sizes from :func:`aggressive`); True when the
    hand ended by folds (the uncalled bet already returned). The caller advances."""
    action = choice.action
    if action == COMPLETE and st[BRING_PENDING] and ss[STK, seat] <= cfg[BRING]:
        action = BRING_IN
    if action == FOLD:
        ss[LIVE, seat] = 0
        ss[NEED, seat] = 0
        st[ALIVE] -= 1
        if st[ALIVE] == 1:
            return_uncalled(ss, n)
            return True
        check_uncapped(st, cfg, ss, n)
    elif action == CHECK:
        _put(seat, 0, st, cfg, ss, n)
    elif action == CALL:
        _put(seat, min(st[HIGH] - ss[SB, seat], ss[STK, seat]), st, cfg, ss, n)
    elif action == BRING_IN:
        bring = cfg[BRING]
        st[BRING_PENDING] = 0
        st[COMPLETION] = 1
        st[HIGH] = bring
        if bring >= cfg[SMALL]:  # a bring-in of a full bet is the bet: next, a raise
            st[COMPLETION] = 0
            st[LEVEL] = bring
            st[COUNT] = 1
        _put(seat, min(bring, ss[STK, seat]), st, cfg, ss, n)
    else:
        _aggress(seat, choice.amount, choice.sizes, st, cfg, ss, n)
    return False


@njit(cache=True)
def begin_betting(big_street: bool, st: I64, cfg: I64, ss: I64, n: int) -> bool:
    """``StudHand._begin_betting`` up to the opener: False when nobody can bet."""
    size = cfg[BIG] if big_street else cfg[SMALL]
    st[SIZE] = size
    st[INC] = size
    st[HIGH] = 0
    st[LEVEL] = 0
    st[COUNT] = 0
    st[BIG_USED] = 0
    st[COMPLETION] = 0
    k = 0
    for s in range(n):
        ss[SB, s] = 0
        ss[NEED, s] = 1 if ss[LIVE, s] and ss[STK, s] > 0 else 0
        ss[ACTED, s] = 0
        ss[SEEN, s] = 0
        k += ss[NEED, s]
    if k <= 1:
        return False
    st[UNCAPPED] = 0
    check_uncapped(st, cfg, ss, n)
    return True


@njit(cache=True, inline="always")
def next_actor(seat: int, ss: I64, n: int) -> int:
    """The next seat after ``seat`` still to act, or -1 (``StudHand._advance``)."""
    for k in range(1, n + 1):
        s = (seat + k) % n
        if ss[NEED, s]:
            return s
    return -1
