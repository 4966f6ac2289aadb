"""Showdown values under the variant language: restrictions, wild cards, new hands, split halves.

A seat's high value is the best five of its cards that the ``play`` restriction
allows (at most ``hole`` down cards and ``up`` up cards, community cards
counting as up), valued by the deck's ranking: the standard evaluator, the
wild-card evaluator (:mod:`casino_sim.evaluator.wild`: five of a kind above a
straight flush), the stripped-deck ranking (Mexican stud: 7-J connect, a flush
beats a full house) or Canadian stud's four-card hands. The second value is
the low half (hi-lo, low games) or the split rule's claim (the rank of the
highest or lowest spade in the hole). ``None`` means no claim.

>>> from casino_sim.cards import parse_cards
>>> from casino_sim.config import load_stud_variant
>>> cards = lambda s: parse_cards(s).tolist()
>>> croc = load_stud_variant("stud/crocodile_stud")  # one of the two down cards plays
>>> high, _ = seat_values(croc, [cards("Ah Ad")], [cards("Kc Qd 7h 3s")], up_order=[])
>>> from casino_sim.evaluator import describe
>>> describe(high[0])
'High card, ace (A-K-Q-7-3)'
>>> canadian_value(cards("9h 8h 7c 6d 2s")) > canadian_value(cards("Ah Ad Kc Qd 3s"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_rules import rank_index
from casino_sim.evaluator import NO_LOW, category, evaluate_high, evaluate_low

__all__ = [
    "JOKER",
    "canadian_value",
    "five_card_combos",
    "number_value",
    "seat_values",
    "sum_wild_hands",
    "wild_masks",
]

JOKER = 52
_SPADES = 3
# Canadian stud: categories between one pair (1) and two pair (2) of the standard scale
_C_FOUR_STRAIGHT, _C_FOUR_FLUSH = 2, 3
_SCALE = 1_000_000


def five_card_combos(
    n_down: int, n_up: int, *, hole: int | None, up: int | None, limited: int | None = None
) -> list[tuple[int, ...]]:
    """Index sets of five cards (down cards first, then up) the restriction allows:
    at most ``hole`` of the first ``limited`` down cards (default: all of them) and
    at most ``up`` up cards.

    >>> len(five_card_combos(3, 4, hole=2, up=None))  # at most two of three down
    15
    >>> len(five_card_combos(4, 4, hole=2, up=None, limited=3))  # Buffalo
    46
    """
    n = n_down + n_up
    first = n_down if limited is None else min(limited, n_down)
    out: list[tuple[int, ...]] = []
    for combo in combinations(range(n), 5):
        downs = sum(1 for i in combo if i < first)
        ups = sum(1 for i in combo if i >= n_down)
        if (hole is None or downs <= hole) and (up is None or ups <= up):
            out.append(combo)
    return out


def wild_masks(
    variant: StudVariant, downs: Sequence[Sequence[int]], *, up_order: Sequence[int]
) -> list[int]:
    """Each seat's wild ranks as a 13-bit mask: fixed ranks, the followed rank, its low hole card.

    Follow the queen: the rank of the up card that appeared next after the last
    face-up card of the ``follow`` rank (no wild rank when it was the last).

    >>> from casino_sim.config import load_stud_variant
    >>> ftq = load_stud_variant("stud/follow_the_queen")
    >>> wild_masks(ftq, [[0, 1]], up_order=[40, 20, 43, 33]) == [1 << 10 | 1 << 8]
    True
    """
    wild = variant.wild
    fixed = wild.rank_mask
    if wild.follow is not None:
        rank = rank_index(wild.follow)
        ranks = [c >> 2 if c != JOKER else -1 for c in up_order]
        last = max((i for i, r in enumerate(ranks) if r == rank), default=-1)
        if 0 <= last < len(ranks) - 1 and ranks[last + 1] >= 0:
            fixed |= 1 << ranks[last + 1]
    masks = []
    for down in downs:
        mask = fixed
        if wild.low_hole:
            ranks = [c >> 2 for c in down if c != JOKER]
            if ranks:
                mask |= 1 << min(ranks)
        masks.append(mask)
    return masks


def canadian_value(cards: Sequence[int]) -> int:
    """Canadian stud value of five cards: a four-card straight beats one pair, a four-card
    flush beats a four-card straight, two pair beats both. Higher is better.

    Four-card hands rank by their four cards (the straight by its top card), then the
    fifth card.
    """
    v = int(evaluate_high(np.array(cards, np.int8), validate=False))
    cat = int(category(v))
    if cat >= 2:  # two pair and above keep their order, above the four-card hands
        return (cat + 2) * _SCALE + v
    best = cat * _SCALE + v
    ranks = [c >> 2 for c in cards]
    for suit in range(4):
        flush = sorted((c >> 2 for c in cards if c & 3 == suit), reverse=True)
        if len(flush) >= 4:
            kicker = max((c >> 2 for c in cards if c & 3 != suit), default=0)
            key = 0
            for r in [*flush[:4], kicker]:
                key = key * 13 + r
            best = max(best, _C_FOUR_FLUSH * _SCALE + key)
    distinct = set(ranks) | ({-1} if 12 in ranks else set())
    for top in range(12, 1, -1):
        if all(r in distinct for r in range(top - 3, top + 1)):
            run = set(range(top - 3, top + 1))
            kicker = max((r for r in ranks if r not in run), default=0)
            best = max(best, _C_FOUR_STRAIGHT * _SCALE + top * 13 + kicker)
            break
    return best


def _values(
    variant: StudVariant, fives: NDArray[np.int8], masks: NDArray[np.int64], jokers: str
) -> NDArray[np.int64]:
    """High values of five-card rows under the deck's ranking."""
    deck = variant.deck
    if variant.hands == "canadian":
        return np.array([canadian_value(row) for row in fives.tolist()], np.int64)
    if deck.strip:
        from casino_sim.evaluator.stripped import StrippedDeck, evaluate_high_stripped

        spec = StrippedDeck(frozenset(rank_index(r) for r in deck.strip), deck.jokers)
        values = evaluate_high_stripped(fives, spec, masks, joker=jokers, validate=False)  # type: ignore[arg-type]
        return np.asarray(values, np.int64)
    if deck.jokers or masks.any():
        from casino_sim.evaluator.wild import evaluate_high_wild

        values = evaluate_high_wild(fives, masks, joker=jokers, validate=False)  # type: ignore[arg-type]
        return np.asarray(values, np.int64)
    return np.asarray(evaluate_high(fives, validate=False), np.int64)


def number_value(card: int) -> int:
    """A number card's value for wild sums (ace 1, 2..10), 0 for a face card or joker."""
    if card == JOKER:
        return 0
    rank = card >> 2
    return 1 if rank == 12 else rank + 2 if rank <= 8 else 0


def sum_wild_hands(cards: Sequence[int], total: int) -> list[list[int]]:
    """Every way to play ``cards`` with disjoint pairs of number cards adding up to ``total``
    each made one wild card (a joker, code 52), keeping at least five cards.

    >>> from casino_sim.cards import parse_cards
    >>> hands = sum_wild_hands(parse_cards("Ac 8d 4h 5s Kc Kd 2c").tolist(), 9)
    >>> len(hands), sorted(len(h) for h in hands)
    (4, [5, 6, 6, 7])
    """
    out: list[list[int]] = []

    def walk(rest: list[int], made: int, start: int) -> None:
        if len(rest) + made < 5:
            return
        out.append([*rest, *([JOKER] * made)])
        for i in range(start, len(rest)):
            a = number_value(rest[i])
            for j in range(i + 1, len(rest)):
                if a and a + number_value(rest[j]) == total and number_value(rest[j]):
                    walk([c for k, c in enumerate(rest) if k not in (i, j)], made + 1, i)

    walk(list(cards), 0, 0)
    return out


def _sum_wild_value(variant: StudVariant, cards: Sequence[int], mask: int, total: int) -> int:
    from casino_sim.evaluator.wild import evaluate_high_wild

    by_size: dict[int, list[list[int]]] = {}
    for items in sum_wild_hands(cards, total):
        by_size.setdefault(len(items), []).append(items)
    best = 0
    for rows in by_size.values():
        values = evaluate_high_wild(np.array(rows, np.int8), mask, joker="wild", validate=False)
        best = max(best, int(values.max()))
    return best


def _joker_role(variant: StudVariant, down: Sequence[int]) -> str:
    role = variant.deck.joker
    if role == "bug-up-wild-down":
        return "wild" if JOKER in down else "bug"
    return role


def seat_values(
    variant: StudVariant,
    downs: Sequence[Sequence[int]],
    ups: Sequence[Sequence[int]],
    *,
    up_order: Sequence[int],
    aside: Sequence[Sequence[int]] | None = None,
) -> tuple[list[int | None], list[int | None]]:
    """(high values, second values) of seats holding ``downs`` and ``ups`` (community included);
    ``aside``: each seat's cards set aside as a second hand (cowpie)."""
    if variant.split == "cowpie":
        return _cowpie_values(downs, ups, aside or [[] for _ in downs])
    masks = wild_masks(variant, downs, up_order=up_order)
    ranking = variant.ranking
    high: list[int | None] = []
    second: list[int | None] = []
    play = variant.play
    for down, up, mask in zip(downs, ups, masks, strict=True):
        cards = [*down, *up]
        limited = variant.streets[0].down if play.hole_from == "first-street" else None
        combos = five_card_combos(len(down), len(up), hole=play.hole, up=play.up, limited=limited)
        fives = np.array([[cards[i] for i in c] for c in combos], np.int8)
        if variant.wild.sums_to and ranking == "high":
            high.append(_sum_wild_value(variant, cards, mask, variant.wild.sums_to))
        elif ranking in ("high", "hi-lo-8"):
            rows = np.full(len(fives), mask, np.int64)
            high.append(int(_values(variant, fives, rows, _joker_role(variant, down)).max()))
        else:
            high.append(None)
        if ranking == "high":
            second.append(_split_claim(variant, down))
        else:
            rules = {"hi-lo-8": "eight-or-better", "ace-to-six": "ace-to-six"}.get(
                ranking, "ace-to-five"
            )
            low = int(evaluate_low(fives, rules=rules, validate=False).max())  # type: ignore[arg-type]
            second.append(None if low == NO_LOW else low)
    return high, second


def _cowpie_values(
    downs: Sequence[Sequence[int]], ups: Sequence[Sequence[int]], aside: Sequence[Sequence[int]]
) -> tuple[list[int | None], list[int | None]]:
    """Cowpie: the five cards kept (high) and the two-card hand set aside."""
    from casino_sim.games.poker_room.cowpie import two_card_value

    high: list[int | None] = []
    second: list[int | None] = []
    for down, up, two in zip(downs, ups, aside, strict=True):
        five = [c for c in (*down, *up) if c not in two]
        high.append(int(evaluate_high(np.array(five, np.int8), validate=False)))
        second.append(two_card_value(two) if len(two) == 2 else None)
    return high, second


def _split_claim(variant: StudVariant, down: Sequence[int]) -> int | None:
    """Chicago: the rank of the highest (or, Little Chicago, minus the lowest) spade in the hole."""
    spades = [c >> 2 for c in down if c != JOKER and c & 3 == _SPADES]
    if variant.split == "high-spade-in-hole" and spades:
        return max(spades)
    if variant.split == "low-spade-in-hole" and spades:
        return -min(spades)
    return None
