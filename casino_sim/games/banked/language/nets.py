"""Each action's exact net by showdown bucket for a player hand, and the best action on counts.

The games decided by one showdown (:mod:`.showdown`, :mod:`.upcard`) and their leaks
(:mod:`.leaks`, :mod:`.sharing`, :mod:`.upcard_leak`) value an action as its counts of dealer
hands by bucket (the dealer does not qualify; the player wins, ties, loses) times its nets,
scaled to whole numbers so that ties between actions are exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.games.banked.language.actions import Choice, choices_of
from casino_sim.games.banked.language.hands import line_index
from casino_sim.games.banked.language.outcomes import Outcome, settle

__all__ = ["Nets", "NetsByValue", "action_nets", "best_action", "preference_order"]


def preference_order(game: BankedGame, choices: Sequence[Choice]) -> list[int]:
    """The actions' indices in the order ties between them are settled (the preferred first):
    by the money on the felt after each, the smaller first unless ``prefer: larger_bet``."""
    order = sorted(range(len(choices)), key=lambda i: choices[i].felt)
    return order[::-1] if game.prefer == "larger_bet" else order


#: Per action: the scaled nets by showdown bucket, the scale, the actions, the felt after each.
Nets = tuple[np.ndarray, int, list[Choice], list[tuple[int, ...] | None]]


def action_nets(game: BankedGame, lines: tuple[int, ...]) -> Nets:
    """For a player hand on ``lines`` (per wager, the paytable line it pays): per action of the
    game's decision the net of each showdown bucket (the dealer does not qualify; the player
    wins, ties, loses), scaled to integers, the scale, the actions and the felt after each
    (None: fold)."""
    names = list(game.wagers)
    choices = choices_of(game, game.decisions[0])
    start = tuple(w.initial for w in game.wagers.values())
    afters = [c.apply(start, names) for c in choices]
    nets = [
        [Fraction(-sum(start))] * 4
        if after is None
        else [sum(settle(game, Outcome(after, False, b, lines, 1)), Fraction(0)) for b in range(4)]
        for after in afters
    ]  # fmt: skip
    scale = math.lcm(*(x.denominator for row in nets for x in row))
    scaled = np.array([[int(x * scale) for x in row] for row in nets], dtype=np.int64)
    return scaled, scale, choices, afters


class NetsByValue:
    """:func:`action_nets` of a player hand by its value, made once per set of paytable lines.

    >>> from casino_sim.config import load_banked_game
    >>> nets = NetsByValue(load_banked_game("banked/three_card_poker"))
    >>> nets.of(0)[0].tolist()  # fold: the ante lost; bet: +1 (no qualifier), +2, 0, -2
    [[-1, -1, -1, -1], [1, 2, 0, -2]]
    """

    def __init__(self, game: BankedGame) -> None:
        ranking = game.hands["player"].ranking
        self._game = game
        self._tables = [line_index(w.resolve.lines, ranking) for w in game.wagers.values()]
        self._made: dict[tuple[int, ...], Nets] = {}

    def lines(self, value: int) -> tuple[int, ...]:
        """Per wager, the paytable line a hand of ``value`` pays."""
        return tuple(int(table[value]) for table in self._tables)

    def of(self, value: int) -> Nets:
        """The nets of a hand of ``value``."""
        lines = self.lines(value)
        if lines not in self._made:
            self._made[lines] = action_nets(self._game, lines)
        return self._made[lines]


def best_action(game: BankedGame, choices: Sequence[Choice], worth: np.ndarray) -> np.ndarray:
    """The index of the best action per row of ``worth`` (rows x actions, exact integers), ties
    by the game's ``prefer`` rule."""
    order = preference_order(game, choices)
    best = np.full(len(worth), order[0])
    for i in order[1:]:
        best = np.where(worth[:, i] > worth[np.arange(len(worth)), best], i, best)
    return best
