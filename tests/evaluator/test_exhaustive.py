"""Exhaustive counts over every 5- and 7-card hand against the published figures."""

from __future__ import annotations

import numpy as np
import pytest

from casino_sim.combinatorics import combinations_array
from casino_sim.evaluator import (
    HandCategory,
    category,
    eight_or_better_threshold,
    evaluate_high,
    evaluate_low,
)
from casino_sim.evaluator.classes import a5_classes

FIVE_CARD_COUNTS = {
    HandCategory.ROYAL_FLUSH: 4,
    HandCategory.STRAIGHT_FLUSH: 36,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    HandCategory.ROYAL_FLUSH: 4_324,
    HandCategory.STRAIGHT_FLUSH: 37_260,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}
# seven-card hands whose best ace-to-five low is unpaired with this top card (ace = 0)
SEVEN_CARD_LOW_TOPS = {"5": 781_824, "6": 3_151_360, "7": 7_426_560, "8": 13_171_200}


def all_hands(n_cards: int, first: int | None = None) -> np.ndarray:
    """Every n-card hand (optionally only those whose lowest card is ``first``)."""
    return combinations_array(52, n_cards, first=first)


@pytest.fixture(scope="session")
def five_card_values() -> np.ndarray:
    return evaluate_high(all_hands(5))


def test_five_card_category_counts(five_card_values):
    cats = category(five_card_values)
    counts = np.bincount(cats, minlength=10)
    assert {HandCategory(i): int(c) for i, c in enumerate(counts)} == FIVE_CARD_COUNTS
    assert counts.sum() == 2_598_960


def test_five_card_values_are_the_7462_classes(five_card_values):
    distinct = np.unique(five_card_values)
    assert distinct.tolist() == list(range(7462))


def test_five_card_low_classes_all_reached():
    values = evaluate_low(all_hands(5), rules="ace-to-five")
    assert np.unique(values).size == len(a5_classes()) == 6175
    a6 = evaluate_low(all_hands(5), rules="ace-to-six")
    assert np.unique(a6).tolist() == list(range(7462))


@pytest.mark.slow
def test_seven_card_counts_high_and_low():
    """All 133,784,560 seven-card hands, in 46 chunks by lowest card."""
    counts = np.zeros(10, dtype=np.int64)
    distinct = np.zeros(7462, dtype=bool)
    low_tops = np.zeros(13, dtype=np.int64)
    qualifying_eight = 0
    classes = a5_classes()
    top_of_low = np.array([c[1] if c[0] == HandCategory.HIGH_CARD else -1 for c in classes])
    threshold = eight_or_better_threshold()
    total = 0
    for first in range(46):
        hands = all_hands(7, first)
        total += len(hands)
        values = evaluate_high(hands, validate=False)
        counts += np.bincount(category(values), minlength=10)
        distinct[values] = True
        lows = evaluate_low(hands, rules="ace-to-five", validate=False)
        tops = top_of_low[lows]
        low_tops += np.bincount(tops[tops >= 0], minlength=13)
        qualifying_eight += int(np.count_nonzero(lows >= threshold))
    assert total == 133_784_560
    assert {HandCategory(i): int(c) for i, c in enumerate(counts)} == SEVEN_CARD_COUNTS
    assert int(distinct.sum()) == 4_824
    # ace-low ranks: 0 = ace, 4 = five, 5 = six, 6 = seven, 7 = eight
    assert {k: int(low_tops[i]) for k, i in zip("5678", (4, 5, 6, 7), strict=True)} == (
        SEVEN_CARD_LOW_TOPS
    )
    assert qualifying_eight == 24_530_944


def test_one_hand_fast_path_equals_the_batch_kernel_on_every_five_card_hand():
    from numba import njit

    from casino_sim.combinatorics import combinations_array
    from casino_sim.evaluator.kernels import high_value5
    from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables

    @njit
    def each_hand(hands, card_keys, key_index, high, flush_high):
        out = np.empty(hands.shape[0], np.int64)
        for i in range(hands.shape[0]):
            out[i] = high_value5(hands[i], 0, card_keys, key_index, high, flush_high)
        return out

    hands = combinations_array(52, 5).astype(np.int8)
    t, f = tables(5), flush_tables()
    one_by_one = each_hand(hands, CARD_KEYS, t.key_index, t.high, f.high)
    assert np.array_equal(one_by_one, evaluate_high(hands))
