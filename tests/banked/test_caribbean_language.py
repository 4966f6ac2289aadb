"""Caribbean Stud as a file of the banked-game language: a showdown with a dealer card face up.

On the 52 cards its exact analysis equals the dedicated Caribbean Stud code's (the same dealer
counts, settled by the language's wagers instead of the dedicated payouts) to the integer, for
every uncapped shipped pay table; on a reduced deck the solver equals a direct enumeration of
every deal (each hand valued by phevaluator); dealt, it agrees with the exact figures.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.config import PAYTABLE_DIR, BankedGame, load_banked_game, load_paytable, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked
from casino_sim.games.banked.language.leaks import analyze_leak, parse_leak
from casino_sim.games.banked.language.sharing import SampledLeak, analyze_share
from casino_sim.games.banked.language.simulate import simulate_banked

GAME = PAYTABLE_DIR / "banked" / "caribbean_stud.yaml"
#: Eights to aces in two suits: flushes, straights, ace-king and every outcome made.
DECK_14 = tuple(rank * 4 + suit for rank in range(6, 13) for suit in range(2))
#: The raise lines of the shipped uncapped pay tables, as the language file writes them.
RAISE_PAYS = {
    "standard": {},
    "royal-200": {"royal_flush": 200},
    "royal-250": {"royal_flush": 250},
    "short-pay": {"straight": 3, "three_of_a_kind": 2, "two_pair": 1},
}
#: The standard raise pay table (Wizard of Odds), to 1.
STANDARD_PAYS = {"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7,
                 "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
                 "high_card": 1}  # fmt: skip
#: phevaluator's worst ranks (1 best) of each category, best first.
CATEGORY_ENDS = (("royal_flush", 1), ("straight_flush", 10), ("four_of_a_kind", 166),
                 ("full_house", 322), ("flush", 1599), ("straight", 1609),
                 ("three_of_a_kind", 2467), ("two_pair", 3325), ("one_pair", 6185),
                 ("high_card", 7462))  # fmt: skip


@pytest.fixture(scope="module")
def caribbean() -> BankedGame:
    return load_banked_game("banked/caribbean_stud")


@pytest.fixture(scope="module")
def exact(caribbean: BankedGame) -> BankedAnalysis:
    return analyze_banked(caribbean)


def _with_pays(pays: dict[str, int]) -> BankedGame:
    text = GAME.read_text()
    for hand, pay in pays.items():
        old = next(line for line in text.splitlines() if f"{{hand: {hand}, pays:" in line)
        text = text.replace(old, old.split("pays:")[0] + f"pays: {pay}}}")
    return load_text(text, name="caribbean.yaml")  # type: ignore[return-value]


def brute_force(
    deck: tuple[int, ...], hole_seen: bool = False
) -> tuple[dict[str, int], Counter[int]]:
    """Each wager's total and the count of each net (antes) over every deal of ``deck``, the
    optimal strategy, ties to the fold: per (hand, up card) every four hole cards dealt; with
    ``hole_seen`` per (hand, up card, one hole card seen) the other three, each deal once per
    hole card (the one seen). Each dealer hand of a hand's other cards is ranked once, and its
    ending counted for every (up card, seen card) it holds."""
    names = [format_card(c) for c in deck]
    n = len(deck)
    value = {hand: evaluate_cards(*(names[c] for c in hand)) for hand in combinations(range(n), 5)}
    worst_qualifier = evaluate_cards("As", "Kd", "4h", "3c", "2s")  # ace-king-4-3-2
    ending = [(1, 0), None, (-1, -1), (0, 0)]  # not qualified, player wins (pays), loses, ties
    dealers = list(combinations(range(n - 5), 5))  # by place among the cards left
    seen_sets = (
        [(up, seen) for up in range(n - 5) for seen in range(n - 5) if seen != up]
        if hole_seen
        else [(up,) for up in range(n - 5)]
    )
    holds = np.array([[set(seen) <= set(d) for seen in seen_sets] for d in dealers], dtype=int)
    totals = {"ante": 0, "raise": 0}
    nets: Counter[int] = Counter()
    for hand in combinations(range(n), 5):
        mine = value[hand]
        win_pay = STANDARD_PAYS[next(name for name, end in CATEGORY_ENDS if mine <= end)]
        ending[1] = (1, win_pay)
        rest = [c for c in range(n) if c not in hand]
        kinds = np.zeros((len(dealers), 4), dtype=int)
        for d, places in enumerate(dealers):
            theirs = value[tuple(rest[p] for p in places)]
            kind = (
                0 if theirs > worst_qualifier else 1 if mine < theirs else 2 if mine > theirs else 3
            )
            kinds[d, kind] = 1  # (worse than ace-king: the dealer does not qualify)
        for counts in (holds.T @ kinds).tolist():  # per seen set: dealer hands by ending
            ends = {ending[k]: m for k, m in enumerate(counts) if m}
            dealt = sum(ends.values())
            raised = sum((a + 2 * r) * m for (a, r), m in ends.items())
            if raised > -dealt:
                for (a, r), m in ends.items():
                    totals["ante"] += a * m
                    totals["raise"] += 2 * r * m
                    nets[a + 2 * r] += m
            else:
                totals["ante"] -= dealt
                nets[-1] += dealt
    return totals, nets


def test_equals_the_enumeration_on_a_reduced_deck(caribbean: BankedGame) -> None:
    analysis = analyze_banked(caribbean, deck=DECK_14)
    assert analysis.deals == 2002 * 9 * 70
    totals, nets = brute_force(DECK_14)
    assert dict(analysis.wager_returns) == {w: Fraction(t) for w, t in totals.items()}
    assert {row.net: row.combinations for row in analysis.net_rows} == {
        Fraction(k): v for k, v in nets.items() if v
    }


def test_a_hole_card_seen_equals_the_enumeration(caribbean: BankedGame) -> None:
    """``--leak dealer:1``: one of the dealer's hidden cards seen besides the up card; on 14
    cards every wager's total and the net distribution of the best play given both."""
    leak = analyze_leak(caribbean, parse_leak("dealer:1"), deck=DECK_14)
    assert leak.analysis.deals == 2002 * 9 * 8 * 35 and leak.seen_sets == 4
    totals, nets = brute_force(DECK_14, hole_seen=True)
    assert dict(leak.analysis.wager_returns) == {w: Fraction(t) for w, t in totals.items()}
    assert {row.net: row.combinations for row in leak.analysis.net_rows} == {
        Fraction(k): v for k, v in nets.items() if v
    }
    with pytest.raises(OptionError, match="dealer:1"):
        analyze_leak(caribbean, parse_leak("dealer:2"), deck=DECK_14)


@pytest.mark.parametrize("name", list(RAISE_PAYS))
def test_equals_the_dedicated_analysis(name: str) -> None:
    """Every shipped uncapped pay table: the same deals, house edge, net distribution and
    raises as `casino-sim analyze caribbean_stud/NAME` (the published 5.224% for standard)."""
    game = _with_pays(RAISE_PAYS[name])
    ours = analyze_banked(game, side_bets=False)
    theirs = analyze_caribbean(load_paytable(f"caribbean_stud/{name}"), "optimal")
    assert ours.deals == theirs.total_deals == 19_933_230_517_200
    assert ours.house_edge == theirs.house_edge
    assert ours.average_total_bet == theirs.average_total_bet
    by_net: Counter[Fraction] = Counter()
    for row in theirs.rows:
        by_net[row.net] += row.combinations
    assert {row.net: row.combinations for row in ours.net_rows} == {
        k: v for k, v in by_net.items() if v
    }
    assert ours.decisions["deal"]["bet raise 2x"] == theirs.raise_count
    if name == "standard":  # the figures docs/banked-games.md quotes
        assert ours.house_edge == Fraction(142_031_221, 2_718_662_100)
        assert round(100 * float(ours.house_edge), 3) == 5.224
        assert ours.decisions["deal"]["fold"] == 9_523_005_974_460
        assert f"{float(ours.element_of_risk):.4%} {float(ours.average_total_bet):.4f}" == (
            "2.5553% 2.0445"
        )


@pytest.mark.parametrize("strategy", ["pair-or-better", "akj83", "always-raise"])
def test_a_named_strategy_equals_the_dedicated_analysis(
    caribbean: BankedGame, strategy: str
) -> None:
    """The file's named strategies (by the player's hand alone) against the dedicated code's
    of the same names: the same house edge and net distribution."""
    ours = analyze_banked(caribbean, strategy, side_bets=False)
    theirs = analyze_caribbean(load_paytable("caribbean_stud/standard"), strategy)
    assert ours.house_edge == theirs.house_edge
    by_net: Counter[Fraction] = Counter()
    for row in theirs.rows:
        by_net[row.net] += row.combinations
    assert {row.net: row.combinations for row in ours.net_rows} == {
        k: v for k, v in by_net.items() if v
    }


def test_dealt_it_agrees_with_the_exact_figures(
    caribbean: BankedGame, exact: BankedAnalysis
) -> None:
    """The Monte Carlo reads the action by the class of the player's hand and the up card in
    its suits: the raise share and the house edge within 4 standard errors."""
    run = simulate_banked(caribbean, 300_000, seed=5, workers=2)
    edge = run.house_edge
    assert abs(edge.estimate - float(exact.house_edge)) < 4 * edge.standard_error
    p = exact.decisions["deal"]["bet raise 2x"] / exact.deals
    n = sum(run.decisions["deal"].values())
    assert abs(run.decisions["deal"]["bet raise 2x"] / n - p) < 4 * (p * (1 - p) / n) ** 0.5


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("dealer: 5, dealer_up: 1}", "dealer: 5, dealer_up: 2}"),  # two cards up
        # a board card after the deal
        ("dealer_up: 1}\n", "dealer_up: 1}\n  - {name: more, board: 1}\n"),
        ("dealer_not_qualified: push\n", "dealer_not_qualified: plays\n"),
    ],
)
def test_a_shape_the_solver_does_not_solve_is_refused(old: str, new: str) -> None:
    shipped = GAME.read_text()
    assert old in shipped
    game = load_text(shipped.replace(old, new, 1), name="caribbean.yaml")
    with pytest.raises(OptionError, match="a dealer card face up"):
        analyze_banked(game, side_bets=False)  # type: ignore[arg-type]


def test_pair_counts_equal_a_direct_count_on_52_cards() -> None:
    """The counts behind ``--leak dealer:1`` on the 52 cards: for random (hand, up card, seen
    card) the dealer hands holding both seen cards below each threshold, by inclusion-exclusion,
    equal a count of every completion of the dealer's hand."""

    from casino_sim.combinatorics import colex_index, combinations_array
    from casino_sim.dealer_counts.counts import pair_counts, prefix_tables
    from casino_sim.evaluator import ace_king_threshold, evaluate_high
    from casino_sim.games.banked.language.hands import FULL_DECK, ranking_values

    hands = combinations_array(52, 5).astype(np.int64)
    prefix = prefix_tables(
        hands, evaluate_high(hands.astype(np.int8), validate=False).astype(np.int16)
    )
    values = ranking_values("five_card_high", FULL_DECK)
    three = np.array(list(combinations(range(45), 3)))
    rng = np.random.default_rng(3)
    for _ in range(40):
        cards = rng.permutation(52)[:7]
        player, up, seen = np.sort(cards[:5]), int(cards[5]), int(cards[6])
        v = int(values[colex_index(player[None])[0]])
        thresholds = np.array([ace_king_threshold(), v, v + 1])
        out = np.zeros(3, dtype=np.int64)
        pair_counts(player, min(up, seen), max(up, seen), thresholds, prefix, out)
        rest = np.setdiff1d(np.arange(52), cards)[three]
        dealer = np.concatenate([np.full((len(three), 2), (up, seen)), rest], axis=1)
        theirs = values[colex_index(dealer)]
        assert out.tolist() == [int((theirs < x).sum()) for x in thresholds]


def test_one_other_hand_seen_on_fifteen_cards(caribbean: BankedGame) -> None:
    """``--leak share:1`` (sampled) against its exact value on a 15-card deck, where the hands
    nobody at the table sees are exactly the dealer's: the player knows the showdown and folds
    only the hands that lose it. The sampled house edge within 4 of its standard errors (the
    95% interval is 1.96 of them) of the enumeration of every (hand, other hand)."""
    deck = tuple(range(37, 52))
    names = [format_card(c) for c in deck]
    value = {hand: evaluate_cards(*(names[c] for c in hand)) for hand in combinations(range(15), 5)}
    worst_qualifier = evaluate_cards("As", "Kd", "4h", "3c", "2s")
    total = deals = 0
    for hand in combinations(range(15), 5):
        mine = value[hand]
        pay = STANDARD_PAYS[next(name for name, end in CATEGORY_ENDS if mine <= end)]
        rest = [c for c in range(15) if c not in hand]
        for other in combinations(rest, 5):
            theirs = value[tuple(c for c in rest if c not in other)]
            if theirs > worst_qualifier:
                total += 1
            elif mine < theirs:
                total += 1 + 2 * pay
            elif mine > theirs:
                total -= 1  # folded
            deals += 1
    exact = Fraction(-total, deals)
    share = analyze_share(caribbean, 1, deck=deck, samples=20_000, seed=3)
    assert isinstance(share, SampledLeak)
    low, high = share.house_edge_interval
    assert abs(share.house_edge - float(exact)) < 4 * (high - low) / (2 * 1.96)
    assert share.house_edge < float(share.house_edge_without)
