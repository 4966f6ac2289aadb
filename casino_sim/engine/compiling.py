"""Compiled kernels on a first run: compiled once, ahead of need, and said so on stderr.

numba compiles a kernel the first time it is called and keeps the machine code
in its on-disk cache (``$NUMBA_CACHE_DIR``, else ``__pycache__`` beside the
source), so only a first run pays, but it pays a lot (the stud hand loop takes
about half a minute). Three things keep that first run short and honest:

* A :class:`KernelSet` names the kernels one kind of run needs, with the time
  they take to compile. :func:`~casino_sim.engine.runner.run_chunks` given one
  checks numba's cache (:meth:`KernelSet.cached`); when the kernels are
  missing it logs one line (logger ``casino_sim.compile``: "compiling the stud
  kernels (first run only, about 35 s)") and, before it starts local worker
  processes, computes the first chunk in this process: the kernels are compiled
  once and the forked workers inherit them, instead of every worker compiling
  them at the same time.
* A :class:`Precompiler` compiles kernel sets in background processes while
  this one does other work (the report builds the dealer counts meanwhile):
  each :class:`Task` calls a warm-up function that runs the kernels on a tiny
  input, so numba writes them to its cache. ``run_chunks`` waits for the task
  named like its kernel set, and its workers then load the kernels from the
  cache (a fraction of a second).
* The progress bars start their rate after the first chunk (see the CLI), so a
  bar never extrapolates compile time into "13:24 remaining".

Nothing here changes what a kernel computes: figures are the same whether the
kernels were compiled here, in a worker or in a background process.

>>> KernelSet("example", (), seconds=1).cached()
True
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "KernelSet",
    "Precompiler",
    "Task",
    "is_cached",
    "wait_for_precompiled",
]

log = logging.getLogger("casino_sim.compile")


def is_cached(kernel: Any) -> bool:
    """Whether numba's on-disk cache holds a compiled version of ``kernel`` (a ``@njit(cache=True)``
    dispatcher) for its current source, or this process has compiled it already.

    A kernel without a usable cache, or anything numba does not answer, counts as not cached;
    with ``NUMBA_DISABLE_JIT`` nothing is ever compiled, so everything counts as cached.
    """
    import numba

    if getattr(numba.config, "DISABLE_JIT", False) or getattr(kernel, "overloads", None):
        return True
    try:
        index = kernel._cache._cache_file._load_index()  # numba's per-function cache index
    except Exception:  # not a caching dispatcher, or numba's layout changed: assume a compile
        return False
    return bool(index)


@dataclass(frozen=True)
class KernelSet:
    """The kernels one kind of run calls (numba dispatchers), and how long they take to compile.

    ``seconds`` is the compile time measured on the reference 2-core machine;
    ``includes`` are sets these kernels call (compiled with them when missing).
    """

    name: str
    kernels: tuple[Any, ...]
    seconds: int
    includes: tuple[KernelSet, ...] = ()

    def cached(self) -> bool:
        """Every kernel of the set (and of the sets it includes) is in numba's cache."""
        return all(is_cached(k) for k in self.kernels) and all(s.cached() for s in self.includes)

    def compile_seconds(self) -> int:
        """About how long compiling what is missing takes (0 when everything is cached)."""
        own = 0 if all(is_cached(k) for k in self.kernels) else self.seconds
        return own + sum(s.compile_seconds() for s in self.includes)


@dataclass(frozen=True)
class Task:
    """One background compile: ``warm(*args)`` runs the kernels of the set called ``name``.

    ``warm`` must be a module-level function; it should run the real code on a
    tiny input (the kernels' argument types are what numba compiles for), print
    nothing and need nothing this process is still building (the dealer counts).
    """

    name: str
    warm: Callable[..., object]
    args: tuple[Any, ...] = ()
    after: tuple[str, ...] = ()
    """Tasks (of any lane) to wait for first: their kernels are then loaded, not compiled
    twice (a wait ends after :data:`AFTER_SECONDS` whatever happened to them)."""


#: The longest a task waits for the tasks it comes after.
AFTER_SECONDS = 120.0
#: A wait for a background compile longer than this says so on stderr.
QUIET_WAIT_SECONDS = 1.0

_ACTIVE: list[Precompiler] = []


def wait_for_precompiled(name: str) -> bool:
    """Wait for an active :class:`Precompiler`'s task ``name``; whether one compiled it."""
    return any(pre.wait(name) for pre in list(_ACTIVE) if pre.has(name))


class Precompiler:
    """Background processes compiling kernel sets into numba's cache, one per lane of tasks.

    Each lane runs its tasks in order in its own process (forked like the
    workers, so nothing is pickled); lanes run side by side, lane ``i`` with its
    priority lowered by ``nice[i]`` (the lane that matters most first) and, when
    ``start_when[i]`` is given, holding back until it returns true or this process
    first waits for a task (not to compete with this process's own first work);
    ``idle`` is work of this process's own to do while it waits (see :meth:`wait`).
    Use as a context
    manager: inside, :func:`wait_for_precompiled` (called by the runner) waits
    for a task; leaving stops every lane still running. A lane's process ignores
    Ctrl-C (this process stops it), dies with this process, writes nothing to
    the terminal, and a task that fails only means the runner compiles those
    kernels itself.
    """

    def __init__(
        self,
        lanes: Sequence[Sequence[Task]],
        *,
        nice: Sequence[int] = (),
        start_when: Sequence[Callable[[], bool] | None] = (),
        idle: Callable[[], object] | None = None,
    ) -> None:
        kept = [i for i, lane in enumerate(lanes) if lane]
        self.lanes = [tuple(lanes[i]) for i in kept]
        self._nice = [nice[i] if i < len(nice) else 0 for i in kept]
        self._start_when = [start_when[i] if i < len(start_when) else None for i in kept]
        self._idle = idle
        self._waiting: Any = None  # set when this process first waits (an Event, once started)
        self._done: dict[str, bool] = {}
        self._lane_of = {task.name: i for i, lane in enumerate(self.lanes) for task in lane}
        self._processes: list[Any] = []
        self._pipes: list[Any] = []
        self._lock = threading.Lock()

    def has(self, name: str) -> bool:
        """Whether a lane compiles the set called ``name``."""
        return name in self._lane_of

    def __enter__(self) -> Precompiler:
        from casino_sim.engine.backends import _expected_parent

        context = multiprocessing.get_context()
        parent = _expected_parent(context)
        self._waiting = context.Event()
        finished = {task.name: context.Event() for lane in self.lanes for task in lane}
        for lane, nice, start_when in zip(self.lanes, self._nice, self._start_when, strict=True):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_run_lane,
                args=(lane, send, parent, nice, start_when, self._waiting, finished),
                name="casino-sim-compile",
                daemon=True,
            )
            process.start()
            send.close()
            self._processes.append(process)
            self._pipes.append(receive)
        _ACTIVE.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(ValueError):
            _ACTIVE.remove(self)
        for process in self._processes:
            if process.is_alive():
                with contextlib.suppress(Exception):
                    process.kill()
        for process, pipe in zip(self._processes, self._pipes, strict=True):
            with contextlib.suppress(Exception):
                process.join(timeout=5)
                pipe.close()

    def wait(self, name: str) -> bool:
        """Block until task ``name`` is finished; whether it compiled its kernels.

        A lane that died early (killed, crashed) counts as not compiled. A wait longer
        than :data:`QUIET_WAIT_SECONDS` says so (logger ``casino_sim.compile``). The first
        time this process has to wait, ``idle`` runs meanwhile, in a thread finished before
        this returns (the runner forks worker processes next, and a fork must not copy a
        half-done import).
        """
        if name not in self._lane_of:
            return False
        lane = self._lane_of[name]
        if self._waiting is not None:
            self._waiting.set()  # a lane holding back for this process's own work starts now
        with self._lock:
            pipe = self._pipes[lane]
            idle = None
            if name not in self._done and not pipe.poll():
                if self._idle is not None:
                    idle = threading.Thread(target=self._idle, name="casino-sim-idle", daemon=True)
                    self._idle = None
                    idle.start()
                if not pipe.poll(QUIET_WAIT_SECONDS):
                    log.info("waiting for the %s kernels to compile (first run only)", name)
            while name not in self._done:
                try:
                    finished, ok = pipe.recv()
                except (EOFError, OSError):  # the lane's process is gone
                    for task in self.lanes[lane]:
                        self._done.setdefault(task.name, False)
                    break
                self._done[finished] = ok
            if idle is not None:
                idle.join()
            return self._done[name]


def _run_lane(
    lane: Sequence[Task],
    send: Any,
    parent: int | None,
    nice: int = 0,
    start_when: Callable[[], bool] | None = None,
    waiting: Any = None,
    finished: dict[str, Any] | None = None,
) -> None:
    """A lane's process: run each task's warm-up, reporting ``(name, ok)`` after each
    (``nice``: how much lower this process's priority is; ``start_when``: polled until it is
    true or the main process waits for a task, before the first task)."""
    from casino_sim.engine.backends import _exit_with_parent

    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the main process stops the lane
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)  # not the main process's handlers (fork)
    _exit_with_parent(parent)
    logging.disable(logging.CRITICAL)  # the main process tells the user what happens
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    while start_when is not None and not (waiting is not None and waiting.is_set()):
        with contextlib.suppress(Exception):
            if start_when():
                break
        if waiting is None:
            time.sleep(0.25)
        else:
            waiting.wait(0.25)
    finished = finished or {}
    for task in lane:
        for before in task.after:
            if before in finished:
                finished[before].wait(AFTER_SECONDS)
        started = time.perf_counter()
        try:
            task.warm(*task.args)
            ok = True
        except Exception:
            ok = False
        log.debug("compiled %s in %.1f s", task.name, time.perf_counter() - started)
        if task.name in finished:
            finished[task.name].set()
        send.send((task.name, ok))
    send.close()
