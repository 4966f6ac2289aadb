"""Hold'em with a bet before the flop, on the flop or after the river (Ultimate Texas Hold'em).

The player sees two cards and may bet the play wager (3x or 4x the ante) or check; after the flop
a player who checked may bet it (2x) or check; after the river a player who checked twice bets it
(1x) or folds. One bet in all: once the play wager holds money the later decisions are not
offered. The value of every decision is exact:

- **after the river** the player knows seven cards; the dealer hands left decide. On a five-card
  board a pair of card types stands for every hole pair of those types (:mod:`.holdem_boards`
  counts each against every dealer hand once per class of boards, by showdown, card removal
  included), so the river is decided once per row of that table (:func:`~.holdem_streets_kernels.
  river_actions`);
- **on the flop** a check is worth the river's best action summed over every turn and river, a
  bet its counts times the flop bet's money; both sums are those of the Casino Hold'em solver
  (flop classes, turn and river orbits, card removal by inclusion-exclusion), the rows of the
  boards split by their river action;
- **before the flop** each hole pair's totals over every flop (its class's, under suit
  relabelling: 169 classes) give the bet and the check (the flop's best action, summed).

A named strategy's rules before the flop (on the player's two cards, the ``two_card`` ranking)
take the action of each hole class in place of the best one; the later decisions stay optimal
(their values do not depend on the action before the flop), and the words say so. So every
strategy of a game shares one count (:func:`street_sums`: a named strategy after the optimal one
counts nothing again).

Every sum is an exact integer (the pays scaled to whole numbers), so ties are exact and settled by
the game's ``prefer``.

>>> from casino_sim.config import load_banked_game
>>> tens_up = tuple(range(32, 52))  # tens to aces: every deal of a 20-card deck
>>> solved = solve_holdem_streets(load_banked_game("banked/ultimate_texas_holdem"), tens_up)
>>> sum(o.combinations for o in solved.outcomes) == 190 * 816 * 105 * 78
True
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb, lcm
from typing import NamedTuple

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import (
    BankedGame,
    BetAction,
    FoldAction,
    StayAction,
    StrategyRule,
)
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import (
    Choice,
    DecisionPoint,
    StrategyTable,
    choices_of,
)
from casino_sim.games.banked.language.hands import Deck, label_strength, starting_label
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.holdem import (
    RANKING,
    HoldemSolution,
    LastCount,
    describe_flop,
    flop_work,
    full_flop_picks,
    holdem_tables,
    is_holdem_shape,
    line_combos,
)
from casino_sim.games.banked.language.holdem_boards import (
    BUCKETS,
    BoardTable,
    board_table,
)
from casino_sim.games.banked.language.holdem_kernels import FLOPS_PER_TASK
from casino_sim.games.banked.language.holdem_picks import LazyPicks, RiverIndex
from casino_sim.games.banked.language.holdem_streets_kernels import (
    StreetChoices,
    StreetsDecided,
    river_actions,
    solve_streets,
)
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import Outcome, merge_not_qualified, settle
from casino_sim.games.banked.language.showdown import rule_picks
from casino_sim.games.banked.language.symmetry import suit_perms

__all__ = [
    "StreetSums",
    "every_action",
    "hole_classes",
    "is_streets_game",
    "later_optimal",
    "named_pre_flop",
    "scaled_nets",
    "solve_holdem_streets",
    "street_sums",
    "street_words",
]


def is_streets_game(game: BankedGame) -> bool:
    """Whether ``game`` is a hold'em game with a decision before the flop (this solver's)."""
    return bool(game.cards_of("board")) and len(game.decisions) > 1


def _check(game: BankedGame) -> tuple[str, ...]:
    """The three decisions' stages, or an OptionError saying what the solver needs."""
    need = (
        f"{game.name}: the exact hold'em solver with decisions before the flop solves two hidden "
        "cards each, a five-card board, each hand the best five of its two and the board "
        "(five_card_high), and three decisions on one wager bet once: before the flop (check or "
        "bet), after the flop (check or bet) and after the river (fold or bet)"
    )
    shape_ok = is_holdem_shape(game) and len(game.decisions) == 3
    if not shape_ok:
        raise OptionError(need)
    stages = tuple(d.after for d in game.decisions)
    seen = [(game.cards_of("player", s), game.cards_of("board", s)) for s in stages]
    bets = [[a for a in d.actions if isinstance(a, BetAction)] for d in game.decisions]
    others = [[a for a in d.actions if not isinstance(a, BetAction)] for d in game.decisions]
    wagers = {a.wager for row in bets for a in row}
    ok = (
        seen == [(2, 0), (2, 3), (2, 5)]
        and all(bets)
        and len(wagers) == 1
        and game.wagers[next(iter(wagers))].initial == 0
        and len(bets[1]) == len(bets[2]) == 1
        and all(a.up_to in (None, a.times) for a in (bets[1][0], bets[2][0]))
        and [len(o) for o in others] == [1, 1, 1]
        and isinstance(others[0][0], StayAction)
        and isinstance(others[1][0], StayAction)
        and isinstance(others[2][0], FoldAction)
    )
    if not ok:
        raise OptionError(need)
    return stages


class StreetBets(NamedTuple):
    """The three decisions' actions (``pre``, ``flop``, ``river``), the check and the bet on the
    flop, the fold and the bet after the river, the bets before the flop, and the money on the
    felt after each bet (``states``: each of ``pre_bets``, then ``flop_bet``, ``river_bet``)."""

    pre: list[Choice]
    flop: list[Choice]
    river: list[Choice]
    flop_stay: Choice
    flop_bet: Choice
    river_fold: Choice
    river_bet: Choice
    pre_bets: list[Choice]
    states: list[tuple[int, ...] | None]


def street_bets(game: BankedGame) -> StreetBets:
    """The actions of a game of this shape (:func:`_check`ed) and the money each bet leaves."""
    names = list(game.wagers)
    start = tuple(w.initial for w in game.wagers.values())
    pre, flop, river = (choices_of(game, d) for d in game.decisions)
    flop_stay, flop_bet = (next(c for c in flop if not c.wager), next(c for c in flop if c.wager))
    river_fold, river_bet = (next(c for c in river if c.fold), next(c for c in river if c.wager))
    pre_bets = [c for c in pre if c.wager]
    states = [c.apply(start, names) for c in (*pre_bets, flop_bet, river_bet)]
    return StreetBets(
        pre, flop, river, flop_stay, flop_bet, river_fold, river_bet, pre_bets, states
    )


def scaled_nets(
    game: BankedGame, states: Sequence[tuple[int, ...] | None], combos: np.ndarray
) -> list[np.ndarray]:
    """Per state (None: folded) the net per deal by line code and bucket, every one scaled by
    one whole number (the least that makes them all whole)."""
    start = tuple(w.initial for w in game.wagers.values())
    exact = []
    for state in states:
        if state is None:
            exact.append([[sum(settle(game, Outcome(start, True, -1, (), 1)), Fraction(0))]])
            continue
        exact.append([
            [sum(settle(game, Outcome(state, False, b, tuple(map(int, lines)), 1)), Fraction(0))
             for b in range(BUCKETS)]
            for lines in combos
        ])  # fmt: skip
    scale = lcm(*(x.denominator for rows in exact for row in rows for x in row))
    return [np.array([[int(x * scale) for x in row] for row in rows]) for rows in exact]


def hole_classes(deck: Deck) -> tuple[np.ndarray, np.ndarray]:
    """Per hole pair (colex) its class under the deck's suit relabellings (0..K-1), and one
    hole pair (positions) per class."""
    n = len(deck)
    perms = suit_perms(deck)
    holes = combinations_array(n, 2).astype(np.int64)
    order = np.empty(len(holes), dtype=np.int64)
    order[colex_index(holes)] = np.arange(len(holes))
    by_colex = holes[order]
    images = np.sort(perms[:, by_colex], axis=2)  # (g, hole, 2)
    least = colex_index(images.reshape(-1, 2)).reshape(len(perms), -1).min(axis=0)
    _, first, cls = np.unique(least, return_index=True, return_inverse=True)
    return cls.reshape(-1).astype(np.int64), by_colex[first]


def named_pre_flop(
    game: BankedGame,
    policy: Sequence[StrategyRule] | None,
    choices: Sequence[Choice],
    deck: Deck,
    reps: np.ndarray,
) -> list[int] | None:
    """A named strategy's action before the flop (an index of ``choices``) for each hole class
    (``reps``: one hole pair of each, positions in ``deck``), by the rules read on the two
    cards (``two_card``); None without a policy (the optimal strategy)."""
    if policy is None:
        return None
    by_value = rule_picks(game, policy, choices, "two_card")
    picks: list[int] = by_value[values_of("two_card", deck)[colex_index(reps)]].tolist()
    return picks


def every_action(
    taken: Mapping[str, Mapping[str, int]], choices: Sequence[Sequence[Choice]]
) -> dict[str, dict[str, int]]:
    """Each decision's deals by action (``choices``: the decisions' actions, in stage order)
    with every action named, one never taken at 0 after the others (a simulation compares its
    deals by action with these: a named strategy takes some actions nowhere).

    >>> every_action({"deal": {"check": 5}}, [[Choice("check"), Choice("bet play 4x", "play", 4)]])
    {'deal': {'check': 5, 'bet play 4x': 0}}
    """
    return {
        stage: {**by_action, **{c.name: 0 for c in options if c.name not in by_action}}
        for (stage, by_action), options in zip(taken.items(), choices, strict=True)
    }


def later_optimal(stages: Sequence[str]) -> str:
    """The words of a named strategy before the flop: the later decisions are the best ones.

    >>> later_optimal(("deal", "flop", "turn_river"))
    "flop and turn_river: optimal (the strategy's rules after deal)"
    """
    first, *later = stages
    return f"{' and '.join(later)}: optimal (the strategy's rules after {first})"


class StreetSums(NamedTuple):
    """What :func:`solve_holdem_streets` counts before it decides the first action: the same for
    the optimal strategy and every named one (the later decisions do not depend on the first).
    Per hole class (``reps``; ``cls`` per hole pair) the totals over every flop of the rows
    reaching the flop (``every``), the flop bets (``flop_bets``), the river seen after two checks
    (``river_seen``) and the folds (``folded``); the flop decisions (``out``), the flops'
    weights and the board table (``counted``, the river's actions)."""

    choices: StreetChoices
    counted: BoardTable
    out: StreetsDecided
    weights: np.ndarray
    cls: np.ndarray
    reps: np.ndarray
    every: np.ndarray
    flop_bets: np.ndarray
    river_seen: np.ndarray
    folded: np.ndarray


def _count_streets(game: BankedGame, deck: Deck) -> StreetSums:
    """The counts of ``game`` on ``deck`` every strategy of it shares."""
    n = len(deck)
    states = street_bets(game).states
    code, combos = line_combos(game)
    flop_net, river_net, fold_net = scaled_nets(game, [*states, None], combos)[-3:]
    cls, reps = hole_classes(deck)
    choices = StreetChoices(
        river_net=river_net.reshape(-1), flop_net=flop_net.reshape(-1),
        fold_units=np.array([-int(fold_net[0, 0])]),
        bet_first=np.array([game.prefer == "larger_bet"]), hole_class=cls,
        values5=values_of(RANKING, deck),
    )  # fmt: skip
    table = holdem_tables(game, deck, code)
    work, weights, boards = flop_work(deck)
    counted = board_table(boards, table)
    counted = counted._replace(river=np.empty(len(counted.counts), dtype=np.bool_))
    river_actions(counted, choices, counted.river)
    n_flops = len(weights)
    cols = len(combos) * BUCKETS
    tasks = (n_flops + FLOPS_PER_TASK - 1) // FLOPS_PER_TASK
    out = StreetsDecided(
        picks=np.empty((n_flops, comb(n, 2)), dtype=np.int8),
        hand5=np.zeros((n_flops, comb(n, 2)), dtype=np.int64),
        totals=np.zeros((tasks, len(reps), 3 * cols + 1), dtype=np.int64),
    )
    solve_streets(work, table, counted, choices, out)
    totals = out.totals.sum(axis=0)
    return StreetSums(
        choices, counted, out, weights, cls, reps, totals[:, :cols], totals[:, cols : 2 * cols],
        totals[:, 2 * cols : 3 * cols], totals[:, 3 * cols],
    )  # fmt: skip


#: :func:`_count_streets`, the last game's kept.
street_sums = LastCount(_count_streets)


def solve_holdem_streets(
    game: BankedGame, deck: Deck, *, policy: Sequence[StrategyRule] | None = None
) -> HoldemSolution:
    """Solve ``game`` on ``deck`` with the optimal strategy, or with a named strategy's rules
    before the flop and the best actions after it (the counts of :func:`street_sums`, shared)."""
    pre_stage, flop_stage, river_stage = _check(game)
    start = tuple(w.initial for w in game.wagers.values())
    pre, flop, river, flop_stay, flop_bet, river_fold, river_bet, pre_bets, states = street_bets(
        game
    )
    _, combos = line_combos(game)
    pre_nets = scaled_nets(game, [*states, None], combos)[:-3]
    sums = street_sums(game, deck)
    choices, cls, reps = sums.choices, sums.cls, sums.reps
    every, flop_bets, river_seen, folded = sums.every, sums.flop_bets, sums.river_seen, sums.folded
    checked = flop_bets @ choices.flop_net + river_seen @ choices.river_net
    checked -= folded * choices.fold_units[0]
    pre_order = preference_order(game, pre)
    worth = {c.name: (every @ net.reshape(-1)) for c, net in zip(pre_bets, pre_nets, strict=True)}
    stay = next(c for c in pre if not c.wager)
    worth[stay.name] = checked
    named = named_pre_flop(game, policy, pre, deck, reps)
    picks = []
    for k in range(len(reps)):
        if named is not None:
            picks.append(pre[named[k]])
            continue
        best = pre_order[0]
        for i in pre_order[1:]:
            if worth[pre[i].name][k] > worth[pre[best].name][k]:
                best = i
        picks.append(pre[best])
    outcomes, taken = _outcomes(game, start, picks, combos, (every, flop_bets, river_seen, folded),
                                (flop_stay, flop_bet, river_fold, river_bet, pre_bets, states))  # fmt: skip
    taken = every_action(taken, (pre, flop, river))
    checked = np.array([not p.wager for p in picks])[cls]  # per hole pair: reaches the flop's
    words, table_rows = street_words(
        (pre_stage, flop_stage, river_stage), picks, reps, deck, taken,
        (sums.out.picks, sums.out.hand5), sums.weights, checked, (flop_stay, flop_bet),
    )  # fmt: skip
    if policy is not None:
        words = (later_optimal((pre_stage, flop_stage, river_stage)), *words)
    pre_picks = np.array([pre.index(pick) for pick in picks], dtype=np.int8)[cls]
    indexer = RiverIndex(deck, sums.counted)
    flop_picks = sums.out.picks
    strategy = StrategyTable(
        start,
        (
            DecisionPoint(pre_stage, 2, tuple(pre), {start: pre_picks}),
            DecisionPoint(flop_stage, 5, (flop_stay, flop_bet),
                          LazyPicks([start], lambda: full_flop_picks(deck, flop_picks)), own=2),
            DecisionPoint(river_stage, 7, (river_fold, river_bet),
                          LazyPicks([start], lambda: indexer.tables()[1]), own=2, indexer=indexer),
        ),
    )  # fmt: skip
    return HoldemSolution(tuple(outcomes), taken, words, table_rows, strategy)


def _outcomes(
    game: BankedGame,
    start: tuple[int, ...],
    picks: Sequence[Choice],
    combos: np.ndarray,
    sums: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    bets: tuple[Choice, Choice, Choice, Choice, Sequence[Choice], Sequence[tuple[int, ...] | None]],
) -> tuple[list[Outcome], dict[str, dict[str, int]]]:
    """The deals by way they end, and by action taken at each decision."""
    every, flop_bets, river_seen, folded = sums
    flop_check, flop_bet, river_fold, river_bet, pre_bets, states = bets
    state_of = dict(zip([c.name for c in (*pre_bets, flop_bet, river_bet)], states, strict=True))
    counts: dict[tuple[int, ...], np.ndarray] = defaultdict(
        lambda: np.zeros((len(combos), BUCKETS), dtype=np.int64)
    )
    pre_taken: Counter[str] = Counter()
    flop_taken: Counter[str] = Counter()
    river_taken: Counter[str] = Counter()
    fold_deals = 0
    for k, pick in enumerate(picks):
        deals = int(every[k].sum())
        pre_taken[pick.name] += deals
        if pick.wager:
            state = state_of[pick.name]
            assert state is not None
            counts[state] += every[k].reshape(len(combos), BUCKETS)
            continue
        flop_taken[flop_bet.name] += int(flop_bets[k].sum())
        flop_taken[flop_check.name] += int(river_seen[k].sum()) + int(folded[k])
        river_taken[river_bet.name] += int(river_seen[k].sum())
        river_taken[river_fold.name] += int(folded[k])
        for name, rows in ((flop_bet.name, flop_bets[k]), (river_bet.name, river_seen[k])):
            state = state_of[name]
            assert state is not None
            counts[state] += rows.reshape(len(combos), BUCKETS)
        fold_deals += int(folded[k])
    outcomes = []
    for state, by_line in counts.items():
        for c, lines in enumerate(combos):
            for b, n in enumerate(merge_not_qualified(game, by_line[c])):
                if n:
                    outcomes.append(Outcome(state, False, b, tuple(map(int, lines)), n))
    if fold_deals:
        outcomes.append(Outcome(start, True, -1, (), fold_deals))
    stages = [d.after for d in game.decisions]
    taken = {
        stages[0]: dict(pre_taken),
        stages[1]: dict(flop_taken),
        stages[2]: dict(river_taken),
    }
    return outcomes, taken


def street_words(
    stages: Sequence[str],
    picks: Sequence[Choice],
    reps: np.ndarray,
    deck: Deck,
    taken: Mapping[str, Mapping[str, int]],
    flop_decided: tuple[np.ndarray, np.ndarray],
    weights: np.ndarray,
    reaching: np.ndarray,
    flop: tuple[Choice, Choice],
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The decisions as shares of the deals reaching them; before the flop by starting hand (a
    table: ``picks`` per hole class, ``reps`` one hole pair of each), on the flop (``flop``: its
    two actions, picks 0 and 1; ``flop_decided``: the picks and the player's five-card values
    by flop class and hole pair) by the player's five cards, for the hole pairs ``reaching``
    it (bool per hole pair, colex)."""
    codes = np.asarray(deck)
    by_action: dict[str, list[str]] = defaultdict(list)
    for pick, rep in zip(picks, reps, strict=True):
        by_action[pick.name].append(starting_label((int(codes[rep[0]]), int(codes[rep[1]]))))
    words = []
    for stage in stages:
        total = sum(taken[stage].values())
        shares = ", ".join(f"{k} {100 * v / total:.2f}%" for k, v in taken[stage].items() if v)
        words.append(f"after {stage}: {shares} of the deals reaching it")
    rows = [
        (f"{stages[0]}: {action}", " ".join(sorted(labels, key=label_strength)))
        for action, labels in by_action.items()
    ]
    decided, hand5 = flop_decided
    flop_picks = np.where(reaching[None, :] & (decided >= 0), decided, -1).astype(np.int8)
    flop_words, flop_rows = describe_flop(
        stages[1], flop_picks, hand5, weights, flop, taken[stages[1]]
    )
    words += list(flop_words[1:])
    rows += [(f"{stages[1]}: {hand}", acts) for hand, acts in flop_rows]
    return tuple(words), tuple(rows)
