"""Property tests: the evaluator against the rule-book reference, and its invariances."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_sim.evaluator import (
    NO_LOW,
    evaluate_high,
    evaluate_hilo,
    evaluate_low,
)
from tests.reference_eval import best, high5, low_a5_5, low_a6_5

hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)
pairs_of_hands = st.tuples(
    st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
)
suit_perms = st.permutations(range(4))


def value(cards, rules="high"):
    array = np.array(cards, dtype=np.int8)
    if rules == "high":
        return int(evaluate_high(array))
    return int(evaluate_low(array, rules=rules))


def reference(cards, rules="high"):
    rule = {"high": high5, "ace-to-five": low_a5_5, "ace-to-six": low_a6_5}[rules]
    return best(cards, rule)


@settings(max_examples=400, deadline=None)
@given(pairs_of_hands, st.sampled_from(["high", "ace-to-five", "ace-to-six"]))
def test_order_agrees_with_reference(pair, rules):
    a, b = pair
    ours = np.sign(value(a, rules) - value(b, rules))
    ref = reference(a, rules), reference(b, rules)
    assert ours == (ref[0] > ref[1]) - (ref[0] < ref[1])


@settings(max_examples=300, deadline=None)
@given(hands7, suit_perms, st.randoms(use_true_random=False))
def test_suit_permutation_and_card_order_never_change_a_value(hand, perm, random):
    relabelled = [c // 4 * 4 + perm[c % 4] for c in hand]
    random.shuffle(relabelled)
    for rules in ("high", "ace-to-five", "ace-to-six", "eight-or-better"):
        assert value(hand, rules) == value(relabelled, rules)


@settings(max_examples=200, deadline=None)
@given(hands7)
def test_best_of_seven_is_max_over_the_21_five_card_subsets(hand):
    subsets = np.array(list(combinations(hand, 5)), dtype=np.int8)
    assert value(hand) == evaluate_high(subsets).max()
    for rules in ("ace-to-five", "ace-to-six"):
        assert value(hand, rules) == evaluate_low(subsets, rules=rules).max()


@settings(max_examples=200, deadline=None)
@given(hands7)
def test_hilo_is_high_plus_eight_or_better(hand):
    array = np.array(hand, dtype=np.int8)
    high, low = evaluate_hilo(array)
    assert int(high) == value(hand)
    assert int(low) == value(hand, "eight-or-better")
    low_ranks = {(c // 4 + 1) % 13 for c in hand if (c // 4 + 1) % 13 <= 7}
    assert (int(low) != NO_LOW) == (len(low_ranks) >= 5)
    if int(low) != NO_LOW:
        assert int(low) == value(hand, "ace-to-five")
