"""The progressive meter model: every cent accounted for, and its long-run return is the analysis's.

The long-run test plays the meter alone: the hands that move it (straight flush
and royal) arrive as a renewal process with their exact five-card
probabilities, the bets between them in one call; fixed awards do not touch the
meter, so their exact return is added. Batches of royal cycles give the interval.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_sim.config import load_progressive, shipped_files
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.engine.ledger import ADVANCE, CONTRIBUTION, RESERVE, ROLL_OVER, Ledger
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    FIVE_CARD_COUNTS,
    N_HANDS,
    analyze_progressive,
)
from casino_sim.games.banked.caribbean_stud.meter import ProgressiveMeter

PROGRESSIVES = [p for p in shipped_files("progressive")]
STANDARD = load_progressive("progressives/50-75-100")
ROYAL, STRAIGHT_FLUSH = CATEGORY_KEYS.index("royal_flush"), CATEGORY_KEYS.index("straight_flush")


SEED_ZERO = replace(STANDARD, seed=Fraction(0))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 5000), st.sampled_from(range(10))), min_size=1, max_size=40),
    st.sampled_from([None, 12_000, 30_000]),
    st.sampled_from([10_000, 0]),
)
def test_every_cent_reconciles_and_the_meter_keeps_its_rules(events, cap, seed_money):
    progressive = replace(
        STANDARD, seed=Fraction(seed_money), meter_cap=None if cap is None else Fraction(cap)
    )
    ledger = Ledger()
    meter = ProgressiveMeter(progressive, ledger=ledger)
    seed = meter.seed_cents
    for bets, category in events:
        meter.bet(bets)
        meter.award(category)
        assert meter.meter_cents >= seed
        assert meter.reserve_cents >= 0 and meter.advances_cents >= 0
        if cap is not None:
            assert meter.meter_cents <= cap * 100
        if category == ROYAL:  # a reset: the reserve beyond one more seed rolled over
            assert meter.reserve_cents <= seed or (
                cap is not None and meter.meter_cents == cap * 100
            )
        meter.reconcile()
    assert sum(ledger.balances().values()) == 0
    assert meter.liability_cents == meter.meter_cents + meter.reserve_cents


def test_meter_growth_is_the_contribution_rate_times_the_handle_exactly():
    ledger = Ledger()
    meter = ProgressiveMeter(STANDARD, ledger=ledger)
    for _ in range(1000):
        meter.bet(3)
    assert meter.meter_cents - meter.seed_cents == 3000 * 65  # 65% of $1, in cents
    assert ledger.total(CONTRIBUTION) == 3000 * 65
    assert (
        ledger.total(RESERVE) == meter.reserve_cents == 3000 * 5
    )  # the opening seed is the house's
    assert meter.advances_cents == 0 and meter.house_funded_cents == meter.seed_cents


def test_fractions_of_a_cent_are_carried_not_lost():
    odd = replace(STANDARD, contribution_rate=Fraction(1, 3), reserve_rate=Fraction(0))
    ledger = Ledger()
    meter = ProgressiveMeter(odd, ledger=ledger)
    meter.bet(1)
    meter.bet(1)
    assert meter.meter_cents - meter.seed_cents == 66  # 33.33 + 33.33 cents: 66 credited
    meter.bet(1)
    assert meter.meter_cents - meter.seed_cents == 100  # the third makes a whole dollar


def test_a_short_reserve_is_advanced_by_the_house_and_repaid_later():
    ledger = Ledger()
    meter = ProgressiveMeter(STANDARD, ledger=ledger)
    meter.bet(100_000)  # reserve: 5% of $100,000 = $5,000
    assert meter.reserve_cents == 500_000
    meter.award(ROYAL)
    assert meter.meter_cents == meter.seed_cents
    assert meter.advances_cents == 500_000  # the reserve covered half the seed
    assert ledger.total(ADVANCE) == 500_000
    meter.bet(200_000)  # $10,000 of reserve: $5,000 repays the house, $5,000 stays
    assert meter.advances_cents == 0 and meter.reserve_cents == 500_000
    assert meter.house_funded_cents == meter.seed_cents + 500_000


def test_a_full_meter_award_resets_a_seed_zero_meter_and_rolls_the_whole_reserve_over():
    ledger = Ledger()
    meter = ProgressiveMeter(SEED_ZERO, ledger=ledger)
    meter.bet(100_000)  # meter $65,000, reserve $5,000
    assert meter.award(STRAIGHT_FLUSH) == 650_000  # 10%: no reset, the reserve stays
    assert (meter.meter_cents, meter.reserve_cents) == (5_850_000, 500_000)
    assert meter.award(ROYAL) == 5_850_000  # the whole meter: a reset, whatever the seed
    assert (meter.meter_cents, meter.reserve_cents) == (500_000, 0)
    assert ledger.total(ROLL_OVER) == 500_000
    assert meter.house_funded_cents == meter.advances_cents == 0
    meter.reconcile()


def test_reserve_beyond_the_next_seed_rolls_into_the_new_meter():
    ledger = Ledger()
    meter = ProgressiveMeter(STANDARD, ledger=ledger)
    meter.bet(1_000_000)  # reserve: 5% of $1,000,000 = $50,000
    assert meter.reserve_cents == 5_000_000
    meter.award(ROYAL)  # seed from the reserve; $30,000 left beyond the next seed rolls in
    assert meter.meter_cents == meter.seed_cents + 3_000_000
    assert meter.reserve_cents == meter.seed_cents


def _long_run_return(progressive, cycles: int, rng: np.random.Generator) -> tuple[float, float]:
    """Estimated meter return per money wagered and its standard error (batches of cycles)."""
    p_royal = FIVE_CARD_COUNTS["royal_flush"] / N_HANDS
    p_sf = FIVE_CARD_COUNTS["straight_flush"] / N_HANDS
    p_event = p_royal + p_sf
    meter = ProgressiveMeter(progressive, ledger=Ledger())
    wager = float(progressive.wager) * 100
    batch, batches = 50, []
    paid = bets = 0.0
    for cycle in range(cycles):
        while True:
            gap = int(rng.geometric(p_event))
            meter.bet(gap)
            bets += gap
            category = ROYAL if rng.random() < p_royal / p_event else STRAIGHT_FLUSH
            paid += meter.award(category) - (
                float(progressive.awards[CATEGORY_KEYS[category]].fixed or 0) * 100
            )
            if category == ROYAL:
                break
        if (cycle + 1) % batch == 0:
            batches.append((paid, bets * wager))
            paid = bets = 0.0
    meter.reconcile()
    totals = np.array(batches)
    ratio = totals[:, 0].sum() / totals[:, 1].sum()
    resid = totals[:, 0] - ratio * totals[:, 1]
    se = np.sqrt(len(totals) / (len(totals) - 1) * (resid**2).sum()) / totals[:, 1].sum()
    return ratio, se


@pytest.mark.parametrize(
    "progressive",
    [*map(load_progressive, PROGRESSIVES), SEED_ZERO],
    ids=[*(p.stem for p in PROGRESSIVES), "50-75-100-seed-0"],
)
def test_long_run_return_agrees_with_the_analysis(progressive):
    """With seed 0 the reserve reaches the players only through the roll-over at a reset."""
    analysis = analyze_progressive(progressive)
    meter_part = float(analysis.long_run_return - analysis.fixed_return)
    estimate, se = _long_run_return(progressive, 5_000, np.random.default_rng(7))
    assert abs(estimate - meter_part) < 4 * se, (estimate, meter_part, se)
    assert se < 0.002  # a real test: the interval is narrow


@pytest.mark.parametrize(
    ("line", "key"),
    [("seed: 10000.005", "seed"), ("meter_cap: 20000.001", "meter_cap")],
)
def test_a_progressive_in_fractions_of_a_cent_is_refused_at_its_key(line, key):
    from casino_sim.config import PaytableError, load_text

    text = (PROGRESSIVES[0].read_text() + "\n" + line + "\n").replace("\nseed:", "\n#seed:", 1)
    if key == "meter_cap":
        text += "seed: 10000\n"
    with pytest.raises(PaytableError, match=f"{key}: .* is not a whole number of cents"):
        load_text(text, name="p.yaml")
