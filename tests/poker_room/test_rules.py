"""Rule case tables: bring-in, completion and cap, open pair, heads-up, all-ins, splits."""

from __future__ import annotations

from fractions import Fraction

import pytest
from stud_helpers import load_table, load_variant, make_table

from casino_sim.games.poker_room import (
    Action,
    StudActionError,
    StudHand,
    side_pots,
    stacked_deck,
)

T = make_table()  # ante 100, bring-in 200, bets 500/1000 cents, no rake


def seven_card_stud():
    return load_variant("seven_card_stud")


def razz():
    return load_variant("razz")


def stud_hilo():
    return load_variant("stud_hilo8")


DEEP = 100_000


def deal(variant, holdings, stacks=None, table=T):
    n = len(holdings)
    return StudHand(variant, table, stacks or [DEEP] * n, stacked_deck(variant, holdings))


def passive(hand):
    """Check or call (bring in when due) until the hand ends."""
    while not hand.done:
        legal = hand.legal_actions().actions
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))


@pytest.mark.parametrize(
    ("variant", "upcards", "seat"),
    [
        (seven_card_stud, ["4d", "4c", "Qs"], 1),  # tie on rank: clubs lowest
        (seven_card_stud, ["4h", "4s", "4d"], 2),
        (seven_card_stud, ["Ac", "2s", "3c"], 1),  # aces high
        (razz, ["Kd", "Ks", "Qc"], 1),  # razz: highest, spades highest
        (razz, ["Ac", "2c", "Kc"], 2),  # razz: aces low
        (razz, ["Ac", "2c", "3c"], 2),
    ],
)
def test_bring_in_seat(variant, upcards, seat):
    holes = ["2h 7h", "3h 8h", "5h 9h"]
    hand = deal(variant(), [f"{h} {u}" for h, u in zip(holes, upcards, strict=True)])
    assert hand.actor == seat
    assert hand.legal_actions().actions == (Action.BRING_IN, Action.COMPLETE)


def test_completion_then_three_raises_caps_the_street():
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"])
    assert hand.actor == 1
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)  # seat 2: to 500, not a raise
    for to in (1000, 1500, 2000):
        hand.act(Action.RAISE, to)
    assert Action.RAISE not in hand.legal_actions().actions
    with pytest.raises(StudActionError, match="raise cap reached"):
        hand.act(Action.RAISE)
    hand.act(Action.CALL)
    assert hand.street == 0


def test_heads_up_is_uncapped():
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c"])
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)
    for to in (1000, 1500, 2000, 2500, 3000):
        hand.act(Action.RAISE, to)
    assert Action.RAISE in hand.legal_actions().actions


def test_becoming_heads_up_before_the_cap_uncaps():
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE)  # seat 2
    hand.act(Action.FOLD)  # seat 0: heads-up with one bet made
    for to in (1000, 1500, 2000, 2500):
        hand.act(Action.RAISE, to)
    assert Action.RAISE in hand.legal_actions().actions


def test_cap_stays_when_heads_up_after_the_cap():
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"])
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)
    hand.act(Action.RAISE)
    hand.act(Action.RAISE)
    hand.act(Action.RAISE)  # seat 2: capped at 2000
    hand.act(Action.FOLD)  # seat 0 -> heads-up after the cap
    assert hand.legal_actions().actions == (Action.FOLD, Action.CALL)


def test_heads_up_cap_is_configurable():
    table = make_table(uncapped_heads_up=False)
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c"], table=table)
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)
    for to in (1000, 1500, 2000):
        hand.act(Action.RAISE, to)
    assert Action.RAISE not in hand.legal_actions().actions


# A bring-in that is a full bet (Robert's, limit poker: it counts as the bet, so a bet
# and three raises cap the street). Seat 1 (2c) brings in; then seats 2, 3, 0 raise.
FOUR = ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d", "7h 7d 3h"]
FULL_BRING_IN = {  # table, the "to" amounts of three raises above the bring-in
    "spread $1-$5": (load_table("1-5-spread"), (200, 300, 400)),
    "fixed": (make_table(bring_in=Fraction(5)), (1000, 1500, 2000)),
    "pot-limit, max_raises 3": (
        make_table(structure="pot-limit", bring_in=Fraction(5)),
        (1000, 1500, 2000),
    ),
    "no-limit, max_raises 3": (
        make_table(structure="no-limit", bring_in=Fraction(5)),
        (1000, 1500, 2000),
    ),
}


@pytest.mark.parametrize("name", list(FULL_BRING_IN))
def test_bring_in_of_a_full_bet_and_three_raises_cap_the_street(name):
    """The shipped $1-$5 spread: "a bet and three raises" after the $1 bring-in; the same
    at fixed limit (bring-in = small bet) and at pot / no limit when the table caps."""
    table, raises = FULL_BRING_IN[name]
    hand = deal(seven_card_stud(), FOUR, table=table)
    hand.act(Action.BRING_IN)  # seat 1: the bet
    assert Action.COMPLETE not in hand.legal_actions().actions  # nothing left to complete
    for to in raises:  # seats 2, 3, 0
        hand.act(Action.RAISE, to)
    assert hand.legal_actions().actions == (Action.FOLD, Action.CALL)
    with pytest.raises(StudActionError, match=r"raise cap reached \(a bet and 3 raises\)"):
        hand.act(Action.RAISE)
    for _ in range(3):
        hand.act(Action.CALL)
    assert hand.street == 1 and hand.contrib[1:] == hand.contrib[:-1]


def test_fixed_limit_bring_in_of_a_full_bet_is_not_completed_to_the_same_amount():
    """A bring-in equal to the small bet is the bet: the bring-in seat posts it (there is
    no completion to the same amount) and the next player calls or raises; calls around
    end the street without asking the bring-in again (nothing was reopened)."""
    table = make_table(bring_in=Fraction(5))
    hand = deal(seven_card_stud(), FOUR, table=table)
    assert hand.legal_actions().actions == (Action.BRING_IN,)
    with pytest.raises(StudActionError, match="the bring-in is a full bet"):
        hand.act(Action.COMPLETE)
    hand.act(Action.BRING_IN)
    legal = hand.legal_actions()  # seat 2
    assert legal.actions == (Action.FOLD, Action.CALL, Action.RAISE) and legal.sizes == (1000,)
    for _ in range(3):
        hand.act(Action.CALL)
    assert hand.street == 1 and hand.contrib == [600] * 4


def test_fixed_limit_short_bring_in_of_a_full_bet_is_still_the_bet():
    """Stud rule 4: a bring-in seat short of the bring-in is all-in and the others owe the
    full bring-in, here a full bet: they call it or raise, never "complete" it."""
    table = make_table(bring_in=Fraction(5))
    hand = deal(seven_card_stud(), FOUR, stacks=[DEEP, 100 + 300, DEEP, DEEP], table=table)
    hand.act(Action.BRING_IN)  # seat 1: all-in for 300 of the 500
    legal = hand.legal_actions()
    assert legal.call == 500 and legal.actions == (Action.FOLD, Action.CALL, Action.RAISE)
    for to in (1000, 1500, 2000):  # seats 2, 3, 0: the bet and three raises
        hand.act(Action.RAISE, to)
    assert hand.legal_actions().actions == (Action.FOLD, Action.CALL)


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit"])
def test_pot_and_no_limit_bring_in_of_a_full_bet_uncapped_without_max_raises(structure):
    """Pot and no limit cap only when the table says so (``max_raises``; the shipped
    tables: none). A full-bet bring-in is the bet; the next raise is a full bet above it."""
    table = make_table(structure=structure, bring_in=Fraction(5), max_raises=None)
    hand = deal(seven_card_stud(), FOUR, table=table)
    hand.act(Action.BRING_IN)
    legal = hand.legal_actions()
    assert Action.RAISE in legal.actions and legal.sizes[0] == 1000
    for k in range(6):
        hand.act(Action.RAISE, 1000 + 500 * k)
    assert Action.RAISE in hand.legal_actions().actions  # six raises, four players


def test_open_pair_on_fourth_street_allows_the_big_bet():
    hand = deal(seven_card_stud(), ["2h 3h Kc Kd", "Qd Qs 2c 7d", "Jd Tc 8d 6c"])
    passive_round(hand)
    assert hand.street == 1 and hand.actor == 0
    legal = hand.legal_actions()
    assert legal.sizes == (500, 1000)
    hand.act(Action.BET, 500)
    assert hand.legal_actions().sizes == (1000, 1500)  # raise 5 or 10
    hand.act(Action.RAISE, 1500)  # a big raise: from now on raises are big
    assert hand.legal_actions().sizes == (2500,)
    with pytest.raises(StudActionError, match="must be to 2500 on fourth street"):
        hand.act(Action.RAISE, 2000)


def test_no_open_pair_means_small_bet_on_fourth():
    hand = deal(seven_card_stud(), ["2h 3h Kc 9d", "Qd Qs 2c 7d", "Jd Tc 8d 6c"])
    passive_round(hand)
    assert hand.legal_actions().sizes == (500,)


def passive_round(hand):
    street = hand.street
    while hand.street == street and not hand.done:
        legal = hand.legal_actions().actions
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))


def test_big_bet_from_fifth_street_and_error_message():
    hand = deal(seven_card_stud(), ["2h 3h Kc 9d 4s", "Qd Qs 2c 7d 5s", "Jd Tc 8d 6c Ah"])
    passive_round(hand)
    passive_round(hand)
    assert hand.street == 2
    assert hand.legal_actions().sizes == (1000,)
    with pytest.raises(StudActionError, match="bet must be to 1000 on fifth street"):
        hand.act(Action.BET, 500)
    with pytest.raises(StudActionError, match="nothing to call"):
        hand.act(Action.CALL)


@pytest.mark.parametrize(
    ("short_stack", "reopens"),
    [(100 + 1200, False), (100 + 1300, True)],  # raise of 200 (< half) vs 300 (>= half)
)
def test_short_all_in_reopens_only_at_half_a_bet(short_stack, reopens):
    hand = deal(
        seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"], stacks=[DEEP, DEEP, short_stack]
    )
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE)  # seat 2 -> 500
    hand.act(Action.RAISE)  # seat 0 -> 1000
    hand.act(Action.CALL)  # seat 1
    hand.act(Action.RAISE)  # seat 2 all in for 1200 / 1300
    assert hand.stacks[2] == 0
    hand.act(Action.CALL)  # seat 0
    actions = hand.legal_actions().actions  # seat 1 acted before the all-in
    assert (Action.RAISE in actions) is reopens
    if not reopens:
        with pytest.raises(StudActionError, match="not reopened"):
            hand.act(Action.RAISE)


def test_side_pots_with_three_all_ins():
    pots = side_pots([1000, 2000, 3000, 3000], [True] * 4)
    assert [(p.amount, p.eligible) for p in pots] == [
        (4000, (0, 1, 2, 3)),
        (3000, (1, 2, 3)),
        (2000, (2, 3)),
    ]
    hand = deal(
        seven_card_stud(),
        [
            "Ah Ad Ac Kd 2s 3s 4s",
            "Qd Qs 2c 7d 5s 9h Jc",
            "Jd Tc 8d 6c 3h Kc 4c",
            "7h 8h 9d Th 2d 5c Kh",
        ],
        stacks=[1000, 2000, 3000, 10_000],
    )
    hand.act(Action.COMPLETE)  # seat 1 (2c) opens for a full bet
    while not hand.done:
        legal = hand.legal_actions()
        bet = next((a for a in (Action.RAISE, Action.BET) if a in legal.actions), None)
        if bet is not None and legal.seat != 3:
            hand.act(bet)
        else:
            hand.act(next(a for a in (Action.CALL, Action.CHECK, Action.BET) if a in legal.actions))
    s = hand.settlement
    assert [p[0] for p in s.pots] == [4000, 3000, 2000]
    # trips win the main pot, queens the first side pot, king-high beats jack-high for the last
    assert hand.stacks == [4000, 3000, 2000, 7000]
    assert sum(hand.stacks) == 16_000


@pytest.mark.parametrize(("odd_chip", "expect"), [("card-by-suit", 2), ("first-seat", 0)])
def test_odd_chip(odd_chip, expect):
    table = make_table(
        ante=Fraction(1, 4),
        bring_in=Fraction(1, 2),
        small_bet=Fraction(1),
        big_bet=Fraction(2),
        odd_chip=odd_chip,
    )
    hand = deal(
        seven_card_stud(),
        ["Ad Kh Qd Jc 9s 4d 3c", "2c 2d 5h", "As Ks 3s Jd 9c 4h Qh"],
        table=table,
    )
    hand.act(Action.BRING_IN)  # seat 2, 3s
    hand.act(Action.CALL)  # seat 0
    hand.act(Action.FOLD)  # seat 1
    passive(hand)
    assert sum(hand.contrib) == 175
    won = hand.settlement.winnings
    assert won[expect] == 88 and won[2 - expect] == 87


@pytest.mark.parametrize(
    ("low_hand", "halves"),
    [("Ac 2d 3h 5s 7c 9d Jh", {0: "high", 1: "low"}), ("Ac 2d 9d Tc Qs Jd 3h", {0: "all"})],
)
def test_hilo_split_and_scoop(low_hand, halves):
    hand = deal(stud_hilo(), ["Kc Kd 9h Ts Qc 8d 4h", low_hand])
    passive(hand)
    awards = hand.settlement.awards
    assert {a.seat: a.half for a in awards} == halves
    if len(awards) == 2:
        assert awards[0].amount - awards[1].amount in (0, 1)  # odd chip to the high half


def test_hilo_separate_five_card_choices():
    # A-A-8-6-6-4-3 plays aces up for high and 8-6-4-3-A for low: scoops a lesser hand
    hand = deal(stud_hilo(), ["Ac Ad 8h 6s 6c 4d 3h", "Kc Qd Jh 9s 7c 2d 2h"])
    passive(hand)
    assert {a.seat for a in hand.settlement.awards} == {0}
    assert {a.half for a in hand.settlement.awards} == {"high", "low"}


def test_razz_bring_in_and_first_action():
    hand = deal(razz(), ["2h 3h Kc 4d", "Qd Qs Ac 7d", "Jd Tc 8d 2c"])
    assert hand.actor == 0  # king brings in
    hand.act(Action.BRING_IN)
    hand.act(Action.CALL)
    hand.act(Action.CALL)
    assert hand.street == 1
    assert hand.actor == 1  # 7-A is the best low board (8-2 and K-4 are worse)


def test_running_out_of_cards_uses_a_community_card():
    holdings = [
        "2c 2d 2h",
        "3c 3d 3h",
        "4c 4d 4h",
        "5c 5d 5h",
        "6c 6d 6h",
        "7c 7d 7h",
        "8c 8d 8h",
        "9c 9d 9h",
    ]
    hand = StudHand(seven_card_stud(), T, [DEEP] * 8, stacked_deck(seven_card_stud(), holdings))
    passive(hand)
    assert len(hand.community) == 1
    assert all(len(hand.down[s]) == 2 and len(hand.up[s]) == 4 for s in range(8))
    assert hand.settlement.showdown
    cards = [c for s in range(8) for c in hand.down[s] + hand.up[s]] + hand.community
    assert len(set(cards)) == len(cards)


def test_hand_ends_when_all_but_one_fold():
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"])
    hand.act(Action.COMPLETE)
    hand.act(Action.FOLD)
    hand.act(Action.FOLD)
    assert hand.done and not hand.settlement.showdown
    assert hand.stacks == [DEEP - 100, DEEP + 200, DEEP - 100]
    with pytest.raises(StudActionError, match="hand is over"):
        hand.act(Action.CHECK)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action.CHECK, "bring-in must be posted"),
        (Action.FOLD, "bring-in must be posted"),
        (Action.RAISE, "not possible now: complete"),
    ],
)
def test_illegal_first_actions(action, message):
    hand = deal(seven_card_stud(), ["Ah Kh 9c", "Qd Qs 2c"])
    with pytest.raises(StudActionError, match=message):
        hand.act(action)
