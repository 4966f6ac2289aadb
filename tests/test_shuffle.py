"""The random primitives (casino_sim.shuffle): the bounded draw, shuffles from words, whole decks."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from casino_sim.cards import Deck, parse_cards
from casino_sim.shuffle import decks_from_words, draw_below, shuffle_prefix, shuffled_decks


def test_draw_below_is_the_high_word_of_the_product() -> None:
    words = np.random.default_rng(1).bit_generator.random_raw(1000)
    for n in (1, 2, 47, 52, 2**31 - 1):
        assert [int(draw_below(w, n)) for w in words] == [int(w) * n >> 64 for w in words.tolist()]


def test_decks_from_words_are_permutations_with_every_card_equally_likely_everywhere() -> None:
    """52,000 decks: each a permutation of 0..51; the card at positions 0, 25 and 51 passes a
    chi-square test of uniformity (p > 0.001), and so does the position of the ace of spades."""
    words = np.random.default_rng(3).bit_generator.random_raw(52_000 * 51)
    decks = decks_from_words(words)
    assert decks.shape == (52_000, 52) and decks.dtype == np.int8
    assert (np.sort(decks, axis=1) == np.arange(52)).all()
    for column in (decks[:, 0], decks[:, 25], decks[:, 51], np.argmax(decks == 51, axis=1)):
        counts = np.bincount(column, minlength=52)
        assert stats.chisquare(counts).pvalue > 1e-3


def test_a_whole_deck_from_words_is_the_prefix_shuffle_of_51_positions() -> None:
    words = np.random.default_rng(4).bit_generator.random_raw(3 * 51)
    for i, row in enumerate(decks_from_words(words)):
        deck = np.arange(52, dtype=np.int64)
        assert shuffle_prefix(deck, words, 51 * i, 51) == 51 * (i + 1)
        assert deck.tolist() == row.tolist()


@pytest.mark.parametrize("deck_size", [52, 32, 54, 0])
def test_shuffled_decks_consume_the_stream_like_successive_permutations(deck_size: int) -> None:
    decks = shuffled_decks(np.random.default_rng(3), 4, deck_size)
    rng = np.random.default_rng(3)
    assert decks.shape == (4, deck_size) and decks.dtype == np.int8
    for row in decks:
        assert row.tolist() == rng.permutation(deck_size).tolist()


def test_a_short_deck_is_shuffled_by_its_positions() -> None:
    deck = Deck(exclude=parse_cards("As Ks 2c"))
    expected = np.random.default_rng(11).permutation(deck.cards)
    order = shuffled_decks(np.random.default_rng(11), 1, deck.cards.size)[0]
    assert deck.cards[order].tolist() == expected.tolist()
