"""Texas Hold'em Bonus: a bet before the flop, one offered on the flop and one on the turn.

The engine (card types on each board, inclusion-exclusion over the river, suit classes of the
flops and turns) against a direct enumeration on a reduced deck: every hole pair, flop, turn,
river and dealer hand, each hand valued by phevaluator (an independent library), each decision
taken by backward induction from the enumerated sums; every wager's total and the distribution
of the net to the unit. The full game against its published figures, and dealt.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.config import PAYTABLE_DIR, BankedGame, load_banked_game, load_text
from casino_sim.errors import OptionError
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked
from casino_sim.games.banked.language.hands import FULL_DECK
from casino_sim.games.banked.language.holdem_turns import _turn_work
from casino_sim.games.banked.language.simulate import simulate_banked

#: On the worker of the other hold'em solvers' tests: the board kernels they share compile once.
pytestmark = pytest.mark.xdist_group("holdem")

GAME = PAYTABLE_DIR / "banked" / "texas_holdem_bonus.yaml"
#: Eights to aces in two suits: flushes, straights and ties all made.
DECK_14 = tuple(rank * 4 + suit for rank in range(6, 13) for suit in range(2))
#: phevaluator's rank (1 best) of the worst straight.
WORST_STRAIGHT = 1609
#: a (hole, board)'s dealer hands: the player wins with a straight or better, wins with less,
#: ties, loses
Ends = tuple[int, int, int, int]


@pytest.fixture(scope="module")
def thb() -> BankedGame:
    return load_banked_game("banked/texas_holdem_bonus")


@pytest.fixture(scope="module")
def exact(thb: BankedGame) -> BankedAnalysis:
    """The full game's exact analysis (about 10 s once compiled)."""
    return analyze_banked(thb)


@cache
def showdowns(deck: tuple[int, ...]) -> dict[tuple[tuple[int, ...], tuple[int, ...]], Ends]:
    """Per (hole, board) of ``deck`` the dealer hands by way the showdown ends: the player wins
    with a straight or better (the ante pays), wins with less (the ante pushes), ties, loses;
    every dealer hand enumerated, hands valued by phevaluator."""
    names = [format_card(c) for c in deck]
    n = len(deck)
    value = {hand: evaluate_cards(*(names[c] for c in hand)) for hand in combinations(range(n), 7)}
    showdown: dict[tuple[tuple[int, ...], tuple[int, ...]], Ends] = {}
    for hole in combinations(range(n), 2):
        rest = [c for c in range(n) if c not in hole]
        for board in combinations(rest, 5):
            mine = value[tuple(sorted(hole + board))]
            ends = [0, 0, 0, 0]
            for dealer in combinations([c for c in rest if c not in board], 2):
                theirs = value[tuple(sorted(dealer + board))]
                if mine < theirs:  # the player's hand is better
                    ends[0 if mine <= WORST_STRAIGHT else 1] += 1
                else:
                    ends[2 if mine == theirs else 3] += 1
            showdown[hole, board] = (ends[0], ends[1], ends[2], ends[3])
    return showdown


def brute_force(
    deck: tuple[int, ...], *, always_play: bool = False
) -> tuple[dict[str, int], Counter[int]]:
    """Each wager's total and the count of each net over every deal of ``deck`` (in antes),
    the optimal strategy, ties to the smaller bet: per (hole, board) the dealer hands are
    enumerated (:func:`showdowns`); the turn is decided on the sums over its rivers, the flop on
    the sums over its turns and rivers, the start on the sums over its flops (``always_play``:
    never a fold)."""
    n = len(deck)
    showdown = showdowns(deck)
    totals = dict.fromkeys(("ante", "flop", "turn", "river"), 0)
    nets: Counter[int] = Counter()
    for hole in combinations(range(n), 2):
        rest = [c for c in range(n) if c not in hole]
        played = []  # (the showdown's ends, turn bet made, river bet made)
        for flop in combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            turns = []
            for t in after:
                rivers = [showdown[hole, tuple(sorted((*flop, t, r)))] for r in after if r != t]
                unit = sum(s + w - lose for s, w, _, lose in rivers)  # a bet's net per unit
                turns.append((rivers, int(unit > 0)))
            turn_bet = int(sum(sum(s + w - x for s, w, _, x in r) for r, _ in turns) > 0)
            played += [
                (ends, turn_bet, river_bet) for rivers, river_bet in turns for ends in rivers
            ]
        bet = sum(s * (3 + tb + rb) + w * (2 + tb + rb) - lose * (3 + tb + rb)
                  for (s, w, _, lose), tb, rb in played)  # fmt: skip
        dealt = sum(sum(ends) for ends, _, _ in played)
        if bet <= -dealt and not always_play:  # fold (ties: the smaller bet)
            totals["ante"] -= dealt
            nets[-1] += dealt
            continue
        for (s, w, tie, lose), tb, rb in played:
            units = 2 + tb + rb
            totals["ante"] += s - lose
            totals["flop"] += 2 * (s + w - lose)
            totals["turn"] += tb * (s + w - lose)
            totals["river"] += rb * (s + w - lose)
            nets[1 + units] += s
            nets[units] += w
            nets[0] += tie
            nets[-1 - units] += lose
    return totals, nets


def test_equals_the_enumeration_on_a_reduced_deck(thb: BankedGame) -> None:
    analysis = analyze_banked(thb, deck=DECK_14, side_bets=False)
    assert analysis.deals == 91 * 220 * 9 * 8 * 21
    totals, nets = brute_force(DECK_14)
    assert dict(analysis.wager_returns) == {w: Fraction(t) for w, t in totals.items()}
    assert {row.net: row.combinations for row in analysis.net_rows} == {
        Fraction(k): v for k, v in nets.items() if v
    }


def test_always_play_equals_the_enumeration(thb: BankedGame) -> None:
    """The named strategy "always play" (the flop bet with every hand, the flop and the turn
    played optimally) against the enumeration that never folds."""
    analysis = analyze_banked(thb, "always play", deck=DECK_14, side_bets=False)
    totals, nets = brute_force(DECK_14, always_play=True)
    assert dict(analysis.wager_returns) == {w: Fraction(t) for w, t in totals.items()}
    assert {row.net: row.combinations for row in analysis.net_rows} == {
        Fraction(k): v for k, v in nets.items() if v
    }
    assert analysis.strategy_words[0] == "flop and turn: optimal (the strategy's rules after deal)"


def test_always_play(thb: BankedGame) -> None:
    """Never folding before the flop: 2.3496% of the ante, the figure Wizard of Odds quotes
    from Scott McIntosh for the Colorado rules, to its four decimals."""
    analysis = analyze_banked(thb, "always play", side_bets=False)
    assert analysis.house_edge == Fraction(72_484_639, 3_084_939_000)
    assert round(100 * float(analysis.house_edge), 4) == 2.3496
    assert analysis.decisions["deal"] == {"bet flop 2x": analysis.deals, "fold": 0}
    assert analysis.strategy_label == "always play (flop and turn: optimal)"


def test_published_figures(exact: BankedAnalysis) -> None:
    """Wizard of Odds (Las Vegas rules): the house edge 2.037% of the ante, the average wager
    3.8181 antes, the element of risk 0.5335%; the fold of 2-3 to 2-7 offsuit before the flop
    (the published strategy: only those); the exact figures docs/banked-games.md quotes."""
    analysis = exact
    assert analysis.deals == 1326 * 19600 * 47 * 46 * 990
    assert analysis.house_edge == Fraction(578_107_733, 28_381_438_800)
    assert analysis.average_total_bet == Fraction(582_981_977, 152_688_900)
    assert round(100 * float(analysis.house_edge), 3) == 2.037
    assert round(float(analysis.average_total_bet), 4) == 3.8181
    assert round(100 * float(analysis.element_of_risk), 4) == 0.5335
    assert f"{analysis.sd:.4f}" == "3.5073"  # published 3.500839: see docs/banked-games.md
    assert len(_turn_work(FULL_DECK).card) == 63_193  # flop classes x turn orbits
    folds = dict(analysis.strategy_table)["deal: fold"]
    assert folds.split() == ["72o", "62o", "52o", "42o", "32o"]
    taken = analysis.decisions
    assert f"{taken['deal']['fold'] / analysis.deals:.4%}" == "4.5249%"
    assert f"{taken['flop']['bet turn 1x'] / sum(taken['flop'].values()):.4%}" == "46.7044%"
    assert f"{taken['turn']['bet river 1x'] / sum(taken['turn'].values()):.4%}" == "48.4619%"
    (bonus,) = analysis.side_bets  # the Bonus side bet (tests/banked/test_two_card.py)
    assert bonus.house_edge == Fraction(13_873, 162_435)


def test_the_atlantic_city_rule() -> None:
    """The ante paying only on a flush or better (Atlantic City): the shipped file without its
    straight line gives 5.5935% of the ante, Scott McIntosh's figure as Wizard of Odds quotes
    it (agreeing exactly with Wizard of Odds on the Las Vegas rules)."""
    text = GAME.read_text().replace("        - {hand: straight, pays: 1}\n", "", 1)
    analysis = analyze_banked(load_text(text, name="thb-ac.yaml"), side_bets=False)  # type: ignore[arg-type]
    assert analysis.house_edge == Fraction(19_447_087_313, 347_672_625_300)
    assert round(100 * float(analysis.house_edge), 4) == 5.5935


def test_dealt_it_agrees_with_the_exact_figures(thb: BankedGame, exact: BankedAnalysis) -> None:
    """The Monte Carlo plays the solver's strategy (the turn by the four board cards' class and
    the hole pair): each decision's shares and the house edge within 4 standard errors."""
    run = simulate_banked(thb, 400_000, seed=11, workers=2)
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
        # the turn's bet on the flop's wager: not a wager of its own
        (
            "      - {action: bet, wager: river, times: 1, of: ante}",
            "      - {action: bet, wager: turn, times: 1, of: ante}",
        ),
        # a fold after the turn
        (
            "  - after: turn\n    actions:\n      - {action: stay, name: check}",
            "  - after: turn\n    actions:\n      - {action: fold}",
        ),
        # two sizes of the flop's bet
        (
            "      - {action: bet, wager: turn, times: 1, of: ante}",
            "      - {action: bet, wager: turn, times: 1, up_to: 2, of: ante}",
        ),
    ],
)
def test_a_shape_the_solver_does_not_solve_is_refused(old: str, new: str) -> None:
    shipped = GAME.read_text()
    assert old in shipped
    game = load_text(shipped.replace(old, new, 1), name="thb.yaml")
    with pytest.raises(OptionError, match="the exact hold'em solver with a decision on the turn"):
        analyze_banked(game, side_bets=False)  # type: ignore[arg-type]
