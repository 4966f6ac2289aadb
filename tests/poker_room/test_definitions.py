"""The stud YAML types are the engine's types: every option that loads is played, or refused."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from stud_helpers import VARIANT_NAMES, load_table, load_variant, make_table

from casino_sim.config import PaytableError, load_text
from casino_sim.games.poker_room import (
    Action,
    PercentRake,
    StudHand,
    rake_cents,
    stacked_deck,
)

SEVEN = """kind: stud_variant
name: x
streets:
  - {name: third, down: 2, up: 1, bet: small}
  - {name: fourth, down: 0, up: 1, bet: small}
  - {name: fifth, down: 0, up: 1, bet: big}
  - {name: sixth, down: 0, up: 1, bet: big}
  - {name: seventh, down: 1, up: 0, bet: big}
"""
TABLE = """kind: stud_table
name: x
ante: 0.50
bring_in: 2
small_bet: 5
big_bet: 10
rake: {type: percent, rate: 0.1, cap: 4}
hands_per_hour: 40
"""


def _problem(text: str) -> str:
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="x.yaml")
    (problem,) = caught.value.problems
    return f"{'.'.join(map(str, problem.path))}: {problem.message}"


def test_defaults_are_those_of_the_yaml_type():
    variant = load_text(SEVEN)
    assert variant.open_pair_big_bet is False  # one default: the shipped file says true
    assert load_variant("seven_card_stud").open_pair_big_bet is True
    assert (variant.bring_in, variant.bring_in_ace_low, variant.burn) == ("lowest", False, True)
    table = load_text(TABLE)
    assert (table.short_all_in, table.odd_chip, table.tie_break) == (
        "half-bet",
        "card-by-suit",
        "position",
    )
    assert table.rake.no_rake_third_street and table.buy_in_cents == 100 * 1000


def test_a_suit_order_other_than_clubs_lowest_is_refused():
    order = "suit_order: [spades, hearts, diamonds, clubs]\n"
    assert _problem(SEVEN + order) == (
        "suit_order: a suit order other than clubs, diamonds, hearts, spades (lowest first)"
        " is not supported yet"
    )


@pytest.mark.parametrize(
    ("line", "where"),
    [
        ("ante: 0.005", "ante"),
        ("buy_in: 100.001", "buy_in"),
        ("rake: {type: drop, amount: 0.333}", "rake.amount"),
        ("rake: {type: percent, rate: 0.1, increment: 1/3}", "rake.increment"),
    ],
)
def test_chips_are_whole_cents(line, where):
    key = line.split(":")[0]
    text = "\n".join(x for x in TABLE.splitlines() if not x.startswith(key + ":")) + f"\n{line}\n"
    assert _problem(text).startswith(f"{where}: ") and "whole number of cents" in _problem(text)


def test_a_cap_or_minimum_between_cents_is_honoured_exactly():
    rake = PercentRake(rate=Fraction(1, 2), cap=Fraction(1, 3), min_pot=Fraction(1, 3))
    assert (rake.cap_cents, rake.min_pot_cents) == (33, 34)  # at most $1/3, pots of $1/3 or more
    assert rake_cents(rake, 33, ended_on_first_street=False) == 0
    assert rake_cents(rake, 34, ended_on_first_street=False) == 17
    assert rake_cents(rake, 1000, ended_on_first_street=False) == 33


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("{category: one_pair, ranks: ['2', '3', A]}", "no one pair starts with 2 3 A"),
        ("{category: flush, ranks: ['5']}", "no flush starts with 5"),
    ],
)
def test_a_qualifying_hand_that_cannot_exist_is_refused(hand, message):
    bad_beat = (
        "bad_beat: {drop: 1, min_pot: 20, loser_share: 0.5, winner_share: 0.25,"
        f" table_share: 0.25, qualifying_hand: {hand}}}\n"
    )
    assert message in _problem(TABLE + bad_beat)


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_every_shipped_variant_is_the_engine_variant(name):
    variant = load_variant(name)
    hand = StudHand(variant, make_table(), [100_000] * 3, list(range(52)))
    assert hand.variant is variant and len(hand.up[0]) == variant.streets[0].up


def test_burn_is_played():
    holdings = ["2c 3c 4c 5c", "2d 3d 4d 5d"]
    for burn in (True, False):
        variant = dataclasses.replace(load_variant("seven_card_stud"), burn=burn)
        hand = StudHand(variant, make_table(), [100_000] * 2, stacked_deck(variant, holdings))
        while hand.street < 1:
            legal = hand.legal_actions().actions
            hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))
        assert [hand.down[s] + hand.up[s] for s in (0, 1)] == [[0, 4, 8, 12], [1, 5, 9, 13]]
        assert len(hand.burned) == burn


def test_shipped_tables_convert_to_cents_once():
    table = load_table("5-10-bad-beat")
    assert (table.ante_cents, table.bring_in_cents, table.small_bet_cents) == (50, 100, 500)
    jackpot = table.bad_beat
    assert (jackpot.drop_cents, jackpot.min_pot_cents, jackpot.seed_cents) == (100, 2000, 500_000)
    assert jackpot.qualifying_hand.min_value == 7284  # aces full of deuces
