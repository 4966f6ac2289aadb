"""`analyze --leak share:K`: what seeing K other players' hands is worth, exact where every
(hand, seen cards) can be counted and sampled otherwise, against a plain-Python enumeration."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

from casino_sim.cli import main
from casino_sim.config import BankedGame, load_banked_game
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.leaks import parse_leak
from casino_sim.games.banked.language.sharing import SampledLeak, ShareAnalysis, analyze_share
from tests.banked.brute import brute_seen

#: Sevens to queens in two suits: dealer hands that do not qualify (below Q-high), pairs,
#: straights, flushes and straight flushes; one other hand seen leaves 6 cards for the dealer.
DECK_12 = tuple(rank * 4 + suit for rank in range(5, 11) for suit in range(2))


def brute_share(game: BankedGame, deck: tuple[int, ...], others: int) -> dict[str, Fraction]:
    """Every (player hand, set of the others' cards, dealer hand missing them)."""
    size = others * game.stages[0].player

    def seen_of(theirs: tuple[int, ...], rest: list[int]):
        return combinations([c for c in rest if c not in theirs], size)

    return brute_seen(game, deck, seen_of)


@pytest.mark.parametrize("others", [1, 2])
def test_the_leak_equals_brute_force_on_a_reduced_deck(three_card_poker: BankedGame, others):
    share = analyze_share(three_card_poker, others, deck=DECK_12)
    assert isinstance(share, ShareAnalysis)
    unit = three_card_poker.wagers[three_card_poker.house_edge_per].initial
    engine = {name: value * unit for name, value in share.analysis.wager_returns.items()}
    assert engine == brute_share(three_card_poker, DECK_12, others)
    # 220 player hands, 84 sets of the others' cards, then 20 dealer hands (one other) or 1
    assert share.analysis.deals == 220 * 84 * (20 if others == 1 else 1)


def test_sampled_agrees_with_the_exact_figures(three_card_poker: BankedGame):
    """The sampled path, forced on a case counted exactly: within 4 standard errors (its 95%
    interval is 1.96 of them), the edge never below the exact one without the leak's gain."""
    exact = analyze_share(three_card_poker, 1, deck=DECK_12)
    sampled = analyze_share(three_card_poker, 1, deck=DECK_12, samples=20_000, seed=5,
                            exact_limit=0)  # fmt: skip
    assert isinstance(exact, ShareAnalysis) and isinstance(sampled, SampledLeak)
    low, high = sampled.house_edge_interval
    se = (high - low) / 2 / 1.96
    assert 0 < se < 0.01
    assert abs(sampled.house_edge - float(exact.analysis.house_edge)) < 4 * se
    low, high = sampled.element_of_risk_interval
    eor_se = (high - low) / 2 / 1.96
    assert abs(sampled.element_of_risk - float(exact.analysis.element_of_risk)) < 4 * eor_se
    again = analyze_share(three_card_poker, 1, deck=DECK_12, samples=20_000, seed=5,
                          exact_limit=0)  # fmt: skip
    assert again == sampled  # the seed fixes every figure


#: Three Card Poker's house edge with one other hand seen, counted exactly: the figure of
#: ``casino-sim analyze banked/three_card_poker --leak share:1`` in docs/banked-games.md, whose
#: transcript tests/test_docs_commands.py runs (so it is computed once per suite).
ONE_HAND_SEEN = Fraction(213_200_389, 6_438_381_950)


def test_three_card_poker_sampled_agrees_with_the_exact_figure(three_card_poker: BankedGame):
    """On the full deck, the sampled path forced on one other hand seen agrees with the exact
    3.3114% within 4 standard errors. No collusion figure is published to compare with
    (Jacobson's "Collusion 101", apheat.net 2013, counts the dealer hands a full table leaves
    but quotes no edge)."""
    sampled = analyze_share(three_card_poker, 1, samples=200_000, seed=2, exact_limit=0)
    assert isinstance(sampled, SampledLeak)
    assert sampled.house_edge_without == Fraction(686_689, 20_358_520)
    low, high = sampled.house_edge_interval
    assert abs(sampled.house_edge - float(ONE_HAND_SEEN)) < 4 * (high - low) / 2 / 1.96
    assert high < float(sampled.house_edge_without)  # the leak is worth something
    assert 0 < sampled.changed_share < 0.05


def test_parsed_and_refused(three_card_poker: BankedGame, tmp_path, capsys):
    assert parse_leak("share:2").cards == 2
    with pytest.raises(OptionError, match="at most share:15"):  # 3 + 16 x 3 + 3 > 52 cards
        analyze_share(three_card_poker, 16)
    with pytest.raises(OptionError, match="not a one-decision showdown"):
        analyze_share(load_banked_game("banked/casino_holdem"), 1)
    assert main(["analyze", "banked/three_card_poker", "--leak", "share:0"]) == 2
    assert "share:K" in capsys.readouterr().err


def test_the_command_prints_and_writes_a_sampled_leak(tmp_path, capsys):
    """The exact leak's transcript is in docs/banked-games.md (run by tests/test_docs_commands.py)."""
    out = tmp_path / "leak.json"
    argv = ["analyze", "banked/three_card_poker", "--leak", "share:2", "--samples", "50,000",
            "--seed", "3", "--json", str(out)]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "sampled: 50,000 (hand, seen cards)" in text and "(seed 3)" in text
    record = json.loads(out.read_text())["leak"]
    assert record["sampled"] and record["samples"] == 50_000 and record["seed"] == "3"
    low, high = record["house_edge_95"]
    assert low < record["house_edge"] < high < 686_689 / 20_358_520
    assert main([*argv[:-2], "--csv", str(tmp_path / "leak.csv")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "is sampled, with no exact return table" in err  # before any work
    assert main(["analyze", "banked/three_card_poker", "--seed", "3"]) == 2
    assert "--samples and --seed are for a sampled --leak (share:K" in capsys.readouterr().err
    assert main(["analyze", "banked/three_card_poker", "--leak", "dealer:1", "--seed", "3"]) == 2
    assert "or dealer:N at a game with six dealer cards" in capsys.readouterr().err
