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
from casino_sim.evaluator.api import NO_LOW, HandRules, evaluate_high, evaluate_low, is_low_rules
from casino_sim.evaluator.classes import HandCategory, a5_classes, a6_classes, high_classes

__all__ = ["best_five", "describe"]

_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace"]  # fmt: skip
_SHORT = "23456789TJQKA"
_LOW_SHORT = "A23456789TJQK"  # ace-low renumbering used by the low classes


def _plural(rank: int) -> str:
    name = _NAMES[rank]
    return name + ("es" if name == "six" else "s")


# Words for each high category, weakest first: {top} / {tops} name the first rank of the
# class (ten / tens), {seconds} the second (full of, and), {cards} all of them (K-J-8-5-2).
_HIGH_WORDS: dict[HandCategory, str] = {
    HandCategory.HIGH_CARD: "High card, {top} ({cards})",
    HandCategory.ONE_PAIR: "Pair of {tops}",
    HandCategory.TWO_PAIR: "Two pair, {tops} and {seconds}",
    HandCategory.THREE_OF_A_KIND: "Three of a kind, {tops}",
    HandCategory.STRAIGHT: "Straight, {top} high",
    HandCategory.FLUSH: "Flush, {top} high ({cards})",
    HandCategory.FULL_HOUSE: "Full house, {tops} full of {seconds}",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind, {tops}",
    HandCategory.STRAIGHT_FLUSH: "Straight flush, {top} high",
    HandCategory.ROYAL_FLUSH: "Royal flush",
}


def _high_words(cls: tuple[int, ...]) -> str:
    ranks = cls[1:]
    words = {
        "top": _NAMES[ranks[0]],
        "tops": _plural(ranks[0]),
        "seconds": _plural(ranks[1]) if len(ranks) > 1 else "",
        "cards": "-".join(_SHORT[r] for r in ranks),
    }
    return _HIGH_WORDS[HandCategory(cls[0])].format(**words)


def describe(value: int | np.integer, *, rules: HandRules = "high") -> str:
    """A hand value in words; ``rules`` is "high" or a low rule of :func:`evaluate_low`."""
    value = int(value)
    if rules == "high":
        return _high_words(high_classes()[value])
    if not is_low_rules(rules):
        raise OptionError(f"unknown rules {rules!r}")
    if value == NO_LOW:
        return "No low"
    cls = (a6_classes() if rules == "ace-to-six" else a5_classes())[value]
    cat = HandCategory(cls[0])
    cards = "-".join(_LOW_SHORT[r] for r in cls[1:])
    if cat == HandCategory.HIGH_CARD:
        return f"{cards} low"
    return f"{cat.name.replace('_', ' ').capitalize()} ({cards}) low"


def best_five(cards: np.ndarray, *, rules: HandRules = "high") -> np.ndarray:
    """The five cards of one hand (5-7 cards) that make its value under ``rules``."""
    hand = np.asarray(cards)
    subsets = np.array(list(combinations(hand.tolist(), 5)), dtype=hand.dtype)
    if rules == "high":
        values = evaluate_high(subsets)
    else:
        values = evaluate_low(subsets, rules=rules)
    best: np.ndarray = subsets[int(np.argmax(values))]
    return best
