"""The optimizer's speed (issue 27): the shipped casino's week optimized, and the closed-form case.

a. ``floors/casino-costs`` (its banked group, the Caribbean Stud pit: the stud groups are not
   scheduled), tables by weekday and 2-hour block, net contribution, no limit on players
   turned away (the pit turns away up to 20% at 18:00-20:00 with all six tables: no schedule
   meets 5%), 10 replications of 7 days per floor run, 2 workers, a 15-minute budget: the
   time, the rounds, the floor runs and the floor-years simulated;
b. ``floors/erlang-pit`` (the closed-form case, 8-hour blocks, one schedule for every day):
   the same figures, and whether it found the closed-form optimum (2, 5, 10 tables);
c. ``floors/minimums-pit`` with ``--decide minimums`` (the minimums' closed-form case: $10,
   $10 and $25), beside the floor runs a search over whole schedules would need (every
   combination of the ladder's minimums across the blocks).

Beside each, as the comparison in the same run, the floor runs a one-block-at-a-time marginal
analysis would need for the same rounds (two per block per round: one more table, one fewer,
with the current schedule's run shared), against the three per round of the parallel search:
the ratio is the work the parallel search saves (counted, not run: run, it would take hours).

Budget (issue 27): the shipped casino's week within 15 minutes on 2 cores.

Run: python benchmarks/bench_optimize.py [--quick]
"""

from __future__ import annotations

import sys
import time

from casino_sim.config import load_floor
from casino_sim.floor.optimize import Optimized, OptimizeOptions, optimize_tables
from casino_sim.floor.optimize_minimums import ladder_of, optimize_minimums

BUDGET_SECONDS = 15 * 60


def _paired(done: Optimized) -> str:
    """The selection run's objective: base, optimized and the paired difference's interval."""
    o = done.objective
    assert o.a is not None and o.b is not None and o.difference is not None
    gap = o.difference
    return (f"base {o.a.mean:,.0f}, optimized {o.b.mean:,.0f}, paired difference "
            f"[{gap.low:,.0f}, {gap.high:,.0f}]")  # fmt: skip


def run(name: str, options: OptimizeOptions) -> None:
    floor = load_floor(name)
    started = time.perf_counter()
    done = optimize_tables(floor, options)
    seconds = time.perf_counter() - started
    cells = sum(counts.size for counts in done.schedules.values())
    decisions = cells if options.by_weekday else cells // 7
    one_at_a_time = done.rounds * (1 + 2 * decisions)
    print(f"{name}: {seconds:,.0f} s, {done.rounds} round(s), {done.evaluations} floor runs, "
          f"{done.floor_years:.2f} floor-years; stopped: {done.stopped}")  # fmt: skip
    print(f"  {decisions} decisions (group x weekday x block); one block at a time: "
          f"{one_at_a_time} floor runs for those rounds, {one_at_a_time / (3 * done.rounds):.0f}x "
          f"the parallel search's {3 * done.rounds}")  # fmt: skip
    for group, counts in done.schedules.items():
        print(f"  {group}: tables by weekday (rows) and block: {counts.tolist()}")
    print(f"  objective per run, {_paired(done)}")
    verdict = "PASS" if seconds <= BUDGET_SECONDS else "OVER"
    print(f"  budget {BUDGET_SECONDS / 60:.0f} min: {verdict}")


def run_minimums(name: str, options: OptimizeOptions) -> None:
    floor = load_floor(name)
    started = time.perf_counter()
    done = optimize_minimums(floor, options)
    seconds = time.perf_counter() - started
    (group,) = options.groups
    steps = len(ladder_of(floor.group(group), None, options.block_hours))
    blocks = done.schedules[group].shape[1]
    print(f"{name} (minimums): {seconds:,.0f} s, {done.evaluations} floor runs, "
          f"{done.floor_years:.2f} floor-years; {steps} minimums x {blocks} blocks: whole "
          f"schedules would be {steps**blocks} floor runs, {steps**blocks / steps:.0f}x")  # fmt: skip
    print(f"  {group}: minimums by block {done.schedules[group][0].tolist()} (closed form "
          f"[10.0, 10.0, 25.0]); objective per run, {_paired(done)}")  # fmt: skip


def main() -> None:
    quick = "--quick" in sys.argv
    run("floors/erlang-pit", OptimizeOptions(groups=("pit",), block_hours=8, max_turned_away=None,
                                             seed=3, by_weekday=False, workers=2))  # fmt: skip
    run_minimums("floors/minimums-pit",
                 OptimizeOptions(groups=("pit",), block_hours=8, max_turned_away=None, seed=3,
                                 by_weekday=False, workers=2, decide="minimums"))  # fmt: skip
    run("floors/casino-costs", OptimizeOptions(groups=("pit",), seed=1, workers=2,
                                               max_turned_away=None, replications=10,
                                               rounds=2 if quick else 12,
                                               budget_seconds=BUDGET_SECONDS))  # fmt: skip


if __name__ == "__main__":
    main()
