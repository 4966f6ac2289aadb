"""Spread limit, pot limit and no limit (issue 14, section 2), on stacked decks and at random.

Stakes of ``make_table()``: ante 100, bring-in 200, bets 500/1000 cents, no
rake. Seats are in dealing order; the lowest upcard brings in. With
``any_size`` the legal ``sizes`` are the range (least, most) of "to" amounts.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from pk_bridge import ANTE, BRING_IN, play_both
from stud_helpers import VARIANT_NAMES, load_table, load_variant, make_table
from test_pokerkit_differential import _side_pot_without_low

from casino_sim.cli import main
from casino_sim.config import Spread, StudTable, load_stud_table, shipped_files, shipped_name
from casino_sim.games.poker_room import Action, StudActionError, StudHand, stacked_deck
from casino_sim.games.poker_room.bots import default_population
from casino_sim.games.poker_room.dealer import StudDealer
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import fallback_reason, play_compiled, play_python
from casino_sim.games.poker_room.structures import BetLimits

DEEP = 100_000
STUD = load_variant("seven_card_stud")
MISSISSIPPI = load_variant("mississippi_stud")
SPREAD = make_table(
    structure="spread-limit",
    spread=Spread(min=Fraction(5), max=Fraction(20)),
    big_bet=Fraction(10),
)
POT = make_table(structure="pot-limit", max_raises=None)
NO_LIMIT = make_table(structure="no-limit", max_raises=None)
THREE = ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"]  # seat 1 brings in (2c); then seats 2, 0


def deal(table: StudTable, holdings=THREE, stacks=None, variant=STUD) -> StudHand:
    deck = stacked_deck(variant, holdings)
    return StudHand(variant, table, stacks or [DEEP] * len(holdings), deck)


def sizes(hand: StudHand) -> tuple[Action, int, int]:
    legal = hand.legal_actions()
    assert legal.any_size
    kind = next(a for a in (Action.COMPLETE, Action.BET, Action.RAISE) if a in legal.actions)
    least, most = legal.sizes
    return kind, least, most


# ------------------------------------------------------------------ spread limit


def test_spread_limit_completion_and_raises_between_the_limits():
    """Robert's, spread limit: any bet within the spread; a raise is at least the
    previous bet or raise. Spread $5-$20, streets' bets $5/$10."""
    hand = deal(SPREAD)
    hand.act(Action.BRING_IN)  # seat 1: 200
    assert sizes(hand) == (Action.COMPLETE, 500, 200 + 2000)
    with pytest.raises(StudActionError, match=r"500\.\.2200 at spread-limit"):
        hand.act(Action.COMPLETE, 2300)
    hand.act(Action.COMPLETE, 800)  # seat 2
    assert sizes(hand) == (Action.RAISE, 800 + 600, 800 + 2000)  # at least the 600 raise
    hand.act(Action.RAISE, 1400)  # seat 0: raise by the least, 600
    assert sizes(hand) == (Action.RAISE, 2000, 3400)
    with pytest.raises(StudActionError, match="must be to 2000"):
        hand.act(Action.RAISE, 1900)


def test_spread_limit_keeps_the_cap_and_the_big_bet_street_minimum():
    hand = deal(SPREAD)
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)  # 500
    hand.act(Action.RAISE)  # 1000
    hand.act(Action.RAISE)  # 1500
    hand.act(Action.RAISE)  # 2000: a bet and three raises
    assert Action.RAISE not in hand.legal_actions().actions
    for _ in range(2):
        hand.act(Action.CALL)
    while hand.street < 2:
        hand.act(Action.CHECK)
    assert sizes(hand) == (Action.BET, 1000, 2000)  # fifth street: at least the $10 bet


def test_spread_limit_bring_in_of_a_full_bet_is_raised_not_completed():
    """The shipped $1-$5 spread table: the $1 bring-in is a full $1 bet."""
    table = load_table("1-5-spread")
    hand = deal(table)
    hand.act(Action.BRING_IN)
    assert sizes(hand) == (Action.RAISE, 200, 100 + 500)


def test_spread_limit_short_all_in_follows_the_limit_half_bet_rule():
    """At spread limit an all-in of half the raise in force or more counts as a raise
    (``short_all_in: half-bet``) and reopens the betting; the next raise goes a full
    raise above the all-in."""
    hand = deal(SPREAD, stacks=[100 + 1450, DEEP, DEEP])
    hand.act(Action.BRING_IN)  # seat 1: 200
    hand.act(Action.COMPLETE, 1000)  # seat 2: a raise of 800
    hand.act(Action.RAISE, 1450)  # seat 0 all-in: 450 over, at least half of 800
    assert sizes(hand) == (Action.RAISE, 1450 + 800, 1450 + 2000)
    hand.act(Action.CALL)  # seat 1
    assert Action.RAISE in hand.legal_actions().actions  # seat 2 faces 450: reopened


# ------------------------------------------------------------------ pot limit


def test_pot_limit_most_is_the_pot_after_calling():
    """Three seats, antes 300: the bring-in 200 makes 500; completing to at most
    200 + (500 + 200) = 900. Then a raise to at most 900 + (1400 + 900) = 3200."""
    hand = deal(POT)
    assert hand.legal_actions().sizes == (500, 500)  # the bring-in seat may complete to 500
    hand.act(Action.BRING_IN)
    assert sizes(hand) == (Action.COMPLETE, 500, 900)
    hand.act(Action.COMPLETE, 900)  # seat 2: the raise over the bring-in is 700
    assert sizes(hand) == (Action.RAISE, 900 + 700, 3200)
    hand.act(Action.CALL)  # seat 0
    # seat 1 (200 in): call 700 makes the pot 3000; raise by 3000 to 3900
    assert sizes(hand) == (Action.RAISE, 1600, 900 + 3000)
    hand.act(Action.RAISE, 3900)
    assert sizes(hand) == (Action.RAISE, 3900 + 3000, 2 * 3900 - 900 + (300 + 3900 + 900 * 2))


def test_pot_limit_bet_on_a_later_street_counts_every_chip_in():
    hand = deal(POT)
    hand.act(Action.BRING_IN)
    hand.act(Action.CALL)
    hand.act(Action.CALL)  # pot 900
    assert sizes(hand) == (Action.BET, 500, 900)
    hand.act(Action.BET, 700)
    assert sizes(hand) == (Action.RAISE, 1400, 700 + 900 + 1400)


def test_pot_limit_all_in_for_less_than_the_least():
    hand = deal(POT, stacks=[DEEP, DEEP, 100 + 350])
    hand.act(Action.BRING_IN)
    assert sizes(hand) == (Action.COMPLETE, 350, 350)  # seat 2's chips: all-in for less
    hand.act(Action.COMPLETE, 350)
    assert hand.stacks[2] == 0
    # short of a full completion (and at pot limit a short all-in never counts):
    # the completion is still to be made, to 500 at least
    assert sizes(hand)[:2] == (Action.COMPLETE, 500)


# ------------------------------------------------------------------ no limit


def test_no_limit_most_is_the_stack_and_the_least_the_largest_raise():
    hand = deal(NO_LIMIT, stacks=[DEEP, DEEP, 20_000])
    hand.act(Action.BRING_IN)
    assert sizes(hand) == (Action.COMPLETE, 500, 20_000 - 100)
    hand.act(Action.COMPLETE, 3000)  # raise of 2800 over the bring-in
    assert sizes(hand) == (Action.RAISE, 5800, DEEP - 100)


def test_no_limit_all_in_short_of_a_full_raise_reopens_nothing():
    """Robert's, no limit: an all-in wager of less than a full raise does not reopen
    the betting to a player who has already acted; the next raise goes a full
    raise above it. The table's half-bet rule is for limit games."""
    hand = deal(NO_LIMIT, stacks=[DEEP, 100 + 200 + 2500, DEEP])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE, 2000)  # seat 2: raise of 1800
    hand.act(Action.CALL)  # seat 0
    hand.act(Action.RAISE, 2700)  # seat 1 all-in: 700 over, short of 1800
    assert hand.stacks[1] == 0
    assert Action.RAISE not in hand.legal_actions().actions  # seat 2 already acted
    hand.act(Action.CALL)
    assert Action.RAISE not in hand.legal_actions().actions  # seat 0 too
    hand.act(Action.CALL)
    assert hand.street == 1


def test_no_limit_raise_above_a_short_all_in_is_a_full_raise_above_it():
    hand = deal(NO_LIMIT, stacks=[100 + 1500, DEEP, DEEP])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE, 1000)  # seat 2: a raise of 800 over the bring-in
    assert sizes(hand) == (Action.RAISE, 1500, 1500)  # seat 0: all-in for less
    hand.act(Action.RAISE, 1500)  # 500 over: short of 800
    # seat 1 has not acted since the full raise: it may raise, 800 above the all-in
    assert sizes(hand) == (Action.RAISE, 2300, DEEP - 100)
    hand.act(Action.CALL)
    assert Action.RAISE not in hand.legal_actions().actions  # seat 2 faces only 500
    hand.act(Action.CALL)
    assert hand.street == 1


def test_no_limit_short_all_in_lets_those_who_have_not_acted_raise_a_full_raise_above():
    hand = deal(NO_LIMIT, stacks=[DEEP, DEEP, 100 + 1000])
    hand.act(Action.BRING_IN)  # seat 1: 200
    hand.act(Action.COMPLETE, 1000)  # seat 2 all-in: a full completion (raise of 800)
    assert sizes(hand) == (Action.RAISE, 1800, DEEP - 100)


def test_open_pair_big_bet_is_a_fixed_limit_rule_only():
    hand = deal(NO_LIMIT, holdings=["Ah Kh 9c 9d", "Qd Qs 2c 3c", "Jd Tc 8d 4h"])
    hand.act(Action.BRING_IN)
    for _ in range(2):
        hand.act(Action.CALL)
    assert hand.street == 1 and not hand.open_pair
    assert sizes(hand)[:2] == (Action.BET, 500)


def test_bet_limits_refuse_nothing_below_the_least():
    limits = BetLimits("pot-limit", spread_max=0)
    assert limits.most_to(least=500, high=0, mine=0, pot=100, chips=DEEP) == 500
    assert limits.most_to(least=500, high=0, mine=0, pot=100, chips=300) == 300


# ------------------------------------------------------------------ the bots


def _bots_hand(table: StudTable, variant=MISSISSIPPI, seed=0, n=6):
    dealer = StudDealer(variant, table)
    return dealer.play_hand(np.random.default_rng(seed), default_population(n), keep_hand=True)


@pytest.mark.parametrize("table", [SPREAD, POT, NO_LIMIT], ids=["spread", "pot", "no"])
def test_bots_bet_more_than_the_minimum_with_strong_hands(table):
    sizes_seen = set()
    for seed in range(200):
        hand = _bots_hand(table, seed=seed).hand
        for street, _, action, _, total in hand.log:
            if action in (Action.BET, Action.RAISE, Action.COMPLETE):
                sizes_seen.add((street, total))
    least = {total for street, total in sizes_seen if total in (500, 1000)}
    assert least and len(sizes_seen) > 3 * len(least)  # not only minimum bets


def test_no_limit_bots_go_all_in_sometimes():
    dealer = StudDealer(MISSISSIPPI, NO_LIMIT)
    shoves = 0
    for seed in range(300):
        r = dealer.play_hand(np.random.default_rng(seed), default_population(6), [5_000] * 6)
        shoves += any(s == 0 for s in r.stacks_end)
    assert shoves > 20


def test_bots_decide_the_same_from_the_same_numbers():
    decks, uniforms = draw_hands(np.random.default_rng(4), 30)
    dealer = StudDealer(STUD, NO_LIMIT)
    bots = default_population(5)
    a = [dealer.play_dealt(d, u, bots).stacks_end for d, u in zip(decks, uniforms, strict=True)]
    b = [dealer.play_dealt(d, u, bots).stacks_end for d, u in zip(decks, uniforms, strict=True)]
    assert a == b


# ------------------------------------------------------------------ chips and engines

TABLES = {"spread": SPREAD, "pot": POT, "no": NO_LIMIT}


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_chips_are_conserved_over_random_hands(name, variant):
    """Bots at random stacks (many all-ins and side pots): no chip made or lost."""
    dealer = StudDealer(load_variant(variant), TABLES[name])
    rng = np.random.default_rng([sorted(TABLES).index(name), VARIANT_NAMES.index(variant)])
    for _ in range(300):
        n = int(rng.integers(2, 9))
        n = min(n, dealer.variant.max_players)
        stacks = [int(x) for x in rng.integers(1, 30_000, size=n)]
        r = dealer.play_hand(rng, default_population(n), stacks)
        assert sum(r.stacks_end) + r.rake + r.drop == sum(stacks)
        assert min(r.stacks_end) >= 0


@pytest.mark.parametrize("name", sorted(TABLES))
def test_chips_are_conserved_with_random_legal_actions(name):
    """Random legal actions and sizes (not bots), incl. all-ins for less."""
    table = TABLES[name]
    rng = np.random.default_rng(11)
    for _ in range(400):
        n = int(rng.integers(2, 8))
        stacks = [int(x) for x in rng.integers(150, 12_000, size=n)]
        hand = StudHand(STUD, table, stacks, rng.permutation(52).tolist())
        while not hand.done:
            legal = hand.legal_actions()
            action = legal.actions[int(rng.integers(len(legal.actions)))]
            if action in (Action.COMPLETE, Action.BET, Action.RAISE):
                least, most = legal.sizes
                assert least <= most <= hand.stacks[legal.seat] + hand.sbet[legal.seat]
                hand.act(action, int(rng.integers(least, most + 1)))
            else:
                hand.act(action)
        assert sum(hand.stacks) == sum(stacks)


def test_the_compiled_path_plays_every_structure():
    bots = default_population(6)
    for table in (SPREAD, POT, NO_LIMIT):
        assert fallback_reason(STUD, table, bots) is None
        decks, uniforms = draw_hands(np.random.default_rng(1), 200)
        fast = play_compiled(STUD, table, bots, decks, uniforms, 0)
        arrays, _ = play_python(STUD, table, bots, decks, uniforms, 0)
        assert fast.replayed == 0 and fast.same_hands(arrays)
        assert arrays.stacks_end.sum() + arrays.rake.sum() == arrays.stacks_start.sum()


# ------------------------------------------------------------------ shipped tables and the CLI

SHIPPED = sorted(shipped_name(p) for p in shipped_files("stud_table"))


def test_the_shipped_tables_cover_every_structure():
    structures = {load_stud_table(name).structure for name in SHIPPED}
    assert structures == {"fixed-limit", "spread-limit", "pot-limit", "no-limit"}
    for name in ("mississippi-pot-limit", "mississippi-no-limit"):
        table = load_table(name)
        assert table.max_bets is None and table.source and table.notes


@pytest.mark.parametrize("name", SHIPPED)
def test_casino_sim_stud_plays_each_shipped_table(name, capsys):
    variant = "stud/mississippi_stud" if "mississippi" in name else "stud/seven_card_stud"
    argv = ["stud", variant, name, "--hands", "300", "--seed", "3", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "balanced, reconciled to the cent" in out


# ------------------------------------------------------------------ pokerkit


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit"])
@pytest.mark.parametrize("game", ["stud", "razz", "hilo"])
def test_same_final_stacks_as_pokerkit(game, structure):
    """pokerkit ships stud at fixed limit only; its betting code plays every structure,
    so the bridge builds its stud classes with the pot- and no-limit mixins.

    Bring-ins are kept full (a short bring-in: the others owe the full bring-in by
    Robert's, the short amount in pokerkit). Hi-lo may differ by the odd chip of a
    split side pot (amounts are arbitrary here, never at the differential's fixed
    limit): at most a chip a pot, and the total agrees.
    """
    rng = np.random.default_rng({"stud": 1, "razz": 2, "hilo": 3}[game] + len(structure))
    showdowns = all_ins = exact = played = 0
    # 400 hands, sized by what must be caught: with short stacks at pot and no limit about
    # half the hands end with an all-in and a side pot, and every bet is sized by the
    # structure's rule (the pot-limit maximum, the no-limit minimum raise). A difference in
    # p of the hands is seen with 1 - (1 - p)^N: p = 1/100 with 98.2% in one game, and in
    # the structure's betting, shared by the three games, p = 1/260 with 99.0% (N = 1200).
    for _ in range(400):
        ours, theirs, hand = play_both(game, rng, structure, least=ANTE + BRING_IN + 1)
        if _side_pot_without_low(hand):
            continue
        played += 1
        assert sum(ours) == sum(theirs)
        pots = len(hand.settlement.pots)
        assert all(abs(a - b) <= pots for a, b in zip(ours, theirs, strict=True)), hand.log
        exact += ours == theirs
        showdowns += hand.settlement.showdown
        all_ins += any(s == 0 for s in hand.stacks)
    assert showdowns > 80 and all_ins > 50
    assert exact >= played - (20 if game == "hilo" else 3)
