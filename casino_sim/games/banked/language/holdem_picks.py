"""A hold'em strategy's later decisions as tables read on demand (dealing needs them, an exact
analysis does not): a decision's picks built when first read (:class:`LazyPicks`), and the
river decision's index of a deal (:class:`RiverIndex`) over the board table's rows.

>>> picks = LazyPicks([(1, 0)], lambda: np.array([0, 1], dtype=np.int8))
>>> list(picks), picks[(1, 0)].tolist()
([(1, 0)], [0, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import numpy as np

from casino_sim.combinatorics import colex_index
from casino_sim.games.banked.language.hands import Deck
from casino_sim.games.banked.language.holdem import every_board_class
from casino_sim.games.banked.language.holdem_boards import TYPES, BoardTable

__all__ = ["LazyPicks", "RiverIndex"]


class RiverIndex:
    """The river decision's index of a deal: its board's class (the board table's) x 676 plus
    the pair of card types of the player's two cards on that board (``first * 26 + second``,
    a card's type: ``2 * rank + 1`` if of the board's flush suit, else ``2 * rank``).

    Built on first use (dealing needs it, an exact analysis does not): the class of every
    board and the river's action of every row as a dense table; the board table is let go.
    """

    def __init__(self, deck: Deck, counted: BoardTable) -> None:
        self._source: tuple[Deck, BoardTable] | None = (deck, counted)
        self._tables: tuple[np.ndarray, np.ndarray] | None = None
        self.codes = np.asarray(deck, dtype=np.int64)

    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """The class of every board (int32 by the colex index of its five positions) and the
        river's actions by index (int8: 1 bet, 0 fold)."""
        if self._tables is None:
            assert self._source is not None
            self._tables = _river_table(*self._source)
            self._source = None
        return self._tables

    def index(self, own: np.ndarray, seen: np.ndarray) -> np.ndarray:
        """The index of each deal (``own``: its two cards, ``seen``: its five board cards)."""
        board = self.codes[seen]
        suits = board & 3
        counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        flush = np.where(counts.max(axis=1) >= 3, counts.argmax(axis=1), -1)
        mine = self.codes[own]
        kinds = 2 * (mine >> 2) + ((mine & 3) == flush[:, None])
        pair = kinds.min(axis=1) * TYPES + kinds.max(axis=1)
        board_class = self.tables()[0]
        out: np.ndarray = board_class[colex_index(seen)].astype(np.int64) * TYPES**2 + pair
        return out


class LazyPicks(Mapping[tuple[int, ...], np.ndarray]):
    """A decision's picks, the same for each of the money states ``states`` (the action does not
    depend on the money already bet), computed when first read."""

    def __init__(self, states: Sequence[tuple[int, ...]], build: Callable[[], np.ndarray]) -> None:
        self._states = tuple(dict.fromkeys(states))
        self._build: Callable[[], np.ndarray] | None = build
        self._picks: np.ndarray | None = None

    def __getitem__(self, state: tuple[int, ...]) -> np.ndarray:
        if state not in self._states:
            raise KeyError(state)
        if self._picks is None:
            assert self._build is not None
            self._picks, self._build = self._build(), None
        return self._picks

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._states)

    def __len__(self) -> int:
        return len(self._states)


def _river_table(deck: Deck, counted: BoardTable) -> tuple[np.ndarray, np.ndarray]:
    """:meth:`RiverIndex.tables` from the board table."""
    board_class = every_board_class(deck)
    classes = int(board_class.max()) + 1
    dense = np.zeros(classes * TYPES**2, dtype=np.int8)
    owner = np.repeat(np.arange(len(counted.rows)), counted.rows)
    rows = counted.start[:-1][owner] + (
        np.arange(len(owner)) - np.repeat(np.cumsum(counted.rows) - counted.rows, counted.rows)
    )
    dense[owner * TYPES**2 + counted.pair[rows]] = counted.river[rows]
    return board_class, dense
