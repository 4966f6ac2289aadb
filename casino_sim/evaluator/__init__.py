"""The shared hand evaluator: batch-first, compiled kernels over small lookup tables.

>>> from casino_sim.cards import parse_cards
>>> v = evaluate_high(parse_cards("As Ks Qs Js Ts"))
>>> category(v), describe(v)
(<HandCategory.ROYAL_FLUSH: 9>, 'Royal flush')
"""

from casino_sim.evaluator.api import (
    NO_LOW,
    ace_king_threshold,
    category,
    eight_or_better_threshold,
    evaluate_high,
    evaluate_hilo,
    evaluate_low,
)
from casino_sim.evaluator.classes import HandCategory
from casino_sim.evaluator.describe import best_five, describe

__all__ = [
    "NO_LOW",
    "HandCategory",
    "ace_king_threshold",
    "best_five",
    "category",
    "describe",
    "eight_or_better_threshold",
    "evaluate_high",
    "evaluate_hilo",
    "evaluate_low",
]
