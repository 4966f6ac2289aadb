"""What sharing hands is worth at a game without a dealer hand (Let It Ride, Mississippi
Stud): ``--leak share:K``.

Players who show each other their first cards know ``K`` more hands that the board cannot
hold. Deals are drawn (``samples`` of them, with ``seed``): the player's first cards and the
others'. Each is valued exactly over every way the board can still come from the cards nobody
at the table holds, stage by stage, twice: with the best action at each decision given every
card seen, and with the strategy without the leak (the solver's, which does not look at the
others' cards, so its edge is the exact one). The mean gain (a control variate: it is zero
wherever the leak changes no decision) and its 95% interval are the sampled figures
(:class:`~.leak_kinds.SampledLeak`).

The values are sums over the board's completions of money times the paytables' common
denominator, as in :mod:`.streets`: the completions of a deal are the subsets of its live
cards (colex order), summed down a stage at a time (:func:`~.kernels.scatter_down`), so ties
between actions are seen exactly and broken by the game's ``prefer`` rule.

>>> from casino_sim.config import load_banked_game
>>> deck = tuple(rank * 4 + suit for rank in (1, 5, 7, 8, 9, 10, 11, 12) for suit in range(2))
>>> share = analyze_street_share(load_banked_game("banked/let_it_ride"), 1, deck, 2000, 1)
>>> share.house_edge < float(share.house_edge_without)
True
"""

from __future__ import annotations

from math import comb, prod
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.combinatorics import BINOMIAL, colex_index, combinations_array
from casino_sim.config.banked_game import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import StrategyTable
from casino_sim.games.banked.language.hands import Deck
from casino_sim.games.banked.language.kernels import scatter_down, subset_patterns
from casino_sim.games.banked.language.leak_kinds import (
    Leak,
    SampledLeak,
    check_others_fit,
    check_samples,
    share_estimate,
)
from casino_sim.games.banked.language.streets import StreetRules, best_of, street_rules

__all__ = ["ShareValues", "analyze_street_share", "share_values", "union_colex"]

#: Sampled deals of ``--leak share:K`` at a game without a dealer hand by default.
DEFAULT_STREET_SAMPLES = 20_000
#: Deals valued together (the draw is the same whatever the batch).
BATCH = 64

State = tuple[int, ...]


class ShareValues(NamedTuple):
    """Per deal: its value with the leak and without it (money times ``scale``, summed over
    the board's ``completions``), the money bet likewise (units), and whether the first
    decision changed (on some board, where board cards come before it)."""

    leak: np.ndarray
    without: np.ndarray
    leak_bet: np.ndarray
    without_bet: np.ndarray
    changed: np.ndarray
    scale: int
    completions: int


def analyze_street_share(
    game: BankedGame, others: int, deck: Deck, samples: int | None, seed: int
) -> SampledLeak:
    """The house edge and element of risk of ``game`` (no dealer hand) when the player sees
    the first cards of ``others`` more players, sampled (module docstring)."""
    from casino_sim.games.banked.language import solve_banked

    rules = street_rules(game, deck)
    first, n = game.stages[0], len(deck)
    if any(stage.player for stage in game.stages[1:]):
        raise OptionError(
            f"--leak share:{others}: {game.name} deals the players cards after the first "
            "stage; sharing is valued on the first cards only this release"
        )
    dead = others * first.player
    check_others_fit(others, first.player, n, rules.seen[-1], "the player's cards and the board")
    samples = check_samples(DEFAULT_STREET_SAMPLES if samples is None else samples)
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(others,)))
    order = np.argsort(rng.random((samples, n)), axis=1)
    own, seen = order[:, : rules.seen[0]], order[:, rules.seen[0] : rules.seen[0] + dead]
    solved = solve_banked(game, deck=deck)
    parts = [
        share_values(
            game,
            deck,
            own[i : i + BATCH],
            seen[i : i + BATCH],
            rules=rules,
            strategy=solved.strategy,
        )
        for i in range(0, samples, BATCH)
    ]
    per_deal = float(parts[0].scale * parts[0].completions)
    leak, without = (np.concatenate([getattr(p, f) for p in parts]) for f in ("leak", "without"))
    bets = [np.concatenate([getattr(p, f) for p in parts]) for f in ("leak_bet", "without_bet")]
    gains = (leak - without) / per_deal
    extra = (bets[0] - bets[1]) / float(parts[0].completions)
    changed = int(sum(int(p.changed.sum()) for p in parts))
    unit = float(game.wagers[game.house_edge_per].initial)
    bet_without = float(solved.analysis.average_total_bet) * unit
    return share_estimate(
        game, Leak("share", others), solved.analysis.house_edge, (gains, extra), changed, bet_without, seed,
        valued_over="every board left", decision="the first decision",
    )  # fmt: skip


def share_values(
    game: BankedGame,
    deck: Deck,
    hands: np.ndarray,
    seen: np.ndarray,
    *,
    rules: StreetRules | None = None,
    strategy: StrategyTable | None = None,
) -> ShareValues:
    """:class:`ShareValues` of the deals whose first cards are ``hands`` and whose other
    players' cards are ``seen`` (rows of deck positions, any order); ``rules`` and the optimal
    ``strategy`` made here unless given (a run of batches makes them once)."""
    from casino_sim.games.banked.language import solve_banked

    rules = street_rules(game, deck) if rules is None else rules
    strategy = solve_banked(game, deck=deck).strategy if strategy is None else strategy
    picks = {
        (rules.seen.index(point.seen), state): chosen
        for point in strategy.points
        for state, chosen in point.picks.items()
    }
    n, deals, first = len(deck), len(hands), rules.seen[0]
    hands = np.ascontiguousarray(np.sort(hands, axis=1), dtype=np.int64)
    live_mask = np.ones((deals, n), dtype=bool)
    live_mask[np.arange(deals)[:, None], np.concatenate([hands, seen], axis=1)] = False
    live = np.nonzero(live_mask)[1].astype(np.int64).reshape(deals, -1)
    m = live.shape[1]
    added = [s - first for s in rules.seen]
    sets = [_colex_sets(m, a) for a in added]
    last = rules.last
    children = [comb(m - added[k], rules.sizes[k + 1]) for k in range(last)]
    completions = [prod(children[k:]) for k in range(last + 1)]

    def deck_colex(level: int) -> np.ndarray:
        """(sets of the level, deals): the colex index in the deck of the cards seen."""
        out = np.empty((len(sets[level]), deals), dtype=np.int64)
        union_colex(hands, live, sets[level], BINOMIAL, out)
        return out

    final = deck_colex(last)
    pays = np.stack([p[final] for p in rules.pays], axis=2)  # sets x deals x tables
    expected = _down(pays.reshape(len(sets[last]), -1), m, added[last], added[last - 1])
    expected = expected.reshape(len(sets[last - 1]), deals, len(rules.pays))
    width = len(sets[last - 1])
    cont: dict[State, tuple[np.ndarray, ...]] = {}
    for ending in rules.states[last]:
        value = expected @ rules.table_amounts(ending)
        bet = np.full((width, deals), sum(ending) * children[last - 1], dtype=np.int64)
        cont[ending] = (value, value, bet, bet)
    changed = np.zeros(deals, dtype=bool)
    for level in range(last - 1, -1, -1):
        rows = len(sets[level])
        where = deck_colex(level) if level in rules.choices else None
        out: dict[State, tuple[np.ndarray, ...]] = {}
        for state in rules.states[level]:
            options = rules.options(level)
            candidates: list[tuple[np.ndarray, ...]] = []
            for choice in options:
                after = choice.apply(state, rules.names)
                if after is None:  # folded: the money on the felt lost on every completion
                    put = sum(state) * completions[level]
                    lost = np.full((rows, deals), -put * rules.scale, dtype=np.int64)
                    felt = np.full((rows, deals), put, dtype=np.int64)
                    candidates.append((lost, lost, felt, felt))
                else:
                    candidates.append(cont[after])
            if where is None:
                best = without = np.zeros((rows, deals), dtype=np.int64)
            else:
                best = best_of([c[0].ravel() for c in candidates], options, game.prefer)
                best = best.reshape(rows, deals)
                without = picks[(level, state)][where].astype(np.int64)
            out[state] = tuple(
                np.choose(pick, [c[i] for c in candidates])
                for i, pick in ((0, best), (1, without), (2, best), (3, without))
            )
            if level == min(rules.choices, default=-1) and state == rules.states[0][0]:
                changed = (best != without).any(axis=0)  # on some board, if it comes after one
        if level == 0:
            break
        states = list(out)
        stacked = np.concatenate([a for s in states for a in out[s]], axis=1)
        below = _down(stacked, m, added[level], added[level - 1])
        split = np.split(below, 4 * len(states), axis=1)
        cont = {s: tuple(split[4 * i : 4 * i + 4]) for i, s in enumerate(states)}
    leak, without_value, leak_bet, without_bet = (a[0] for a in out[rules.states[0][0]])
    return ShareValues(
        leak, without_value, leak_bet, without_bet, changed, rules.scale, completions[0]
    )


def _colex_sets(m: int, size: int) -> np.ndarray:
    """The ``size``-subsets of ``range(m)`` in colex order, one per row."""
    if size == 0:
        return np.zeros((1, 0), dtype=np.int64)
    sets = combinations_array(m, size).astype(np.int64)
    return sets[np.argsort(colex_index(sets))]


def _down(values: np.ndarray, m: int, big: int, small: int) -> np.ndarray:
    """Sum each ``big``-set's row of ``values`` into its ``small``-subsets' rows."""
    if small == 0:
        return np.asarray(values.sum(axis=0, keepdims=True), dtype=np.int64)
    out = np.zeros((comb(m, small), values.shape[1]), dtype=np.int64)
    scatter_down(np.ascontiguousarray(values), m, big, subset_patterns(big, small), BINOMIAL, out)
    return out


@njit(cache=True)
def union_colex(
    hands: np.ndarray, live: np.ndarray, sets: np.ndarray, binomial: np.ndarray, out: np.ndarray
) -> None:
    """``out[s, d]``: the colex index of deal ``d``'s ``hands`` row (ascending) with its live
    cards at the positions of ``sets[s]`` (ascending), merged in order."""
    first, size = hands.shape[1], sets.shape[1]
    for d in range(hands.shape[0]):
        for s in range(sets.shape[0]):
            i = j = total = 0
            for k in range(first + size):
                if j == size or (i < first and hands[d, i] < live[d, sets[s, j]]):
                    card = hands[d, i]
                    i += 1
                else:
                    card = live[d, sets[s, j]]
                    j += 1
                total += binomial[card, k + 1]
            out[s, d] = total
