"""Round-by-round outcomes at one Caribbean Stud table, for whoever is seated (the floor's dealer).

The Monte Carlo (:mod:`.montecarlo`) keeps only tallies; a floor needs each
round's outcome per seat, because players come and go, bust and hit the meter
at a time. :class:`RoundDealer` deals ``k`` rounds for ``n`` seated players
from one persistent deck (a partial Fisher-Yates shuffle per round, as in the
Monte Carlo kernel: 5 cards per seat and 5 for the dealer, so card removal
between seats is real), each seat deciding by its own strategy, and returns
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
from functools import cache
from typing import Any

import numpy as np
from numba import njit
from numpy.typing import NDArray

from casino_sim.combinatorics import BINOMIAL, colex5
from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.evaluator.kernels import high_value5
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.games.banked.caribbean_stud.montecarlo.kernels import (
    DECIDE_LOOKUP,
    DECIDE_RAISE,
    draw_below,
)
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
    N_VALUES,
    decision_summary,
)
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = [
    "MAX_SEATS",
    "RoundDealer",
    "StrategyBook",
    "deal_round",
    "deal_rounds",
    "mistake_threshold",
    "words_per_round",
]

MAX_SEATS = 7


@njit(cache=True, inline="always")
def words_per_round(n_seats: int) -> int:
    """Random words :func:`deal_round` reads for ``n_seats`` seats: the cards, then a
    decision word a seat.

    >>> words_per_round(1)
    11
    """
    return 5 * (n_seats + 1) + n_seats


@njit(cache=True, inline="always")
def deal_round(  # type: ignore[no-untyped-def]
    words, w, n_seats, deck, card_keys, key_index, high, flush_high, category_of, binomial,
    qualifier, rules, decide, tables, masks, mistake, outcome, categories,
):  # fmt: skip
    """Deal one round from ``words[w:]`` to ``n_seats`` seats; fill ``outcome`` and ``categories``.

    Seat ``i`` gets cards ``5i..5i+4`` of a partial shuffle of ``deck`` and the
    dealer the next five; then each seat's decision (``rules[i]`` into ``decide``,
    ``tables[i]`` into ``masks`` for looked-up hands) is reversed when its word is
    below ``mistake[i]``. Returns the index of the next unused word.
    """
    dealer_at = 5 * n_seats
    for j in range(5 * (n_seats + 1)):
        pick = j + draw_below(words[w], 52 - j)
        w += 1
        card = deck[pick]
        deck[pick] = deck[j]
        deck[j] = card
    dealer = high_value5(deck, dealer_at, card_keys, key_index, high, flush_high)
    upcard = deck[dealer_at]
    qualifies = dealer >= qualifier
    for s in range(n_seats):
        value = high_value5(deck, 5 * s, card_keys, key_index, high, flush_high)
        c = category_of[value]
        categories[s] = c
        rule = decide[rules[s], value]
        if rule == DECIDE_LOOKUP:
            index = colex5(deck, 5 * s, binomial)
            raised = ((masks[tables[s], index] >> np.uint64(upcard)) & np.uint64(1)) != 0
        else:
            raised = rule == DECIDE_RAISE
        if words[w] < mistake[s]:
            raised = not raised
        w += 1
        if not raised:
            outcome[s] = 0
        elif not qualifies:
            outcome[s] = 1
        elif value > dealer:
            outcome[s] = 4 + c
        elif value == dealer:
            outcome[s] = 2
        else:
            outcome[s] = 3
    return w


@njit(cache=True)
def deal_rounds(  # type: ignore[no-untyped-def]
    words, n_rounds, n_seats, deck, card_keys, key_index, high, flush_high, category_of,
    binomial, qualifier, seat_rule, decide, seat_table, masks, mistake, outcomes, categories,
):  # fmt: skip
    """Deal ``n_rounds`` rounds to ``n_seats`` seats; fill ``outcomes`` and ``categories`` [round, seat].

    ``words`` holds ``5 * (n_seats + 1) + n_seats`` uint64 words per round: the
    cards, then one word per seat compared with ``mistake[s]`` (a uint64
    threshold) to reverse that seat's decision (:func:`deal_round`).
    """
    w = 0
    for r in range(n_rounds):
        w = deal_round(words, w, n_seats, deck, card_keys, key_index, high, flush_high,
                       category_of, binomial, qualifier, seat_rule, decide, seat_table, masks,
                       mistake, outcomes[r], categories[r])  # fmt: skip


class StrategyBook:
    """The strategies in play at a paytable's tables, as the kernel's arrays (shared by tables)."""

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


def mistake_threshold(rate: float) -> int:
    """The uint64 threshold below which a seat's decision word reverses its decision.

    >>> mistake_threshold(0.0), mistake_threshold(1.0) == 2**64 - 1
    (0, True)
    """
    return min(int(rate * 2**64), 2**64 - 1)


@cache
def _kernel_tables() -> tuple[Any, Any, Any, Any, Any, Any, int]:
    """The evaluator's tables :func:`deal_round` takes (built once per process, read only)."""
    t5, f = tables(5), flush_tables()
    return (CARD_KEYS, t5.key_index, t5.high, f.high,
            np.asarray(category(np.arange(N_VALUES)), dtype=np.int64), BINOMIAL,
            int(ace_king_threshold()))  # fmt: skip


class RoundDealer:
    """One table's dealer: a persistent deck, its random stream, and the book of strategies.

    ``deck`` and :attr:`kernel_tables` are what a compiled caller passes to
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
        self.kernel_tables = _kernel_tables()

    def words(self, rounds: int, seats: int) -> NDArray[np.uint64]:
        """The random words of ``rounds`` rounds for ``seats`` seats (cards, then decisions)."""
        words: NDArray[np.uint64] = self._bits.random_raw(rounds * words_per_round(seats))
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
        seat_rule = np.asarray(rules, dtype=np.int64)
        seat_table = np.asarray([book.lookup_of[r] for r in rules], dtype=np.int64)
        mistake = np.array([mistake_threshold(r) for r in mistake_rates], np.uint64)
        deal_rounds(
            self.words(rounds, n), rounds, n, self.deck, *self.kernel_tables, seat_rule,
            book.decide, seat_table, book.masks, mistake, outcomes, categories,
        )  # fmt: skip
        return outcomes, categories
