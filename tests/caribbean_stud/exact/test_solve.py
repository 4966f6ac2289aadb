"""The inverse questions of exact/solve.py: exact answers, runners-up, refused targets."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from casino_sim.config import Award, ProgressivePaytable, load_paytable, load_progressive
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean, raise_payouts
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.games.banked.caribbean_stud.exact.solve import (
    RaiseKernel,
    solve_cap,
    solve_raise_pays,
)
from casino_sim.games.banked.caribbean_stud.exact.solve_progressive import (
    solve_break_even_meter,
    solve_contribution_rate,
)

from .conftest import make_paytable

#: The standard table's exact edge: -1,041,372,912,372 antes over 19,933,230,517,200 deals.
STANDARD_EDGE = Fraction(1_041_372_912_372, 19_933_230_517_200)


@pytest.mark.parametrize(
    ("table", "ante"),
    [
        (make_paytable(), None),
        (make_paytable((1, 1, 1, 2, 3, 5, 7, 20, 50, 100), name="short"), None),
        (make_paytable(name="halves", straight=Fraction(9, 2), flush=Fraction(11, 2)), None),
        (make_paytable(max_payout=5000), Fraction(100)),
        (make_paytable(max_payout=5000), Fraction(7, 3)),
    ],
)
def test_the_separable_kernel_is_the_exact_analysis(table, ante):
    kernel = RaiseKernel(table)
    assert (
        kernel.total(raise_payouts(table, ante)) == analyze_caribbean(table, ante=ante).total_result
    )


def test_solving_the_standard_table_for_its_own_edge_returns_its_own_pays(standard):
    assert analyze_caribbean(standard).house_edge == STANDARD_EDGE
    one = solve_raise_pays(standard, STANDARD_EDGE, ["full_house"])
    assert one.best.setting == {"full_house": 7}
    assert one.best.achieved == STANDARD_EDGE and one.best.distance == 0 and one.exact
    two = solve_raise_pays(
        standard, STANDARD_EDGE, ["four_of_a_kind", "straight_flush"], step=Fraction(1, 2)
    )
    assert two.best.setting == {"straight_flush": 50, "four_of_a_kind": 20}
    assert two.exact


def test_the_best_pay_is_nearest_and_the_runners_up_are_the_next_nearest(standard):
    target = Fraction(1, 20)
    result = solve_raise_pays(
        standard, target, ["four_of_a_kind"], step=Fraction(1, 2), runners_up=4
    )
    pays = [
        result.best.setting["four_of_a_kind"],
        *(c.setting["four_of_a_kind"] for c in result.runners_up),
    ]
    assert all(p.denominator in (1, 2) for p in pays)
    assert result.best.setting == {"four_of_a_kind": 28}
    distances = [abs(result.best.distance), *(abs(c.distance) for c in result.runners_up)]
    assert distances == sorted(distances)
    edges = {  # the grid around the answer, analysed one by one (each paytable once)
        pay: analyze_caribbean(make_paytable(four_of_a_kind=pay)).house_edge
        for pay in (Fraction(k, 2) for k in range(52, 62))
    }
    assert set(pays) <= set(edges)
    for candidate in result.runners_up:  # every figure is the full analysis of that paytable
        assert edges[candidate.setting["four_of_a_kind"]] == candidate.achieved
    # none of the whole grid is nearer than the answer
    assert min(abs(edge - target) for edge in edges.values()) == abs(result.best.distance)
    lo, hi = result.reachable
    assert lo < target < hi


def test_an_unreachable_edge_is_refused_with_the_reachable_range(standard):
    with pytest.raises(OptionError, match=r"reachable range is 4\.7857% to 5\.4436%"):
        solve_raise_pays(standard, Fraction(1, 100), ["flush"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"keys": []}, "at least one"),
        ({"keys": ["flsh"]}, "did you mean 'flush'"),
        ({"keys": ["flush", "flush"]}, "each key once"),
        ({"keys": ["flush"], "step": Fraction(1, 3)}, "step must be 1 or 0.5"),
        ({"keys": ["flush"], "bounds": {"straight": (1, 3)}}, "not solved for"),
        ({"keys": ["flush"], "bounds": {"flush": (9, 3)}}, "low <= high"),
        ({"keys": ["flush"], "bounds": {"flush": (8, 12)}}, "falling from the royal"),
        (
            {
                "keys": ["straight_flush", "four_of_a_kind", "full_house", "flush"],
                "step": Fraction(1, 2),
            },
            "search space holds",
        ),
    ],
)
def test_bad_edge_questions_are_refused(standard, kwargs, message):
    keys = kwargs.pop("keys")
    with pytest.raises(OptionError, match=message):
        solve_raise_pays(standard, Fraction(1, 20), keys, **kwargs)


def test_a_capped_paytable_needs_the_ante():
    with pytest.raises(OptionError, match="give the ante"):
        solve_raise_pays(load_paytable("capped-5000"), Fraction(1, 20), ["flush"])
    answer = solve_raise_pays(load_paytable("capped-5000"), Fraction(1, 20), ["flush"], ante=100)
    assert (
        answer.best.achieved
        == analyze_caribbean(
            make_paytable(max_payout=5000, flush=answer.best.setting["flush"]), ante=100
        ).house_edge
    )


def test_the_contribution_rate_hits_the_target_exactly():
    side = load_progressive("progressives/50-75-100")
    result = solve_contribution_rate(side, Fraction(4, 5))
    rate = result.best.setting["contribution_rate"]
    assert result.exact and result.best.achieved == Fraction(4, 5)
    solved = analyze_progressive(dataclasses.replace(side, contribution_rate=rate))
    assert solved.long_run_return == Fraction(4, 5)
    before = analyze_progressive(side)
    assert rate == Fraction(4, 5) - (before.long_run_return - before.contribution_rate)  # slope 1
    assert all((c.setting["contribution_rate"] * 1000).denominator == 1 for c in result.runners_up)
    with pytest.raises(OptionError, match=r"reach 28\.0323% to 123\.0323%"):
        solve_contribution_rate(side, Fraction(3, 2))


def test_the_break_even_meter_of_50_75_100_is_the_analysis_one():
    side = load_progressive("progressives/50-75-100")
    result = solve_break_even_meter(side)
    meter = result.best.setting["meter"]
    assert meter == analyze_progressive(side).break_even_meter == Fraction(5_000_900, 19)
    assert int(meter) == 263_205 and result.best.achieved == 1
    below, above = Fraction(26_320_526, 100), Fraction(26_320_527, 100)
    returns = {c.setting["meter"]: c.achieved for c in result.runners_up}
    assert returns[below] < 1 < returns[above]


def test_a_side_bet_without_meter_awards_has_no_break_even_meter():
    fixed = {
        "royal_flush": Award(fixed=Fraction(1000)),
        "straight_flush": Award(fixed=Fraction(100)),
    }
    side = ProgressivePaytable(
        name="fixed", awards=fixed, contribution_rate=Fraction(0), seed=Fraction(0)
    )
    with pytest.raises(OptionError, match="no meter award"):
        solve_break_even_meter(side)


def test_the_cap_for_an_edge_floor_is_the_largest_that_keeps_it():
    floor = Fraction(53, 1000)
    result = solve_cap(load_paytable("royal-250"), max_ante=100, edge_floor=floor)
    cap = result.best.setting["max_payout"]
    assert cap == 3900 and result.best.achieved >= floor

    def edge(c):
        return analyze_caribbean(make_paytable(max_payout=c, royal_flush=250), ante=100).house_edge

    assert edge(cap) == result.best.achieved and edge(cap + 1) < floor
    assert edge(cap) > edge(cap + 1)  # the edge falls as the cap rises


def test_the_cap_for_an_edge_ceiling_is_the_smallest_that_keeps_it(standard):
    ceiling = Fraction(55, 1000)
    result = solve_cap(standard, max_ante=100, edge_ceiling=ceiling)
    cap = result.best.setting["max_payout"]
    assert cap == 2575 and result.best.achieved <= ceiling
    over = next(c for c in result.runners_up if c.setting["max_payout"] == cap - 1)
    assert over.achieved > ceiling
    at_lower_ante = analyze_caribbean(make_paytable(max_payout=cap), ante=50).house_edge
    assert at_lower_ante <= result.best.achieved  # the edge rises with the ante
    with pytest.raises(OptionError, match=r"no cap gives 'standard' a house edge at most 5\.0000%"):
        solve_cap(standard, max_ante=100, edge_ceiling=Fraction(5, 100))
    with pytest.raises(OptionError, match="exactly one"):
        solve_cap(standard, max_ante=100)
