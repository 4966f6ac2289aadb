"""Stripped decks: exact counts, the derived order, and the evaluator on Mexican stud's deck."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from math import comb

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from casino_sim.errors import CardError, OptionError
from casino_sim.evaluator.stripped import (
    StrippedDeck,
    category_counts,
    category_order,
    describe_stripped,
    evaluate_high_stripped,
    stripped_category,
    stripped_classes,
)
from casino_sim.evaluator.wild import (
    JOKER,
    WildCategory,
    evaluate_high_wild,
    parse_wild_cards,
    wild_mask,
)

C = WildCategory
MEXICAN = StrippedDeck.mexican_stud()
ACE = 12


def value(text, deck=MEXICAN, wild="", **options):
    return int(evaluate_high_stripped(parse_wild_cards(text), deck, wild_mask(wild), **options))


def words(text, deck=MEXICAN, wild="", **options):
    return describe_stripped(value(text, deck, wild, **options), deck)


# --- counts and order ---------------------------------------------------------------------


def test_mexican_counts_match_the_formulas():
    ranks, straights = 10, 7  # A 2 3 4 5 6 7 J Q K A: seven runs of five
    expected = {
        C.ROYAL_FLUSH: 4,
        C.STRAIGHT_FLUSH: 4 * (straights - 1),
        C.FOUR_OF_A_KIND: ranks * (4 * ranks - 4),
        C.FULL_HOUSE: ranks * 4 * (ranks - 1) * 6,
        C.FLUSH: 4 * comb(ranks, 5) - 4 * straights,
        C.STRAIGHT: straights * 4**5 - 4 * straights,
        C.THREE_OF_A_KIND: ranks * 4 * comb(ranks - 1, 2) * 16,
        C.TWO_PAIR: comb(ranks, 2) * 36 * (ranks - 2) * 4,
        C.ONE_PAIR: ranks * 6 * comb(ranks - 1, 3) * 64,
        C.HIGH_CARD: (comb(ranks, 5) - straights) * (4**5 - 4),
        C.FIVE_OF_A_KIND: 0,
    }
    assert category_counts(MEXICAN) == expected
    assert expected[C.FLUSH] == 980 and expected[C.FULL_HOUSE] == 2160
    assert sum(expected.values()) == comb(40, 5)


def test_standard_deck_counts_and_order():
    counts = category_counts(StrippedDeck())
    assert [counts[c] for c in C] == [
        1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4, 0
    ]  # fmt: skip
    assert category_order(StrippedDeck()) == tuple(C)


def test_mexican_order_puts_the_flush_over_the_full_house():
    order = category_order(MEXICAN)
    assert order.index(C.FLUSH) == order.index(C.FULL_HOUSE) + 1
    assert order[0] == C.HIGH_CARD  # kept lowest though pairs are more common
    assert order[-3:] == (C.STRAIGHT_FLUSH, C.ROYAL_FLUSH, C.FIVE_OF_A_KIND)
    assert [c for c in order if c not in (C.FLUSH, C.FULL_HOUSE)] == [
        c for c in C if c not in (C.FLUSH, C.FULL_HOUSE)
    ]


def test_mexican_counts_with_the_joker_wild():
    counts = category_counts(MEXICAN, with_jokers=True)
    assert sum(counts.values()) == comb(41, 5)
    assert counts[C.FIVE_OF_A_KIND] == 10  # four of a kind and the joker
    assert counts[C.ROYAL_FLUSH] == 4 + 4 * 5  # natural, or four of the five and the joker
    assert counts[C.HIGH_CARD] == category_counts(MEXICAN)[C.HIGH_CARD]  # the joker pairs
    assert counts[C.FLUSH] < counts[C.FULL_HOUSE]  # the order holds with the joker too


def test_small_deck_counts_by_itertools():
    deck = StrippedDeck.without("23456789")  # T J Q K A: 20 cards
    tally = Counter()
    for five in combinations(deck.cards.tolist(), 5):
        ranks = sorted(c // 4 for c in five)
        shape = sorted(Counter(ranks).values(), reverse=True)
        flush = len({c % 4 for c in five}) == 1
        if shape == [1] * 5:  # the only five distinct ranks: T-J-Q-K-A (and no wheel)
            tally[C.ROYAL_FLUSH if flush else C.STRAIGHT] += 1
        else:
            kinds = {(4, 1): C.FOUR_OF_A_KIND, (3, 2): C.FULL_HOUSE, (3, 1, 1): C.THREE_OF_A_KIND}
            kinds |= {(2, 2, 1): C.TWO_PAIR, (2, 1, 1, 1): C.ONE_PAIR}
            tally[kinds[tuple(shape)]] += 1
    assert category_counts(deck) == {c: tally[c] for c in C}
    assert deck.straights == ((12, 0b1111100000000),)


# --- the evaluator ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5c 6d 7h Js Qc", "Straight, queen high"),
        ("4c 5d 6h 7s Jc", "Straight, jack high"),
        ("7c Jd Qh Ks Ac", "Straight, ace high"),
        ("Ac 2d 3h 4s 5c", "Straight, five high"),
        ("Jc Qd Kh As 2c", "High card, ace (A-K-Q-J-2)"),
        ("5h 6h 7h Jh Qh", "Straight flush, queen high"),
        ("7h Jh Qh Kh Ah", "Royal flush"),
        ("2h 5h 7h Jh Kh", "Flush, king high (K-J-7-5-2)"),
        ("Kc Kd Kh 2s 2c", "Full house, kings full of twos"),
    ],
)
def test_mexican_examples(text, expected):
    assert words(text) == expected


def test_mexican_values_follow_the_derived_order():
    flush, full = value("2h 3h 4h 6h Jh"), value("Ac Ad Ah Ks Kc")
    assert flush > full
    assert stripped_category(flush, MEXICAN) is C.FLUSH
    assert value("5c 6d 7h Js Qc") > value("4c 5d 6h 7s Jc") > value("3c 4d 5h 6s 7c")
    assert value("Ac 2d 3h 4s 5c") < value("2c 3d 4h 5s 6c")
    values = [value(t) for t in ["Ac Ad Kh Ks 2c", "Ac Ad Ah 3s 2c", "3c 4d 5h 6s 7c"]]
    assert values == sorted(values)


def test_mexican_joker_rules():
    assert words("Jk 7c Jd Qh Ks", joker="bug") == "Straight, ace high"
    assert words("Jk 6c 7d Qh Ks", joker="bug") == "Straight, king high"  # the joker is a jack
    assert words("Jk 2h 5h 7h Kh", joker="bug") == "Flush, ace high (A-K-7-5-2)"
    assert words("Jk Kh Kd 4c 2s", joker="bug") == "Pair of kings"
    assert words("Jk Kh Kd 4c 2s", joker="wild") == "Three of a kind, kings"
    # face down wild, face up bug: one flag per hand
    hands = np.stack([parse_wild_cards("Jk Kh Kd 4c 2s")] * 2)
    got = evaluate_high_stripped(hands, MEXICAN, joker=np.array([True, False]))
    assert [describe_stripped(v, MEXICAN) for v in got] == [
        "Three of a kind, kings",
        "Pair of kings",
    ]
    # with the joker wild a flush can outrank a full house
    assert words("Jk Kh Kd Qh Qd") == "Full house, kings full of queens"
    assert words("Jk Kh Jh Qh 7h Kd 2c") == "Royal flush"
    assert words("Jk Kh Qh 6h 7h Kd 2c") == "Straight flush, king high"  # 6-7-J-Q-K
    assert words("Jk Kh Qh 5h 2h Kd 2c") == "Flush, ace high (A-K-Q-5-2)"  # not K-K-K-2-2
    assert words("Jk Kh Qh 5h 2h Kd 2c", StrippedDeck()) == "Full house, kings full of twos"


def test_wild_never_stands_for_a_removed_rank():
    assert words("3c 5d 6h 7s Jc", wild="3") == "Straight, queen high"  # 5-6-7-J-Q
    assert words("3c 5d 6h 7s Jc", StrippedDeck(), wild="3") == "Pair of jacks"
    assert words("3c 3d 5h 7s Jc", wild="3") == "Straight, queen high"  # not 5-6-7-8-9
    assert words("3c 3d 3h 3s Ac", wild="3") == "Five of a kind, aces"


@pytest.mark.parametrize("n_cards", [5, 7, 9])
def test_standard_deck_equals_the_wild_evaluator(n_cards):
    rng = np.random.default_rng(n_cards)
    deck = np.append(np.arange(52), [JOKER, JOKER])
    hands = np.array([rng.permutation(deck)[:n_cards] for _ in range(4000)], dtype=np.int8)
    masks = rng.choice([0, wild_mask("2"), wild_mask("39"), wild_mask("K")], size=len(hands))
    jokers = rng.random(len(hands)) < 0.5
    for five in (True, False):
        ours = evaluate_high_stripped(
            hands, StrippedDeck(), masks, joker=jokers, five_of_a_kind=five
        )
        wild = evaluate_high_wild(hands, masks, joker=jokers, five_of_a_kind=five)
        np.testing.assert_array_equal(ours, wild)


def reference_value(cards, mask, deck, *, joker):
    """Max over 5-card subsets and every deck rank for each wild card, classes by rule."""
    index = {cls: i for i, cls in enumerate(stripped_classes(deck))}
    straights = {m: top for top, m in deck.straights}
    best = -1
    for subset in combinations(cards, 5):
        naturals = [c for c in subset if c != JOKER and not mask >> (c // 4) & 1]
        jokers = [c for c in subset if c == JOKER or mask >> (c // 4) & 1]
        for ranks in product(deck.ranks, repeat=len(jokers)):
            line_only = any(
                c == JOKER and joker == "bug" and r != ACE
                for c, r in zip(jokers, ranks, strict=True)
            )
            all_ranks = sorted([c // 4 for c in naturals] + list(ranks), reverse=True)
            counts = Counter(all_ranks)
            ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
            shape = tuple(counts[r] for r in ordered)
            rank_mask = sum(1 << r for r in all_ranks)
            top = straights.get(rank_mask) if len(counts) == 5 else None
            flush = len({c % 4 for c in naturals}) <= 1 and len(counts) == 5
            if shape == (5,):
                cls = (C.FIVE_OF_A_KIND, *ordered)
            elif top is not None:
                cls = (C.STRAIGHT, top)
            else:
                kinds = {
                    (4, 1): C.FOUR_OF_A_KIND,
                    (3, 2): C.FULL_HOUSE,
                    (3, 1, 1): C.THREE_OF_A_KIND,
                }
                kinds |= {(2, 2, 1): C.TWO_PAIR, (2, 1, 1, 1): C.ONE_PAIR}
                cls = (kinds.get(shape, C.HIGH_CARD), *ordered)
            if not line_only or cls[0] == C.STRAIGHT:
                best = max(best, index[cls])
            if flush:
                royal = top == ACE == deck.straights[-1][0]
                sf = C.ROYAL_FLUSH if royal else C.STRAIGHT_FLUSH
                best = max(best, index[(sf, top) if top is not None else (C.FLUSH, *ordered)])
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(MEXICAN.cards.tolist()[:40]), min_size=4, max_size=7, unique=True),
    st.booleans(),
    st.sampled_from(["", "2", "7", "J", "A", "3K"]),
    st.sampled_from(["wild", "bug"]),
)
def test_mexican_equals_brute_force(naturals, with_joker, wild, joker):
    cards = naturals + [JOKER] * with_joker
    assume(len(cards) >= 5)
    mask = wild_mask(wild)
    assume(1 <= sum(c == JOKER or mask >> (c // 4) & 1 for c in cards) <= 3)
    expected = reference_value(cards, mask, MEXICAN, joker=joker)
    got = evaluate_high_stripped(np.array(cards, dtype=np.int8), MEXICAN, mask, joker=joker)
    assert int(got) == expected


def test_bad_input():
    with pytest.raises(CardError):
        value("8c 2d 3h 4s 5c")
    with pytest.raises(OptionError):
        StrippedDeck.without("23456789T")
    with pytest.raises(OptionError):
        StrippedDeck(jokers=3)
    with pytest.raises(OptionError):
        value("Jk Kc Qd Jh 7s", StrippedDeck.without("A", jokers=1), joker="bug")
