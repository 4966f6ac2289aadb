"""Ultimate Texas Hold'em with one dealer card seen (``--leak dealer:1``), solved exactly.

The engine (card types on each board and seen card, inclusion-exclusion over the player's
cards, (flop, seen card) classes) against a plain enumeration on a reduced deck: every hole
pair, seen card, board and dealer card dealt, hands valued by phevaluator (an independent
library), every decision taken by backward induction from the enumerated sums; and random
cells of the 52-card counts against a direct count.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, lcm

import numpy as np
import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.cli import main
from casino_sim.config import BankedGame, load_banked_game
from casino_sim.games.banked.language.hands import FULL_DECK
from casino_sim.games.banked.language.holdem import holdem_tables, line_combos
from casino_sim.games.banked.language.holdem_leak import analyze_holdem_leak, seen_choices
from casino_sim.games.banked.language.holdem_leak_kernels import seen_rows, seen_scratch
from casino_sim.games.banked.language.leak_kinds import parse_leak
from casino_sim.games.banked.language.leaks import analyze_leak
from casino_sim.report.par.protection import _published
from tests.banked.test_ultimate_texas_holdem import CATEGORY_ENDS, DECK_14

pytestmark = pytest.mark.xdist_group("holdem")

#: phevaluator's rank (1 best) of the worst one pair: a dealer at or below it qualifies.
WORST_PAIR = 6185
#: Tens to aces in three suits: the suit relabellings keep flops, seen cards and boards.
DECK_15 = tuple(rank * 4 + suit for rank in range(8, 13) for suit in range(3))
#: The 52 cards' house edge with one dealer card seen (``casino-sim analyze
#: banked/ultimate_texas_holdem --leak dealer:1``: about 160 s, too long for the suite).
EXACT_52 = Fraction(-8_592_081_451, 63_213_204_600)


@pytest.fixture(scope="module")
def uth() -> BankedGame:
    return load_banked_game("banked/ultimate_texas_holdem")


def _category(rank: int) -> str:
    return next(name for name, end in CATEGORY_ENDS if rank <= end)


def brute_force_seen(game: BankedGame, deck: tuple[int, ...]) -> tuple[dict[str, Fraction], int]:
    """Each wager's net over every deal of ``deck``, each counted once per dealer card that can
    be the one seen, with the best strategy given it (ties to the smaller bet): per (hole, seen
    card, board) every dealer card left is dealt and the river decided; the flop on the sums
    over its turns and rivers; the start on the sums over its flops. Also the deals the player
    bets 4x before the flop. Money in whole units of 1 / ``scale`` (the blind's 3 to 2)."""
    pays = {line.hand: line.pays for line in game.wagers["blind"].resolve.paytable}
    scale = lcm(*(pay.denominator for pay in pays.values()))
    names = [format_card(c) for c in deck]
    value = {sum(1 << c for c in cards): evaluate_cards(*(names[c] for c in cards))
             for cards in combinations(range(len(deck)), 7)}  # fmt: skip
    totals = [0, 0, 0]
    raised = 0
    for hole in combinations(range(len(deck)), 2):
        held = (1 << hole[0]) | (1 << hole[1])
        for seen in (c for c in range(len(deck)) if c not in hole):
            rest = [c for c in range(len(deck)) if c not in hole and c != seen]
            showdown: dict[int, tuple[int, int, int, int]] = {}
            for board in combinations(rest, 5):
                table = sum(1 << c for c in board)
                mine = value[held | table]
                win = int(pays.get(_category(mine), 0) * scale)
                ante = blind = play = dealt = 0
                for other in (c for c in rest if c not in board):
                    theirs = value[(1 << seen) | (1 << other) | table]
                    if mine < theirs:  # the player's hand is better
                        ante += scale if theirs <= WORST_PAIR else 0
                        blind += win
                        play += scale
                    elif mine > theirs:
                        ante -= scale if theirs <= WORST_PAIR else 0
                        blind -= scale
                        play -= scale
                    dealt += scale
                showdown[table] = (ante, blind, play, dealt)
            every = [0, 0, 0]
            checked = [0, 0, 0]
            deals = 0
            for flop in combinations(rest, 3):
                top = sum(1 << c for c in flop)
                sums = [0, 0, 0]
                river = [0, 0, 0]
                for t, r in combinations([c for c in rest if c not in flop], 2):
                    ante, blind, play, dealt = showdown[top | (1 << t) | (1 << r)]
                    sums = [sums[0] + ante, sums[1] + blind, sums[2] + play]
                    deals += dealt // scale
                    if ante + blind + play > -2 * dealt:  # ties: fold (the smaller bet)
                        river = [river[0] + ante, river[1] + blind, river[2] + play]
                    else:
                        river = [river[0] - dealt, river[1] - dealt, river[2]]
                bet = [sums[0], sums[1], 2 * sums[2]]
                choice = bet if sum(bet) > sum(river) else river
                checked = [x + y for x, y in zip(checked, choice, strict=True)]
                every = [x + y for x, y in zip(every, sums, strict=True)]
            best, multiple = checked, 0
            for m in (3, 4):  # the smaller bet first: a larger one must be better
                option = [every[0], every[1], m * every[2]]
                if sum(option) > sum(best):
                    best, multiple = option, m
            raised += deals if multiple == 4 else 0
            totals = [x + y for x, y in zip(totals, best, strict=True)]
    returns = {
        w: Fraction(t, scale) for w, t in zip(("ante", "blind", "play"), totals, strict=True)
    }
    return returns, raised


@pytest.mark.parametrize(
    "deck",
    [DECK_14, DECK_15],
    ids=["eights to aces, two suits", "tens to aces, three suits"],
)
def test_equals_the_enumeration_on_a_reduced_deck(uth: BankedGame, deck: tuple[int, ...]) -> None:
    """Every (hole, seen card, flop, turn and river, dealer card), twice the deals without the
    leak; each wager's net and the 4x bets to the unit. Three suits: flops, seen cards and
    turns and rivers kept by relabellings (the classes and orbits of the 52 cards)."""
    leak = analyze_holdem_leak(uth, parse_leak("dealer:1"), deck)
    analysis = leak.analysis
    n = len(deck)
    assert analysis.deals == comb(n, 2) * (n - 2) * comb(n - 3, 3) * comb(n - 6, 2) * (n - 8)
    assert analysis.deals == 2 * comb(n, 2) * comb(n - 2, 3) * comb(n - 5, 2) * comb(n - 7, 2)
    returns, raised = brute_force_seen(uth, deck)
    assert dict(analysis.wager_returns) == returns
    assert analysis.decisions["deal"]["bet play 4x"] == raised
    assert leak.seen_sets == 2
    assert analysis.house_edge < leak.house_edge_without


def test_analyze_leak_takes_the_holdem_path(uth: BankedGame) -> None:
    """``analyze_leak`` sends a hold'em game with a decision before the flop here."""
    assert analyze_leak(uth, parse_leak("dealer:1"), deck=DECK_14).analysis.deals == 30_270_240


@pytest.mark.parametrize(
    ("game", "leak", "said"),
    [
        ("ultimate_texas_holdem", "dealer:2", "at Ultimate Texas Hold'em one of the dealer's two"),
        ("texas_holdem_bonus", "dealer:2", "at Texas Hold'em Bonus one of the dealer's two"),
    ],
)
def test_a_leak_not_counted_is_one_line_and_status_2(
    game: str, leak: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["analyze", f"banked/{game}", "--leak", leak])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and err[0].startswith("casino-sim: error: --leak"), err
    assert said in err[0]


def _direct_row(
    deck: tuple[int, ...], board: tuple[int, ...], seen: int, hole: tuple[int, int]
) -> list[int]:
    """The showdowns of one hole pair against every dealer card left, counted one by one
    (phevaluator): dealer does not qualify (player better), player wins, tie, dealer wins,
    does not qualify and ties, does not qualify and is better."""
    cards = [format_card(deck[c]) for c in (*hole, *board)]
    mine = evaluate_cards(*cards)
    out = [0] * 6
    for other in range(len(deck)):
        if other in (*board, *hole, seen):
            continue
        theirs = evaluate_cards(*(format_card(deck[c]) for c in (seen, other, *board)))
        qualifies = theirs <= WORST_PAIR
        showdown = 0 if mine < theirs else 1 if mine == theirs else 2  # better, tie, worse
        out[(1, 2, 3)[showdown] if qualifies else (0, 4, 5)[showdown]] += 1
    return out


def test_seen_rows_equal_a_direct_count_on_52_cards(uth: BankedGame) -> None:
    """Random boards and seen cards of the 52 cards: each hole pair's counts by showdown (its
    row of pair of card types) equal the dealer cards counted one by one."""
    code, _ = line_combos(uth)
    tables = holdem_tables(uth, FULL_DECK, code)
    choices = seen_choices(uth, FULL_DECK)
    work = seen_scratch()
    rng = np.random.default_rng(25)
    for _ in range(60):
        cards = rng.choice(52, size=8, replace=False)
        board, seen, hole = np.sort(cards[:5]), int(cards[5]), tuple(sorted(cards[6:].tolist()))
        n_rows = seen_rows(board, seen, tables, choices, work)
        codes = [2 * (c >> 2) + (1 if (c & 3) == work.suit[0] else 0) for c in hole]
        pair = min(codes) * 26 + max(codes)
        rows = [r for r in range(n_rows) if work.first[r] * 26 + work.second[r] == pair]
        assert len(rows) == 1
        assert work.counts[rows[0]].tolist() == _direct_row(FULL_DECK, tuple(board), seen, hole)


def test_the_notes_quote_the_published_edge_beside_the_exact_one(uth: BankedGame) -> None:
    """Eliot Jacobson publishes a player's edge of 13.5922% with one dealer card seen (the same
    rules: blind 500/50/10/3/3:2/1, the dealer qualifying with a pair for the ante, 3x or 4x
    before the flop); the exact 52-card figure recorded in the notes equals it to the
    published four decimals, and the report's Game protection part reads the published one."""
    notes = " ".join(uth.notes.split())
    assert _published(uth.notes, "dealer:1") == "player's edge 13.5922%"
    assert f"{float(-EXACT_52):.4%}" == "13.5922%"
    assert f"exact: {EXACT_52}." in notes
