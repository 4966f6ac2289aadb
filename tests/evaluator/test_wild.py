"""Wild cards and jokers: agreement with evaluate_high, a brute-force substitution oracle, examples."""

from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from casino_sim.errors import CardError, DuplicateCardError, HandSizeError, OptionError
from casino_sim.evaluator import HandCategory, category, evaluate_high
from casino_sim.evaluator.wild import (
    FIVE_OF_A_KIND_BASE,
    JOKER,
    WildCategory,
    category_wild,
    describe_wild,
    evaluate_high_wild,
    parse_wild_cards,
    wild_mask,
)

ACE = 12


def random_hands(rng, n_hands, n_cards, deck_size=52):
    keys = rng.random((n_hands, deck_size))
    return np.argsort(keys, axis=1)[:, :n_cards].astype(np.int8)


def one(text, wild="", **options):
    return int(evaluate_high_wild(parse_wild_cards(text), wild_mask(wild), **options))


# --- (a) no wild cards: exactly evaluate_high ---------------------------------------------


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_no_wilds_equals_evaluate_high(n_cards):
    hands = random_hands(np.random.default_rng(n_cards), 20_000, n_cards)
    np.testing.assert_array_equal(evaluate_high_wild(hands), evaluate_high(hands))


def test_wild_ranks_absent_from_the_hand_change_nothing():
    hands = random_hands(np.random.default_rng(3), 5_000, 7)
    masks = wild_mask("A") * np.ones(len(hands), dtype=np.int64)
    no_ace = ~(hands // 4 == ACE).any(axis=1)
    got = evaluate_high_wild(hands, masks)
    np.testing.assert_array_equal(got[no_ace], evaluate_high(hands[no_ace]))


@pytest.mark.parametrize("n_cards", [8, 9])
def test_eight_and_nine_cards_are_best_of_seven(n_cards):
    hands = random_hands(np.random.default_rng(n_cards), 2_000, n_cards)
    subsets = list(combinations(range(n_cards), 7))
    best = np.max([evaluate_high(hands[:, list(s)]) for s in subsets], axis=0)
    np.testing.assert_array_equal(evaluate_high_wild(hands), best)


# --- (b) brute force: every substitution of the wild cards ---------------------------------


def substitution_value(cards, mask, *, joker, five_of_a_kind):
    """Max over 5-card subsets and every rank given to each wild card, valued by evaluate_high.

    A wild of rank r is any card of rank r: in a flush, one of the flush suit that the
    five cards do not already hold (so a flush needs five distinct ranks); otherwise any
    suit free among the five (a rank held four times plus a wild = five of a kind).
    A bug with a rank other than ace counts only when the five make a straight or flush.
    """
    kinds = ["bug" if c == JOKER and joker == "bug" else "natural" for c in cards]
    kinds = [
        "wild" if (c == JOKER and joker == "wild") or (c != JOKER and mask >> (c // 4) & 1) else k
        for c, k in zip(cards, kinds, strict=True)
    ]
    fives, needs_line, best = [], [], -1
    for subset in combinations(range(len(cards)), 5):
        naturals = [cards[i] for i in subset if kinds[i] == "natural"]
        jokers = [kinds[i] for i in subset if kinds[i] != "natural"]
        for ranks in product(range(13), repeat=len(jokers)):
            all_ranks = [c // 4 for c in naturals] + list(ranks)
            line_only = any(k == "bug" and r != ACE for k, r in zip(jokers, ranks, strict=True))
            if len(set(all_ranks)) == 1:  # five of a kind
                if five_of_a_kind and not line_only:
                    best = max(best, FIVE_OF_A_KIND_BASE + all_ranks[0])
                continue
            suits = {c % 4 for c in naturals}
            if len(suits) <= 1 and len(set(all_ranks)) == 5:  # the flush version
                suit = suits.pop() if suits else 0
                fives.append(naturals + [r * 4 + suit for r in ranks])
                needs_line.append(line_only)
            five = list(naturals)
            for r in ranks:  # any other version with distinct cards
                five.append(next(r * 4 + s for s in range(4) if r * 4 + s not in five))
            fives.append(five)
            needs_line.append(line_only)
    if fives:
        values = evaluate_high(np.array(fives, dtype=np.int8))
        cats = category(values)
        lines = (cats == HandCategory.STRAIGHT) | (cats >= HandCategory.FLUSH) & (
            cats != HandCategory.FULL_HOUSE
        ) & (cats != HandCategory.FOUR_OF_A_KIND)
        allowed = ~np.array(needs_line) | lines
        if allowed.any():
            best = max(best, int(values[allowed].max()))
    return best if best >= 0 else None


@st.composite
def wild_hands(draw):
    n_cards = draw(st.integers(5, 7))
    n_jokers = draw(st.integers(0, 1))
    naturals = draw(
        st.lists(
            st.integers(0, 51),
            min_size=n_cards - n_jokers,
            max_size=n_cards - n_jokers,
            unique=True,
        )
    )
    cards = naturals + [JOKER] * n_jokers
    order = draw(st.permutations(range(n_cards)))
    mask = draw(
        st.sampled_from([0, 0, wild_mask("2"), wild_mask("39"), wild_mask("Q"), wild_mask("A")])
    )
    return [cards[i] for i in order], mask


@settings(max_examples=250, deadline=None)
@given(wild_hands(), st.sampled_from(["wild", "bug"]), st.booleans())
def test_equals_brute_force_substitution(hand, joker, five_of_a_kind):
    cards, mask = hand
    n_wild = sum(c == JOKER or mask >> (c // 4) & 1 for c in cards)
    assume(1 <= n_wild <= 3)
    expected = substitution_value(cards, mask, joker=joker, five_of_a_kind=five_of_a_kind)
    assume(expected is not None)  # A-A-A-A-bug alone without five of a kind has no legal reading
    got = evaluate_high_wild(
        np.array(cards, dtype=np.int8), mask, joker=joker, five_of_a_kind=five_of_a_kind
    )
    assert int(got) == expected


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    st.permutations(range(4)),
    st.integers(0, 8191),
)
def test_suit_permutation_does_not_change_value(cards, perm, mask):
    renamed = [c // 4 * 4 + perm[c % 4] for c in cards]
    a, b = (evaluate_high_wild(np.array(h, dtype=np.int8), mask) for h in (cards, renamed))
    assert int(a) == int(b)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=5, max_size=9, unique=True),
    st.integers(0, 8191),
    st.integers(0, 12),
)
def test_one_more_wild_rank_never_hurts(cards, mask, rank):
    hand = np.array(cards, dtype=np.int8)
    assert int(evaluate_high_wild(hand, mask | 1 << rank)) >= int(evaluate_high_wild(hand, mask))


# --- (c) hand-picked examples -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wild", "joker", "words"),
    [
        # Baseball: threes and nines wild
        ("3c 9d Ah Kd 2s", "39", "wild", "Three of a kind, aces"),
        ("3c 9d Ah Ad As", "39", "wild", "Five of a kind, aces"),
        ("3c 9d 7h 6h 2s 4d Jc", "39", "wild", "Straight, eight high"),
        ("3h 9d Ah 5h 2h Kd Kc", "39", "wild", "Straight flush, five high"),
        ("3h 9h Ah Kh Qh 2d 7s", "39", "wild", "Royal flush"),
        ("3h 9h Ah Kh 2c 2d 7s", "39", "wild", "Four of a kind, twos"),
        ("3h Ah Qh 7h 2h Kd 7c", "39", "wild", "Flush, ace high (A-K-Q-7-2)"),
        ("As 7s 5s 2s 3d", "3", "wild", "Flush, ace high (A-K-7-5-2)"),  # no double-ace flush
        ("Kc Kd 3h 7s 2c", "3", "wild", "Three of a kind, kings"),
        ("Kc Kd 7h 7s 3c", "3", "wild", "Full house, kings full of sevens"),
        ("9c 3d 9h 3s 2c 5d", "39", "wild", "Five of a kind, fives"),
        # the bug
        ("Jk As Ks Qs Js", "", "bug", "Royal flush"),
        ("Jk Ah Ad 7c 2s", "", "bug", "Three of a kind, aces"),
        ("Jk 7h 7d 2c 3s", "", "bug", "Pair of sevens"),
        ("Jk 5h 4d 3c 2s", "", "bug", "Straight, six high"),
        ("Jk 9h 7d 6c 5s", "", "bug", "Straight, nine high"),
        ("Jk Ah 9h 7h 2h 2s", "", "bug", "Flush, ace high (A-K-9-7-2)"),
        ("Jk Ah Ad Ac As", "", "bug", "Five of a kind, aces"),
        ("Jk Kh Kd Kc 2s", "", "bug", "Three of a kind, kings"),
        ("Jk Kh Kd Kc As", "", "bug", "Full house, kings full of aces"),
        # the joker fully wild
        ("Jk 7h 7d 2c 3s", "", "wild", "Three of a kind, sevens"),
        ("Jk Kh Kd Kc 2s", "", "wild", "Four of a kind, kings"),
        ("Jk Jk Kh Kd Kc", "", "wild", "Five of a kind, kings"),
        ("Jk 2c 2d 2h 2s", "2", "wild", "Five of a kind, aces"),
    ],
)
def test_examples(text, wild, joker, words):
    assert describe_wild(one(text, wild, joker=joker)) == words


def test_pair_of_sevens_with_the_bug_has_an_ace_kicker():
    value = one("Jk 7h 7d 2c 3s", joker="bug")
    assert value == int(evaluate_high(np.array([23, 22, 51, 4, 1], dtype=np.int8)))  # 7 7 A 3 2


def test_without_five_of_a_kind():
    assert (
        describe_wild(one("3c 9d Ah Ad As", "39", five_of_a_kind=False)) == "Four of a kind, aces"
    )
    assert describe_wild(one("Jk Jk Kh Kd Kc", five_of_a_kind=False)) == "Four of a kind, kings"
    assert one("3s 3d Jk Ah Ac", "3", five_of_a_kind=False) == one("Ah Ad Ac As Kh")
    assert describe_wild(one("2c 2d 2h 2s 3c", "23", five_of_a_kind=False)) == "Royal flush"


def test_per_hand_wild_ranks_broadcast():
    hands = np.stack([parse_wild_cards("Qc Qd 5h 5s 9c"), parse_wild_cards("Qc Qd 5h 5s 9c")])
    values = evaluate_high_wild(hands, np.array([wild_mask("5"), wild_mask("9")]))
    assert [describe_wild(v) for v in values] == [
        "Four of a kind, queens",
        "Full house, queens full of fives",
    ]
    grid = evaluate_high_wild(np.stack([hands, hands]), np.array([[0], [wild_mask("Q")]]))
    assert grid.shape == (2, 2)
    assert [describe_wild(v) for v in grid[:, 0]] == [
        "Two pair, queens and fives",
        "Four of a kind, fives",
    ]


def test_category_wild():
    values = np.array([one("Jk Jk Kh Kd Kc"), one("As Ks Qs Js Ts"), one("2c 3d 4h 5s 7c")])
    assert category_wild(values).tolist() == [10, 9, 0]
    assert category_wild(values[0]) is WildCategory.FIVE_OF_A_KIND
    assert [c.name for c in WildCategory][:10] == [c.name for c in HandCategory]


def test_bad_input():
    with pytest.raises(DuplicateCardError):
        evaluate_high_wild(parse_wild_cards("As As Jk 2c 3d"))
    with pytest.raises(CardError):
        evaluate_high_wild(np.array([53, 1, 2, 3, 4]))
    with pytest.raises(HandSizeError):
        evaluate_high_wild(parse_wild_cards("As Ks"))
    with pytest.raises(OptionError):
        evaluate_high_wild(parse_wild_cards("As Ks Qs Js Ts"), joker="ace")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        evaluate_high_wild(parse_wild_cards("As Ks Qs Js Ts"), 1 << 13)
    with pytest.raises(OptionError):
        evaluate_high_wild(parse_wild_cards("As Ks Qs Js Ts"), np.array([1, 2]))
    with pytest.raises(CardError):
        wild_mask("Z")
    # two jokers are allowed
    assert one("Jk Jk As Ks Qs") == one("As Ks Qs Js Ts")


def test_per_hand_joker_rule():
    hands = np.stack([parse_wild_cards("Jk 7h 7d 2c 3s")] * 3)
    values = evaluate_high_wild(hands, joker=np.array([True, False, True]))
    assert [describe_wild(v) for v in values] == [
        "Three of a kind, sevens",
        "Pair of sevens",
        "Three of a kind, sevens",
    ]
    with pytest.raises(OptionError):
        evaluate_high_wild(hands, joker=np.array([1, 0, 1]))
