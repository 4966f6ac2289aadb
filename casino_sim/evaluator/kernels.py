"""Compiled (numba) loops over batches of hands; no validation here, see ``api``.

Every kernel takes a C-contiguous ``(n_hands, n_cards)`` integer array of card
codes and the tables of that hand size, a :class:`~casino_sim.evaluator.tables.Lookup`
(:func:`~casino_sim.evaluator.tables.lookup`), and fills ``out``.
Suit counts are kept as four 4-bit nibbles: adding 3 to each sets the nibble's
top bit exactly when a suit holds five or more cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.evaluator.tables import Lookup

_FIVE_OR_MORE = 0x8888
_PLUS_THREE = 0x3333


@njit(cache=True, inline="always")
def _key_and_suits(hand: np.ndarray, card_keys: np.ndarray) -> tuple[int, int]:
    key = 0
    suits = 0
    for card in hand:
        key += card_keys[card]
        suits += 1 << ((card & 3) << 2)
    return key, (suits + _PLUS_THREE) & _FIVE_OR_MORE


@njit(cache=True, inline="always")
def flush_mask(hand: np.ndarray, flush_bits: int) -> int:
    suit = 0
    while not (flush_bits >> (suit * 4 + 3)) & 1:
        suit += 1
    mask = 0
    for card in hand:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return mask


@njit(cache=True, inline="always")
def high_value5(
    cards: np.ndarray,
    start: int,
    card_keys: np.ndarray,
    key_index: np.ndarray,
    high: np.ndarray,
    flush_high: np.ndarray,
) -> int:
    """High value of the five cards ``cards[start:start + 5]``: the one-hand fast path.

    For loops that deal and evaluate one hand at a time (the Monte Carlo);
    equal to :func:`high_kernel` on those five cards.
    """
    key = 0
    suit = cards[start] & 3
    same_suit = True
    ranks = 0
    for j in range(start, start + 5):
        card = cards[j]
        key += card_keys[card]
        if card & 3 != suit:
            same_suit = False
        ranks |= 1 << (card >> 2)
    if same_suit:
        return int(flush_high[ranks])
    return int(high[key_index[key]])


@njit(cache=True)
def high_kernel(cards: np.ndarray, lookup: Lookup, out: np.ndarray) -> None:
    """Best high value of each hand (5-7 cards)."""
    card_keys, key_index, high, flush_high = (
        lookup.card_keys,
        lookup.key_index,
        lookup.high,
        lookup.flush_high,
    )
    for i in range(cards.shape[0]):
        hand = cards[i]
        key, flush_bits = _key_and_suits(hand, card_keys)
        if flush_bits:
            out[i] = flush_high[flush_mask(hand, flush_bits)]
        else:
            out[i] = high[key_index[key]]


@njit(cache=True)
def a5_kernel(cards: np.ndarray, lookup: Lookup, qualifier: int, out: np.ndarray) -> None:
    """Best ace-to-five low; values below ``qualifier`` become -1 (no low)."""
    card_keys, key_index, a5 = lookup.card_keys, lookup.key_index, lookup.a5
    for i in range(cards.shape[0]):
        key = 0
        for card in cards[i]:
            key += card_keys[card]
        value = a5[key_index[key]]
        out[i] = value if value >= qualifier else -1


@njit(cache=True)
def hilo_kernel(
    cards: np.ndarray, lookup: Lookup, qualifier: int, out_high: np.ndarray, out_low: np.ndarray
) -> None:
    """High value and eight-or-better low (-1 = none) of each hand in one pass."""
    card_keys, key_index, flush_high = lookup.card_keys, lookup.key_index, lookup.flush_high
    high, a5 = lookup.high, lookup.a5
    for i in range(cards.shape[0]):
        hand = cards[i]
        key, flush_bits = _key_and_suits(hand, card_keys)
        row = key_index[key]
        if flush_bits:
            out_high[i] = flush_high[flush_mask(hand, flush_bits)]
        else:
            out_high[i] = high[row]
        low = a5[row]
        out_low[i] = low if low >= qualifier else -1


@njit(cache=True)
def a6_kernel(cards: np.ndarray, lookup: Lookup, lookup5: Lookup, out: np.ndarray) -> None:
    """Best ace-to-six low; hands holding five or more of a suit try every five-card subset
    (valued by ``lookup5``, the five-card tables)."""
    card_keys, key_index, a6, a6_flush5 = (
        lookup.card_keys,
        lookup.key_index,
        lookup.a6,
        lookup.a6_flush5,
    )
    key_index5, a6_5 = lookup5.key_index, lookup5.a6
    n = cards.shape[1]
    sub = np.empty(5, dtype=cards.dtype)
    for i in range(cards.shape[0]):
        hand = cards[i]
        key, flush_bits = _key_and_suits(hand, card_keys)
        if not flush_bits:
            out[i] = a6[key_index[key]]
            continue
        best = -1
        for a in range(n - 4):
            for b in range(a + 1, n - 3):
                for c in range(b + 1, n - 2):
                    for d in range(c + 1, n - 1):
                        for e in range(d + 1, n):
                            sub[0], sub[1], sub[2] = hand[a], hand[b], hand[c]
                            sub[3], sub[4] = hand[d], hand[e]
                            sub_key, sub_flush = _key_and_suits(sub, card_keys)
                            if sub_flush:
                                value = a6_flush5[flush_mask(sub, sub_flush)]
                            else:
                                value = a6_5[key_index5[sub_key]]
                            best = max(best, value)
        out[i] = best


@njit(cache=True)
def first_invalid_hand(cards: np.ndarray) -> int:
    """Index of the first hand with a code outside 0..51 or a repeated card, else -1."""
    for i in range(cards.shape[0]):
        seen = np.uint64(0)
        for card in cards[i]:
            if card < 0 or card > 51:
                return i
            bit = np.uint64(1) << np.uint64(card)
            if seen & bit:
                return i
            seen |= bit
    return -1
