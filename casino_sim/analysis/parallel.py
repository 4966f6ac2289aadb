"""Reproducible chunked runs: the same seed gives the same result with any number of workers.

A run is ``n_chunks`` calls ``fn(context, index, seed_sequence)``; chunk ``i``
gets :func:`chunk_seed` ``(seed, i)``, which equals
``numpy.random.SeedSequence(seed).spawn(n)[i]`` for any ``n > i`` but is built
without materialising the other children (flat memory for any run length).
Chunk results are merged in chunk order by ``merge(accumulated, result)``, so
floating-point sums do not depend on which worker finished first. A chunk is a
pure function of ``(context, seed, index)``: a cluster backend (e.g. Dask) can
ship the same calls unchanged.

With ``workers > 1`` chunks run in a :class:`concurrent.futures.ProcessPoolExecutor`;
``context`` is sent once per worker process (not once per chunk), at most
``2 x workers`` chunks are in flight, and out-of-order results wait only until
their predecessors arrive, so memory stays flat.

>>> def draw(context, index, seed):
...     return [float(np.random.default_rng(seed).random())]
>>> run_chunks(draw, None, 3, seed=7, merge=lambda a, b: a + b) == run_chunks(
...     draw, None, 3, seed=7, merge=lambda a, b: a + b, workers=2)
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

import numpy as np

from casino_sim.errors import OptionError

__all__ = ["available_workers", "chunk_seed", "root_seed", "run_chunks"]

T = TypeVar("T")
ChunkFn = Callable[[Any, int, np.random.SeedSequence], T]

_WORKER_STATE: dict[str, Any] = {}


def root_seed(seed: int | np.random.SeedSequence | None) -> np.random.SeedSequence:
    """The run's root :class:`numpy.random.SeedSequence` (fresh OS entropy for ``None``).

    >>> root_seed(1).entropy
    1
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if seed is not None and (not isinstance(seed, int | np.integer) or seed < 0):
        raise OptionError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.SeedSequence(None if seed is None else int(seed))


def chunk_seed(seed: int | np.random.SeedSequence | None, index: int) -> np.random.SeedSequence:
    """The seed of chunk ``index``: the ``index``-th child spawned from the root.

    >>> a = chunk_seed(5, 3).generate_state(2)
    >>> b = np.random.SeedSequence(5).spawn(4)[3].generate_state(2)
    >>> bool((a == b).all())
    True
    """
    root = root_seed(seed)
    return np.random.SeedSequence(
        root.entropy, spawn_key=(*root.spawn_key, index), pool_size=root.pool_size
    )


def available_workers() -> int:
    """Cores this process may use (the default number of workers)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _init_worker(fn: ChunkFn[Any], context: Any) -> None:
    _WORKER_STATE["fn"] = fn
    _WORKER_STATE["context"] = context


def _run_in_worker(index: int, seed: np.random.SeedSequence) -> Any:
    return _WORKER_STATE["fn"](_WORKER_STATE["context"], index, seed)


def run_chunks(
    fn: ChunkFn[T],
    context: Any,
    n_chunks: int,
    *,
    seed: int | np.random.SeedSequence | None,
    merge: Callable[[T, T], T],
    workers: int = 1,
    progress: Callable[[int, T], None] | None = None,
) -> T:
    """Run chunks ``0 .. n_chunks - 1`` and merge their results in chunk order.

    ``fn`` must be a module-level function (picklable) when ``workers > 1``.
    ``progress(index, result)`` is called once per chunk, in chunk order.
    """
    if n_chunks < 1:
        raise OptionError(f"a run needs at least one chunk, got {n_chunks}")
    if workers < 1:
        raise OptionError(f"workers must be >= 1, got {workers}")
    root = root_seed(seed)
    accumulated: T | None = None

    def take(index: int, result: T) -> None:
        nonlocal accumulated
        accumulated = result if accumulated is None else merge(accumulated, result)
        if progress is not None:
            progress(index, result)

    if workers == 1 or n_chunks == 1:
        for index in range(n_chunks):
            take(index, fn(context, index, chunk_seed(root, index)))
        return accumulated  # type: ignore[return-value]

    window = 2 * workers
    with ProcessPoolExecutor(
        max_workers=min(workers, n_chunks), initializer=_init_worker, initargs=(fn, context)
    ) as pool:
        in_flight: dict[Future[T], int] = {}
        ready: dict[int, T] = {}
        next_submit = next_merge = 0
        try:
            while next_merge < n_chunks:
                while next_submit < n_chunks and len(in_flight) + len(ready) < window:
                    future = pool.submit(_run_in_worker, next_submit, chunk_seed(root, next_submit))
                    in_flight[future] = next_submit
                    next_submit += 1
                done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in done:
                    ready[in_flight.pop(future)] = future.result()
                while next_merge in ready:
                    take(next_merge, ready.pop(next_merge))
                    next_merge += 1
        except BaseException:
            for future in in_flight:
                future.cancel()
            raise
    return accumulated  # type: ignore[return-value]
