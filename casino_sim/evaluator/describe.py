"""Words for hand values and the five cards that make them.

>>> from casino_sim.cards import parse_cards, format_cards
>>> from casino_sim.evaluator.api import evaluate_high, evaluate_low
>>> describe(int(evaluate_high(parse_cards("Kc Kd Ks 7h 7c 2d 3s"))))
'Full house, kings full of sevens'
>>> describe(int(evaluate_low(parse_cards("7c 5d 4h 3s Ac 9d Kd"))), rules="ace-to-five")
'7-5-4-3-A low'
>>> format_cards(best_five(parse_cards("7c 5d 4h 3s Ac 9d Kd"), rules="ace-to-five"))
'7c 5d 4h 3s Ac'
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from casino_sim.errors import OptionError
from casino_sim.evaluator.api import NO_LOW, evaluate_high, evaluate_low
from casino_sim.evaluator.classes import HandCategory, a5_classes, a6_classes, high_classes

__all__ = ["best_five", "describe"]

_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace"]  # fmt: skip
_SHORT = "23456789TJQKA"
_LOW_SHORT = "A23456789TJQK"  # ace-low renumbering used by the low classes


def _plural(rank: int) -> str:
    name = _NAMES[rank]
    return name + ("es" if name == "six" else "s")


def _high_words(cls: tuple[int, ...]) -> str:
    cat, ranks = HandCategory(cls[0]), cls[1:]
    cards = "-".join(_SHORT[r] for r in ranks)
    match cat:
        case HandCategory.ROYAL_FLUSH:
            return "Royal flush"
        case HandCategory.STRAIGHT_FLUSH:
            return f"Straight flush, {_NAMES[ranks[0]]} high"
        case HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {_plural(ranks[0])}"
        case HandCategory.FULL_HOUSE:
            return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
        case HandCategory.FLUSH:
            return f"Flush, {_NAMES[ranks[0]]} high ({cards})"
        case HandCategory.STRAIGHT:
            return f"Straight, {_NAMES[ranks[0]]} high"
        case HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {_plural(ranks[0])}"
        case HandCategory.TWO_PAIR:
            return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}"
        case HandCategory.ONE_PAIR:
            return f"Pair of {_plural(ranks[0])}"
        case _:
            return f"High card, {_NAMES[ranks[0]]} ({cards})"


def describe(value: int, *, rules: str = "high") -> str:
    """A hand value in words; ``rules`` is "high" or a low rule of :func:`evaluate_low`."""
    value = int(value)
    if rules == "high":
        return _high_words(high_classes()[value])
    if rules not in ("ace-to-five", "ace-to-six", "eight-or-better"):
        raise OptionError(f"unknown rules {rules!r}")
    if value == NO_LOW:
        return "No low"
    cls = (a6_classes() if rules == "ace-to-six" else a5_classes())[value]
    cat = HandCategory(cls[0])
    cards = "-".join(_LOW_SHORT[r] for r in cls[1:])
    if cat == HandCategory.HIGH_CARD:
        return f"{cards} low"
    return f"{cat.name.replace('_', ' ').capitalize()} ({cards}) low"


def best_five(cards: np.ndarray, *, rules: str = "high") -> np.ndarray:
    """The five cards of one hand (5-7 cards) that make its value under ``rules``."""
    hand = np.asarray(cards)
    subsets = np.array(list(combinations(hand.tolist(), 5)), dtype=hand.dtype)
    if rules == "high":
        values = evaluate_high(subsets)
    else:
        values = evaluate_low(subsets, rules=rules)  # type: ignore[arg-type]
    return subsets[int(np.argmax(values))]
