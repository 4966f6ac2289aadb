"""Hand values of the game language's rankings over a deck, paytable lines and thresholds.

A *deck* is a sorted tuple of card codes (the 52 cards, or a reduced deck in the
tests); a hand of ``k`` cards is a k-subset of the deck's positions, indexed
colexicographically (:mod:`casino_sim.combinatorics`). Every ranking gives each
hand a value (higher is better) and each value a *class*: the category key and
the ranks that order hands within it, most significant first.

>>> classes = three_card_classes()
>>> len(classes), classes[-1]
(741, ('straight_flush', (12,)))
>>> table = ranking_values("three_card", tuple(range(52)))
>>> [classes[v] for v in table[:1].tolist()]  # 2c 2d 2h
[('three_of_a_kind', (0,))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np

from casino_sim.cards import format_card
from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import RANKING_SIZES, RANKINGS, PayLine, Threshold
from casino_sim.evaluator import (
    FOUR_CARD_CATEGORIES,
    TWO_CARD_CATEGORIES,
    evaluate_four,
    evaluate_high,
    evaluate_two,
    four_card_classes,
    two_card_classes,
)
from casino_sim.evaluator.classes import HandCategory, high_classes

__all__ = [
    "FULL_DECK",
    "Deck",
    "HandClass",
    "classes_of",
    "is_suit_symmetric",
    "label_strength",
    "line_index",
    "line_matches",
    "meets",
    "ranking_values",
    "starting_label",
    "suited_of",
    "three_card_classes",
]

Deck = tuple[int, ...]
HandClass = tuple[str, tuple[int, ...]]
FULL_DECK: Deck = tuple(range(52))
"""The 52 cards."""

_THREE_ORDER = RANKINGS["three_card"][::-1]  # weakest first


def _three_class(cards: Sequence[int]) -> HandClass:
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    if len(counts) == 1:
        return ("three_of_a_kind", (ranks[0],))
    if len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        return ("one_pair", (pair, kicker))
    top = None
    if ranks[0] - ranks[2] == 2:
        top = ranks[0]
    elif ranks == [12, 1, 0]:  # A-2-3, the lowest straight
        top = 1
    if top is not None:
        return ("straight_flush" if flush else "straight", (top,))
    return ("flush" if flush else "high_card", tuple(ranks))


def _order_key(cls: HandClass) -> tuple[int, tuple[int, ...]]:
    return (_THREE_ORDER.index(cls[0]), cls[1])


@cache
def three_card_classes() -> tuple[HandClass, ...]:
    """The classes of three-card hands, weakest first (index = value)."""
    found = {_three_class(c) for c in combinations(range(52), 3)}
    return tuple(sorted(found, key=_order_key))


@cache
def _five_card_classes() -> tuple[HandClass, ...]:
    return tuple((HandCategory(c[0]).name.lower(), tuple(c[1:])) for c in high_classes())


@cache
def _four_card_classes() -> tuple[HandClass, ...]:
    return tuple((FOUR_CARD_CATEGORIES[c[0]], tuple(c[1:])) for c in four_card_classes())


@cache
def _two_card_classes() -> tuple[HandClass, ...]:
    return tuple((TWO_CARD_CATEGORIES[c[0]], tuple(c[1:3])) for c in two_card_classes())


def classes_of(ranking: str) -> tuple[HandClass, ...]:
    """The classes of ``ranking`` (``two_card``, ``three_card``, ``four_card``,
    ``five_card_high``), weakest first. A two-card high card's class is its ranks: the suited
    and the offsuit hand of the same ranks are two values of one class (:func:`suited_of`).

    >>> classes_of("four_card")[-1]
    ('four_of_a_kind', (12,))
    >>> classes_of("two_card")[-15:-12]
    (('high_card', (12, 11)), ('high_card', (12, 11)), ('one_pair', (0,)))
    """
    if ranking == "two_card":
        return _two_card_classes()
    if ranking == "three_card":
        return three_card_classes()
    return _four_card_classes() if ranking == "four_card" else _five_card_classes()


@cache
def suited_of(ranking: str) -> np.ndarray:
    """For each value of ``ranking``: 1 a suited two-card high card, 0 an offsuit one, -1
    neither (a pair, or another ranking's hand), int8.

    >>> suited_of("two_card")[-15:-12].tolist()  # A-K offsuit, A-K suited, then pairs
    [0, 1, -1]
    """
    out = np.full(len(classes_of(ranking)), -1, dtype=np.int8)
    if ranking == "two_card":
        out[:] = [c[3] if len(c) == 4 else -1 for c in two_card_classes()]
    out.setflags(write=False)
    return out


@cache
def _three_value_by_codes() -> dict[tuple[int, ...], int]:
    index = {cls: v for v, cls in enumerate(three_card_classes())}
    return {c: index[_three_class(c)] for c in combinations(range(52), 3)}


@cache
def ranking_values(ranking: str, deck: Deck) -> np.ndarray:
    """The value of every hand of the ranking's size (2 to 5) of ``deck``, by colex index
    (int16)."""
    size = RANKING_SIZES[ranking]
    local = combinations_array(len(deck), size)
    codes = np.asarray(deck, dtype=np.int8)[local]
    if ranking == "two_card":
        values = evaluate_two(codes)
    elif ranking == "three_card":
        table = _three_value_by_codes()
        values = np.array([table[tuple(row)] for row in codes.tolist()], dtype=np.int16)
    elif ranking == "four_card":
        values = evaluate_four(codes)
    else:
        values = evaluate_high(codes, validate=False).astype(np.int16)
    out = np.empty(len(values), dtype=np.int16)
    out[colex_index(local)] = values
    out.setflags(write=False)
    return out


def _at_least(ranks: tuple[int, ...], least: tuple[int, ...]) -> bool:
    return ranks[: len(least)] >= least


def _suit_ok(suited: bool | None, ranking: str) -> np.ndarray:
    """Per value: does the hand's suitedness fit ``suited`` (None: any)?"""
    kind = suited_of(ranking)
    return np.ones(len(kind), dtype=np.bool_) if suited is None else kind == int(suited)


def line_matches(line: PayLine, ranking: str) -> np.ndarray:
    """For each value of ``ranking``: does the player's hand match ``line`` (its category, ranks
    at least ``at_least``, and ``suited`` if given; a dealer condition is not read here)?

    >>> from casino_sim.config.banked_game import PayLine
    >>> line = PayLine(hand="high_card", at_least="A-J", suited=True, pays=20)
    >>> int(line_matches(line, "two_card").sum())  # A-J, A-Q, A-K suited
    3
    """
    ranked = [
        key == line.hand and _at_least(ranks, line.ranks) for key, ranks in classes_of(ranking)
    ]
    matched: np.ndarray = np.array(ranked, dtype=np.bool_) & _suit_ok(line.suited, ranking)
    return matched


def line_index(lines: Sequence[PayLine], ranking: str) -> np.ndarray:
    """For each value of ``ranking``, the first line of ``lines`` it matches (``len(lines)``: none).

    A line matches a hand of its category whose ranks are at least ``at_least`` (and of its
    ``suited`` kind). Lines with a dealer condition are not read here: the side bets that
    have them are settled on the dealer's hand too (:mod:`.side_bets`).
    """
    out = np.full(len(classes_of(ranking)), len(lines), dtype=np.int16)
    for i in reversed(range(len(lines))):
        out[line_matches(lines[i], ranking)] = i
    return out


def meets(threshold: Threshold | None, ranking: str) -> np.ndarray:
    """For each value of ``ranking``: is the hand at least ``threshold`` (every hand with None)?

    A better category always meets it; within its category, the ranks at least ``at_least``
    and, if ``suited`` is given, the hands of that kind alone (two-card high cards): "K-5
    offsuit or better" holds no suited hand, "K-2 suited or better" no offsuit one.

    >>> from casino_sim.config.banked_game import Threshold
    >>> offsuit = meets(Threshold(hand="high_card", at_least="K-5", suited=False), "two_card")
    >>> int(offsuit.sum())  # K-5 to K-Q and A-2 to A-K offsuit, and the 13 pairs
    33
    """
    classes = classes_of(ranking)
    if threshold is None:
        return np.ones(len(classes), dtype=np.bool_)
    order = RANKINGS[ranking][::-1]
    least = order.index(threshold.hand)
    within = _suit_ok(threshold.suited, ranking)
    return np.array(
        [
            order.index(key) > least
            or (key == threshold.hand and _at_least(ranks, threshold.ranks) and bool(ok))
            for (key, ranks), ok in zip(classes, within, strict=True)
        ],
        dtype=np.bool_,
    )


def is_suit_symmetric(deck: Deck) -> bool:
    """Does every rank of ``deck`` come in all four suits (so suits may be relabelled)?"""
    present = set(deck)
    return all(rank * 4 + suit in present for rank in {c // 4 for c in deck} for suit in range(4))


def canonical(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards with suits relabelled in a fixed order of their rank sets (one per suit class).

    >>> canonical((0, 5, 9)) == canonical((1, 4, 8))  # 2c 3d 4d ~ 2d 3c 4c
    True
    """
    by_suit: dict[int, list[int]] = {s: [] for s in range(4)}
    for card in cards:
        by_suit[card % 4].append(card // 4)
    order = sorted(range(4), key=lambda s: (-len(by_suit[s]), sorted(by_suit[s], reverse=True)))
    relabel = {suit: new for new, suit in enumerate(order)}
    return tuple(sorted(card // 4 * 4 + relabel[card % 4] for card in cards))


def starting_label(cards: tuple[int, ...]) -> str:
    """Starting cards by ranks and suit pattern: ``AKs``, ``AKo``, ``QJ9 suited``, ``TT``.

    >>> starting_label((51, 47)), starting_label((51, 46)), starting_label((51, 50))
    ('AKs', 'AKo', 'AA')
    """
    ranks = "".join(format_card(c)[0] for c in sorted(cards, reverse=True))
    suits = Counter(c % 4 for c in cards)
    if len(set(ranks)) < len(ranks) and len(cards) == 2:
        return ranks
    if len(suits) == 1:
        return ranks + ("s" if len(cards) == 2 else " suited")
    if len(cards) == 2:
        return ranks + "o"
    most = max(suits.values())
    return ranks + ("" if most == 1 else f" {most} suited")


def label_strength(label: str) -> tuple[int, ...]:
    """A sort key of :func:`starting_label`'s labels, the highest ranks first."""
    order = "23456789TJQKA"
    head = label.split(" ")[0].rstrip("so")
    return tuple(-order.index(ch) for ch in head)
