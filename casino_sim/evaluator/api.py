"""Batch-first evaluation: arrays shaped ``(..., n_cards)`` in, one int per hand out.

Values are dense class indexes, higher is better, for high and low rankings alike:
high 0..7461 (7461 = royal flush); ace-to-five 0..6174; ace-to-six 0..7461;
eight-or-better uses the ace-to-five scale with :data:`NO_LOW` (-1) for no low.

>>> import numpy as np
>>> from casino_sim.cards import parse_cards
>>> int(evaluate_high(parse_cards("As Ks Qs Js Ts")))
7461
>>> hands = np.stack([parse_cards("7c 5d 4h 3s Ac 9d Kd"), parse_cards("Kc Kd Qh Js 9c 9d 2d")])
>>> evaluate_low(hands, rules="eight-or-better").tolist()
[6165, -1]
"""

from __future__ import annotations

from functools import cache
from typing import Literal, TypeGuard, get_args, overload

import numpy as np

from casino_sim.errors import CardError, DuplicateCardError, HandSizeError, OptionError
from casino_sim.evaluator import kernels
from casino_sim.evaluator.classes import (
    HandCategory,
    a5_classes,
    a6_classes,
    high_classes,
    weakest_high_value,
)
from casino_sim.evaluator.tables import lookup

__all__ = [
    "NO_LOW",
    "HandRules",
    "LowRules",
    "ace_king_threshold",
    "category",
    "eight_or_better_threshold",
    "evaluate_high",
    "evaluate_hilo",
    "evaluate_low",
    "is_low_rules",
]

NO_LOW = -1
LowRules = Literal["ace-to-five", "ace-to-six", "eight-or-better"]
"""The low rankings of :func:`evaluate_low`."""
HandRules = Literal["high", LowRules]
"""Any ranking: ``"high"`` or one of :data:`LowRules`."""
_LOW_RULES: tuple[LowRules, ...] = get_args(LowRules)


def is_low_rules(rules: object) -> TypeGuard[LowRules]:
    """Is ``rules`` one of :data:`LowRules`?

    >>> is_low_rules("ace-to-five"), is_low_rules("high")
    (True, False)
    """
    return isinstance(rules, str) and rules in _LOW_RULES


def _prepare(cards: np.ndarray, *, sizes: tuple[int, ...], validate: bool) -> np.ndarray:
    """Reshape to a C-contiguous ``(n_hands, n_cards)`` integer array, checking it if asked."""
    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise CardError(f"card codes must be integers, got dtype {array.dtype}")
    if array.ndim == 0 or array.shape[-1] not in sizes:
        got = "a scalar" if array.ndim == 0 else f"{array.shape[-1]} cards"
        raise HandSizeError(f"expected hands of {', '.join(map(str, sizes))} cards, got {got}")
    flat = np.ascontiguousarray(array.reshape(-1, array.shape[-1]))
    if validate and flat.size:
        bad = kernels.first_invalid_hand(flat)
        if bad >= 0:
            _raise_for_hand(flat[bad])
    return flat


def _raise_for_hand(hand: np.ndarray) -> None:
    from casino_sim.cards import format_card

    codes = hand.tolist()
    for code in codes:
        if not 0 <= code <= 51:
            raise CardError(f"card code {code} is outside 0..51", token=str(code))
    for code in codes:
        if codes.count(code) > 1:
            name = format_card(code)
            raise DuplicateCardError(f"duplicate card {name!r} in one hand", token=name)


def evaluate_high(cards: np.ndarray, *, validate: bool = True) -> np.ndarray:
    """Best five-card high value of each hand of 5, 6 or 7 cards (int32, higher is better).

    >>> from casino_sim.cards import parse_cards
    >>> int(evaluate_high(parse_cards("2c 3d 4h 5s 7c")))
    0
    """
    flat = _prepare(cards, sizes=(5, 6, 7), validate=validate)
    out = np.empty(flat.shape[0], dtype=np.int32)
    kernels.high_kernel(flat, lookup(flat.shape[1]), out)
    return out.reshape(np.shape(cards)[:-1])


def evaluate_low(
    cards: np.ndarray, *, rules: LowRules = "ace-to-five", validate: bool = True
) -> np.ndarray:
    """Best five-card low of each hand of 5-7 cards under ``rules`` (higher is a better low).

    ``ace-to-five`` (razz): aces low, straights and flushes ignored. ``ace-to-six``
    (London lowball): aces low, straights and flushes count against.
    ``eight-or-better``: ace-to-five values, :data:`NO_LOW` unless five distinct ranks 8 or lower.

    >>> from casino_sim.cards import parse_cards
    >>> int(evaluate_low(parse_cards("5c 4d 3h 2s Ac"))) == len(a5_classes()) - 1
    True
    """
    if not is_low_rules(rules):
        raise OptionError(f"unknown low rules {rules!r}: expected one of {', '.join(_LOW_RULES)}")
    flat = _prepare(cards, sizes=(5, 6, 7), validate=validate)
    out = np.empty(flat.shape[0], dtype=np.int32)
    if rules == "ace-to-six":
        kernels.a6_kernel(flat, lookup(flat.shape[1]), lookup(5), out)
    else:
        qualifier = eight_or_better_threshold() if rules == "eight-or-better" else 0
        kernels.a5_kernel(flat, lookup(flat.shape[1]), qualifier, out)
    return out.reshape(np.shape(cards)[:-1])


def evaluate_hilo(cards: np.ndarray, *, validate: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """High value and eight-or-better low (or :data:`NO_LOW`) of each hand, in one pass.

    >>> from casino_sim.cards import parse_cards
    >>> high, low = evaluate_hilo(parse_cards("As 2s 3s 4s 5s 9d 9h"))
    >>> category(high), int(low) == len(a5_classes()) - 1
    (<HandCategory.STRAIGHT_FLUSH: 8>, True)
    """
    flat = _prepare(cards, sizes=(5, 6, 7), validate=validate)
    high = np.empty(flat.shape[0], dtype=np.int32)
    low = np.empty(flat.shape[0], dtype=np.int32)
    kernels.hilo_kernel(flat, lookup(flat.shape[1]), eight_or_better_threshold(), high, low)
    shape = np.shape(cards)[:-1]
    return high.reshape(shape), low.reshape(shape)


@cache
def _high_category_starts() -> tuple[np.ndarray, np.ndarray]:
    """The first high value of each category and that category, weakest first."""
    cats = np.array([c[0] for c in high_classes()])
    starts = np.flatnonzero(np.diff(cats, prepend=-1))
    return starts, cats[starts]


def _low_classes(rules: LowRules) -> tuple[tuple[int, ...], ...]:
    return a6_classes() if rules == "ace-to-six" else a5_classes()


@overload
def category(values: int | np.integer, *, rules: HandRules = "high") -> HandCategory: ...
@overload
def category(values: np.ndarray, *, rules: HandRules = "high") -> np.ndarray | HandCategory: ...
def category(
    values: np.ndarray | int | np.integer, *, rules: HandRules = "high"
) -> np.ndarray | HandCategory:
    """The :class:`HandCategory` of high values (an int array for arrays, an enum for a scalar).

    For low rules the category is that of the five low cards (a pair is ONE_PAIR).
    A 0-d array counts as a scalar.

    >>> category(7461), category(0)
    (<HandCategory.ROYAL_FLUSH: 9>, <HandCategory.HIGH_CARD: 0>)
    >>> category(np.array([0, 7461])).tolist()
    [0, 9]
    """
    array = np.asarray(values)
    if rules == "high":
        starts, cats = _high_category_starts()
        result = cats[np.searchsorted(starts, array, side="right") - 1]
    else:
        result = np.array([c[0] for c in _low_classes(rules)])[array]
    if array.ndim == 0:
        return HandCategory(int(result))
    return result


@cache
def ace_king_threshold() -> int:
    """The high value of A-K-4-3-2 offsuit: Caribbean Stud's dealer qualifies at or above it.

    >>> category(ace_king_threshold())
    <HandCategory.HIGH_CARD: 0>
    """
    value = weakest_high_value(HandCategory.HIGH_CARD, (12, 11))
    if value is None:  # pragma: no cover - A-K-x-x-x high always exists
        raise AssertionError("no ace-king high hand")
    return value


@cache
def eight_or_better_threshold() -> int:
    """The ace-to-five value of 8-7-6-5-4, the worst low that qualifies for eight-or-better."""
    return a5_classes().index((HandCategory.HIGH_CARD, 7, 6, 5, 4, 3))
