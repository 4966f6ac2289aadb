"""Hold'em games: two cards each, a five-card board, the player decides on the flop.

Casino Hold'em: the player sees two cards and the flop, folds or calls; the turn and river
follow and each side plays the best five of its two cards and the board. The value of a
decision is a sum over the (hole cards, flop) it is taken on: every turn and river, every
dealer hand. :func:`~.holdem_boards.count_boards` counts every two-card hand against every
dealer hand once per class of five-card boards (134,459 of 2,598,960: by pair of card types,
sorted once, card removal by inclusion-exclusion); :func:`~.holdem_kernels.solve_flops` takes
the flops one per suit class (1,755 of 22,100), the turn and river one per orbit of the flop's
own symmetry, sums those counts for every hole pair and decides. The sums stay exact integers
(pays scaled to whole numbers), so ties between actions are seen exactly and settled by the
game's ``prefer``.

>>> from casino_sim.config import load_banked_game
>>> tens_up = tuple(range(32, 52))  # tens to aces: every deal of a 20-card deck
>>> solved = solve_holdem(load_banked_game("banked/casino_holdem"), tens_up)
>>> sum(o.combinations for o in solved.outcomes) == 190 * 816 * 105 * 78
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, lcm
from typing import Generic, TypeVar

import numpy as np

from casino_sim.combinatorics import BINOMIAL, colex_index, combinations_array
from casino_sim.config.banked_game import RANKINGS, BankedGame, StrategyRule
from casino_sim.config.common import hand_label
from casino_sim.errors import OptionError
from casino_sim.evaluator.tables import RANK_KEYS, flush_tables, tables
from casino_sim.games.banked.language.actions import (
    Choice,
    DecisionPoint,
    StrategyTable,
    choices_of,
)
from casino_sim.games.banked.language.hands import Deck, classes_of, line_index, meets
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.holdem_boards import (
    HoldemTables,
    board_classes,
    board_table,
)
from casino_sim.games.banked.language.holdem_kernels import (
    MERGED,
    Choices,
    Decided,
    FlopWork,
    solve_flops,
)
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import Outcome, settle
from casino_sim.games.banked.language.showdown import rule_picks
from casino_sim.games.banked.language.symmetry import pair_orbits, subset_classes, suit_perms

__all__ = [
    "HoldemSolution",
    "LastCount",
    "describe_flop",
    "every_board_class",
    "flop_work",
    "full_flop_picks",
    "holdem_tables",
    "is_holdem_shape",
    "line_combos",
    "solve_holdem",
]

RANKING = "five_card_high"

Counted = TypeVar("Counted")


class LastCount(Generic[Counted]):
    """A hold'em solver's count of a game on a deck, the last one kept: what every strategy of
    the game shares (a named strategy's rules change the first decision, not the counts the
    later decisions and the first one's values come from), so a named strategy after the
    optimal one, or the reverse, counts nothing again. One kept: a 52-card count holds a board
    table of hundreds of megabytes.

    >>> calls = []
    >>> last = LastCount(lambda game, deck: calls.append(deck) or len(deck))
    >>> last("game", (1, 2)), last("game", (1, 2)), last("game", (3,)), calls
    (2, 2, 1, [(1, 2), (3,)])
    """

    def __init__(self, count: Callable[[BankedGame, Deck], Counted]) -> None:
        self._count = count
        self._kept: dict[tuple[str, Deck], Counted] = {}

    def __call__(self, game: BankedGame, deck: Deck) -> Counted:
        key = (repr(game), deck)  # the game's every field
        if key not in self._kept:
            self._kept.clear()
            self._kept[key] = self._count(game, deck)
        return self._kept[key]


@dataclass(frozen=True)
class HoldemSolution:
    """The outcomes, the deals per action, the strategy in words and by the player's hand at
    the decision, and the strategy as the action at every decision by the cards seen."""

    outcomes: tuple[Outcome, ...]
    decisions: Mapping[str, Mapping[str, int]]
    words: tuple[str, ...]
    table: tuple[tuple[str, str], ...]
    strategy: StrategyTable


def is_holdem_shape(game: BankedGame) -> bool:
    """Two hidden cards each, a five-card board, each hand the best five of its two cards and
    the board (five_card_high): the deals the hold'em solvers count."""
    hands = game.hands
    rule = {"use": 5, "ranking": RANKING, "through": ""}
    return (
        "dealer" in hands
        and all(getattr(hands[w], k) == v for w in ("player", "dealer") for k, v in rule.items())
        and set(hands["player"].cards) == {"player", "board"}
        and set(hands["dealer"].cards) == {"dealer", "board"}
        and (game.cards_of("player"), game.cards_of("dealer"), game.cards_of("board")) == (2, 2, 5)
        and not any(stage.dealer_up for stage in game.stages)
    )


def _check(game: BankedGame) -> str:
    """The stage the decision follows, or an OptionError saying what the solver needs."""
    ok = is_holdem_shape(game) and len(game.decisions) == 1
    after = game.decisions[0].after if ok else ""
    if not ok or (game.cards_of("player", after), game.cards_of("board", after)) != (2, 3):
        raise OptionError(
            f"{game.name}: the exact hold'em solver solves two hidden cards each, a five-card "
            "board, each hand the best five of its two and the board (five_card_high), and one "
            "decision on the flop (the player's two cards and three board cards seen)"
        )
    return after


@cache
def _pair_values() -> tuple[np.ndarray, ...]:
    """The five-card rank-key index, the best non-flush value of each five ranks with each
    pair of ranks (int16[rows, 91], -1: more than four of a rank), the pairs' index, the pairs
    in the order of their values on each five ranks and the ranks of each pair."""
    five, seven = tables(5), tables(7)
    boards = np.array(
        [r for r in combinations_with_replacement(range(13), 5) if max(np.bincount(r)) <= 4]
    )
    first, second = np.triu_indices(13)
    pair_index = np.zeros((13, 13), dtype=np.int64)
    pair_index[first, second] = pair_index[second, first] = np.arange(len(first))
    keys = RANK_KEYS[boards].sum(axis=1)
    values = np.full((len(five.high), len(first)), -1, dtype=np.int16)
    base = np.stack([np.bincount(r, minlength=13) for r in boards])
    for p, (a, b) in enumerate(zip(first.tolist(), second.tolist(), strict=True)):
        counts = base.copy()
        counts[:, a] += 1
        counts[:, b] += 1
        fine = counts.max(axis=1) <= 4
        total = keys[fine] + RANK_KEYS[a] + RANK_KEYS[b]
        values[five.key_index[keys[fine]], p] = seven.high[seven.key_index[total]]
    order = np.argsort(values, axis=1, kind="stable").astype(np.int64)
    return five.key_index, values, pair_index, order, np.stack([first, second], axis=1)


@cache
def flop_work(deck: Deck) -> tuple[FlopWork, np.ndarray, np.ndarray]:
    """The flop classes of ``deck`` and their turns and rivers; the class sizes; one board
    (positions, int64[B, 5]) per class of the five-card boards they make."""
    flops = subset_classes(deck, 3)
    perms = suit_perms(deck)
    pairs, sizes, starts, stab = [], [], [0], []
    for rep, stabilizer in zip(flops.reps, flops.stabilizers, strict=True):
        tr, size = pair_orbits(len(deck), rep, perms[stabilizer])
        pairs.append(tr)
        sizes.append(size)
        starts.append(starts[-1] + len(tr))
        stab.append(stabilizer)
    tr_pairs = np.concatenate(pairs)
    flop_of = np.repeat(np.arange(len(flops.reps)), np.diff(starts))
    boards = np.concatenate([flops.reps[flop_of], tr_pairs], axis=1)
    _, first, tr_board = np.unique(
        board_classes(boards, perms, BINOMIAL), return_index=True, return_inverse=True
    )
    stab_start = np.cumsum([0] + [len(s) for s in stab])
    work = FlopWork(
        flops=flops.reps, stab_start=stab_start, stab=np.concatenate(stab), perms=perms,
        tr_start=np.array(starts), tr_pairs=tr_pairs, tr_sizes=np.concatenate(sizes),
        tr_board=tr_board.astype(np.int64),
    )  # fmt: skip
    return work, flops.weights, boards[first]


@cache
def every_board_class(deck: Deck) -> np.ndarray:
    """The class of every five-card board of ``deck`` (int32 by colex index): its row of the
    board table of :func:`flop_work`'s boards (the classes in the order of their least colex
    image)."""
    boards = combinations_array(len(deck), 5).astype(np.int64)
    keys = board_classes(boards, suit_perms(deck), BINOMIAL)
    board_class = np.empty(len(boards), dtype=np.int32)
    board_class[colex_index(boards)] = np.searchsorted(np.unique(keys), keys)
    return board_class


def line_combos(game: BankedGame) -> tuple[np.ndarray, np.ndarray]:
    """Each wager's line per hand value as one code: (code per value, lines per code)."""
    lines = np.stack([line_index(w.resolve.lines, RANKING) for w in game.wagers.values()], axis=1)
    combos, code = np.unique(lines, axis=0, return_inverse=True)
    return code.reshape(-1).astype(np.int64), combos


def holdem_tables(game: BankedGame, deck: Deck, code: np.ndarray) -> HoldemTables:
    """What values a hand on a board of ``deck`` for ``game`` (``code``: the paytable lines'
    code per hand value, :func:`line_combos`)."""
    key_index5, pair_values, pair_index, pair_order, pair_ranks = _pair_values()
    qualifies = meets(game.qualifier, RANKING)
    return HoldemTables(
        codes=np.asarray(deck, dtype=np.int64), rank_keys=RANK_KEYS, key_index5=key_index5,
        pair_values=pair_values, pair_index=pair_index, pair_order=pair_order,
        pair_ranks=pair_ranks.astype(np.int64), flush_high=flush_tables().high,
        combo=code, qualify=np.array([int(np.argmax(qualifies))]), binomial=BINOMIAL,
    )  # fmt: skip


def solve_holdem(
    game: BankedGame, deck: Deck, *, policy: Sequence[StrategyRule] | None = None
) -> HoldemSolution:
    """Solve ``game`` on ``deck``: optimally, or with a named strategy's rules (by the player's
    five cards at the decision)."""
    after = _check(game)
    n = len(deck)
    names = list(game.wagers)
    code, combos = line_combos(game)
    start = tuple(w.initial for w in game.wagers.values())
    choices = choices_of(game, game.decisions[0])
    states = [c.apply(start, names) for c in choices]
    nets = [
        [
            [settle(game, Outcome(s, False, b, tuple(map(int, lines)), 1)) for b in range(MERGED)]
            if s is not None
            else [settle(game, Outcome(start, True, -1, (), 1))] * MERGED
            for lines in combos
        ]
        for s in states
    ]
    flat = [sum(net, Fraction(0)) for by_combo in nets for row in by_combo for net in row]
    scale = lcm(*(x.denominator for x in flat))
    order = preference_order(game, choices)
    fixed = np.full(len(classes_of(RANKING)), -1, dtype=np.int64)
    if policy is not None:
        fixed = rule_picks(game, policy, choices, RANKING)
    table = holdem_tables(game, deck, code)
    decision = Choices(
        nets=np.array([[[int(sum(x, Fraction(0)) * scale) for x in row] for row in by_combo]
                       for by_combo in nets], dtype=np.int64).reshape(len(choices), len(combos), MERGED),
        fold=np.array([s is None for s in states]), order=np.array(order, dtype=np.int64),
        fold_units=np.array([sum(start) * scale]), fixed=fixed,
        values5=values_of(RANKING, deck),
    )  # fmt: skip
    work, weights, boards = flop_work(deck)
    n_flops, holes = len(weights), comb(n, 2)
    picks = np.empty((n_flops, holes), dtype=np.int8)
    hand5 = np.zeros((n_flops, holes), dtype=np.int64)
    played = np.zeros((n_flops, len(choices), len(combos), MERGED), dtype=np.int64)
    deals = np.zeros((n_flops, len(choices)), dtype=np.int64)
    solve_flops(work, table, board_table(boards, table), decision,
                Decided(picks, hand5, played, deals))  # fmt: skip

    by_choice = weights @ deals
    counts = np.tensordot(weights, played, axes=1)
    outcomes = []
    for c, state in enumerate(states):
        if state is None:
            if by_choice[c]:
                outcomes.append(Outcome(start, True, -1, (), int(by_choice[c])))
            continue
        for k, lines in enumerate(combos):
            for b in range(MERGED):  # a dealer who does not qualify: bucket 0
                if counts[c, k, b]:
                    outcomes.append(
                        Outcome(state, False, b, tuple(map(int, lines)), int(counts[c, k, b]))
                    )
    taken = {choice.name: int(by_choice[c]) for c, choice in enumerate(choices)}
    words, rows = describe_flop(after, picks, hand5, weights, choices, taken)
    point = DecisionPoint(after, 5, tuple(choices), {start: full_flop_picks(deck, picks)}, own=2)
    return HoldemSolution(
        tuple(outcomes), {after: taken}, words, rows, StrategyTable(start, (point,))
    )


def full_flop_picks(deck: Deck, picks: np.ndarray) -> np.ndarray:
    """Every (hole cards, flop)'s action by ``colex(hole) * C(n, 3) + colex(flop)`` (-1: the
    cards overlap), from the actions of the flop classes."""
    n = len(deck)
    flops = subset_classes(deck, 3)
    perms = suit_perms(deck)
    holes = combinations_array(n, 2).astype(np.int64)
    hole_of = np.empty(len(holes), dtype=np.int64)
    hole_of[colex_index(holes)] = np.arange(len(holes))
    moved = colex_index(perms[:, holes[hole_of]])  # (g, hole by colex): its image's colex
    full = picks[flops.member[:, None], moved[flops.perm]]  # (flop, hole)
    out: np.ndarray = np.ascontiguousarray(full.T).reshape(-1)
    return out


def describe_flop(
    after: str,
    picks: np.ndarray,
    hand5: np.ndarray,
    weights: np.ndarray,
    choices: Sequence[Choice],
    taken: Mapping[str, int],
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The decision's actions as shares of the deals, and by the category of the player's five
    cards at the decision (best first)."""
    total = sum(taken.values())
    shares = ", ".join(f"{k} {100 * v / total:.2f}%" for k, v in taken.items() if v)
    words = [f"after {after}: {shares} of deals"]
    order = RANKINGS[RANKING]
    category = np.array([order.index(key) for key, _ in classes_of(RANKING)])
    live = picks >= 0
    cat = category[hand5[live]]
    weight = np.broadcast_to(weights[:, None], picks.shape)[live]
    tally = np.zeros((len(order), len(choices)), dtype=np.int64)
    np.add.at(tally, (cat, picks[live].astype(np.int64)), weight)
    rows, pure = [], []
    for i, key in enumerate(order):
        row = tally[i]
        if not row.sum():
            continue
        acts: list[int] = np.flatnonzero(row).tolist()
        parts = [f"{choices[c].name} {100 * row[c] / row.sum():.2f}%" for c in acts]
        rows.append((hand_label(key), ", ".join(parts)))
        pure.append((key, acts[0] if len(acts) == 1 else -1))
    top = 0
    while top < len(pure) and pure[top][1] >= 0 and pure[top][1] == pure[0][1]:
        top += 1
    if top:
        below = "; below it, by the cards (draws, high cards)" if top < len(pure) else ""
        words.append(
            f"{choices[pure[0][1]].name} with {hand_label(pure[top - 1][0])} or better "
            f"(the player's two cards and the flop){below}"
        )
    return tuple(words), tuple(rows)
