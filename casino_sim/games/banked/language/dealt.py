"""The value of dealt hands: the best hand of a ranking among each row's cards.

A row of the ranking's size (3, 4 or 5 cards) is looked up by its colex index in
:func:`~.hands.ranking_values`; six or seven cards of ``five_card_high`` (hold'em: two cards
and the board) and five to seven of ``four_card`` go to the project's batched evaluator, whose
values are the same scale (the table is made by it); anything else is the best of every subset
of the ranking's size.

>>> from casino_sim.evaluator import category
>>> rows = np.array([[48, 49, 50, 51, 0, 4, 8], [0, 5, 10, 15, 17, 30, 40]])  # AAAA 2 3 4; 2 to 6
>>> category(hand_values("five_card_high", rows)).tolist()  # four of a kind, a straight
[7, 4]
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from casino_sim.combinatorics import colex_index
from casino_sim.config.banked_game import RANKING_SIZES
from casino_sim.evaluator import evaluate_four, evaluate_high
from casino_sim.games.banked.language.hands import FULL_DECK, ranking_values

__all__ = ["hand_values"]

#: The most cards of a row the evaluator takes at once.
EVALUATOR_CARDS = 7


def hand_values(ranking: str, cards: np.ndarray) -> np.ndarray:
    """The best value of ``ranking`` among each row of ``cards`` (int64, rows of at least the
    ranking's size, positions in the 52-card deck): an index of ``classes_of(ranking)``."""
    size = RANKING_SIZES[ranking]
    table = ranking_values(ranking, FULL_DECK)
    width = cards.shape[1]
    if width == size:
        looked_up: np.ndarray = table[colex_index(cards)]
        return looked_up
    if ranking == "five_card_high" and width <= EVALUATOR_CARDS:
        return evaluate_high(cards.astype(np.int8), validate=False)
    if ranking == "four_card" and width <= EVALUATOR_CARDS:
        return evaluate_four(cards)
    best = np.zeros(len(cards), dtype=np.int16)
    for subset in combinations(range(width), size):
        np.maximum(best, table[colex_index(cards[:, list(subset)])], out=best)
    return best
