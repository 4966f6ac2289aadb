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
from casino_sim.evaluator.four_card import FOUR_CARD_CATEGORIES, evaluate_four, four_card_classes
from casino_sim.evaluator.stripped import (
    StrippedDeck,
    category_counts,
    category_order,
    describe_stripped,
    evaluate_high_stripped,
)
from casino_sim.evaluator.two_card import TWO_CARD_CATEGORIES, evaluate_two, two_card_classes
from casino_sim.evaluator.wild import (
    JOKER,
    WildCategory,
    category_wild,
    describe_wild,
    evaluate_high_wild,
    format_wild_cards,
    parse_wild_cards,
    wild_mask,
)

__all__ = [
    "FOUR_CARD_CATEGORIES",
    "JOKER",
    "NO_LOW",
    "TWO_CARD_CATEGORIES",
    "HandCategory",
    "StrippedDeck",
    "WildCategory",
    "ace_king_threshold",
    "best_five",
    "category",
    "category_counts",
    "category_order",
    "category_wild",
    "describe",
    "describe_stripped",
    "describe_wild",
    "eight_or_better_threshold",
    "evaluate_four",
    "evaluate_high",
    "evaluate_high_stripped",
    "evaluate_high_wild",
    "evaluate_hilo",
    "evaluate_low",
    "evaluate_two",
    "format_wild_cards",
    "four_card_classes",
    "parse_wild_cards",
    "two_card_classes",
    "wild_mask",
]
