"""Hold'em with a bet before the flop, a bet offered on the flop and one on the turn (Texas
Hold'em Bonus).

The player sees two cards and folds or bets (the flop bet, 2x the ante); after the flop the
player may bet a wager of its own (1x) or check, and after the turn another (1x) or check. No
fold after the first bet, and each later bet is on its own wager, so it adds the same money
whatever was bet before: each later decision is taken on its own bet's value alone. The value of
every decision is exact:

- **on the turn** the player knows six cards; the sum over every river of the board table's
  counts (:mod:`.holdem_boards`: a pair of card types against every dealer hand, per class of
  five-card boards) gives each hole pair's totals, the player's two cards taken out of the
  rivers by inclusion-exclusion; the turn is decided once per (flop class, turn orbit, hole
  pair) (:func:`~.holdem_turns_kernels.solve_turns`);
- **on the flop** the sums over the turns decide the flop bet;
- **before the flop** each hole pair's totals over every flop (its class's, under suit
  relabelling: 169 classes) give each bet and the fold; a named strategy's rules there (on the
  two cards) take the place of the best action, the flop and the turn played optimally.

Every sum is an exact integer (the pays scaled to whole numbers), so ties are exact and settled by
the game's ``prefer``. A deal is counted once per order of its board cards that matters: the flop
(as a set), then the turn, then the river.

>>> from casino_sim.config import load_banked_game
>>> tens_up = tuple(range(32, 52))  # tens to aces: every deal of a 20-card deck
>>> solved = solve_holdem_turns(load_banked_game("banked/texas_holdem_bonus"), tens_up)
>>> sum(o.combinations for o in solved.outcomes) == 190 * 816 * 15 * 14 * 78
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb
from typing import NamedTuple

import numpy as np

from casino_sim.combinatorics import colex_index
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
from casino_sim.games.banked.language.hands import Deck
from casino_sim.games.banked.language.hands import ranking_values as values_of
from casino_sim.games.banked.language.holdem import (
    RANKING,
    HoldemSolution,
    LastCount,
    every_board_class,
    flop_work,
    full_flop_picks,
    holdem_tables,
    is_holdem_shape,
    line_combos,
)
from casino_sim.games.banked.language.holdem_boards import BUCKETS, board_table
from casino_sim.games.banked.language.holdem_kernels import FLOPS_PER_TASK, MERGED
from casino_sim.games.banked.language.holdem_picks import LazyPicks
from casino_sim.games.banked.language.holdem_streets import (
    every_action,
    hole_classes,
    later_optimal,
    named_pre_flop,
    scaled_nets,
    street_words,
)
from casino_sim.games.banked.language.holdem_turns_kernels import (
    TurnChoices,
    TurnsDecided,
    TurnWork,
    solve_turns,
)
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import Outcome, merge_not_qualified
from casino_sim.games.banked.language.symmetry import subset_classes, suit_perms

__all__ = [
    "TurnBets",
    "TurnIndex",
    "TurnSums",
    "is_turns_game",
    "pre_flop_picks",
    "solve_holdem_turns",
    "turn_bets",
    "turn_outcomes",
    "turn_sums",
]


def is_turns_game(game: BankedGame) -> bool:
    """Whether ``game`` is a hold'em game with decisions before the flop, on the flop and on the
    turn (this solver's)."""
    boards = [game.cards_of("board", d.after) for d in game.decisions]
    return bool(game.cards_of("board")) and boards == [0, 3, 4]


class TurnIndex:
    """The turn decision's index of a deal: the class of its four board cards (under suit
    relabelling) times C(n, 2) plus the colex index of the player's two cards' image under the
    relabelling that maps the board onto its class's representative."""

    def __init__(self, deck: Deck) -> None:
        self._deck = deck

    def index(self, own: np.ndarray, seen: np.ndarray) -> np.ndarray:
        """The index of each deal (``own``: its two cards, ``seen``: its four board cards)."""
        classes = subset_classes(self._deck, 4)
        perms = suit_perms(self._deck)
        board = colex_index(seen)
        image = perms[classes.perm[board][:, None], own]
        out: np.ndarray = classes.member[board] * comb(len(self._deck), 2) + colex_index(image)
        return out


def _check(game: BankedGame) -> tuple[str, str, str]:
    """The three decisions' stages, or an OptionError saying what the solver needs."""
    need = (
        f"{game.name}: the exact hold'em solver with a decision on the turn solves two hidden "
        "cards each, a five-card board, each hand the best five of its two and the board "
        "(five_card_high), and three decisions: before the flop (fold or bet), after the flop "
        "and after the turn (each: stay or one bet of one size), every bet on a wager of its "
        "own that starts empty"
    )
    if not (is_holdem_shape(game) and len(game.decisions) == 3):
        raise OptionError(need)
    stages = tuple(d.after for d in game.decisions)
    seen = [(game.cards_of("player", s), game.cards_of("board", s)) for s in stages]
    pre, flop, turn = (d.actions for d in game.decisions)
    bets = [[a for a in actions if isinstance(a, BetAction)] for actions in (pre, flop, turn)]
    wagers = [a.wager for row in bets for a in row]
    ok = (
        seen == [(2, 0), (2, 3), (2, 4)]
        and sum(isinstance(a, FoldAction) for a in pre) == 1
        and len(bets[0]) == len(pre) - 1 >= 1
        and all(len(b) == 1 and len(a) == 2 for a, b in ((flop, bets[1]), (turn, bets[2])))
        and all(any(isinstance(x, StayAction) for x in a) for a in (flop, turn))
        and all(a.up_to in (None, a.times) for a in (bets[1][0], bets[2][0]))
        and _own_wagers(wagers)
        and all(game.wagers[w].initial == 0 for w in wagers)
    )
    if not ok:
        raise OptionError(need)
    return stages[0], stages[1], stages[2]


def _own_wagers(wagers: list[str]) -> bool:
    """Whether the flop's bet and the turn's (the last two of ``wagers``) are on wagers of their
    own: not each other's, nor any bet's before the flop."""
    *before, on_flop, on_turn = wagers
    return on_flop != on_turn and on_flop not in before and on_turn not in before


def _turn_work(deck: Deck) -> TurnWork:
    """Every flop class's turns, one per orbit of its symmetry, with their four-card classes."""
    work, _, _ = flop_work(deck)
    n = len(deck)
    classes = subset_classes(deck, 4)
    cards, sizes, starts = [], [], [0]
    for f in range(len(work.flops)):
        stab = work.stab[work.stab_start[f] : work.stab_start[f + 1]]
        free = np.setdiff1d(np.arange(n), work.flops[f])
        canon = work.perms[stab][:, free].min(axis=0)
        _, size = np.unique(canon, return_counts=True)  # by the orbit's least card: the reps'
        cards.append(free[canon == free])
        sizes.append(size)
        starts.append(starts[-1] + len(size))
    turn = np.concatenate(cards).astype(np.int64)
    flop_of = np.repeat(np.arange(len(work.flops)), np.diff(starts))
    board = colex_index(np.concatenate([work.flops[flop_of], turn[:, None]], axis=1))
    return TurnWork(
        start=np.array(starts, dtype=np.int64), card=turn,
        size=np.concatenate(sizes).astype(np.int64),
        class4=classes.member[board].astype(np.int64), perm4=classes.perm[board].astype(np.int64),
        board_class=every_board_class(deck),
    )  # fmt: skip


class TurnBets(NamedTuple):
    """A game of this shape (:func:`_check`ed): its decisions' stages and actions, the money at
    the start, per bet before the flop the money with neither later bet, the turn's, the flop's
    and both (``paths``), the paytable lines' code per hand value and lines per code, the
    scaled nets of those states (``state_nets``, by line and bucket, flattened) and of a fold,
    and the showdown buckets kept (4: a dealer who does not qualify in one bucket, or 6)."""

    stages: tuple[str, str, str]
    start: tuple[int, ...]
    pre: list[Choice]
    flop: list[Choice]
    turn: list[Choice]
    flop_bets: tuple[Choice, Choice]
    turn_bets: tuple[Choice, Choice]
    paths: dict[str, tuple[tuple[int, ...] | None, ...]]
    code: np.ndarray
    combos: np.ndarray
    state_nets: list[np.ndarray]
    fold_net: np.ndarray
    buckets: int

    @property
    def flop_net(self) -> np.ndarray:
        """What the flop's bet adds to a deal's net, by line and bucket."""
        net: np.ndarray = self.state_nets[2] - self.state_nets[0]
        return net

    @property
    def turn_net(self) -> np.ndarray:
        """What the turn's bet adds to a deal's net, by line and bucket."""
        net: np.ndarray = self.state_nets[1] - self.state_nets[0]
        return net


def turn_bets(game: BankedGame) -> TurnBets:
    """The actions of ``game`` (this solver's shape, else an OptionError) and their money."""
    stages = _check(game)
    names = list(game.wagers)
    start = tuple(w.initial for w in game.wagers.values())
    pre, flop, turn = (choices_of(game, d) for d in game.decisions)
    flop_bets = (next(c for c in flop if not c.wager), next(c for c in flop if c.wager))
    turn_bets = (next(c for c in turn if not c.wager), next(c for c in turn if c.wager))
    # per bet before the flop: its states with neither later bet, the turn's, the flop's, both
    paths: dict[str, tuple[tuple[int, ...] | None, ...]] = {}
    for c in (c for c in pre if c.wager):
        state = c.apply(start, names)
        assert state is not None
        flopped = flop_bets[1].apply(state, names)
        assert flopped is not None
        paths[c.name] = (state, turn_bets[1].apply(state, names), flopped,
                         turn_bets[1].apply(flopped, names))  # fmt: skip
    code, combos = line_combos(game)
    nets = scaled_nets(game, [*(s for p in paths.values() for s in p), None], combos)
    *state_nets, fold_net = nets
    merged = all((np.diff(net[:, [0, 4, 5]], axis=1) == 0).all() for net in state_nets)
    buckets = MERGED if merged else BUCKETS
    flat = [net[:, :buckets].reshape(-1) for net in state_nets]
    return TurnBets(stages, start, pre, flop, turn, flop_bets, turn_bets, paths, code, combos,
                    flat, fold_net, buckets)  # fmt: skip


def pre_flop_picks(
    game: BankedGame, bets: TurnBets, totals: np.ndarray, named: list[int] | None = None
) -> tuple[list[Choice], tuple[np.ndarray, ...], np.ndarray]:
    """The action before the flop of each class (a row of ``totals``: the counts of every deal,
    of those with the turn's bet, the flop's, both, ``width`` columns each): the best one (ties
    by the game's ``prefer``), or ``named``'s; and the counts by path (neither later bet, the
    turn's only, the flop's only, both) and the deals, per class."""
    every, on_turn, on_flop, both = np.split(totals, 4, axis=1)
    by_path = (every - on_turn - on_flop + both, on_turn - both, on_flop - both, both)
    deals = every.sum(axis=1)
    worth = {
        name: sum(counts @ bets.state_nets[4 * i + j] for j, counts in enumerate(by_path))
        for i, name in enumerate(bets.paths)
    }
    worth["fold"] = int(bets.fold_net[0, 0]) * deals
    order = [bets.pre[i] for i in preference_order(game, bets.pre)]
    picks = []
    for k in range(len(deals)):
        if named is not None:
            picks.append(bets.pre[named[k]])
            continue
        best = order[0]
        for c in order[1:]:
            if worth[c.name][k] > worth[best.name][k]:
                best = c
        picks.append(best)
    return picks, by_path, deals


class TurnSums(NamedTuple):
    """What :func:`solve_holdem_turns` counts before it decides the first action, the same for
    the optimal strategy and every named one: the flop and turn decisions and the totals by hole
    class (``out``), and the flops' weights."""

    out: TurnsDecided
    weights: np.ndarray


def _count_turns(game: BankedGame, deck: Deck) -> TurnSums:
    """The counts of ``game`` on ``deck`` every strategy of it shares."""
    bets = turn_bets(game)
    n = len(deck)
    cls, reps = hole_classes(deck)
    choices = TurnChoices(
        flop_net=bets.flop_net, turn_net=bets.turn_net,
        bet_first=np.array([game.prefer == "larger_bet"]), buckets=np.array([bets.buckets]),
        hole_class=cls, values5=values_of(RANKING, deck),
    )  # fmt: skip
    work, weights, boards = flop_work(deck)
    turns = _turn_work(deck)
    width = len(bets.combos) * bets.buckets
    tasks = (len(weights) + FLOPS_PER_TASK - 1) // FLOPS_PER_TASK
    holes = comb(n, 2)
    out = TurnsDecided(
        picks=np.empty((len(weights), holes), dtype=np.int8),
        hand5=np.zeros((len(weights), holes), dtype=np.int64),
        turn_picks=np.full(len(subset_classes(deck, 4).reps) * holes, -1, dtype=np.int8),
        totals=np.zeros((tasks, len(reps), 4 * width), dtype=np.int64),
    )  # fmt: skip
    table = holdem_tables(game, deck, bets.code)
    solve_turns(work, turns, table, board_table(boards, table), choices, out)
    return TurnSums(out, weights)


#: :func:`_count_turns`, the last game's kept.
turn_sums = LastCount(_count_turns)


def solve_holdem_turns(
    game: BankedGame, deck: Deck, *, policy: Sequence[StrategyRule] | None = None
) -> HoldemSolution:
    """Solve ``game`` on ``deck`` with the optimal strategy, or with a named strategy's rules
    before the flop and the best actions after it (the counts of :func:`turn_sums`, shared)."""
    bets = turn_bets(game)
    stages, start, pre, paths = bets.stages, bets.start, bets.pre, bets.paths
    flop_bets = bets.flop_bets
    cls, reps = hole_classes(deck)
    out, weights = turn_sums(game, deck)
    named = named_pre_flop(game, policy, pre, deck, reps)
    picks, by_path, deals = pre_flop_picks(game, bets, out.totals.sum(axis=0), named)
    outcomes, taken = turn_outcomes(game, bets, picks, (by_path, deals))
    played = np.array([bool(p.wager) for p in picks])[cls]  # per hole pair: reaches the flop's
    words, table_rows = street_words(
        stages, picks, reps, deck, taken, (out.picks, out.hand5), weights, played, flop_bets
    )
    if policy is not None:
        words = (later_optimal(stages), *words)
    pre_picks = np.array([pre.index(pick) for pick in picks], dtype=np.int8)[cls]
    flop_states = [p[0] for p in paths.values() if p[0] is not None]  # the money on the flop
    turn_states = [s for p in paths.values() for s in (p[0], p[2]) if s is not None]  # on the turn
    flop_picks, turn_picks = out.picks, out.turn_picks
    strategy = StrategyTable(
        start,
        (
            DecisionPoint(stages[0], 2, tuple(pre), {start: pre_picks}),
            DecisionPoint(stages[1], 5, flop_bets,
                          LazyPicks(flop_states, lambda: full_flop_picks(deck, flop_picks)), own=2),
            DecisionPoint(stages[2], 6, bets.turn_bets, LazyPicks(turn_states, lambda: turn_picks),
                          own=2, indexer=TurnIndex(deck)),
        ),
    )  # fmt: skip
    return HoldemSolution(tuple(outcomes), taken, words, table_rows, strategy)


def turn_outcomes(
    game: BankedGame,
    bets: TurnBets,
    picks: Sequence[Choice],
    sums: tuple[tuple[np.ndarray, ...], np.ndarray],
) -> tuple[list[Outcome], dict[str, dict[str, int]]]:
    """The deals by way they end, and by action taken at each decision (every action named),
    from each class's action before the flop (``picks``) and its counts by path and deals
    (:func:`pre_flop_picks`)."""
    stages, start, paths, combos, buckets = (
        bets.stages, bets.start, bets.paths, bets.combos, bets.buckets,
    )  # fmt: skip
    by_path, deals = sums
    (flop_stay, flop_bet), (turn_stay, turn_bet) = bets.flop_bets, bets.turn_bets
    counts: dict[tuple[int, ...], np.ndarray] = {}
    taken: list[Counter[str]] = [Counter(), Counter(), Counter()]
    folded = 0
    for k, pick in enumerate(picks):
        taken[0][pick.name] += int(deals[k])
        if not pick.wager:
            folded += int(deals[k])
            continue
        for state, rows in zip(paths[pick.name], by_path, strict=True):
            assert state is not None
            counts[state] = counts.get(state, 0) + rows[k]
        on_turn, on_flop = (
            int(by_path[1][k].sum() + by_path[3][k].sum()),
            int(by_path[2][k].sum() + by_path[3][k].sum()),
        )
        taken[1][flop_bet.name] += on_flop
        taken[1][flop_stay.name] += int(deals[k]) - on_flop
        taken[2][turn_bet.name] += on_turn
        taken[2][turn_stay.name] += int(deals[k]) - on_turn
    outcomes = []
    for state, rows in counts.items():
        by_line = rows.reshape(len(combos), buckets)
        for c, lines in enumerate(combos):
            row = by_line[c] if buckets == MERGED else merge_not_qualified(game, by_line[c])
            for b, count in enumerate(row):
                if count:
                    outcomes.append(Outcome(state, False, b, tuple(map(int, lines)), int(count)))
    if folded:
        outcomes.append(Outcome(start, True, -1, (), folded))
    by_stage = {stage: dict(t) for stage, t in zip(stages, taken, strict=True)}
    return outcomes, every_action(by_stage, (bets.pre, bets.flop, bets.turn))
