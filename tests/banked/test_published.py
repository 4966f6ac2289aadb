"""Each shipped game's exact figures equal its published ones, to the published precision.

Sources: each file's ``source`` and ``notes`` (and each side-bet paytable's ``sources``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from casino_sim.config import BankedGame
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked


def _pct(value: Fraction, places: int) -> float:
    return round(100 * float(value), places)


@pytest.fixture(scope="session")
def three_card(three_card_poker: BankedGame) -> BankedAnalysis:
    return analyze_banked(three_card_poker)


@pytest.fixture(scope="session")
def ride(let_it_ride: BankedGame) -> BankedAnalysis:
    return analyze_banked(let_it_ride)


@pytest.fixture(scope="session")
def stud(mississippi_stud: BankedGame) -> BankedAnalysis:
    return analyze_banked(mississippi_stud)


def _consistent(analysis: BankedAnalysis) -> None:
    """Counts add up to the deals, the returns to the total, the edge to the returns."""
    assert sum(r.combinations for r in analysis.net_rows) == analysis.deals
    assert sum(analysis.wager_returns.values()) == analysis.total_return
    assert analysis.house_edge == -analysis.total_return / analysis.deals
    assert analysis.element_of_risk == analysis.house_edge / analysis.average_total_bet
    assert sum(r.net * r.combinations for r in analysis.net_rows) == analysis.total_return


def test_three_card_poker(three_card: BankedAnalysis) -> None:
    assert three_card.deals == comb(52, 3) * comb(49, 3) == comb(52, 6) * 20
    assert three_card.house_edge == Fraction(686689, 20358520)
    assert _pct(three_card.house_edge, 2) == 3.37
    assert _pct(three_card.element_of_risk, 2) == 2.01
    assert three_card.strategy_words[0] == "bet play 1x with high card Q-6-4 or better, else fold"
    _consistent(three_card)


def test_q64_is_the_optimal_strategy(
    three_card_poker: BankedGame, three_card: BankedAnalysis
) -> None:
    named = analyze_banked(three_card_poker, "Q-6-4", side_bets=False)
    assert named.total_return == three_card.total_return
    everything = analyze_banked(three_card_poker, "play everything", side_bets=False)
    assert everything.average_total_bet == 2
    assert everything.house_edge > three_card.house_edge


@pytest.mark.parametrize(
    ("paytable", "published", "places"),
    [
        ("40-30-6-3-1", 7.28, 2),
        ("40-30-6-4-1", 2.32, 2),
        ("40-30-5-4-1", 5.57, 2),
        ("40-25-6-4-1", 3.5, 1),
    ],
)
def test_pair_plus(
    three_card: BankedAnalysis, paytable: str, published: float, places: int
) -> None:
    side = next(s for s in three_card.side_bets if s.paytable == paytable)
    assert side.hands == comb(52, 3)
    assert [r.combinations for r in side.rows] == [48, 52, 720, 1096, 3744, 16440]
    assert _pct(side.house_edge, places) == published


def test_six_card_bonus(three_card: BankedAnalysis) -> None:
    """The published six-card counts exactly; the page quotes 10.23%, the exact edge is
    2,081,616 / 20,358,520 = 10.2248% (the file's source says so)."""
    side = next(s for s in three_card.side_bets if s.side_bet == "six_card_bonus")
    counts = [188, 1656, 14664, 165984, 205792, 361620, 732160]
    assert [r.combinations for r in side.rows][:-1] == counts
    assert side.rows[-1].combinations == comb(52, 6) - sum(counts)
    assert side.total_return == -2081616
    assert _pct(side.house_edge, 1) == round(10.23, 1)


def test_let_it_ride(ride: BankedAnalysis) -> None:
    assert ride.deals == comb(52, 3) * 49 * 48
    assert _pct(ride.house_edge, 2) == 3.51
    _consistent(ride)
    bonus = {s.paytable: s for s in ride.side_bets}
    assert _pct(bonus["50-40-30-6-3-1"].house_edge, 1) == 7.1
    assert _pct(bonus["50-40-30-6-4-1"].house_edge, 2) == 2.14


def test_mississippi_stud(stud: BankedAnalysis) -> None:
    assert stud.deals == comb(52, 2) * 50 * 49 * 48
    assert _pct(stud.house_edge, 2) == 4.91
    assert _pct(stud.element_of_risk, 2) == 1.37
    assert round(float(stud.average_total_bet), 2) == 3.59
    _consistent(stud)


def test_mississippi_stud_tie_rule(mississippi_stud: BankedGame, stud: BankedAnalysis) -> None:
    """The smaller-bet rule gives the same edge and a smaller average bet (3.48 antes)."""
    import dataclasses

    smaller = analyze_banked(dataclasses.replace(mississippi_stud, prefer="smaller_bet"))
    assert smaller.house_edge == stud.house_edge
    assert round(float(smaller.average_total_bet), 2) == 3.48
