"""Slow, obviously correct evaluators used only as test oracles.

They return tuples that compare like hands do (bigger is better), built straight
from the rule book with no tables and nothing shared with casino_sim.evaluator.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _groups(ranks):
    counts = Counter(ranks)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return [counts[r] for r in ordered], ordered


def _straight_top(ranks, *, wheel_top):
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if wheel_top is not None and distinct == [12, 3, 2, 1, 0]:
        return wheel_top
    return None


def high5(cards):
    """Rule-book strength of exactly five card codes (rank*4+suit)."""
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    top = _straight_top(ranks, wheel_top=3)
    shape, ordered = _groups(ranks)
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    if shape == [4, 1]:
        return (QUADS, *ordered)
    if shape == [3, 2]:
        return (FULL_HOUSE, *ordered)
    if flush:
        return (FLUSH, *ordered)
    if top is not None:
        return (STRAIGHT, top)
    kind = {(3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(tuple(shape), HIGH_CARD)
    return (kind, *ordered)


def low_a5_5(cards):
    """Ace-to-five strength of five cards: aces low, straights/flushes ignored (bigger = better)."""
    ranks = [(c // 4 + 1) % 13 for c in cards]  # ace = 0
    shape, ordered = _groups(ranks)
    badness = {(1,) * 5: 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
    return tuple(-x for x in (badness[tuple(shape)], *ordered))


def low_a6_5(cards):
    """Ace-to-six strength of five cards: aces low, straights and flushes count against."""
    ranks = [(c // 4 + 1) % 13 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    top = _straight_top(ranks, wheel_top=None)  # A-2-3-4-5 is 0..4: an ordinary straight
    shape, ordered = _groups(ranks)
    if top is not None and flush:
        strength = (STRAIGHT_FLUSH, top)
    elif shape == [4, 1]:
        strength = (QUADS, *ordered)
    elif shape == [3, 2]:
        strength = (FULL_HOUSE, *ordered)
    elif flush:
        strength = (FLUSH, *ordered)
    elif top is not None:
        strength = (STRAIGHT, top)
    else:
        kind = {(3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(tuple(shape), 0)
        strength = (kind, *ordered)
    return tuple(-x for x in strength)


def best(cards, five_card_rule):
    """Best value of any five of ``cards`` under ``five_card_rule``."""
    return max(five_card_rule(list(five)) for five in combinations(cards, 5))
