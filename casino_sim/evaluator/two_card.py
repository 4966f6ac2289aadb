"""Two-card hands (hold'em hole cards, a side bet on them): a pair above any two ranks.

Categories, weakest first: high card, one pair. Within high card the two ranks, the higher
first, and then suited above offsuit of the same ranks (hold'em players and felts tell
them apart: A-K suited, A-K offsuit). Values are dense class indexes (higher is better),
0..168; a class is ``(category, *ranks, suited)`` for high cards (``suited`` 1 or 0) and
``(category, rank)`` for a pair.

>>> from casino_sim.cards import parse_cards
>>> classes = two_card_classes()
>>> [classes[int(v)] for v in evaluate_two(np.array([parse_cards("As Ks"), parse_cards("2c 2d")]))]
[(0, 12, 11, 1), (1, 0)]
>>> len(classes)
169
"""

from __future__ import annotations

from functools import cache

import numpy as np

from casino_sim.errors import HandSizeError

__all__ = ["TWO_CARD_CATEGORIES", "evaluate_two", "two_card_classes", "two_card_table"]

TWO_CARD_CATEGORIES: tuple[str, ...] = ("high_card", "one_pair")
"""The categories of two-card hands, weakest first (the index is a class's category)."""

_RANKS = 13


@cache
def two_card_classes() -> tuple[tuple[int, ...], ...]:
    """The classes of two-card hands, weakest first (index = value)."""
    high: list[tuple[int, ...]] = [
        (0, hi, lo, s) for hi in range(_RANKS) for lo in range(hi) for s in (0, 1)
    ]
    return (*sorted(high), *((1, r) for r in range(_RANKS)))


@cache
def two_card_table() -> np.ndarray:
    """The value of two cards by ``(code_a, code_b)`` (int16[52, 52], -1 on the diagonal)."""
    index = {cls: v for v, cls in enumerate(two_card_classes())}
    table = np.full((52, 52), -1, dtype=np.int16)
    for a in range(52):
        for b in range(52):
            if a == b:
                continue
            hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
            cls = (1, hi) if hi == lo else (0, hi, lo, int(a & 3 == b & 3))
            table[a, b] = index[cls]
    table.setflags(write=False)
    return table


def evaluate_two(cards: np.ndarray) -> np.ndarray:
    """The value of each two-card hand (arrays shaped ``(..., 2)`` of card codes), int16."""
    array = np.asarray(cards)
    n = array.shape[-1] if array.ndim else 0
    if n != 2:
        raise HandSizeError(f"two-card hands have 2 cards, got {n}")
    out: np.ndarray = two_card_table()[array[..., 0], array[..., 1]]
    return out
