"""A progress bar's rate and time left start after the first chunk, whose time holds the start-up
(compiling the kernels on a first run): no "13:24 remaining" while compiling."""

from __future__ import annotations

import io

from tqdm import tqdm

from casino_sim.cli.progress import RunProgress, count_startup


def _bar(clock: list[float]) -> tqdm:
    bar = tqdm(total=10, unit="chunk", file=io.StringIO(), mininterval=0, miniters=1, delay=0)
    bar._time = lambda: clock[0]
    bar.start_t = bar.last_print_t = clock[0]
    return bar


def test_the_first_chunk_is_counted_but_not_timed():
    clock = [1000.0]
    bar = _bar(clock)
    clock[0] += 100  # the first chunk: 98 s of compiling, 2 s of work
    count_startup(bar, 1)
    assert "1/10" in str(bar) and "<?" in str(bar)  # done, and no time left guessed yet
    for _ in range(2):
        clock[0] += 2
        bar.update(1)
    assert "[00:04<00:14,  2.00s/chunk]" in str(bar)


def test_without_it_the_compile_time_is_extrapolated():
    clock = [1000.0]
    bar = _bar(clock)
    clock[0] += 100
    bar.update(1)
    clock[0] += 2
    bar.update(1)
    assert "42.35s/chunk" in str(bar)  # what today's bar showed


def test_a_chunked_run_starts_its_rate_after_the_first_chunk():
    clock = [1000.0]
    bar = _bar(clock)
    progress = RunProgress(bar, chunks=10, workers=2, clock=lambda: clock[0])
    clock[0] += 100
    progress.update(1)
    for _ in range(2):
        clock[0] += 2
        progress.update(1)
    assert "2.00s/chunk" in str(bar) and "3/10" in str(bar)


def test_a_quiet_bar_is_left_alone():
    bar = tqdm(total=10, disable=True)
    count_startup(bar, 3)
    assert bar.n == 0
