"""A bad hold'em file: one problem naming the key (and the line); a shape the solver does not
solve: an OptionError saying what it needs."""

from __future__ import annotations

import pytest

from casino_sim.config import PAYTABLE_DIR, PaytableError, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.language import analyze_banked

SHIPPED = (PAYTABLE_DIR / "banked" / "casino_holdem.yaml").read_text()
AA_HAND = "    hand: {cards: [player, board], use: 5, ranking: five_card_high, through: flop}"

CASES = [
    (  # a hand rule using more cards than are dealt by its stage
        AA_HAND,
        "    hand: {cards: [player], use: 5, ranking: five_card_high, through: flop}",
        "side_bets.aa_bonus.hand.use: uses 5 cards, but the stages deal 2 to player through flop",
    ),
    (  # a hand rule through a stage that does not exist
        AA_HAND,
        "    hand: {cards: [player, board], use: 5, ranking: five_card_high, through: flopp}",
        "side_bets.aa_bonus.hand.through: no stage 'flopp' (did you mean 'flop'?)",
    ),
    (  # a wager paid by a paytable and a bonus at once
        "      ties: push\n      paytable:",
        "      ties: push\n      bonus: [{hand: flush, pays: 1}]\n      paytable:",
        "wagers.ante.resolve.bonus: a paytable or a bonus, not both",
    ),
    (  # a qualifier for a category the ranking lacks
        'qualifier: {hand: one_pair, at_least: "4"}',
        "qualifier: {hand: pair_of_fours}",
        "qualifier.hand",
    ),
]


@pytest.mark.parametrize(("old", "new", "message"), CASES)
def test_one_problem_naming_the_key(old: str, new: str, message: str) -> None:
    assert old in SHIPPED
    text = SHIPPED.replace(old, new, 1)
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="bad.yaml")
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"bad.yaml:{problem.line}: {message}")
    assert problem.line is not None


def test_a_decision_the_solver_does_not_solve() -> None:
    """Valid in the language (a decision after the river), not solved exactly."""
    text = SHIPPED.replace("  - after: flop\n", "  - after: turn_river\n", 1)
    text = text.split("strategies:")[0]
    game = load_text(text, name="river.yaml")
    with pytest.raises(OptionError, match="one decision on the flop"):
        analyze_banked(game, side_bets=False)  # type: ignore[arg-type]
