"""Round-by-round outcomes at one Caribbean Stud table, for whoever is seated (the floor's dealer).

The Monte Carlo (:mod:`.montecarlo`) keeps only tallies; a floor needs each
round's outcome per seat, because players come and go, bust and hit the meter
at a time. :class:`RoundDealer` deals ``k`` rounds for ``n`` seated players
from one persistent deck with the one compiled round the Monte Carlo deals too
(:func:`~casino_sim.games.banked.caribbean_stud.round_kernel.deal_round`: 5 cards per
seat and 5 for the dealer, so card removal between seats is real), each seat deciding
by its own strategy, and returns
the outcome code (:data:`~casino_sim.games.banked.caribbean_stud.rules.OUTCOMES`)
and hand category of every seat in every round.

A seat's ``mistake_rate`` reverses its raise-or-fold decision with that
probability (one extra random word per seat and round, drawn whether or not
it is used, so the stream does not depend on the rates).

>>> import numpy as np
>>> from casino_sim.config import load_paytable
>>> dealer = RoundDealer(load_paytable("caribbean_stud/standard"), np.random.default_rng(1))
>>> optimal = dealer.strategy_slot("optimal")
>>> outcomes, categories = dealer.deal(1000, [optimal, optimal], [0.0, 0.0])
>>> outcomes.shape, int(outcomes.min()) >= 0, int(categories.max()) <= 9
((1000, 2), True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from numba import njit
from numpy.typing import NDArray

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import decision_summary
from casino_sim.games.banked.caribbean_stud.round_kernel import (
    DECIDE_LOOKUP,
    N_VALUES,
    HandTables,
    RoundOut,
    SeatRules,
    Strategies,
    deal_round,
    hand_tables,
    words_per_round,
)
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = [
    "MAX_SEATS",
    "RoundDealer",
    "StrategyBook",
    "deal_rounds",
    "mistake_threshold",
]

MAX_SEATS = 7


@njit(cache=True)
def deal_rounds(
    words: np.ndarray,
    n_rounds: int,
    n: int,
    deck: np.ndarray,
    hands: HandTables,
    strategies: Strategies,
    seats: SeatRules,
    out: RoundOut,
) -> None:
    """Deal ``n_rounds`` rounds to seats ``0 .. n - 1``; fill ``out`` [round, seat].

    ``words`` holds :func:`~casino_sim.games.banked.caribbean_stud.round_kernel.words_per_round`
    uint64 words a round: the cards, then one word a seat compared with its
    ``seats.mistake`` threshold to reverse its decision (:func:`deal_round`).
    """
    w = 0
    for r in range(n_rounds):
        w, _ = deal_round(
            words, w, n, deck, hands, strategies, seats, RoundOut(out.outcome[r], out.category[r])
        )


class StrategyBook:
    """The strategies in play at a paytable's tables, as the kernel's arrays (shared by tables):
    :attr:`strategies` (grown by :meth:`slot`)."""

    def __init__(self, paytable: CaribbeanPaytable) -> None:
        self.paytable = paytable
        self._summaries: list[np.ndarray] = []
        self._lookups: list[np.ndarray] = []
        self._rule_of: dict[str, int] = {}
        self.masks = np.zeros((1, 1), dtype=np.uint64)
        self.decide = np.zeros((1, N_VALUES), dtype=np.int8)
        self.lookup_of: list[int] = []

    def slot(
        self, strategy: str | DecisionTable, *, ante: Fraction = Fraction(1), key: str | None = None
    ) -> int:
        """The rule index of ``strategy`` (resolved once; ``optimal`` for ``ante`` under a cap)."""
        name = key or (strategy if isinstance(strategy, str) else strategy.name)
        if self.paytable.max_payout is not None and strategy == "optimal":
            name = f"optimal@{ante}"
        if name in self._rule_of:
            return self._rule_of[name]
        table = resolve_strategy(strategy, self.paytable, ante=ante)
        summary = decision_summary(table)
        lookup = 0
        if (summary == DECIDE_LOOKUP).any():
            lookup = len(self._lookups)
            self._lookups.append(table.raise_mask)
            self.masks = np.stack(self._lookups)
        self._summaries.append(summary)
        self.lookup_of.append(lookup)
        self.decide = np.ascontiguousarray(np.stack(self._summaries))
        self._rule_of[name] = len(self._summaries) - 1
        return self._rule_of[name]

    @property
    def strategies(self) -> Strategies:
        """The strategies slotted so far, as :func:`deal_round` reads them."""
        return Strategies(decide=self.decide, masks=self.masks)


def mistake_threshold(rate: float) -> int:
    """The uint64 threshold below which a seat's decision word reverses its decision.

    >>> mistake_threshold(0.0), mistake_threshold(1.0) == 2**64 - 1
    (0, True)
    """
    return min(int(rate * 2**64), 2**64 - 1)


class RoundDealer:
    """One table's dealer: a persistent deck, its random stream, and the book of strategies.

    ``deck`` and :attr:`hands` are what a compiled caller passes to
    :func:`deal_round` (the floor settles its rounds in its own kernel);
    :meth:`words` draws a block of the dealer's random words.
    """

    def __init__(
        self,
        paytable: CaribbeanPaytable,
        rng: np.random.Generator,
        book: StrategyBook | None = None,
    ) -> None:
        self.paytable = paytable
        self.book = StrategyBook(paytable) if book is None else book
        self._bits = rng.bit_generator
        self.deck = np.arange(52, dtype=np.int64)
        self.hands = hand_tables()

    def words(self, rounds: int, seats: int) -> NDArray[np.uint64]:
        """The random words of ``rounds`` rounds for ``seats`` seats (cards, then decisions)."""
        words: NDArray[np.uint64] = self._bits.random_raw(rounds * words_per_round(seats, True))
        return words

    def strategy_slot(
        self, strategy: str | DecisionTable, *, ante: Fraction = Fraction(1), key: str | None = None
    ) -> int:
        """The rule index of ``strategy`` in this dealer's book."""
        return self.book.slot(strategy, ante=ante, key=key)

    def deal(
        self, rounds: int, rules: Sequence[int], mistake_rates: Sequence[float]
    ) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
        """Deal ``rounds`` rounds to ``len(rules)`` seats: (outcome codes, hand categories) [round, seat]."""
        n = len(rules)
        outcomes = np.zeros((rounds, n), dtype=np.int8)
        categories = np.zeros((rounds, n), dtype=np.int8)
        if rounds == 0 or n == 0:
            return outcomes, categories
        book = self.book
        seats = SeatRules(
            rule=np.asarray(rules, dtype=np.int64),
            table=np.asarray([book.lookup_of[r] for r in rules], dtype=np.int64),
            mistake=np.array([mistake_threshold(r) for r in mistake_rates], np.uint64),
        )
        out = RoundOut(outcomes, categories)
        words = self.words(rounds, n)
        deal_rounds(words, rounds, n, self.deck, self.hands, book.strategies, seats, out)
        return outcomes, categories
