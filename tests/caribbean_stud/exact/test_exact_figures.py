"""The exact Caribbean Stud figures (README, "Caribbean Stud, exactly"), to the last deal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_sim.config import load_paytable, shipped_files
from casino_sim.games.banked.caribbean_stud import named_strategy
from casino_sim.games.banked.caribbean_stud.exact.analysis import TOTAL_DEALS, analyze_caribbean
from casino_sim.games.banked.caribbean_stud.exact.optimal import optimal_strategy
from casino_sim.games.banked.caribbean_stud.strategy.rules_file import parse_rule_strategy
from tests.caribbean_stud.exact.conftest import make_paytable


def test_total_deals():
    assert TOTAL_DEALS == 19_933_230_517_200


def test_standard_optimal_return_table(counts, standard):
    a = analyze_caribbean(standard, "optimal")
    assert a.total_deals == TOTAL_DEALS
    assert a.total_result == -1_041_372_912_372
    assert a.row("Fold").combinations == 9_523_005_974_460
    assert a.row("Dealer does not qualify").combinations == 4_532_514_033_720
    assert a.row("Push").combinations == 321_623_100
    assert round(float(a.house_edge), 6) == 0.052243
    assert round(float(a.element_of_risk), 6) == 0.025553
    assert round(a.sd, 3) == 2.243
    assert round(float(a.raise_probability), 6) == 0.522255
    assert sum(r.probability for r in a.rows) == 1
    assert sum(r.contribution for r in a.rows) == -a.house_edge


@pytest.mark.parametrize(
    ("strategy", "total", "edge"),
    [
        ("pair-or-better", -1_090_272_101_460, 0.054696),
        ("always-raise", -3_310_360_338_060, 0.16607),
    ],
)
def test_standard_simple_strategies(counts, standard, strategy, total, edge):
    a = analyze_caribbean(standard, strategy)
    assert a.total_result == total
    assert round(float(a.house_edge), len(str(edge)) - 2) == edge


@pytest.mark.parametrize(
    "paytable",
    [
        make_paytable(),
        make_paytable(name="royal 250", royal_flush=250),
        make_paytable(name="short pay", straight=3, three_of_a_kind=2, two_pair=1),
        make_paytable(name="generous", full_house=10, flush=8, straight=6),
    ],
    ids=lambda t: t.name,
)
def test_optimal_beats_every_named_strategy(counts, paytable):
    best = analyze_caribbean(paytable, "optimal").total_result
    for name in ("pair-or-better", "akj83", "always-raise"):
        assert best >= analyze_caribbean(paytable, name).total_result


def test_paytable_change_moves_total_by_the_count_weighted_difference(counts, standard):
    """For a fixed strategy, +150 on the royal moves the total by 150 x raise x royal wins."""
    before = analyze_caribbean(standard, "pair-or-better")
    after = analyze_caribbean(make_paytable(royal_flush=250), "pair-or-better")
    royal_wins = before.row("Player wins: Royal flush").combinations
    assert after.total_result - before.total_result == 150 * 2 * royal_wins
    assert royal_wins == after.row("Player wins: Royal flush").combinations


def test_fractional_pays_stay_exact(counts):
    a = analyze_caribbean(make_paytable(flush=Fraction(11, 2)), "always-raise")
    assert a.total_result.denominator in (1, 2)
    b = analyze_caribbean(make_paytable(), "always-raise")
    flushes = b.row("Player wins: Flush").combinations
    assert a.total_result - b.total_result == Fraction(1, 2) * 2 * flushes


def test_payout_cap_depends_on_the_ante(counts):
    capped = make_paytable(max_payout=5000)
    small = analyze_caribbean(capped, "optimal", ante=Fraction(5))
    assert small.total_result == -1_041_372_912_372  # 2 x 100 x $5 = $1,000 < cap
    edges = [analyze_caribbean(capped, "optimal", ante=a).house_edge for a in (25, 50, 100, 500)]
    assert edges == sorted(edges) and edges[0] < edges[-1]
    big = analyze_caribbean(capped, "optimal", ante=100)
    # $100 ante: the royal's raise pays $5,000 = 50 antes instead of 200
    assert big.row("Player wins: Royal flush").net == 1 + 50


def test_optimal_decision_table_reproduces_the_analysis(counts, standard):
    table = optimal_strategy(standard)
    assert analyze_caribbean(standard, table).total_result == -1_041_372_912_372


def test_rule_strategy_from_yaml_matches_named(counts, standard):
    text = "kind: caribbean_strategy\nname: akj83 in yaml\nrules:\n  - at_least: one_pair\n  - at_least: A K J 8 3\n"
    table = parse_rule_strategy(text)
    assert (table.raise_mask == named_strategy("akj83").raise_mask).all()
    matched = parse_rule_strategy(
        "kind: caribbean_strategy\nname: m\nrules:\n  - at_least: one_pair\n  - at_least: A K\n    upcard_matches: true\n"
    )
    result = analyze_caribbean(standard, matched).total_result
    assert (
        analyze_caribbean(standard, "optimal").total_result
        > result
        > analyze_caribbean(standard, "always-raise").total_result
    )


@pytest.mark.parametrize("path", shipped_files("caribbean_stud"), ids=lambda p: p.stem)
def test_every_shipped_paytable_analyzes(counts, path):
    """Each shipped table: fractions sum to one, optimal beats the simple strategies."""
    table = load_paytable(path)
    ante = Fraction(100) if table.max_payout is not None else None
    optimal = analyze_caribbean(table, "optimal", ante=ante)
    assert sum(row.probability for row in optimal.rows) == 1
    assert optimal.total_deals == TOTAL_DEALS
    for name in ("pair-or-better", "akj83", "always-raise"):
        assert optimal.total_result >= analyze_caribbean(table, name, ante=ante).total_result
    if path.stem == "standard":
        assert optimal.total_result == -1_041_372_912_372
    if path.stem == "royal-250":  # only the royal changes: 150 more on each royal win
        base = analyze_caribbean(make_paytable(), "optimal")
        royals = base.row("Player wins: Royal flush").combinations
        # the better royal can only add raises, so the optimal total is at least this
        assert optimal.total_result >= base.total_result + 150 * 2 * royals
