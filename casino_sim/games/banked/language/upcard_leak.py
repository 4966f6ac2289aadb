"""What a hole card is worth at a game with a dealer card face up (Caribbean Stud).

``--leak dealer:1`` at a game of :mod:`.upcard`: besides the up card the player sees one of
the dealer's hidden cards (hole-carding) and plays the strategy best given both. Every deal
is counted once per hidden card that can be the one seen (each equally likely): for every
player hand class, up card and seen card, the dealer's other three cards are counted by
outcome by inclusion-exclusion over the player's cards (:func:`~casino_sim.dealer_counts.
counts.pair_counts`: the five-card hands holding the two seen cards), the best action is
taken on those counts with the game's ``prefer`` rule, and the outcomes fold into the usual
exact figures. On the 52 cards that is 290 million (class, up card, seen card) cells; the
dealer's counts and the decision depend on the two known cards as a set, so each of the 145
million (class, pair of cards) is decided once and counted twice.

>>> from casino_sim.config import load_banked_game
>>> from casino_sim.games.banked.language.leak_kinds import parse_leak
>>> deck = tuple(range(36, 52))  # jacks to aces
>>> leak = analyze_upcard_leak(load_banked_game("banked/caribbean_stud"), parse_leak("dealer:1"), deck)
>>> leak.analysis.deals == 4368 * 11 * 10 * 84  # hand, up card, seen card, the other three
True
"""

from __future__ import annotations

import logging
from math import comb

import numpy as np
from numba import njit, prange

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import BankedGame
from casino_sim.dealer_counts.counts import PrefixTables, pair_counts, prefix_tables, suit_classes
from casino_sim.engine.durations import duration
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import FULL_DECK, Deck, meets
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import summarize
from casino_sim.games.banked.language.showdown import describe
from casino_sim.games.banked.language.upcard import (
    RANKING,
    check_upcard,
    nets_by_class,
    tally_classes,
)

__all__ = ["analyze_upcard_leak"]

log = logging.getLogger("casino_sim.leak")
#: (class, up card, seen card) cells decided per second on the reference 2-core machine (52
#: cards: 290 million, two per pair of known cards decided, in 80 s).
CELLS_PER_SECOND = 3_600_000


@njit(cache=True, parallel=True)
def _decide_cells(
    reps: np.ndarray, values: np.ndarray, qualifier: int, nets: np.ndarray, order: np.ndarray,
    prefix: PrefixTables, out: np.ndarray,
) -> None:  # fmt: skip
    """For every class (``reps`` int64[classes, 5] sorted, ``values``), up card and seen card:
    the dealer's hands by outcome (does not qualify, player wins, tie, dealer wins), the best
    action on them (the same when the two cards trade places: each pair is decided once and
    counted twice) (``nets`` int64[classes, actions, 4], ``order``: ties to the first), and
    its counts added to ``out`` int64[classes, actions, 4]."""
    n = prefix.s4.shape[1] + 4
    others = (n - 7) * (n - 8) * (n - 9) // 6  # the dealer's three cards not seen
    for i in prange(reps.shape[0]):
        player = reps[i]
        v = values[i]
        thresholds = np.array([qualifier, v, v + 1], dtype=np.int64)
        below = np.empty(3, dtype=np.int64)
        counts = np.empty(4, dtype=np.int64)
        for up in range(n):
            if up == player[0] or up == player[1] or up == player[2] or up == player[3]:
                continue
            if up == player[4]:
                continue
            for seen in range(up + 1, n):  # (up, seen) and (seen, up): one set, one decision
                if seen == player[0] or seen == player[1] or seen == player[2]:
                    continue
                if seen == player[3] or seen == player[4]:
                    continue
                pair_counts(player, up, seen, thresholds, prefix, below)
                counts[0] = below[0]
                counts[1] = below[1] - below[0] if v >= qualifier else 0
                counts[2] = below[2] - below[1] if v >= qualifier else 0
                counts[3] = others - counts[0] - counts[1] - counts[2]
                best = order[0]
                best_worth = 0
                for b in range(4):
                    best_worth += counts[b] * nets[i, best, b]
                for c in order[1:]:
                    worth = 0
                    for b in range(4):
                        worth += counts[b] * nets[i, c, b]
                    if worth > best_worth:
                        best, best_worth = c, worth
                for b in range(4):
                    out[i, best, b] += 2 * counts[b]


def analyze_upcard_leak(game: BankedGame, leak: Leak, deck: Deck = FULL_DECK) -> LeakAnalysis:
    """The exact figures of ``game`` (:mod:`.upcard`'s shape) when the player sees one of the
    dealer's hidden cards besides the up card."""
    from casino_sim.games.banked.language import solve_banked

    check_upcard(game, deck, rankings=(RANKING,), solver="the hole-card leak (--leak dealer:N)")
    stage = game.stages[0]
    hidden = stage.dealer - stage.dealer_up
    if leak.cards != 1:
        raise OptionError(
            f"--leak {leak.label}: at a game with a dealer card face up one of the dealer's "
            f"{hidden} hidden cards seen is counted this release (dealer:1)"
        )
    n = len(deck)
    hands = combinations_array(n, 5).astype(np.int64)
    values5 = values_of(RANKING, deck)
    values = values5[colex_index(hands)].astype(np.int16)
    prefix = prefix_tables(hands, values)
    if deck == FULL_DECK:
        _, first, weights, _ = suit_classes(hands)
        reps = hands[first]
    else:
        reps, weights = hands, np.ones(len(hands), dtype=np.int64)
    reps = np.sort(reps, axis=1)
    class_values = values5[colex_index(reps)].astype(np.int64)
    qualifier = int(np.argmax(meets(game.qualifier, RANKING)))
    nets, by_value_nets = nets_by_class(game, class_values)
    _, _, choices, _ = by_value_nets.of(int(class_values[0]))
    order = np.array(preference_order(game, choices), dtype=np.int64)
    cells = len(reps) * (n - 5) * (n - 6)
    if cells > 60 * CELLS_PER_SECOND:
        log.info(
            "--leak %s: deciding %s (hand class, up card, seen card) cells, about %s here",
            leak.label, f"{cells:,}", duration(cells / CELLS_PER_SECOND),
        )  # fmt: skip
    out = np.zeros((len(reps), len(choices), 4), dtype=np.int64)
    _decide_cells(reps, class_values, qualifier, nets, order, prefix, out)
    outcomes, taken, by_value = tally_classes(game, by_value_nets, class_values, weights, out)
    words, table = describe(by_value, choices, RANKING)
    total = sum(taken.values())
    shares = ", ".join(f"{k} {100 * v / total:.2f}%" for k, v in taken.items() if v)
    analysis = summarize(
        game, list(outcomes), strategy="optimal, seeing the up card and one hidden dealer card",
        deck_cards=n, decisions={stage.name: taken},
        words=(f"after {stage.name}: {shares} of deals", *words), table=table,
    )  # fmt: skip
    without = solve_banked(game, deck=deck).analysis.house_edge
    return LeakAnalysis(leak, analysis, without, comb(hidden, 1))
