"""Ultimate Texas Hold'em: three decisions on one play bet, solved exactly.

The engine (card types on each board, inclusion-exclusion, suit classes) against a direct
enumeration on a reduced deck: every hole pair, board and dealer hand, each hand valued by
phevaluator (an independent library), every decision taken by backward induction from the
enumerated sums; and the full game against its published figures.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, BankedGame, load_banked_game, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.language import analyze_banked
from casino_sim.games.banked.language.simulate import simulate_banked

#: On the worker of the other hold'em solver's tests (tests/banked/test_holdem.py): the board
#: kernels they share are compiled once.
pytestmark = pytest.mark.xdist_group("holdem")

PAYTABLES = PAYTABLE_DIR / "banked"
#: Eights to aces in two suits: flushes, straights, non-qualifying dealers all made.
DECK_14 = tuple(rank * 4 + suit for rank in range(6, 13) for suit in range(2))
#: phevaluator's ranks (1 best): the last of each category, best first.
CATEGORY_ENDS = (("royal_flush", 1), ("straight_flush", 10), ("four_of_a_kind", 166),
                 ("full_house", 322), ("flush", 1599), ("straight", 1609),
                 ("three_of_a_kind", 2467), ("two_pair", 3325), ("one_pair", 6185),
                 ("high_card", 7462))  # fmt: skip


@pytest.fixture(scope="module")
def uth() -> BankedGame:
    return load_banked_game("banked/ultimate_texas_holdem")


def _category(rank: int) -> str:
    return next(name for name, end in CATEGORY_ENDS if rank <= end)


def brute_force(game: BankedGame, deck: tuple[int, ...]) -> dict[str, Fraction]:
    """Each wager's net over every deal of ``deck`` with the optimal strategy, ties to the
    smaller bet: per (hole, board) the dealer hands are enumerated, the river decided, the flop
    decided on the sums over its turns and rivers, the start on the sums over its flops."""
    blind = {line.hand: line.pays for line in game.wagers["blind"].resolve.paytable}
    names = [format_card(c) for c in deck]
    value = {cards: evaluate_cards(*(names[i] for i in cards))
             for cards in combinations(range(len(deck)), 7)}  # fmt: skip

    def seven(*parts: tuple[int, ...]) -> int:
        return value[tuple(sorted(sum(parts, ())))]

    # per (hole, board): (ante, blind, play per unit of play bet) summed over the dealer hands
    showdown: dict[
        tuple[tuple[int, ...], tuple[int, ...]], tuple[Fraction, Fraction, int, int]
    ] = {}
    for hole in combinations(range(len(deck)), 2):
        rest = [c for c in range(len(deck)) if c not in hole]
        for board in combinations(rest, 5):
            mine = seven(hole, board)
            pays = blind.get(_category(mine), Fraction(0))
            left = [c for c in rest if c not in board]
            ante = blind_net = Fraction(0)
            play = dealt = 0
            for dealer in combinations(left, 2):
                theirs = seven(dealer, board)
                qualifies = theirs <= 6185
                if mine < theirs:  # the player's hand is better
                    ante += 1 if qualifies else 0
                    blind_net += pays
                    play += 1
                elif mine > theirs:
                    ante -= 1 if qualifies else 0
                    blind_net -= 1
                    play -= 1
                dealt += 1
            showdown[hole, board] = (ante, blind_net, play, dealt)

    totals = [Fraction(0)] * 3
    for hole in combinations(range(len(deck)), 2):
        rest = [c for c in range(len(deck)) if c not in hole]
        bet_sums = [Fraction(0)] * 3  # every board: ante, blind, play per unit
        check_path = [Fraction(0)] * 3  # the flop's best action, summed over the flops
        for flop in combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            flop_sums = [Fraction(0)] * 3
            river_path = [Fraction(0)] * 3
            for turn_river in combinations(after, 2):
                ante, blind_net, play, dealt = showdown[hole, tuple(sorted(flop + turn_river))]
                flop_sums = [flop_sums[0] + ante, flop_sums[1] + blind_net, flop_sums[2] + play]
                bet = ante + blind_net + play
                if bet > -2 * dealt:  # ties: fold (the smaller bet)
                    river_path = [river_path[0] + ante, river_path[1] + blind_net,
                                  river_path[2] + play]  # fmt: skip
                else:
                    river_path = [river_path[0] - dealt, river_path[1] - dealt, river_path[2]]
            flop_bet = [flop_sums[0], flop_sums[1], 2 * flop_sums[2]]
            choice = flop_bet if sum(flop_bet) > sum(river_path) else river_path
            check_path = [a + b for a, b in zip(check_path, choice, strict=True)]
            bet_sums = [a + b for a, b in zip(bet_sums, flop_sums, strict=True)]
        options = [check_path] + [[bet_sums[0], bet_sums[1], m * bet_sums[2]] for m in (3, 4)]
        best = options[0]
        for option in options[1:]:  # the smaller bet first: a larger one must be better
            if sum(option) > sum(best):
                best = option
        totals = [a + b for a, b in zip(totals, best, strict=True)]
    return dict(zip(("ante", "blind", "play"), totals, strict=True))


def test_equals_the_enumeration_on_a_reduced_deck(uth: BankedGame) -> None:
    analysis = analyze_banked(uth, deck=DECK_14, side_bets=False)
    assert analysis.deals == 91 * 220 * 36 * 21
    assert dict(analysis.wager_returns) == brute_force(uth, DECK_14)  # totals over the deals


def test_published_figures(uth: BankedGame) -> None:
    """Wizard of Odds: the house edge 2.19% of the ante with the optimal strategy;
    beatingbonuses.com: 0.53% per wager (the element of risk); the exact figures
    docs/banked-games.md quotes."""
    analysis = analyze_banked(uth)
    assert analysis.deals == 1326 * 19600 * 1081 * 990
    assert analysis.house_edge == Fraction(50_643_648_973, 2_317_817_502_000)
    assert analysis.average_total_bet == Fraction(29_163_830_173, 7_023_689_400)
    assert f"{float(analysis.element_of_risk):.4%}" == "0.5262%"
    taken = analysis.decisions
    assert f"{taken['deal']['bet play 4x'] / analysis.deals:.4%}" == "37.7074%"
    assert "bet play 3x" not in taken["deal"]  # 3x is never better than 4x (nor equal)
    assert round(100 * float(analysis.house_edge), 3) == 2.185  # 2.19% published: 2.185 rounded
    assert round(100 * float(analysis.element_of_risk), 2) == 0.53
    trips = {s.paytable: s for s in analysis.side_bets if s.side_bet == "trips"}
    assert round(100 * float(trips["50-40-30-8-6-5-3"].house_edge), 2) == 1.90
    assert round(100 * float(trips["50-40-30-8-7-4-3"].house_edge), 2) == 3.50


def test_dealing_it_is_refused_with_one_line(uth: BankedGame, capsys) -> None:
    code = main(["simulate", "banked/ultimate_texas_holdem", "--hands", "10000"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "not tabled for dealing" in err[0]
    with pytest.raises(OptionError, match="not tabled for dealing"):
        simulate_banked(uth, 1000, seed=1)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the flop's bet on another wager: not one play bet made once
        (
            "      - {action: bet, wager: play, times: 2, of: ante}",
            "      - {action: bet, wager: blind, times: 2, of: ante}",
        ),
        # a check after the river instead of a fold
        (
            "  - after: turn_river\n    actions:\n      - {action: fold}",
            "  - after: turn_river\n    actions:\n      - {action: stay, name: check}",
        ),
        # no decision after the river
        (
            "  - after: turn_river\n    actions:\n      - {action: fold}\n"
            "      - {action: bet, wager: play, times: 1, of: ante}\n",
            "",
        ),
    ],
)
def test_a_shape_the_solver_does_not_solve_is_refused(old: str, new: str) -> None:
    shipped = (PAYTABLES / "ultimate_texas_holdem.yaml").read_text()
    assert old in shipped
    game = load_text(shipped.replace(old, new, 1), name="uth.yaml")
    with pytest.raises(OptionError, match="the exact hold'em solver with decisions before"):
        analyze_banked(game, side_bets=False)  # type: ignore[arg-type]
