"""Games decided by one showdown against a hidden dealer hand (Three Card Poker).

All cards come in one stage, the player decides once (fold, or bet), then the
dealer's hand is shown. For each player hand (one per suit class on a deck whose
ranks come in all four suits, weighted by the class size) the compiled
:func:`~casino_sim.games.banked.language.kernels.showdown_counts` counts the
dealer hands of the cards left that do not qualify, lose, tie and win; each
action's exact value is then a sum over those four counts, and the best action
(ties to the game's ``prefer``) or a named strategy's is taken. Every hand of a class
takes its representative's action: the :class:`~.actions.StrategyTable` of the solution.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import (
    BankedGame,
    StrategyRule,
    rank_text,
)
from casino_sim.config.common import hand_label
from casino_sim.engine.durations import duration
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import (
    Choice,
    DecisionPoint,
    StrategyTable,
    choices_of,
)
from casino_sim.games.banked.language.hands import (
    Deck,
    canonical,
    classes_of,
    is_suit_symmetric,
    line_index,
    meets,
    ranking_values,
)
from casino_sim.games.banked.language.kernels import DealerHands, showdown_counts
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import Outcome, settle

__all__ = [
    "ShowdownSolution",
    "card_masks",
    "check_showdown",
    "dealer_hands",
    "describe",
    "hand_values",
    "player_classes",
    "rule_picks",
    "solve_showdown",
]

#: The most player-hand x dealer-hand pairs the exact showdown enumerates.
MAX_PAIRS = 2_000_000_000
#: Pairs counted per second on the reference 2-core machine (Three Card Poker: 38.8 M in 0.1 s).
PAIRS_PER_SECOND = 350_000_000


@dataclass(frozen=True)
class ShowdownSolution:
    """The outcomes, the deals per action, the strategy in words and as a table, and the
    strategy as the action of every player hand."""

    outcomes: tuple[Outcome, ...]
    decisions: Mapping[str, Mapping[str, int]]
    words: tuple[str, ...]
    table: tuple[tuple[str, str], ...]
    strategy: StrategyTable


def check_showdown(game: BankedGame) -> None:
    """Refuse a game this solver does not solve, saying what it solves."""
    player, dealer = game.hands["player"], game.hands.get("dealer")
    stage = game.stages[0]
    if (
        len(game.stages) != 1
        or stage.board
        or stage.dealer_up
        or dealer is None
        or len(game.decisions) != 1
        or player.cards != ("player",)
        or dealer.cards != ("dealer",)
        or player.use != stage.player
        or dealer.use != stage.dealer
        or player.ranking != dealer.ranking
    ):
        raise OptionError(
            f"{game.name}: the exact solver solves a game with a dealer when every card comes in "
            "one stage, the dealer's are hidden, the player decides once and each hand is its "
            "owner's own cards in one ranking"
        )


@cache
def player_classes(deck: Deck, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One player hand (positions in the deck) per suit class, the class sizes, and the class of
    every hand by its colex index."""
    hands = combinations_array(len(deck), size).astype(np.int64)
    member = np.empty(len(hands), dtype=np.int64)
    where = colex_index(hands)
    if not is_suit_symmetric(deck):
        member[where] = np.arange(len(hands))
        return hands, np.ones(len(hands), dtype=np.int64), member
    codes = np.asarray(deck)[hands]
    rows = [canonical(row) for row in codes.tolist()]
    keys = Counter(rows)
    number = {key: i for i, key in enumerate(keys)}
    member[where] = [number[key] for key in rows]
    position = {code: i for i, code in enumerate(deck)}
    reps = np.array([[position[c] for c in key] for key in keys], dtype=np.int64)
    return reps, np.array(list(keys.values()), dtype=np.int64), member


def card_masks(n: int) -> np.ndarray:
    """One bit per deck position (int64): a hand's mask is the sum of its cards' bits."""
    return np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))


def dealer_hands(game: BankedGame, deck: Deck) -> tuple[np.ndarray, DealerHands]:
    """Every dealer hand of ``deck`` (rows of positions) and the arrays the showdown kernels
    read: its mask, its value in the game's ranking and whether it qualifies."""
    ranking = game.hands["player"].ranking
    hands = combinations_array(len(deck), game.stages[0].dealer).astype(np.int64)
    values = hand_values(deck, ranking, hands)
    masks = card_masks(len(deck))[hands].sum(axis=1)
    return hands, DealerHands(masks, values, meets(game.qualifier, ranking)[values])


def hand_values(deck: Deck, ranking: str, hands: np.ndarray) -> np.ndarray:
    """The value (int64) of each hand (rows of deck positions) in ``ranking``."""
    values: np.ndarray = ranking_values(ranking, deck)[colex_index(hands)].astype(np.int64)
    return values


def solve_showdown(
    game: BankedGame, deck: Deck, *, policy: Sequence[StrategyRule] | None = None
) -> ShowdownSolution:
    """Solve ``game`` on ``deck``: optimally, or with a named strategy's rules."""
    check_showdown(game)
    stage = game.stages[0]
    n, ranking = len(deck), game.hands["player"].ranking
    # checked before the classes are made (slow for big hands): the suits' relabellings make
    # the classes about a 24th of the hands on a suit-symmetric deck
    classes = comb(n, stage.player) // (24 if is_suit_symmetric(deck) else 1)
    pairs = classes * comb(n, stage.dealer)
    if pairs > MAX_PAIRS:
        raise OptionError(
            f"{game.name}: about {pairs:,} player and dealer hands to count, "
            f"{duration(pairs / PAIRS_PER_SECOND)} here: over the exact showdown's limit of "
            f"{MAX_PAIRS:,} (about {duration(MAX_PAIRS / PAIRS_PER_SECOND)}); a game this size "
            "needs a solver of its shape (docs/banked-games.md, What the exact solver solves)"
        )
    reps, weights, member = player_classes(deck, stage.player)
    dealer_total = comb(n - stage.player, stage.dealer)
    _, dealer = dealer_hands(game, deck)
    player_values = hand_values(deck, ranking, reps)
    counts = np.zeros((len(reps), 4), dtype=np.int64)
    showdown_counts(card_masks(n)[reps].sum(axis=1), player_values, dealer, counts)

    names = list(game.wagers)
    wager_lines = []
    for wager in game.wagers.values():
        wager_lines.append(line_index(wager.resolve.lines, ranking))
    choices = choices_of(game, game.decisions[0])
    start = tuple(w.initial for w in game.wagers.values())
    afters = [c.apply(start, names) for c in choices]
    nets: dict[tuple[tuple[int, ...], int, tuple[int, ...]], Fraction] = {}

    def net(state: tuple[int, ...], bucket: int, lines: tuple[int, ...]) -> Fraction:
        key = (state, bucket, lines)
        if key not in nets:
            nets[key] = sum(settle(game, Outcome(state, False, bucket, lines, 1)), Fraction(0))
        return nets[key]

    rule_pick = rule_picks(game, policy, choices, ranking) if policy is not None else None
    tally: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...]], int] = defaultdict(int)
    taken: dict[str, int] = dict.fromkeys((c.name for c in choices), 0)
    by_value: dict[int, set[int]] = defaultdict(set)
    order = preference_order(game, choices)
    picks = np.empty(len(reps), dtype=np.int8)
    for r in range(len(reps)):
        value = int(player_values[r])
        lines = tuple(int(table[value]) for table in wager_lines)
        row = counts[r].tolist()
        if rule_pick is not None:
            best = int(rule_pick[value])
        else:
            worth = [
                Fraction(-sum(start) * dealer_total)
                if after is None
                else sum((row[b] * net(after, b, lines) for b in range(4)), Fraction(0))
                for after in afters
            ]
            best = order[0]
            for i in order[1:]:
                if worth[i] > worth[best]:
                    best = i
        picks[r] = best
        weight = int(weights[r])
        taken[choices[best].name] += weight * dealer_total
        by_value[value].add(best)
        after = afters[best]
        if after is None:
            tally[(start, True, -1, ())] += weight * dealer_total
            continue
        for b in range(4):
            if row[b]:
                tally[(after, False, b, lines)] += weight * row[b]
    outcomes = tuple(Outcome(s, f, b, ln, c) for (s, f, b, ln), c in tally.items())
    words, table = describe(by_value, choices, ranking)
    point = DecisionPoint(stage.name, stage.player, tuple(choices), {start: picks[member]})
    strategy = StrategyTable(start, (point,))
    return ShowdownSolution(outcomes, {stage.name: taken}, words, table, strategy)


def rule_picks(
    game: BankedGame, rules: Sequence[StrategyRule], choices: Sequence[Choice], ranking: str
) -> np.ndarray:
    """A named strategy's action index for every hand value."""
    names = [c.name for c in choices]
    size = len(classes_of(ranking))
    pick = np.full(size, -1, dtype=np.int64)
    for rule in rules:
        where = meets(rule.when, ranking) & (pick < 0)
        pick[where] = names.index(rule.action)
    if (pick < 0).any():
        raise OptionError(f"{game.name}: the strategy's rules leave some hands without an action")
    return pick


def _class_words(key: str, ranks: tuple[int, ...]) -> str:
    return f"{hand_label(key)} {rank_text(ranks)}"


def describe(
    by_value: Mapping[int, set[int]], choices: Sequence[Choice], ranking: str
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The strategy in words (a threshold when there is one) and by hand category."""
    classes = classes_of(ranking)
    values = sorted(by_value)
    picks = [min(by_value[v]) if len(by_value[v]) == 1 else -1 for v in values]
    words: list[str] = []
    table: list[tuple[str, str]] = []
    if -1 not in picks and len(set(picks)) == 2:
        low, high = picks[0], picks[-1]
        switch = next(i for i, p in enumerate(picks) if p == high)
        if all(p == low for p in picks[:switch]) and all(p == high for p in picks[switch:]):
            key, ranks = classes[values[switch]]
            words.append(
                f"{choices[high].name} with {_class_words(key, ranks)} or better, "
                f"else {choices[low].name}"
            )
    elif -1 not in picks and len(set(picks)) == 1:
        words.append(f"always {choices[picks[0]].name}")
    if not words:
        words.append("the action depends on the cards beyond the hand's rank (see the table)")
    by_category: dict[str, Counter[str]] = defaultdict(Counter)
    for v in values:
        for pick in by_value[v]:
            by_category[classes[v][0]][choices[pick].name] += 1
    for key in dict.fromkeys(c[0] for c in reversed(classes)):
        if key in by_category:
            shown = ", ".join(f"{name} ({n} hand values)" for name, n in by_category[key].items())
            table.append((hand_label(key), shown))
    return tuple(words), tuple(table)
