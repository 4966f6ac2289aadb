"""Lookup tables behind the kernels, built once per process on first use.

Non-flush hands are looked up by the sum of per-rank keys: for a fixed number
of cards (5, 6 or 7) the sums of ``RANK_KEYS`` over rank multisets are unique
(the keys of Kenneth Shackleton's SKPokerEval; uniqueness is re-checked when the
table is built). ``key_index[n][sum]`` gives a row of the small per-multiset value
arrays. Flushes are looked up by the 13-bit rank mask of the flush suit.

Memory: three uint16 key indexes (13 + 14 + 16 MB) and a few small arrays.

>>> t = tables(5)
>>> int(t.high[t.key_index[CARD_KEYS[[48, 44, 40, 36, 33]].sum()]])  # A K Q J T, not suited
5862
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from casino_sim.evaluator.classes import a5_classes, a6_classes, high_classes, rank_class

__all__ = ["CARD_KEYS", "RANK_KEYS", "Lookup", "Tables", "flush_tables", "lookup", "tables"]

RANK_KEYS = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64
)
CARD_KEYS = np.repeat(RANK_KEYS, 4)  # per card code


@dataclass(frozen=True)
class Tables:
    """Value tables for hands of ``n_cards`` cards (non-flush part)."""

    n_cards: int
    key_index: np.ndarray  # uint16[max_key + 1]: rank-key sum -> multiset row
    high: np.ndarray  # int16[rows]: best high value ignoring flushes
    a5: np.ndarray  # int16[rows]: best ace-to-five low value
    a6: np.ndarray  # int16[rows]: best ace-to-six low value ignoring flushes


@dataclass(frozen=True)
class FlushTables:
    """Tables indexed by a 13-bit rank mask of one suit."""

    high: np.ndarray  # int16[8192]: best straight-flush/flush value from >= 5 ranks
    a6_five: np.ndarray  # int16[8192]: ace-to-six value of exactly five suited ranks


class Lookup(NamedTuple):
    """Everything the compiled kernels read for hands of one size (:func:`lookup`)."""

    card_keys: np.ndarray  #: int64[52]: each card's rank key (:data:`CARD_KEYS`)
    key_index: np.ndarray  #: uint16[max key + 1]: rank-key sum -> multiset row (may be empty)
    high: np.ndarray  #: int16[rows]: best high value ignoring flushes
    a5: np.ndarray  #: int16[rows]: best ace-to-five low value
    a6: np.ndarray  #: int16[rows]: best ace-to-six low value ignoring flushes
    flush_high: np.ndarray  #: int16[8192]: best straight-flush/flush value by suit rank mask
    a6_flush5: np.ndarray  #: int16[8192]: ace-to-six value of exactly five suited ranks


def _multisets(n_cards: int) -> np.ndarray:
    """Rank multisets of ``n_cards`` ranks (each rank at most four times), rows sorted."""
    rows = list(combinations(range(13 + n_cards - 1), n_cards))
    ranks: np.ndarray = np.array(rows, dtype=np.int64) - np.arange(n_cards)  # stars and bars
    counts: np.ndarray = np.apply_along_axis(np.bincount, 1, ranks, minlength=13)
    possible: npt.NDArray[np.bool_] = counts.max(axis=1) <= 4
    return ranks[possible]


def _ace_low(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ranks renumbered with the ace lowest (A=0, 2=1, .., K=12), high to low."""
    return tuple(sorted(((r + 1) % 13 for r in ranks), reverse=True))


@cache
def _five_card_values() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Sorted 5-card key sums and the high / a5 / a6 non-flush value of each."""
    index_high = {c: i for i, c in enumerate(high_classes())}
    index_a5 = {c: i for i, c in enumerate(a5_classes())}
    index_a6 = {c: i for i, c in enumerate(a6_classes())}
    ranks = _multisets(5)
    keys = RANK_KEYS[ranks].sum(axis=1)
    high, a5, a6 = (np.empty(len(ranks), dtype=np.int16) for _ in range(3))
    for row, hand in enumerate(ranks.tolist()):
        high[row] = index_high[rank_class(tuple(sorted(hand, reverse=True)), flush=False)]
        low = _ace_low(hand)
        a5[row] = index_a5[rank_class(low, flush=False, straights=False)]
        a6[row] = index_a6[rank_class(low, flush=False, ace_plays_low_only=True)]
    order = np.argsort(keys)
    return keys[order], high[order], a5[order], a6[order]


@cache
def tables(n_cards: int) -> Tables:
    """The non-flush tables for ``n_cards`` in 5..7 (built on first call, then cached)."""
    if n_cards not in (5, 6, 7):
        raise ValueError(f"tables exist for 5, 6 or 7 cards, not {n_cards}")
    keys5, high5, a5_5, a6_5 = _five_card_values()
    ranks = _multisets(n_cards)
    keys = RANK_KEYS[ranks].sum(axis=1)
    if np.unique(keys).size != keys.size:  # guards the key constants
        raise AssertionError(f"rank keys collide for {n_cards} cards")
    best = [np.full(len(ranks), -1, dtype=np.int16) for _ in range(3)]
    for subset in combinations(range(n_cards), 5):
        rows = np.searchsorted(keys5, RANK_KEYS[ranks[:, subset]].sum(axis=1))
        for target, source in zip(best, (high5, a5_5, a6_5), strict=True):
            np.maximum(target, source[rows], out=target)
    key_index = np.zeros(int(keys.max()) + 1, dtype=np.uint16)
    key_index[keys] = np.arange(len(keys), dtype=np.uint16)
    return Tables(n_cards, key_index, *best)


@cache
def lookup(n_cards: int) -> Lookup:
    """The kernels' tables for ``n_cards`` in 5..7; for other sizes only the flush tables
    (the rank tables empty: the wild-card kernel then skips its standard path)."""
    f = flush_tables()
    if n_cards not in (5, 6, 7):
        no_index, empty = np.empty(0, dtype=np.uint16), np.empty(0, dtype=np.int16)
        return Lookup(CARD_KEYS, no_index, empty, empty, empty, f.high, f.a6_five)
    t = tables(n_cards)
    return Lookup(CARD_KEYS, t.key_index, t.high, t.a5, t.a6, f.high, f.a6_five)


@cache
def flush_tables() -> FlushTables:
    """Straight-flush/flush values by rank mask, and five-card ace-to-six flush values."""
    index_high = {c: i for i, c in enumerate(high_classes())}
    index_a6 = {c: i for i, c in enumerate(a6_classes())}
    high = np.full(8192, -1, dtype=np.int16)
    a6_five = np.full(8192, -1, dtype=np.int16)
    for five in combinations(range(12, -1, -1), 5):
        mask = sum(1 << r for r in five)
        high[mask] = index_high[rank_class(five, flush=True)]
        a6_five[mask] = index_a6[rank_class(_ace_low(five), flush=True, ace_plays_low_only=True)]
    for size in (6, 7):
        for ranks in combinations(range(13), size):
            mask = sum(1 << r for r in ranks)
            subs = [sum(1 << r for r in five) for five in combinations(ranks, 5)]
            high[mask] = max(high[s] for s in subs)
    return FlushTables(high, a6_five)
