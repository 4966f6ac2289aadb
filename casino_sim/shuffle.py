"""The random primitives, in one place: a bounded draw from a random word, a deck shuffled
from words, and whole decks shuffled by a generator.

Every game and the floor take their cards from here. The compiled ones read raw 64-bit
words (``Generator.bit_generator.random_raw``), one word per position, so a kernel
consumes a fixed number of words per round or hand and a stream replays exactly:

* :func:`draw_below`: a position in ``0 .. n - 1`` from one word, the high 64 bits of
  ``word * n`` (Lemire's multiply-shift without rejection: each position's probability
  is off by less than ``n / 2**64``, about 3e-18 for a deck, far below anything a
  simulation can detect);
* :func:`shuffle_prefix`: the first ``k`` positions of a deck by a partial Fisher-Yates
  shuffle (position ``j`` swaps in the card at ``j + draw_below(word, size - j)``).
  Whatever order the deck is left in, the next call's cards are a uniform draw without
  replacement, so a persistent deck deals independent rounds (the banked games);
* :func:`decks_from_words`: whole 52-card decks, ``51`` words each (the stud floor);
* :func:`shuffled_decks`: whole decks from a ``numpy.random.Generator``, consuming it as
  successive ``rng.permutation`` calls do (the stud engine).

>>> int(draw_below(np.uint64(2**63), 52))  # the middle of the word range -> the middle position
26
>>> deck = np.arange(52, dtype=np.int64)
>>> shuffle_prefix(deck, np.zeros(5, np.uint64), 0, 5), deck[:6].tolist()  # word 0: no swap
(5, [0, 1, 2, 3, 4, 5])
>>> decks_from_words(np.random.default_rng(1).bit_generator.random_raw(2 * 51)).shape
(2, 52)
>>> shuffled_decks(np.random.default_rng(1), 2).shape
(2, 52)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = [
    "WORDS_PER_DECK",
    "decks_from_words",
    "draw_below",
    "shuffle_prefix",
    "shuffled_decks",
]

#: Words :func:`decks_from_words` reads for one 52-card deck (the last card has no choice).
WORDS_PER_DECK = 51

_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


@njit(cache=True, inline="always")
def draw_below(word: np.uint64, n: int) -> np.int64:
    """``floor(word * n / 2**64)`` for a uint64 ``word`` and a small ``n`` (< 2**31)."""
    m = np.uint64(n)
    high = (word >> _SHIFT32) * m
    low = ((word & _LOW32) * m) >> _SHIFT32
    return np.int64((high + low) >> _SHIFT32)


@njit(cache=True, inline="always")
def shuffle_prefix(deck: np.ndarray, words: np.ndarray, w: int, k: int) -> int:
    """Shuffle ``deck[:k]`` in from the whole deck with ``words[w : w + k]``; the next word's index.

    Position ``j`` takes the card at ``j + draw_below(words[w + j], deck.size - j)``
    (a partial Fisher-Yates shuffle, in place).
    """
    size = deck.shape[0]
    for j in range(k):
        pick = j + draw_below(words[w], size - j)
        w += 1
        card = deck[pick]
        deck[pick] = deck[j]
        deck[j] = card
    return w


@njit(cache=True)
def decks_from_words(words: np.ndarray) -> np.ndarray:
    """``len(words) // 51`` shuffled 52-card decks (int8 rows), each :func:`shuffle_prefix` of
    a fresh deck ``0 .. 51`` with its 51 words."""
    count = words.shape[0] // WORDS_PER_DECK
    decks = np.empty((count, 52), np.int8)
    w = 0
    for i in range(count):
        deck = decks[i]
        for j in range(52):
            deck[j] = j
        w = shuffle_prefix(deck, words, w, WORDS_PER_DECK)
    return decks


def shuffled_decks(
    rng: np.random.Generator, count: int, deck_size: int = 52
) -> npt.NDArray[np.int8]:
    """``count`` independently shuffled decks of the codes ``0 .. deck_size - 1``, one per row (int8).

    It consumes ``rng`` exactly as ``count`` successive calls of
    ``rng.permutation(deck_size)`` do (row ``i`` is the ``i``-th of them), so a
    caller that shuffled one deck at a time gets the same decks from one call. A
    stripped deck or a deck with jokers maps the row's positions onto its own
    cards: ``cards[shuffled_decks(rng, n, cards.size)]``.

    >>> decks = shuffled_decks(np.random.default_rng(7), 3)
    >>> decks.shape, decks.dtype.name, sorted(decks[2].tolist()) == list(range(52))
    ((3, 52), 'int8', True)
    >>> rng = np.random.default_rng(7)
    >>> all((decks[i] == rng.permutation(52)).all() for i in range(3))
    True
    """
    if not 0 <= deck_size <= 128:
        raise ValueError(f"a deck holds 0 to 128 cards (int8 codes), not {deck_size}")
    if count < 0:
        raise ValueError(f"cannot shuffle {count} decks")
    return rng.permuted(np.tile(np.arange(deck_size, dtype=np.int8), (count, 1)), axis=1)
