"""Ultimate Texas Hold'em with one dealer card seen (``--leak dealer:1``), solved exactly.

The engine (card types on each board and seen card, inclusion-exclusion over the player's
cards, (flop, seen card) classes) against a plain enumeration on a reduced deck: every hole
pair, seen card, board and dealer card dealt (numpy over the boards of each hole pair and seen
card), hands valued by phevaluator (an independent library), every decision taken by backward
induction from the enumerated sums; and random cells of the 52-card counts against a direct
count.
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


def _deals_after(m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """With ``m`` cards left (positions 0..m-1) after the hole pair and the seen card: every
    board (int[B, 5]), the dealer's cards left beside each (int[B, m - 5]), and per flop (by
    its three positions) and turn and river its board's row (int[F, P])."""
    boards = list(combinations(range(m), 5))
    row = {board: i for i, board in enumerate(boards)}
    others = [[c for c in range(m) if c not in board] for board in boards]
    rows = [
        [row[tuple(sorted((*flop, t, r)))]
         for t, r in combinations([c for c in range(m) if c not in flop], 2)]
        for flop in combinations(range(m), 3)
    ]  # fmt: skip
    return np.array(boards), np.array(others), np.array(rows)


def brute_force_seen(game: BankedGame, deck: tuple[int, ...]) -> tuple[dict[str, Fraction], int]:
    """Each wager's net over every deal of ``deck``, each counted once per dealer card that can
    be the one seen, with the best strategy given it (ties to the smaller bet): per (hole, seen
    card, board) every dealer card left is dealt (a board's row of showdowns, by numpy over the
    boards) and the river decided; the flop on the sums over its turns and rivers; the start on
    the sums over its flops. Also the deals the player bets 4x before the flop. Money in whole
    units of 1 / ``scale`` (the blind's 3 to 2); hands valued by phevaluator (rank 1 best)."""
    pays = {line.hand: line.pays for line in game.wagers["blind"].resolve.paytable}
    scale = lcm(*(pay.denominator for pay in pays.values()))
    names = [format_card(c) for c in deck]
    n = len(deck)
    value = np.zeros(1 << n, dtype=np.int64)  # of every seven cards, by their bits
    for cards in combinations(range(n), 7):
        value[sum(1 << c for c in cards)] = evaluate_cards(*(names[c] for c in cards))
    ends = np.array([end for _, end in CATEGORY_ENDS])
    blind_pays = np.array([int(pays.get(name, 0) * scale) for name, _ in CATEGORY_ENDS])
    bit = 1 << np.arange(n, dtype=np.int64)
    boards, others, rows = _deals_after(n - 3)
    dealt = scale * others.shape[1]  # a board's dealer hands: the seen card and one card left
    folded = np.array([-dealt, -dealt, 0])  # ante, blind, play of a fold after the river
    totals = np.zeros(3, dtype=np.int64)
    raised = 0
    for hole in combinations(range(n), 2):
        held = (1 << hole[0]) | (1 << hole[1])
        for seen in (c for c in range(n) if c not in hole):
            rest = np.array([c for c in range(n) if c not in hole and c != seen])
            board_bits = bit[rest[boards]].sum(axis=1)
            mine = value[held | board_bits]
            theirs = value[(1 << seen) | bit[rest[others]] | board_bits[:, None]]
            better, worse = mine[:, None] < theirs, mine[:, None] > theirs
            qualifies = theirs <= WORST_PAIR
            win = blind_pays[np.searchsorted(ends, mine)]
            showdowns = np.stack(
                [
                    scale * ((better & qualifies).sum(axis=1) - (worse & qualifies).sum(axis=1)),
                    win * better.sum(axis=1) - scale * worse.sum(axis=1),
                    scale * (better.sum(axis=1) - worse.sum(axis=1)),
                ],
                axis=1,
            )  # (ante, blind, play) per board
            dealt_rows = showdowns[rows]  # (flop, turn and river, wager)
            sums = dealt_rows.sum(axis=1)
            bet_river = dealt_rows.sum(axis=2) > -2 * dealt  # ties: fold (the smaller bet)
            river = np.where(bet_river[:, :, None], dealt_rows, folded).sum(axis=1)
            flop_bet = sums * np.array([1, 1, 2])
            bet_flop = flop_bet.sum(axis=1) > river.sum(axis=1)
            checked = np.where(bet_flop[:, None], flop_bet, river).sum(axis=0)
            every = sums.sum(axis=0)
            best, multiple = checked, 0
            for m in (3, 4):  # the smaller bet first: a larger one must be better
                option = every * np.array([1, 1, m])
                if option.sum() > best.sum():
                    best, multiple = option, m
            raised += rows.size * others.shape[1] if multiple == 4 else 0
            totals += best
    returns = {
        w: Fraction(int(t), scale) for w, t in zip(("ante", "blind", "play"), totals, strict=True)
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
