"""Reproducible chunked runs: the same seed gives the same result with any number of workers.

A run is ``n_chunks`` calls ``fn(context, index, seed_sequence)``; chunk ``i``
gets :func:`chunk_seed` ``(seed, i)``, which equals
``numpy.random.SeedSequence(seed).spawn(n)[i]`` for any ``n > i`` but is built
without materialising the other children (flat memory for any run length).
Chunk results are merged in chunk order by ``merge(accumulated, result)``, so
floating-point sums do not depend on which worker finished first. A chunk is a
pure function of ``(context, seed, index)``: a cluster backend (e.g. Dask) can
ship the same calls unchanged.

Where chunks execute is a backend (:mod:`~casino_sim.engine.backends`): local
worker processes by default, or a Dask cluster (:class:`RunnerOptions`). With
``workers > 1`` locally, chunks run in a process pool that receives
``context`` once per worker process (not once per chunk); on any backend at
most ``2 x workers`` chunks are in flight, and out-of-order results wait only
until their predecessors arrive, so memory stays flat. The pool never has more
processes than :func:`effective_workers` (the chunks, the cores).

A run directory (``RunnerOptions(run_dir=...)``, :mod:`~casino_sim.engine.rundir`)
stores each chunk as it finishes; a resumed run merges the stored chunks
instead of recomputing them, so it ends with the same result as a run never
interrupted.

No process is left behind: a local worker dies with the process that started
it (``PR_SET_PDEATHSIG`` on Linux, else a watchdog thread) and ignores Ctrl-C
(the main process stops the workers, keeping the chunks stored so far); while
chunks run, SIGTERM stops the workers and raises :class:`Terminated` (a
``SystemExit`` with status 143) in the main process.

>>> def draw(context, index, seed):
...     return [float(np.random.default_rng(seed).random())]
>>> run_chunks(draw, None, 3, seed=7, merge=lambda a, b: a + b) == run_chunks(
...     draw, None, 3, seed=7, merge=lambda a, b: a + b, workers=2)
True
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from casino_sim.engine.backends import Backend, ChunkExecutor, backend_named
from casino_sim.engine.compiling import KernelSet, log, wait_for_precompiled
from casino_sim.engine.interrupts import raise_or_defer
from casino_sim.engine.rundir import RunDir
from casino_sim.errors import OptionError

__all__ = [
    "RunnerOptions",
    "Terminated",
    "available_workers",
    "chunk_seed",
    "effective_workers",
    "root_seed",
    "run_chunks",
    "run_definition",
    "signals_raise_terminated",
]

T = TypeVar("T")
ChunkFn = Callable[[Any, int, np.random.SeedSequence], T]


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


def effective_workers(requested: int, n_chunks: int) -> int:
    """The worker processes a run of ``n_chunks`` chunks really uses.

    ``min(requested, n_chunks, available_workers())``: more processes than
    chunks or cores only cost memory and start-up time (results never depend
    on the count).

    >>> effective_workers(1000, 1), effective_workers(1, 50)
    (1, 1)
    """
    if isinstance(requested, bool) or not isinstance(requested, int | np.integer) or requested < 1:
        raise OptionError(f"workers must be >= 1, got {requested!r}")
    return max(1, min(int(requested), n_chunks, available_workers()))


class Terminated(SystemExit):
    """SIGTERM arrived while chunks ran: the workers were stopped; exit status 143.

    A ``SystemExit``, so an uncaught one ends the program quietly with 128 + 15.
    """

    def __init__(self, code: int = 128 + signal.SIGTERM) -> None:
        super().__init__(code)


@dataclass(frozen=True)
class RunnerOptions:
    """How a run's chunks are executed and kept; never what they compute.

    ``backend``: ``"local"`` (worker processes here) or ``"dask"`` (a cluster at
    ``scheduler``, or a ``LocalCluster`` of ``workers`` processes without one).
    ``run_dir``: keep the run's definition and every finished chunk there
    (:mod:`~casino_sim.engine.rundir`); ``resume`` continues the run stored
    there. ``definition`` adds entries to the stored definition (the CLI's
    input files' SHA-256). ``on_restored(index)`` is called just before a
    stored chunk is merged (a progress bar leaves it out of the rate).

    >>> RunnerOptions().backend, RunnerOptions(run_dir="out/run").resume
    ('local', False)
    """

    backend: str = "local"
    scheduler: str | None = None
    run_dir: str | os.PathLike[str] | None = None
    resume: bool = False
    definition: Mapping[str, Any] = field(default_factory=dict)
    on_restored: Callable[[int], None] | None = None

    def __post_init__(self) -> None:
        if self.resume and self.run_dir is None:
            raise OptionError("resuming needs a run directory")
        backend_named(self.backend, scheduler=self.scheduler)  # checks both

    def make_backend(self) -> Backend:
        """The backend these options name."""
        return backend_named(self.backend, scheduler=self.scheduler)


def run_definition(
    root: np.random.SeedSequence, n_chunks: int, definition: Mapping[str, Any]
) -> dict[str, Any]:
    """What a run directory records: version, seed, chunk count, and the caller's entries."""
    from casino_sim import __version__

    return {
        "casino_sim_version": __version__,
        "seed": entropy if isinstance(entropy := root.entropy, int) else repr(entropy),
        "spawn_key": list(root.spawn_key),
        "n_chunks": n_chunks,
        **definition,
    }


def run_chunks(
    fn: ChunkFn[T],
    context: Any,
    n_chunks: int,
    *,
    seed: int | np.random.SeedSequence | None,
    merge: Callable[[T, T], T],
    workers: int = 1,
    progress: Callable[[int, T], None] | None = None,
    options: RunnerOptions | None = None,
    definition: Mapping[str, Any] | None = None,
    kernels: KernelSet | None = None,
) -> T:
    """Run chunks ``0 .. n_chunks - 1`` and merge their results in chunk order.

    ``fn`` must be a module-level function (picklable) when ``workers > 1``.
    ``progress(index, result)`` is called once per chunk, in chunk order.
    At most :func:`effective_workers` ``(workers, n_chunks)`` local processes run;
    SIGTERM during a run stops them and raises :class:`Terminated`.

    ``options`` picks the backend and the run directory; ``definition`` (plain
    JSON: what the chunks compute, e.g. a :func:`~casino_sim.engine.rundir.fingerprint`
    of ``context``) is recorded there with the version, seed and chunk count,
    and a stored run with another definition is refused. Chunks found in the
    run directory are merged from there; each chunk computed is stored as it
    finishes.

    ``kernels`` names the compiled kernels the chunks call: when a background
    :class:`~casino_sim.engine.compiling.Precompiler` compiles them, the run waits
    for it; when they are not in numba's cache, the run says so (logger
    ``casino_sim.compile``) and, before starting local worker processes, computes
    the first chunk here, so the kernels are compiled once and the workers inherit
    them (the result is the same).
    """
    if n_chunks < 1:
        raise OptionError(f"a run needs at least one chunk, got {n_chunks}")
    options = options or RunnerOptions()
    backend = options.make_backend()
    workers = effective_workers(workers, n_chunks)
    root = root_seed(seed)
    with contextlib.ExitStack() as stack:
        store = None
        if options.run_dir is not None:
            full = run_definition(root, n_chunks, {**(definition or {}), **options.definition})
            store = stack.enter_context(RunDir.open(options.run_dir, full, resume=options.resume))
        stored = store.finished() if store is not None else frozenset()
        todo = [index for index in range(n_chunks) if index not in stored]
        stack.enter_context(signals_raise_terminated())
        ready: dict[int, T] = {}
        cold = bool(todo) and kernels is not None and not _kernels_ready(kernels)
        if cold and backend.name == "local" and min(workers, len(todo)) > 1:
            index = todo.pop(0)  # compiled here once; the forked workers inherit it
            started = time.perf_counter()
            ready[index] = fn(context, index, chunk_seed(root, index))
            if store is not None:
                store.save(index, ready[index], seconds=time.perf_counter() - started)
        executor = None
        if todo:
            size = workers if backend.name == "dask" else min(workers, len(todo))
            executor = stack.enter_context(backend.start(fn, context, workers=size))
        return _drive(
            executor, todo, stored, n_chunks, root, merge, progress, store, options, ready
        )
    raise AssertionError("unreachable")  # pragma: no cover - ExitStack does not swallow


def _drive(
    executor: ChunkExecutor | None,
    todo: list[int],
    stored: frozenset[int],
    n_chunks: int,
    root: np.random.SeedSequence,
    merge: Callable[[T, T], T],
    progress: Callable[[int, T], None] | None,
    store: RunDir | None,
    options: RunnerOptions,
    ready: dict[int, T],
) -> T:
    """Submit ``todo`` in order, at most ``2 x workers`` held; merge everything in chunk order
    (``ready``: chunks already computed, not in ``todo``)."""
    accumulated: T | None = None
    window = 2 * (executor.workers if executor is not None else 1)
    started: dict[int, float] = {}
    in_flight = submitted = next_merge = 0
    while True:
        while next_merge < n_chunks:
            if next_merge in ready:
                result = ready.pop(next_merge)
            elif store is not None and next_merge in stored:
                if options.on_restored is not None:
                    options.on_restored(next_merge)
                result = store.load(next_merge)
            else:
                break
            accumulated = result if accumulated is None else merge(accumulated, result)
            if progress is not None:
                progress(next_merge, result)
            next_merge += 1
        if next_merge == n_chunks:
            return accumulated  # type: ignore[return-value]
        assert executor is not None
        while submitted < len(todo) and in_flight + len(ready) < window:
            index = todo[submitted]
            started[index] = time.perf_counter()
            executor.submit(index, chunk_seed(root, index))
            in_flight += 1
            submitted += 1
        for index, result in executor.wait():
            in_flight -= 1
            if store is not None:
                store.save(index, result, seconds=time.perf_counter() - started[index])
            ready[index] = result


def _kernels_ready(kernels: KernelSet) -> bool:
    """Whether ``kernels`` are compiled (waiting for a background compile of them); if not, say
    that this run compiles them, and about how long that takes."""
    wait_for_precompiled(kernels.name)
    if kernels.cached():
        return True
    log.info(
        "compiling the %s kernels (first run only, about %d s)",
        kernels.name,
        kernels.compile_seconds(),
    )
    return False


@contextlib.contextmanager
def signals_raise_terminated(*signals: signal.Signals) -> Iterator[None]:
    """While inside, the ``signals`` (default SIGTERM) raise :class:`Terminated` (128 + signal),
    held inside :func:`~.interrupts.signals_deferred` until its block ends.

    Only for signals that still have their default action (a program's own
    handler is left alone) and only in the main thread (where Python runs
    handlers); the previous actions come back on exit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: Any) -> None:
        raise_or_defer(Terminated(128 + signum))

    chosen = signals or (signal.SIGTERM,)
    previous = {sig: signal.getsignal(sig) for sig in chosen}
    for sig, handler in previous.items():
        if handler is signal.SIG_DFL:
            signal.signal(sig, terminate)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
