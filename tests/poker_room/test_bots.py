"""The bots read their hands by the variant's ranking (high, ace-to-five, ace-to-six, hi-lo)."""

from __future__ import annotations

import numpy as np
import pytest
from stud_helpers import load_variant, make_table

from casino_sim.games.poker_room import (
    Action,
    StudHand,
    default_population,
    hand_strength,
    stacked_deck,
)
from casino_sim.games.poker_room.bots import _best_low, _low_strength
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import play_compiled, play_python
from casino_sim.games.poker_room.fast_bots import best_low, low_strength

T = make_table()


def london_lowball():
    return load_variant("london_lowball")


def razz():
    return load_variant("razz")


def seven_card_stud():
    return load_variant("seven_card_stud")


def stud_hilo():
    return load_variant("stud_hilo8")


def strengths(variant, holdings, street=0):
    """(made, draw) of every seat once the hand reaches ``street``, checking and calling."""
    hand = StudHand(variant, T, [100_000] * len(holdings), stacked_deck(variant, holdings))
    while hand.street < street:
        legal = hand.legal_actions().actions
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))
    assert hand.street == street and not hand.done
    return [hand_strength(hand, s) for s in range(len(holdings))]


def test_low_games_bet_differently_on_the_same_cards():
    """Razz and London lowball deal and bring in alike: only the bots' reading differs."""
    decks, uniforms = draw_hands(np.random.default_rng(1), 400)
    bots = default_population(8)
    a5 = play_compiled(razz(), T, bots, decks, uniforms, 0)
    a6 = play_compiled(london_lowball(), T, bots, decks, uniforms, 0)
    assert not np.array_equal(a5.wagered, a6.wagered)
    assert not np.array_equal(a5.street, a6.street)
    slow, _ = play_python(london_lowball(), T, bots, decks, uniforms, 0)
    assert slow.same_hands(a6)


@pytest.mark.parametrize(
    ("variant", "low_wins"),
    [(razz, True), (london_lowball, True), (seven_card_stud, False)],
    ids=["razz", "london-lowball", "stud"],
)
@pytest.mark.parametrize(
    ("holdings", "street"),
    [
        (["Ah 2d 3c", "Kh Kd Qc"], 0),  # third street
        (["9h Td As 2c 3d", "7h 4d Ks Kc Qh"], 2),  # fifth street: A-2-3 up vs K-K-Q up
    ],
    ids=["third", "fifth"],
)
def test_wheel_draw_against_paired_high_draw(variant, low_wins, holdings, street):
    (low_made, _), (high_made, _) = strengths(variant(), holdings, street)
    assert (low_made > high_made) is low_wins


# seventh street: down, down, up x 4, down
WHEEL = "Ah 2d 3c 4s 5h Kd Kc"
SIX_FOUR = "As 2h 3d 4c 6s Qd Qc"
NINE_EIGHT = "Ad 2c 4h 8s 9h Jd Jc"
PAIRED = "Ac 2s 3s 3h 4d Ts Th"  # paired board: four distinct low ranks
SUITED_SIX = "Ah 2h 3h 4h 6h Kd Kc"  # a flush in ace-to-six
OTHER = "Qs Js Ts 9s 8s 7d 6d"


def test_razz_wheel_is_the_nuts_and_paired_boards_are_weak():
    made = [m for m, _ in strengths(razz(), [WHEEL, SIX_FOUR, NINE_EIGHT, PAIRED], 4)]
    assert made[0] == pytest.approx(0.95)
    assert made[0] > made[1] > made[2] > 0.5 > made[3]


def test_ace_to_six_counts_straights_and_flushes_against_the_low():
    v = london_lowball()
    wheel, six_four, nine_eight = (m for m, _ in strengths(v, [WHEEL, SIX_FOUR, NINE_EIGHT], 4))
    assert six_four == pytest.approx(0.95)  # 6-4-3-2-A is the ace-to-six nuts
    assert six_four > nine_eight > 0.5 > wheel  # A-2-3-4-5 is a straight, K-K a pair
    (a6_suited, _), _ = strengths(v, [SUITED_SIX, OTHER], 4)
    (a5_suited, _), _ = strengths(razz(), [SUITED_SIX, OTHER], 4)
    assert a6_suited < 0.5 < a5_suited


def test_ace_to_six_four_card_low_has_fewer_outs():
    """A-2-3-4 needs a 6-9 in ace-to-six (a five makes a straight); any 5-9 in razz."""
    seats = ["Ah 2d 3c 4s", "Kh Qd Jc Ts"]
    (_, a5_draw), _ = strengths(razz(), seats, 1)
    (_, a6_draw), _ = strengths(london_lowball(), seats, 1)
    assert a5_draw == pytest.approx(0.12 * 3)
    assert a6_draw == pytest.approx(0.12 * 3 * 4 / 5)


def test_hilo_values_the_low_half():
    """A four-card low draw and a made seven-low count in hi-lo, not in stud high."""
    draw_seats = ["Ac 2d 5h 4s", "Kh Qd Jc 9s"]
    (hilo_made, hilo_draw), _ = strengths(stud_hilo(), draw_seats, 1)
    (high_made, high_draw), _ = strengths(seven_card_stud(), draw_seats, 1)
    assert hilo_draw > high_draw + 0.3 and hilo_made >= high_made
    made_seats = ["Ac 2d 4h 5s 7c Kd Qh", "Kh Ks Jc 9s 8d 8h 3s"]
    (hilo_low, _), _ = strengths(stud_hilo(), made_seats, 4)
    (high_only, _), _ = strengths(seven_card_stud(), made_seats, 4)
    assert hilo_low > 0.8 > 0.3 > high_only


def test_compiled_low_reading_matches_python():
    rng = np.random.default_rng(3)
    for _ in range(3000):
        n = int(rng.integers(3, 8))
        cards = rng.permutation(52)[:n].astype(np.int64)
        cards_left, limit, six = (
            int(rng.integers(0, 5)),
            int(rng.integers(8, 10)),
            bool(rng.random() < 0.5),
        )
        want = _low_strength(cards.tolist(), cards_left, limit=limit, six=six)
        got = low_strength(cards, n, cards_left, limit, six)
        assert got == want
        masks, packed = [0] * 14, 0
        for c in cards.tolist():
            v = ((c >> 2) + 1) % 13 + 1
            masks[v] |= 1 << (c & 3)
            packed |= 1 << (4 * v + (c & 3))
        assert best_low(packed, six) == (_best_low(masks, six=six) or (-1, -1))
