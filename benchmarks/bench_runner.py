"""The chunk runner's backends: speed-up on 2 workers, Dask vs local processes, memory, 10^10 rounds.

Run: python benchmarks/bench_runner.py [--rounds 20M] [--large 50M] [--stud-hands 200k]

Figures (issue #13), all in the same run:

* speed-up of 2 local worker processes and of a 2-worker Dask ``LocalCluster``
  over 1 worker, for the Caribbean Stud Monte Carlo and the stud simulator
  (target >= 1.8x; the cluster is started once, before the clock starts);
* the Dask backend vs local processes at ``--large`` rounds (target: within 10%);
* peak memory (this process's children's high-water mark, and this process's)
  at two run lengths: flat in the number of rounds;
* seconds per 2^20-round chunk on one core, and from it the wall time of a
  10^10-round Caribbean run on a 64-core cluster.

Every figure is compared with the 1-worker run's result: the backends must
give identical figures.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))

from casino_sim.cli.common import Number
from casino_sim.config import load_paytable, load_stud_table, load_stud_variant
from casino_sim.engine.rundir import RunDir, stored_definition
from casino_sim.engine.runner import RunnerOptions
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
    CaribbeanSimConfig,
    simulate_caribbean,
)
from casino_sim.games.poker_room import simulate_stud

COUNT = Number("count", low=1, high=10**10)
CHUNK_ROUNDS = 1 << 20


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def caribbean(rounds: int, workers: int, runner: RunnerOptions | None) -> Any:
    config = CaribbeanSimConfig.table(load_paytable("caribbean_stud/standard"), strategy="optimal")
    result = simulate_caribbean(config, rounds, seed=1, workers=workers, runner=runner)
    record = result.to_record()
    record.pop("workers", None)
    return record


def stud(hands: int, workers: int, runner: RunnerOptions | None) -> Any:
    variant = load_stud_variant("stud/seven_card_stud")
    table = load_stud_table("stud/tables/5-10")
    return simulate_stud(
        variant, table, 8, hands=hands, seed=1, workers=workers, chunk_size=5_000, runner=runner
    )


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def parallel_headroom(n: int = 10_000_000) -> float:
    """Speed-up of 2 processes over 1 on a pure-Python loop: the parallelism the machine gives."""
    one, _ = timed(lambda: (_burn(n), _burn(n)))
    with multiprocessing.Pool(2) as pool:
        two, _ = timed(lambda: pool.map(_burn, [n, n]))
    return one / two


def peak_mb() -> tuple[float, float]:
    """High-water resident memory (MB) of this process and of its largest child so far."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=COUNT, default=20_000_000, help="Caribbean speed-up run")
    parser.add_argument("--large", type=COUNT, default=50_000_000, help="Dask vs local run")
    parser.add_argument("--stud-hands", type=COUNT, default=200_000, help="stud speed-up run")
    parser.add_argument("--memory-probe", type=COUNT, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_probe:
        caribbean(args.memory_probe, 2, None)
        print(*peak_mb())
        return

    import distributed

    caribbean(CHUNK_ROUNDS, 1, None)  # warm: strategy tables, compiled kernels
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:  # fmt: skip
        dask = RunnerOptions(backend="dask", scheduler=cluster.scheduler_address)
        caribbean(2 * CHUNK_ROUNDS, 2, dask)  # warm the cluster's workers
        print(
            f"cores available: {len(os.sched_getaffinity(0))}; a pure-Python loop on 2 processes "
            f"runs {parallel_headroom():.2f}x as fast as on 1 (what this machine gives now)"
        )
        for name, work, size in (
            ("Caribbean Stud MC", caribbean, args.rounds),
            ("stud simulator", stud, args.stud_hands),
        ):
            one, reference = timed(lambda w=work, s=size: w(s, 1, None))
            two, local = timed(lambda w=work, s=size: w(s, 2, None))
            on_dask, clustered = timed(lambda w=work, s=size: w(s, 2, dask))
            same = reference == local == clustered
            print(
                f"{name}: {size:,} in {one:.2f} s on 1 worker ({size / one / 1e6:.2f} M/s); "
                f"2 local workers {one / two:.2f}x; 2-worker LocalCluster {one / on_dask:.2f}x; "
                f"identical figures: {same}"
            )
        local_s, local = timed(lambda: caribbean(args.large, 2, None))
        dask_s, clustered = timed(lambda: caribbean(args.large, 2, dask))
        print(
            f"{args.large:,} rounds on 2 workers: local processes {local_s:.1f} s, Dask "
            f"{dask_s:.1f} s ({100 * (dask_s / local_s - 1):+.1f}%); identical: {local == clustered}"
        )
    for rounds in (args.rounds // 4, args.rounds):  # each in a fresh process: its own peak
        probe = [sys.executable, __file__, "--memory-probe", str(rounds)]
        own, child = map(float, subprocess.run(probe, capture_output=True, text=True,
                                               check=True).stdout.split())  # fmt: skip
        print(f"peak memory, {rounds:,} rounds on 2 workers: main {own:.0f} MB, "
              f"largest worker {child:.0f} MB")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:  # chunk times as a run directory records them
        caribbean(8 * CHUNK_ROUNDS, 1, RunnerOptions(run_dir=Path(folder) / "run"))
        stored = stored_definition(Path(folder) / "run") or {}
        with RunDir.open(Path(folder) / "run", stored, resume=True) as run:
            per_chunk = statistics.median(run.chunk_seconds())
    total_chunks = -(-(10**10) // CHUNK_ROUNDS)
    core_seconds = total_chunks * per_chunk
    print(
        f"one core: {per_chunk:.3f} s per {CHUNK_ROUNDS:,}-round chunk (median, from a run "
        f"directory); 10^10 rounds = {total_chunks:,} chunks = {core_seconds / 3600:.2f} "
        f"core-hours, about {core_seconds / 64:.0f} s of chunks on a 64-core cluster"
    )


if __name__ == "__main__":
    main()
