"""Exact Caribbean Stud analysis: one player against the dealer, every deal counted.

Over all 19,933,230,517,200 deals (player's 5 cards x 47 up-cards x C(46,4)
dealer hole cards) the return table is built from exact integer counts, for
any paytable and any strategy; the paytable-free counts come from
:mod:`casino_sim.dealer_counts.cache` (about 20 s to build once, then cached).

The optimal strategy raises exactly when raising has the higher expected value
for that player hand and up-card; when the two are exactly equal it folds
(the smaller wager for the same expectation).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm, sqrt
from typing import Any

import numpy as np
from numba import njit

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.dealer_counts.counts import DEALER_HOLE_SETS, DealerCounts
from casino_sim.errors import OptionError
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES, PAY_KEYS
from casino_sim.games.banked.caribbean_stud.strategy.named import named_threshold
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable, hand_index

__all__ = [
    "TOTAL_DEALS",
    "CaribbeanAnalysis",
    "ReturnRow",
    "analyze_caribbean",
    "raise_payouts",
]

TOTAL_DEALS = 2_598_960 * 47 * DEALER_HOLE_SETS


@dataclass(frozen=True)
class ReturnRow:
    """One line of the return table: an outcome, its net result in antes and its exact count."""

    event: str
    net: Fraction
    combinations: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True, eq=False)
class CaribbeanAnalysis:
    """The exact return table and measures for one paytable, strategy and ante size.

    ``house_edge`` is the expected loss per ante; ``element_of_risk`` the expected
    loss per unit of average total wager; ``sd`` is per ante.
    """

    paytable: str
    strategy: str
    ante: Fraction | None
    rows: tuple[ReturnRow, ...]
    raise_decisions: np.ndarray  # bool[n_classes, 52]: the strategy evaluated on every cell

    @property
    def total_deals(self) -> int:
        return sum(row.combinations for row in self.rows)

    @cached_property
    def total_result(self) -> Fraction:
        """The player's exact total result over all deals, in antes."""
        return sum((row.net * row.combinations for row in self.rows), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.total_result / self.total_deals

    @property
    def raise_count(self) -> int:
        return sum(row.combinations for row in self.rows if row.event != "Fold")

    @property
    def raise_probability(self) -> Fraction:
        return Fraction(self.raise_count, self.total_deals)

    @property
    def average_total_bet(self) -> Fraction:
        """Average total wager in antes: the ante plus the raise when raising."""
        extra = max(-row.net for row in self.rows) - 1  # the raise size (dealer-wins row)
        return 1 + extra * self.raise_probability

    @property
    def element_of_risk(self) -> Fraction:
        return self.house_edge / self.average_total_bet

    @property
    def variance(self) -> Fraction:
        second = sum((row.net**2 * row.combinations for row in self.rows), Fraction(0))
        return second / self.total_deals - (self.total_result / self.total_deals) ** 2

    @property
    def sd(self) -> float:
        return sqrt(self.variance)

    def row(self, event: str) -> ReturnRow:
        """The row named ``event`` (e.g. "Fold", "Dealer does not qualify")."""
        for row in self.rows:
            if row.event == event:
                return row
        raise KeyError(event)

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready dict: exact counts as integers, fractions as strings, floats beside."""
        return {
            "paytable": self.paytable,
            "strategy": self.strategy,
            "ante": None if self.ante is None else str(self.ante),
            "total_deals": self.total_deals,
            "total_result_antes": _exact_json(self.total_result),
            "house_edge": float(self.house_edge),
            "house_edge_exact": str(self.house_edge),
            "element_of_risk": float(self.element_of_risk),
            "sd_per_ante": self.sd,
            "raise_probability": float(self.raise_probability),
            "raise_count": self.raise_count,
            "average_total_bet": float(self.average_total_bet),
            "rows": [
                {
                    "event": r.event,
                    "net": _exact_json(r.net),
                    "combinations": r.combinations,
                    "probability": float(r.probability),
                    "contribution": float(r.contribution),
                }
                for r in self.rows
            ],
        }


def _exact_json(value: Fraction) -> int | str:
    """An exact number for JSON: an integer when whole, else the fraction's text."""
    return int(value) if value.denominator == 1 else str(value)


def raise_payouts(paytable: CaribbeanPaytable, ante: Fraction | None) -> dict[str, Fraction]:
    """What a winning raise pays per hand, in antes, with the payout cap applied for ``ante``.

    >>> from casino_sim.config import load_paytable
    >>> capped = load_paytable("caribbean_stud/capped-5000")  # royal 100 to 1, $5,000 cap
    >>> raise_payouts(capped, Fraction(100))["royal_flush"]
    Fraction(50, 1)
    """
    payouts = {key: paytable.raise_multiple * paytable.raise_pay(key) for key in PAY_KEYS}
    if paytable.max_payout is not None and ante is not None:
        cap = Fraction(paytable.max_payout) / Fraction(ante)
        payouts = {key: min(value, cap) for key, value in payouts.items()}
    return payouts


def _hand_key_index(counts: DealerCounts) -> np.ndarray:
    """Per class: index into PAY_KEYS, or -1 below A-K (such hands never beat a qualifier)."""
    cats = np.asarray(
        category(counts.player_values), dtype=np.int64
    )  # HIGH_CARD (0) is the A-K slot
    return np.where(counts.player_values >= ace_king_threshold(), cats, -1)


def _optimal_decisions(
    counts: DealerCounts, nets: dict[str, int], key_index: np.ndarray
) -> np.ndarray:
    win_net = np.array([nets[k] for k in PAY_KEYS], dtype=np.int64)[np.maximum(key_index, 0)]
    outcome_nets = np.array(
        [nets["no_qualify"], nets["lose"], DEALER_HOLE_SETS * nets["fold"]], dtype=np.int64
    )
    return _raise_cells(counts, win_net, outcome_nets)


def _raise_cells(counts: DealerCounts, win_net: np.ndarray, outcome_nets: np.ndarray) -> np.ndarray:
    """Whether raising beats folding in each (class, up-card) cell; ``outcome_nets`` holds
    the net of a dealer who does not qualify, of a loss, and of folding every dealer hand."""
    raises = np.zeros(counts.no_qualify.shape, dtype=np.bool_)
    _fill_raise_cells(
        counts.no_qualify,
        counts.win,
        counts.tie,
        counts.valid_cells(),
        win_net,
        outcome_nets,
        raises,
    )
    return raises


@njit(cache=True)
def _fill_raise_cells(
    no_qualify: np.ndarray,
    win: np.ndarray,
    tie: np.ndarray,
    valid: np.ndarray,
    win_net: np.ndarray,
    outcome_nets: np.ndarray,
    out: np.ndarray,
) -> None:
    nq_net, lose_net, fold_value = outcome_nets[0], outcome_nets[1], outcome_nets[2]
    for c in range(out.shape[0]):
        for u in range(out.shape[1]):
            if valid[c, u]:
                n, w = np.int64(no_qualify[c, u]), np.int64(win[c, u])
                lose = DEALER_HOLE_SETS - n - w - np.int64(tie[c, u])
                out[c, u] = n * nq_net + w * win_net[c] + lose * lose_net > fold_value


def _table_decisions(counts: DealerCounts, table: DecisionTable) -> np.ndarray:
    """Evaluate a (suit-symmetric) decision table on each class representative."""
    masks = table.raise_mask[_rep_indexes(counts)]
    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    raises: np.ndarray = bits.astype(bool) & counts.valid_cells()
    return raises


def _rep_indexes(counts: DealerCounts) -> np.ndarray:
    return hand_index(counts.representatives)


def analyze_caribbean(
    paytable: CaribbeanPaytable,
    strategy: str | DecisionTable = "optimal",
    *,
    ante: Fraction | int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CaribbeanAnalysis:
    """Exact analysis of ``paytable`` under ``strategy`` ("optimal", a named strategy,
    or a :class:`DecisionTable`); ``ante`` (money) matters only with a payout cap.
    """
    if paytable.max_payout is not None and ante is None:
        raise OptionError(
            f"paytable {paytable.name!r} caps payouts at {paytable.max_payout}: give the ante size"
        )
    ante_value = None if ante is None else Fraction(ante)
    if ante_value is not None and ante_value <= 0:
        raise OptionError(f"ante must be positive, got {ante}")
    counts = load_counts(progress=progress)
    key = (repr(paytable), strategy if isinstance(strategy, str) else id(strategy), ante_value)
    if key in _MEMO:
        return _MEMO[key][1]
    analysis = _analyze(counts, paytable, strategy, ante_value)
    if len(_MEMO) >= 16:
        _MEMO.pop(next(iter(_MEMO)))
    _MEMO[key] = (strategy, analysis)  # keeps a strategy table alive, so its id stays its own
    return analysis


#: Analyses already made in this process, by paytable (its whole definition), strategy and ante:
#: a report, its Monte Carlo and its floor ask for the same ones.
_MEMO: dict[tuple[str, object, Fraction | None], tuple[object, CaribbeanAnalysis]] = {}


def _analyze(
    counts: DealerCounts,
    paytable: CaribbeanPaytable,
    strategy: str | DecisionTable,
    ante_value: Fraction | None,
) -> CaribbeanAnalysis:
    payouts = raise_payouts(paytable, ante_value)
    ante_pays = Fraction(paytable.ante_pays)
    denominator = lcm(ante_pays.denominator, *(p.denominator for p in payouts.values()))
    nets_exact = {
        "fold": Fraction(-1),
        "no_qualify": ante_pays,
        "push": Fraction(0),
        "lose": Fraction(-1 - paytable.raise_multiple),
        **{key: ante_pays + payouts[key] for key in PAY_KEYS},
    }
    nets = {k: int(v * denominator) for k, v in nets_exact.items()}
    key_index = _hand_key_index(counts)
    if isinstance(strategy, DecisionTable):
        decisions, name = _table_decisions(counts, strategy), strategy.name
    elif strategy == "optimal":
        decisions, name = _optimal_decisions(counts, nets, key_index), "optimal"
    else:
        raises = counts.player_values >= named_threshold(strategy)
        decisions, name = raises[:, None] & counts.valid_cells(), strategy
    rows = _rows(counts, decisions, key_index, nets_exact)
    return CaribbeanAnalysis(paytable.name, name, ante_value, rows, decisions)


def _per_class(counts_array: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Row sums of ``counts_array`` over the cells of ``mask`` (int64, one per class)."""
    per_class: np.ndarray = np.where(mask, counts_array, 0).sum(axis=1, dtype=np.int64)
    return per_class


def _rows(
    counts: DealerCounts,
    decisions: np.ndarray,
    key_index: np.ndarray,
    nets: dict[str, Fraction],
) -> tuple[ReturnRow, ...]:
    w = counts.weights
    folded = counts.valid_cells() & ~decisions
    tallies = [  # in the order of OUTCOMES: fold, no qualify, push, dealer wins, wins by hand
        (nets["fold"], DEALER_HOLE_SETS * int(folded.sum(axis=1) @ w)),
        (nets["no_qualify"], int(_per_class(counts.no_qualify, decisions) @ w)),
        (nets["push"], int(_per_class(counts.tie, decisions) @ w)),
        (nets["lose"], int(_per_class(counts.lose, decisions) @ w)),
    ]
    wins = _per_class(counts.win, decisions) * w
    for index, key in enumerate(PAY_KEYS):
        tallies.append((nets[key], int(wins[key_index == index].sum())))
    total = sum(count for _, count in tallies)
    if total != TOTAL_DEALS:
        raise AssertionError(f"return table covers {total} deals, expected {TOTAL_DEALS}")
    return tuple(
        ReturnRow(event, net, count, Fraction(count, total), net * Fraction(count, total))
        for event, (net, count) in zip(OUTCOMES, tallies, strict=True)
    )
