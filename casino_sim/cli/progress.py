"""What a long run tells the user: a progress bar, workers, an estimate, and what an interrupt kept.

:func:`chunk_progress` wraps a chunked run (``simulate``, ``stud``, ``floor``):
it says when fewer worker processes run than ``--workers`` asked for and why,
prints the time a run will take when that is over a minute (measured on the
first chunks, start-up left out), and, when the run is interrupted (Ctrl-C,
SIGTERM), adds to the error how much was done and how to continue: the same
command with ``--resume`` when the chunks are kept in ``--run-dir``, else how
to keep them next time.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from casino_sim.engine.durations import duration
from casino_sim.engine.runner import Terminated, available_workers, effective_workers

#: A run whose estimate is longer than this (seconds) prints it.
ANNOUNCE_SECONDS = 60


def note(message: str) -> None:
    """``casino-sim: note: MESSAGE`` on stderr, above any progress bar."""
    from tqdm import tqdm

    tqdm.write(f"casino-sim: note: {message}", file=sys.stderr)


class _LineStream:
    """A file for tqdm when stderr is not a terminal: one plain line every few seconds."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        line = text.strip("\r\n\x1b[A ")
        if line:
            self.stream.write(line + "\n")

    def flush(self) -> None:
        self.stream.flush()


def progress_bar(*, total: int, unit: str, desc: str, quiet: bool = False) -> Any:
    """A tqdm bar on stderr with rate and time left, shown once work lasts over a second.

    On a terminal it is live; otherwise (a log file, CI) it is a plain line
    every 5 seconds, so long runs still show their ETA; none when ``quiet``.
    """
    from tqdm import tqdm

    if sys.stderr.isatty():
        return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, disable=quiet, leave=False,
                    file=sys.stderr, dynamic_ncols=True, delay=1)  # fmt: skip
    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, disable=quiet, ascii=True,
                file=_LineStream(sys.stderr), mininterval=5, ncols=100, delay=5)  # fmt: skip


def count_startup(bar: Any, units: int) -> None:
    """Count a run's first ``units`` on ``bar`` without a sample for its rate, and start the
    rate's clock now: the first chunk's time holds the start-up (compiling kernels on a first
    run, loading caches), which the rate and the time left must not extrapolate."""
    if getattr(bar, "disable", False):
        return
    bar.n += units
    bar.last_print_n = bar.n
    bar.initial += units  # tqdm's rate: (n - initial) / elapsed until it has samples
    bar.unpause()  # elapsed and the next sample count from now


def workers_note(requested: int | None, chunks: int | None = None, *, chunk: str = "") -> int:
    """The worker processes a run uses; a note on stderr when fewer than requested, and why.

    ``requested`` is ``--workers`` (None: every core, nothing to explain);
    ``chunks`` the run's chunks (None: many) and ``chunk`` what one chunk is
    (``"up to 1,048,576 rounds"``).
    """
    cores = available_workers()
    used = effective_workers(requested or cores, chunks or requested or cores)
    if requested is not None and used < requested:
        reasons = []
        if chunks is not None and chunks < requested:
            reasons.append(f"the run is {chunks:,} chunk{'s' * (chunks != 1)} ({chunk} each), "
                           "and a chunk runs in one process")  # fmt: skip
        if cores < requested:
            reasons.append(f"this machine lets it use {cores} core{'s' * (cores != 1)}")
        note(f"--workers {requested}: {used} worker process{'es' * (used != 1)} will run: "
             + "; ".join(reasons))  # fmt: skip
    return used


class RunProgress:
    """Progress of a chunked run: the bar, the chunks and units done, the estimate.

    ``update(units)`` after each chunk (in chunk order); ``restored(index)``
    just before a chunk comes back from a run directory: that chunk counts as
    done but not toward the pace. Once ``workers`` chunks have been computed
    after the first one (whose time holds the start-up), the pace is known: if
    the whole run will take over :data:`ANNOUNCE_SECONDS`, ``announce`` gets
    the time left.
    """

    def __init__(
        self,
        bar: Any,
        *,
        chunks: int,
        workers: int = 1,
        announce: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.bar, self.chunks, self.workers = bar, chunks, workers
        self.announce, self.clock = announce, clock
        self.started = clock()
        self.done = self.units = self.computed = 0
        self._restoring = False
        self._first: tuple[float, int] | None = None
        self._estimated = False

    def restored(self, index: int) -> None:
        self._restoring = True

    def update(self, units: int) -> None:
        self.done += 1
        self.units += units
        restoring, self._restoring = self._restoring, False
        if not restoring:
            self.computed += 1
            self._pace()
        if getattr(self.bar, "disable", False):  # --quiet: tqdm keeps no counts
            return
        if restoring:  # counted, but no sample for the rate
            self.bar.n += units
            self.bar.last_print_n = self.bar.n
            self.bar.initial += units
        elif self.computed == 1:  # the start-up's chunk: the rate starts after it
            count_startup(self.bar, units)
        else:
            self.bar.update(units)
        self.bar.set_postfix_str(f"chunk {self.done}/{self.chunks}", refresh=False)

    def _pace(self) -> None:
        if self._estimated:
            return
        now = self.clock()
        if self._first is None:
            self._first = (now, self.computed)
            return
        since, first = self._first
        if self.computed - first < self.workers or now <= since:
            return
        self._estimated = True
        left = (self.chunks - self.done) * (now - since) / (self.computed - first)
        if self.announce is not None and now - self.started + left > ANNOUNCE_SECONDS:
            self.announce(left)

    def elapsed(self) -> float:
        """Seconds since the run started."""
        return self.clock() - self.started


@contextlib.contextmanager
def chunk_progress(
    args: argparse.Namespace,
    *,
    total: int,
    unit: str,
    chunks: int,
    chunk: str,
    seed: int,
    quiet: bool,
) -> Iterator[RunProgress]:
    """A :class:`RunProgress` for a run of ``chunks`` chunks of ``total`` units in all.

    ``args`` holds ``--workers`` and ``--run-dir``; ``chunk`` says what one chunk
    is (``"up to 10,000 hands"``). An interrupt leaving the block
    carries a note: the chunks done, the seed, and how to continue.
    """
    workers = workers_note(args.workers, chunks, chunk=chunk)
    run_dir = args.run_dir

    def announce(left: float) -> None:
        keep = (
            f"Ctrl-C keeps the finished chunks in {run_dir} (the same command with --resume "
            "continues)"
            if run_dir is not None
            else "an interrupted run is lost unless --run-dir DIR keeps its chunks"
        )
        note(f"about {duration(left)} to go at the pace of the first chunks "
             f"({chunks:,} chunks, {workers} worker process{'es' * (workers != 1)}); {keep}")  # fmt: skip

    with progress_bar(total=total, unit=unit, desc=args.command, quiet=quiet) as bar:
        progress = RunProgress(bar, chunks=chunks, workers=workers, announce=announce)
        try:
            yield progress
        except (KeyboardInterrupt, Terminated) as stop:
            units = "" if total == chunks else f", {progress.units:,} of {total:,} {unit}s"
            done = (f"after {progress.done:,} of {chunks:,} chunks{units} in "
                    f"{duration(progress.elapsed())} (seed {seed})")  # fmt: skip
            if run_dir is not None:
                stop.add_note(f"{done}; the finished chunks are kept in {run_dir}: the same "
                              "command with --resume continues the run")  # fmt: skip
            else:
                stop.add_note(f"{done}; nothing was kept: with --run-dir DIR a run keeps its "
                              "chunks, and --resume continues it after an interrupt")  # fmt: skip
            raise
