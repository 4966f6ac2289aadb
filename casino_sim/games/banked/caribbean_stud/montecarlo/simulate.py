"""Caribbean Stud Monte Carlo: full tables from one deck, the progressive, reproducible chunks.

A round deals 5 cards to each of 1-7 seats and 5 to the dealer from one
shuffled deck (card removal between seats is real). Each seat has its own
strategy, ante (money) and side-bet participation; the paytable's payout cap
applies per seat with that seat's ante. Settlement follows
:mod:`casino_sim.games.banked.caribbean_stud.rules` and
:mod:`casino_sim.games.banked.caribbean_stud.progressive` exactly.

Reproducibility: the run is cut into chunks of ``chunk_rounds`` rounds (part of
the config, independent of the number of workers); chunk ``i`` draws all its
cards from ``numpy.random.default_rng(SeedSequence(seed).spawn(...)[i])`` and
the chunk tallies are merged in chunk order, so a seed gives bit-identical
results with 1 or N workers. Memory is flat: a chunk is played in blocks of
:data:`BLOCK_ROUNDS` rounds and only tallies are kept.

The side bet's meter: the kernel keeps none. It counts side bets and lists
every meter-share hit; the chunks are replayed in chunk order through one
:class:`~casino_sim.games.banked.caribbean_stud.meter.ProgressiveMeter` and one
ledger (:mod:`~casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay`),
so the meter runs across chunks as one long session. The main game's figures
never include the side bet.

Session percentiles: consecutive runs of ``session_rounds`` rounds inside a
chunk form sessions (a partial session at a chunk's end is left out of the
percentiles only); at most ``max_sessions`` are kept, from the first chunks.

>>> from casino_sim.config import load_paytable
>>> standard = load_paytable("caribbean_stud/standard")
>>> config = CaribbeanSimConfig.table(standard, seats=2, strategy="pair-or-better")
>>> result = simulate_caribbean(config, hands=20_000, seed=1)
>>> result.rounds, len(result.seats), 0.0 < result.house_edge.estimate < 0.15
(20000, 2, True)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from casino_sim.engine.compiling import KernelSet
from casino_sim.engine.ledger import Ledger
from casino_sim.engine.rundir import fingerprint
from casino_sim.engine.runner import (
    RunnerOptions,
    available_workers,
    effective_workers,
    root_seed,
    run_chunks,
)
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.montecarlo import kernels
from casino_sim.games.banked.caribbean_stud.montecarlo.config import (
    MAX_SEATS,
    CaribbeanSimConfig,
    Seat,
)
from casino_sim.games.banked.caribbean_stud.montecarlo.main_ledger import post_main_game
from casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay import MeterReplay
from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult, build_result
from casino_sim.games.banked.caribbean_stud.montecarlo.tally import ChunkTally
from casino_sim.games.banked.caribbean_stud.round_kernel import (
    DECIDE_FOLD,
    DECIDE_LOOKUP,
    DECIDE_RAISE,
    N_VALUES,
    SeatRules,
    Strategies,
    hand_tables,
    side_bet,
)
from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES, net_antes
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import (
    DecisionTable,
    all_hand_values,
    all_hands_by_index,
)

__all__ = [  # the config and tally types are re-exported: a run needs them together
    "BLOCK_ROUNDS",
    "KERNELS",
    "MAX_SEATS",
    "CaribbeanSimConfig",
    "ChunkTally",
    "RoundsPlan",
    "Seat",
    "compile_kernels",
    "play_chunk",
    "prepare",
    "rounds_for_standard_error",
    "simulate_caribbean",
]

BLOCK_ROUNDS = 1 << 15
EVENTS_CAPACITY = 256  # meter-share hits a chunk has room for at first (doubled when full)
#: The compiled kernels of a run (compiled once, before the workers start: engine.compiling).
KERNELS = KernelSet(
    "Caribbean Stud Monte Carlo", (kernels.play_block, kernels.summarize_decisions), seconds=3
)


@lru_cache(maxsize=8)
def decision_summary(table: DecisionTable) -> np.ndarray:
    """Per hand value: fold always, raise always, or look the cards up (int8[7462])."""
    raises = np.zeros(N_VALUES, dtype=np.bool_)
    folds = np.zeros(N_VALUES, dtype=np.bool_)
    kernels.summarize_decisions(
        all_hands_by_index(), all_hand_values(), table.raise_mask, raises, folds
    )
    summary = np.full(N_VALUES, DECIDE_LOOKUP, dtype=np.int8)
    summary[~raises] = DECIDE_FOLD
    summary[raises & ~folds] = DECIDE_RAISE
    return summary


@dataclass(frozen=True, eq=False)
class Prepared:
    """Everything a chunk needs as arrays (sent once to each worker process)."""

    config: CaribbeanSimConfig
    rounds: int
    strategy_names: tuple[str, ...]
    game: kernels.ChunkGame = field(repr=False)


def prepare(config: CaribbeanSimConfig, rounds: int) -> Prepared:
    """Resolve strategies, build decision summaries and per-seat settlement arrays."""
    config = config.validated()
    summaries: list[np.ndarray] = []
    lookup_tables: list[np.ndarray] = []
    seat_rule, seat_table, names = [], [], []
    seen: dict[int, tuple[int, int]] = {}
    for seat in config.seats:
        table = resolve_strategy(seat.strategy, config.paytable, ante=Fraction(seat.ante))
        names.append(table.name if isinstance(seat.strategy, DecisionTable) else seat.strategy)
        if id(table) not in seen:
            summary = decision_summary(table)
            slot = -1
            if (summary == DECIDE_LOOKUP).any():
                slot = len(lookup_tables)
                lookup_tables.append(table.raise_mask)
            seen[id(table)] = (len(summaries), slot)
            summaries.append(summary)
        rule, slot = seen[id(table)]
        seat_rule.append(rule)
        seat_table.append(max(slot, 0))
    if not lookup_tables:
        masks = np.zeros((1, 1), dtype=np.uint64)
    elif len(lookup_tables) == 1:
        masks = lookup_tables[0][None, :]
    else:
        masks = np.stack(lookup_tables)
    net_money = np.array(
        [
            [float(n * Fraction(s.ante)) for n in net_antes(config.paytable, ante=Fraction(s.ante))]
            for s in config.seats
        ]
    )
    game = kernels.ChunkGame(
        hands=hand_tables(),
        strategies=Strategies(decide=np.ascontiguousarray(np.stack(summaries)), masks=masks),
        seats=SeatRules(
            rule=np.array(seat_rule, dtype=np.int64),
            table=np.array(seat_table, dtype=np.int64),
            mistake=np.zeros(0, np.uint64),  # exact play: no decision words
        ),
        net_money=net_money,
        side_on=np.array([s.progressive for s in config.seats], dtype=np.bool_),
        side=side_bet(config.progressive),
        session_rounds=config.session_rounds,
    )
    return Prepared(config, rounds, tuple(names), game)


def chunk_rounds_of(prepared: Prepared, index: int) -> int:
    size = prepared.config.chunk_rounds
    return min(size, prepared.rounds - index * size)


def play_chunk(
    prepared: Prepared,
    index: int,
    seed: np.random.SeedSequence,
    *,
    words: np.ndarray | None = None,
) -> ChunkTally:
    """Chunk ``index`` of the run: a pure function of (prepared config, seed, index).

    ``words`` (uint64, one per card dealt) replaces the chunk's generator: for
    replaying hand-written deals in tests.
    """
    config = prepared.config
    rounds = chunk_rounds_of(prepared, index)
    n_seats = len(config.seats)
    per_round = 5 * (n_seats + 1)
    per_chunk = config.chunk_rounds // config.session_rounds
    kept = max(0, min(rounds // config.session_rounds, config.max_sessions - index * per_chunk))
    tally = kernels.ChunkArrays(
        sessions=np.zeros((kept, n_seats + 1)),
        counts=np.zeros((n_seats, len(OUTCOMES)), dtype=np.int64),
        side_hits=np.zeros((n_seats, 10), dtype=np.int64),
        moments=np.zeros((n_seats + 1, 2)),
        envy_paid=np.zeros(n_seats),
        dealer_qualifies=np.zeros(1, dtype=np.int64),
        side_bets=np.zeros(1, dtype=np.int64),
        events=np.zeros((EVENTS_CAPACITY, 4), dtype=np.int64),
        n_events=np.zeros(1, dtype=np.int64),
    )
    deck = np.arange(52, dtype=np.int64)
    bit_generator = np.random.default_rng(seed).bit_generator
    for first in range(0, rounds, BLOCK_ROUNDS):
        n = min(BLOCK_ROUNDS, rounds - first)
        if words is None:
            block = bit_generator.random_raw(n * per_round)
        else:
            block = words[first * per_round : (first + n) * per_round]
        done = 0
        while True:
            done += kernels.play_block(
                block[done * per_round :], n - done, first + done, deck, prepared.game, tally
            )
            if done == n:
                break
            more = np.zeros_like(tally.events)  # full: room for more hits
            tally = tally._replace(events=np.concatenate([tally.events, more]))
    return ChunkTally(
        rounds,
        tally.counts,
        tally.side_hits,
        tally.moments,
        tally.envy_paid,
        int(tally.dealer_qualifies[0]),
        (tally.sessions,),
        (tally.events[: int(tally.n_events[0])].copy(),),
    )


def simulate_caribbean(
    config: CaribbeanSimConfig,
    hands: int,
    *,
    seed: int | np.random.SeedSequence | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    exact: bool = False,
    runner: RunnerOptions | None = None,
) -> SimulationResult:
    """Simulate ``hands`` table rounds of ``config``; ``progress(rounds_done)`` after each chunk.

    ``workers`` defaults to all cores; the result does not depend on it, and its
    ``workers`` field holds the processes that really ran
    (:func:`~casino_sim.engine.runner.effective_workers`). With
    ``exact`` the seats' exact figures (from the exact analysis) are attached
    for comparison, where that analysis is available. ``runner`` picks the
    backend (local processes, Dask) and a run directory to store and resume
    the chunks in; the figures never depend on it.
    """
    if isinstance(hands, bool) or not isinstance(hands, int | np.integer) or hands < 1:
        raise OptionError(f"hands must be a positive whole number, got {hands!r}")
    workers = available_workers() if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"workers must be a positive whole number, got {workers!r}")
    root = root_seed(seed)
    prepared = prepare(config, int(hands))
    n_chunks = -(-int(hands) // prepared.config.chunk_rounds)
    cfg = prepared.config
    betting = sum(seat.progressive for seat in cfg.seats)
    replay = None
    if cfg.progressive is not None and betting:
        replay = MeterReplay(cfg.progressive, betting_seats=betting)

    def report(index: int, tally: ChunkTally) -> None:  # called in chunk order
        if replay is not None:
            replay.replay_chunk(tally.side_hits, tally.events)
        if progress is not None:
            progress(tally.rounds)

    definition = None
    if runner is not None and runner.run_dir is not None:
        definition = {
            "run": "caribbean_stud.simulate",
            "rounds": int(hands),
            "chunk_rounds": cfg.chunk_rounds,
            "context": fingerprint(prepared),
        }
    tally = run_chunks(
        play_chunk,
        prepared,
        n_chunks,
        seed=root,
        merge=ChunkTally.merge,
        workers=workers,
        progress=report,
        options=runner,
        definition=definition,
        kernels=KERNELS,
    )
    if replay is not None:
        replay.reconcile()
    ledger = Ledger() if replay is None else replay.ledger
    post_main_game(ledger, cfg, tally.counts, float(tally.moments[-1, 0]))
    return build_result(
        prepared.config,
        tally,
        replay=replay,
        ledger=ledger,
        seed=root.entropy,
        strategy_names=prepared.strategy_names,
        workers=effective_workers(workers, n_chunks),
        exact=exact,
    )


def compile_kernels(config: CaribbeanSimConfig) -> None:
    """Compile :data:`KERNELS` for ``config`` (or load them from numba's cache): a few rounds
    played with a named strategy, which needs no exact analysis (the kernels' argument types
    are the same for every strategy)."""
    seats = tuple(dataclasses.replace(seat, strategy="pair-or-better") for seat in config.seats)
    small = dataclasses.replace(config, seats=seats, chunk_rounds=64, session_rounds=16)
    simulate_caribbean(small, 64, seed=0, workers=1)


#: Rounds in the pilot run of :func:`rounds_for_standard_error`.
PILOT_ROUNDS = 1_000_000
#: The pilot's seeds: children of the seed's child with this spawn key, never a chunk's.
PILOT_KEY = 2**63


@dataclass(frozen=True)
class RoundsPlan:
    """A two-stage (Stein) run length: a pilot fixes the rounds for a target standard error.

    ``rounds`` (whole chunks) is what the main run deals; the pilot's rounds
    come from their own seeds and are not part of the estimate.
    """

    target_standard_error: float
    pilot_rounds: int
    pilot_standard_error: float
    rounds: int

    def to_record(self) -> dict[str, float | int | str]:
        """JSON-ready, with the rule's name."""
        return {"rule": "two-stage (pilot fixes the rounds)", **self.__dict__}


def pilot_seed(seed: int | np.random.SeedSequence | None) -> np.random.SeedSequence:
    """The root of the pilot's chunk seeds: disjoint from every chunk of the main run."""
    root = root_seed(seed)
    return np.random.SeedSequence(
        root.entropy, spawn_key=(*root.spawn_key, PILOT_KEY), pool_size=root.pool_size
    )


def rounds_for_standard_error(
    config: CaribbeanSimConfig,
    target: float,
    *,
    seed: int | np.random.SeedSequence | None,
    workers: int | None = None,
    pilot_rounds: int = PILOT_ROUNDS,
) -> RoundsPlan:
    """The rounds that bring the table house edge's standard error to ``target`` (two stages).

    A pilot of ``pilot_rounds`` rounds, dealt from seeds of its own
    (:func:`pilot_seed`), estimates the standard error ``s``; the main run is
    then fixed at ``pilot_rounds x (s / target)^2`` rounded up to whole chunks.
    The main run's rounds depend on the pilot only, never on the cards the
    main run deals, so its estimate is exactly unbiased (a rule that stops
    when the running estimate's error looks small enough is not), and it is
    the same run as ``simulate_caribbean(config, plan.rounds, seed=seed)``.

    >>> from casino_sim.config import load_paytable
    >>> config = CaribbeanSimConfig.table(load_paytable("standard"), chunk_rounds=10_000)
    >>> plan = rounds_for_standard_error(config, 0.02, seed=1, pilot_rounds=20_000)
    >>> plan.rounds % 10_000, 10_000 <= plan.rounds <= 30_000
    (0, True)
    """
    if isinstance(target, bool) or not isinstance(target, int | float) or not target > 0:
        raise OptionError(f"the target standard error must be above 0, got {target!r}")
    if not math.isfinite(target):
        raise OptionError(f"the target standard error must be finite, got {target!r}")
    pilot = simulate_caribbean(config, pilot_rounds, seed=pilot_seed(seed), workers=workers)
    error = pilot.house_edge.standard_error
    chunk = config.validated().chunk_rounds
    wanted = pilot.rounds * (error / target) ** 2 if error > 0 else 1
    rounds = max(1, math.ceil(wanted / chunk)) * chunk
    return RoundsPlan(float(target), pilot.rounds, float(error), int(rounds))
