"""Monte Carlo of a banked game: random deals played with the exact solver's strategy, settled
by the solver's rules, in chunks of the project's runner.

A deal takes the first cards of a deck shuffled by :func:`~casino_sim.shuffle.shuffle_prefix`
(one 64-bit word of the chunk's generator per card; the deck persists between deals): the
player's own and board cards in stage order, then the dealer's. At each decision the player
takes the action that :func:`~casino_sim.games.banked.language.solve_banked` counted for the
cards seen and the money on the felt (its :class:`~.actions.StrategyTable`), so the simulated
mean estimates the exact return itself. Each hand is the best of its rule's cards
(:func:`~.dealt.hand_values`: a table lookup, or the evaluator for hold'em's seven cards). A
deal ends in one *cell*: its money state (folded or not), the showdown and the line of each
wager's paytable (``resolve.lines``) on the player's hand, an
:class:`~.outcomes.Outcome` settled once by the solver's :func:`~.outcomes.settle`. A chunk
counts deals per cell and per action; the counts are integers, so the merged counts, and every
figure made from them (:mod:`.simulated`), are the same whatever the workers and the backend.

>>> from casino_sim.config import load_banked_game
>>> run = simulate_banked(load_banked_game("banked/three_card_poker"), 20_000, seed=1, workers=1)
>>> run.deals, abs(run.house_edge.z_score(float(run.exact.house_edge))) < 4
(20000, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb

import numpy as np
from numba import njit

from casino_sim.combinatorics import colex_index
from casino_sim.config.banked_game import BankedGame
from casino_sim.engine.compiling import KernelSet
from casino_sim.engine.rundir import fingerprint
from casino_sim.engine.runner import (
    RunnerOptions,
    available_workers,
    effective_workers,
    root_seed,
    run_chunks,
)
from casino_sim.errors import OptionError
from casino_sim.evaluator.kernels import high_kernel
from casino_sim.games.banked.language import solve_banked
from casino_sim.games.banked.language.actions import CardIndexer, StrategyTable
from casino_sim.games.banked.language.dealt import hand_values
from casino_sim.games.banked.language.hands import FULL_DECK, line_index, meets
from casino_sim.games.banked.language.outcomes import NOT_QUALIFIED, SHOWDOWNS, Outcome
from casino_sim.games.banked.language.progressive import (
    ProgressiveChunk,
    ProgressiveDeal,
    hand_categories,
    progressive_deals,
)
from casino_sim.games.banked.language.rounds import round_shape
from casino_sim.games.banked.language.side_bets import (
    SideBetPays,
    analyze_side_bets,
    side_bet_lines,
    side_bet_pays,
)
from casino_sim.games.banked.language.simulated import BankedSimulation, Tally, build_result
from casino_sim.shuffle import shuffle_prefix

__all__ = [
    "BLOCK_DEALS",
    "CHUNK_DEALS",
    "KERNELS",
    "BankedSimulation",
    "Prepared",
    "Tally",
    "deal_block",
    "deal_cells",
    "play_chunk",
    "prepare",
    "simulate_banked",
]

#: By the showdown against a dealer who does not qualify (1 player wins, 2 tie, 3 dealer wins):
#: its bucket (outcomes.SHOWDOWNS).
_NOT_QUALIFIED = np.array([-1, *sorted(NOT_QUALIFIED, key=NOT_QUALIFIED.__getitem__)])

#: Deals played at once inside a chunk (memory: a few arrays of this many rows).
BLOCK_DEALS = 1 << 16
#: Deals per chunk: part of a run's definition, never of the number of workers.
CHUNK_DEALS = 1 << 20


@njit(cache=True)
def deal_block(words: np.ndarray, deck: np.ndarray, out: np.ndarray) -> None:
    """Fill each row of ``out`` (deals x cards) with the first cards of ``deck`` shuffled by
    :func:`~casino_sim.shuffle.shuffle_prefix` with the row's words of ``words`` (uint64, one
    per card); ``deck`` (the positions 0 .. n - 1, int64) carries over to the next call."""
    k = out.shape[1]
    w = 0
    for i in range(out.shape[0]):
        w = shuffle_prefix(deck, words, w, k)
        for j in range(k):
            out[i, j] = deck[j]


#: The compiled kernel of a run (compiled once before the workers start: engine.compiling).
KERNELS = KernelSet("banked-game Monte Carlo", (deal_block, high_kernel), seconds=2)


@dataclass(frozen=True, eq=False)
class Point:
    """One decision as arrays: the deals in state ``s`` with ``entry[s] >= 0`` take action
    ``picks[entry[s], i]``, which moves them to state ``moves[entry[s], action]``; ``i`` is the
    colex index of the cards seen in the columns ``seen`` of a deal row, or, when the action
    depends on which cards are the player's own (hold'em), ``colex(own) * stride +
    colex(seen)``; ``first_action`` is its first action's place in the counts."""

    own: np.ndarray  # int64 columns: the player's own cards apart (empty: none)
    seen: np.ndarray  # int64 columns: the other cards seen
    stride: int
    entry: np.ndarray  # int64[states]
    picks: np.ndarray  # int8[states at the decision, index]
    moves: np.ndarray  # int64[states at the decision, actions]
    first_action: int
    indexer: CardIndexer | None = None  # the index from the cards, where it is not colex

    def index(self, cards: np.ndarray) -> np.ndarray:
        """The strategy's index of each deal of ``cards`` (rows of a deal)."""
        if self.indexer is not None:
            found: np.ndarray = self.indexer.index(cards[:, self.own], cards[:, self.seen])
            return found
        seen = colex_index(cards[:, self.seen])
        if not len(self.own):
            return seen
        out: np.ndarray = colex_index(cards[:, self.own]) * self.stride + seen
        return out


@dataclass(frozen=True, eq=False)
class SideBetDeal:
    """One side bet paytable, settled on every deal: its pays and the columns of a deal row it
    reads."""

    pays: SideBetPays
    columns: np.ndarray  # int64


@dataclass(frozen=True, eq=False)
class Prepared:
    """What every chunk needs (sent once to each worker process).

    A deal row holds ``dealt`` cards: the player's own and board cards in stage order, then
    the dealer's (:func:`~.rounds.round_shape` of one seat); the player's hand is the best of
    ``ranking`` among the columns ``player``, the dealer's among ``dealer`` (empty: no
    dealer). A cell is ``(state x buckets + showdown) x len(combos) + combo``; ``cells``
    holds its :class:`~.outcomes.Outcome` (one deal) and ``folded[state]`` whether the state
    is a fold.
    """

    deals: int
    chunk_deals: int
    dealt: int
    ranking: str
    player: np.ndarray  # int64 columns of the player's hand
    dealer: np.ndarray  # int64 columns of the dealer's hand
    qualifies: np.ndarray  # bool per dealer hand value
    combo: np.ndarray  # int64 per player hand value: the index of its lines in ``cells``
    combos: int
    buckets: int
    folded: np.ndarray  # bool per state
    points: tuple[Point, ...]
    cells: tuple[Outcome, ...] = field(repr=False)
    actions: tuple[tuple[str, str], ...]  # (stage, action name) by place in the counts
    side_bets: tuple[SideBetDeal, ...] = ()
    progressives: tuple[ProgressiveDeal, ...] = ()


def prepare(game: BankedGame, strategy: StrategyTable, deals: int, chunk_deals: int) -> Prepared:
    """The arrays of a run of ``deals`` deals in chunks of ``chunk_deals`` played with
    ``strategy`` (``solve_banked``'s, which has checked that its solver solves ``game``)."""
    ranking = game.hands["player"].ranking
    shape = round_shape(game, players=1)
    names = list(game.wagers)
    states: dict[tuple[tuple[int, ...], bool], int] = {(strategy.start, False): 0}
    raw: list[tuple[list[int], np.ndarray, list[list[int]]]] = []
    actions: list[tuple[str, str]] = []
    for point in strategy.points:
        rows, moves = [], []
        for amounts in point.picks:
            rows.append(states.setdefault((amounts, False), len(states)))
            row = []
            for choice in point.choices:
                after = choice.apply(amounts, names)
                key = (amounts, True) if after is None else (after, False)
                row.append(states.setdefault(key, len(states)))
            moves.append(row)
        raw.append((rows, np.stack(list(point.picks.values())), moves))
        actions += [(point.stage, choice.name) for choice in point.choices]
    points, first = [], 0
    for (rows, picks, moves), point in zip(raw, strategy.points, strict=True):
        entry = np.full(len(states), -1, dtype=np.int64)
        entry[rows] = np.arange(len(rows))
        seen = np.arange(point.seen)
        own = seen[[shape.owners[c] == "player" for c in seen]] if point.own else seen[:0]
        face_up = [c for c, owner in enumerate(shape.owners) if owner == "dealer"][
            : point.dealer_up
        ]
        rest = np.concatenate([np.setdiff1d(seen, own), face_up]).astype(np.int64)
        points.append(Point(own, rest, comb(len(FULL_DECK), len(rest)), entry, picks,
                            np.array(moves, dtype=np.int64), first, point.indexer))  # fmt: skip
        first += len(point.choices)

    tables = [line_index(wager.resolve.lines, ranking) for wager in game.wagers.values()]
    lines = np.stack(tables, axis=1)  # per hand value, each wager's line
    combos, combo = np.unique(lines, axis=0, return_inverse=True)
    dealer = game.hands.get("dealer")
    buckets = len(SHOWDOWNS) if dealer else 1
    cells = tuple(
        Outcome(
            amounts,
            folded,
            bucket if dealer and not folded else -1,
            tuple(int(x) for x in combos[c]),
            1,
        )
        for amounts, folded in states
        for bucket in range(buckets)
        for c in range(len(combos))
    )
    player = game.hands["player"]
    return Prepared(
        deals=deals,
        chunk_deals=chunk_deals,
        dealt=shape.cards,
        ranking=ranking,
        player=np.array(shape.columns(player.cards, player.through), dtype=np.int64),
        dealer=np.array(shape.columns(dealer.cards, dealer.through) if dealer else [], np.int64),
        qualifies=meets(game.qualifier, ranking),
        combo=combo.reshape(-1).astype(np.int64),
        combos=len(combos),
        buckets=buckets,
        folded=np.array([folded for _, folded in states], dtype=np.bool_),
        points=tuple(points),
        cells=cells,
        actions=tuple(actions),
        side_bets=tuple(
            SideBetDeal(pays, np.array(pays.columns(shape), dtype=np.int64))
            for name, side in game.side_bets.items()
            for pays in (side_bet_pays(game, name, paytable) for paytable in side.paytables)
        ),
        progressives=progressive_deals(game, shape),
    )


def _play(prepared: Prepared, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deals per cell and per action of the deals ``cards`` (int64, deals x cards dealt)."""
    cell, taken = deal_cells(prepared, cards)
    return np.bincount(cell, minlength=len(prepared.cells)), taken


def deal_cells(prepared: Prepared, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The cell each deal of ``cards`` ends in (int64, one per deal: an index of
    ``prepared.cells``), played with the run's strategy, and the deals per action.

    ``cards`` (int64, deals x cards dealt): each row the player's own and board cards in stage
    order, then the dealer's; a floor table builds one row per seat of a round.
    """
    p = prepared
    state = np.zeros(len(cards), dtype=np.int64)
    taken = np.zeros(len(p.actions), dtype=np.int64)
    for point in p.points:
        row = point.entry[state]
        live = np.flatnonzero(row >= 0)
        pick = point.picks[row[live], point.index(cards[live])].astype(np.int64)
        taken += np.bincount(point.first_action + pick, minlength=len(taken))
        state[live] = point.moves[row[live], pick]
    player = hand_values(p.ranking, cards[:, p.player])
    bucket = np.zeros(len(cards), dtype=np.int64)
    if len(p.dealer):
        dealer = hand_values(p.ranking, cards[:, p.dealer])
        versus = np.where(dealer < player, 1, np.where(dealer == player, 2, 3))
        bucket = np.where(p.qualifies[dealer], versus, _NOT_QUALIFIED[versus])
    cell = (state * p.buckets + bucket) * p.combos + p.combo[player]
    return np.where(p.folded[state], state * p.buckets * p.combos, cell), taken


def play_chunk(prepared: Prepared, index: int, seed: np.random.SeedSequence) -> Tally:
    """Chunk ``index`` of the run: a pure function of (prepared run, index, seed)."""
    deals = min(prepared.chunk_deals, prepared.deals - index * prepared.chunk_deals)
    dealt = prepared.dealt
    bits = np.random.default_rng(seed).bit_generator
    deck = np.arange(len(FULL_DECK), dtype=np.int64)
    cells = np.zeros(len(prepared.cells), dtype=np.int64)
    taken = np.zeros(len(prepared.actions), dtype=np.int64)
    sides = [np.zeros(len(side.pays.returns), dtype=np.int64) for side in prepared.side_bets]
    categories: list[list[np.ndarray]] = [[] for _ in prepared.progressives]
    for first in range(0, deals, BLOCK_DEALS):
        n = min(BLOCK_DEALS, deals - first)
        cards = np.empty((n, dealt), dtype=np.int64)
        deal_block(bits.random_raw(n * dealt), deck, cards)
        block_cells, block_taken = _play(prepared, cards)
        cells += block_cells
        taken += block_taken
        for side, hits in zip(prepared.side_bets, sides, strict=True):
            lines = side_bet_lines(side.pays, cards[:, side.columns])
            hits += np.bincount(lines, minlength=len(hits))
        for progressive, found in zip(prepared.progressives, categories, strict=True):
            found.append(hand_categories(cards[:, progressive.columns]).astype(np.int8))
    chunks = tuple(
        (ProgressiveChunk.of(index, np.concatenate(found), progressive.meter),)
        for progressive, found in zip(prepared.progressives, categories, strict=True)
    )
    return Tally(deals, cells, taken, tuple(sides), chunks)


def simulate_banked(
    game: BankedGame,
    deals: int,
    *,
    strategy: str = "optimal",
    seed: int | np.random.SeedSequence | None = None,
    workers: int | None = None,
    chunk_deals: int = CHUNK_DEALS,
    progress: Callable[[int], None] | None = None,
    runner: RunnerOptions | None = None,
) -> BankedSimulation:
    """Deal ``deals`` deals of ``game`` played with ``strategy`` (``optimal`` or one of the
    game's named strategies), beside the exact figures; ``progress(deals_done)`` after each
    chunk, in chunk order.

    ``workers`` defaults to all cores and ``runner`` picks the backend and a run directory;
    neither changes a figure.
    """
    for name, value in (("deals", deals), ("chunk_deals", chunk_deals)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
            raise OptionError(f"{name} must be a positive whole number, got {value!r}")
    workers = available_workers() if workers is None else workers
    solved = solve_banked(game, strategy)
    prepared = prepare(game, solved.strategy, int(deals), int(chunk_deals))
    n_chunks = -(-int(deals) // int(chunk_deals))
    root = root_seed(seed)

    def report(index: int, tally: Tally) -> None:
        if progress is not None:
            progress(tally.deals)

    definition = None
    if runner is not None and runner.run_dir is not None:
        definition = {"run": "banked.simulate", "strategy": strategy, "deals": int(deals),
                      "chunk_deals": int(chunk_deals), "context": fingerprint(prepared)}  # fmt: skip
    tally = run_chunks(play_chunk, prepared, n_chunks, seed=root, merge=Tally.merge,
                       workers=workers, progress=report, options=runner, definition=definition,
                       kernels=KERNELS)  # fmt: skip
    return build_result(
        game, solved.analysis, prepared.cells, prepared.actions, tally,
        seed=root.entropy, workers=effective_workers(workers, n_chunks),
        side_bets=tuple(zip((s.pays for s in prepared.side_bets), analyze_side_bets(game),
                            strict=True)),
    )  # fmt: skip
