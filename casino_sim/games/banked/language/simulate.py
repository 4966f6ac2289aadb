"""Monte Carlo of a banked game: random deals played with the exact solver's strategy, settled
by the solver's rules, in chunks of the project's runner.

A deal takes the first cards of a deck shuffled by :func:`~casino_sim.shuffle.shuffle_prefix`
(one 64-bit word of the chunk's generator per card; the deck persists between deals): the
player's own and board cards in stage order, then the dealer's. At each decision the player
takes the action that :func:`~casino_sim.games.banked.language.solve_banked` counted for the
cards seen and the money on the felt (its :class:`~.actions.StrategyTable`), so the simulated
mean estimates the exact return itself. A deal ends in one *cell*: its money state (folded or
not), the showdown and the line of each wager's paytable on the player's hand, an
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

import numpy as np
from numba import njit

from casino_sim.combinatorics import colex_index
from casino_sim.config.banked_game import BankedGame, PaytableResolution
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
from casino_sim.games.banked.language import Solved, solve_banked
from casino_sim.games.banked.language.hands import FULL_DECK, line_index, meets, ranking_values
from casino_sim.games.banked.language.outcomes import SHOWDOWNS, Outcome
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
    "play_chunk",
    "prepare",
    "simulate_banked",
]

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
KERNELS = KernelSet("banked-game Monte Carlo", (deal_block,), seconds=2)


@dataclass(frozen=True, eq=False)
class Point:
    """One decision as arrays: the deals in state ``s`` with ``entry[s] >= 0`` see ``seen`` cards
    and take action ``picks[entry[s], colex index]``, which moves them to state
    ``moves[entry[s], action]``; ``first_action`` is its first action's place in the counts."""

    seen: int
    entry: np.ndarray  # int64[states]
    picks: np.ndarray  # int8[states at the decision, C(deck, seen)]
    moves: np.ndarray  # int64[states at the decision, actions]
    first_action: int


@dataclass(frozen=True, eq=False)
class Prepared:
    """What every chunk needs (sent once to each worker process).

    A cell is ``(state x buckets + showdown) x len(combos) + combo``; ``cells`` holds its
    :class:`~.outcomes.Outcome` (one deal) and ``folded[state]`` whether the state is a fold.
    """

    deals: int
    chunk_deals: int
    hand_cards: int  # the player's hand: the first cards of a deal
    dealer_cards: int  # the dealer's: the next ones (0: no dealer)
    values: np.ndarray  # int16: the hand value by colex index of the cards
    qualifies: np.ndarray  # bool per dealer hand value
    combo: np.ndarray  # int64 per player hand value: the index of its lines in ``cells``
    combos: int
    buckets: int
    folded: np.ndarray  # bool per state
    points: tuple[Point, ...]
    cells: tuple[Outcome, ...] = field(repr=False)
    actions: tuple[tuple[str, str], ...]  # (stage, action name) by place in the counts


def prepare(game: BankedGame, solved: Solved, deals: int, chunk_deals: int) -> Prepared:
    """The arrays of a run of ``deals`` deals in chunks of ``chunk_deals`` with ``solved``'s
    strategy (``solve_banked`` has checked that its solver solves ``game``)."""
    ranking = game.hands["player"].ranking
    names = list(game.wagers)
    states: dict[tuple[tuple[int, ...], bool], int] = {(solved.strategy.start, False): 0}
    raw: list[tuple[list[int], np.ndarray, list[list[int]]]] = []
    actions: list[tuple[str, str]] = []
    for point in solved.strategy.points:
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
    for (rows, picks, moves), point in zip(raw, solved.strategy.points, strict=True):
        entry = np.full(len(states), -1, dtype=np.int64)
        entry[rows] = np.arange(len(rows))
        points.append(Point(point.seen, entry, picks, np.array(moves, dtype=np.int64), first))
        first += len(point.choices)

    tables = []
    for wager in game.wagers.values():
        resolve = wager.resolve
        paytable = resolve.paytable if isinstance(resolve, PaytableResolution) else resolve.bonus
        tables.append(line_index(paytable, ranking))
    lines = np.stack(tables, axis=1)  # per hand value, each wager's line
    combos, combo = np.unique(lines, axis=0, return_inverse=True)
    dealer = "dealer" in game.hands
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
    return Prepared(
        deals=deals,
        chunk_deals=chunk_deals,
        hand_cards=game.cards_of("player") + game.cards_of("board"),
        dealer_cards=game.cards_of("dealer") if dealer else 0,
        values=ranking_values(ranking, FULL_DECK),
        qualifies=meets(game.qualifier, ranking),
        combo=combo.reshape(-1).astype(np.int64),
        combos=len(combos),
        buckets=buckets,
        folded=np.array([folded for _, folded in states], dtype=np.bool_),
        points=tuple(points),
        cells=cells,
        actions=tuple(actions),
    )


def _play(prepared: Prepared, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deals per cell and per action of the deals ``cards`` (int64, deals x cards dealt)."""
    p = prepared
    state = np.zeros(len(cards), dtype=np.int64)
    taken = np.zeros(len(p.actions), dtype=np.int64)
    for point in p.points:
        row = point.entry[state]
        live = np.flatnonzero(row >= 0)
        pick = point.picks[row[live], colex_index(cards[live, : point.seen])].astype(np.int64)
        taken += np.bincount(point.first_action + pick, minlength=len(taken))
        state[live] = point.moves[row[live], pick]
    player = p.values[colex_index(cards[:, : p.hand_cards])]
    bucket = np.zeros(len(cards), dtype=np.int64)
    if p.dealer_cards:
        dealer = p.values[colex_index(cards[:, p.hand_cards : p.hand_cards + p.dealer_cards])]
        versus = np.where(dealer < player, 1, np.where(dealer == player, 2, 3))
        bucket = np.where(p.qualifies[dealer], versus, 0)
    cell = (state * p.buckets + bucket) * p.combos + p.combo[player]
    cell = np.where(p.folded[state], state * p.buckets * p.combos, cell)
    return np.bincount(cell, minlength=len(p.cells)), taken


def play_chunk(prepared: Prepared, index: int, seed: np.random.SeedSequence) -> Tally:
    """Chunk ``index`` of the run: a pure function of (prepared run, index, seed)."""
    deals = min(prepared.chunk_deals, prepared.deals - index * prepared.chunk_deals)
    dealt = prepared.hand_cards + prepared.dealer_cards
    bits = np.random.default_rng(seed).bit_generator
    deck = np.arange(len(FULL_DECK), dtype=np.int64)
    cells = np.zeros(len(prepared.cells), dtype=np.int64)
    taken = np.zeros(len(prepared.actions), dtype=np.int64)
    for first in range(0, deals, BLOCK_DEALS):
        n = min(BLOCK_DEALS, deals - first)
        cards = np.empty((n, dealt), dtype=np.int64)
        deal_block(bits.random_raw(n * dealt), deck, cards)
        block_cells, block_taken = _play(prepared, cards)
        cells += block_cells
        taken += block_taken
    return Tally(deals, cells, taken)


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
    prepared = prepare(game, solved, int(deals), int(chunk_deals))
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
    )  # fmt: skip
