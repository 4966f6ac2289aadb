"""Where a run's chunks execute: local worker processes (the default) or a Dask cluster.

A backend only *executes* chunk calls ``fn(context, index, seed)``; the runner
(:func:`casino_sim.engine.runner.run_chunks`) decides which chunks to submit,
bounds how many are in flight and merges the results in chunk order, so the
figures never depend on the backend or on the number of workers.

* :class:`LocalBackend`: this process alone (one worker) or a pool of forked
  worker processes that receive ``context`` once each and die with their parent.
* :class:`DaskBackend`: a ``dask.distributed`` cluster, either an existing one
  (a scheduler address such as ``tcp://10.0.0.5:8786``) or, without an address,
  a ``LocalCluster`` of worker processes started for the run (its dashboard on a
  free port). ``context`` is pickled and scattered to every worker once. Dask is
  an optional extra: ``pip install "casino-sim[dask]"``.

A backend's :meth:`~LocalBackend.start` is a context manager yielding a
:class:`ChunkExecutor`: ``submit(index, seed)``, ``wait()`` for at least one
finished ``(index, result)``, and ``stop()`` to kill the work at once after an
interrupt. Leaving the ``with`` block releases every worker process.

>>> def square(context, index, seed):
...     return context * index * index
>>> with LocalBackend().start(square, 2, workers=1) as executor:
...     executor.submit(3, np.random.SeedSequence(0))
...     executor.wait()
[(3, 18)]
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from casino_sim.engine.interrupts import signals_deferred
from casino_sim.errors import OptionError

__all__ = [
    "BACKENDS",
    "CONNECT_SECONDS",
    "Backend",
    "ChunkExecutor",
    "DaskBackend",
    "LocalBackend",
    "backend_named",
    "check_scheduler_address",
]

#: The backends by name (the CLI's ``--backend`` choices).
BACKENDS = ("local", "dask")
#: How long to wait for a Dask scheduler to answer (and to have a worker) before giving up.
CONNECT_SECONDS = 5.0

ChunkFn = Callable[[Any, int, np.random.SeedSequence], Any]


class ChunkExecutor(Protocol):
    """Chunk calls in flight on some workers."""

    @property
    def workers(self) -> int:
        """Worker processes (or threads) running chunks; the runner keeps 2x this many in flight."""
        ...

    def submit(self, index: int, seed: np.random.SeedSequence) -> None:
        """Start chunk ``index`` with its seed."""
        ...

    def wait(self) -> list[tuple[int, Any]]:
        """Block until at least one submitted chunk has finished; its ``(index, result)`` pairs."""
        ...

    def stop(self) -> None:
        """Interrupted: drop queued chunks and kill running ones now (no waiting)."""
        ...


class Backend(Protocol):
    """Starts executors; one per run."""

    @property
    def name(self) -> str:
        """``"local"`` or ``"dask"``."""
        ...

    def start(
        self, fn: ChunkFn, context: Any, *, workers: int
    ) -> contextlib.AbstractContextManager[ChunkExecutor]:
        """An executor running ``fn(context, index, seed)``; ``workers`` sizes a local pool."""
        ...


# -- local processes -----------------------------------------------------------------------------

_WORKER_STATE: dict[str, Any] = {}
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
    pool forks from the thread running the run, which outlives it.
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


def _init_worker(fn: ChunkFn, context: Any, parent: int | None = None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the main process's handler (fork)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the main process stops the workers
    _exit_with_parent(parent)
    _WORKER_STATE["fn"] = fn
    _WORKER_STATE["context"] = context


def _run_in_worker(index: int, seed: np.random.SeedSequence) -> Any:
    return _WORKER_STATE["fn"](_WORKER_STATE["context"], index, seed)


class _InProcess:
    """One worker: this process, a chunk computed when its result is awaited."""

    workers = 1

    def __init__(self, fn: ChunkFn, context: Any) -> None:
        self._fn, self._context = fn, context
        self._queue: deque[tuple[int, np.random.SeedSequence]] = deque()

    def submit(self, index: int, seed: np.random.SeedSequence) -> None:
        self._queue.append((index, seed))

    def wait(self) -> list[tuple[int, Any]]:
        index, seed = self._queue.popleft()
        return [(index, self._fn(self._context, index, seed))]

    def stop(self) -> None:
        self._queue.clear()


#: The longest a stopping signal waits while the process pool waits for its chunks.
POLL_SECONDS = 0.2


class _ProcessPool:
    """Forked worker processes; ``context`` reaches each once, through its initializer."""

    def __init__(self, pool: ProcessPoolExecutor, workers: int) -> None:
        self._pool, self.workers = pool, workers
        self._in_flight: dict[Future[Any], int] = {}

    def submit(self, index: int, seed: np.random.SeedSequence) -> None:
        with signals_deferred():
            self._in_flight[self._pool.submit(_run_in_worker, index, seed)] = index

    def wait(self) -> list[tuple[int, Any]]:
        """The chunks done (at least one): waited for in short blocks in which a stopping
        signal is held, so it never leaves the futures' locks taken (:mod:`.interrupts`)."""
        done: set[Future[Any]] = set()
        while not done:
            with signals_deferred():
                done, _ = wait(self._in_flight, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        return [(self._in_flight.pop(future), future.result()) for future in done]

    def stop(self) -> None:
        for future in self._in_flight:
            future.cancel()
        for process in list((getattr(self._pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.kill()


@dataclass(frozen=True)
class LocalBackend:
    """Worker processes on this machine (forked; none at all for one worker)."""

    name: str = "local"

    @contextlib.contextmanager
    def start(self, fn: ChunkFn, context: Any, *, workers: int) -> Iterator[ChunkExecutor]:
        if workers <= 1:
            yield _InProcess(fn, context)
            return
        mp_context = multiprocessing.get_context()
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=mp_context,
            initializer=_init_worker,
            initargs=(fn, context, _expected_parent(mp_context)),
        ) as pool:
            executor = _ProcessPool(pool, workers)
            try:
                yield executor
            except BaseException as error:
                if not isinstance(error, Exception):  # interrupted: do not wait for running chunks
                    executor.stop()
                raise


# -- Dask ----------------------------------------------------------------------------------------

_ADDRESS = re.compile(r"^(tcp|tls|ucx|ws|wss|inproc)://\S+$|^[A-Za-z0-9_.\-\[\]:]+:\d{1,5}$")


def check_scheduler_address(address: str) -> str:
    """A Dask scheduler address as given (``tcp://host:8786``, ``host:8786``), or OptionError.

    >>> check_scheduler_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> check_scheduler_address("nowhere")
    Traceback (most recent call last):
    ...
    casino_sim.errors.OptionError: expected a Dask scheduler address like tcp://HOST:PORT, got 'nowhere'
    """
    if not isinstance(address, str) or not _ADDRESS.match(address.strip()):
        raise OptionError(
            f"expected a Dask scheduler address like tcp://HOST:PORT, got {address!r}"
        )
    return address.strip()


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise OptionError(
            'the dask backend needs Dask: pip install "casino-sim[dask]" (or dask[distributed])'
        ) from None
    return distributed


class _Dask:
    """Chunks as Dask futures; the context scattered to every worker once."""

    def __init__(self, client: Any, fn: ChunkFn, context: Any) -> None:
        self._client, self._fn = client, fn
        self._distributed = _distributed()
        self.workers = max(1, sum(client.nthreads().values()))
        self._context = client.scatter(context, broadcast=True, hash=False)
        self._in_flight: dict[Any, int] = {}
        self._finished = self._distributed.as_completed(loop=client.loop)

    def submit(self, index: int, seed: np.random.SeedSequence) -> None:
        future = self._client.submit(self._fn, self._context, index, seed, pure=False)
        self._in_flight[future] = index
        self._finished.add(future)

    def wait(self) -> list[tuple[int, Any]]:
        finished = []
        for future in self._finished.next_batch(block=True):
            finished.append((self._in_flight.pop(future), future.result()))
            future.release()
        return finished

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._client.cancel(list(self._in_flight), force=True)
        self._in_flight.clear()


@dataclass(frozen=True)
class DaskBackend:
    """A Dask cluster: ``scheduler`` (an address), or a ``LocalCluster`` started for the run.

    ``connect_seconds`` bounds the wait for the scheduler to answer and to
    have at least one worker: an unreachable address is an :class:`OptionError`
    after that long, never a hang.
    """

    scheduler: str | None = None
    connect_seconds: float = CONNECT_SECONDS
    name: str = "dask"

    @contextlib.contextmanager
    def start(self, fn: ChunkFn, context: Any, *, workers: int) -> Iterator[ChunkExecutor]:
        distributed = _distributed()
        with contextlib.ExitStack() as stack:
            if self.scheduler is None:
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=max(1, workers),
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.ERROR,
                    )
                )
                address = cluster.scheduler_address
            else:
                address = check_scheduler_address(self.scheduler)
            client = stack.enter_context(self._connect(distributed, address))
            executor = _Dask(client, fn, context)
            try:
                yield executor
            except BaseException:
                executor.stop()
                raise

    @contextlib.contextmanager
    def _connect(self, distributed: Any, address: str) -> Iterator[Any]:
        seconds = self.connect_seconds
        try:
            client = distributed.Client(address, timeout=seconds, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise OptionError(
                f"Dask scheduler {address} did not answer within {seconds:g} s ({error})"
            ) from None
        except Exception as error:  # something answered, not a Dask scheduler (garbage frames)
            raise OptionError(
                f"{address} did not answer as a Dask scheduler ({type(error).__name__})"
            ) from None
        try:
            try:
                client.wait_for_workers(1, timeout=seconds)
            except (OSError, TimeoutError):
                raise OptionError(
                    f"Dask scheduler {address} has no workers (waited {seconds:g} s)"
                ) from None
            yield client
        finally:
            with contextlib.suppress(Exception):
                client.close(timeout=seconds)


def backend_named(name: str, *, scheduler: str | None = None) -> Backend:
    """The backend called ``name`` (``"local"`` or ``"dask"``).

    >>> backend_named("local")
    LocalBackend(name='local')
    """
    if name == "local":
        if scheduler is not None:
            raise OptionError("a scheduler address needs the dask backend")
        return LocalBackend()
    if name == "dask":
        return DaskBackend(None if scheduler is None else check_scheduler_address(scheduler))
    raise OptionError(f"unknown backend {name!r}: expected one of {', '.join(BACKENDS)}")
