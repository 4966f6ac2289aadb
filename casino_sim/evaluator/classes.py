"""Hand classes in rule-book order, weakest first: the meaning of every hand value.

A *class* is a tuple ``(category, *ranks)`` whose order within a category is
the order of its ``ranks`` (most significant first). High hands have 7,462
classes; ace-to-five lows (no straights or flushes) 6,175; ace-to-six lows
7,462 (aces low, straights and flushes count against).

>>> len(high_classes()), len(a5_classes()), len(a6_classes())
(7462, 6175, 7462)
>>> high_classes()[-1]
(<HandCategory.ROYAL_FLUSH: 9>, 12)
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from functools import cache
from itertools import combinations

__all__ = [
    "HandCategory",
    "a5_classes",
    "a6_classes",
    "high_classes",
    "rank_class",
    "weakest_high_value",
]


class HandCategory(IntEnum):
    """Poker hand categories, weakest first; ROYAL_FLUSH is the ace-high straight flush."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


_ACE = 12
_WHEEL = (12, 3, 2, 1, 0)  # A-5-4-3-2 with ace high ranks


def _straight_top(distinct_desc: tuple[int, ...], *, ace_plays_low_only: bool) -> int | None:
    """Top rank of a straight made by five distinct ranks (given high to low), else None."""
    if len(distinct_desc) != 5:
        return None
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if not ace_plays_low_only and distinct_desc == _WHEEL:
        return 3  # the five-high straight
    return None


def rank_class(
    ranks: tuple[int, ...],
    *,
    flush: bool,
    straights: bool = True,
    ace_plays_low_only: bool = False,
) -> tuple[int, ...]:
    """The class of five ranks (0..12); ``ace_plays_low_only`` means ranks were pre-shifted so
    the ace is 0 and A-2-3-4-5 is an ordinary straight (ace-to-six lowball).

    >>> rank_class((12, 11, 10, 9, 8), flush=True)
    (<HandCategory.ROYAL_FLUSH: 9>, 12)
    >>> rank_class((5, 5, 5, 9, 9), flush=False)
    (<HandCategory.FULL_HOUSE: 6>, 5, 9)
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ordered = tuple(rank for rank, _ in groups)
    top = _straight_top(ordered, ace_plays_low_only=ace_plays_low_only) if straights else None
    if flush and top is not None:
        royal = top == _ACE and not ace_plays_low_only
        return (HandCategory.ROYAL_FLUSH if royal else HandCategory.STRAIGHT_FLUSH, top)
    category = {
        (4, 1): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (2, 1, 1, 1): HandCategory.ONE_PAIR,
        (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
    }[shape]
    if flush:
        return (HandCategory.FLUSH, *ordered)
    if top is not None:
        return (HandCategory.STRAIGHT, top)
    return (category, *ordered)


def _five_rank_multisets() -> list[tuple[int, ...]]:
    """All 6,175 multisets of five ranks (no rank five times), ranks high to low."""
    out = []
    for combo in combinations(range(13 + 4), 5):  # stars and bars over 13 ranks
        ranks = tuple(sorted((c - i for i, c in enumerate(combo)), reverse=True))
        if max(Counter(ranks).values()) < 5:
            out.append(ranks)
    return out


@cache
def high_classes() -> tuple[tuple[int, ...], ...]:
    """The 7,462 high-hand classes, weakest first (index = hand value)."""
    classes = {rank_class(r, flush=False) for r in _five_rank_multisets()}
    classes |= {rank_class(r, flush=True) for r in combinations(range(12, -1, -1), 5)}
    return tuple(sorted(classes))


@cache
def weakest_high_value(category: HandCategory, lead: tuple[int, ...] = ()) -> int | None:
    """The high value of the weakest hand of ``category`` whose ranks begin with ``lead``
    (most significant first, 0..12 = 2..A), or ``None`` when there is no such hand.

    >>> weakest_high_value(HandCategory.ONE_PAIR)  # 2-2-5-4-3
    1277
    >>> high_classes()[weakest_high_value(HandCategory.HIGH_CARD, (12, 11))]  # A-K-4-3-2
    (<HandCategory.HIGH_CARD: 0>, 12, 11, 2, 1, 0)
    >>> weakest_high_value(HandCategory.HIGH_CARD, (4, 3, 2, 1)) is None  # 6-5-4-3-2 is a straight
    True
    """
    width = len(lead)
    for value, cls in enumerate(high_classes()):
        if cls[0] == category and cls[1 : 1 + width] == lead:
            return value
    return None


@cache
def a5_classes() -> tuple[tuple[int, ...], ...]:
    """The 6,175 ace-to-five classes (ranks with ace = 0), *worst* first.

    A low hand's value is its index here: higher is a better low.
    """
    classes = {rank_class(r, flush=False, straights=False) for r in _five_rank_multisets()}
    return tuple(sorted(classes, reverse=True))


@cache
def a6_classes() -> tuple[tuple[int, ...], ...]:
    """The 7,462 ace-to-six classes (ranks with ace = 0), *worst* first."""
    low_only = {"ace_plays_low_only": True}
    classes = {rank_class(r, flush=False, **low_only) for r in _five_rank_multisets()}
    classes |= {rank_class(r, flush=True, **low_only) for r in combinations(range(12, -1, -1), 5)}
    return tuple(sorted(classes, reverse=True))
