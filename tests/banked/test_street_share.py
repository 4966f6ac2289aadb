"""Other players' hands seen at a game without a dealer hand (``--leak share:K`` at Let It
Ride and Mississippi Stud): every (hand, seen cards) valued by the engine equals a plain-Python
enumeration to the unit, the control variate is exact, and the sampled figures agree with the
exact ones."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from casino_sim.config import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import Deck
from casino_sim.games.banked.language.sharing import analyze_share
from casino_sim.games.banked.language.street_share import share_values
from tests.banked.brute import brute_streets

#: Twelve cards, threes, eights, tens, jacks, kings and aces in two suits: hands that lose,
#: push and pay, so the decisions (and what the others hold) matter.
SMALL = tuple(rank * 4 + suit for rank in (1, 6, 8, 9, 11, 12) for suit in range(2))
#: Ten cards (no eights): one other hand in a few seconds of plain enumeration.
SMALLER = tuple(rank * 4 + suit for rank in (1, 8, 9, 11, 12) for suit in range(2))


def _every_pair(game: BankedGame, others: int, deck: Deck) -> tuple[np.ndarray, np.ndarray]:
    """Every (first cards, the others' cards) of ``deck``, as deck positions."""
    first, dead = game.stages[0].player, others * game.stages[0].player
    hands, seen = [], []
    for hand in combinations(range(len(deck)), first):
        rest = [c for c in range(len(deck)) if c not in hand]
        for theirs in combinations(rest, dead):
            hands.append(hand)
            seen.append(theirs)
    return np.array(hands), np.array(seen)


def _exact(game: BankedGame, others: int, deck: Deck) -> tuple[Fraction, Fraction, int, int]:
    """The engine's totals over every pair and every board left to each (with the leak and
    without it), the pairs, and the boards per pair."""
    hands, seen = _every_pair(game, others, deck)
    values = share_values(game, deck, hands, seen)
    leak = Fraction(int(values.leak.sum()), values.scale)
    without = Fraction(int(values.without.sum()), values.scale)
    return leak, without, len(hands), values.completions


@pytest.mark.parametrize(
    ("name", "others", "deck"),
    [("let_it_ride", 1, SMALLER), ("let_it_ride", 2, SMALL), ("mississippi_stud", 1, SMALLER)],
)
def test_every_pair_equals_a_plain_enumeration(name: str, others: int, deck: Deck, request) -> None:
    """With the leak: the game on the deck less the others' cards, summed over those cards
    (the plain enumeration of tests/banked/brute.py on each); without it: the game's own
    value once per set of the others' cards (the control variate's mean is exact)."""
    game = request.getfixturevalue(name)
    leak, without, pairs, _ = _exact(game, others, deck)
    first, dead = game.stages[0].player, others * game.stages[0].player
    brute = Fraction(0)
    for theirs in combinations(deck, dead):
        rest = tuple(c for c in deck if c not in theirs)
        brute += sum(brute_streets(game, rest).values(), Fraction(0))
    assert leak == brute
    once = sum(brute_streets(game, deck).values(), Fraction(0))  # every deal of the deck
    board = sum(stage.board for stage in game.stages)
    assert without == once * comb(len(deck) - first - board, dead)  # each deal once per set
    assert pairs == comb(len(deck), first) * comb(len(deck) - first, dead) and leak > without


@pytest.mark.parametrize("name", ["let_it_ride", "mississippi_stud"])
def test_sampled_figures_agree_with_the_exact_ones(name: str, request) -> None:
    """4,000 drawn deals: the exact edge with one other hand seen lies within 4 standard
    errors of the sampled one; the same seed gives the same figures."""
    game = request.getfixturevalue(name)
    leak, _, pairs, boards = _exact(game, 1, SMALL)
    unit = game.wagers[game.house_edge_per].initial
    exact = float(-leak / (pairs * boards) / unit)
    share = analyze_share(game, 1, deck=SMALL, samples=4000, seed=3)
    low, high = share.house_edge_interval
    se = (high - low) / 2 / 1.96
    assert abs(share.house_edge - exact) <= 4 * se
    assert share.house_edge < float(share.house_edge_without) and 0 < share.changed_share < 1
    assert analyze_share(game, 1, deck=SMALL, samples=4000, seed=3) == share


def test_too_many_others_is_refused(let_it_ride: BankedGame) -> None:
    with pytest.raises(OptionError, match=r"do not fit .* at most share:2"):
        analyze_share(let_it_ride, 3, deck=SMALL, samples=1000)
