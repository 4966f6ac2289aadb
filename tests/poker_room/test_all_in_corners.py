"""All-in corners by Robert's Rules of Poker, each on a stacked deck (issue 14, section 1).

Stakes of ``make_table()``: ante 100, bring-in 200, bets 500/1000 cents, no
rake. Seats are in dealing order; the lowest upcard brings in.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
from stud_helpers import load_variant, make_table

from casino_sim.cards import format_cards, parse_cards
from casino_sim.config import BadBeatJackpot, DropRake, PercentRake, QualifyingHand, Street
from casino_sim.games.poker_room import Action, StudActionError, StudHand, stacked_deck
from casino_sim.games.poker_room.bots import default_population
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import play_compiled, play_python
from casino_sim.games.poker_room.showdown import settle

DEEP = 100_000
STUD = load_variant("seven_card_stud")
T = make_table()


def deal(holdings, stacks=None, table=T, variant=STUD, community=()):
    deck = stacked_deck(variant, holdings, community=community)
    return StudHand(variant, table, stacks or [DEEP] * len(holdings), deck)


def passive_round(hand):
    """Bring in, check or call until the street changes."""
    street = hand.street
    while hand.street == street and not hand.done:
        legal = hand.legal_actions().actions
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))


def raise_sizes(hand):
    legal = hand.legal_actions()
    return legal.sizes if Action.RAISE in legal.actions else None


# ------------------------------------------------------------------ the cap
THREE = ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d"]  # seat 1 brings in (2c); then seats 2, 0


def test_cap_lifts_when_only_two_players_are_not_all_in():
    """Robert's, Betting and raising: "In limit poker, for a pot involving three or
    more players who are not all-in, there is a maximum of a bet and three raises
    allowed." With two live players and the others all-in, raising is unlimited."""
    hand = deal(THREE, stacks=[DEEP, DEEP, 100 + 500])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE)  # seat 2: all-in for the full 500
    assert hand.stacks[2] == 0
    for to in (1000, 1500, 2000, 2500, 3000):  # a completion and five raises
        hand.act(Action.RAISE, to)
    assert raise_sizes(hand) == (3500,)


def test_cap_stays_with_three_players_not_all_in():
    hand = deal([*THREE, "7c 7d 3h"], stacks=[DEEP, DEEP, DEEP, 100 + 500])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.CALL)  # seat 2
    hand.act(Action.COMPLETE)  # seat 3: all-in for 500
    for to in (1000, 1500, 2000):
        hand.act(Action.RAISE, to)  # seats 0, 1, 2: capped, three still not all-in
    assert raise_sizes(hand) is None


def test_all_in_after_the_cap_does_not_uncap():
    """Robert's: "Once the raising is capped on a betting round, it cannot be uncapped
    by a subsequent fold that leaves two players heads-up" (nor by an all-in)."""
    hand = deal([*THREE, "7c 7d 3h"], stacks=[DEEP, DEEP, DEEP, 100 + 2000])
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE)  # seat 2
    for to in (1000, 1500, 2000):  # seats 3, 0, 1: capped
        hand.act(Action.RAISE, to)
    hand.act(Action.FOLD)  # seat 2
    hand.act(Action.CALL)  # seat 3: all-in; seats 0 and 1 are the two left with chips
    assert hand.stacks[3] == 0 and hand.actor == 0
    assert hand.legal_actions().actions == (Action.FOLD, Action.CALL)


def test_all_in_uncaps_only_with_uncapped_heads_up():
    table = make_table(uncapped_heads_up=False)
    hand = deal(THREE, stacks=[DEEP, DEEP, 100 + 500], table=table)
    hand.act(Action.BRING_IN)
    hand.act(Action.COMPLETE)  # seat 2 all-in
    for to in (1000, 1500, 2000):
        hand.act(Action.RAISE, to)
    assert raise_sizes(hand) is None


# ------------------------------------------------------------ short all-ins
FIVE = ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d", "7c 7d 3h", "6c 6d 4h"]  # order 1, 2, 3, 4, 0


def _two_short_all_ins(table):
    """Seat 2 completes to 500; seats 3 and 0 go all-in to 700 and 900 (each 200 more:
    less than half a bet); seat 4 calls 700 in between; seat 1 calls 900."""
    hand = deal(FIVE, stacks=[100 + 900, DEEP, DEEP, 100 + 700, DEEP], table=table)
    hand.act(Action.BRING_IN)  # seat 1
    hand.act(Action.COMPLETE)  # seat 2: to 500
    hand.act(Action.RAISE)  # seat 3: all-in 700
    hand.act(Action.CALL)  # seat 4: 700
    hand.act(Action.RAISE)  # seat 0: all-in 900
    hand.act(Action.CALL)  # seat 1: 900
    assert hand.stacks[0] == hand.stacks[3] == 0 and hand.actor == 2
    return hand


@pytest.mark.parametrize(
    ("raise_rule", "to"), [("all-in-plus-bet", 1400), ("full-level-plus-bet", 1500)]
)
def test_short_all_ins_reopen_per_player(raise_rule, to):
    """Robert's, Betting and raising: "In limit play, an all-in wager of less than half
    a bet does not reopen the betting for any player who has already acted and is in
    the pot for all previous bets ... Multiple all-in wagers, each of an amount too
    small to individually qualify as a raise, still act as a raise and reopen the
    betting if the resulting wager size to a player qualifies as a raise."

    Seat 2 acted at 500 and now faces 400 more (reopened); seat 4 acted at 700 and
    faces 200 (not reopened), however much the table's short all-ins add up to.
    """
    hand = _two_short_all_ins(make_table(short_all_in_raise=raise_rule))
    assert raise_sizes(hand) == (to,)
    hand.act(Action.CALL)  # seat 2
    assert hand.actor == 4
    assert hand.legal_actions().actions == (Action.FOLD, Action.CALL)
    with pytest.raises(StudActionError, match="not reopened"):
        hand.act(Action.RAISE)


def test_full_bet_rule_needs_a_full_bet_per_player():
    hand = _two_short_all_ins(make_table(short_all_in="full-bet"))
    assert raise_sizes(hand) is None  # seat 2 faces 400 < 500


def _short_bet_on_fourth(stack_after_third, table=T):
    """Seat 0 (best board on fourth street) bets all-in for what it has left."""
    holdings = ["Ah Kh 9c As", "Qd Qs 2c 3d", "Jd Tc 8d 4c"]
    hand = deal(holdings, stacks=[100 + 200 + stack_after_third, DEEP, DEEP], table=table)
    passive_round(hand)
    assert hand.street == 1 and hand.actor == 0
    hand.act(Action.BET)
    assert hand.stacks[0] == 0
    return hand


@pytest.mark.parametrize(
    ("raise_rule", "to"), [("all-in-plus-bet", 800), ("full-level-plus-bet", 1000)]
)
def test_half_bet_all_in_is_raised_by_a_full_bet(raise_rule, to):
    """Robert's: "An all-in wager of a half a bet or more is treated as a full bet, and a
    player may fold, call, or make a full raise. (An example of a full raise on a $20
    betting round is raising a $15 all-in bet to $35.)" Here: a 300 all-in on a 500
    round is raised to 800 (Robert's) or to 1000 (full level plus one bet)."""
    hand = _short_bet_on_fourth(300, make_table(short_all_in_raise=raise_rule))
    assert hand.count == 1
    assert raise_sizes(hand) == (to,)


@pytest.mark.parametrize(("complete", "to"), [(True, 500), (False, 700)])
def test_player_may_complete_the_wager_after_a_small_all_in(complete, to):
    """Robert's: "A player who has not yet acted (or had the betting reopened to him by
    another player's action), facing an all-in wager of less than half a bet, may fold,
    call, or complete the wager." A 200 all-in on a 500 round: complete to 500 (table
    option ``complete_short_all_in``; off, a raise goes a full bet above the all-in)."""
    hand = _short_bet_on_fourth(200, make_table(complete_short_all_in=complete))
    assert hand.count == 0  # less than half a bet: not the bet
    legal = hand.legal_actions()
    assert legal.actions == (Action.FOLD, Action.CALL, Action.RAISE) and legal.sizes == (to,)
    hand.act(Action.RAISE)  # seat 1 completes (or raises)
    assert hand.count == 1 and hand.level == to
    hand.act(Action.RAISE)  # seat 2 raises a full bet above it
    assert hand.sbet[2] == to + 500


# ----------------------------------------------------------------- bring-in
@pytest.mark.parametrize("named", [Action.BRING_IN, Action.COMPLETE])
def test_bring_in_seat_short_of_the_bring_in_is_all_in(named):
    """Robert's stud rule 4: "If the player with the lowcard has only enough chips for a
    portion of the forced bet, the wager is made. All other players must enter for at
    least the normal amount in that structure." Whatever the seat names."""
    hand = deal(THREE, stacks=[DEEP, 100 + 150, DEEP])
    assert hand.actor == 1
    hand.act(named)
    assert hand.stacks[1] == 0 and hand.sbet[1] == 150
    assert hand.log[-1][2] is Action.BRING_IN
    legal = hand.legal_actions()  # seat 2
    assert legal.call == 200 and legal.actions == (Action.FOLD, Action.CALL, Action.COMPLETE)
    hand.act(Action.CALL)
    hand.act(Action.CALL)
    assert hand.street == 1 and hand.contrib == [300, 250, 300]


def test_bring_in_seat_completing_all_in_for_half_a_bet_makes_the_bet():
    hand = deal(THREE, stacks=[DEEP, 100 + 300, DEEP])
    hand.act(Action.COMPLETE)  # seat 1: all-in for 300, at least half of 500
    assert hand.stacks[1] == 0 and not hand.completion_pending and hand.count == 1
    assert raise_sizes(hand) == (800,)  # a full bet above the all-in


# ---------------------------------------------------------------- open pair
OPEN_PAIR = ["2h 3h Kc Kd", "Qd Qs 2c 7d", "Jd Tc 8d 6c"]  # seat 0 pairs kings on fourth


@pytest.mark.parametrize("named", [500, 1000])
def test_open_pair_all_in_is_judged_by_its_chips(named):
    """Robert's stud rule 7 (open pair: "any player has the option of betting either the
    lower or the upper limit"): a 400 all-in is a short small bet whether the player
    names 5 or 10, so raises may still be small or big (from the all-in)."""
    hand = deal(OPEN_PAIR, stacks=[100 + 200 + 400, DEEP, DEEP])
    passive_round(hand)
    assert hand.actor == 0 and hand.legal_actions().sizes == (500, 1000)
    hand.act(Action.BET, named)
    assert hand.stacks[0] == 0 and not hand.big_used
    assert raise_sizes(hand) == (900, 1400)


def test_open_pair_all_in_above_the_small_bet_is_a_big_bet():
    hand = deal(OPEN_PAIR, stacks=[100 + 200 + 700, DEEP, DEEP])
    passive_round(hand)
    hand.act(Action.BET, 1000)  # all-in for 700: more than the small bet
    assert hand.big_used and hand.count == 1
    assert raise_sizes(hand) == (1700,)


# ----------------------------------------------------------------- free fold
def test_fold_when_checking_is_free_is_allowed_and_the_seat_is_still_dealt():
    """Robert's stud rule 9: "If a hand is folded when there is no wager, that seat will
    continue to receive cards until the hand is killed as a result of a bet (so the
    fold does not affect who gets the cards to come)." """
    holdings = ["Ah Kh 9c As 5s", "Qd Qs 2c 3d 5d 8s", "Jd Tc 8d 4c 5h 9s"]
    hand = deal(holdings)
    passive_round(hand)  # third street
    assert hand.street == 1 and hand.actor == 0
    assert Action.FOLD in hand.legal_actions().actions
    hand.act(Action.FOLD)  # checking was free
    hand.act(Action.CHECK)
    hand.act(Action.CHECK)
    assert hand.street == 2 and not hand.done
    assert [len(hand.up[s]) for s in range(3)] == [3, 3, 3]  # seat 0 still dealt fifth street
    hand.act(Action.BET)  # the bet kills seat 0's hand
    hand.act(Action.CALL)
    assert hand.street == 3 and [len(hand.up[s]) for s in range(3)] == [3, 4, 4]
    assert hand.up[1] == parse_cards("2c 3d 5d 8s").tolist()
    assert hand.up[2] == parse_cards("8d 4c 5h 9s").tolist()


def test_fold_when_checking_is_free_can_be_refused():
    hand = deal(
        ["Ah Kh 9c As", "Qd Qs 2c 3d", "Jd Tc 8d 4c"], table=make_table(fold_when_check_free=False)
    )
    passive_round(hand)
    assert hand.legal_actions().actions == (Action.CHECK, Action.BET)
    with pytest.raises(StudActionError, match="checking is free"):
        hand.act(Action.FOLD)


def test_free_fold_can_end_the_hand():
    hand = deal(["Ah Kh 9c As", "Qd Qs 2c 3d"])
    passive_round(hand)
    hand.act(Action.FOLD)
    assert hand.done and hand.stacks == [DEEP - 300, DEEP + 300]


# -------------------------------------------------------------------- house
def test_drop_never_takes_more_than_the_pot_and_can_skip_third_street():
    """A fixed drop is at most the pot; ``no_rake_third_street`` on a drop skips hands
    that end on the first betting round, like the percent rake."""
    for flag, taken in ((False, 300), (True, 0)):
        table = make_table(rake=DropRake(amount=Fraction(5), no_rake_third_street=flag))
        hand = deal(THREE, table=table)
        hand.act(Action.BRING_IN)
        hand.act(Action.FOLD)
        hand.act(Action.FOLD)  # pot: 300 of antes (the uncalled bring-in comes back)
        assert hand.settlement.rake == taken
        assert sum(hand.stacks) + taken == 3 * DEEP
    table = make_table(rake=DropRake(amount=Fraction(5), no_rake_third_street=True))
    hand = deal(["Ah Kh 9c As", "Qd Qs 2c 3d"], table=table)
    passive_round(hand)
    hand.act(Action.BET)
    hand.act(Action.FOLD)
    assert hand.settlement.rake == 500


def _bad_beat_settle(table, n_players, contrib):
    held = [
        parse_cards(h).tolist()
        for h in ("Ac Ad Ah Kc Kd 2s 3s", "5h 6h 7h 8h 9h 2d 3d", "Qc Jd 9c 8c 4d 2h 3h")
    ]
    held += [[] for _ in range(n_players - 3)]
    live = [True, True, True] + [False] * (n_players - 3)
    return settle(STUD, table, contrib=contrib, live=live, held=held, community=[], street=4)


@pytest.mark.parametrize(
    ("n_players", "pot_each", "hit"),
    [(4, 1000, True), (3, 1000, False), (4, 400, False)],
)
def test_bad_beat_needs_min_pot_and_players_dealt_in(n_players, pot_each, hit):
    """Aces full loses to a straight flush: a hit only with the jackpot's minimum pot
    (20.00 after rake) and ``min_players`` (4) dealt in."""
    table = make_table(
        rake=PercentRake(rate=Fraction(1, 10), cap=Fraction(4)),
        bad_beat=BadBeatJackpot(
            drop=Fraction(1),
            min_pot=Fraction(20),
            qualifying_hand=QualifyingHand(category="full_house", ranks=("A",)),
            loser_share=Fraction(1, 2),
            winner_share=Fraction(1, 4),
            table_share=Fraction(1, 4),
            min_players=4,
        ),
    )
    contrib = [pot_each] * 3 + [100] * (n_players - 3)
    s = _bad_beat_settle(table, n_players, contrib)
    assert (s.bad_beat == (0, 1)) is hit
    assert (s.drop == 100) is (sum(contrib) - s.rake >= 2000)


def test_rake_comes_from_the_main_pot_first():
    table = make_table(rake=PercentRake(rate=Fraction(1, 10), cap=Fraction(4)))
    s = _bad_beat_settle(table, 3, [300, 2000, 2000])
    assert s.rake == 400 and s.pots == ((900, (0, 1, 2)), (3400, (1, 2)))
    main = [a for a in s.awards if a.pot == 0]
    assert sum(a.amount for a in main) == 500  # the main pot paid the rake
    assert sum(s.winnings) + s.rake == 4300


def test_table_seat_limit_is_enforced():
    table = make_table(max_seats=4)
    with pytest.raises(StudActionError, match=r"2\.\.4 players"):
        StudHand(STUD, table, [DEEP] * 5, list(range(52)))


# ---------------------------------------------------------- community cards
def test_stacked_deck_places_the_run_out_community_card():
    """Robert's stud rule 15: "... the dealer announces to the table that a common card
    will be used. The dealer will burn a card and turn one card faceup in the center
    of the table as a common card that plays in everyone's hand." Eight hands to
    seventh street without burn cards leave four cards: a burn, then the common card."""
    variant = dataclasses.replace(STUD, burn=False)
    holdings = [list(range(6 * i, 6 * i + 6)) for i in range(8)]
    hand = deal(holdings, variant=variant, community=[50])
    while not hand.done:
        passive_round(hand)
    assert hand.community == [50]
    assert all(hand.down[s] + hand.up[s] == holdings[s] for s in range(8))


def test_stacked_deck_places_a_community_street_card():
    streets = (*STUD.streets[:-1], Street(name="seventh", down=0, up=1, bet="big", community=True))
    variant = dataclasses.replace(STUD, streets=streets)
    holdings = ["Ah Kh 9c As 5s 7c", "Qd Qs 2c 3d 5d 8s"]
    hand = deal(holdings, variant=variant, community="Kd")
    while not hand.done:
        passive_round(hand)
    assert format_cards(hand.community) == "Kd"
    assert format_cards(hand.down[0] + hand.up[0]) == "Ah Kh 9c As 5s 7c"


def test_stacked_deck_refuses_impossible_layouts():
    with pytest.raises(ValueError, match="twice"):
        stacked_deck(STUD, ["Ah Kh 9c", "Ah 2c 3c"])
    with pytest.raises(ValueError, match="no community card"):
        stacked_deck(STUD, ["Ah Kh 9c", "Qd 2c 3c"], community="Kd")


# ---------------------------------------------------------------- both engines
def test_new_house_options_match_on_both_engines():
    """The compiled path honours the drop's third-street rule and the jackpot's
    ``min_players`` (all-in corners are replayed in Python)."""
    table = make_table(
        rake=DropRake(amount=Fraction(1), no_rake_third_street=True),
        bad_beat=BadBeatJackpot(
            drop=Fraction(1),
            min_pot=Fraction(5),
            qualifying_hand=QualifyingHand(category="three_of_a_kind", ranks=("2", "6", "5")),
            loser_share=Fraction(1, 2),
            winner_share=Fraction(1, 4),
            table_share=Fraction(1, 4),
            min_players=6,
        ),
    )
    decks, uniforms = draw_hands(np.random.default_rng(14), 400)
    for players in (5, 8):
        bots = default_population(players)
        fast = play_compiled(STUD, table, bots, decks, uniforms, 0)
        slow, _ = play_python(STUD, table, bots, decks, uniforms, 0)
        assert fast.same_hands(slow)
        assert ((fast.street == 0) <= (fast.rake == 0)).all()
        hits = int((fast.bad_beat[:, 0] >= 0).sum())
        assert hits == 0 if players < 6 else hits > 0
