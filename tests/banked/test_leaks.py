"""`analyze --leak dealer:N`: what a flashed dealer card is worth, exact, against published figures
and a plain-Python enumeration on a reduced deck."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from casino_sim.cli import main
from casino_sim.config import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.leaks import analyze_leak, parse_leak
from tests.banked.brute import brute_seen

#: Eights to aces in two suits: non-qualifying dealer hands, straights and flushes all made, and
#: the brute force below a second.
DECK_14 = tuple(rank * 4 + suit for rank in range(6, 13) for suit in range(2))


def brute_leak(game: BankedGame, deck: tuple[int, ...], seen_cards: int) -> dict[str, Fraction]:
    """Every (player hand, dealer hand, set of ``seen_cards`` of the dealer's cards seen)."""
    return brute_seen(game, deck, lambda theirs, rest: combinations(theirs, seen_cards))


@pytest.mark.parametrize("seen", [1, 2])
def test_the_leak_equals_brute_force_on_a_reduced_deck(three_card_poker: BankedGame, seen: int):
    leak = analyze_leak(three_card_poker, parse_leak(f"dealer:{seen}"), deck=DECK_14)
    unit = three_card_poker.wagers[three_card_poker.house_edge_per].initial
    engine = {name: value * unit for name, value in leak.analysis.wager_returns.items()}
    assert engine == brute_leak(three_card_poker, DECK_14, seen)


def test_three_card_poker_with_one_dealer_card_seen_matches_the_published_figures(
    three_card_poker: BankedGame,
):
    """Eliot Jacobson, "Three Card Poker Hole-Card Play" (apheat.net, 2015; 888casino blog):
    the player's edge 3.4829%, hit frequency 54.2203%; play everything against a 2 to a jack,
    Q-9-2 or better against a queen, K-9-2 against a king, A-9-2 against an ace (also the
    Wizard of Odds newsletter of 6 September 2003: 3.48%)."""
    leak = analyze_leak(three_card_poker, parse_leak("dealer:1"))
    analysis = leak.analysis
    assert analysis.house_edge == Fraction(-443_162, 12_724_075)
    assert round(float(-analysis.house_edge), 6) == 0.034829
    ahead = sum((r.probability for r in analysis.net_rows if r.net > 0), Fraction(0))
    assert round(float(ahead), 6) == 0.542203
    assert analysis.deals == 3 * 407_170_400 and leak.seen_sets == 3
    assert leak.house_edge_without == Fraction(686_689, 20_358_520)
    words = analysis.strategy_words
    assert words[:10] == tuple(f"dealer shows {r}: always bet play 1x" for r in "23456789TJ")
    assert words[10:] == tuple(
        f"dealer shows {r}: bet play 1x with high card {r}-9-2 or better, else fold" for r in "QKA"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [("peek", "expected dealer:N"), ("dealer:0", "expected dealer:N"), ("share:0", "share:K")],
)
def test_a_leak_that_is_not_dealer_n_or_share_k_is_refused(text: str, problem: str):
    with pytest.raises(OptionError, match=problem):
        parse_leak(text)


@pytest.mark.parametrize(
    "args",
    [
        ["banked/three_card_poker", "--leak", "dealer:3"],  # the dealer holds 3
        ["banked/let_it_ride", "--leak", "dealer:3"],  # two board cards face down
        ["banked/three_card_poker", "--leak", "dealer:1", "--strategy", "play everything"],
        ["caribbean_stud/standard", "--leak", "dealer:1"],
        ["banked/let_it_ride", "--leak", "share:16"],  # 16 other hands do not fit
        ["banked/three_card_poker", "--leak", "share:16"],  # 16 other hands do not fit
        ["caribbean_stud/standard", "--seed", "1"],
    ],
)
def test_bad_leaks_are_one_line_and_status_2(args, capsys):
    status = main(["analyze", *args])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and err[0].startswith("casino-sim: error:"), err
