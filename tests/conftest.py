"""The whole suite's set-up for parallel runs (pytest-xdist: ``-n 2`` in pyproject.toml).

Each xdist worker is a process with its own session fixtures and its own compiled
kernels, so what must happen once is arranged here, in the controller, before the
workers start:

- the Caribbean Stud dealer-count cache (``$CASINO_SIM_CACHE``; a cold build is tens of
  CPU-seconds) is built once: two workers (or the CLI subprocesses some tests start)
  would each pay the whole build. The file is written atomically, so a concurrent build
  is only slow, never corrupt; a one-process run (``-n 0``) builds it on first use;
- in a run of the whole suite (``python -m pytest`` with no paths), the numba kernels
  are compiled into the cache by ``tests/warm_up.py`` in two processes side by side
  (the counts among them), so no two workers compile the same kernel at once;
- the modules whose tests use a session fixture costly to start and meant to be shared
  (the Dask cluster, the browser) get one ``xdist_group`` each, so one worker starts it;
  so do the tests of a module that defines a fixture of its own shared by its tests (one
  report, one floor run). Such a fixture is session-scoped, not module-scoped: a worker
  that runs out of queued tests tears module fixtures down, and the next test of the
  module would build it again (a 25-second browser fixture was built twice);
- the longest tests outside a group are collected first, so they start early and the two
  workers finish together (xdist itself starts the groups first, the largest first).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

#: Session fixtures that start or build something costly: every test using one runs on one
#: worker. The small default report (tests/report/conftest.py, ~100 CPU-seconds cold) is read
#: by the PAR report's checks and by the browser test: one group, so it is built once.
SHARED_BY_GROUP = {
    "dask_scheduler": "dask-cluster",
    "browser": "report",
    "default_report": "report",
}

#: The longest tests outside a group (5-15 CPU-seconds each, see ``--durations``), by node id
#: prefix, longest first. xdist hands out the groups first (the most tests first: the report,
#: the docs' commands, the Dask cluster...), then one test at a time in this order: the long
#: ones start while there is still other work, so the workers finish within seconds of each
#: other on the thousand short tests at the end.
LONG_FIRST = (
    "tests/test_progressive_agreement.py::",
    "tests/poker_room/test_pokerkit_differential.py::",
    "tests/poker_room/test_structures.py::test_same_final_stacks_as_pokerkit",
    "tests/caribbean_stud/montecarlo/test_meter_replay.py::test_side_bet_return",
    "tests/caribbean_stud/exact/test_solve.py::test_the_best_pay_is_nearest",
    "tests/caribbean_stud/exact/test_progressive_and_cli.py::test_capped_paytable",
    "tests/cli/test_compare_solve.py::test_compare_a_capped_table",
    "tests/poker_room/test_variant_language.py::test_chips_are_conserved",
    "tests/caribbean_stud/exact/test_exact_figures.py::",
    "tests/poker_room/test_fast_structures.py::test_compiled_matches_python",
    "tests/caribbean_stud/montecarlo/test_against_exact.py::",
)


def _distributed(config: pytest.Config) -> bool:
    """Whether this process is the controller of an xdist run with workers."""
    if hasattr(config, "workerinput") or config.option.collectonly:
        return False
    return bool(getattr(config.option, "numprocesses", 0)) and bool(
        getattr(config.option, "tx", None)
    )


def _say(config: pytest.Config, line: str) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(line)


def _warm_up(config: pytest.Config) -> None:
    """Compile the kernels and build the dealer counts in two processes, and wait."""
    from tests.warm_up import LANES

    started = time.perf_counter()
    lanes = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.warm_up", *lane],
            cwd=config.rootpath,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for lane in LANES
    ]
    done = []
    for lane in lanes:
        try:
            out, err = lane.communicate(timeout=1800)
        except subprocess.TimeoutExpired:
            lane.kill()
            out, err = lane.communicate()
        done += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        if lane.returncode != 0:
            tail = " | ".join(err.strip().splitlines()[-3:])
            _say(config, f"warm-up exited {lane.returncode}: {tail}")
    tasks = ", ".join(f"{task['task']} {task['seconds']:.0f} s" for task in done)
    seconds = time.perf_counter() - started
    _say(config, f"warm-up (compiled kernels, dealer counts): {seconds:.0f} s [{tasks}]")
    for task in done:
        if task["error"]:
            _say(config, f"warm-up {task['task']} failed (left to the tests): {task['error']}")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Before xdist starts the workers (its own hook runs last): warm up, or build the counts."""
    config = session.config
    if not _distributed(config):
        return
    if config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        _warm_up(config)
        return
    from casino_sim.dealer_counts import cache

    missing = not os.path.exists(cache.cache_path())
    started = time.perf_counter()
    cache.load_counts()  # reads and checks the file, or builds and writes it atomically
    if missing:
        _say(config, f"dealer counts built in {time.perf_counter() - started:.0f} s")


def _shared_in_module(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture its own module defines for more than one test."""
    info = getattr(item, "_fixtureinfo", None)  # pytest's fixture closure of a test function
    if info is None:
        return False
    module = item.nodeid.split("::")[0]
    return any(
        definitions[-1].scope in ("module", "session") and definitions[-1].baseid == module
        for definitions in info.name2fixturedefs.values()
        if definitions
    )


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups from the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A module that uses a shared fixture runs whole on the worker that starts it (the Dask
    # tests that need no cluster import distributed there too, already loaded).
    group_of_module = {}
    for item in items:
        names = getattr(item, "fixturenames", ())
        for fixture, group in SHARED_BY_GROUP.items():
            if fixture in names:
                group_of_module.setdefault(item.path, group)
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        if item.path in group_of_module:
            item.add_marker(pytest.mark.xdist_group(group_of_module[item.path]))
        elif _shared_in_module(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))

    def first(item: pytest.Item) -> int:
        return next(
            (i for i, p in enumerate(LONG_FIRST) if item.nodeid.startswith(p)), len(LONG_FIRST)
        )

    items.sort(key=first)  # stable: the order of the others is kept
