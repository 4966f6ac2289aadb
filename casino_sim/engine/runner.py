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
their predecessors arrive, so memory stays flat. The pool never has more
processes than :func:`effective_workers` (the chunks, the cores).

No process is left behind: a worker dies with the process that started it
(``PR_SET_PDEATHSIG`` on Linux, else a watchdog thread), and while chunks run,
SIGTERM stops the workers and raises :class:`Terminated` (a ``SystemExit``
with status 143) in the main process.

>>> def draw(context, index, seed):
...     return [float(np.random.default_rng(seed).random())]
>>> run_chunks(draw, None, 3, seed=7, merge=lambda a, b: a + b) == run_chunks(
...     draw, None, 3, seed=7, merge=lambda a, b: a + b, workers=2)
True
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

import numpy as np

from casino_sim.errors import OptionError

__all__ = [
    "Terminated",
    "available_workers",
    "chunk_seed",
    "effective_workers",
    "root_seed",
    "run_chunks",
    "signals_raise_terminated",
]

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


_PR_SET_PDEATHSIG = 1


def _set_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; ``False`` if unavailable."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int, seconds: float = 0.5) -> None:
    while os.getppid() == parent:
        time.sleep(seconds)
    os._exit(1)


def _exit_with_parent(parent: int | None) -> None:
    """Make this worker die when its parent does (``None``: the parent it has now).

    The parent-death signal (or the watchdog) is set up first, then the parent
    pid is checked, so a parent that died before the set-up is not missed.
    Linux sends the signal when the *thread* that forked the worker ends: the
    pool forks from the thread running :func:`run_chunks`, which outlives it.
    """
    if parent is None:  # forkserver: the server, which exits when the main process does
        parent = os.getppid()
    if not _set_parent_death_signal():
        threading.Thread(
            target=_watch_parent, args=(parent,), name="parent-watchdog", daemon=True
        ).start()
    if os.getppid() != parent:
        os._exit(1)


def _expected_parent(context: multiprocessing.context.BaseContext) -> int | None:
    """The pid a worker's parent will have: this process, unless a fork server starts workers."""
    return None if context.get_start_method() == "forkserver" else os.getpid()


def _init_worker(fn: ChunkFn[Any], context: Any, parent: int | None = None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the main process's handler (fork)
    _exit_with_parent(parent)
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
    At most :func:`effective_workers` ``(workers, n_chunks)`` processes run;
    SIGTERM during a parallel run stops them and raises :class:`Terminated`.
    """
    if n_chunks < 1:
        raise OptionError(f"a run needs at least one chunk, got {n_chunks}")
    workers = effective_workers(workers, n_chunks)
    root = root_seed(seed)
    accumulated: T | None = None

    def take(index: int, result: T) -> None:
        nonlocal accumulated
        accumulated = result if accumulated is None else merge(accumulated, result)
        if progress is not None:
            progress(index, result)

    if workers == 1:
        for index in range(n_chunks):
            take(index, fn(context, index, chunk_seed(root, index)))
        return accumulated  # type: ignore[return-value]

    window = 2 * workers
    mp_context = multiprocessing.get_context()
    with (
        signals_raise_terminated(),
        ProcessPoolExecutor(
            max_workers=workers,
            mp_context=mp_context,
            initializer=_init_worker,
            initargs=(fn, context, _expected_parent(mp_context)),
        ) as pool,
    ):
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
        except BaseException as error:
            for future in in_flight:
                future.cancel()
            if not isinstance(error, Exception):  # interrupted: do not wait for running chunks
                _stop_workers(pool)
            raise
    return accumulated  # type: ignore[return-value]


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's processes (the executor keeps them in ``_processes``)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.kill()


@contextlib.contextmanager
def signals_raise_terminated(*signals: signal.Signals) -> Iterator[None]:
    """While inside, the ``signals`` (default SIGTERM) raise :class:`Terminated` (128 + signal).

    Only for signals that still have their default action (a program's own
    handler is left alone) and only in the main thread (where Python runs
    handlers); the previous actions come back on exit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: Any) -> None:
        raise Terminated(128 + signum)

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
