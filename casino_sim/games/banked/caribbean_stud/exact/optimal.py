"""The optimal Caribbean Stud strategy as a decision table for every hand, and its summary.

Per-class decisions from :func:`analyze_caribbean` are carried to every one of the
2,598,960 hands through the suit relabelling that maps the hand onto its class
representative, so the table is exact for all hand x up-card pairs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.evaluator import HandCategory, ace_king_threshold
from casino_sim.evaluator.classes import weakest_high_value
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.cache import load_counts
from casino_sim.games.banked.caribbean_stud.exact.counts import (
    DealerCounts,
    expand_class_masks,
    suit_order_and_key,
)
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable, all_hands_by_index

__all__ = ["AceKingRule", "ace_king_summary", "decision_table", "optimal_strategy"]


def decision_table(
    analysis: CaribbeanAnalysis, counts: DealerCounts, *, name: str
) -> DecisionTable:
    """Expand an analysis's per-class decisions into a :class:`DecisionTable` for every hand."""
    bits = analysis.raise_decisions.astype(np.uint64) << np.arange(52, dtype=np.uint64)
    class_masks = np.bitwise_or.reduce(bits, axis=1)
    rep_orders = np.array([suit_order_and_key(rep)[0] for rep in counts.representatives])
    hands = all_hands_by_index()
    out = np.empty(len(hands), dtype=np.uint64)
    expand_class_masks(hands, counts.class_keys, rep_orders, class_masks, out)
    return DecisionTable(name, out)


def optimal_strategy(
    paytable: CaribbeanPaytable,
    *,
    ante: Fraction | int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DecisionTable:
    """The optimal raise/fold decision for every player hand and up-card under ``paytable``."""
    analysis = analyze_caribbean(paytable, "optimal", ante=ante, progress=progress)
    return decision_table(analysis, load_counts(), name=f"optimal ({paytable.name})")


@dataclass(frozen=True)
class AceKingRule:
    """Among A-K-high hands whose third card is ``third``: the share of (hand, up-card)
    combinations raised, by dealer up-card rank."""

    third: str
    raise_share_by_upcard: dict[str, float]


def ace_king_summary(analysis: CaribbeanAnalysis, counts: DealerCounts) -> tuple[AceKingRule, ...]:
    """How the strategy plays A-K high hands (everything else is all-or-nothing):
    by the player's third-highest card and the dealer's up-card rank."""
    ranks = "23456789TJQKA"
    akt = ace_king_threshold()
    lowest_pair = weakest_high_value(HandCategory.ONE_PAIR)
    raised: defaultdict[int, np.ndarray] = defaultdict(lambda: np.zeros(13))
    seen: defaultdict[int, np.ndarray] = defaultdict(lambda: np.zeros(13))
    for c in np.flatnonzero((counts.player_values >= akt) & (counts.player_values < lowest_pair)):
        rep = counts.representatives[c]
        third = sorted((card >> 2 for card in rep), reverse=True)[2]
        for up in range(52):
            if up in rep:
                continue
            seen[third][up >> 2] += counts.weights[c]
            raised[third][up >> 2] += counts.weights[c] * analysis.raise_decisions[c, up]
    return tuple(
        AceKingRule(
            ranks[third],
            {
                ranks[r]: float(raised[third][r] / seen[third][r])
                for r in range(13)
                if seen[third][r]
            },
        )
        for third in sorted(seen, reverse=True)
    )
