"""The optimal Caribbean Stud strategy as a decision table for every hand, and its summary.

Per-class decisions from :func:`analyze_caribbean` are carried to every one of the
2,598,960 hands through the suit relabelling that maps the hand onto its class
representative, so the table is exact for all hand x up-card pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.dealer_counts.counts import (
    DealerCounts,
    expand_class_masks,
)
from casino_sim.evaluator import HandCategory, ace_king_threshold
from casino_sim.evaluator.classes import weakest_high_value
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.strategy.table import (
    N_HANDS,
    DecisionTable,
    all_hands_by_index,
)

__all__ = ["AceKingRule", "ace_king_summary", "decision_table", "optimal_strategy"]


def decision_table(
    analysis: CaribbeanAnalysis, counts: DealerCounts, *, name: str
) -> DecisionTable:
    """Expand an analysis's per-class decisions into a :class:`DecisionTable` for every hand."""
    by_suit_and_rank = analysis.raise_decisions.reshape(-1, 13, 4).transpose(0, 2, 1)
    rank_bytes = np.packbits(by_suit_and_rank, axis=-1, bitorder="little").astype(np.int64)
    words_by_suit = rank_bytes[..., 0] | rank_bytes[..., 1] << 8
    suit_words = np.take_along_axis(words_by_suit, suit_orders(counts.representatives), axis=1)
    out = np.empty(N_HANDS, dtype=np.uint64)
    expand_class_masks(all_hands_by_index(), counts.class_keys, suit_words, _SPREAD, out)
    return DecisionTable(name, out)


#: ``_SPREAD[w]``: the 13 rank bits of ``w`` moved to the card bits of suit 0 (bit ``k`` to ``4 k``).
_SPREAD = np.array(
    [sum(1 << 4 * k for k in range(13) if w >> k & 1) for w in range(1 << 13)], dtype=np.uint64
)


def suit_orders(hands: np.ndarray) -> np.ndarray:
    """The suit order of :func:`~.counts.suit_order_and_key` for every hand (rows), at once.

    >>> from casino_sim.dealer_counts.counts import suit_order_and_key
    >>> hand = np.array([[0, 4, 9, 13, 50]], dtype=np.int8)
    >>> tuple(suit_orders(hand)[0]) == suit_order_and_key(hand[0])[0]
    True
    """
    cards = hands.astype(np.int64)
    masks = np.zeros((len(cards), 4), dtype=np.int64)
    for column in cards.T:  # a hand's cards are distinct: each adds its own rank bit
        np.add.at(masks, (np.arange(len(cards)), column & 3), np.int64(1) << (column >> 2))
    # the kernel's sort key; unique within a hand, so every sort gives its order
    keys = -masks * 4 - np.arange(4) + 3
    return np.argsort(keys, axis=1, kind="stable")


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
    chosen = np.flatnonzero((counts.player_values >= akt) & (counts.player_values < lowest_pair))
    thirds = np.sort(counts.representatives[chosen].astype(np.int64) >> 2, axis=1)[:, 2]
    held_out = counts.valid_cells()[chosen]  # the up-card is not one of the player's cards
    weights = counts.weights[chosen][:, None]
    by_third_and_rank = (np.repeat(thirds, 52), np.tile(np.arange(52) >> 2, len(chosen)))
    # sums of whole weights: exact in floats, whatever the order of the additions
    seen_sums, raised_sums = np.zeros((13, 13)), np.zeros((13, 13))
    np.add.at(seen_sums, by_third_and_rank, (weights * held_out).ravel())
    np.add.at(
        raised_sums,
        by_third_and_rank,
        (weights * (held_out & analysis.raise_decisions[chosen])).ravel(),
    )
    seen = {int(t): seen_sums[t] for t in np.unique(thirds)}
    raised = {t: raised_sums[t] for t in seen}
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
