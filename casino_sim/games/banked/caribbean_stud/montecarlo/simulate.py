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

Meter semantics: every chunk is an independent session whose meter starts at
the progressive's seed and flows within the chunk (contributions, then hits in
seat order; see :mod:`~casino_sim.games.banked.caribbean_stud.progressive`). The
per-category hit counts do not depend on the meter, so the side bet's return is
also reported as an exact linear function of the meter (see
:class:`~casino_sim.games.banked.caribbean_stud.montecarlo.results.ProgressiveSummary`).

Session percentiles: consecutive runs of ``session_rounds`` rounds inside a
chunk form sessions (a partial session at a chunk's end is left out of the
percentiles only); at most ``max_sessions`` are kept, from the first chunks.

>>> from casino_sim.games.banked.caribbean_stud.rules import standard_paytable_like
>>> config = CaribbeanSimConfig.table(standard_paytable_like(), seats=2, strategy="pair-or-better")
>>> result = simulate_caribbean(config, hands=20_000, seed=1)
>>> result.rounds, len(result.seats), 0.0 < result.house_edge.estimate < 0.15
(20000, 2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np
from numba import njit

from casino_sim.engine.runner import (
    available_workers,
    effective_workers,
    root_seed,
    run_chunks,
)
from casino_sim.errors import OptionError
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.games.banked.caribbean_stud.montecarlo import kernels
from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult, build_result
from casino_sim.games.banked.caribbean_stud.progressive import award_vectors
from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES, net_antes
from casino_sim.games.banked.caribbean_stud.strategy import (
    NAMED_STRATEGIES,
    DecisionTable,
    all_hands_by_index,
    named_strategy,
)

__all__ = [
    "BLOCK_ROUNDS",
    "MAX_SEATS",
    "CaribbeanSimConfig",
    "ChunkTally",
    "Seat",
    "play_chunk",
    "prepare",
    "resolve_strategy",
    "simulate_caribbean",
]

MAX_SEATS = 7
BLOCK_ROUNDS = 1 << 15
N_VALUES = 7462


def _binomial() -> np.ndarray:
    from math import comb

    return np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)


@dataclass(frozen=True)
class Seat:
    """One seat: its strategy (a name or a :class:`DecisionTable`), ante in money, side bet."""

    strategy: str | DecisionTable = "optimal"
    ante: Fraction = Fraction(1)
    progressive: bool = False

    @property
    def strategy_name(self) -> str:
        return self.strategy if isinstance(self.strategy, str) else self.strategy.name


@dataclass(frozen=True)
class CaribbeanSimConfig:
    """What to simulate; results depend on this, the seed and the number of rounds only."""

    paytable: Any
    seats: tuple[Seat, ...] = (Seat(),)
    progressive: Any | None = None
    session_rounds: int = 400
    max_sessions: int = 1 << 20
    chunk_rounds: int = 1 << 20

    @classmethod
    def table(
        cls,
        paytable: Any,
        *,
        seats: int = 1,
        strategy: str | DecisionTable = "optimal",
        ante: Fraction | int = 1,
        progressive: Any | None = None,
        progressive_seats: Sequence[int] | None = None,
        **options: Any,
    ) -> CaribbeanSimConfig:
        """``seats`` identical seats; with a progressive, ``progressive_seats`` (default all) bet it.

        >>> from casino_sim.games.banked.caribbean_stud.rules import standard_paytable_like
        >>> CaribbeanSimConfig.table(standard_paytable_like(), seats=3).seats[2].strategy
        'optimal'
        """
        if not isinstance(seats, int) or not 1 <= seats <= MAX_SEATS:
            raise OptionError(f"seats must be 1..{MAX_SEATS}, got {seats}")
        betting = set(range(seats) if progressive_seats is None else progressive_seats)
        if progressive is None:
            betting = set()
        row = tuple(Seat(strategy, Fraction(ante), progressive=i in betting) for i in range(seats))
        return cls(paytable, row, progressive, **options).validated()

    def validated(self) -> CaribbeanSimConfig:
        """This config, or an :class:`OptionError` naming the first bad value."""
        if not 1 <= len(self.seats) <= MAX_SEATS:
            raise OptionError(f"seats must be 1..{MAX_SEATS}, got {len(self.seats)}")
        for i, seat in enumerate(self.seats):
            if isinstance(seat.strategy, str) and seat.strategy not in NAMED_STRATEGIES:
                known = ", ".join(NAMED_STRATEGIES)
                raise OptionError(
                    f"seat {i + 1}: unknown strategy {seat.strategy!r}: expected one of {known}"
                )
            if Fraction(seat.ante) <= 0:
                raise OptionError(f"seat {i + 1}: ante must be positive, got {seat.ante}")
            if seat.progressive and self.progressive is None:
                raise OptionError(f"seat {i + 1} bets the progressive but no progressive is given")
        if self.progressive is not None and not hasattr(self.progressive, "awards"):
            raise OptionError("the progressive must be a progressive side-bet table")
        for name in ("session_rounds", "max_sessions", "chunk_rounds"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < (0 if name == "max_sessions" else 1):
                raise OptionError(f"{name} must be a positive integer, got {value!r}")
        return self

    def to_record(self) -> dict[str, Any]:
        """The configuration as JSON-ready data."""
        prog = self.progressive
        return {
            "paytable": getattr(self.paytable, "name", str(self.paytable)),
            "pays": {k: str(v) for k, v in self.paytable.pays.items()},
            "ante_pays": str(self.paytable.ante_pays),
            "raise_multiple": int(self.paytable.raise_multiple),
            "max_payout": None
            if self.paytable.max_payout is None
            else str(self.paytable.max_payout),
            "seats": [
                {"strategy": s.strategy_name, "ante": str(s.ante), "progressive": s.progressive}
                for s in self.seats
            ],
            "progressive": None if prog is None else getattr(prog, "name", "progressive"),
            "session_rounds": self.session_rounds,
            "max_sessions": self.max_sessions,
            "chunk_rounds": self.chunk_rounds,
        }


_OPTIMAL_MEMO: dict[tuple[int, Fraction | None], tuple[Any, DecisionTable]] = {}


def _optimal_table(paytable: Any, ante: Fraction | None) -> DecisionTable:
    """The exact analysis's optimal table for ``paytable`` (and ``ante`` under a cap), memoised."""
    key = (id(paytable), ante)
    if key in _OPTIMAL_MEMO:
        return _OPTIMAL_MEMO[key][1]
    try:
        from casino_sim.games.banked.caribbean_stud.exact.strategy import optimal_strategy
    except ImportError:  # the exact analysis is not available
        raise OptionError(
            "strategy 'optimal' needs the exact analysis (casino_sim.games.banked.caribbean_stud.exact.strategy), "
            "which is not available: use pair-or-better, akj83 or always-raise"
        ) from None
    table = optimal_strategy(paytable, ante=ante)
    if len(_OPTIMAL_MEMO) >= 8:
        _OPTIMAL_MEMO.pop(next(iter(_OPTIMAL_MEMO)))
    _OPTIMAL_MEMO[key] = (paytable, table)  # keeps the paytable alive so its id stays unique
    return table


def resolve_strategy(
    strategy: str | DecisionTable, paytable: Any, *, ante: Fraction
) -> DecisionTable:
    """The decision table behind a strategy name ("optimal" is computed for the paytable and ante)."""
    if isinstance(strategy, DecisionTable):
        return strategy
    if strategy == "optimal":
        return _optimal_table(paytable, None if paytable.max_payout is None else Fraction(ante))
    return named_strategy(strategy)


@njit(cache=True)
def _summarize(hands, values, masks, raises_somewhere, folds_somewhere):
    full = np.uint64((1 << 52) - 1)
    for i in range(hands.shape[0]):
        own = np.uint64(0)
        for card in hands[i]:
            own |= np.uint64(1) << np.uint64(card)
        allowed = full & ~own
        m = masks[i] & allowed
        v = values[i]
        if m != 0:
            raises_somewhere[v] = True
        if m != allowed:
            folds_somewhere[v] = True


@cache
def _hand_values() -> np.ndarray:
    from casino_sim.evaluator import evaluate_high

    return evaluate_high(all_hands_by_index(), validate=False)


@lru_cache(maxsize=8)
def decision_summary(table: DecisionTable) -> np.ndarray:
    """Per hand value: fold always, raise always, or look the cards up (int8[7462])."""
    raises = np.zeros(N_VALUES, dtype=np.bool_)
    folds = np.zeros(N_VALUES, dtype=np.bool_)
    _summarize(all_hands_by_index(), _hand_values(), table.raise_mask, raises, folds)
    summary = np.full(N_VALUES, kernels.DECIDE_LOOKUP, dtype=np.int8)
    summary[~raises] = kernels.DECIDE_FOLD
    summary[raises & ~folds] = kernels.DECIDE_RAISE
    return summary


@dataclass(frozen=True, eq=False)
class Prepared:
    """Everything a chunk needs as arrays (sent once to each worker process)."""

    config: CaribbeanSimConfig
    rounds: int
    strategy_names: tuple[str, ...]
    arrays: dict[str, Any] = field(repr=False)


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
            if (summary == kernels.DECIDE_LOOKUP).any():
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
    prog = config.progressive
    fixed, share, envy = award_vectors(prog) if prog is not None else (np.zeros(10),) * 3
    t5, f = tables(5), flush_tables()
    arrays = {
        "card_keys": CARD_KEYS,
        "key_index": t5.key_index,
        "high": t5.high,
        "flush_high": f.high,
        "category_of": np.asarray(category(np.arange(N_VALUES)), dtype=np.int64),
        "binomial": _binomial(),
        "qualifier": int(ace_king_threshold()),
        "seat_rule": np.array(seat_rule, dtype=np.int64),
        "decide": np.ascontiguousarray(np.stack(summaries)),
        "seat_table": np.array(seat_table, dtype=np.int64),
        "masks": masks,
        "net_money": net_money,
        "side_on": np.array([s.progressive for s in config.seats], dtype=np.bool_),
        "side_wager": float(prog.wager) if prog is not None else 0.0,
        "side_fixed": fixed,
        "side_share": share,
        "side_envy": envy,
        "meter_add": float(prog.wager * prog.contribution_rate) if prog is not None else 0.0,
        "meter_seed": float(prog.seed) if prog is not None else 0.0,
    }
    return Prepared(config, rounds, tuple(names), arrays)


@dataclass(frozen=True, eq=False)
class ChunkTally:
    """Tallies of one chunk (or of several merged in chunk order)."""

    rounds: int
    counts: np.ndarray  # int64[seats, outcomes]
    side_hits: np.ndarray  # int64[seats, 10]: side bets by hand category
    moments: np.ndarray  # float64[seats + 2, 2]: see kernels.play_block
    side_moments: np.ndarray  # float64[seats, 2]: side-bet net per round (sum, squares)
    envy_paid: np.ndarray  # float64[seats]
    dealer_qualifies: int
    meter: np.ndarray  # float64[3]: meter awards paid, top-ups to the seed, contributions
    sessions: tuple[np.ndarray, ...]  # float64[k, seats + 1] per chunk, in chunk order

    def merge(self, other: ChunkTally) -> ChunkTally:
        """This tally followed by ``other`` (the order matters for float sums)."""
        return ChunkTally(
            self.rounds + other.rounds,
            self.counts + other.counts,
            self.side_hits + other.side_hits,
            self.moments + other.moments,
            self.side_moments + other.side_moments,
            self.envy_paid + other.envy_paid,
            self.dealer_qualifies + other.dealer_qualifies,
            self.meter + other.meter,
            self.sessions + tuple(s for s in other.sessions if len(s)),
        )


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
    config, a = prepared.config, prepared.arrays
    rounds = chunk_rounds_of(prepared, index)
    n_seats = len(config.seats)
    per_round = 5 * (n_seats + 1)
    per_chunk = config.chunk_rounds // config.session_rounds
    kept = max(0, min(rounds // config.session_rounds, config.max_sessions - index * per_chunk))
    sessions = np.zeros((kept, n_seats + 1))
    counts = np.zeros((n_seats, len(OUTCOMES)), dtype=np.int64)
    side_hits = np.zeros((n_seats, 10), dtype=np.int64)
    moments = np.zeros((n_seats + 2, 2))
    side_moments = np.zeros((n_seats, 2))
    envy_paid = np.zeros(n_seats)
    qualifies = np.zeros(1, dtype=np.int64)
    meter = np.array([a["meter_seed"], 0.0, 0.0, 0.0])
    deck = np.arange(52, dtype=np.int64)
    bit_generator = np.random.default_rng(seed).bit_generator
    for first in range(0, rounds, BLOCK_ROUNDS):
        n = min(BLOCK_ROUNDS, rounds - first)
        if words is None:
            block = bit_generator.random_raw(n * per_round)
        else:
            block = words[first * per_round : (first + n) * per_round]
        kernels.play_block(
            block, n, first, deck,
            a["card_keys"], a["key_index"], a["high"], a["flush_high"], a["category_of"],
            a["binomial"], a["qualifier"], a["seat_rule"], a["decide"], a["seat_table"],
            a["masks"], a["net_money"], a["side_on"], a["side_wager"], a["side_fixed"],
            a["side_share"], a["side_envy"], a["meter_add"], a["meter_seed"], meter,
            config.session_rounds, sessions, counts, side_hits, moments, side_moments,
            envy_paid, qualifies,
        )  # fmt: skip
    return ChunkTally(
        rounds, counts, side_hits, moments, side_moments, envy_paid, int(qualifies[0]),
        meter[1:].copy(), (sessions,),
    )  # fmt: skip


def simulate_caribbean(
    config: CaribbeanSimConfig,
    hands: int,
    *,
    seed: int | np.random.SeedSequence | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    exact: bool = False,
) -> SimulationResult:
    """Simulate ``hands`` table rounds of ``config``; ``progress(rounds_done)`` after each chunk.

    ``workers`` defaults to all cores; the result does not depend on it, and its
    ``workers`` field holds the processes that really ran
    (:func:`~casino_sim.engine.runner.effective_workers`). With
    ``exact`` the seats' exact figures (from the exact analysis) are attached
    for comparison, where that analysis is available.
    """
    if isinstance(hands, bool) or not isinstance(hands, int | np.integer) or hands < 1:
        raise OptionError(f"hands must be a positive whole number, got {hands!r}")
    workers = available_workers() if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"workers must be a positive whole number, got {workers!r}")
    root = root_seed(seed)
    prepared = prepare(config, int(hands))
    n_chunks = -(-int(hands) // prepared.config.chunk_rounds)
    report = None if progress is None else (lambda index, tally: progress(tally.rounds))
    tally = run_chunks(
        play_chunk,
        prepared,
        n_chunks,
        seed=root,
        merge=ChunkTally.merge,
        workers=workers,
        progress=report,
    )
    return build_result(
        prepared.config,
        tally,
        seed=root.entropy,
        strategy_names=prepared.strategy_names,
        workers=effective_workers(workers, n_chunks),
        exact=exact,
    )


def with_chunk_rounds(config: CaribbeanSimConfig, chunk_rounds: int) -> CaribbeanSimConfig:
    """A copy of ``config`` cut into chunks of ``chunk_rounds`` rounds (changes the results)."""
    return replace(config, chunk_rounds=chunk_rounds).validated()
