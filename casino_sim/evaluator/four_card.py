"""Four-card poker hands (Four Card Poker): the best four of four to seven cards.

Categories, weakest first: high card, one pair, two pair, straight, flush, three of a
kind, straight flush, four of a kind (no full house; three of a kind beats a flush).
The ace is high, and low only in A-2-3-4, the lowest straight; J-Q-K-A is the highest.
Values are dense class indexes (higher is better), 0..2534; a class is
``(category, *ranks)`` with ranks most significant first (a straight by its top card).

>>> from casino_sim.cards import parse_cards
>>> v = evaluate_four(parse_cards("As 2s 3s 4s Kd"))
>>> FOUR_CARD_CATEGORIES[four_card_classes()[int(v)][0]], four_card_classes()[int(v)][1:]
('straight_flush', (2,))
>>> len(four_card_classes())
2535
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.errors import HandSizeError

__all__ = [
    "FOUR_CARD_CATEGORIES",
    "FourTables",
    "evaluate_four",
    "four_card_classes",
    "four_tables",
    "four_value",
]

FOUR_CARD_CATEGORIES: tuple[str, ...] = (
    "high_card",
    "one_pair",
    "two_pair",
    "straight",
    "flush",
    "three_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
)
"""The categories of four-card hands, weakest first (the index is a class's category)."""

_LOW_STRAIGHT = (12, 2, 1, 0)  # A-4-3-2: the four-high straight
_RANKS = 13


def _class_of(ranks_desc: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """The class of four ranks (high to low), one suit or not."""
    counts = Counter(ranks_desc)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    cat = FOUR_CARD_CATEGORIES.index
    if shape == [4]:
        return (cat("four_of_a_kind"), ordered[0])
    if shape == [3, 1]:
        return (cat("three_of_a_kind"), *ordered)
    if shape == [2, 2]:
        return (cat("two_pair"), *ordered)
    if shape == [2, 1, 1]:
        return (cat("one_pair"), *ordered)
    top = None
    if ranks_desc[0] - ranks_desc[3] == 3:
        top = ranks_desc[0]
    elif ranks_desc == _LOW_STRAIGHT:
        top = 2
    if top is not None:
        return (cat("straight_flush" if suited else "straight"), top)
    return (cat("flush" if suited else "high_card"), *ranks_desc)


def _rank_code(ranks_desc: tuple[int, ...]) -> int:
    code = 0
    for rank in ranks_desc:
        code = code * _RANKS + rank
    return code


@cache
def _all_classes() -> tuple[tuple[tuple[int, ...], int, bool], ...]:
    """(class, rank code, suited) of every four-rank multiset, suited where it can be."""
    out = []
    for ranks in combinations_with_replacement(range(_RANKS - 1, -1, -1), 4):
        if max(Counter(ranks).values()) > 4:
            continue
        for suited in (False, True) if len(set(ranks)) == 4 else (False,):
            out.append((_class_of(ranks, suited), _rank_code(ranks), suited))
    return tuple(out)


@cache
def four_card_classes() -> tuple[tuple[int, ...], ...]:
    """The classes of four-card hands, weakest first (index = value)."""
    return tuple(sorted({cls for cls, _, _ in _all_classes()}))


class FourTables(NamedTuple):
    """The value of four cards by the code of their ranks high to low (base 13):
    ``plain`` int16[28561] (not all one suit), ``suited`` int16[28561] (one suit; -1 where
    ranks repeat)."""

    plain: np.ndarray
    suited: np.ndarray


@cache
def four_tables() -> FourTables:
    """The lookup tables of :func:`four_value` (made once, read-only)."""
    index = {cls: v for v, cls in enumerate(four_card_classes())}
    plain = np.full(_RANKS**4, -1, dtype=np.int16)
    suited = np.full(_RANKS**4, -1, dtype=np.int16)
    for cls, code, one_suit in _all_classes():
        (suited if one_suit else plain)[code] = index[cls]
    for table in (plain, suited):
        table.setflags(write=False)
    return FourTables(plain, suited)


@njit(cache=True, inline="always")
def four_value(a: int, b: int, c: int, d: int, tables: FourTables) -> int:
    """The value of the four card codes ``a, b, c, d`` (any order)."""
    ra, rb, rc, rd = a >> 2, b >> 2, c >> 2, d >> 2
    # ranks high to low (a sorting network for four values)
    ra, rb = max(ra, rb), min(ra, rb)
    rc, rd = max(rc, rd), min(rc, rd)
    ra, rc = max(ra, rc), min(ra, rc)
    rb, rd = max(rb, rd), min(rb, rd)
    rb, rc = max(rb, rc), min(rb, rc)
    code = ((ra * 13 + rb) * 13 + rc) * 13 + rd
    if (a & 3) == (b & 3) == (c & 3) == (d & 3):
        return int(tables.suited[code])
    return int(tables.plain[code])


@njit(cache=True)
def best_four_kernel(cards: np.ndarray, tables: FourTables, out: np.ndarray) -> None:
    """The best four of each row of ``cards`` (int8 or int64, rows of 4..7 codes) into ``out``."""
    k = cards.shape[1]
    for i in range(cards.shape[0]):
        row = cards[i]
        best = -1
        for p in range(k - 3):
            for q in range(p + 1, k - 2):
                for r in range(q + 1, k - 1):
                    for s in range(r + 1, k):
                        v = four_value(row[p], row[q], row[r], row[s], tables)
                        best = max(best, v)
        out[i] = best


def evaluate_four(cards: np.ndarray) -> np.ndarray:
    """The value of the best four of each hand (arrays shaped ``(..., n)``, 4 <= n <= 7 card
    codes), int16."""
    array = np.asarray(cards)
    n = array.shape[-1] if array.ndim else 0
    if not 4 <= n <= 7:
        raise HandSizeError(f"four-card hands are made from 4 to 7 cards, got {n}")
    rows = np.ascontiguousarray(array.reshape(-1, n), dtype=np.int64)
    out = np.empty(len(rows), dtype=np.int16)
    best_four_kernel(rows, four_tables(), out)
    return out.reshape(array.shape[:-1])
