"""A bad game file: one line naming the file, the line and the key; the CLI exits 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, PaytableError, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.language import analyze_banked

SHIPPED = (PAYTABLE_DIR / "banked" / "three_card_poker.yaml").read_text()

CASES = [
    (  # a decision naming a wager that does not exist
        "{action: bet, wager: play, times: 1, of: ante}",
        "{action: bet, wager: plya, times: 1, of: ante}",
        "decisions[0].actions[1].wager: no wager 'plya' (did you mean 'play'?)",
    ),
    (  # a hand rule using more cards than are dealt
        "player: {cards: [player], use: 3, ranking: three_card}",
        "player: {cards: [player], use: 5, ranking: five_card_high}",
        "hands.player.use: uses 5 cards, but the stages deal 3 to player",
    ),
    (  # a paytable line for a category the ranking lacks
        "        - {hand: three_of_a_kind, pays: 4}",
        "        - {hand: full_house, pays: 4}",
        "wagers.ante.resolve.bonus[1].hand: the three_card ranking has no full house",
    ),
    (  # a deck too small for the stages
        "  - {name: deal, player: 3, dealer: 3}",
        "  - {name: deal, player: 7, dealer: 7}\n  - {name: river, player: 7, dealer: 7, board: 5}\n"
        "  - {name: more, player: 7, dealer: 7, board: 5}\n  - {name: end, player: 7, dealer: 7}",
        "stages: the stages deal 66 cards, more than the deck's 52",
    ),
    (  # a strategy naming an action the decision does not have
        "      - {action: bet play 1x}",
        "      - {action: raise}",
        "strategies.play everything.deal[0].action: no action 'raise'",
    ),
    (  # a decision after a stage that does not exist
        "  - after: deal",
        "  - after: flop",
        "decisions[0].after: no stage 'flop'",
    ),
]


def _bad(old: str, new: str) -> str:
    assert old in SHIPPED
    return SHIPPED.replace(old, new, 1)


@pytest.mark.parametrize(("old", "new", "message"), CASES)
def test_one_line_with_file_line_and_key(old: str, new: str, message: str) -> None:
    text = _bad(old, new)
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="bad.yaml")
    (problem,) = caught.value.problems
    line = next(i for i, row in enumerate(text.splitlines(), 1) if new.splitlines()[0] in row)
    assert str(problem).startswith(f"bad.yaml:{problem.line}: {message}")
    assert problem.line == line or message.startswith("stages")


@pytest.mark.parametrize(("old", "new", "message"), CASES[:2])
def test_validate_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(_bad(old, new))
    assert main(["validate", str(path)]) == 2
    said = capsys.readouterr()
    lines = (said.out + said.err).strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "bad.yaml:" in lines[0]
    assert main(["analyze", str(path)]) == 2
    said = capsys.readouterr()
    lines = (said.out + said.err).strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_unknown_strategy_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "banked/three_card_poker", "--strategy", "Q-6-3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "optimal, Q-6-4, play everything" in err[0]


def test_caribbean_options_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "banked/let_it_ride", "--progressive", "progressives/50-75-100"]) == 2
    assert "--progressive: Let It Ride has no progressive side bet" in capsys.readouterr().err
    assert main(["analyze", "banked/let_it_ride", "--report", "out"]) == 2
    assert "--report is for Caribbean Stud" in capsys.readouterr().err


def test_a_shape_the_solver_does_not_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A dealer card face up in a game of three cards each: valid in the language, not solved
    exactly (the solver of a dealer card face up takes five cards each; exit 2)."""
    text = _bad(
        "  - {name: deal, player: 3, dealer: 3}",
        "  - {name: deal, player: 3, dealer: 3, dealer_up: 1}",
    )
    game = load_text(text, name="up.yaml")
    with pytest.raises(OptionError, match="a dealer card face up solves five cards each"):
        analyze_banked(game)  # type: ignore[arg-type]
    path = tmp_path / "up.yaml"
    path.write_text(text)
    assert main(["analyze", str(path)]) == 2
    assert "a dealer card face up solves five cards each" in capsys.readouterr().err


FIVE_CARD_SHOWDOWN = """\
kind: banked_game
name: Five card showdown
stages:
  - {name: deal, player: 5, dealer: 5}
hands:
  player: {cards: [player], use: 5, ranking: five_card_high}
  dealer: {cards: [dealer], use: 5, ranking: five_card_high}
qualifier: {hand: high_card, at_least: A-K}
wagers:
  ante: {initial: 1, resolve: {type: versus_dealer, dealer_not_qualified: pays}}
  raise: {resolve: {type: versus_dealer, dealer_not_qualified: push}}
decisions:
  - after: deal
    actions: [{action: fold}, {action: bet, wager: raise, times: 2, of: ante}]
house_edge_per: ante
"""


def test_a_game_too_big_for_the_exact_showdown_says_how_long_it_would_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Caribbean Stud without its up card: about 2.8e11 hand pairs, refused before any is made."""
    game = load_text(FIVE_CARD_SHOWDOWN, name="five.yaml")
    with pytest.raises(OptionError, match=r"about 281,441,378,400 player and dealer hands to "
                       r"count, 13 min here: over the exact showdown's limit"):  # fmt: skip
        analyze_banked(game)  # type: ignore[arg-type]
    path = tmp_path / "five.yaml"
    path.write_text(FIVE_CARD_SHOWDOWN)
    assert main(["analyze", str(path)]) == 2
    assert "player and dealer hands to count" in capsys.readouterr().err
