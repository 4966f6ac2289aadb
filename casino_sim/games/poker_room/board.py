"""Ranking exposed boards of 1-5 upcards: who brings in and who acts first.

Boards of fewer than five cards rank by pairs, two pair, trips and quads, then
high cards (ranks only: four-flushes and four-straights do not count). A board
of five upcards (Mississippi stud) ranks as a full poker hand. Keys are ints,
larger = better for the street's ranking.

>>> from casino_sim.cards import parse_cards
>>> b = lambda s: parse_cards(s).tolist()
>>> high_board_key(b("Kc Kd")) > high_board_key(b("As Qs"))
True
>>> low_board_key(b("4h Ac")) > low_board_key(b("4c 2d"))
True
>>> bring_in_seat([b("Qs"), b("4c"), b("4d")], [True, True, True], lowest=True, ace_low=False)
1
>>> bring_in_seat([b("Ks"), b("Kh"), b("Ac")], [True, True, True], lowest=False, ace_low=True)
0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["bring_in_seat", "first_to_act", "high_board_key", "low_board_key"]

_CATEGORY = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 7, (3, 2): 6}


def _groups(ranks: list[int]) -> tuple[int, list[int]]:
    """(category, ranks ordered by count desc then rank desc)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(c for c in sorted(counts.values(), reverse=True) if c > 1) or (1,)
    return _CATEGORY.get(shape, 0), order


def _pack(category: int, order: list[int]) -> int:
    key = category
    for i in range(5):
        key = key * 16 + (order[i] + 1 if i < len(order) else 0)
    return key


def high_board_key(cards: Sequence[int]) -> int:
    """Strength of an exposed high board; larger acts first.

    >>> from casino_sim.cards import parse_cards
    >>> high_board_key(parse_cards("2c 3d 4h 5s 6c").tolist()) > high_board_key(
    ...     parse_cards("Ac Ad Ah Kc 7d").tolist())
    True
    """
    ranks = [c >> 2 for c in cards]
    category, order = _groups(ranks)
    if len(cards) >= 5 and len(order) == 5:
        flush = len({c & 3 for c in cards}) == 1
        top = order[0]
        straight = order[0] - order[4] == 4 or order == [12, 3, 2, 1, 0]
        if straight and order[0] == 12 and order[1] == 3:
            top, order = 3, [3, 2, 1, 0, -1]
        if straight or flush:
            category = 8 if straight and flush else (5 if flush else 4)
            order = [top] if straight else order
    return _pack(category, order)


def low_board_key(cards: Sequence[int], *, ace_low: bool = True) -> int:
    """Quality of an exposed low board (fewest pairs, then lowest cards); larger acts first.

    >>> from casino_sim.cards import parse_cards
    >>> low_board_key(parse_cards("3c 3d 6h Ac").tolist()) > low_board_key(
    ...     parse_cards("8c 8d 4h 2c").tolist())
    True
    """
    ranks = [((c >> 2) + 1) % 13 if ace_low else c >> 2 for c in cards]
    category, order = _groups(ranks)
    return -_pack(category, order)


def _top_suit(cards: Sequence[int], *, ace_low: bool, low: bool) -> int:
    """Suit of the most significant card for suit tie-breaks (larger wins)."""
    if low:
        best = min(cards, key=lambda c: (((c >> 2) + 1) % 13 if ace_low else c >> 2, c & 3))
        return -(best & 3)
    return max(cards) & 3


def bring_in_seat(
    upcards: Sequence[Sequence[int]],
    live: Sequence[bool],
    *,
    lowest: bool,
    ace_low: bool,
) -> int:
    """Seat paying the bring-in: lowest (or highest) upcard by rank, then suit c<d<h<s."""
    best_seat, best_key = -1, 0
    for seat, cards in enumerate(upcards):
        if not live[seat] or not cards:
            continue
        keys = [((c >> 2) + 1) % 13 * 4 + (c & 3) if ace_low else c for c in cards]
        key = min(keys) if lowest else max(keys)
        if best_seat < 0 or (key < best_key if lowest else key > best_key):
            best_seat, best_key = seat, key
    return best_seat


def first_to_act(
    boards: Sequence[Sequence[int]],
    live: Sequence[bool],
    *,
    low: bool,
    by_suit: bool,
    ace_low: bool = True,
) -> int:
    """Seat with the best exposed board; ties go to the first seat dealt, or by suit.

    >>> from casino_sim.cards import parse_cards
    >>> boards = [parse_cards(s).tolist() for s in ("Kc 7d", "Ks 7h", "9c 9d")]
    >>> first_to_act(boards, [True, True, False], low=False, by_suit=False)
    0
    >>> first_to_act(boards, [True, True, False], low=False, by_suit=True)
    1
    """
    best_seat, best_key = -1, None
    for seat, cards in enumerate(boards):
        if not live[seat]:
            continue
        key = low_board_key(cards, ace_low=ace_low) if low else high_board_key(cards)
        full = (key, _top_suit(cards, ace_low=ace_low, low=low)) if by_suit else (key, 0)
        if best_key is None or full > best_key:
            best_seat, best_key = seat, full
    return best_seat
