"""Differential tests against independent libraries: phevaluator (high) and pokerkit (lows)."""

from __future__ import annotations

import numpy as np
import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_cards
from casino_sim.evaluator import NO_LOW, evaluate_high, evaluate_low


def random_hands(n_hands: int, n_cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n_hands, 52)), axis=1)[:, :n_cards].astype(np.int8)


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_high_values_equal_phevaluator_ranks(n_cards):
    """phevaluator ranks the same 7,462 classes 1 (royal) .. 7462, with the same card ids."""
    # 350,000 hands per size (1.05 M in all), sized by what must be caught: a wrong value for
    # hands of probability p is seen with 1 - (1 - p)^N, so every mistake touching 1 hand in
    # 50,000 or more shows with 1 - (1 - 2e-5)^350000 = 99.9%: in 7 cards even the royal
    # flushes (11 expected), in 5 cards the straight flushes (5 expected, 99.2%). Rarer hands
    # are left to the exhaustive counts (test_exhaustive.py: every hand's category, every
    # class reached).
    hands = random_hands(350_000, n_cards, seed=n_cards)
    ours = evaluate_high(hands)
    theirs = np.fromiter((evaluate_cards(*h) for h in hands.tolist()), np.int32, len(hands))
    np.testing.assert_array_equal(ours, 7462 - theirs)


def _pokerkit_low_keys(hands, lookup_cls):
    from pokerkit import Card

    out = []
    for hand in hands:
        try:
            out.append(lookup_cls.from_game(list(Card.parse(format_cards(hand).replace(" ", "")))))
        except ValueError:  # no qualifying low
            out.append(None)
    return out


@pytest.mark.parametrize(
    ("rules", "pokerkit_class"),
    [("ace-to-five", "RegularLowHand"), ("eight-or-better", "EightOrBetterLowHand")],
)
def test_lows_order_like_pokerkit(rules, pokerkit_class):
    import pokerkit

    # 4,000 hands and 6,000 pairs of them: a qualifying rule wrong for 1 hand in 500 is seen
    # with 1 - (1 - 1/500)^4000 > 99.9%, an order wrong for 1 pair in 1,000 with
    # 1 - (1 - 1/1000)^6000 = 99.8%.
    hands = random_hands(4_000, 7, seed=11)
    ours = evaluate_low(hands, rules=rules)
    theirs = _pokerkit_low_keys(hands, getattr(pokerkit, pokerkit_class))
    assert [t is None for t in theirs] == (ours == NO_LOW).tolist()
    qualified = [i for i, t in enumerate(theirs) if t is not None]
    rng = np.random.default_rng(3)
    for i, j in rng.choice(qualified, size=(6_000, 2)):
        assert (ours[i] > ours[j]) == (theirs[i] > theirs[j])
        assert (ours[i] == ours[j]) == (theirs[i] == theirs[j])
