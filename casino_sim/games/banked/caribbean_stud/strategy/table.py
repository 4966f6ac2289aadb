"""Raise/fold decision tables: player's five cards x dealer up-card -> raise?

A table holds one 64-bit mask per five-card hand (2,598,960 of them, 20 MB):
bit ``u`` is set when the player raises against dealer up-card ``u``. Hands are
indexed by :func:`hand_index`, the colexicographic rank of the sorted cards.

>>> from casino_sim.cards import parse_cards
>>> table = DecisionTable.from_threshold("pairs", 1277)  # 1277: the weakest pair, 2-2-5-4-3
>>> bool(table.should_raise(parse_cards("7c 7d Ah 4s 2c"), 51))
True
>>> bool(table.should_raise(parse_cards("Ac Kd Qh 4s 2c"), 51))
False
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.evaluator import evaluate_high

__all__ = ["ALL_UPCARDS", "N_HANDS", "DecisionTable", "all_hands_by_index", "hand_index"]

N_HANDS = comb(52, 5)
ALL_UPCARDS = np.uint64((1 << 52) - 1)


def hand_index(hands: np.ndarray) -> np.ndarray:
    """Colexicographic index 0..2,598,959 of five-card hands (any card order).

    >>> from casino_sim.cards import parse_cards
    >>> int(hand_index(parse_cards("2c 2d 2h 2s 3c"))), int(hand_index(parse_cards("As Ah Ad Ac Ks")))
    (0, 2598959)
    """
    return colex_index(hands)


@cache
def all_hands_by_index() -> np.ndarray:
    """Every five-card hand, row ``i`` holding the hand whose :func:`hand_index` is ``i``.

    Colexicographic order is the lexicographic order of the cards mirrored (``51 - c``),
    reversed: no index to compute.

    >>> bool((hand_index(all_hands_by_index()[:1000]) == np.arange(1000)).all())
    True
    """
    mirrored = combinations_array(52, 5)
    return np.ascontiguousarray((51 - mirrored)[::-1, ::-1])


@cache
def all_hand_values() -> np.ndarray:
    """The high value of every hand of :func:`all_hands_by_index`, in the same order."""
    return evaluate_high(all_hands_by_index(), validate=False)


@dataclass(frozen=True, eq=False)
class DecisionTable:
    """A complete raise/fold strategy; ``raise_mask[hand_index]`` has bit ``u`` for up-card ``u``."""

    name: str
    raise_mask: np.ndarray  # uint64[N_HANDS]

    def should_raise(self, hands: np.ndarray, upcards: np.ndarray | int) -> np.ndarray:
        """Whether the player raises with each five-card hand against each dealer up-card."""
        masks = self.raise_mask[hand_index(hands)]
        shifts = np.asarray(upcards, dtype=np.uint64)
        raised: np.ndarray = ((masks >> shifts) & np.uint64(1)).astype(bool)
        return raised

    @classmethod
    def from_threshold(cls, name: str, minimum_value: int) -> DecisionTable:
        """Raise, whatever the up-card, with any hand whose high value is at least ``minimum_value``."""
        values = all_hand_values()
        mask = np.where(values >= minimum_value, ALL_UPCARDS, np.uint64(0)).astype(np.uint64)
        return cls(name, mask)
