"""Ultimate Texas Hold'em: three decisions on one play bet, solved exactly.

The engine (card types on each board, inclusion-exclusion, suit classes) against a direct
enumeration on a reduced deck: every hole pair, board and dealer hand, each hand valued by
phevaluator (an independent library), every decision taken by backward induction from the
enumerated sums; and the full game against its published figures.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import lcm

import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.config import PAYTABLE_DIR, BankedGame, load_banked_game, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked
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


@pytest.fixture(scope="module")
def exact(uth: BankedGame) -> BankedAnalysis:
    """The full game's exact analysis, side bets too (about 15 s once compiled)."""
    return analyze_banked(uth)


def _category(rank: int) -> str:
    return next(name for name, end in CATEGORY_ENDS if rank <= end)


def four_x_rule(a: int, b: int) -> int:
    """Wizard of Odds' decision point 1 on the card codes ``a``, ``b``: 4 (raise 4x) or 0
    (check). A pair of 3s or better; suited, any ace or king, a queen with a 6 or better, a jack
    with an 8 or better; offsuit, any ace, a king with a 5 or better, a queen with an 8 or
    better, J-10."""
    high, low, suited = max(a // 4, b // 4), min(a // 4, b // 4), a % 4 == b % 4
    if high == low:
        return 4 if high >= 1 else 0
    least = {(12, True): 0, (12, False): 0, (11, True): 0, (11, False): 3, (10, True): 4,
             (10, False): 6, (9, True): 6, (9, False): 8}  # fmt: skip
    return 4 if low >= least.get((high, suited), 13) else 0


def brute_force(
    game: BankedGame, deck: tuple[int, ...], pre: Callable[[int, int], int] | None = None
) -> dict[str, Fraction]:
    """Each wager's net over every deal of ``deck`` with the optimal strategy, ties to the
    smaller bet: per (hole, board) the dealer hands are enumerated, the river decided, the flop
    decided on the sums over its turns and rivers, the start on the sums over its flops (or,
    with ``pre``, by ``pre(code, code)``: the play bet's multiple before the flop, 0 a check).
    Money in whole units of 1 / ``scale`` (the blind's 3 to 2)."""
    pays = {line.hand: line.pays for line in game.wagers["blind"].resolve.paytable}
    scale = lcm(*(pay.denominator for pay in pays.values()))
    names = [format_card(c) for c in deck]
    value = {sum(1 << c for c in cards): evaluate_cards(*(names[c] for c in cards))
             for cards in combinations(range(len(deck)), 7)}  # fmt: skip
    masks = [1 << c for c in range(len(deck))]

    # per (hole, board) masks: (ante, blind, play per unit of play bet, deals) over the dealers
    showdown: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for hole in combinations(range(len(deck)), 2):
        held = masks[hole[0]] | masks[hole[1]]
        rest = [c for c in range(len(deck)) if c not in hole]
        for board in combinations(rest, 5):
            table = sum(masks[c] for c in board)
            mine = value[held | table]
            win = int(pays.get(_category(mine), 0) * scale)
            left = [c for c in rest if c not in board]
            ante = blind = play = dealt = 0
            for a, b in combinations(left, 2):
                theirs = value[masks[a] | masks[b] | table]
                qualifies = theirs <= 6185
                if mine < theirs:  # the player's hand is better
                    ante += scale if qualifies else 0
                    blind += win
                    play += scale
                elif mine > theirs:
                    ante -= scale if qualifies else 0
                    blind -= scale
                    play -= scale
                dealt += scale
            showdown[held, table] = (ante, blind, play, dealt)

    totals = [0, 0, 0]
    for hole in combinations(range(len(deck)), 2):
        held = masks[hole[0]] | masks[hole[1]]
        rest = [c for c in range(len(deck)) if c not in hole]
        every = [0, 0, 0]  # every board: ante, blind, play per unit
        checked = [0, 0, 0]  # the flop's best action, summed over the flops
        for flop in combinations(rest, 3):
            top = masks[flop[0]] | masks[flop[1]] | masks[flop[2]]
            after = [c for c in rest if c not in flop]
            sums = [0, 0, 0]
            river = [0, 0, 0]
            for t, r in combinations(after, 2):
                ante, blind, play, dealt = showdown[held, top | masks[t] | masks[r]]
                sums = [sums[0] + ante, sums[1] + blind, sums[2] + play]
                if ante + blind + play > -2 * dealt:  # ties: fold (the smaller bet)
                    river = [river[0] + ante, river[1] + blind, river[2] + play]
                else:
                    river = [river[0] - dealt, river[1] - dealt, river[2]]
            bet = [sums[0], sums[1], 2 * sums[2]]
            choice = bet if sum(bet) > sum(river) else river
            checked = [x + y for x, y in zip(checked, choice, strict=True)]
            every = [x + y for x, y in zip(every, sums, strict=True)]
        best = checked
        for m in (3, 4):  # the smaller bet first: a larger one must be better
            option = [every[0], every[1], m * every[2]]
            if sum(option) > sum(best):
                best = option
        if pre is not None:
            m = pre(deck[hole[0]], deck[hole[1]])
            best = [every[0], every[1], m * every[2]] if m else checked
        totals = [x + y for x, y in zip(totals, best, strict=True)]
    return {w: Fraction(t, scale) for w, t in zip(("ante", "blind", "play"), totals, strict=True)}


def test_equals_the_enumeration_on_a_reduced_deck(uth: BankedGame) -> None:
    analysis = analyze_banked(uth, deck=DECK_14, side_bets=False)
    assert analysis.deals == 91 * 220 * 36 * 21
    assert dict(analysis.wager_returns) == brute_force(uth, DECK_14)  # totals over the deals


@pytest.mark.parametrize(
    ("strategy", "pre"), [("4x rule", four_x_rule), ("never raise pre-flop", lambda a, b: 0)]
)
def test_a_named_pre_flop_rule_equals_the_enumeration(
    uth: BankedGame, strategy: str, pre: Callable[[int, int], int]
) -> None:
    """The named strategy's rules before the flop (on the two cards: pairs, suited and offsuit
    thresholds), the flop and the river played optimally, against the enumeration taking the
    published rule by hand; the words say the later decisions are the optimal ones."""
    analysis = analyze_banked(uth, strategy, deck=DECK_14, side_bets=False)
    assert dict(analysis.wager_returns) == brute_force(uth, DECK_14, pre)
    assert (
        analysis.strategy_words[0]
        == "flop and turn_river: optimal (the strategy's rules after deal)"
    )


def test_published_figures(exact: BankedAnalysis) -> None:
    """Wizard of Odds: the house edge 2.19% of the ante with the optimal strategy;
    beatingbonuses.com: 0.53% per wager (the element of risk); the exact figures
    docs/banked-games.md quotes."""
    analysis = exact
    assert analysis.deals == 1326 * 19600 * 1081 * 990
    assert analysis.house_edge == Fraction(50_643_648_973, 2_317_817_502_000)
    assert analysis.average_total_bet == Fraction(29_163_830_173, 7_023_689_400)
    assert f"{float(analysis.element_of_risk):.4%}" == "0.5262%"
    taken = analysis.decisions
    assert f"{taken['deal']['bet play 4x'] / analysis.deals:.4%}" == "37.7074%"
    assert taken["deal"]["bet play 3x"] == 0  # 3x is never better than 4x (nor equal)
    assert round(100 * float(analysis.house_edge), 3) == 2.185  # 2.19% published: 2.185 rounded
    assert round(100 * float(analysis.element_of_risk), 2) == 0.53
    trips = {s.paytable: s for s in analysis.side_bets if s.side_bet == "trips"}
    assert round(100 * float(trips["50-40-30-8-6-5-3"].house_edge), 2) == 1.90
    assert round(100 * float(trips["50-40-30-8-7-4-3"].house_edge), 2) == 3.50


def test_named_strategies(uth: BankedGame, exact: BankedAnalysis) -> None:
    """The 4x rule is the optimal play before the flop (Wizard of Odds' decision point 1), so
    its figures are the optimal ones, integer for integer; never raising before the flop costs
    15.4968% of the ante (no published figure found). Each names the later decisions optimal."""
    four_x = analyze_banked(uth, "4x rule", side_bets=False)
    assert four_x.house_edge == exact.house_edge
    assert four_x.average_total_bet == exact.average_total_bet
    assert dict(four_x.decisions) == dict(exact.decisions)
    never = analyze_banked(uth, "never raise pre-flop", side_bets=False)
    assert never.house_edge == Fraction(76_968_970_453, 496_675_179_000)
    assert f"{float(never.house_edge):.4%}" == "15.4968%"
    assert never.decisions["deal"] == {"check": never.deals, "bet play 3x": 0, "bet play 4x": 0}
    for analysis in (four_x, never):
        assert "flop and turn_river: optimal" in analysis.strategy_words[0]
        assert analysis.strategy_label.endswith(" (flop and turn_river: optimal)")
    assert exact.strategy_label == "optimal"


def test_rules_after_the_flop_are_refused(uth: BankedGame) -> None:
    text = (PAYTABLES / "ultimate_texas_holdem.yaml").read_text() + (
        "    flop:\n      - {action: check}\n"
    )
    game = load_text(text, name="uth.yaml")
    with pytest.raises(OptionError, match="rules for the decision after 'flop'"):
        analyze_banked(game, "never raise pre-flop", side_bets=False)  # type: ignore[arg-type]


def test_dealt_it_agrees_with_the_exact_figures(uth: BankedGame, exact: BankedAnalysis) -> None:
    """The Monte Carlo plays the solver's strategy (the river by board class and card types):
    each decision's shares and the house edge within 4 standard errors of the exact ones."""
    run = simulate_banked(uth, 600_000, seed=7, workers=2)
    edge = run.house_edge
    assert abs(edge.estimate - float(exact.house_edge)) < 4 * edge.standard_error
    for stage, taken in exact.decisions.items():
        reached, dealt = sum(taken.values()), run.decisions[stage]
        n = sum(dealt.values())
        for action, deals in taken.items():
            p = deals / reached
            assert abs(dealt[action] / n - p) <= 4 * (p * (1 - p) / n) ** 0.5, (stage, action)


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
