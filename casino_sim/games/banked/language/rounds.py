"""A round at a banked table: every seat's deal out of one round's cards.

At a table the seated players share the dealer's hand and the board; each gets
cards of their own. A round deals its cards from the table's persistent deck
with the Monte Carlo's :func:`~.simulate.deal_block` (one row of ``cards`` per
round), and :func:`seat_rows` cuts them into one deal row per seat in the
Monte Carlo's layout (the player's own and board cards in stage order, then the
dealer's), so each seat's deal is played and settled by
:func:`~.simulate.deal_cells` like any deal of ``casino-sim simulate``. Each
seat's deal has the distribution of a one-player deal, so its expected result
is the exact one.

>>> from casino_sim.config import load_banked_game
>>> shape = round_shape(load_banked_game("banked/let_it_ride"), players=2)
>>> shape.cards, shape.rows.tolist()
(8, [[0, 1, 2, 6, 7], [3, 4, 5, 6, 7]])
>>> shape.columns(("player",))
[0, 1, 2]
>>> holdem = round_shape(load_banked_game("banked/casino_holdem"), players=1)
>>> holdem.rows.tolist(), holdem.columns(("player", "board"), through="flop")
([[0, 1, 4, 5, 6, 7, 8, 2, 3]], [0, 1, 2, 3, 4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from casino_sim.config.banked_game import BankedGame

__all__ = ["RoundShape", "round_shape", "seat_rows"]


@dataclass(frozen=True, eq=False)
class RoundShape:
    """Where each seat's deal row takes its cards in a round's ``cards``.

    ``rows`` (int64, players x row width): positions in the round's cards; ``owners``: whose
    card each column of a row is (``player``, ``board``, ``dealer``); ``stages``: the name of
    the stage that deals it; ``order``: the game's stage names in order.
    """

    cards: int
    rows: np.ndarray
    owners: tuple[str, ...]
    stages: tuple[str, ...]
    order: tuple[str, ...]

    def columns(self, owners: Sequence[str], through: str = "") -> list[int]:
        """The columns of a seat's row that hold the cards of ``owners`` dealt up to and
        including stage ``through`` (empty: every stage): a hand rule's cards."""
        last = self.order.index(through) if through else len(self.order) - 1
        return [
            i
            for i, (owner, stage) in enumerate(zip(self.owners, self.stages, strict=True))
            if owner in owners and self.order.index(stage) <= last
        ]


def round_shape(game: BankedGame, players: int) -> RoundShape:
    """The layout of a round of ``game`` with ``players`` seated players."""
    rows: list[list[int]] = [[] for _ in range(players)]
    owners: list[str] = []
    stages: list[str] = []
    dealer: list[int] = []
    dealer_stages: list[str] = []
    position = 0
    for stage in game.stages:
        for row in rows:
            row.extend(range(position, position + stage.player))
            position += stage.player
        board = range(position, position + stage.board)
        position += stage.board
        for row in rows:
            row.extend(board)
        dealer.extend(range(position, position + stage.dealer))
        dealer_stages += [stage.name] * stage.dealer
        position += stage.dealer
        owners += ["player"] * stage.player + ["board"] * stage.board
        stages += [stage.name] * (stage.player + stage.board)
    for row in rows:
        row.extend(dealer)
    owners += ["dealer"] * len(dealer)
    return RoundShape(
        position,
        np.array(rows, dtype=np.int64).reshape(players, -1),
        tuple(owners),
        (*stages, *dealer_stages),
        tuple(stage.name for stage in game.stages),
    )


def seat_rows(shape: RoundShape, dealt: np.ndarray) -> np.ndarray:
    """Each seat's deal row of rounds ``dealt`` (int64, rounds x ``shape.cards``): rounds x
    players rows, round by round, seat by seat."""
    return dealt[:, shape.rows].reshape(-1, shape.rows.shape[1])
