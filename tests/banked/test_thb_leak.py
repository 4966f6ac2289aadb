"""Texas Hold'em Bonus with one dealer card seen (``--leak dealer:1``), solved exactly.

The engine (the rows of each kind of board and seen card by pair of card types, counted once
and kept; the rivers of one turn type summed once; the turn decided once per pair of turn
types, the player's cards taken out by inclusion-exclusion; (flop, seen card) classes and turn
orbits) against a plain enumeration on reduced decks: every hole pair, seen card, flop, turn,
river and dealer card dealt, hands valued by phevaluator (an independent library), every
decision taken by backward induction from the enumerated sums. The 52-card figure beside the
published one.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from phevaluator import evaluate_cards

from casino_sim.cards import format_card
from casino_sim.config import BankedGame, load_banked_game
from casino_sim.games.banked.language.holdem_turn_leak import analyze_turn_leak
from casino_sim.games.banked.language.leak_kinds import parse_leak
from casino_sim.games.banked.language.leaks import analyze_leak
from casino_sim.report.par.protection import _published, listed_leaks

pytestmark = pytest.mark.xdist_group("holdem")

#: phevaluator's rank (1 best) of the worst straight: the ante pays at it or better.
WORST_STRAIGHT = 1609
#: The 52 cards' house edge with one dealer card seen (``casino-sim analyze
#: banked/texas_holdem_bonus --leak dealer:1``: about 310 s of CPU, too long for the suite).
EXACT_52 = Fraction(-1_057_899_189_443, 13_906_905_012_000)
#: Nines to aces in two suits: straights and flushes made; no relabelling keeps a flop.
TWO_SUITS = tuple(rank * 4 + suit for rank in range(7, 13) for suit in range(2))
#: Jacks to aces in three suits: flops, seen cards and turns kept by relabellings of all three
#: suits (no straight, no flush).
THREE_SUITS = tuple(rank * 4 + suit for rank in range(9, 13) for suit in range(3))
#: Tens to aces in clubs and diamonds, queens to aces in hearts: straights and flushes made,
#: flops, seen cards and turns kept by the swap of clubs and diamonds.
THIRTEEN = tuple(
    rank * 4 + suit for rank in range(8, 13) for suit in range(3) if suit < 2 or rank > 9
)


@pytest.fixture(scope="module")
def thb() -> BankedGame:
    return load_banked_game("banked/texas_holdem_bonus")


def _mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def brute_force_seen(deck: tuple[int, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Each wager's net (in antes) over every deal of ``deck``, each counted once per dealer
    card that can be the one seen, with the best strategy given it (ties to the smaller bet):
    per (hole, seen card, board) every dealer card left is dealt; the turn is decided on the
    sums over its rivers (which depend on the four board cards, not on which came last), the
    flop on the sums over its turns and rivers, the start on the sums over its flops. Also the
    deals folded before the flop and those with the bet made on the flop and on the turn."""
    names = [format_card(c) for c in deck]
    n = len(deck)
    value = {_mask(cards): evaluate_cards(*(names[c] for c in cards))
             for cards in combinations(range(n), 7)}  # fmt: skip
    totals = dict.fromkeys(("ante", "flop", "turn", "river"), 0)
    taken = dict.fromkeys(("fold", "bet turn 1x", "bet river 1x"), 0)
    for hole in combinations(range(n), 2):
        held = _mask(hole)
        for seen in (c for c in range(n) if c not in hole):
            rest = [c for c in range(n) if c not in hole and c != seen]
            # per board the dealer cards by way the showdown ends: the player wins with a
            # straight or better (the ante pays), wins with less (the ante pushes), ties, loses
            ends: dict[int, tuple[int, int, int, int]] = {}
            for board in combinations(rest, 5):
                table = _mask(board)
                mine = value[held | table]
                way = [0, 0, 0, 0]
                for other in (c for c in rest if c not in board):
                    theirs = value[(1 << seen) | (1 << other) | table]
                    if mine < theirs:  # the player's hand is better
                        way[0 if mine <= WORST_STRAIGHT else 1] += 1
                    else:
                        way[2 if mine == theirs else 3] += 1
                ends[table] = (way[0], way[1], way[2], way[3])
            turns: dict[int, tuple[int, tuple[int, int, int, int]]] = {}
            for four in combinations(rest, 4):
                top = _mask(four)
                rivers = [ends[top | (1 << r)] for r in rest if r not in four]
                summed = (
                    sum(e[0] for e in rivers), sum(e[1] for e in rivers),
                    sum(e[2] for e in rivers), sum(e[3] for e in rivers),
                )  # fmt: skip
                turns[top] = (int(summed[0] + summed[1] - summed[3] > 0), summed)
            net = dict.fromkeys(totals, 0)
            dealt = on_flop = on_turn = 0
            for flop in combinations(rest, 3):
                top = _mask(flop)
                after = [turns[top | (1 << t)] for t in rest if t not in flop]
                flop_bet = int(sum(s + w - lose for _, (s, w, _, lose) in after) > 0)
                for river_bet, (s, w, tie, lose) in after:
                    net["ante"] += s - lose
                    net["flop"] += 2 * (s + w - lose)
                    net["turn"] += flop_bet * (s + w - lose)
                    net["river"] += river_bet * (s + w - lose)
                    dealt += s + w + tie + lose
                    on_flop += flop_bet * (s + w + tie + lose)
                    on_turn += river_bet * (s + w + tie + lose)
            if sum(net.values()) <= -dealt:  # fold (ties: the smaller bet)
                totals["ante"] -= dealt
                taken["fold"] += dealt
                continue
            for wager, x in net.items():
                totals[wager] += x
            taken["bet turn 1x"] += on_flop
            taken["bet river 1x"] += on_turn
    return totals, taken


@pytest.mark.parametrize(
    "deck",
    [TWO_SUITS, THREE_SUITS, THIRTEEN],
    ids=["nines to aces, two suits", "jacks to aces, three suits", "three suits, thirteen cards"],
)
def test_equals_the_enumeration_on_a_reduced_deck(thb: BankedGame, deck: tuple[int, ...]) -> None:
    """Every (hole, seen card, flop, turn, river, dealer card), twice the deals without the
    leak; each wager's net and the deals by action at each decision to the unit. Three suits:
    flops, seen cards and turns kept by relabellings (the classes and orbits of the 52 cards)."""
    leak = analyze_turn_leak(thb, parse_leak("dealer:1"), deck)
    analysis = leak.analysis
    n = len(deck)
    assert analysis.deals == comb(n, 2) * (n - 2) * comb(n - 3, 3) * (n - 6) * (n - 7) * (n - 8)
    assert analysis.deals == 2 * comb(n, 2) * comb(n - 2, 3) * (n - 5) * (n - 6) * comb(n - 7, 2)
    totals, taken = brute_force_seen(deck)
    assert dict(analysis.wager_returns) == {w: Fraction(t) for w, t in totals.items()}
    decisions = analysis.decisions
    assert decisions["deal"]["fold"] == taken["fold"]
    assert decisions["flop"]["bet turn 1x"] == taken["bet turn 1x"]
    assert decisions["turn"]["bet river 1x"] == taken["bet river 1x"]
    assert leak.seen_sets == 2
    assert analysis.house_edge < leak.house_edge_without


def test_analyze_leak_takes_the_turn_path(thb: BankedGame) -> None:
    """``analyze_leak`` sends a hold'em game with a bet on the turn here; its words give the
    flop bet's share by the rank seen; the report's Game protection part does not list it (the
    52 cards take minutes)."""
    leak = analyze_leak(thb, parse_leak("dealer:1"), deck=THREE_SUITS)
    assert leak.analysis.deals == 6_652_800
    words = leak.analysis.strategy_words
    assert words[-1].startswith("dealer shows A: the flop bet before the flop on ")
    assert listed_leaks(thb) == ()


def test_the_notes_quote_the_published_edge_beside_the_exact_one(thb: BankedGame) -> None:
    """Eliot Jacobson publishes a player's edge of 7.61% with one dealer card seen (a full
    cycle of the same 111,255,240,096,000 final hands); the exact 52-card figure recorded in
    the notes equals it to the published two decimals, and the report's Game protection part
    would read the published one."""
    notes = " ".join(thb.notes.split())
    assert _published(thb.notes, "dealer:1") == "player's edge 7.61%"
    assert f"{float(-EXACT_52):.2%}" == "7.61%"
    assert f"exact: {EXACT_52}." in notes
