"""Seeded simulations against the exact analysis: edges within 4 standard errors, outcome
frequencies pass chi-square, and a seven-seat table changes neither the dealer's
qualification rate nor any seat's edge."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc
from casino_sim.games.banked.caribbean_stud.montecarlo.results import dealer_qualify_probability

EXACT_STANDARD = {  # pinned in tests/caribbean_exact: total result over 19,933,230,517,200 deals
    "optimal": Fraction(1_041_372_912_372, 19_933_230_517_200),
    "pair-or-better": Fraction(1_090_272_101_460, 19_933_230_517_200),
    "always-raise": Fraction(3_310_360_338_060, 19_933_230_517_200),
}
HANDS = 1_500_000


@pytest.mark.parametrize("strategy", ["optimal", "pair-or-better"])
@pytest.mark.parametrize("name", ["standard", "royal-250", "short-pay"])
def test_one_seat_edge_within_four_standard_errors(paytables, name, strategy):
    paytable = paytables[name]
    config = mc.CaribbeanSimConfig.table(paytable, strategy=strategy)
    result = mc.simulate_caribbean(config, HANDS, seed=2024, workers=1, exact=True)
    seat = result.seats[0]
    exact = seat.exact
    assert exact is not None
    if name == "standard":
        assert exact.house_edge == pytest.approx(float(EXACT_STANDARD[strategy]), rel=1e-12)
    assert abs(seat.house_edge.z_score(exact.house_edge)) < 4
    assert abs(seat.element_of_risk.z_score(exact.element_of_risk)) < 4
    assert abs(seat.raise_rate.z_score(exact.raise_probability)) < 4
    assert seat.sd == pytest.approx(exact.sd, rel=0.02)
    assert exact.chi_square.passes(alpha=1e-4), exact.chi_square
    assert result.house_edge.estimate == seat.house_edge.estimate  # one seat: the table is the seat


def test_always_raise_standard(standard):
    config = mc.CaribbeanSimConfig.table(standard, strategy="always-raise")
    seat = mc.simulate_caribbean(config, HANDS, seed=5, workers=1).seats[0]
    assert abs(seat.house_edge.z_score(float(EXACT_STANDARD["always-raise"]))) < 4
    assert seat.raise_rate.estimate == 1.0


def test_capped_paytable_with_large_ante(capped):
    """Ante $100: a royal's raise pays $5,000 (50 antes), not 200 antes."""
    ante = Fraction(100)
    config = mc.CaribbeanSimConfig.table(capped, strategy="pair-or-better", ante=ante)
    seat = mc.simulate_caribbean(config, HANDS, seed=8, workers=1, exact=True).seats[0]
    exact = analyze_caribbean(capped, "pair-or-better", ante=ante)
    assert seat.exact is not None and seat.exact.house_edge == pytest.approx(
        float(exact.house_edge)
    )
    assert abs(seat.house_edge.z_score(float(exact.house_edge))) < 4


@pytest.mark.parametrize("strategy", ["optimal", "pair-or-better"])
def test_seven_seats_one_deck(standard, strategy):
    config = mc.CaribbeanSimConfig.table(standard, seats=7, strategy=strategy)
    result = mc.simulate_caribbean(config, 600_000, seed=77, workers=1, exact=True)
    qualify = float(dealer_qualify_probability())
    assert abs(result.dealer_qualifies.z_score(qualify)) < 4
    assert result.dealer_qualifies_exact == qualify
    for seat in result.seats:
        assert abs(seat.house_edge.z_score(seat.exact.house_edge)) < 4
        assert seat.exact.chi_square.passes(alpha=1e-4)
    pooled = sum(float(EXACT_STANDARD[strategy]) for _ in result.seats) / 7
    # seats share the dealer, so the table's standard error comes from per-round sums
    assert abs(result.house_edge.z_score(pooled)) < 4
    assert result.house_edge.standard_error > result.seats[0].house_edge.standard_error / 7**0.5
