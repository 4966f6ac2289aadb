"""Casino Hold'em: the solver equals a plain-Python deal of every card on reduced decks, to the
unit; the 52-card figures equal the published ones (the file's source and notes)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from casino_sim.config import BankedGame, load_banked_game
from casino_sim.games.banked.language import analyze_banked
from tests.banked.brute import at_least
from tests.banked.brute_holdem import brute_holdem

#: One worker runs the hold'em tests: the solver's kernels compile once (tens of seconds cold).
pytestmark = pytest.mark.xdist_group("holdem")

#: 2-6 and aces in two suits: wheels and straights, flushes, straight flushes, pairs of 2s and
#: 3s (the dealer does not qualify) and 4s up; the two suits may be swapped.
TWO_SUITS = tuple(rank * 4 + suit for rank in (0, 1, 2, 3, 4, 12) for suit in (0, 1))
#: 3s and 4s in four suits and 5-7 of clubs: quads, full houses, a club flush and straight
#: flush; no two suits alike (no symmetry).
LOPSIDED = tuple(sorted([rank * 4 + suit for rank in (1, 2) for suit in range(4)] + [12, 16, 20]))


@pytest.fixture(scope="module")
def casino_holdem() -> BankedGame:
    return load_banked_game("banked/casino_holdem")


def _engine(game: BankedGame, strategy: str, deck: tuple[int, ...]) -> dict[str, Fraction]:
    return dict(analyze_banked(game, strategy, deck=deck, side_bets=False).wager_returns)


def test_equals_brute_force(casino_holdem: BankedGame) -> None:
    """The optimal strategy and a named one (call with a pair or better at the flop)."""
    rules = casino_holdem.strategies["call a pair or better"]["flop"]
    named = lambda hand: next(r.action for r in rules if at_least(r.when, "five_card_high", hand))  # noqa: E731
    brute = brute_holdem(
        casino_holdem, TWO_SUITS, {"optimal": None, "call a pair or better": named}
    )
    for strategy, expected in brute.items():
        assert _engine(casino_holdem, strategy, TWO_SUITS) == expected


def test_equals_brute_force_without_symmetry(casino_holdem: BankedGame) -> None:
    expected = brute_holdem(casino_holdem, LOPSIDED, {"optimal": None})["optimal"]
    assert _engine(casino_holdem, "optimal", LOPSIDED) == expected


def test_board_classes() -> None:
    """The flop loop's boards fall in the 134,459 classes of five-card boards under suit
    relabelling; each class is counted once."""
    from casino_sim.games.banked.language.hands import FULL_DECK
    from casino_sim.games.banked.language.holdem import flop_work

    work, _, boards = flop_work(FULL_DECK)
    assert len(boards) == 134_459
    assert len(work.tr_board) == 1_286_792


def test_always_call_plays_every_deal(casino_holdem: BankedGame) -> None:
    analysis = analyze_banked(casino_holdem, "always call", deck=TWO_SUITS, side_bets=False)
    assert analysis.average_total_bet == 3
    assert analysis.decisions["flop"]["fold"] == 0


def test_aa_bonus(casino_holdem: BankedGame) -> None:
    """6.26% (the file's source); every five-card count as published (DESIGN.md)."""
    from casino_sim.games.banked.language import analyze_side_bet

    side = analyze_side_bet(casino_holdem, "aa_bonus", "100-50-40-30-20-7")
    assert side.hands == comb(52, 5)
    counts = [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240 // 13]
    assert [r.combinations for r in side.rows][:-1] == counts
    assert round(100 * float(side.house_edge), 2) == 6.26


@pytest.mark.slow
def test_published(casino_holdem: BankedGame) -> None:
    """House edge 2.16% of the ante, calls about 82% of deals (the file's source and notes);
    the element of risk is 0.82% (the exact figure; the notes say so)."""
    analysis = analyze_banked(casino_holdem, side_bets=False)
    assert analysis.deals == comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2)
    assert round(100 * float(analysis.house_edge), 2) == 2.16
    assert round(100 * float(analysis.element_of_risk), 2) == 0.82
    taken = analysis.decisions["flop"]
    assert round(100 * taken["bet call 2x"] / analysis.deals) == 82
    assert sum(r.combinations for r in analysis.net_rows) == analysis.deals
    assert sum(analysis.wager_returns.values()) == analysis.total_return
    assert analysis.element_of_risk == analysis.house_edge / analysis.average_total_bet
