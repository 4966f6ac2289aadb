"""Shared pieces of the banked-game tests: the shipped games and the reduced decks."""

from __future__ import annotations

import pytest

from casino_sim.config import BankedGame, load_banked_game

#: Tens to aces, four suits: every category of both rankings can be made.
DECK_20 = tuple(rank * 4 + suit for rank in range(8, 13) for suit in range(4))
#: Tens to aces in three suits: straights and flushes (and royals) still made, a quarter of
#: DECK_20's deals for the games that see five cards.
DECK_15 = tuple(rank * 4 + suit for rank in range(8, 13) for suit in range(3))
#: Jacks to aces (no straights): small enough for many generated paytables.
DECK_16 = tuple(rank * 4 + suit for rank in range(9, 13) for suit in range(4))


@pytest.fixture(scope="session")
def three_card_poker() -> BankedGame:
    return load_banked_game("banked/three_card_poker")


@pytest.fixture(scope="session")
def let_it_ride() -> BankedGame:
    return load_banked_game("banked/let_it_ride")


@pytest.fixture(scope="session")
def mississippi_stud() -> BankedGame:
    return load_banked_game("banked/mississippi_stud")
