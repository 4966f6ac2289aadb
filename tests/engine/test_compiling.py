"""Kernels on a first run: compiled once (not once per worker), ahead of need, and said so.

A throw-away ``@njit(cache=True)`` kernel in a module of its own (a fresh file, so
numba's cache holds nothing for it) stands for the game kernels.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import textwrap

import pytest

from casino_sim.engine.compiling import KernelSet, Precompiler, Task, is_cached
from casino_sim.engine.runner import run_chunks

KERNEL_SOURCE = textwrap.dedent(
    """
    from numba import njit

    @njit(cache=True)
    def triple(x):
        return 3 * x

    def warm():
        triple(1)

    def fail():
        raise RuntimeError("no")
    """
)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A module with one uncompiled kernel, its cache in ``tmp_path``."""
    name = f"toy_kernels_{os.getpid()}_{len(list(tmp_path.parent.iterdir()))}"
    (tmp_path / f"{name}.py").write_text(KERNEL_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module(name)
    yield module
    sys.modules.pop(name, None)


def where(context, index, seed):
    """A chunk: call the kernel, say which process computed it."""
    return [(index, context.triple(index), os.getpid())]


def _add(a, b):
    return a + b


def test_a_new_kernel_is_not_cached_until_compiled(toy):
    assert not is_cached(toy.triple)
    assert not KernelSet("toy", (toy.triple,), seconds=1).cached()
    toy.triple(2)
    assert is_cached(toy.triple)
    assert not is_cached(object())  # not a kernel: counts as a compile to come


def test_a_cold_run_compiles_in_this_process_first_and_says_so(toy, caplog):
    kernels = KernelSet("toy", (toy.triple,), seconds=7)
    with caplog.at_level(logging.INFO, logger="casino_sim.compile"):
        chunks = run_chunks(where, toy, 4, seed=1, merge=_add, workers=2, kernels=kernels)
    assert [c[:2] for c in chunks] == [(i, 3 * i) for i in range(4)]
    assert chunks[0][2] == os.getpid()  # compiled here; the workers inherit it
    assert {pid for _, _, pid in chunks[1:]} - {os.getpid()}
    assert "compiling the toy kernels (first run only, about 7 s)" in caplog.messages


def test_a_warm_run_starts_the_workers_at_once(toy, caplog):
    toy.triple(1)
    kernels = KernelSet("toy", (toy.triple,), seconds=7)
    with caplog.at_level(logging.INFO, logger="casino_sim.compile"):
        chunks = run_chunks(where, toy, 4, seed=1, merge=_add, workers=2, kernels=kernels)
    assert [c[:2] for c in chunks] == [(i, 3 * i) for i in range(4)]
    assert os.getpid() not in {pid for _, _, pid in chunks}
    assert not any(m.startswith("compiling") for m in caplog.messages)


def test_the_figures_do_not_depend_on_where_kernels_compiled(toy):
    kernels = KernelSet("toy", (toy.triple,), seconds=1)
    cold = run_chunks(where, toy, 5, seed=3, merge=_add, workers=2, kernels=kernels)
    warm = run_chunks(where, toy, 5, seed=3, merge=_add, workers=2, kernels=kernels)
    assert [c[:2] for c in cold] == [c[:2] for c in warm]


def test_a_background_compile_fills_the_cache_and_the_run_waits_for_it(toy, caplog):
    kernels = KernelSet("toy", (toy.triple,), seconds=7)
    with Precompiler([[Task("broken", toy.fail), Task("toy", toy.warm)]]) as ahead:
        assert not ahead.wait("broken")  # a failed warm-up only means the run compiles itself
        with caplog.at_level(logging.INFO, logger="casino_sim.compile"):
            chunks = run_chunks(where, toy, 4, seed=1, merge=_add, workers=2, kernels=kernels)
        assert ahead.wait("toy")
    assert toy.triple._cache._cache_file._load_index()  # on disk, from the background process
    assert os.getpid() not in {pid for _, _, pid in chunks}  # nothing compiled here first
    assert not any(m.startswith("compiling") for m in caplog.messages)


def test_leaving_the_block_stops_a_lane_still_compiling(toy):
    import time

    with Precompiler([[Task("slow", time.sleep, (60,))]]) as ahead:
        process = ahead._processes[0]
        assert process.is_alive()
    assert not process.is_alive()


def test_this_process_does_its_idle_work_while_it_waits(toy):
    import threading
    import time

    seen = []

    def idle():
        seen.append(threading.current_thread() is not threading.main_thread())

    with Precompiler([[Task("slow", time.sleep, (1,))]], idle=idle) as ahead:
        assert ahead.wait("slow")
        assert seen == [True]  # in a thread, finished before the wait returned
        assert ahead.wait("slow") and seen == [True]  # once


def test_a_wait_that_blocks_says_what_it_waits_for(toy, caplog, monkeypatch):
    import time

    from casino_sim.engine import compiling

    # the wait speaks after QUIET_WAIT_SECONDS: made short beside the task's 2 s, so the lane's
    # start (a fork of a large worker process, on a loaded machine) cannot use up the margin
    monkeypatch.setattr(compiling, "QUIET_WAIT_SECONDS", 0.1)
    slow = Precompiler([[Task("toy", time.sleep, (2,))]])
    with caplog.at_level(logging.INFO, logger="casino_sim.compile"), slow as ahead:
        assert ahead.wait("toy")
    assert "waiting for the toy kernels to compile (first run only)" in caplog.messages


def test_a_lane_held_back_starts_when_this_process_waits(toy):
    import time

    with Precompiler([[Task("toy", toy.warm)]], start_when=[lambda: False]) as ahead:
        time.sleep(1.5)
        assert not toy.triple._cache._cache_file._load_index()  # held back: nothing compiled
        assert ahead.wait("toy")
    assert toy.triple._cache._cache_file._load_index()


def _write_later(path):
    import time

    time.sleep(1)
    with open(path, "w") as handle:
        handle.write("done")


def _require(path):
    if not os.path.exists(path):
        raise RuntimeError("started too early")


def test_a_task_waits_for_the_tasks_it_comes_after(tmp_path):
    mark = str(tmp_path / "first")
    lanes = [[Task("first", _write_later, (mark,))], [Task("then", _require, (mark,), ("first",))]]
    with Precompiler(lanes) as ahead:
        assert ahead.wait("then")  # it failed (False) had it not waited for "first"
