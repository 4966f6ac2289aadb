"""The board's last cards seen early at a game without a dealer hand (``--leak dealer:N`` at
Let It Ride and Mississippi Stud): the engine equals a plain-Python enumeration of every deal,
in which the player knows those cards from the first decision on, to the unit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_sim.config import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.leak_kinds import parse_leak
from casino_sim.games.banked.language.leaks import analyze_leak
from casino_sim.games.banked.language.street_leak import per_restaged_deal, seen_sets
from tests.banked.brute import brute_streets

#: Fourteen cards, threes to aces (no sevens) in two suits: losing, pushing and paying
#: hands, flushes and straights, so the decisions (and the leak) matter; tens to aces would
#: make every Let It Ride hand pay.
MIXED = tuple(rank * 4 + suit for rank in (1, 5, 8, 9, 10, 11, 12) for suit in range(2))


def _engine(game: BankedGame, cards: int, deck: tuple[int, ...]) -> dict[str, Fraction]:
    """Each wager's total over every deal with the last ``cards`` board cards seen."""
    leaked = analyze_leak(game, parse_leak(f"dealer:{cards}"), deck=deck)
    unit = game.wagers[game.house_edge_per].initial
    return {name: value * unit for name, value in leaked.analysis.wager_returns.items()}


@pytest.mark.parametrize("cards", [1, 2])
def test_let_it_ride_leak_equals_brute_force(let_it_ride: BankedGame, cards: int) -> None:
    assert _engine(let_it_ride, cards, MIXED) == brute_streets(let_it_ride, MIXED, seen=cards)


def test_mississippi_stud_leak_equals_brute_force(mississippi_stud: BankedGame) -> None:
    assert _engine(mississippi_stud, 1, MIXED) == brute_streets(mississippi_stud, MIXED, seen=1)


def test_the_leak_counts_every_deal_once_and_helps(let_it_ride: BankedGame) -> None:
    """Each deal shows one set (whole stages seen); the deals are the game's; the edge falls."""
    leaked = analyze_leak(let_it_ride, parse_leak("dealer:1"), deck=MIXED)
    assert seen_sets(let_it_ride, 1) == 1 and per_restaged_deal(let_it_ride, 1) == 4
    assert leaked.analysis.deals == 14 * 13 * 12 // 6 * 11 * 10
    assert leaked.analysis.house_edge < leaked.house_edge_without


def test_more_cards_than_the_board_holds_is_refused(let_it_ride: BankedGame) -> None:
    with pytest.raises(OptionError, match=r"its dealer holds the 2 board cards .* see 1 to 2"):
        analyze_leak(let_it_ride, parse_leak("dealer:3"))
