"""Side bets: a paytable on a hand that no decision changes, counted over every set of its cards
(:func:`analyze_side_bet`), or settled on dealt hands (:func:`side_bet_pays`, :func:`side_bet_lines`:
a floor table's side bets).

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/three_card_poker")
>>> pair_plus = analyze_side_bet(game, "pair_plus", "40-30-6-4-1")
>>> pair_plus.hands, pair_plus.total_return
(22100, Fraction(-512, 1))
>>> pays = side_bet_pays(game, "pair_plus", "40-30-6-4-1")
>>> hands = np.array([[48, 49, 50], [0, 4, 9]])  # three aces; 2c 3c 4d
>>> [pays.returns[line] for line in side_bet_lines(pays, hands).tolist()]
[Fraction(31, 1), Fraction(7, 1)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import BINOMIAL, combinations_array
from casino_sim.config.banked_game import RANKING_SIZES, BankedGame
from casino_sim.evaluator import evaluate_high
from casino_sim.games.banked.language.dealt import hand_values
from casino_sim.games.banked.language.hands import FULL_DECK, Deck, line_index, ranking_values
from casino_sim.games.banked.language.kernels import best_of_histogram, subset_patterns
from casino_sim.games.banked.language.outcomes import LineRow, SideBetAnalysis

__all__ = [
    "SideBetPays",
    "analyze_side_bet",
    "analyze_side_bets",
    "side_bet_lines",
    "side_bet_pays",
    "value_histogram",
]


@cache
def value_histogram(ranking: str, deck: Deck, cards: int) -> np.ndarray:
    """How many ``cards``-card sets of ``deck`` have each best value of ``ranking`` (read-only)."""
    values = ranking_values(ranking, deck)
    size = RANKING_SIZES[ranking]
    top = int(values.max()) + 1
    if cards == size:
        out = np.bincount(values, minlength=top).astype(np.int64)
    elif ranking == "five_card_high" and cards >= 7:  # the evaluator's best five of seven:
        # 7 s for the 133,784,560 sets here, against 31 s for the best of 21 five-card subsets
        out = np.zeros(top, dtype=np.int64)
        codes = np.asarray(deck, dtype=np.int8)
        for first in range(len(deck) - cards + 1):  # by lowest card: a bounded block each
            hands = codes[combinations_array(len(deck), cards, first=first)]
            out += np.bincount(evaluate_high(hands, validate=False), minlength=top)[:top]
    else:
        out = np.zeros(top, dtype=np.int64)
        best_of_histogram(values, len(deck), cards, subset_patterns(cards, size), BINOMIAL, out)
    out.setflags(write=False)
    return out


def analyze_side_bet(
    game: BankedGame, name: str, paytable: str, *, deck: Deck = FULL_DECK
) -> SideBetAnalysis:
    """One paytable of side bet ``name``: every hand of its cards, one unit each."""
    side = game.side_bets[name]
    lines = side.paytables[paytable]
    cards = game.rule_cards(side.hand)
    histogram = value_histogram(side.hand.ranking, deck, cards)
    which = line_index(lines, side.hand.ranking)[: len(histogram)]
    hands = comb(len(deck), cards)
    counts = np.bincount(which, weights=histogram, minlength=len(lines) + 1).astype(np.int64)
    rows = tuple(
        LineRow(name, line.label(), line.pays, int(c), Fraction(int(c), hands))
        for line, c in zip(lines, counts, strict=False)
    )
    losing = int(counts[len(lines)])
    rows += (LineRow(name, "no line", None, losing, Fraction(losing, hands)),)
    total = sum((line.pays * int(c) for line, c in zip(lines, counts, strict=False)), Fraction(0))
    total -= losing
    square = sum(
        (line.pays**2 * int(c) for line, c in zip(lines, counts, strict=False)), Fraction(0)
    )
    square += losing
    mean = total / hands
    return SideBetAnalysis(
        side_bet=name,
        paytable=paytable,
        hands=hands,
        rows=rows,
        total_return=total,
        house_edge=-mean,
        sd=math.sqrt(square / hands - mean * mean),
        source=side.sources.get(paytable, ""),
    )


def analyze_side_bets(game: BankedGame, *, deck: Deck = FULL_DECK) -> tuple[SideBetAnalysis, ...]:
    """Every paytable of every side bet of ``game``."""
    return tuple(
        analyze_side_bet(game, name, paytable, deck=deck)
        for name, side in game.side_bets.items()
        for paytable in side.paytables
    )


@dataclass(frozen=True, eq=False)
class SideBetPays:
    """One paytable of a side bet, to settle dealt hands: the ``owners`` whose cards it reads,
    dealt up to and including stage ``through`` (empty: every stage), the ``ranking``, the
    line of each hand value (``line_of``, the lines' count: none) and what one unit returns
    by line (``returns``: the line's pays plus the bet; the last entry, no line, 0)."""

    side_bet: str
    paytable: str
    owners: tuple[str, ...]
    through: str
    ranking: str
    line_of: np.ndarray
    returns: tuple[Fraction, ...]


def side_bet_pays(game: BankedGame, name: str, paytable: str) -> SideBetPays:
    """Paytable ``paytable`` of side bet ``name`` of ``game``, by the rules
    :func:`analyze_side_bet` counts."""
    side = game.side_bets[name]
    lines = side.paytables[paytable]
    ranking = side.hand.ranking
    return SideBetPays(
        side_bet=name,
        paytable=paytable,
        owners=tuple(side.hand.cards),
        through=side.hand.through,
        ranking=ranking,
        line_of=line_index(lines, ranking),
        returns=(*(line.pays + 1 for line in lines), Fraction(0)),
    )


def side_bet_lines(pays: SideBetPays, cards: np.ndarray) -> np.ndarray:
    """The line each hand of ``cards`` (int64, hands x the side bet's cards: those of its
    ``owners`` through its stage, positions in the 52-card deck) makes: the best hand of the
    ranking's size among each row's cards."""
    lines: np.ndarray = pays.line_of[hand_values(pays.ranking, cards)]
    return lines.astype(np.int64)
