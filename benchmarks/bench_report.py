"""``casino-sim report`` (the main job) cold and warm, in the same run, with the machine's load.

Cold: a fresh process with empty caches (``NUMBA_CACHE_DIR`` and
``CASINO_SIM_CACHE`` pointed at new temporary folders), so the run compiles
every kernel and builds the dealer-count cache, as a first run after
``pip install`` does. Warm: the same command again with those caches filled.
Each run is ``python -m casino_sim report --out DIR --seed N`` in its own
process; the figures printed are its wall time and its CPU time (user + system,
the worker and background processes included), with the load average before
and after (on a shared machine CPU time is the steadier figure: wall time grows
with the load, CPU time much less).

The stderr lines of each run are kept with their times, so the notes a first
run prints ("compiling the simulation kernels ...", "building the dealer-count
cache ...") and each progress bar's last line show where the time went
(``--show-stderr`` prints them all).

Budgets (DESIGN.md, performance budget, a 2-core machine): cold <= 60 s, warm
<= 20 s, wall time. Each figure is printed with its budget and PASS or OVER;
nothing is asserted.

Run: python benchmarks/bench_report.py [--seed N] [--runs-warm K] [--show-stderr] [ARGS...]
(ARGS after ``--`` go to ``casino-sim report``.)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

COLD_BUDGET_SECONDS = 60.0
WARM_BUDGET_SECONDS = 20.0


@dataclass
class Run:
    """One ``casino-sim report`` process: times, CPU, load, and its stderr lines with times."""

    label: str
    wall: float = 0.0
    cpu: float = 0.0
    peak_mb: float = 0.0
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    status: int = 0
    stderr: list[tuple[float, str]] = field(default_factory=list)
    stdout: str = ""


def _children_cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def run_report(label: str, env: dict[str, str], out: Path, seed: int, extra: list[str]) -> Run:
    """Run the report once in a fresh process; CPU time covers every process it started."""
    command = [sys.executable, "-m", "casino_sim", "report", "--out", str(out), "--seed",
               str(seed), *extra]  # fmt: skip
    run = Run(label, load_before=os.getloadavg())
    cpu_before, _ = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, bufsize=1)  # fmt: skip

    def read_stderr() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            run.stderr.append((time.perf_counter() - started, line.rstrip("\n")))

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    assert process.stdout is not None
    run.stdout = process.stdout.read()
    run.status = process.wait()
    reader.join()
    run.wall = time.perf_counter() - started
    cpu_after, peak = _children_cpu()
    run.cpu, run.peak_mb = cpu_after - cpu_before, peak
    run.load_after = os.getloadavg()
    return run


def _load(load: tuple[float, float, float]) -> str:
    return "/".join(f"{x:.2f}" for x in load)


def _stages(run: Run) -> list[str]:
    """The notes, and the last line of each progress bar, with the time they were printed."""
    lines, last = [], {}
    for at, text in run.stderr:
        if "casino-sim:" in text:
            lines.append((at, text))
        elif ":" in text:
            last[text.split(":", 1)[0]] = (at, text)
    lines += last.values()
    return [f"    {at:6.1f} s  {text[:150]}" for at, text in sorted(lines)]


def report(run: Run, budget: float, *, show_stderr: bool) -> None:
    verdict = "PASS" if run.wall <= budget and run.status == 0 else "OVER"
    print(
        f"{run.label}: {run.wall:.1f} s wall (budget {budget:.0f} s: {verdict}), "
        f"{run.cpu:.1f} s CPU (user + system, all processes), peak RSS {run.peak_mb:.0f} MB; "
        f"load {_load(run.load_before)} before, {_load(run.load_after)} after"
        + ("" if run.status == 0 else f"; EXIT STATUS {run.status}")
    )
    stages = (
        [f"    {at:6.1f} s  {text}" for at, text in run.stderr] if show_stderr else _stages(run)
    )
    print("\n".join(stages))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--runs-warm", type=int, default=1, help="warm runs after the cold one")
    parser.add_argument("--show-stderr", action="store_true", help="every stderr line, timed")
    parser.add_argument("report_args", nargs="*", help="more arguments for casino-sim report")
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} CPUs, {len(os.sched_getaffinity(0))} usable; Python {sys.version.split()[0]}"
    )
    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        root = Path(tmp)
        env = {**os.environ, "NUMBA_CACHE_DIR": str(root / "numba"),
               "CASINO_SIM_CACHE": str(root / "counts")}  # fmt: skip
        cold = run_report("cold (empty caches)", env, root / "cold", args.seed, args.report_args)
        report(cold, COLD_BUDGET_SECONDS, show_stderr=args.show_stderr)
        for k in range(args.runs_warm):
            warm = run_report(f"warm run {k + 1}", env, root / f"warm{k}", args.seed,
                              args.report_args)  # fmt: skip
            report(warm, WARM_BUDGET_SECONDS, show_stderr=args.show_stderr)
        if cold.status or any(line for _, line in cold.stderr if "error" in line):
            print("cold run's stdout:\n" + cold.stdout)


if __name__ == "__main__":
    main()
