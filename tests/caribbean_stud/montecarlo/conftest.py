"""Shared fixtures: shipped paytables, exact analyses, and hand-written deals for the kernel."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from casino_sim.cards import parse_cards
from casino_sim.config import PAYTABLE_DIR, load_paytable, load_progressive
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc


@pytest.fixture(scope="session")
def standard():
    return load_paytable(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")


@pytest.fixture(scope="session")
def paytables(standard):
    """The standard table and two others (a richer royal, a short-pay table)."""
    return {
        "standard": standard,
        "royal-250": load_paytable(PAYTABLE_DIR / "caribbean_stud" / "royal-250.yaml"),
        "short-pay": load_paytable(PAYTABLE_DIR / "caribbean_stud" / "short-pay.yaml"),
    }


@pytest.fixture(scope="session")
def capped():
    return load_paytable(PAYTABLE_DIR / "caribbean_stud" / "capped-5000.yaml")


@pytest.fixture(scope="session")
def progressive():
    return load_progressive(PAYTABLE_DIR / "progressives" / "50-75-100.yaml")


def words_for_deals(deals: list[str], n_seats: int) -> np.ndarray:
    """Random words that make the kernel deal exactly ``deals`` (one string of 5 x (seats + 1)
    cards per round: seat 1, seat 2, ..., then the dealer, up-card first) from a fresh deck."""
    deck = list(range(52))
    words = []
    for text in deals:
        cards = parse_cards(text).tolist()
        assert len(cards) == 5 * (n_seats + 1)
        for j, card in enumerate(cards):
            pos = deck.index(card)
            n = 52 - j
            words.append(-(-(pos - j) * 2**64 // n))  # ceil: floor(word * n / 2**64) == pos - j
            deck[j], deck[pos] = deck[pos], deck[j]
    return np.array(words, dtype=np.uint64)


def play_deals(config: mc.CaribbeanSimConfig, deals: list[str]) -> mc.ChunkTally:
    """Play hand-written rounds through the compiled kernel."""
    prepared = mc.prepare(config, len(deals))
    return mc.play_chunk(
        prepared, 0, np.random.SeedSequence(0), words=words_for_deals(deals, len(config.seats))
    )


def antes(*values: int) -> list[Fraction]:
    return [Fraction(v) for v in values]
