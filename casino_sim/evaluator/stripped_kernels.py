"""The compiled evaluator for any category order: every category's best hand, then the max.

:mod:`~casino_sim.evaluator.wild_kernels` stops at the first category made,
strongest first, which bakes in the standard order. A stripped deck ranks its
categories by its own combinatorics (in Mexican stud a flush beats a full house),
so here each category's best reading is computed on its own, exactly, from the
same rank-count masks, and the hand's value is the largest of them: values come
from tables built on the deck's own class list, so the largest value is the best
hand under that deck's order. Wild cards stand for ranks of the deck only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.evaluator.wild import WildCategory
from casino_sim.evaluator.wild_kernels import (
    DISTINCT_AT,
    FULL_AT,
    JOKER,
    MAX_WILDS,
    PAIR_AT,
    QUADS_AT,
    TRIPS_AT,
    TWO_PAIR_AT,
    WildOptions,
    add_wilds,
    at_least,
    ranked_table,
)

__all__ = ["StrippedTables", "build_tables", "stripped_kernel"]

_ACE_BIT = 1 << 12


class StrippedTables(NamedTuple):
    """What :func:`stripped_kernel` reads for one deck and its class order."""

    deck_ranks: int  #: mask of the ranks the deck holds
    straight_flush: np.ndarray  #: int16[6, 8192]: best straight flush with w wilds, -1 if none
    flush: np.ndarray  #: int16[6, 8192]: best flush that is not a straight flush
    straight: np.ndarray  #: int16[6, 8192]: best straight over the ranks held
    ranked: np.ndarray  #: int16: non-flush values by category and ranks (wild_kernels layout)
    five: np.ndarray  #: int64[13]: five of a kind by rank, -1 for ranks not in the deck
    top_bit: np.ndarray  #: int64[8192]: highest set rank of a mask, -1 for 0


def _best_subset(five_values: np.ndarray) -> np.ndarray:
    """Extend values of 5-rank masks to every mask: the best 5-rank subset (-1 if none)."""
    masks = np.arange(8192)
    sizes = np.array([bin(m).count("1") for m in range(8192)])
    out = np.where(sizes == 5, five_values, -1).astype(np.int16)
    for size in range(6, 14):
        drops = [np.where(masks & (1 << r), out[masks & ~(1 << r)], -1) for r in range(13)]
        out[sizes == size] = np.max(drops, axis=0)[sizes == size]
    return out


def build_tables(
    classes: Sequence[tuple[int, ...]], deck_ranks: int, straights: Sequence[tuple[int, int]]
) -> StrippedTables:
    """Tables for a class list (value = index) over ``deck_ranks``; ``straights`` = (top, mask)."""
    index = {cls: value for value, cls in enumerate(classes)}
    mask_of = dict(straights)
    sf5 = np.full(8192, -1, dtype=np.int16)
    flush5 = np.full(8192, -1, dtype=np.int16)
    straight0 = np.full(8192, -1, dtype=np.int16)
    masks = np.arange(8192)
    for cls, value in index.items():
        cat, ranks = cls[0], cls[1:]
        if cat in (WildCategory.STRAIGHT_FLUSH, WildCategory.ROYAL_FLUSH):
            sf5[mask_of[ranks[0]]] = value
        elif cat == WildCategory.FLUSH:
            flush5[sum(1 << r for r in ranks)] = value
        elif cat == WildCategory.STRAIGHT:
            need = mask_of[ranks[0]]
            contains = (masks & need) == need
            straight0[contains] = np.maximum(straight0[contains], value)
    five = np.full(13, -1, dtype=np.int64)
    for rank in range(13):
        five[rank] = index.get((WildCategory.FIVE_OF_A_KIND, rank), -1)
    return StrippedTables(
        deck_ranks=deck_ranks,
        straight_flush=add_wilds(_best_subset(sf5), deck_ranks),
        flush=add_wilds(_best_subset(flush5), deck_ranks),
        straight=add_wilds(straight0, deck_ranks),
        ranked=ranked_table(classes, mask_of.__getitem__),
        five=five,
        top_bit=np.array([m.bit_length() - 1 for m in range(8192)], dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _count(rank: int, m1: int, m2: int, m3: int, m4: int) -> int:
    return ((m1 >> rank) & 1) + ((m2 >> rank) & 1) + ((m3 >> rank) & 1) + ((m4 >> rank) & 1)


@njit(cache=True, inline="always")
def _kicker(natural: int, deck: int, used: int, wilds: int, top_bit: np.ndarray) -> int:
    """The best kicker not in ``used``: a wild (the best free rank) if one is left."""
    rank = top_bit[natural & ~used]
    if wilds > 0 or rank < 0:
        rank = top_bit[deck & ~used]
    return int(rank)


@njit(cache=True, inline="always")
def _best(
    m: np.ndarray,
    suits: np.ndarray,
    natural_ranks: int,
    w: int,
    ws: int,
    five_kind: bool,
    tables: StrippedTables,
) -> int:
    """The max over categories of each category's best value (see the module docstring):
    ``m[k]`` the ranks held more than ``k`` times, ``suits[s]`` suit ``s``'s natural ranks."""
    deck, sf, fl, st = tables.deck_ranks, tables.straight_flush, tables.flush, tables.straight
    ranked, five, top_bit = tables.ranked, tables.five, tables.top_bit
    m1, m2, m3, m4, m5 = m[0], m[1], m[2], m[3], m[4]
    best = -1
    if five_kind:
        ranks = at_least(5 - w, deck, m1, m2, m3, m4, m5)
        if ranks:
            best = five[top_bit[ranks]]
    for s in range(4):
        best = max(best, sf[ws, suits[s]], fl[ws, suits[s]])
    best = max(best, st[ws, natural_ranks])
    ranks = at_least(4 - w, deck, m1, m2, m3, m4, m5)
    if ranks:
        q = top_bit[ranks]
        left = w - max(0, 4 - _count(q, m1, m2, m3, m4))
        best = max(best, ranked[QUADS_AT + q * 13 + _kicker(m1, deck, 1 << q, left, top_bit)])
    ranks = at_least(3 - w, deck, m1, m2, m3, m4, m5)
    if ranks:  # trips, then the best full house (highest trips with any pair)
        q = top_bit[ranks]
        left = w - max(0, 3 - _count(q, m1, m2, m3, m4))
        k1 = _kicker(m1, deck, 1 << q, left, top_bit)
        k2 = _kicker(m1, deck, (1 << q) | (1 << k1), left - 1, top_bit)
        best = max(best, ranked[TRIPS_AT + (q * 13 + k1) * 13 + k2])
        while ranks:
            t = top_bit[ranks]
            ranks ^= 1 << t
            rest = w - max(0, 3 - _count(t, m1, m2, m3, m4))
            pairs = at_least(2 - rest, deck, m1, m2, m3, m4, m5) & ~(1 << t)
            if pairs:
                best = max(best, ranked[FULL_AT + t * 13 + top_bit[pairs]])
                break
    ranks = at_least(2 - w, deck, m1, m2, m3, m4, m5)
    if ranks:  # one pair, then two pair (the highest pair with any lower one)
        p = top_bit[ranks]
        left = w - max(0, 2 - _count(p, m1, m2, m3, m4))
        used = 1 << p
        k1 = _kicker(m1, deck, used, left, top_bit)
        k2 = _kicker(m1, deck, used | (1 << k1), left - 1, top_bit)
        k3 = _kicker(m1, deck, used | (1 << k1) | (1 << k2), left - 2, top_bit)
        best = max(best, ranked[PAIR_AT + ((p * 13 + k1) * 13 + k2) * 13 + k3])
        while ranks:
            p1 = top_bit[ranks]
            ranks ^= 1 << p1
            rest = w - max(0, 2 - _count(p1, m1, m2, m3, m4))
            lower = at_least(2 - rest, deck, m1, m2, m3, m4, m5) & ((1 << p1) - 1)
            if lower:
                p2 = top_bit[lower]
                left = rest - max(0, 2 - _count(p2, m1, m2, m3, m4))
                k = _kicker(m1, deck, (1 << p1) | (1 << p2), left, top_bit)
                best = max(best, ranked[TWO_PAIR_AT + (p1 * 13 + p2) * 13 + k])
                break
    if w == 0 and m2 == 0:  # high card (a wild always makes a pair)
        top5 = m1
        count = 0
        rest = m1
        while rest:
            rest &= rest - 1
            count += 1
        for _ in range(count - 5):
            top5 &= top5 - 1
        if count >= 5:
            best = max(best, ranked[DISTINCT_AT + top5])
    return int(best)


@njit(cache=True)
def stripped_kernel(
    cards: np.ndarray, options: WildOptions, t: StrippedTables, out: np.ndarray
) -> None:
    """Best value of each hand on the deck's scale (same options as ``wild_high_kernel``)."""
    wild, wild_step, joker_wild, joker_step, five_of_a_kind = options
    m = np.zeros(5, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for i in range(cards.shape[0]):
        special = wild[i * wild_step] | (1 << 13)
        m[:] = 0
        suits[:] = 0
        wilds = 0
        jokers = 0
        for card in cards[i]:
            rank = card >> 2
            bit = (1 << rank) & ~special
            suits[card & 3] |= bit
            wilds += (special >> rank) & 1
            jokers += card == JOKER
            m[3] |= m[2] & bit
            m[2] |= m[1] & bit
            m[1] |= m[0] & bit
            m[0] |= bit
        natural_ranks = m[0]
        bugs = 0
        if not joker_wild[i * joker_step]:
            wilds -= jokers
            bugs = jokers
        for _ in range(bugs):  # a bug is an ace for pairs .. five of a kind
            m[4] |= m[3] & _ACE_BIT
            m[3] |= m[2] & _ACE_BIT
            m[2] |= m[1] & _ACE_BIT
            m[1] |= m[0] & _ACE_BIT
            m[0] |= _ACE_BIT
        w = min(wilds, MAX_WILDS)
        ws = min(wilds + bugs, MAX_WILDS)
        out[i] = _best(m, suits, natural_ranks, w, ws, five_of_a_kind, t)
