"""A decision's actions as moves between money states (units on each wager, in the game's order),
and a strategy as a table of them by the cards the player has seen.

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/mississippi_stud")
>>> [(c.name, c.apply((1, 0, 0, 0), list(game.wagers))) for c in choices_of(game, game.decisions[0])]
[('fold', None), ('bet third 1x', (1, 1, 0, 0)), ('bet third 2x', (1, 2, 0, 0)), ('bet third 3x', (1, 3, 0, 0))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from casino_sim.config.banked_game import (
    BankedGame,
    BetAction,
    Decision,
    FoldAction,
    StayAction,
    TakeBackAction,
)

__all__ = ["CardIndexer", "Choice", "DecisionPoint", "StrategyTable", "choices_of"]

FOLD_FELT = -1000
"""Fold's place in the order of bet sizes: below every other action (``prefer: smaller_bet``
folds rather than play on at equal value)."""


@dataclass(frozen=True)
class Choice:
    """One action of one size: its name, the wager it moves (``""``: none) and the units added
    (negative: taken back; fold: ``fold``); ``felt`` orders actions by the money they leave."""

    name: str
    wager: str = ""
    add: int = 0
    fold: bool = False
    take_back: bool = False

    @property
    def felt(self) -> int:
        """The action's rank by money on the felt after it (fold lowest)."""
        if self.fold:
            return FOLD_FELT
        return -1 if self.take_back else self.add

    @staticmethod
    def stay() -> Choice:
        """Do nothing (no decision at this stage)."""
        return Choice("stay")

    def apply(self, state: tuple[int, ...], names: Sequence[str]) -> tuple[int, ...] | None:
        """The money state after the action (None: folded)."""
        if self.fold:
            return None
        if not self.wager:
            return state
        amounts = list(state)
        index = list(names).index(self.wager)
        amounts[index] = 0 if self.take_back else amounts[index] + self.add
        return tuple(amounts)


def choices_of(game: BankedGame, decision: Decision) -> list[Choice]:
    """The decision's actions, one :class:`Choice` per bet size, in the file's order."""
    out = []
    for action in decision.actions:
        if isinstance(action, FoldAction):
            out.append(Choice("fold", fold=True))
        elif isinstance(action, StayAction):
            out.append(Choice(action.name))
        elif isinstance(action, BetAction):
            unit = game.wagers[action.of].initial
            out.extend(
                Choice(f"bet {action.wager} {t}x", action.wager, t * unit) for t in action.sizes
            )
        elif isinstance(action, TakeBackAction):
            out.append(Choice(f"take back {action.wager}", action.wager, take_back=True))
    return out


class CardIndexer(Protocol):
    """Computes a decision's index in its picks from the cards a deal's player has seen."""

    def index(self, own: np.ndarray, seen: np.ndarray) -> np.ndarray:
        """The index of each deal: ``own`` and ``seen`` are int64[deals, cards] positions."""
        ...


@dataclass(frozen=True, eq=False)
class DecisionPoint:
    """One decision of a :class:`StrategyTable`: after stage ``stage`` the player sees ``seen``
    cards (own and board), and in money state ``state`` takes ``choices[picks[state][i]]``, ``i``
    the colex index of those cards (positions in the deck). When the action depends on which
    cards are the player's own (hold'em), ``own`` says how many: ``i = colex(own cards) *
    C(deck, seen - own) + colex(board cards)``."""

    stage: str
    seen: int
    choices: tuple[Choice, ...]
    picks: Mapping[tuple[int, ...], np.ndarray]
    own: int = 0
    #: Where the index is not a colex index: what computes it from the player's own cards and
    #: the other cards seen (both rows of deck positions), e.g. a board class and a pair of
    #: card types (:class:`~.holdem_streets.RiverIndex`)
    indexer: CardIndexer | None = None
    #: The dealer's first cards seen at the decision (face up), given to ``indexer`` after the
    #: player's other cards seen
    dealer_up: int = 0


@dataclass(frozen=True, eq=False)
class StrategyTable:
    """A strategy as the solver counted it: the money state before the deal (``start``) and the
    decisions in stage order, each for every money state that reaches it."""

    start: tuple[int, ...]
    points: tuple[DecisionPoint, ...]
