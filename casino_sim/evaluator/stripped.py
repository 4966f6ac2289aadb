"""Stripped decks (Mexican stud's 40 cards and a joker): rankings from the deck's own combinatorics.

Removing ranks changes which hands are rare. Straights run over the ranks that
remain, in order, the ace playing high or low: without the 8, 9 and 10 the
sequence is A 2 3 4 5 6 7 J Q K A, so 5-6-7-J-Q is a straight and 7-J-Q-K-A the
best one. :func:`category_counts` counts every five-card hand exactly, and
:func:`category_order` ranks the categories by those counts, rarer = higher:
in the 40-card deck a flush (980 hands) beats a full house (2,160).

Conventions of the derived order: it is taken from the deck's natural cards (no
joker); high card (no made hand) stays lowest even where one pair is more common
(in the 40-card deck 322,560 pairs but 249,900 high-card hands); the royal
flush is the ace-high straight flush, just above the other straight flushes; five
of a kind (only with wild cards) is highest. Ties keep the standard order. The
52-card deck gives the standard order, and then :func:`evaluate_high_stripped`
gives exactly :func:`~casino_sim.evaluator.wild.evaluate_high_wild`'s values.

>>> from casino_sim.evaluator.wild import parse_wild_cards
>>> mexican = StrippedDeck.mexican_stud()
>>> len(mexican.cards), [format_wild_cards([c]) for c in mexican.cards[-5:]]
(41, ['Ac', 'Ad', 'Ah', 'As', 'Jk'])
>>> [c.name for c in category_order(mexican)[4:8]]
['STRAIGHT', 'FULL_HOUSE', 'FLUSH', 'FOUR_OF_A_KIND']
>>> describe_stripped(int(evaluate_high_stripped(parse_wild_cards("5c 6d 7h Js Qc"), mexican)), mexican)
'Straight, queen high'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from math import comb

import numpy as np

from casino_sim.cards import RANKS
from casino_sim.errors import CardError, OptionError
from casino_sim.evaluator.stripped_kernels import StrippedTables, build_tables, stripped_kernel
from casino_sim.evaluator.wild import (
    JOKER,
    JokerRule,
    WildCategory,
    format_wild_cards,
    prepare_wild_hands,
    wild_mask,
    wild_options,
)

__all__ = [
    "StrippedDeck",
    "category_counts",
    "category_order",
    "describe_stripped",
    "evaluate_high_stripped",
    "stripped_category",
    "stripped_classes",
]

_ACE = 12
_WORDS = {
    WildCategory.HIGH_CARD: "High card, {top} ({cards})",
    WildCategory.ONE_PAIR: "Pair of {tops}",
    WildCategory.TWO_PAIR: "Two pair, {tops} and {seconds}",
    WildCategory.THREE_OF_A_KIND: "Three of a kind, {tops}",
    WildCategory.STRAIGHT: "Straight, {top} high",
    WildCategory.FLUSH: "Flush, {top} high ({cards})",
    WildCategory.FULL_HOUSE: "Full house, {tops} full of {seconds}",
    WildCategory.FOUR_OF_A_KIND: "Four of a kind, {tops}",
    WildCategory.STRAIGHT_FLUSH: "Straight flush, {top} high",
    WildCategory.ROYAL_FLUSH: "Royal flush",
    WildCategory.FIVE_OF_A_KIND: "Five of a kind, {tops}",
}
_NAMES = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace"]  # fmt: skip


@dataclass(frozen=True)
class StrippedDeck:
    """A deck without the ranks ``removed`` (0 = deuce .. 12 = ace), plus ``jokers`` jokers.

    >>> StrippedDeck.without("89T", jokers=1) == StrippedDeck.mexican_stud()
    True
    >>> StrippedDeck().straights[-1]  # (top rank, rank mask): T-J-Q-K-A
    (12, 7936)
    """

    removed: frozenset[int] = frozenset()
    jokers: int = 0

    def __post_init__(self) -> None:
        if not all(isinstance(r, int) and 0 <= r <= 12 for r in self.removed):
            raise OptionError(f"removed ranks must be ints 0..12, got {sorted(self.removed)}")
        if len(self.ranks) < 5:
            raise OptionError("a stripped deck must keep at least five ranks")
        if not 0 <= self.jokers <= 2:
            raise OptionError(f"a deck holds 0 to 2 jokers, not {self.jokers}")

    @classmethod
    def without(cls, ranks: str | Iterable[int | str], *, jokers: int = 0) -> StrippedDeck:
        """The deck without ``ranks`` (letters such as ``"89T"``, or rank numbers)."""
        mask = wild_mask(ranks)
        return cls(frozenset(r for r in range(13) if mask >> r & 1), jokers)

    @classmethod
    def mexican_stud(cls) -> StrippedDeck:
        """Mexican stud's deck: no 8s, 9s or 10s (40 cards) and one joker."""
        return cls.without("89T", jokers=1)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks kept, lowest first."""
        return tuple(r for r in range(13) if r not in self.removed)

    @property
    def rank_mask(self) -> int:
        return sum(1 << r for r in self.ranks)

    @property
    def cards(self) -> np.ndarray:
        """The deck's card codes (int8), the jokers last as :data:`JOKER`."""
        codes = [r * 4 + s for r in self.ranks for s in range(4)] + [JOKER] * self.jokers
        return np.array(codes, dtype=np.int8)

    @property
    def straights(self) -> tuple[tuple[int, int], ...]:
        """``(top rank, rank mask)`` of each straight, lowest first: five ranks in a row of
        the sequence of kept ranks, with the ace also below the lowest rank (the ace
        plays high when both readings name the same five ranks)."""
        sequence = ([_ACE] if _ACE in self.ranks else []) + list(self.ranks)
        runs = (sequence[i : i + 5] for i in range(len(sequence) - 4))
        tops = {sum(1 << r for r in run): run[-1] for run in runs}  # five ranks: ace high only
        return tuple((top, mask) for mask, top in tops.items())


def _classify(hands: np.ndarray, deck: StrippedDeck) -> np.ndarray:
    """Category of each five-card row (codes of natural cards; a repeated card only makes a
    rank count higher: a flush needs five distinct cards)."""
    ranks = hands // 4
    ordered = np.sort(ranks, axis=1)
    distinct = 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)
    most = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2).max(axis=1)
    masks = np.bitwise_or.reduce(np.left_shift(1, ranks.astype(np.int64)), axis=1)
    flush = (hands % 4 == hands[:, :1] % 4).all(axis=1) & (distinct == 5)
    straight = np.isin(masks, [mask for _, mask in deck.straights])
    top_mask = deck.straights[-1][1] if deck.straights[-1][0] == _ACE else -1
    c = WildCategory
    rules = [
        (most == 5, c.FIVE_OF_A_KIND),
        (straight & flush & (masks == top_mask), c.ROYAL_FLUSH),
        (straight & flush, c.STRAIGHT_FLUSH),
        (most == 4, c.FOUR_OF_A_KIND),
        ((most == 3) & (distinct == 2), c.FULL_HOUSE),
        (flush, c.FLUSH),
        (straight, c.STRAIGHT),
        (most == 3, c.THREE_OF_A_KIND),
        ((most == 2) & (distinct == 3), c.TWO_PAIR),
        (most == 2, c.ONE_PAIR),
    ]
    return np.select([r[0] for r in rules], [int(r[1]) for r in rules], int(c.HIGH_CARD))


def _tally(categories: np.ndarray, weight: int = 1) -> dict[WildCategory, int]:
    counts = np.bincount(categories, minlength=len(WildCategory))
    return {cat: int(counts[cat]) * weight for cat in WildCategory}


def category_counts(deck: StrippedDeck, *, with_jokers: bool = False) -> dict[WildCategory, int]:
    """Exact number of five-card hands of each category, by enumerating them all.

    Without jokers: the deck's natural cards (C(40, 5) = 658,008 hands for Mexican
    stud). ``with_jokers=True``: all hands of the full deck, each joker fully wild,
    a hand counted in the category of its best reading under :func:`category_order`.
    ROYAL_FLUSH is counted apart from STRAIGHT_FLUSH.

    >>> counts = category_counts(StrippedDeck.mexican_stud())
    >>> counts[WildCategory.FLUSH], counts[WildCategory.FULL_HOUSE], sum(counts.values())
    (980, 2160, 658008)
    """
    return dict(_counts(deck, with_jokers))  # a copy: the cached one stays intact


@cache
def _counts(deck: StrippedDeck, with_jokers: bool) -> dict[WildCategory, int]:
    naturals = deck.cards[deck.cards != JOKER]
    total = dict.fromkeys(WildCategory, 0)
    for jokers in range(deck.jokers + 1 if with_jokers else 1):
        weight = comb(deck.jokers, jokers)
        size = 5 - jokers
        rows = np.fromiter(combinations(naturals.tolist(), size), np.dtype((np.int8, size)))
        if jokers == 0:
            counts = _tally(_classify(rows, deck), weight)
        else:
            counts = _tally(_best_categories(rows, jokers, deck), weight)
        total = {cat: total[cat] + counts[cat] for cat in WildCategory}
    return total


def _best_categories(rows: np.ndarray, jokers: int, deck: StrippedDeck) -> np.ndarray:
    """Best category of each row plus ``jokers`` wild cards, trying every card for each."""
    position = np.empty(len(WildCategory), dtype=np.int64)
    position[list(category_order(deck))] = np.arange(len(WildCategory))
    naturals = deck.cards[deck.cards != JOKER]
    best = np.full(len(rows), -1, dtype=np.int64)
    for substitutes in product(naturals.tolist(), repeat=jokers):
        filled = np.concatenate([rows, np.tile(np.array(substitutes, np.int8), (len(rows), 1))], 1)
        best = np.maximum(best, position[_classify(filled, deck)])
    order = np.array(category_order(deck))
    result: np.ndarray = order[best]
    return result


@cache
def category_order(deck: StrippedDeck) -> tuple[WildCategory, ...]:
    """The deck's categories weakest first, made hands ranked by :func:`category_counts`
    (more hands = weaker; conventions in the module docstring).

    >>> category_order(StrippedDeck())[:6] == tuple(WildCategory)[:6]
    True
    """
    counts = category_counts(deck)
    c = WildCategory
    frequency = {cat: counts[cat] for cat in c}
    frequency[c.STRAIGHT_FLUSH] += counts[c.ROYAL_FLUSH]
    made = [cat for cat in c if cat not in (c.HIGH_CARD, c.ROYAL_FLUSH, c.FIVE_OF_A_KIND)]
    made.sort(key=lambda cat: (-frequency[cat], cat))
    return (c.HIGH_CARD, *made[: made.index(c.STRAIGHT_FLUSH) + 1], c.ROYAL_FLUSH,
            *made[made.index(c.STRAIGHT_FLUSH) + 1 :], c.FIVE_OF_A_KIND)  # fmt: skip


@cache
def stripped_classes(deck: StrippedDeck) -> tuple[tuple[int, ...], ...]:
    """The deck's hand classes ``(category, *ranks)``, weakest first (index = value).

    >>> len(stripped_classes(StrippedDeck())), len(stripped_classes(StrippedDeck.mexican_stud()))
    (7475, 2254)
    """
    c = WildCategory
    kept = deck.ranks[::-1]  # high to low
    straights = deck.straights
    straight_masks = {mask for _, mask in straights}
    top = straights[-1][0]
    classes: list[tuple[int, ...]] = [(c.FIVE_OF_A_KIND, r) for r in kept]
    for high, _ in straights:
        classes.append((c.ROYAL_FLUSH if high == top == _ACE else c.STRAIGHT_FLUSH, high))
        classes.append((c.STRAIGHT, high))
    for a, b in product(kept, repeat=2):
        if a != b:
            classes += [(c.FOUR_OF_A_KIND, a, b), (c.FULL_HOUSE, a, b)]
    for five in combinations(kept, 5):
        if sum(1 << r for r in five) not in straight_masks:
            classes += [(c.FLUSH, *five), (c.HIGH_CARD, *five)]
    for a in kept:
        rest = [r for r in kept if r != a]
        classes += [(c.THREE_OF_A_KIND, a, *k) for k in combinations(rest, 2)]
        classes += [(c.ONE_PAIR, a, *k) for k in combinations(rest, 3)]
        for b in (r for r in rest if r < a):
            classes += [(c.TWO_PAIR, a, b, k) for k in rest if k != b]
    position = {cat: i for i, cat in enumerate(category_order(deck))}
    return tuple(sorted(classes, key=lambda cls: (position[WildCategory(cls[0])], cls[1:])))


@cache
def _tables(deck: StrippedDeck) -> StrippedTables:
    return build_tables(stripped_classes(deck), deck.rank_mask, deck.straights)


def evaluate_high_stripped(
    cards: np.ndarray,
    deck: StrippedDeck,
    wild_ranks: int | np.ndarray = 0,
    *,
    joker: JokerRule | np.ndarray = "wild",
    five_of_a_kind: bool = True,
    validate: bool = True,
) -> np.ndarray:
    """Best five-card value of each hand of 5-9 cards of ``deck`` on the deck's own scale
    (int32, index into :func:`stripped_classes`; higher is better).

    Wild cards, jokers and the bug follow :mod:`~casino_sim.evaluator.wild`'s rules,
    a wild standing for a card of the deck. The bug needs aces in the deck.

    >>> from casino_sim.evaluator.wild import parse_wild_cards
    >>> deck = StrippedDeck.mexican_stud()
    >>> hands = np.stack([parse_wild_cards(h) for h in ["Jk 2c 5c 7c Jc", "Kc Kd Ks 4h 4d"]])
    >>> [describe_stripped(v, deck) for v in evaluate_high_stripped(hands, deck, joker="bug")]
    ['Flush, ace high (A-J-7-5-2)', 'Full house, kings full of fours']
    """
    flat = prepare_wild_hands(cards, validate=validate)
    if validate and flat.size:
        natural = flat[flat != JOKER].astype(np.int64)
        outside = natural[(deck.rank_mask >> (natural // 4)) & 1 == 0]
        if outside.size:
            bad = format_wild_cards(outside[:1])
            raise CardError(f"card {bad!r} is not in the deck", token=bad)
    if _ACE in deck.removed and not (isinstance(joker, str) and joker == "wild"):
        raise OptionError("the bug counts as an ace: it needs a deck with aces")
    shape = np.shape(cards)[:-1]
    options = wild_options(wild_ranks, joker, shape, five_of_a_kind=five_of_a_kind)
    out = np.empty(flat.shape[0], dtype=np.int32)
    stripped_kernel(flat, options, _tables(deck), out)
    return out.reshape(shape)


def stripped_category(value: int, deck: StrippedDeck) -> WildCategory:
    """The category of a value on ``deck``'s scale.

    >>> stripped_category(2253, StrippedDeck.mexican_stud())
    <WildCategory.FIVE_OF_A_KIND: 10>
    """
    return WildCategory(stripped_classes(deck)[value][0])


def describe_stripped(value: int | np.integer, deck: StrippedDeck) -> str:
    """Words for a value on ``deck``'s scale.

    >>> describe_stripped(0, StrippedDeck.mexican_stud())
    'High card, seven (7-5-4-3-2)'
    """
    cat, *ranks = stripped_classes(deck)[int(value)]
    plural = [_NAMES[r] + ("es" if r == 4 else "s") for r in ranks]
    words = {
        "top": _NAMES[ranks[0]],
        "tops": plural[0],
        "seconds": plural[1] if len(plural) > 1 else "",
        "cards": "-".join(RANKS[r] for r in ranks),
    }
    return _WORDS[WildCategory(cat)].format(**words)
