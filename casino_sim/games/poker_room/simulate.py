"""Reproducible chunked simulation of a stud table: the house's take and the game's shape.

The run is cut into chunks of ``chunk_size`` hands; chunk ``i`` draws from
``SeedSequence(seed).spawn(n_chunks)[i]`` and is a pure function of
(config, seed, i), so any number of worker processes gives identical results.
The jackpot meter runs across chunks in chunk order when results are merged.

>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> v, t = load_stud_variant("stud/seven_card_stud"), load_stud_table("stud/tables/5-10")
>>> a = simulate_stud(v, t, 4, hands=60, seed=1, chunk_size=25)
>>> b = simulate_stud(v, t, 4, hands=60, seed=1, chunk_size=25, workers=2)
>>> a == b, a.hands, sum(p.net for p in a.players) + a.rake + a.jackpot_drop - a.jackpot_paid
(True, 60, 0)
>>> a.ledger.balance("house") == a.house_result == a.rake
True
>>> a.engine, a.engine_reason
('compiled', '')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.engine.ledger import (
    ANTE,
    BET,
    JACKPOT_DROP,
    JACKPOT_PAYOUT,
    PAYOUT,
    RAKE,
    SEED,
    TIME_COLLECTION,
    Ledger,
)
from casino_sim.engine.rundir import fingerprint
from casino_sim.engine.runner import RunnerOptions, run_chunks
from casino_sim.errors import OptionError
from casino_sim.games.poker_room.bots import BotPolicy, default_population
from casino_sim.games.poker_room.clock import clock_seconds, simulated_seconds
from casino_sim.games.poker_room.dealer import HandResult
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import (
    KERNELS,
    HandArrays,
    fallback_reason,
    play_compiled,
    play_python,
)
from casino_sim.games.poker_room.history import HandRecord
from casino_sim.games.poker_room.house import JackpotMeter, time_collection_cents
from casino_sim.games.poker_room.results import PlayerResult, StudRunResult

__all__ = [
    "FUND",
    "HOUSE",
    "POT",
    "POT_BINS_BIG_BETS",
    "ChunkResult",
    "PlayerResult",
    "StudRunResult",
    "compile_kernels",
    "player_account",
    "simulate_stud",
]

#: Ledger accounts: the pot of the hand being played, the house, the bad-beat jackpot fund
#: (meter and reserve: the players' money), and one account per player (:func:`player_account`).
POT, HOUSE, FUND = "pot", "house", "jackpot:bad_beat"


def player_account(player: int) -> str:
    """The ledger account of player ``player`` (``"player:3"``)."""
    return f"player:{player}"


#: Upper edges of the pot-size histogram, in big bets (last bin is open).
POT_BINS_BIG_BETS = (1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100)


@dataclass(frozen=True)
class _Config:
    variant: StudVariant
    table: StudTable
    players: tuple[BotPolicy, ...]
    hands: int
    seed: int
    chunk_size: int
    history: bool
    engine: str


@dataclass
class ChunkResult:
    """Sums over one chunk (mergeable); ``jackpot_events`` are
    (drop in the chunk up to and including the hit hand, loser, winner, others);
    ``ledger`` holds the chunk's chips: antes and bets into the pot, payouts,
    rake and jackpot drop out of it (the jackpot fund's payouts and seeds and
    time collection are posted when chunks merge, in chunk order)."""

    index: int
    hands: int = 0
    rake: int = 0
    drop: int = 0
    wagered: int = 0
    pot_sum: int = 0
    pot_sq_sum: int = 0
    pot_max: int = 0
    pot_hist: list[int] = field(default_factory=lambda: [0] * (len(POT_BINS_BIG_BETS) + 1))
    streets: list[int] = field(default_factory=list)
    showdowns: int = 0
    net: list[int] = field(default_factory=list)
    player_wagered: list[int] = field(default_factory=list)
    jackpot_events: list[tuple[int, int, int, tuple[int, ...]]] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    replayed: int = 0
    ledger: Ledger = field(default_factory=Ledger)


def _run_chunk(config: _Config, index: int, seed: np.random.SeedSequence) -> ChunkResult:
    """Chunk ``index``; ``seed`` is ``SeedSequence(config.seed).spawn(n_chunks)[index]``."""
    rng = np.random.default_rng(seed)
    first = index * config.chunk_size
    count = min(config.chunk_size, config.hands - first)
    decks, uniforms = draw_hands(rng, count)
    args = (config.variant, config.table, config.players, decks, uniforms, first)
    kept: list[HandResult] = []
    if config.engine == "compiled":
        arrays = play_compiled(*args)
    else:
        arrays, kept = play_python(*args, keep_hands=config.history)
    return _summarise(config, index, first, arrays, kept)


def _summarise(
    config: _Config, index: int, first: int, arrays: HandArrays, kept: list[HandResult]
) -> ChunkResult:
    """Fold a block's per-hand arrays into the chunk's sums (player ids by rotation)."""
    count, n = arrays.wagered.shape
    seat_player = (first + np.arange(count)[:, None] + np.arange(n)[None, :]) % n
    pots = arrays.wagered.sum(axis=1)
    edges = np.array([e * config.table.big_bet_cents for e in POT_BINS_BIG_BETS])
    net = np.zeros(n, np.int64)
    np.add.at(net, seat_player, arrays.stacks_end - arrays.stacks_start)
    player_wagered = np.zeros(n, np.int64)
    np.add.at(player_wagered, seat_player, arrays.wagered)
    bins = np.searchsorted(edges, pots, side="left")
    out = ChunkResult(
        index,
        hands=count,
        rake=int(arrays.rake.sum()),
        drop=int(arrays.drop.sum()),
        wagered=int(pots.sum()),
        pot_sum=int(pots.sum()),
        pot_sq_sum=sum(p * p for p in pots.tolist()),
        pot_max=int(pots.max()),
        pot_hist=np.bincount(bins, minlength=len(edges) + 1).tolist(),
        streets=np.bincount(arrays.street, minlength=len(config.variant.streets)).tolist(),
        showdowns=int(arrays.showdown.sum()),
        net=net.tolist(),
        player_wagered=player_wagered.tolist(),
        replayed=arrays.replayed,
    )
    ante_cents = config.table.ante_cents
    if int(arrays.stacks_start.min()) >= ante_cents:  # every seat posts the full ante
        antes = np.full(n, count * ante_cents, np.int64)
    else:
        antes = np.zeros(n, np.int64)
        np.add.at(antes, seat_player, np.minimum(arrays.stacks_start, ante_cents))
    ledger = out.ledger
    for p, (a, w, g) in enumerate(zip(antes.tolist(), out.player_wagered, out.net, strict=True)):
        account = player_account(p)
        ledger.post(ANTE, account, POT, a)
        ledger.post(BET, account, POT, w - a)
        ledger.post(PAYOUT, POT, account, w + g)
    ledger.post(RAKE, POT, HOUSE, out.rake)
    ledger.post(JACKPOT_DROP, POT, FUND, out.drop)
    cum_drop = np.cumsum(arrays.drop).tolist()
    for h in np.flatnonzero(arrays.bad_beat[:, 0] >= 0).tolist():
        players = seat_player[h].tolist()
        loser, winner = (players[s] for s in arrays.bad_beat[h].tolist())
        others = tuple(p for p in players if p not in (loser, winner))
        out.jackpot_events.append((cum_drop[h], loser, winner, others))
    for h, r in enumerate(kept):
        record = HandRecord.from_result(
            r, hand_id=first + h, players=tuple(seat_player[h].tolist())
        )
        out.history.append(record.to_json())
    return out


def simulate_stud(
    variant: StudVariant,
    table: StudTable,
    players: int | Sequence[BotPolicy],
    *,
    hands: int,
    seed: int,
    workers: int = 1,
    chunk_size: int = 10_000,
    history: bool = False,
    on_chunk: Callable[[ChunkResult], None] | None = None,
    engine: str = "auto",
    runner: RunnerOptions | None = None,
) -> StudRunResult:
    """Play ``hands`` hands with bots; the result depends on ``seed`` and ``chunk_size`` only.

    ``players`` is a count (the default population) or the bots by player id.
    ``on_chunk`` sees each chunk in order (progress, writing ``history`` lines).
    ``engine``: ``"auto"`` plays on the compiled fast path when the configuration
    allows it (:func:`~casino_sim.games.poker_room.fast.fallback_reason`: e.g.
    every bot uses the default decision logic) and no history is requested,
    else in the Python engine; ``"python"`` / ``"compiled"`` force one (both
    give identical results; ``"compiled"`` raises :class:`OptionError` saying
    why it cannot run). The result's ``engine`` says which ran and
    ``engine_reason`` why the Python engine did. Every run keeps a money
    ledger and reconciles it with the engine's own figures (players' nets,
    the jackpot meter and reserve, the house result); a difference raises
    :class:`~casino_sim.errors.LedgerError`. ``runner`` picks the backend
    (local processes, Dask) and a run directory to store and resume the chunks
    in; the result never depends on it.
    """
    bots = tuple(default_population(players) if isinstance(players, int) else players)
    if not 2 <= len(bots) <= min(variant.max_players, table.max_seats):
        raise OptionError(
            f"{variant.name} seats 2..{min(variant.max_players, table.max_seats)} players"
        )
    if variant.structures and table.structure not in variant.structures:
        allowed = ", ".join(variant.structures)
        raise OptionError(f"{variant.name} is dealt {allowed} only, not {table.structure}")
    if hands < 1 or chunk_size < 1 or workers < 1:
        raise OptionError("hands, chunk_size and workers must be >= 1")
    engine, reason = _choose_engine(engine, variant, table, bots, history)
    config = _Config(variant, table, bots, hands, seed, chunk_size, history, engine)
    n_chunks = math.ceil(hands / chunk_size)
    n = len(bots)
    total = ChunkResult(-1, streets=[0] * len(variant.streets), net=[0] * n, player_wagered=[0] * n)
    jackpot = [0] * n
    meter = JackpotMeter(table.bad_beat) if table.bad_beat is not None else None
    meter_start = meter.amount if meter else 0
    ledgers = [Ledger()]
    if meter is not None:
        ledgers[0].post(SEED, HOUSE, FUND, meter_start)  # the opening seed is house money

    def merge(chunk: ChunkResult) -> None:
        sums = (
            "hands",
            "rake",
            "drop",
            "wagered",
            "pot_sum",
            "pot_sq_sum",
            "showdowns",
            "replayed",
        )
        for name in sums:
            setattr(total, name, getattr(total, name) + getattr(chunk, name))
        total.pot_max = max(total.pot_max, chunk.pot_max)
        for target, part in (
            (total.pot_hist, chunk.pot_hist),
            (total.streets, chunk.streets),
            (total.net, chunk.net),
            (total.player_wagered, chunk.player_wagered),
        ):
            for k, v in enumerate(part):
                target[k] += v
        ledger = ledgers[0].merge(chunk.ledger)
        credited = 0
        if meter is not None:
            for cum_drop, loser, winner, others in chunk.jackpot_events:
                meter.add_drop(cum_drop - credited)
                credited = cum_drop
                seeded = meter.house_seeded
                to_loser, to_winner, each = meter.split(meter.hit(), len(others))
                ledger.post(SEED, HOUSE, FUND, meter.house_seeded - seeded)
                for p, amount in (
                    (loser, to_loser),
                    (winner, to_winner),
                    *zip(others, each, strict=True),
                ):
                    jackpot[p] += amount
                    ledger.post(JACKPOT_PAYOUT, FUND, player_account(p), amount)
            meter.add_drop(chunk.drop - credited)
        ledgers[0] = ledger
        if on_chunk is not None:
            on_chunk(chunk)

    definition = None  # what a run directory records of the run (see engine.rundir)
    if runner is not None and runner.run_dir is not None:
        definition = {"run": "poker_room.simulate_stud", "chunk_size": chunk_size,
                      "context": fingerprint(config)}  # fmt: skip
    # the chunks are folded into ``total`` (and the meter) in chunk order by the
    # progress callback; run_chunks itself only keeps the latest chunk
    run_chunks(
        _run_chunk,
        config,
        n_chunks,
        seed=seed,
        merge=_latest,
        workers=workers,
        progress=lambda index, chunk: merge(chunk),
        options=runner,
        definition=definition,
        kernels=KERNELS if engine == "compiled" else None,
    )
    ledger = ledgers[0]
    seconds = clock_seconds(table, total, players=n)  # the stated pace, else the pace model
    time_paid = time_collection_cents(table.rake, seconds)
    for p in range(n):
        ledger.post(TIME_COLLECTION, player_account(p), HOUSE, time_paid)
    house_funded = meter_start + meter.house_seeded if meter else 0
    result_players = tuple(
        PlayerResult(
            p,
            bots[p].name,
            total.net[p] + jackpot[p],
            total.player_wagered[p],
            jackpot[p],
            time_paid,
        )
        for p in range(n)
    )
    mean = total.pot_sum / total.hands
    var = max(total.pot_sq_sum / total.hands - mean * mean, 0.0)
    result = StudRunResult(
        variant=variant.name,
        seed=seed,
        hands=total.hands,
        chunk_size=chunk_size,
        rake=total.rake,
        jackpot_drop=total.drop,
        handle=total.wagered,
        pot_mean=mean,
        pot_sd=math.sqrt(var),
        pot_max=total.pot_max,
        pot_hist=tuple(total.pot_hist),
        street_names=tuple(s.name for s in variant.streets),
        streets=tuple(total.streets),
        showdowns=total.showdowns,
        jackpot_hits=meter.hits if meter else 0,
        jackpot_paid=meter.paid if meter else 0,
        jackpot_meter_start=meter_start,
        jackpot_meter_end=meter.amount if meter else 0,
        jackpot_reserve=meter.reserve if meter else 0,
        house_funded_seed=house_funded,
        time_collection=time_paid * n,
        table_seconds=float(seconds),
        simulated_seconds=float(simulated_seconds(table, total, players=n)),
        stated_hands_per_hour=(
            None if table.hands_per_hour is None else float(table.hands_per_hour)
        ),
        players=result_players,
        ledger=ledger,
        engine=engine,
        replayed_hands=total.replayed,
        engine_reason=reason,
    )
    _reconcile(result)
    return result


def compile_kernels(variant: StudVariant, table: StudTable, players: int) -> None:
    """Compile the kernels :func:`simulate_stud` runs for this table (or load them from numba's
    cache): a few hands on the compiled engine, when the table plays there."""
    if fallback_reason(variant, table, default_population(players)) is None:
        simulate_stud(variant, table, players, hands=16, seed=0, chunk_size=16, engine="compiled")


def _reconcile(result: StudRunResult) -> None:
    """Check the ledger against the engine's own figures, to the cent (raises LedgerError)."""
    expected = {POT: 0, HOUSE: result.house_result, FUND: result.meter_liability}
    for p in result.players:
        expected[player_account(p.player)] = p.net - p.time_paid
    result.ledger.reconcile(expected)


def _latest(previous: ChunkResult, chunk: ChunkResult) -> ChunkResult:
    return chunk


def _choose_engine(
    engine: str,
    variant: StudVariant,
    table: StudTable,
    bots: Sequence[BotPolicy],
    history: bool,
) -> tuple[str, str]:
    """Resolve ``engine`` ("auto", "compiled" or "python"): (engine, why Python runs or "")."""
    if engine not in ("auto", "compiled", "python"):
        raise OptionError(f"engine must be auto, compiled or python, got {engine!r}")
    if engine == "python":
        return engine, "the Python engine was requested"
    reason = "hand histories" if history else fallback_reason(variant, table, bots)
    if reason is None:
        return "compiled", ""
    if engine == "compiled":
        raise OptionError(f"the compiled stud engine does not support {reason}")
    return "python", reason
