"""Four Card Poker: five cards against the dealer's six (one face up), each the best four.

The engine (a four-card ranking in the shared evaluator; on the 52 cards, inclusion-exclusion
over the player's cards on tables of six-card hands) against the published figures, and on a
reduced deck against a plain-Python deal of every hand: a four-card ranker written here from
the rule book, each dealer hand dealt, each decision taken on the enumerated sums. Then dealt
by the Monte Carlo, and a bad file.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.combinatorics import combinations_array
from casino_sim.config import PAYTABLE_DIR, BankedGame, load_banked_game
from casino_sim.evaluator import FOUR_CARD_CATEGORIES, evaluate_four, four_card_classes
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked
from casino_sim.games.banked.language.leak_kinds import SampledLeak
from casino_sim.games.banked.language.leaks import analyze_leak, parse_leak
from casino_sim.games.banked.language.sharing import analyze_share
from casino_sim.games.banked.language.simulate import simulate_banked
from casino_sim.report.par.inputs import BankedInput
from casino_sim.report.par.protection import leak_figures, protection_part

#: With the hold'em solvers' tests: one worker runs the heavy exact solvers, one at a time.
pytestmark = pytest.mark.xdist_group("holdem")

#: A, 2, 3, 4 in three suits and two kings: pairs, two pair, trips, A-2-3-4 straights, flushes
#: and straight flushes made; 2,002 player hands x 9 up cards x 56 hidden dealer hands.
DECK_14 = tuple(sorted([r * 4 + s for r in (0, 1, 2, 12) for s in range(3)] + [44, 45]))
ORDER = ["high_card", "one_pair", "two_pair", "straight", "flush", "three_of_a_kind",
         "straight_flush", "four_of_a_kind"]  # fmt: skip
BONUS = {"four_of_a_kind": 25, "straight_flush": 20, "three_of_a_kind": 2}


@pytest.fixture(scope="module")
def four_card() -> BankedGame:
    return load_banked_game("banked/four_card_poker")


@pytest.fixture(scope="module")
def exact(four_card: BankedGame) -> BankedAnalysis:
    """The 52 cards' exact analysis (about 15 s on two cores once compiled)."""
    return analyze_banked(four_card)


def four(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The rule book's strength of four cards: (category by ORDER, ranks that order it)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    suited = len({c % 4 for c in cards}) == 1
    if shape == [4]:
        return ORDER.index("four_of_a_kind"), (ranks[0],)
    if shape[0] > 1:
        name = {(3, 1): "three_of_a_kind", (2, 2): "two_pair", (2, 1, 1): "one_pair"}
        return ORDER.index(name[tuple(shape)]), tuple(by_count)
    top = ranks[0] if ranks[0] - ranks[3] == 3 else 2 if ranks == [12, 2, 1, 0] else None
    if top is not None:
        return ORDER.index("straight_flush" if suited else "straight"), (top,)
    return ORDER.index("flush" if suited else "high_card"), tuple(ranks)


def best(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return max(four(hand) for hand in combinations(cards, 4))


def brute_force(deck: tuple[int, ...]) -> dict[str, Fraction]:
    """The total result in antes over every deal of ``deck``: the optimal strategy (ties to
    the smaller bet) and the pamphlet's, each dealer hand dealt."""
    dealer_best: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
    totals = {"optimal": 0, "pamphlet": 0}
    for hand in combinations(deck, 5):
        mine = best(hand)
        bonus = BONUS.get(ORDER[mine[0]], 0)
        pair_at_least = mine[0] > 1 or (mine[0] == 1 and mine[1][0] >= 1)  # pair of 3s
        pamphlet = 3 if mine[0] > 1 or (mine[0] == 1 and mine[1][0] >= 8) else int(pair_at_least)
        rest = [c for c in deck if c not in hand]
        for up in rest:
            won = lost = 0
            for hidden in combinations([c for c in rest if c != up], 5):
                cards = tuple(sorted((up, *hidden)))
                if cards not in dealer_best:
                    dealer_best[cards] = best(cards)
                if mine >= dealer_best[cards]:
                    won += 1
                else:
                    lost += 1
            n = won + lost
            nets = [-n] + [(1 + k) * (won - lost) + bonus * n for k in (1, 2, 3)]
            choice = 0
            for k in (1, 2, 3):
                if nets[k] > nets[choice]:
                    choice = k
            totals["optimal"] += nets[choice]
            totals["pamphlet"] += nets[pamphlet]
    return {name: Fraction(total) for name, total in totals.items()}


def test_four_card_hands() -> None:
    """The 270,725 four-card hands by category, and the classes (2,535 values)."""
    values = evaluate_four(combinations_array(52, 4))
    classes = four_card_classes()
    found = Counter(FOUR_CARD_CATEGORIES[classes[v][0]] for v in values.tolist())
    assert found == {"four_of_a_kind": 13, "straight_flush": 44, "three_of_a_kind": 2496,
                     "flush": 2816, "straight": 2772, "two_pair": 2808, "one_pair": 82368,
                     "high_card": 177408}  # fmt: skip
    assert len(classes) == 2535 == len(set(values.tolist()))


def test_published(exact: BankedAnalysis) -> None:
    assert exact.deals == comb(52, 5) * 47 * comb(46, 5)
    assert exact.house_edge == Fraction(8840827253, 317119576410)
    assert round(100 * float(exact.house_edge), 2) == 2.79
    assert round(100 * float(exact.element_of_risk), 2) == 1.30
    assert exact.decisions["deal"]["bet play 2x"] == 0  # 1x or 3x, never 2x
    aces_up = {s.paytable: s.house_edge for s in exact.side_bets}
    assert aces_up["50-40-8-6-4-2-1"] == Fraction(1376, 32487)
    assert round(100 * float(aces_up["50-40-9-6-4-2-1"]), 2) == 1.98
    assert round(100 * float(aces_up["50-40-7-5-4-3-1"]), 2) == 6.15


def test_brute_force(four_card: BankedGame) -> None:
    """The engine's totals on a reduced deck equal a plain deal of every hand, to the unit."""
    expected = brute_force(DECK_14)
    for strategy in ("optimal", "pamphlet"):
        got = analyze_banked(four_card, strategy, deck=DECK_14, side_bets=False)
        assert got.deals == comb(14, 5) * 9 * comb(8, 5)
        assert got.total_return == expected[strategy], strategy


def test_monte_carlo(four_card: BankedGame, exact: BankedAnalysis) -> None:
    run = simulate_banked(four_card, 200_000, seed=2026, workers=1)
    assert run.deals == 200_000
    assert abs(run.house_edge.z_score(float(exact.house_edge))) < 4


def test_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A four-card hand made of five cards: one line naming the key, exit 2."""
    text = (PAYTABLE_DIR / "banked" / "four_card_poker.yaml").read_text()
    old = "player: {cards: [player], use: 4, ranking: four_card}"
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, old.replace("use: 4", "use: 5"), 1))
    assert main(["analyze", str(path)]) == 2
    said = capsys.readouterr()
    lines = (said.out + said.err).strip().splitlines()
    assert len(lines) == 1
    assert "hands.player.use: the four_card ranking ranks hands of 4 cards" in lines[0]


def test_a_dealer_leak_beyond_the_hidden_cards_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Five hidden dealer cards: seeing five is refused in one line, exit 2."""
    assert main(["analyze", "banked/four_card_poker", "--leak", "dealer:5"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "5 hidden cards; see 1 to 4" in lines[0]


@pytest.fixture(scope="module")
def sixteen() -> tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]:
    """Jacks to aces, every hand and every six-card dealer hand ranked by the rule book above:
    the deck, the (hand, dealer hand) pairs apart, the pairs the hand wins or ties, and each
    hand's ante bonus."""
    deck = tuple(range(36, 52))
    hands, dealers = list(combinations(deck, 5)), list(combinations(deck, 6))
    mine, theirs = [best(h) for h in hands], [best(d) for d in dealers]
    order = {v: i for i, v in enumerate(sorted(set(mine) | set(theirs)))}
    mask = lambda cards: sum(1 << (c - 36) for c in cards)  # noqa: E731
    apart = (np.array([mask(h) for h in hands])[:, None]
             & np.array([mask(d) for d in dealers])[None, :]) == 0  # fmt: skip
    beats = np.array([order[v] for v in mine])[:, None] >= np.array([order[v] for v in theirs])
    bonus = np.array([BONUS.get(ORDER[v[0]], 0) for v in mine])
    return deck, apart, beats, bonus


def test_one_hidden_dealer_card_seen_on_sixteen_cards(four_card: BankedGame, sixteen) -> None:
    """``--leak dealer:1`` (sampled: each drawn hand, up card and seen card valued over every
    four other hidden cards) within 4 of its standard errors of the enumeration of every
    (hand, up card, seen card) on 16 cards: the dealer hands holding both known cards, won or
    lost, and the best of fold and play 1x to 3x on them (a seen and an up card swapped: the
    same counts)."""
    deck, apart, beats, bonus = sixteen
    dealers = np.array([sum(1 << c for c in d) for d in combinations(range(16), 6)])
    pairs = np.array([(1 << a) | (1 << b) for a, b in combinations(range(16), 2)])
    holds = ((dealers[:, None] & pairs[None, :]) == pairs[None, :]).astype(float)
    won = (apart & beats).astype(float) @ holds
    lost = (apart & ~beats).astype(float) @ holds
    dealt = won + lost
    nets = [-dealt] + [(1 + k) * (won - lost) + bonus[:, None] * dealt for k in (1, 2, 3)]
    exact = -np.maximum.reduce(nets).sum() / dealt.sum()  # each cell twice: a fraction of two
    leak = analyze_leak(four_card, parse_leak("dealer:1"), deck=deck, samples=4000, seed=3)
    assert isinstance(leak, SampledLeak) and leak.leak.label == "dealer:1"
    low, high = leak.house_edge_interval
    assert abs(leak.house_edge - exact) < 4 * (high - low) / (2 * 1.96)
    assert leak.house_edge < float(leak.house_edge_without)


def test_one_other_hand_seen_on_sixteen_cards(four_card: BankedGame, sixteen) -> None:
    """``--leak share:1`` (sampled) against its exact value on a 16-card deck, where the cards
    nobody at the table sees are exactly the dealer's five hidden ones: the player knows the
    showdown, plays 3x what wins or ties and folds what loses unless the ante bonus pays for a
    1x play. The sampled house edge within 4 of its standard errors of the enumeration of
    every (hand, other hand, up card), each dealer hand ranked by the rule book above."""
    deck, apart, beats, bonus = sixteen
    won, lost = (apart & beats).sum(axis=1), (apart & ~beats).sum(axis=1)  # any card up
    nets = won * (4 + bonus) + lost * np.maximum(-1, bonus - 2)
    exact = Fraction(int(nets.sum()), int(apart.sum()))
    share = analyze_share(four_card, 1, deck=deck, samples=4000, seed=3)
    assert isinstance(share, SampledLeak)
    low, high = share.house_edge_interval
    assert abs(share.house_edge + float(exact)) < 4 * (high - low) / (2 * 1.96)
    assert share.house_edge < float(share.house_edge_without) < 0.2


def test_the_reports_rows_are_sampled_with_its_seed() -> None:
    """The report's Game protection part on 16 cards (one other hand fits): the hole-card row
    is ``--leak dealer:1``'s sampled figure with the same samples and seed, beside the sharing
    row (the 16-card solve shared with the tests above, in this worker)."""
    deck = tuple(range(36, 52))
    four_card = BankedInput(
        Path("four_card_poker.yaml"), load_banked_game("banked/four_card_poker")
    )
    part = protection_part(four_card, "banked-1", leak_figures(four_card, samples=1_000, seed=4,
                                                                 deck=deck))  # fmt: skip
    rows = {row["leak"]: row for row in part.tables[0].rows}
    assert list(rows) == ["dealer:1", "share:1"]
    hole = analyze_leak(four_card.game, parse_leak("dealer:1"), deck=deck, samples=1_000, seed=4)
    assert rows["dealer:1"]["house_edge"] == hole.house_edge
    assert rows["dealer:1"]["seen"] == "one more dealer card (besides the up card)"
    assert rows["dealer:1"]["interval"] != "exact" and rows["dealer:1"]["house_edge_exact"] == ""


def test_on_the_floor(exact: BankedAnalysis) -> None:
    """Two full tables for a day, three replications: the measured house edge and the Aces Up
    edge within 4 standard errors of the exact ones (the floor reads the up card as the
    solver's strategy does)."""
    from casino_sim.config import load_floor
    from casino_sim.floor.simulate import simulate_floor

    floor = load_floor(
        Path(__file__).parent.parent / "floor" / "data" / "banked-four-card-poker.yaml"
    )
    group = simulate_floor(floor, replications=3, seed=5, workers=1).result().groups["fcp"]
    assert group.hands.mean > 30_000
    assert group.theoretical_edge_per_initial_bet.mean == pytest.approx(float(exact.house_edge))
    measured = group.house_edge_per_initial_bet
    assert abs(measured.mean - float(exact.house_edge)) < 4 * measured.se and measured.se < 0.02
    side = group.side_bet_house_edge
    assert group.side_bet_exact_edge == pytest.approx(1376 / 32487)
    assert abs(side.mean - group.side_bet_exact_edge) < 4 * side.se
