"""Floor speed and memory (issue 11), beside today's floor (``baseline_floor.py``) in the same run.

Four measurements, each in a fresh Python process (so a peak RSS belongs to
one measurement, and no run profits from another's warm caches in memory;
``--quick`` runs them all in this process, to skip the start-ups):

a. the new model: one replication of ``floors/big-casino.yaml`` (20 Caribbean
   Stud tables, 10 stud tables) for 365 days on one core, timed around
   ``run_replication`` alone: ``prepare_floor`` (strategies, exact edges) is
   timed apart, and a 1-day replication runs first so that loading the
   compiled kernels is not counted;
b. the baseline: the floor model as it was before issue 11, 20 Caribbean
   tables for 30 days (after a 1-hour warm-up run), compared in table-days
   (tables x days simulated) per second;
c. 100 replications of the shipped 6-table pit for 30 days on 2 workers,
   end to end through ``simulate_floor`` (planning, workers starting up and
   the summary included; after a 1-day warm-up run in the same process);
d. memory flat in days: peak RSS of one pit replication of 30 days vs 365;
e. the floor's own cost (issue 27): the bare engines deal what (a) dealt, on one core,
   with no floor around them: the Caribbean Stud Monte Carlo (``simulate_caribbean``) the
   same rounds at the seats (a) filled on average (rounded) with the progressive side bet,
   and the stud engine (``simulate_stud``) the same stud hands at 7 players; (a)'s time over
   theirs is the floor's cost as a ratio (budget 1.5x). Beside it, the same ratio with the
   stud hands dealt as each stud group dealt them (its variant and table, at its average
   players, rounded: the same games, where razz, stud hi-lo and eight-handed games cost more).

Budgets (DESIGN.md, performance budget): a <= 20 s; c <= 60 s; memory flat
in days and replications. Each figure is printed with its budget and PASS or
OVER; nothing is asserted. ``--quick`` runs small sizes (a smoke run) and
projects them linearly to the budget's sizes.

SimPy events are counted as the events a replication's environment scheduled
(``simpy.Environment`` is swapped for a subclass that remembers its
instances; nothing is added per event). Peak RSS is the measuring process's
high-water mark, restarted (Linux ``/proc/self/clear_refs``) just before the
timed run, so it is the run's own peak; "over its start" is that peak less
the RSS when the run began (imports, plan and warm-up already resident). The
workers' figure in c is the largest worker's peak over its whole life.

Run: python benchmarks/bench_floor.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BIG_FLOOR = HERE / "floors" / "big-casino.yaml"
PIT_FLOOR = "floors/pit"

BIG_BUDGET_SECONDS = 20.0  # one replication of the big floor, 365 days, one core
PIT_BUDGET_SECONDS = 60.0  # 100 replications of the pit, 30 days, 2 workers
FLAT_TOLERANCE = 0.10  # "flat": the 365-day peak RSS within 10% of the 30-day one

FULL: dict[str, Any] = {
    "big_days": 365,
    "base_hours": 30 * 24,
    "pit_reps": 100,
    "pit_days": 30,
    "mem_days": (30, 365),
}
QUICK: dict[str, Any] = {
    "big_days": 7,
    "base_hours": 24,
    "pit_reps": 4,
    "pit_days": 3,
    "mem_days": (3, 30),
}
BUDGET_SIZES = {"big_days": 365, "pit_reps": 100, "pit_days": 30}


# ------------------------------------------------------------ in the child process


def _peak_mb() -> float:
    """This process's peak RSS (since the last :func:`_reset_peak`, where Linux allows it)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _reset_peak() -> float:
    """Restart the peak-RSS count at the current RSS (Linux ``clear_refs``); the RSS in MB.

    Without it a peak would be the larger of the run's and that of imports,
    planning and warm-up (which load the exact-analysis counts).
    """
    try:
        Path("/proc/self/clear_refs").write_text("5")
        status = Path("/proc/self/status").read_text().splitlines()
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
    except (OSError, StopIteration):  # not Linux: the peak counts from the start of the process
        return _peak_mb()


def _count_environments() -> list[Any]:
    """Swap ``simpy.Environment`` for a subclass that remembers every instance."""
    import simpy

    made: list[Any] = []

    class Counted(simpy.Environment):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    simpy.Environment = Counted  # type: ignore[misc]
    return made


def _events(environments: list[Any]) -> int:
    return sum(next(env._eid) for env in environments)  # events scheduled (SimPy's event ids)


def measure_replication(floor_path: str, days: int) -> dict[str, Any]:
    """New model: warm up (1 day), plan ``days``, time one replication; counts and peak RSS."""
    import numpy as np

    from casino_sim.config import load_floor
    from casino_sim.floor.plan import prepare_floor
    from casino_sim.floor.run import run_replication
    from casino_sim.floor.tally import HANDS, ROUNDS

    environments = _count_environments()
    floor = load_floor(floor_path)
    start = time.perf_counter()
    plan = prepare_floor(floor, days=days)
    prepare_seconds = time.perf_counter() - start
    run_replication(prepare_floor(floor, days=1), 0, np.random.SeedSequence(0))  # warm-up
    environments.clear()
    ready_mb = _reset_peak()
    start = time.perf_counter()
    result = run_replication(plan, 0, np.random.SeedSequence(1))
    seconds = time.perf_counter() - start
    banked = [i for i, (_, game) in enumerate(result.tables) if game != "stud"]
    poker = [i for i, (_, game) in enumerate(result.tables) if game == "stud"]
    groups = []  # each stud group's variant, table, hands and player hands
    for group in floor.poker_groups:
        at = [i for i, (name, _) in enumerate(result.tables) if name == group.name]
        hands, players = (int(result.daily[at][:, :, m].sum()) for m in (ROUNDS, HANDS))
        groups.append([group.variant, group.table, hands, players])
    return {
        "seconds": seconds,
        "prepare_seconds": prepare_seconds,
        "tables": len(result.tables),
        "banked_tables": len(banked),
        "poker_tables": len(poker),
        "days": days,
        "rounds": int(result.daily[banked][:, :, ROUNDS].sum()),
        "poker_hands": int(result.daily[poker][:, :, ROUNDS].sum()),
        "player_hands": int(result.daily[:, :, HANDS].sum()),
        "poker_player_hands": int(result.daily[poker][:, :, HANDS].sum()),
        "poker_groups": groups,
        "arrivals": int(sum(result.arrivals)),
        "events": _events(environments),
        "ready_mb": ready_mb,
        "peak_mb": _peak_mb(),
    }


def measure_baseline(hours: int) -> dict[str, Any]:
    """Today's floor: 20 Caribbean tables for ``hours`` (after a 1-hour warm-up)."""
    sys.path.insert(0, str(HERE))
    environments = _count_environments()
    from baseline_floor import FloorConfig, simulate_floor

    from casino_sim.config import load_paytable, load_progressive

    standard = load_paytable("caribbean_stud/standard")
    progressive = load_progressive("progressives/50-75-100")
    simulate_floor(FloorConfig(standard, tables=1, hours=1, progressive=progressive), seed=0)
    environments.clear()
    config = FloorConfig(standard, tables=20, hours=hours, progressive=progressive)
    ready_mb = _reset_peak()
    start = time.perf_counter()
    result = simulate_floor(config, seed=1)
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "tables": config.tables,
        "days": hours / 24,
        "rounds": sum(t.rounds for t in result.tables),
        "player_hands": sum(t.hands for t in result.tables),
        "arrivals": result.arrivals,
        "events": _events(environments),
        "ready_mb": ready_mb,
        "peak_mb": _peak_mb(),
    }


def measure_replications(replications: int, days: int, workers: int) -> dict[str, Any]:
    """``simulate_floor`` on the pit end to end (after a 1-day, 1-replication warm-up)."""
    from casino_sim.config import load_floor
    from casino_sim.floor.simulate import simulate_floor

    floor = load_floor(PIT_FLOOR)
    simulate_floor(floor, days=1, replications=1, seed=0)  # warm-up: kernels, exact-count cache
    ready_mb = _reset_peak()
    start = time.perf_counter()
    summary = simulate_floor(floor, days=days, replications=replications, seed=1, workers=workers)
    seconds = time.perf_counter() - start
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "seconds": seconds,
        "replications": summary.replications,
        "ready_mb": ready_mb,
        "peak_mb": _peak_mb(),
        "worker_peak_mb": children,
    }


def measure_engines(
    rounds: int, seats: int, poker_hands: int, groups: list[list[Any]]
) -> dict[str, Any]:
    """The bare engines on one core: ``rounds`` Caribbean rounds at ``seats`` seats and
    ``poker_hands`` seven-card stud hands at 7 players, and each of ``groups``' (variant,
    table, hands, player hands) hands at its average players (each after a small warm-up)."""
    import numba

    from casino_sim.caribbean_stud import CaribbeanSimConfig, simulate_caribbean
    from casino_sim.config import (
        load_paytable,
        load_progressive,
        load_stud_table,
        load_stud_variant,
    )
    from casino_sim.poker_room import simulate_stud

    numba.set_num_threads(1)  # one core, as the floor's replication
    config = CaribbeanSimConfig.table(load_paytable("caribbean_stud/standard"), seats=seats,
                                      progressive=load_progressive("progressives/50-75-100"))  # fmt: skip
    variant, table = load_stud_variant("stud/seven_card_stud"), load_stud_table("stud/tables/5-10")
    simulate_caribbean(config, 10_000, seed=0, workers=1)
    simulate_stud(variant, table, 7, hands=2_000, seed=0, workers=1)
    start = time.perf_counter()
    simulate_caribbean(config, rounds, seed=1, workers=1)
    caribbean = time.perf_counter() - start
    start = time.perf_counter()
    simulate_stud(variant, table, 7, hands=poker_hands, seed=1, workers=1)
    stud = time.perf_counter() - start
    same = 0.0  # the same games: each group's variant and table at its players
    for variant_name, table_name, hands, player_hands in groups:
        variant, table = load_stud_variant(variant_name), load_stud_table(table_name)
        players = max(2, round(player_hands / max(hands, 1)))
        simulate_stud(variant, table, players, hands=2_000, seed=0, workers=1)
        start = time.perf_counter()
        simulate_stud(variant, table, players, hands=hands, seed=1, workers=1)
        same += time.perf_counter() - start
    return {"caribbean_seconds": caribbean, "stud_seconds": stud, "seats": seats,
            "same_games_seconds": same}  # fmt: skip


MEASURES: dict[str, Callable[..., dict[str, Any]]] = {
    "replication": measure_replication,
    "engines": measure_engines,
    "baseline": measure_baseline,
    "replications": measure_replications,
}


# ------------------------------------------------------------ in the parent process


def run_child(kind: str, *args: Any) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter; its result, or ``{"error": ...}``."""
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", kind, json.dumps(args)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        errors = done.stderr.strip().splitlines() or ["no output"]
        where = [line.strip() for line in errors if line.lstrip().startswith("File ")]
        at = f" ({where[-1]})" if where else ""
        return {"error": f"exit status {done.returncode}: {errors[-1]}{at}"}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def run_here(kind: str, *args: Any) -> dict[str, Any]:
    """Run one measurement in this process (``--quick``: no interpreter start-ups)."""
    try:
        return MEASURES[kind](*args)
    except Exception as error:  # a benchmark reports, it does not stop
        return {"error": f"{type(error).__name__}: {error}"}


def _growth(result: dict[str, Any]) -> str:
    return f"+{max(result['peak_mb'] - result['ready_mb'], 0.0):,.0f} MB"


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def verdict(seconds: float, budget: float) -> str:
    return "PASS" if seconds <= budget else "OVER"


def _budget_line(seconds: float, scale: float, budget: float, what: str) -> str:
    if scale == 1:
        return f"{seconds:.1f} s, budget {budget:.0f} s: {verdict(seconds, budget)}"
    projected = seconds * scale  # fixed costs scaled too: indicative only
    return (
        f"{seconds:.2f} s, x{scale:.3g} to {what} = {projected:.1f} s projected, "
        f"budget {budget:.0f} s: {verdict(projected, budget)} (quick run: fixed costs scaled too; indicative only)"
    )


def report_big(new: dict[str, Any], base: dict[str, Any], sizes: dict[str, Any]) -> None:
    print(
        f"a. new model, floors/big-casino.yaml, one replication, {sizes['big_days']} days, one core"
    )
    if "error" in new:
        print(f"   FAILED: {new['error']}")
    else:
        table_days = new["tables"] * new["days"]
        scale = BUDGET_SIZES["big_days"] / sizes["big_days"]
        print(
            f"   {new['banked_tables']} Caribbean + {new['poker_tables']} stud tables = "
            f"{table_days:,} table-days; planning (strategies, exact edges) "
            f"{new['prepare_seconds']:.1f} s and a 1-day warm-up not counted"
        )
        print(f"   time:   {_budget_line(new['seconds'], scale, BIG_BUDGET_SECONDS, '365 days')}")
        print(
            f"   dealt:  {new['rounds']:,} Caribbean rounds, {new['poker_hands']:,} stud hands, "
            f"{new['player_hands']:,} player hands, {new['arrivals']:,} arrivals"
        )
        print(
            f"   SimPy:  {new['events']:,} events scheduled "
            f"({new['events'] / table_days:,.0f} per table-day)"
        )
        print(
            f"   memory: peak RSS during the run {new['peak_mb']:,.0f} MB ("
            f"{_growth(new)} over its start)"
        )
    print(
        f"b. baseline (today's floor, baseline_floor.py), 20 Caribbean tables, "
        f"{_days(sizes['base_hours'] // 24)}, one core"
    )
    if "error" in base:
        print(f"   FAILED: {base['error']}")
        return
    base_table_days = base["tables"] * base["days"]
    print(f"   time:   {base['seconds']:.1f} s for {base_table_days:,.0f} table-days")
    print(
        f"   dealt:  {base['rounds']:,} Caribbean rounds, {base['player_hands']:,} player hands, "
        f"{base['arrivals']:,} arrivals"
    )
    print(
        f"   SimPy:  {base['events']:,} events scheduled "
        f"({base['events'] / base_table_days:,.0f} per table-day)"
    )
    print(
        f"   memory: peak RSS during the run {base['peak_mb']:,.0f} MB ("
        f"{_growth(base)} over its start)"
    )
    if "error" in new:
        return
    new_rate = new["tables"] * new["days"] / new["seconds"]
    base_rate = base_table_days / base["seconds"]
    print(
        f"   new model: {new_rate:,.1f} table-days/s vs baseline {base_rate:,.1f} table-days/s "
        f"= {new_rate / base_rate:,.1f} x"
    )
    new_rounds = (new["rounds"] + new["poker_hands"]) / new["seconds"]
    base_rounds = base["rounds"] / base["seconds"]
    print(
        f"   rounds and hands dealt: new {new_rounds:,.0f}/s vs baseline {base_rounds:,.0f}/s "
        f"= {new_rounds / base_rounds:,.1f} x"
    )
    print(
        f"   raw: new {new['seconds']:.1f} s for {new['tables']} tables x {new['days']} days; "
        f"baseline {base['seconds']:.1f} s for {base['tables']} tables x "
        f"{_days(int(base['days']))}"
    )


def report_pit(pit: dict[str, Any], sizes: dict[str, Any]) -> None:
    print(
        f"c. floors/pit (6 tables), {sizes['pit_reps']} replications x {sizes['pit_days']} days, "
        "2 workers, simulate_floor end to end"
    )
    if "error" in pit:
        print(f"   FAILED: {pit['error']}")
        return
    scale = (BUDGET_SIZES["pit_reps"] * BUDGET_SIZES["pit_days"]) / (
        sizes["pit_reps"] * sizes["pit_days"]
    )
    print(f"   time:   {_budget_line(pit['seconds'], scale, PIT_BUDGET_SECONDS, '100 x 30 days')}")
    per = pit["seconds"] * 2 / pit["replications"]
    print(f"   = {per:.2f} core-seconds per {sizes['pit_days']}-day replication (2 workers)")
    print(
        f"   memory: main process peak RSS during the run {pit['peak_mb']:,.0f} MB "
        f"({_growth(pit)} over its start), "
        f"largest worker {pit['worker_peak_mb']:,.0f} MB"
    )


def report_memory(short: dict[str, Any], long: dict[str, Any], sizes: dict[str, Any]) -> None:
    few, many = sizes["mem_days"]
    print(f"d. memory in days: one floors/pit replication, {few} vs {many} days")
    if "error" in short or "error" in long:
        print(f"   FAILED: {short.get('error') or long.get('error')}")
        return
    for days, r in ((few, short), (many, long)):
        print(
            f"   {days:>4} days: peak RSS during the run {r['peak_mb']:,.0f} MB "
            f"({_growth(r)} over its start; {r['seconds']:.1f} s)"
        )
    ratio = long["peak_mb"] / short["peak_mb"]
    flat = "PASS" if ratio <= 1 + FLAT_TOLERANCE else "OVER"
    print(
        f"   {many}-day peak / {few}-day peak = {ratio:.2f} "
        f"(flat: within {FLAT_TOLERANCE:.0%}): {flat}"
    )


def report_overhead(new: dict[str, Any], engines: dict[str, Any]) -> None:
    print("e. the floor's own cost: the bare engines deal (a)'s rounds and hands on one core")
    if "error" in new or "error" in engines:
        print(f"   FAILED: {new.get('error') or engines.get('error')}")
        return
    caribbean, stud = engines["caribbean_seconds"], engines["stud_seconds"]
    print(
        f"   Caribbean Stud Monte Carlo {new['rounds']:,} rounds at {engines['seats']} seats: "
        f"{caribbean:.1f} s; stud engine {new['poker_hands']:,} hands at 7 players: {stud:.1f} s"
    )
    ratio = new["seconds"] / (caribbean + stud)
    print(
        f"   floor {new['seconds']:.1f} s / engines {caribbean + stud:.1f} s = {ratio:.2f}x, "
        f"budget 1.5x: {'PASS' if ratio <= 1.5 else 'OVER'}"
    )
    same = engines["same_games_seconds"]
    groups = ", ".join(
        f"{variant.split('/')[-1]} at {table.split('/')[-1]} {hands:,} x "
        f"{max(2, round(player_hands / max(hands, 1)))}"
        for variant, table, hands, player_hands in new["poker_groups"]
    )
    print(
        f"   the same games (the stud engine dealing each group's hands at its players: "
        f"{groups}): {same:.1f} s; floor / engines = {new['seconds'] / (caribbean + same):.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument("--measure", nargs=2, metavar=("KIND", "ARGS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:  # a child process: one measurement, one JSON line
        kind, values = args.measure
        print(json.dumps(MEASURES[kind](*json.loads(values))))
        return
    sizes = QUICK if args.quick else FULL
    measure = run_here if args.quick else run_child
    where = "in this process" if args.quick else "each measurement in a fresh process"
    print(
        f"floor benchmark ({'quick' if args.quick else 'full'} run), {os.cpu_count()} cores; {where}"
    )
    new = measure("replication", str(BIG_FLOOR), sizes["big_days"])
    base = measure("baseline", sizes["base_hours"])
    report_big(new, base, sizes)
    if "error" not in new:
        banked_hands = new["player_hands"] - new.get("poker_player_hands", 0)
        seats = max(1, min(7, round(banked_hands / max(new["rounds"], 1))))
        engines = measure("engines", new["rounds"], seats, new["poker_hands"], new["poker_groups"])
    else:
        engines = {"error": "the floor's run failed"}
    report_pit(measure("replications", sizes["pit_reps"], sizes["pit_days"], 2), sizes)
    few, many = sizes["mem_days"]
    report_memory(
        measure("replication", PIT_FLOOR, few), measure("replication", PIT_FLOOR, many), sizes
    )
    report_overhead(new, engines)


if __name__ == "__main__":
    main()
