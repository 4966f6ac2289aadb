"""Raise/fold decision tables: player's five cards x dealer up-card -> raise?

A table holds one 64-bit mask per five-card hand (2,598,960 of them, 20 MB):
bit ``u`` is set when the player raises against dealer up-card ``u``. Hands are
indexed by :func:`hand_index`, the colexicographic rank of the sorted cards.

>>> from casino_sim.cards import parse_cards
>>> table = named_strategy("pair-or-better")
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
from numba import njit

from casino_sim.combinatorics import combinations_array
from casino_sim.errors import OptionError
from casino_sim.evaluator import HandCategory, evaluate_high
from casino_sim.evaluator.classes import high_classes

__all__ = [
    "NAMED_STRATEGIES",
    "N_HANDS",
    "DecisionTable",
    "hand_index",
    "named_strategy",
    "named_threshold",
]

N_HANDS = comb(52, 5)
ALL_UPCARDS = np.uint64((1 << 52) - 1)
_BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)


@njit(cache=True)
def _colex(hands, binomial, out):
    for i in range(hands.shape[0]):
        a = np.sort(hands[i])
        total = 0
        for j in range(5):
            total += binomial[a[j], j + 1]
        out[i] = total


def hand_index(hands: np.ndarray) -> np.ndarray:
    """Colexicographic index 0..2,598,959 of five-card hands (any card order).

    >>> from casino_sim.cards import parse_cards
    >>> int(hand_index(parse_cards("2c 2d 2h 2s 3c"))), int(hand_index(parse_cards("As Ah Ad Ac Ks")))
    (0, 2598959)
    """
    array = np.asarray(hands)
    flat = np.ascontiguousarray(array.reshape(-1, 5))
    out = np.empty(flat.shape[0], dtype=np.int64)
    _colex(flat, _BINOMIAL, out)
    return out.reshape(array.shape[:-1])


@cache
def all_hands_by_index() -> np.ndarray:
    """Every five-card hand, row ``i`` holding the hand whose :func:`hand_index` is ``i``."""
    hands = combinations_array(52, 5)
    ordered = np.empty_like(hands)
    ordered[hand_index(hands)] = hands
    return ordered


@dataclass(frozen=True, eq=False)
class DecisionTable:
    """A complete raise/fold strategy; ``raise_mask[hand_index]`` has bit ``u`` for up-card ``u``."""

    name: str
    raise_mask: np.ndarray  # uint64[N_HANDS]

    def should_raise(self, hands: np.ndarray, upcards: np.ndarray | int) -> np.ndarray:
        """Whether the player raises with each five-card hand against each dealer up-card."""
        masks = self.raise_mask[hand_index(hands)]
        shifts = np.asarray(upcards, dtype=np.uint64)
        return ((masks >> shifts) & np.uint64(1)).astype(bool)

    @classmethod
    def from_threshold(cls, name: str, minimum_value: int) -> DecisionTable:
        """Raise, whatever the up-card, with any hand whose high value is at least ``minimum_value``."""
        values = evaluate_high(all_hands_by_index(), validate=False)
        mask = np.where(values >= minimum_value, ALL_UPCARDS, np.uint64(0)).astype(np.uint64)
        return cls(name, mask)


def _value_of(cls: tuple[int, ...]) -> int:
    return high_classes().index(cls)


def _threshold_values() -> dict[str, int]:
    return {
        "always-raise": 0,
        "pair-or-better": _value_of((HandCategory.ONE_PAIR, 0, 3, 2, 1)),
        "akj83": _value_of((HandCategory.HIGH_CARD, 12, 11, 9, 6, 1)),
    }


NAMED_STRATEGIES = ("optimal", "pair-or-better", "akj83", "always-raise")


def named_threshold(name: str) -> int:
    """The weakest high value a named simple strategy raises with, whatever the up-card.

    >>> named_threshold("always-raise")
    0
    """
    thresholds = _threshold_values()
    if name not in thresholds:
        known = ", ".join(NAMED_STRATEGIES)
        hint = (
            " (optimal depends on the paytable: use optimal_strategy(paytable))"
            if name == "optimal"
            else ""
        )
        raise OptionError(f"unknown strategy {name!r}: expected one of {known}{hint}")
    return thresholds[name]


@cache
def named_strategy(name: str) -> DecisionTable:
    """A named simple strategy: ``always-raise``, ``pair-or-better`` or ``akj83``
    (raise A-K-J-8-3 or better). ``optimal`` depends on the paytable: see
    :func:`casino_sim.games.banked.caribbean_stud.exact.strategy.optimal_strategy`.
    """
    return DecisionTable.from_threshold(name, named_threshold(name))
