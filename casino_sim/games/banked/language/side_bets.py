"""Side bets: a paytable on a hand that no decision changes, counted over every set of its cards.

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/three_card_poker")
>>> pair_plus = analyze_side_bet(game, "pair_plus", "40-30-6-4-1")
>>> pair_plus.hands, pair_plus.total_return
(22100, Fraction(-512, 1))
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import BINOMIAL
from casino_sim.config.banked_game import BankedGame
from casino_sim.games.banked.language.hands import FULL_DECK, Deck, line_index, ranking_values
from casino_sim.games.banked.language.kernels import best_of_histogram, subset_patterns
from casino_sim.games.banked.language.outcomes import LineRow, SideBetAnalysis

__all__ = ["analyze_side_bet", "analyze_side_bets", "value_histogram"]


@cache
def value_histogram(ranking: str, deck: Deck, cards: int) -> np.ndarray:
    """How many ``cards``-card sets of ``deck`` have each best value of ``ranking`` (read-only)."""
    values = ranking_values(ranking, deck)
    size = 3 if ranking == "three_card" else 5
    top = int(values.max()) + 1
    if cards == size:
        out = np.bincount(values, minlength=top).astype(np.int64)
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
    cards = sum(game.cards_of(owner) for owner in side.hand.cards)
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
