"""Hand-written settlement cases: pure rules, payout caps and partial progressive participation,
both in the pure functions and replayed through the compiled kernel (its meter-share hits
replayed through the one meter model, ``ProgressiveMeter``)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.cards import parse_cards
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.engine.ledger import Ledger
from casino_sim.games.banked.caribbean_stud.meter import ProgressiveMeter
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc
from casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay import MeterReplay
from casino_sim.games.banked.caribbean_stud.rules import (
    DEALER_WINS,
    FOLD,
    NO_QUALIFY,
    OUTCOMES,
    PUSH,
    WIN,
    net_antes,
    settle_hand,
)

from .conftest import play_deals

# player, dealer (up-card first), raised -> outcome, net in antes (standard pays)
CASES = [
    ("Ah Ad 7c 5s 2d", "Kc Kd 9h 4s 3c", True, WIN + 1, 3),  # pair beats pair: 1 + 2x1
    ("Ah Ad 7c 5s 2d", "Kc Qd 9h 4s 3c", True, NO_QUALIFY, 1),  # K-Q high does not qualify
    ("Ah Ad 7c 5s 2d", "Kc Qd 9h 4s 3c", False, FOLD, -1),
    ("Ah Kd 7c 5s 2d", "Ac Kc 9h 4s 3c", True, DEALER_WINS, -3),
    ("Ah Kd 9c 4s 3d", "Ac Ks 9h 4c 3c", True, PUSH, 0),
    ("Ah Kh Qh Jh Th", "Ac Ks 9h 4c 3c", True, WIN + 9, 201),  # royal: 1 + 2 x 100
    ("Ah Kd Qc 9s 3d", "Ac Ks 9h 4c 3c", True, WIN + 0, 3),  # A-K-Q beats A-K-9
]


@pytest.mark.parametrize(("player", "dealer", "raised", "outcome", "net"), CASES)
def test_settle_hand(standard, player, dealer, raised, outcome, net):
    result = settle_hand(
        parse_cards(player), parse_cards(dealer), raised=raised, paytable=standard, ante=2
    )
    assert (result.outcome, result.net) == (outcome, 2 * net)


def test_cap_limits_the_raise_win_in_money(capped):
    # ante 100: a royal's raise would win 100 x 200 = 20,000; the cap is 5,000 -> net 5,100
    result = settle_hand(parse_cards("Ah Kh Qh Jh Th"), parse_cards("Ac Ks 9h 4c 3c"),
                         raised=True, paytable=capped, ante=100)  # fmt: skip
    assert result.net == 5100 and result.ante_result == 100
    nets = net_antes(capped, ante=Fraction(25))
    assert nets[OUTCOMES.index("Player wins: Royal flush")] == 201  # exactly at the cap
    assert nets[OUTCOMES.index("Player wins: Straight flush")] == 101  # below it


ROYAL_VS_QUALIFIER = "Ah Kh Qh Jh Th  2c 2d 7h 8s 9c  Ac Ks 9d 4c 3c"  # seat 1 royal, seat 2 pair


def test_kernel_applies_the_cap_per_seat_ante(capped):
    seats = (mc.Seat("pair-or-better", Fraction(100)), mc.Seat("pair-or-better", Fraction(5)))
    tally = play_deals(mc.CaribbeanSimConfig(capped, seats), [ROYAL_VS_QUALIFIER])
    assert tally.counts[0, OUTCOMES.index("Player wins: Royal flush")] == 1
    assert tally.counts[1, WIN + 1] == 1  # deuces beat A-K high
    assert tally.moments[0, 0] == 5100.0  # ante 100 + capped raise 5,000
    assert tally.moments[1, 0] == 15.0
    assert tally.moments[2, 0] == -5115.0  # the house, main game


def _replayed(config, tally):
    replay = MeterReplay(config.progressive, betting_seats=sum(s.progressive for s in config.seats))
    replay.replay_chunk(tally.side_hits, tally.events)
    replay.reconcile()
    return replay


def test_kernel_partial_progressive_participation(standard, progressive):
    # seat 1 (royal) has no side bet, seats 2 and 3 do; seat 3 holds a flush
    seats = (
        mc.Seat("always-raise", Fraction(1), progressive=False),
        mc.Seat("always-raise", Fraction(1), progressive=True),
        mc.Seat("always-raise", Fraction(1), progressive=True),
    )
    deal = "Ah Kh Qh Jh Th  2c 2d 7h 8s 9c  3s 6s 9s Js Ks  Ac Kc 9d 4c 3c"
    config = mc.CaribbeanSimConfig(standard, seats, progressive)
    tally = play_deals(config, [deal])
    assert tally.side_hits.sum(axis=1).tolist() == [0, 1, 1]
    assert tally.side_hits[2, 5] == 1  # a flush
    assert [e.tolist() for e in tally.events] == [[]]  # the royal had no side bet: no meter event
    replay = _replayed(config, tally)
    assert (replay.handle_cents, replay.fixed_paid_cents, replay.meter_paid_cents) == (200, 5000, 0)
    assert replay.meter.meter_cents == 1_000_000 + 2 * 65  # two contributions
    assert tally.moments[:, 0].tolist() == [201.0, 3.0, 11.0, -215.0]  # main game only


def test_kernel_meter_order_two_royals_in_one_round(standard, progressive):
    seats = tuple(mc.Seat("always-raise", Fraction(1), progressive=True) for _ in range(2))
    deal = "Ah Kh Qh Jh Th  As Ks Qs Js Ts  Ac Kc 9d 4c 3c"
    config = mc.CaribbeanSimConfig(standard, seats, progressive)
    tally = play_deals(config, [deal])
    # both bets are counted before either royal; the hits come in seat order
    assert [e.tolist() for e in tally.events] == [[[2, 0, 0, 9], [2, 0, 1, 9]]]
    replay = _replayed(config, tally)
    reference = ProgressiveMeter(progressive, ledger=Ledger())
    paid = reference.settle_round(["royal_flush", "royal_flush"], [True, True])
    assert paid == (1_000_130, 1_000_000)  # the first seat takes the meter, the second the seed
    assert replay.meter_paid_cents == sum(paid)
    assert replay.ledger.flows == reference.ledger.flows
    assert replay.meter.meter_cents == reference.meter_cents == 1_000_000


def test_replay_equals_settle_round_on_random_tables(standard, progressive):
    """A chunk's events replayed through the meter == ``settle_round`` round by round."""
    config = mc.CaribbeanSimConfig.table(
        standard, seats=7, strategy="always-raise", progressive=progressive,
        progressive_seats=[0, 2, 3, 6], chunk_rounds=1 << 17,
    )  # fmt: skip
    prepared = mc.prepare(config, 1 << 17)
    tally = mc.play_chunk(prepared, 0, np.random.SeedSequence(5))
    events = tally.events[0]
    assert len(events) > 0
    replay = _replayed(config, tally)
    reference = ProgressiveMeter(progressive, ledger=Ledger())
    betting = [s.progressive for s in config.seats]
    per_round = sum(betting)
    rounds_with_hits: dict[int, list[str]] = {}
    for _bets, round_, seat, category in events.tolist():
        hands = rounds_with_hits.setdefault(round_, ["high_card"] * 7)
        hands[seat] = CATEGORY_KEYS[category]
    last = -1
    for round_, hands in sorted(rounds_with_hits.items()):
        reference.bet(per_round * (round_ - last - 1))  # rounds without a meter hit
        reference.settle_round(hands, betting)
        last = round_
    reference.bet(per_round * (tally.rounds - last - 1))
    assert replay.meter.meter_cents == reference.meter_cents
    assert replay.meter.reserve_cents == reference.reserve_cents
    assert replay.meter_paid_cents == reference.ledger.total("award", source="meter:progressive")


def test_envy_bonuses_are_paid_to_the_other_betting_seats(standard, progressive):
    envy = dataclasses.replace(progressive, envy_bonuses={"royal_flush": Fraction(250)})
    seats = (
        mc.Seat("always-raise", Fraction(1), progressive=True),
        mc.Seat("always-raise", Fraction(1), progressive=True),
        mc.Seat("always-raise", Fraction(1), progressive=False),
    )
    deal = "Ah Kh Qh Jh Th  2c 2d 7h 8s 9c  3s 6s 9s Js Ks  Ac Kc 9d 4c 3c"
    config = mc.CaribbeanSimConfig(standard, seats, envy)
    tally = play_deals(config, [deal])
    assert tally.envy_paid.tolist() == [0.0, 250.0, 0.0]
    replay = _replayed(config, tally)
    assert replay.envy_paid_cents == 25_000
    reference = ProgressiveMeter(envy, ledger=Ledger())
    assert reference.settle_round(["royal_flush", "one_pair"], [True, True]) == (1_000_130, 25_000)


def test_break_even_meter_matches_design(progressive):
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

    assert round(float(analyze_progressive(progressive).break_even_meter)) == 263_205


def test_kernel_nets_equal_pure_settlement(standard):
    """Random hands through the kernel: money moments equal the pure rules' nets of the outcomes."""
    config = mc.CaribbeanSimConfig.table(standard, seats=3, strategy="akj83", ante=7)
    result = mc.simulate_caribbean(config, 20_000, seed=11, workers=1)
    nets = np.array([float(n) * 7 for n in net_antes(standard)])
    for s in range(3):
        assert result.tally.moments[s, 0] == pytest.approx(float(result.tally.counts[s] @ nets))
