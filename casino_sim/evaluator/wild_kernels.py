"""Compiled wild-card evaluation: rank-count masks and small per-wild-count tables.

No substitution is enumerated. A hand is reduced to its natural cards' rank
masks ``m1..m5`` (the ranks held at least 1..5 times), one 13-bit rank mask per
suit, the number of wild cards and the number of bugs. The categories are then
tried strongest first, each a few bit operations:

* five of a kind, four of a kind, full house, trips, pairs: a rank ``r`` can be
  made ``k`` of a kind when ``count(r) + wilds >= k`` (a wild may repeat a
  card already held: five aces exist);
* straight flushes and flushes: ``suited[w, mask]`` is the best flush-type value
  of a suit holding ``mask`` naturally plus up to ``w`` wild cards, each wild a
  rank *missing* from that suit (a wild never duplicates a natural card of a
  flush);
* straights: ``straight[w, mask]``, the same over the union of natural ranks.

Non-flush five-card hands are valued by small per-category tables built from
:func:`~casino_sim.evaluator.classes.high_classes` (all tables fit in cache: the
13 MB standard key tables would cost a cache miss per hand here), so a hand
without wild cards gets exactly :func:`evaluate_high`'s value; such hands of 5-7
cards take the standard tables' path.

>>> t = wild_tables()
>>> int(t.suited[1, 0b1111000000000]), int(t.straight[0, 0b1111100000000])  # AKQJ + wild, AKQJT
(7461, 5862)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.evaluator.classes import HandCategory, high_classes
from casino_sim.evaluator.kernels import flush_mask
from casino_sim.evaluator.tables import RANK_KEYS, Lookup, flush_tables

__all__ = [
    "FIVE_OF_A_KIND_BASE",
    "JOKER",
    "MAX_WILDS",
    "WildOptions",
    "WildTables",
    "add_wilds",
    "ranked_table",
    "wild_high_kernel",
    "wild_tables",
]

JOKER = 52
FIVE_OF_A_KIND_BASE = 7462  # value of five deuces; five aces = 7474
MAX_WILDS = 5  # more wild cards than five change nothing
_ALL = 0x1FFF
_ACE_BIT = 1 << 12
_FIVE_OR_MORE = 0x8888  # suit counts as nibbles, as in kernels.py
_PLUS_THREE = 0x3333


# offsets of the categories in a ranked table (non-flush five-card values by rank tuple)
QUADS_AT = 0  # [quads rank, kicker]
FULL_AT = 13**2  # [trips rank, pair rank]
TRIPS_AT = 2 * 13**2  # [trips rank, kicker, kicker]
TWO_PAIR_AT = TRIPS_AT + 13**3  # [high pair, low pair, kicker]
PAIR_AT = TWO_PAIR_AT + 13**3  # [pair rank, kicker, kicker, kicker]
DISTINCT_AT = PAIR_AT + 13**4  # [rank mask of five distinct ranks]: straight or high card
RANKED_SIZE = DISTINCT_AT + 8192


class WildTables(NamedTuple):
    """Arrays the kernel reads: all small (about 300 KB), so lookups stay in cache."""

    suited: np.ndarray  #: int16[6, 8192]: best flush/straight-flush value, -1 if none
    straight: np.ndarray  #: int16[6, 8192]: best straight value, -1 if none
    top_bit: np.ndarray  #: int64[8192]: highest set rank of a mask, -1 for 0
    ranked: np.ndarray  #: int16[RANKED_SIZE]: non-flush values by category and ranks
    rank_keys: np.ndarray  #: int64[14]: RANK_KEYS and 0 for the joker's rank 13
    straight_flush_start: int  #: lowest straight-flush value


class WildOptions(NamedTuple):
    """The wild-card rules of a batch of hands: hand ``i`` reads ``wild[i * wild_step]`` and
    ``joker_wild[i * joker_step]`` (a step of 0: one value for every hand)."""

    wild: np.ndarray  #: int64[hands or 1]: 13-bit masks of the wild ranks
    wild_step: int  #: 1 or 0
    joker_wild: np.ndarray  #: bool[hands or 1]: jokers wild (else bugs)
    joker_step: int  #: 1 or 0
    five_of_a_kind: bool  #: five of a kind ranks above a royal flush


def standard_straight(top: int) -> int:
    """Rank mask of the standard straight with top rank ``top`` (3 = the wheel)."""
    return sum(1 << r for r in ([12, 0, 1, 2, 3] if top == 3 else range(top - 4, top + 1)))


def ranked_table(
    classes: Iterable[tuple[int, ...]], straight_mask: Callable[[int], int] = standard_straight
) -> np.ndarray:
    """Non-flush values of five ranks laid out per category (the ``*_AT`` offsets).

    ``classes`` are ``(category, *ranks)`` in value order; ``straight_mask(top)`` gives
    the ranks of a straight.
    """
    ranked = np.full(RANKED_SIZE, -1, dtype=np.int16)
    for value, (cat, *ranks) in enumerate(classes):
        if cat == HandCategory.FOUR_OF_A_KIND:
            ranked[QUADS_AT + ranks[0] * 13 + ranks[1]] = value
        elif cat == HandCategory.FULL_HOUSE:
            ranked[FULL_AT + ranks[0] * 13 + ranks[1]] = value
        elif cat == HandCategory.THREE_OF_A_KIND:
            ranked[TRIPS_AT + (ranks[0] * 13 + ranks[1]) * 13 + ranks[2]] = value
        elif cat == HandCategory.TWO_PAIR:
            ranked[TWO_PAIR_AT + (ranks[0] * 13 + ranks[1]) * 13 + ranks[2]] = value
        elif cat == HandCategory.ONE_PAIR:
            ranked[PAIR_AT + ((ranks[0] * 13 + ranks[1]) * 13 + ranks[2]) * 13 + ranks[3]] = value
        elif cat == HandCategory.HIGH_CARD:
            ranked[DISTINCT_AT + sum(1 << r for r in ranks)] = value
        elif cat == HandCategory.STRAIGHT:
            ranked[DISTINCT_AT + straight_mask(ranks[0])] = value
    return ranked


def add_wilds(base: np.ndarray, ranks: int = _ALL) -> np.ndarray:
    """``out[w, mask]`` = best ``base`` over ``mask`` plus up to ``w`` more of ``ranks``."""
    masks = np.arange(8192)
    out = np.empty((MAX_WILDS + 1, 8192), dtype=np.int16)
    out[0] = base
    for w in range(1, MAX_WILDS + 1):
        more = [out[w - 1][masks | (1 << r)] for r in range(13) if ranks >> r & 1]
        out[w] = np.max([out[w - 1], *more], axis=0)
    return out


@cache
def wild_tables() -> WildTables:
    """The kernel's tables (built on first use, then cached)."""
    index = {cls: i for i, cls in enumerate(high_classes())}
    masks = np.arange(8192)
    sizes = np.array([bin(m).count("1") for m in range(8192)])
    # best five-of-a-suit value for any number of ranks: 5..7 from the flush table, more by
    # dropping one rank at a time (each level from the one below)
    suited0 = np.where(sizes <= 7, flush_tables().high, -1).astype(np.int16)
    for size in range(8, 14):
        level = sizes == size
        drops = [np.where(masks & (1 << r), suited0[masks & ~(1 << r)], -1) for r in range(13)]
        suited0[level] = np.max(drops, axis=0)[level]
    straight0 = np.full(8192, -1, dtype=np.int16)
    for top in range(3, 13):  # ascending: a higher straight overwrites a lower one
        need = standard_straight(top)
        straight0[(masks & need) == need] = index[(HandCategory.STRAIGHT, top)]
    top_bit = np.array([m.bit_length() - 1 for m in range(8192)], dtype=np.int64)
    return WildTables(
        suited=add_wilds(suited0),
        straight=add_wilds(straight0),
        top_bit=top_bit,
        ranked=ranked_table(high_classes()),
        rank_keys=np.append(RANK_KEYS, 0),
        straight_flush_start=index[(HandCategory.STRAIGHT_FLUSH, 3)],
    )


@njit(cache=True, inline="always")
def at_least(k: int, deck: int, m1: int, m2: int, m3: int, m4: int, m5: int) -> int:
    """Mask of ranks held at least ``k`` times (every rank of the ``deck`` mask for ``k <= 0``)."""
    if k <= 0:
        return deck
    if k == 1:
        return m1
    if k == 2:
        return m2
    if k == 3:
        return m3
    if k == 4:
        return m4
    if k == 5:
        return m5
    return 0


@njit(cache=True, inline="always")
def _drop_low(mask: int, keep: int) -> int:
    """``mask`` without its lowest set bits, keeping the ``keep`` highest."""
    count = 0
    rest = mask
    while rest:
        rest &= rest - 1
        count += 1
    for _ in range(count - keep):
        mask &= mask - 1
    return mask


@njit(cache=True, inline="always")
def _best_value(
    counts: tuple[int, int, int, int, int],
    natural_ranks: int,
    suits: tuple[int, int, int, int],
    w: int,
    ws: int,
    five_of_a_kind: bool,
    tables: WildTables,
) -> int:
    """Best value given the rank masks ``counts`` = (m1, .., m5) (bugs already counted as
    aces) and each suit's natural rank mask ``suits``.

    ``w``: wilds for ranks (pairs .. five of a kind); ``ws``: wilds plus bugs, for
    straights and flushes; ``natural_ranks``: ranks held, bugs excluded. Past the
    quads, at most one wild is left (more make quads from any natural card).
    """
    m1, m2, m3, m4, m5 = counts
    s0, s1, s2, s3 = suits
    t_suited, t_straight, top_bit, ranked = (
        tables.suited,
        tables.straight,
        tables.top_bit,
        tables.ranked,
    )
    sf_start = tables.straight_flush_start
    if five_of_a_kind:
        m = at_least(5 - w, _ALL, m1, m2, m3, m4, m5)
        if m:
            return FIVE_OF_A_KIND_BASE + int(top_bit[m])
    suited = max(max(t_suited[ws, s0], t_suited[ws, s1]), max(t_suited[ws, s2], t_suited[ws, s3]))
    if suited >= sf_start:
        return int(suited)
    m = at_least(4 - w, _ALL, m1, m2, m3, m4, m5)
    if m:
        q = top_bit[m]
        count = ((m1 >> q) & 1) + ((m2 >> q) & 1) + ((m3 >> q) & 1) + ((m4 >> q) & 1)
        others = m1 & ~(1 << q)
        if w > 4 - count or others == 0:  # a wild kicker: the best rank (others == 0 only in
            others = _ALL & ~(1 << q)  # A-A-A-A-bug without five of a kind)
        return int(ranked[QUADS_AT + q * 13 + top_bit[others]])
    # full house: without quads every rank is held at most 3 - w times, so it takes natural
    # trips and a pair (no wild), or two natural pairs and one wild; two wilds never make one
    trips = at_least(3 - w, _ALL, m1, m2, m3, m4, m5)
    if w <= 1 and trips:
        t = top_bit[trips]
        pairs = m2 & ~(1 << t)
        if pairs:
            return int(ranked[FULL_AT + t * 13 + top_bit[pairs]])
    if suited >= 0:
        return int(suited)
    straight = t_straight[ws, natural_ranks]
    if straight >= 0:
        return int(straight)
    if trips:  # every wild went into the trips (one more would make quads)
        q = top_bit[trips]
        rest = m1 & ~(1 << q)
        k1 = top_bit[rest]
        k2 = top_bit[rest & ~(1 << k1)]
        return int(ranked[TRIPS_AT + (q * 13 + k1) * 13 + k2])
    if w == 0 and m2 & (m2 - 1):  # two pair (with a wild there would be trips)
        p1 = top_bit[m2]
        p2 = top_bit[m2 & ~(1 << p1)]
        k = top_bit[m1 & ~(1 << p1) & ~(1 << p2)]
        return int(ranked[TWO_PAIR_AT + (p1 * 13 + p2) * 13 + k])
    if w > 0 or m2:  # one pair: a natural pair, or the best natural rank and the wild
        p = top_bit[m2] if w == 0 else top_bit[m1]
        rest = m1 & ~(1 << p)
        k1 = top_bit[rest]
        rest &= ~(1 << k1)
        k2 = top_bit[rest]
        k3 = top_bit[rest & ~(1 << k2)]
        return int(ranked[PAIR_AT + ((p * 13 + k1) * 13 + k2) * 13 + k3])
    return int(ranked[DISTINCT_AT + _drop_low(m1, 5)])


@njit(cache=True)
def wild_high_kernel(
    cards: np.ndarray, options: WildOptions, t: WildTables, standard: Lookup, out: np.ndarray
) -> None:
    """Best wild-card high value of each hand.

    ``standard`` holds the standard tables for the hand size (rank tables empty for more
    than 7 cards): the path of hands without wild cards. ``t.rank_keys`` has a 14th
    entry (0) for the joker's rank 13.
    The card loop has no branches: a wild card's rank bit is cleared before it
    reaches the masks, the joker is rank 13 (always "special", bit 13).
    """
    wild, wild_step, joker_wild, joker_step, five_of_a_kind = options
    rank_keys = t.rank_keys
    key_index, high, flush_high = standard.key_index, standard.high, standard.flush_high
    fast = key_index.size > 0
    for i in range(cards.shape[0]):
        hand = cards[i]
        special = wild[i * wild_step] | (1 << 13)
        if fast:  # first pass: the standard evaluation, unless a card is special
            key = 0
            suit_counts = 0  # four nibbles
            n_special = 0
            for card in hand:
                rank = card >> 2
                key += rank_keys[rank]
                suit_counts += 1 << ((card & 3) << 2)
                n_special += (special >> rank) & 1
            if n_special == 0:
                flush_bits = (suit_counts + _PLUS_THREE) & _FIVE_OR_MORE
                if flush_bits:
                    out[i] = flush_high[flush_mask(hand, flush_bits)]
                else:
                    out[i] = high[key_index[key]]
                continue
        m1 = m2 = m3 = m4 = 0
        by_suit = 0  # four 16-bit fields of rank bits
        n_special = 0
        jokers = 0
        for card in hand:
            rank = card >> 2
            bit = (1 << rank) & ~special
            by_suit |= bit << ((card & 3) << 4)
            n_special += (special >> rank) & 1
            jokers += rank == 13
            m4 |= m3 & bit
            m3 |= m2 & bit
            m2 |= m1 & bit
            m1 |= bit
        wilds = n_special
        bugs = 0
        if not joker_wild[i * joker_step]:
            wilds -= jokers
            bugs = jokers
        natural_ranks = m1
        m5 = 0
        for _ in range(bugs):  # a bug counts as an ace for pairs .. five of a kind
            m5 |= m4 & _ACE_BIT
            m4 |= m3 & _ACE_BIT
            m3 |= m2 & _ACE_BIT
            m2 |= m1 & _ACE_BIT
            m1 |= _ACE_BIT
        suits = (
            by_suit & _ALL,
            (by_suit >> 16) & _ALL,
            (by_suit >> 32) & _ALL,
            (by_suit >> 48) & _ALL,
        )
        w, ws = min(wilds, MAX_WILDS), min(wilds + bugs, MAX_WILDS)
        counts = (m1, m2, m3, m4, m5)
        out[i] = _best_value(counts, natural_ranks, suits, w, ws, five_of_a_kind, t)


@njit(cache=True)
def first_invalid_wild_hand(cards: np.ndarray) -> int:
    """Index of the first hand with a code outside 0..52 or a repeated card (jokers may repeat)."""
    for i in range(cards.shape[0]):
        seen = np.uint64(0)
        for card in cards[i]:
            if card < 0 or card > JOKER:
                return i
            if card == JOKER:
                continue
            bit = np.uint64(1) << np.uint64(card)
            if seen & bit:
                return i
            seen |= bit
    return -1
