"""The exact solver equals a plain-Python enumeration of every deal on a reduced deck, to the unit."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_sim.config import BankedGame
from casino_sim.config.banked_game import PayLine, PaytableResolution
from casino_sim.games.banked.language import analyze_banked
from tests.banked.brute import at_least, brute_showdown, brute_streets
from tests.banked.conftest import DECK_15, DECK_16, DECK_20


def _engine(game: BankedGame, strategy: str, deck: tuple[int, ...]) -> dict[str, Fraction]:
    analysis = analyze_banked(game, strategy, deck=deck, side_bets=False)
    unit = game.wagers[game.house_edge_per].initial
    return {name: value * unit for name, value in analysis.wager_returns.items()}


def _showdown_rules(game: BankedGame, strategy: str):
    if strategy == "optimal":
        return None
    rules = game.strategies[strategy][game.decisions[0].after]
    ranking = game.hands["player"].ranking
    return lambda hand: next(r.action for r in rules if at_least(r.when, ranking, hand))


def _street_rules(game: BankedGame, strategy: str) -> dict[str, str] | None:
    if strategy == "optimal":
        return None
    return {after: rules[0].action for after, rules in game.strategies[strategy].items()}


@pytest.mark.parametrize("strategy", ["optimal", "Q-6-4", "play everything"])
def test_three_card_poker_equals_brute_force(three_card_poker: BankedGame, strategy: str) -> None:
    expected = brute_showdown(
        three_card_poker, DECK_16, _showdown_rules(three_card_poker, strategy)
    )
    assert _engine(three_card_poker, strategy, DECK_16) == expected


def test_showdown_without_suit_symmetry(three_card_poker: BankedGame) -> None:
    """A deck missing a card: no suit relabelling, every player hand on its own."""
    deck = DECK_16[:-1]
    assert _engine(three_card_poker, "optimal", deck) == brute_showdown(three_card_poker, deck)


@pytest.mark.parametrize("strategy", ["optimal", "always ride", "always take back"])
def test_let_it_ride_equals_brute_force(let_it_ride: BankedGame, strategy: str) -> None:
    expected = brute_streets(let_it_ride, DECK_20, _street_rules(let_it_ride, strategy))
    assert _engine(let_it_ride, strategy, DECK_20) == expected


@pytest.mark.parametrize(("strategy", "deck"), [("optimal", DECK_15), ("always 1x", DECK_16)])
def test_mississippi_stud_equals_brute_force(
    mississippi_stud: BankedGame, strategy: str, deck: tuple[int, ...]
) -> None:
    expected = brute_streets(mississippi_stud, deck, _street_rules(mississippi_stud, strategy))
    assert _engine(mississippi_stud, strategy, deck) == expected


@pytest.mark.parametrize("prefer", ["smaller_bet", "larger_bet"])
def test_tie_rule_changes_bets_not_edge(mississippi_stud: BankedGame, prefer: str) -> None:
    game = dataclasses.replace(mississippi_stud, prefer=prefer)
    assert _engine(game, "optimal", DECK_16) == brute_streets(game, DECK_16)


def _with_pays(lines: tuple[PayLine, ...], pays: list[Fraction]) -> tuple[PayLine, ...]:
    return tuple(dataclasses.replace(line, pays=p) for line, p in zip(lines, pays, strict=True))


pay = st.fractions(min_value=0, max_value=60, max_denominator=4)


@settings(
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pays=st.lists(pay, min_size=10, max_size=10),
    prefer=st.sampled_from(["smaller_bet", "larger_bet"]),
)
def test_random_street_paytables(
    mississippi_stud: BankedGame, pays: list[Fraction], prefer: str
) -> None:
    wagers = {}
    for name, wager in mississippi_stud.wagers.items():
        resolve = wager.resolve
        assert isinstance(resolve, PaytableResolution)
        table = dataclasses.replace(resolve, paytable=_with_pays(resolve.paytable, pays))
        wagers[name] = dataclasses.replace(wager, resolve=table)
    game = dataclasses.replace(mississippi_stud, wagers=wagers, prefer=prefer)
    assert _engine(game, "optimal", DECK_16) == brute_streets(game, DECK_16)


@settings(
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    bonus=st.lists(pay, min_size=3, max_size=3), win=st.sampled_from([Fraction(1), Fraction(3, 2)])
)
def test_random_showdown_paytables(
    three_card_poker: BankedGame, bonus: list[Fraction], win: Fraction
) -> None:
    ante = three_card_poker.wagers["ante"]
    resolve = ante.resolve
    changed = dataclasses.replace(resolve, bonus=_with_pays(resolve.bonus, bonus), pays=win)
    wagers = {**three_card_poker.wagers, "ante": dataclasses.replace(ante, resolve=changed)}
    game = dataclasses.replace(three_card_poker, wagers=wagers)
    assert _engine(game, "optimal", DECK_16) == brute_showdown(game, DECK_16)


@pytest.mark.parametrize("strategy", ["optimal", "always 3x"])
def test_worked_example_equals_brute_force(strategy: str) -> None:
    """docs/banked-games.md's game (no qualifier, raise 1x or 3x, the dealer wins ties)."""
    from casino_sim.config import load_banked_game

    game = load_banked_game("banked/examples/three_card_duel")
    expected = brute_showdown(game, DECK_16, _showdown_rules(game, strategy))
    assert _engine(game, strategy, DECK_16) == expected
