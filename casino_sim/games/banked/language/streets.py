"""Games without a dealer hand (Let It Ride, Mississippi Stud): backward induction over card sets.

Every wager is settled on the player's final hand alone, and that hand is all
the cards dealt (own and board). So what the player knows at a decision is the
set of cards seen and the money on the felt (the *money state*: units on each
wager). The value of a state is a sum over its completions: the value at ``k``
cards seen is the sum of the values at ``k + m`` cards over the supersets
(:func:`~casino_sim.games.banked.language.kernels.scatter_down`), every value an
exact integer (pays scaled to whole numbers), so ties are seen exactly and broken
by the game's ``prefer`` rule. A forward pass then counts the deals that reach
each money state and end on each paytable line: the outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb, lcm

import numpy as np

from casino_sim.combinatorics import BINOMIAL
from casino_sim.config.banked_game import BankedGame, PayLine, PaytableResolution
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import (
    Choice,
    DecisionPoint,
    StrategyTable,
    choices_of,
)
from casino_sim.games.banked.language.hands import Deck, line_index, ranking_values
from casino_sim.games.banked.language.kernels import (
    gather_up,
    scatter_counts,
    scatter_down,
    subset_patterns,
)
from casino_sim.games.banked.language.outcomes import Outcome

__all__ = [
    "StreetRules",
    "StreetSolution",
    "best_of",
    "decision_shares",
    "solve_streets",
    "street_rules",
]

Policy = Callable[[int, tuple[int, ...], np.ndarray], np.ndarray]
"""A fixed strategy: (level, money state, values by action or None) -> action index per card set."""


@dataclass(frozen=True)
class StreetSolution:
    """The outcomes of a game without a dealer, the decisions taken (deals per action per
    decision), the first decision's action per card set (by colex index) and the strategy."""

    outcomes: tuple[Outcome, ...]
    decisions: Mapping[str, Mapping[str, int]]
    first_choice: np.ndarray
    first_level: int
    first_names: tuple[str, ...]
    strategy: StrategyTable


def _check(game: BankedGame) -> None:
    rule = game.hands["player"]
    dealt = game.cards_of("player") + game.cards_of("board")
    if game.cards_of("dealer") or rule.use != dealt or rule.ranking != "five_card_high":
        raise OptionError(
            f"{game.name}: the exact solver solves a game without a dealer hand only when the "
            "player's five-card hand is every card dealt"
        )
    if any(not isinstance(w.resolve, PaytableResolution) for w in game.wagers.values()):
        raise OptionError(f"{game.name}: without a dealer every wager is settled on a paytable")
    if len(game.stages) < 2:
        raise OptionError(f"{game.name}: a game without a dealer needs two stages or more")
    if game.decisions and game.decisions[-1].after == game.stages[-1].name:
        raise OptionError(f"{game.name}: a decision after the last stage decides nothing")


@dataclass(frozen=True)
class StreetRules:
    """A game without a dealer on a deck, as the solvers read it: cards per stage (``sizes``)
    and seen after each (``seen``); the paytables' pays per final hand (colex index) scaled
    to integers (``pays``, one array per distinct paytable, ``scale``), each wager's paytable
    (``wager_table``) and its lines (``lines``); each decision's choices by level
    (``choices``) and the money states before each level's decision (``states``)."""

    sizes: list[int]
    seen: list[int]
    names: list[str]
    lines: list[np.ndarray]
    pays: list[np.ndarray]
    wager_table: list[int]
    scale: int
    choices: dict[int, list[Choice]]
    states: list[list[tuple[int, ...]]]

    @property
    def last(self) -> int:
        """The level (index) at which the final hand is complete."""
        return len(self.sizes) - 1

    def options(self, level: int) -> list[Choice]:
        """The choices at ``level`` (one that changes nothing where there is no decision)."""
        return self.choices.get(level, [Choice.stay()])

    def table_amounts(self, state: tuple[int, ...]) -> np.ndarray:
        """The units of ``state`` on each paytable."""
        out = np.zeros(len(self.pays), dtype=np.int64)
        for amount, table in zip(state, self.wager_table, strict=True):
            out[table] += amount
        return out


def street_rules(game: BankedGame, deck: Deck) -> StreetRules:
    """:class:`StreetRules` of ``game`` on ``deck`` (refused in one line if not such a game)."""
    _check(game)
    sizes = [s.player + s.board for s in game.stages]
    names = list(game.wagers)
    values5 = ranking_values("five_card_high", deck)
    tables: list[tuple[PayLine, ...]] = []
    wager_table: list[int] = []
    for wager in game.wagers.values():
        resolve = wager.resolve
        assert isinstance(resolve, PaytableResolution)
        if resolve.paytable not in tables:
            tables.append(resolve.paytable)
        wager_table.append(tables.index(resolve.paytable))
    lines_by_table = [line_index(t, "five_card_high")[values5] for t in tables]
    scale = lcm(*(line.pays.denominator for t in tables for line in t))
    pay_arrays = [
        np.array([int(line.pays * scale) for line in t] + [-scale], dtype=np.int64)[lines]
        for t, lines in zip(tables, lines_by_table, strict=True)
    ]
    choices: dict[int, list[Choice]] = {}
    for decision in game.decisions:
        level = [s.name for s in game.stages].index(decision.after)
        choices[level] = choices_of(game, decision)
    states: list[list[tuple[int, ...]]] = [[] for _ in sizes]
    states[0] = [tuple(w.initial for w in game.wagers.values())]
    for level in range(len(sizes) - 1):
        for state in states[level]:
            for choice in choices.get(level, [Choice.stay()]):
                after = choice.apply(state, names)
                if after is not None and after not in states[level + 1]:
                    states[level + 1].append(after)
    seen = [int(x) for x in np.cumsum(sizes)]
    return StreetRules(
        sizes, seen, names, lines_by_table, pay_arrays, wager_table, scale, choices, states
    )


def solve_streets(
    game: BankedGame, deck: Deck, *, policy: Mapping[str, str] | None = None
) -> StreetSolution:
    """Solve ``game`` on ``deck``: optimally, or with ``policy`` (decision -> action name)."""
    rules = street_rules(game, deck)
    n = len(deck)
    sizes, seen, last, names = rules.sizes, rules.seen, rules.last, rules.names
    lines_by_table, wager_table = rules.lines, rules.wager_table
    choices, states = rules.choices, rules.states
    completions = [
        int(np.prod([comb(n - seen[j - 1], sizes[j]) for j in range(level + 1, len(sizes))]))
        for level in range(len(sizes))
    ]

    if policy is not None:  # a named strategy fixes every action: no values to compare
        chosen = {
            (level, state): _fixed(game, level, choices[level], policy, comb(n, seen[level]))
            if level in choices
            else np.zeros(comb(n, seen[level]), dtype=np.int64)
            for level in range(last)
            for state in states[level]
        }
    else:
        chosen = _backward(game, rules, n, completions)

    # forward: deals reaching each state, folds, and the final lines
    outcomes: list[Outcome] = []
    decisions: dict[str, dict[str, int]] = {}
    stage_names = [s.name for s in game.stages]
    mass = {states[0][0]: np.ones(comb(n, seen[0]), dtype=np.int64)}
    for level in range(last):
        options = choices.get(level, [Choice.stay()])
        after_mass: dict[tuple[int, ...], np.ndarray] = {}
        counts = decisions.setdefault(stage_names[level], {}) if level in choices else None
        for state, m in mass.items():
            pick = chosen[(level, state)]
            for index, choice in enumerate(options):
                taken = np.where(pick == index, m, 0)
                deals = int(taken.sum()) * completions[level]
                if counts is not None:
                    counts[choice.name] = counts.get(choice.name, 0) + deals
                after = choice.apply(state, names)
                if after is None:
                    if deals:
                        outcomes.append(Outcome(state, True, -1, (), deals))
                    continue
                after_mass[after] = after_mass.get(after, 0) + taken
        if level < last - 1:
            cols = list(after_mass)
            up = np.zeros((comb(n, seen[level + 1]), len(cols)), dtype=np.int64)
            gather_up(
                np.stack([after_mass[c] for c in cols], axis=1), n, seen[level + 1],
                subset_patterns(seen[level + 1], seen[level]), BINOMIAL, up,
            )  # fmt: skip
            mass = {c: up[:, i] for i, c in enumerate(cols)}
        else:
            mass = after_mass
    outcomes.extend(_final(mass, lines_by_table, wager_table, n, seen[last - 1], seen[last]))
    first = min(choices) if choices else 0
    points = tuple(
        DecisionPoint(
            stage_names[level],
            int(seen[level]),
            tuple(options),
            {state: chosen[(level, state)].astype(np.int8) for state in states[level]},
        )
        for level, options in sorted(choices.items())
    )
    return StreetSolution(
        outcomes=tuple(outcomes),
        decisions=decisions,
        first_choice=chosen[(first, states[first][0])],
        first_level=seen[first],
        first_names=tuple(c.name for c in choices.get(first, [Choice.stay()])),
        strategy=StrategyTable(states[0][0], points),
    )


def _backward(
    game: BankedGame, rules: StreetRules, n: int, completions: Sequence[int]
) -> dict[tuple[int, tuple[int, ...]], np.ndarray]:
    """The best action per card set at every level and money state: the value of each state
    summed over its completions (integers, so ties are exact, broken by ``game.prefer``),
    from the last cards back."""
    seen, last, scale = rules.seen, rules.last, rules.scale
    expected = np.zeros((comb(n, seen[last - 1]), len(rules.pays)), dtype=np.int64)
    scatter_down(
        np.stack(rules.pays, axis=1), n, seen[last], subset_patterns(seen[last], seen[last - 1]),
        BINOMIAL, expected,
    )  # fmt: skip
    chosen: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}
    cont = {s: expected @ rules.table_amounts(s) for s in rules.states[last]}
    for level in range(last - 1, -1, -1):
        value = {}
        for state in rules.states[level]:
            options = rules.options(level)
            candidates = []
            for choice in options:
                after = choice.apply(state, rules.names)
                if after is None:
                    candidates.append(
                        np.full(
                            comb(n, seen[level]),
                            -sum(state) * completions[level] * scale,
                            dtype=np.int64,
                        )
                    )
                else:
                    candidates.append(cont[after])
            pick = best_of(candidates, options, game.prefer)
            chosen[(level, state)] = pick
            value[state] = np.choose(pick, candidates) if len(candidates) > 1 else candidates[0]
        if level == 0:
            break
        cols = list(value)
        below = np.zeros((comb(n, seen[level - 1]), len(cols)), dtype=np.int64)
        scatter_down(
            np.stack([value[c] for c in cols], axis=1), n, seen[level],
            subset_patterns(seen[level], seen[level - 1]), BINOMIAL, below,
        )  # fmt: skip
        cont = {c: below[:, i] for i, c in enumerate(cols)}
    return chosen


def _final(
    mass: Mapping[tuple[int, ...], np.ndarray],
    lines_by_table: Sequence[np.ndarray],
    wager_table: Sequence[int],
    n: int,
    small: int,
    big: int,
) -> list[Outcome]:
    """The outcomes of the deals that reach the last card: money state x the hand's lines."""
    code = np.zeros(len(lines_by_table[0]), dtype=np.int64)
    for lines in lines_by_table:  # the lines of every paytable as one mixed-radix code
        code = code * (int(lines.max()) + 1) + lines
    present = np.flatnonzero(np.bincount(code))
    remap = np.zeros(int(code.max()) + 1, dtype=np.int64)
    remap[present] = np.arange(len(present))
    first = np.zeros(len(present), dtype=np.int64)
    first[remap[code]] = np.arange(len(code))  # a hand of each class (any: they share the lines)
    if small == big:  # the last stage deals no card (a leak shows it early): one line per set

        def counts_of(m: np.ndarray) -> np.ndarray:  # float sums of counts far below 2**53: exact
            summed = np.bincount(remap[code], weights=m, minlength=len(present))
            return np.rint(summed).astype(np.int64)

    else:
        per_set = np.zeros((comb(n, small), len(present)), dtype=np.int64)
        scatter_counts(remap[code], n, big, subset_patterns(big, small), BINOMIAL, per_set)

        def counts_of(m: np.ndarray) -> np.ndarray:
            return np.asarray(m @ per_set)

    out = []
    for state, m in mass.items():
        counts = counts_of(m)
        for k, count in enumerate(counts.tolist()):
            if count:
                hand_lines = tuple(int(lines_by_table[t][first[k]]) for t in wager_table)
                out.append(Outcome(state, False, -1, hand_lines, int(count)))
    return out


def best_of(candidates: Sequence[np.ndarray], options: Sequence[Choice], prefer: str) -> np.ndarray:
    """The index of the best candidate per set; equal values go to the preferred bet size."""
    order = sorted(range(len(options)), key=lambda i: options[i].felt)
    if prefer == "larger_bet":
        order = order[::-1]
    best = np.full(len(candidates[0]), order[0], dtype=np.int64)
    top = candidates[order[0]].copy()
    for i in order[1:]:
        better = candidates[i] > top
        best[better] = i
        top[better] = candidates[i][better]
    return best


def _fixed(
    game: BankedGame, level: int, options: Sequence[Choice], policy: Mapping[str, str], size: int
) -> np.ndarray:
    """A named strategy's action at ``level`` for every card set."""
    stage = game.stages[level].name
    wanted = policy.get(stage)
    names = [c.name for c in options]
    if wanted is None or wanted not in names:
        raise OptionError(f"the strategy has no rule for the decision after {stage!r}")
    return np.full(size, names.index(wanted), dtype=np.int64)


def decision_shares(decisions: Mapping[str, Mapping[str, int]]) -> tuple[str, ...]:
    """Each decision's actions as shares of the deals.

    >>> decision_shares({"deal": {"fold": 1, "bet play 1x": 3}})
    ('after deal: fold 25.00%, bet play 1x 75.00% of deals',)
    """
    words = []
    for stage, taken in decisions.items():
        total = sum(taken.values())
        shares = ", ".join(
            f"{name} {100 * count / total:.2f}%" for name, count in taken.items() if count
        )
        words.append(f"after {stage}: {shares} of deals")
    return tuple(words)
