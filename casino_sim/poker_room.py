"""The poker room, in one import: stud variants and tables from YAML, the engine, bots, simulation.

The public face of :mod:`casino_sim.games.poker_room`; see ``docs/stud.md``.
:func:`simulate_stud` here takes the keywords every simulation of the package
takes (``seed``, ``workers``, ``progress``: as
:func:`casino_sim.caribbean_stud.simulate_caribbean` and
:func:`casino_sim.floor.simulate_floor`).

>>> from casino_sim.poker_room import load_stud_table, load_stud_variant, simulate_stud
>>> run = simulate_stud(load_stud_variant("stud/razz"), load_stud_table("stud/tables/5-10"), 6,
...                     hands=200, seed=1)
>>> run.hands, run.variant
(200, 'razz')
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from casino_sim.engine.runner import RunnerOptions, available_workers
from casino_sim.games.poker_room import (
    Action,
    Award,
    BadBeatJackpot,
    BotPolicy,
    ChunkResult,
    DropRake,
    HandRecord,
    HandResult,
    JackpotMeter,
    LegalActions,
    NoRake,
    Pace,
    PercentRake,
    PlayerResult,
    Pot,
    QualifyingHand,
    Settlement,
    Street,
    StudActionError,
    StudDealer,
    StudHand,
    StudRunResult,
    StudTable,
    StudVariant,
    TimeRake,
    bring_in_seat,
    default_population,
    first_to_act,
    hand_strength,
    load_stud_table,
    load_stud_variant,
    rake_cents,
    read_history,
    settle,
    side_pots,
    split,
    stacked_deck,
    time_collection_cents,
)
from casino_sim.games.poker_room.simulate import simulate_stud as _simulate_stud

__all__ = [  # the engine's curated API, simulate_stud taking the common keywords
    "Action",
    "Award",
    "BadBeatJackpot",
    "BotPolicy",
    "ChunkResult",
    "DropRake",
    "HandRecord",
    "HandResult",
    "JackpotMeter",
    "LegalActions",
    "NoRake",
    "Pace",
    "PercentRake",
    "PlayerResult",
    "Pot",
    "QualifyingHand",
    "Settlement",
    "Street",
    "StudActionError",
    "StudDealer",
    "StudHand",
    "StudRunResult",
    "StudTable",
    "StudVariant",
    "TimeRake",
    "bring_in_seat",
    "default_population",
    "first_to_act",
    "hand_strength",
    "load_stud_table",
    "load_stud_variant",
    "rake_cents",
    "read_history",
    "settle",
    "side_pots",
    "simulate_stud",
    "split",
    "stacked_deck",
    "time_collection_cents",
]


def simulate_stud(
    variant: StudVariant,
    table: StudTable,
    players: int | Sequence[BotPolicy],
    *,
    hands: int,
    seed: int | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    chunk_size: int = 10_000,
    history: bool = False,
    on_chunk: Callable[[ChunkResult], None] | None = None,
    engine: str = "auto",
    runner: RunnerOptions | None = None,
) -> StudRunResult:
    """Play ``hands`` hands with bots
    (:func:`casino_sim.games.poker_room.simulate.simulate_stud`).

    ``seed``: None draws a fresh one (the result records it); ``workers``: None uses every
    core (the figures never depend on it); ``progress(hands)`` after each chunk with the hands
    it played; ``on_chunk`` sees each chunk's result in order.
    """

    def chunk(result: ChunkResult) -> None:
        if progress is not None:
            progress(result.hands)
        if on_chunk is not None:
            on_chunk(result)

    return _simulate_stud(
        variant,
        table,
        players,
        hands=hands,
        seed=secrets.randbits(63) if seed is None else seed,
        workers=available_workers() if workers is None else workers,
        chunk_size=chunk_size,
        history=history,
        on_chunk=chunk if progress is not None or on_chunk is not None else None,
        engine=engine,
        runner=runner,
    )
