"""The variant language (docs/variants.md): every new game on stacked decks, chips, bad input."""

from __future__ import annotations

import dataclasses
import zlib

import numpy as np
import pytest
from stud_helpers import load_variant, make_table

from casino_sim.cards import parse_cards
from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, PaytableError, load_text
from casino_sim.evaluator import describe
from casino_sim.games.poker_room import Action, StudHand, simulate_stud, stacked_deck
from casino_sim.games.poker_room.bots import default_population
from casino_sim.games.poker_room.choices import CHOICE_ACTIONS
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.decks import JOKER, deal_order, variant_cards
from casino_sim.games.poker_room.fast import fallback_reason, play_compiled, play_python

#: The games of the variant language (docs/variants.md), by file name.
NEW_VARIANTS = (
    "crocodile_stud",
    "buffalo_stud",
    "australian_stud",
    "zanetti_stud",
    "alligator_stud",
    "murrumbidgee_stud",
    "six_card_stud_141",
    "blind_stud",
    "canadian_stud",
    "kentrel",
    "seven_card_flip",
    "roll_your_own",
    "option_alley",
    "six_card_option",
    "english_stud",
    "draft_stud",
    "chicago",
    "little_chicago",
    "baseball",
    "follow_the_queen",
    "low_hole_wild",
    "number_nine",
    "cowpie",
    "mexican_stud",
    "shifting_sands",
    "seven_card_stud_joker",
)
#: Plain layouts the compiled path plays (no language feature beyond streets).
COMPILED = ("alligator_stud", "six_card_stud_141", "blind_stud")

C = variant_cards


def passive(hand: StudHand, picks: dict[int, list[int | None]] | None = None) -> StudHand:
    """Play ``hand`` out checking and calling; card choices from ``picks[seat]`` in order
    (a card, or None for STAND / the first card listed)."""
    picks = {s: list(p) for s, p in (picks or {}).items()}
    while not hand.done:
        legal = hand.legal_actions()
        if legal.actions[0] in CHOICE_ACTIONS:
            pick = picks.get(legal.seat, []).pop(0) if picks.get(legal.seat) else None
            if pick is None and Action.STAND in legal.actions:
                hand.act(Action.STAND)
            else:
                hand.act(legal.actions[0], pick)
        elif Action.BRING_IN in legal.actions:
            hand.act(Action.BRING_IN)
        elif Action.CHECK in legal.actions:
            hand.act(Action.CHECK)
        else:
            hand.act(Action.CALL)
    return hand


def passive_step(hand: StudHand) -> None:
    """One check, call or bring-in."""
    legal = hand.legal_actions()
    for action in (Action.BRING_IN, Action.CHECK, Action.CALL):
        if action in legal.actions:
            hand.act(action)
            return


def deal(name: str, seats: list[str], *, burn: bool = True, **kw: object) -> StudHand:
    variant = load_variant(name)
    if not burn:
        variant = dataclasses.replace(variant, burn=False)
    deck = stacked_deck(variant, seats, **kw)  # type: ignore[arg-type]
    return StudHand(variant, make_table(), [100_000] * len(seats), deck)


def winners(hand: StudHand) -> list[int]:
    assert hand.settlement is not None
    return [s for s, w in enumerate(hand.settlement.winnings) if w > 0]


# ------------------------------------------------------------------ definitions
@pytest.mark.parametrize("name", NEW_VARIANTS)
def test_every_game_is_a_valid_file(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(PAYTABLE_DIR / "stud" / f"{name}.yaml")]) == 0
    variant = load_variant(name)
    assert "seeds" in variant.source
    assert variant.extended == (name not in COMPILED)
    reason = fallback_reason(variant, make_table(), default_population(3))
    assert (reason is None) == (name in COMPILED)


@pytest.mark.parametrize("name", COMPILED)
def test_plain_layouts_play_alike_in_both_engines(name: str) -> None:
    variant, table = load_variant(name), make_table()
    bots = default_population(min(variant.max_players, 7))
    decks, uniforms = draw_hands(np.random.default_rng(zlib.crc32(name.encode())), 300)
    fast = play_compiled(variant, table, bots, decks, uniforms, 0)
    slow, _ = play_python(variant, table, bots, decks, uniforms, 0)
    assert fast.same_hands(slow)


@pytest.mark.parametrize("name", NEW_VARIANTS)
def test_chips_are_conserved(name: str) -> None:
    """Every chip is accounted for over many random hands (the run reconciles its ledger)."""
    variant = load_variant(name)
    players = min(variant.max_players, 7)
    # A chip lost or made in 1 hand of k unbalances the ledger; N hands show it with
    # 1 - (1 - 1/k)^N: 1,000 Python-engine hands (800-3,600 a second) k = 250 with 98.2%
    # in each game, and a fault in the engine code the 23 Python-engine games share at
    # k = 5,750 with 98.2%; 20,000 compiled hands (cheap) k = 5,000 with 98.2%.
    hands = 1_000 if variant.extended else 20_000
    run = simulate_stud(variant, make_table(), players, hands=hands, seed=11, chunk_size=300)
    assert run.engine == ("python" if variant.extended else "compiled")
    assert sum(p.net for p in run.players) + run.rake + run.jackpot_drop == 0
    assert run.showdowns > 0


# ------------------------------------------------------------------ layouts
def test_crocodile_plays_one_of_two_down_cards() -> None:
    # seat 0: aces in the hole but only one may play; seat 1: a pair of kings up
    hand = passive(deal("crocodile_stud", ["Ah Ad 2c 5d 9h Jc", "3c 4d Kc Kd 7s 8s"]))
    assert describe(hand.settlement.high[0]).startswith("High card, ace")  # type: ignore[union-attr]
    assert winners(hand) == [1]


def test_buffalo_limits_only_the_first_down_cards() -> None:
    # seat 0 holds three aces among its first three down cards: only two play, with
    # the last down card (the fourth ace, free): three aces, not four; seat 1 the same
    # with kings, but its up cards and last down card make a heart flush
    hand = passive(deal("buffalo_stud", ["Ah Ad Ac 2d 5h 9c Jd As", "Kc Kd Ks 3h 4h 6h 7h Kh"]))
    s = hand.settlement
    assert s is not None
    assert describe(s.high[0]).startswith("Three of a kind")  # type: ignore[arg-type]
    assert describe(s.high[1]).startswith("Flush, king high")  # type: ignore[arg-type]


def test_murrumbidgee_and_zanetti_deal_and_restrict() -> None:
    hand = passive(
        deal("murrumbidgee_stud", ["Ah Ad Ac 2d 5h 9c Jd 3s", "Kc Qd 8s 3h 4h 6h 7c Tc"])
    )
    assert [len(hand.down[0]), len(hand.up[0])] == [3, 5]
    assert describe(hand.settlement.high[0]).startswith("Pair of aces")  # type: ignore[union-attr]
    hand = passive(deal("zanetti_stud", ["Ah Ad 2d 5h 9c Jd 3s", "Kc Qd 8s 3h 4h 6h 7c"]))
    assert describe(hand.settlement.high[0]).startswith("High card, ace")  # type: ignore[union-attr]


def test_six_card_1_4_1_and_alligator_layouts() -> None:
    hand = passive(deal("six_card_stud_141", ["2c 9d Ts Js Qs Ks", "3c 4d 5h 6h 7c 8c"]))
    assert (len(hand.down[0]), len(hand.up[0])) == (2, 4)
    hand = passive(deal("alligator_stud", ["2c 9d Ts Js Qs Ks", "3c 4d 5h 6h 7c 8c"]))
    assert (len(hand.down[0]), len(hand.up[0])) == (1, 5)


def test_blind_stud_deals_every_card_down() -> None:
    hand = deal("blind_stud", ["Ac Ad 2c 3d 4h 5s 9c", "Kc Kd 7c 8d Th Js Qc"])
    assert hand.up == [[], []] and hand.actor == 0
    assert Action.BRING_IN not in hand.legal_actions().actions
    hand = passive(hand)
    assert hand.up == [[], []] and winners(hand) == [0]  # a five-high straight beats kings


def test_canadian_four_card_hands() -> None:
    # a four-card flush beats a four-card straight beats a pair; two pair beats both
    hand = passive(deal("canadian_stud", ["2h 5h 9h Kh 3c", "Ac Ad 7s 8d Qc", "4c 5d 6s 7c Jd"]))
    assert winners(hand) == [0]
    hand = passive(deal("canadian_stud", ["2h 5h 9h Kh 3c", "Ac Ad 7s 7d Qc"]))
    assert winners(hand) == [1]
    hand = passive(deal("canadian_stud", ["Ac Ad 7s 8d Qc", "4c 5d 6s 7c Jd"]))
    assert winners(hand) == [1]


# ------------------------------------------------------------------ choices
def test_australian_discards_after_the_first_betting_round() -> None:
    hand = deal("australian_stud", ["Ah Ad 2c 9s Kd Kh Kc Ks", "3c 4d 5h 6h 7c 8c Tc Jc"])
    while hand.legal_actions().actions[0] not in CHOICE_ACTIONS:
        legal = hand.legal_actions()
        hand.act(Action.BRING_IN if Action.BRING_IN in legal.actions else Action.CALL)
    legal = hand.legal_actions()
    assert legal.actions == (Action.DISCARD,) and hand.street == 1
    assert [len(d) for d in hand.down] == [3, 3] and [len(u) for u in hand.up] == [1, 1]
    assert set(legal.sizes) == set(parse_cards("Ah Ad 2c").tolist())
    with pytest.raises(Exception, match="cannot be chosen"):
        hand.act(Action.DISCARD, int(parse_cards("9s")[0]))
    passive(hand, {0: [int(parse_cards("2c")[0])]})
    assert hand.down[0][:2] == parse_cards("Ah Ad").tolist() and len(hand.down[0]) == 3


def test_roll_your_own_exposes_together() -> None:
    hand = deal("roll_your_own", ["Ah Ad 2c 9s Kd Kh Jc", "3c 4d 5h 6h 7c 8c Tc"])
    ah, two = (int(c) for c in parse_cards("Ah 2c"))
    hand.act(Action.EXPOSE, two)
    assert hand.up == [[], []]  # nothing turns until everyone has chosen
    hand.act(Action.EXPOSE)
    assert hand.up[0] == [two] and len(hand.up[1]) == 1
    assert Action.BRING_IN in hand.legal_actions().actions
    passive(hand, {0: [int(c) for c in parse_cards("9s Kd Kh")]})
    assert ah in hand.down[0] and len(hand.up[0]) == 4 and len(hand.down[0]) == 3
    assert hand.up[0][:3] == [two, *(int(c) for c in parse_cards("9s Kd"))]


def test_seven_card_flip_turns_two_and_has_no_bring_in() -> None:
    hand = deal("seven_card_flip", ["Ah Ad 2c 9s Kd Kh Jc", "3c 4d 5h 6h 7c 8c Tc"])
    picks = [int(c) for c in parse_cards("2c 9s")]
    for card in picks:
        hand.act(Action.EXPOSE, card)
    hand.act(Action.EXPOSE)
    hand.act(Action.EXPOSE)
    actions = hand.legal_actions().actions
    assert hand.up[0] == picks and Action.CHECK in actions and Action.BRING_IN not in actions


def test_kentrel_discards_then_exposes_and_splits_hi_lo() -> None:
    hand = deal("kentrel", ["Ah Kd 2c 3s 4d 5h 6c", "Kc Ks Qd Qs Kh 9c 9d"])
    k, a = (int(c) for c in parse_cards("Kd Ah"))
    passive(hand, {0: [k, a]})
    assert k not in hand.down[0] + hand.up[0] and hand.up[0][0] == a
    s = hand.settlement
    assert s is not None and {aw.half for aw in s.awards} == {"high", "low"}


def test_twist_replaces_a_card_dealt_as_the_old_one() -> None:
    no_burn = dataclasses.replace(load_variant("option_alley"), burn=False)
    seats = ["2c 3d 4h 5s 9c", "Kc Kd Qh Qs Jc"]
    deck = stacked_deck(no_burn, seats)
    deck.remove(int(parse_cards("Ac")[0]))
    deck.insert(10, int(parse_cards("Ac")[0]))  # the first card after the deal
    hand = StudHand(no_burn, make_table(), [100_000] * 2, deck)
    nine, ace = (int(c) for c in parse_cards("9c Ac"))
    passive(hand, {0: [nine]})
    assert hand.up[0][-1] == ace and nine not in hand.up[0]
    assert hand.extra is not None and hand.extra.log[0][2:] == (Action.TWIST, nine, ace)
    assert hand.extra.log[1][2] is Action.STAND


def test_draft_worst_board_picks_first() -> None:
    no_burn = dataclasses.replace(load_variant("draft_stud"), burn=False)
    deck = C("2c 3c 4c 4d Ac Kd As Ks 9h")  # seat 0 shows Ac, seat 1 Kd
    deck += [c for c in range(52) if c not in deck]
    hand = StudHand(no_burn, make_table(), [100_000] * 2, deck)
    passive(hand, {1: [int(parse_cards("Ks")[0])]})
    assert hand.extra is not None
    first = hand.extra.log[0]
    assert first[1:3] == (1, Action.DRAFT) and hand.up[1][1] == int(parse_cards("Ks")[0])
    assert hand.up[0][1] == int(parse_cards("As")[0])


# ------------------------------------------------------------------ wild cards
def test_baseball_bonus_card_and_wild_threes_and_nines() -> None:
    no_burn = dataclasses.replace(load_variant("baseball"), burn=False)
    deck = C("Ac Kc Ad Kd 4h Qh 7s")  # seat 0's third-street up card is a 4: one more
    deck += [c for c in range(52) if c not in deck]
    hand = StudHand(no_burn, make_table(), [100_000] * 2, deck)
    assert hand.up[0] == C("4h 7s") and hand.up[1] == C("Qh")
    wild = load_variant("baseball")
    from casino_sim.games.poker_room.variant_eval import seat_values

    high, _ = seat_values(wild, [C("Ac 3d")], [C("Ah As 9c Ad 2c")], up_order=[])
    assert high[0] == 7474  # five aces


def test_stacked_deck_places_baseball_bonus_up_cards() -> None:
    """A 4 dealt face up earns its player one more up card at once: ``stacked_deck`` takes
    the seat's next listed card as that bonus card (a bonus 4 earns another), and every
    later card lands as listed."""
    seats = ["Ac Kc 4h 2c Qs 9d", "Ad Kd Qh 4d 3d 8c"]
    hand = deal("baseball", seats)
    assert hand.up == [C("4h 2c"), C("Qh")]
    passive_step(hand)
    passive_step(hand)  # fourth street: seat 1's 4d earns 3d
    assert hand.up == [C("4h 2c Qs"), C("Qh 4d 3d")]
    chained = deal("baseball", ["2c 3c 4h 4s Kc", "Ad Kd Qh"])
    assert chained.up == [C("4h 4s Kc"), C("Qh")]
    with pytest.raises(ValueError, match="bonus up card"):
        stacked_deck(load_variant("baseball"), ["Ac Kc 4h", "Ad Kd Qh"])


def test_follow_the_queen_moves_with_each_queen() -> None:
    from casino_sim.games.poker_room.variant_eval import wild_masks

    ftq = load_variant("follow_the_queen")
    q, five, q2, seven = C("Qh 5d Qc 7s")
    assert wild_masks(ftq, [[]], up_order=[q, five]) == [1 << 10 | 1 << 3]
    assert wild_masks(ftq, [[]], up_order=[q, five, q2, seven]) == [1 << 10 | 1 << 5]
    assert wild_masks(ftq, [[]], up_order=[q, five, q2]) == [1 << 10]


def test_low_hole_card_is_wild_for_its_player_only() -> None:
    from casino_sim.games.poker_room.variant_eval import seat_values

    v = load_variant("low_hole_wild")
    high, _ = seat_values(
        v, [C("2c Ah 2d"), C("Kc Ks 9d")], [C("Ad Ac 7s 2h"), C("2s 3s 4s 5s")], up_order=[]
    )
    assert describe(min(high[0], 7461)) and high[0] == 7474  # 2s wild: five aces
    assert describe(high[1]) == "Flush, king high" or high[1] is not None


# ------------------------------------------------------------------ splits
def test_chicago_splits_with_the_high_spade_in_the_hole() -> None:
    hand = passive(deal("chicago", ["Ah Qs Ad Ac 2d 5h 9c", "Kc Ks Kd 3h 4h 6h 7c"]))
    s = hand.settlement
    assert s is not None and {(a.seat, a.half) for a in s.awards} == {(0, "high"), (1, "spade")}
    hand = passive(deal("little_chicago", ["Ah Qs Ad Ac 2d 5h 9c", "Kc Ks Kd 3h 4h 6h 7c"]))
    s = hand.settlement
    assert s is not None and {(a.seat, a.half) for a in s.awards} == {(0, "high"), (0, "spade")}
    # no spade in the hole: the high hand takes it all
    hand = passive(deal("chicago", ["Ah Qd Ad Ac 2d 5h 9c", "Kc Kh Kd 3h 4h 6h 7c"]))
    assert {a.half for a in hand.settlement.awards} == {"all"}  # type: ignore[union-attr]


def test_number_nine_sums_make_wild_cards() -> None:
    from casino_sim.games.poker_room.variant_eval import seat_values

    v = load_variant("number_nine")
    # A+8 and 4+5 each make a wild card: with three kings, five kings
    high, _ = seat_values(v, [C("Ac 8d 4h")], [C("5s Kc Kd Kh")], up_order=[])
    assert high[0] == 7473
    # 9s are wild too: K-K-K + 9 = four kings and a pair of... four kings, no sums here
    high, _ = seat_values(v, [C("Qc Jd 9h")], [C("2s Kc Kd Kh")], up_order=[])
    assert describe(high[0]).startswith("Four of a kind, kings")  # type: ignore[arg-type]


def test_cowpie_splits_five_and_two() -> None:
    from casino_sim.games.poker_room.cowpie import aside_options, outranks
    from casino_sim.games.poker_room.variant_bots import choose_card

    hand = deal("cowpie", ["Ah 2c Ks Kd 9c 4h 7d", "Qh Qd Qs 3c 5d 8h Jc"])
    while not (hand.extra is not None and hand.extra.pending):
        passive_step(hand)
    while hand.extra.pending:
        legal = hand.legal_actions()
        assert legal.actions == (Action.SET_ASIDE,)
        hand.act(*choose_card(hand, legal.seat, legal))
    passive(hand)
    extra, s = hand.extra, hand.settlement
    assert extra is not None and s is not None
    # the bots' rule: the kings (seat 0) and queens (seat 1) stay in the five; the best
    # two-card hand holding a down card goes aside
    assert sorted(extra.aside[0]) == sorted(C("Ah 9c"))
    assert {(a.seat, a.half) for a in s.awards} == {(1, "high"), (0, "two-card")}
    # a pair set aside needs a five-card hand above it; a two-card hand needs a down card
    assert not outranks(C("Ac Kd 7h 5c 2d"), C("3s 3h"))
    assert outranks(C("Ac Ad 7h 5c 2d"), C("3s 3h"))
    options = aside_options(C("Ah 2c 7d"), C("Ks Kd 9c 4h"), C("Ks"))
    # the king needs a down card beside it, and not the ace: K-9 high would not outrank A-K
    assert set(options) == set(C("2c 7d"))


def test_mexican_stud_deck_joker_and_ranking() -> None:
    from casino_sim.games.poker_room.variant_eval import seat_values

    v = load_variant("mexican_stud")
    deck = stacked_deck(v, ["Jk 2c Kc Kd Ks", "5c 6d 7h Jc Qs"])
    assert len(deck) == 41 and deck[0] == JOKER and int(parse_cards("8c")[0]) not in deck
    # every card comes down; each player rolls one up after each deal (the joker stays down)
    hand = StudHand(v, make_table(), [100_000] * 2, deck)
    k = [int(c) for c in parse_cards("2c Kc Kd Ks")]
    passive(hand, {0: k, 1: [int(c) for c in parse_cards("5c 6d 7h Jc")]})
    assert hand.down[0] == [JOKER] and hand.up[0] == k
    s = hand.settlement
    assert s is not None and winners(hand) == [0]  # the down joker is wild: four kings
    # 7-J connect: 5-6-7-J-Q is a straight; a flush beats a full house
    straight, pair = seat_values(
        v, [C("5c"), C("Ac")], [C("6d 7h Jc Qs"), C("Ad 2c 3d 4h")], up_order=[]
    )[0]
    assert straight is not None and pair is not None and straight > pair
    flush, full = seat_values(
        v, [C("2h"), C("Kc")], [C("5h 7h Jh Qh"), C("Kd Ks 4h 4d")], up_order=[]
    )[0]
    assert flush is not None and full is not None and flush > full
    # the joker face up is a bug (an ace here); face down it is wild
    up_bug, down_wild = seat_values(
        v, [C("2c"), C("Jk")], [C("Jk Kc Kd Ks"), C("2c Kc Kd Ks")], up_order=[]
    )[0]
    assert up_bug is not None and down_wild is not None and down_wild > up_bug


# ------------------------------------------------------------------ decks
def test_deal_order_keeps_a_uniform_order() -> None:
    from casino_sim.config.stud_rules import Deck

    deck = Deck(strip=("8", "9", "T"), jokers=1)
    order = deal_order(deck, list(range(52)))
    assert len(order) == 41 and order.count(JOKER) == 1 and sorted(order) == deck.cards()
    one = Deck(jokers=1)
    assert deal_order(one, list(range(52)), [0.0])[0] == JOKER
    assert len(deal_order(one, list(range(52)), [0.99])) == 53


# ------------------------------------------------------------------ bad input
SEVEN = """kind: stud_variant
name: x
streets:
  - {name: third, down: 2, up: 1, bet: small}
  - {name: fourth, up: 1, bet: small}
  - {name: fifth, up: 1, bet: big}
  - {name: sixth, up: 1, bet: big}
  - {name: seventh, down: 1, bet: big}
"""
BAD = {
    "deck-too-small": (
        SEVEN + "deck: {strip: ['2', '3', '4', '5']}\nmax_players: 8\n",
        10,
        "max_players",
        "exceed a 36-card deck",
    ),
    "wild-rank-stripped": (
        SEVEN + "deck: {strip: ['8', '9', 'T'], jokers: 1}\nwild: {ranks: ['9']}\nmax_players: 5\n",
        10,
        "wild.ranks[0]",
        "rank 9 is stripped",
    ),
    "restriction-below-five": (
        SEVEN.replace("down: 2, up: 1", "down: 3, up: 1")
        .replace("name: third", "name: fourth")
        .replace("fourth, up", "fifth, up", 1)
        .replace("fifth, up: 1, bet: big", "sixth, up: 1, bet: big", 1)
        .replace(
            "sixth, up: 1, bet: big}\n  - {name: seventh",
            "seventh, up: 1, bet: big}\n  - {name: eighth",
        )
        + "play: {hole: 0, up: 3}\nmax_players: 6\n",
        9,
        "play.hole",
        "leaves 3 cards to play",
    ),
    "draft-down-cards": (
        SEVEN.replace(
            "{name: fourth, up: 1, bet: small}", "{name: fourth, down: 1, draft: true, bet: small}"
        ),
        5,
        "streets[1].draft",
        "a draft street deals up cards only",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_variants_give_one_line_with_file_line_and_key(
    case: str, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line, key, message = BAD[case]
    with pytest.raises(PaytableError):
        load_text(text)
    path = tmp_path / f"{case}.yaml"  # type: ignore[operator]
    path.write_text(text)
    for argv in (["validate", str(path)], ["stud", str(path), "stud/tables/5-10", "--hands", "10"]):
        assert main(argv) == 2
        out = capsys.readouterr()
        err = (out.out + out.err).strip().splitlines()
        lines = [e for e in err if str(path) in e]
        assert len(lines) == 1, err
        assert f"{path}:{line}: {key}: " in lines[0] and message in lines[0]


def test_a_structure_the_variant_does_not_allow(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (PAYTABLE_DIR / "stud" / "option_alley.yaml").read_text()
    path = tmp_path / "fixed_only.yaml"  # type: ignore[operator]
    path.write_text(text + "structures: [fixed-limit]\n")
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    table = PAYTABLE_DIR / "stud" / "tables" / "mississippi-no-limit.yaml"
    assert main(["stud", str(path), str(table), "--hands", "10"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    lines = [e for e in err if "mississippi-no-limit.yaml" in e]
    assert len(lines) == 1 and ".yaml:6: structure: " in lines[0], err
    assert "fixed-limit only, not no-limit" in lines[0]
    variant = load_text(path.read_text())
    with pytest.raises(Exception, match="fixed-limit only"):
        simulate_stud(
            variant, dataclasses.replace(make_table(), structure="no-limit"), 2, hands=1, seed=1
        )


def test_histories_record_choices_and_jokers() -> None:
    from casino_sim.games.poker_room import HandRecord, StudDealer

    dealer = StudDealer(load_variant("mexican_stud"), make_table())
    for seed in range(40):
        r = dealer.play_hand(np.random.default_rng(seed), default_population(6), keep_hand=True)
        record = HandRecord.from_result(r, hand_id=seed, players=tuple(range(6)))
        assert HandRecord.from_json(record.to_json()) == record
        assert record.choices and record.choices[0][2] == "expose"
        if any("Jk" in cards for cards in record.down + record.up):
            break
    else:
        pytest.fail("no joker dealt in 40 hands")


def test_joker_in_a_53_card_deck_is_wild_down_and_a_bug_up() -> None:
    v = load_variant("seven_card_stud_joker")
    assert v.deck.size == 53
    down = passive(deal("seven_card_stud_joker", ["Jk Kc Kd Ks Kh 2c 3d", "Qc Qd Qs 4h 5h 6h 7c"]))
    assert down.settlement is not None and down.settlement.high[0] == 7473  # five kings
    up = passive(deal("seven_card_stud_joker", ["Kc Kd Jk Ks Kh 2c 3d", "Qc Qd Qs 4h 5h 6h 7c"]))
    assert up.up[0][0] == JOKER
    assert describe(up.settlement.high[0]).startswith("Four of a kind, kings")  # type: ignore[union-attr,arg-type]


def test_no_twist_once_the_deck_is_out() -> None:
    v = dataclasses.replace(load_variant("option_alley"), burn=False)
    seats = ["2c 3d 4h 5s 9c", "Kc Kd Qh Qs Jc"]
    deck = stacked_deck(v, seats)[:10]  # only the dealt cards: nothing left to twist
    hand = StudHand(v, make_table(), [100_000] * 2, deck)
    while not (hand.extra is not None and hand.extra.pending):
        passive_step(hand)
    legal = hand.legal_actions()
    assert legal.actions == (Action.STAND,) and legal.sizes == ()
    with pytest.raises(Exception, match="must stand"):
        hand.act(Action.TWIST, int(parse_cards("9c")[0]))


def test_bot_choice_rules() -> None:
    from casino_sim.games.poker_room.variant_bots import choose_card

    # draft: the worst board (seat 1) takes the card that helps it most: the king pairs it
    no_burn = dataclasses.replace(load_variant("draft_stud"), burn=False)
    deck = C("2c 3c 4c 4d Ac Kd As Ks")
    deck += [c for c in range(52) if c not in deck]
    hand = StudHand(no_burn, make_table(), [100_000] * 2, deck)
    while not (hand.extra is not None and hand.extra.pending):
        passive_step(hand)
    legal = hand.legal_actions()
    assert legal.seat == 1 and choose_card(hand, 1, legal) == (Action.DRAFT, C("Ks")[0])
    # roll your own: the paired kings stay down, the lowest other card goes up
    hand = deal("roll_your_own", ["Kh Kd 4c 9s Qd Qh Jc", "3c 4d 5h 6h 7c 8c Tc"])
    assert choose_card(hand, 0, hand.legal_actions()) == (Action.EXPOSE, C("4c")[0])
    # twist: a weak hand swaps its least useful card (in a game with a low half the
    # highest unpaired card); a strong one stands
    v = dataclasses.replace(load_variant("option_alley"), burn=False)
    hand = StudHand(
        v, make_table(), [100_000] * 2, stacked_deck(v, ["2c 3d 8h Ks 9c", "Ac Ad Ah Qs Jc"])
    )
    while not (hand.extra is not None and hand.extra.pending):
        passive_step(hand)
    assert choose_card(hand, 0, hand.legal_actions()) == (Action.TWIST, C("Ks")[0])
    hand.act(Action.TWIST, C("Ks")[0])
    assert choose_card(hand, 1, hand.legal_actions()) == (Action.STAND, None)
