"""Run a floor: replications through the chunk runner, folded into a :class:`FloorSummary`.

Replication ``i`` draws from the ``i``-th child of ``SeedSequence(seed)`` and
the replications are folded in order, so a seed gives the same figures with
any number of worker processes.

>>> from casino_sim.config import load_floor
>>> a = simulate_floor(load_floor("floors/pit"), days=1, replications=2, seed=5)
>>> b = simulate_floor(load_floor("floors/pit"), days=1, replications=2, seed=5, workers=2)
>>> a.to_record() == b.to_record(), a.replications
(True, 2)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.engine.rundir import fingerprint
from casino_sim.engine.runner import RunnerOptions, available_workers, run_chunks
from casino_sim.floor.kernels import floor_kernels
from casino_sim.floor.plan import prepare_floor
from casino_sim.floor.results import ReplicationResult
from casino_sim.floor.run import run_keyed_replication, run_replication
from casino_sim.floor.streams import KEYED, ORDERED, STREAMS
from casino_sim.floor.summary import FloorSummary

__all__ = ["compile_kernels", "simulate_floor"]

#: The floor model's revision, stored with a run directory so that a run stored by a model
#: that gives other numbers for the same inputs and seed is refused, not resumed. 2: the
#: tables' own clocks (2026-11-23).
MODEL = 2


def _latest(previous: ReplicationResult, result: ReplicationResult) -> ReplicationResult:
    return result


def compile_kernels(floor: Floor) -> None:
    """Compile :func:`~casino_sim.floor.kernels.floor_kernels` (or load them from numba's cache): one day of the floor,
    with named strategies and no exact edges, so nothing needs the dealer counts."""
    plan = prepare_floor(floor, days=1, exact=False)
    run_replication(plan, 0, np.random.SeedSequence(0))


def simulate_floor(
    floor: Floor,
    *,
    days: int | None = None,
    replications: int = 1,
    seed: int | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    on_replication: Callable[[int, ReplicationResult], None] | None = None,
    runner: RunnerOptions | None = None,
    streams: str = ORDERED,
) -> FloorSummary:
    """Run ``replications`` independent replications of ``days`` days (default: the floor's).

    The keywords every simulation takes (as ``simulate_caribbean`` and ``simulate_stud``):
    ``seed`` (None: a fresh one, kept in the summary's ``seed``), ``workers`` (None: every
    core; the figures never depend on it) and ``progress(replications)`` after each
    replication. ``on_replication(index, result)`` sees each replication's result, in
    order. ``runner`` picks the backend (local processes, Dask) and a run directory to
    store and resume the replications in; the figures never depend on it. ``streams``:
    ``"ordered"`` (a replication's streams by order of creation, the default) or ``"keyed"``
    (by purpose, so that two floors run with one seed share the streams of what they share:
    :mod:`casino_sim.floor.streams`, :func:`casino_sim.floor.compare.compare_floors`).
    """
    if streams not in STREAMS:
        raise ValueError(f"streams: {streams!r}, expected one of {', '.join(STREAMS)}")
    seed = secrets.randbits(63) if seed is None else seed
    workers = available_workers() if workers is None else workers
    plan = prepare_floor(floor, days=days)
    summary = FloorSummary(plan, seed=seed)

    def take(index: int, result: ReplicationResult) -> None:
        summary.add(result)
        if progress is not None:
            progress(1)
        if on_replication is not None:
            on_replication(index, result)

    definition = None
    if runner is not None and runner.run_dir is not None:
        definition = {"run": "floor.simulate_floor", "model": MODEL, "context": fingerprint(plan)}
        if streams == KEYED:
            definition["streams"] = KEYED
    replicate = run_keyed_replication if streams == KEYED else run_replication
    run_chunks(replicate, plan, replications, seed=seed, merge=_latest, workers=workers,
               progress=take, options=runner, definition=definition,
               kernels=floor_kernels(floor))  # fmt: skip
    return summary
