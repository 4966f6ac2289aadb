"""``casino-sim floor``: a casino floor on the clock, replicated, from a floor file (or a paytable).

``casino-sim floor floors/casino --days 30 --replications 50 --seed 1 --plots out/``
runs the floor's SimPy model ``--replications`` times (replication *i* draws
from the *i*-th child of the seed, so any ``--workers`` gives the same figures)
and prints each table group's win, hold, occupancy and edge, each meter's
liability and hits, and the players turned away, every figure with its 95%
interval across replications. The shortcut ``casino-sim floor PAYTABLE
[--tables 4 --arrivals-per-hour 40 ...]`` runs one pit of that paytable
(:func:`casino_sim.floor.shortcut.pit_floor`).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    add_runner_options,
    check_outputs,
    check_strategy,
    declared_kind,
    require,
    run_provenance,
    run_seed,
    runner_options,
)
from casino_sim.cli.progress import chunk_progress

if TYPE_CHECKING:
    from casino_sim.config.floor_loader import Floor
    from casino_sim.floor.results import ReplicationResult

#: ``casino-sim floor compare A B``: the first argument that makes the command a comparison.
COMPARE = "compare"
#: The most replications one run takes (each is a whole floor for ``--days``).
MAX_REPLICATIONS = 100_000
#: The shortcut's options (a paytable instead of a floor file) and their defaults.
SHORTCUT = {
    "tables": 4,
    "arrivals_per_hour": 40,
    "session_minutes": 45,
    "ante": Fraction(5),
    "strategy": "optimal",
    "side_bet_share": None,
    "progressive": None,
}


def register(subparsers: Subparsers) -> None:
    """Add the ``floor`` sub-command."""
    parser = subparsers.add_parser(
        "floor",
        help="a casino floor on the clock (floor file or paytable): win per day, hold, meters, "
        "hits, occupancy, with intervals across replications",
        description="A SimPy model of a casino floor (kind: floor YAML, e.g. floors/casino): "
        "arrivals by hour and weekday, seats, waiting lists, dealer breaks, linked meters, "
        "replicated. A caribbean_stud paytable instead runs one pit (the shortcut options). "
        "casino-sim floor compare A B [--days --replications --seed --json --csv] runs two "
        "floors with common random numbers and prints every figure of both, B - A with its "
        "paired 95% interval, the unpaired interval beside it and the variance reduction.",
        usage="%(prog)s [options] FLOOR\n       %(prog)s compare A B [--days N] [--replications R] "
        "[--seed N] [--workers N] [--json OUT] [--csv OUT]",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "floor",
        metavar="FLOOR",
        help="a floor file or shipped name (floors/pit, floors/card-room, floors/casino), or a "
        "caribbean_stud paytable such as caribbean_stud/standard (the shortcut); or compare "
        "(casino-sim floor compare A B: two floors paired by common random numbers)",
    )
    parser.add_argument("compared", nargs="*", metavar="B", help=argparse.SUPPRESS)
    parser.add_argument(
        "--days", type=Number("int", low=1, high=3660), default=None,
        help="days per replication (default: the floor file's days; 1 for a paytable)",
    )  # fmt: skip
    parser.add_argument(
        "--replications", type=Number("int", low=1, high=MAX_REPLICATIONS), default=10,
        help="independent replications (intervals need 2 or more)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=SEED, default=None,
        help="seed for a reproducible run (default: random, printed)",
    )  # fmt: skip
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument("--json", metavar="OUT", help="write every figure as JSON")
    parser.add_argument("--csv", metavar="OUT", help="write one row per table group as CSV")
    parser.add_argument(
        "--counts", metavar="OUT",
        help="write the first replication's hourly counts as a table-games system exports them "
        "(date, hour, game, tables_open, players; the first day, when the floor opens empty, "
        "left out): the input of casino-sim calibrate",
    )  # fmt: skip
    parser.add_argument(
        "--plots", metavar="DIR",
        help="write the plots (meters, daily win, hour of day) into DIR: new, empty or a "
        "folder casino-sim wrote",
    )  # fmt: skip
    parser.add_argument(
        "--plot-format", choices=("svg", "png", "pdf"), default="svg", help="format of --plots"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    shortcut = parser.add_argument_group(
        "shortcut (FLOOR is a caribbean_stud paytable: one pit, always open, constant arrivals)"
    )
    shortcut.add_argument(
        "--tables", type=Number("int", low=1, high=500), default=None,
        help=f"tables in the pit (default: {SHORTCUT['tables']})",
    )  # fmt: skip
    shortcut.add_argument(
        "--arrivals-per-hour", type=Number("float", low=0, low_open=True, high=10_000),
        default=None, help=f"players arriving per hour, Poisson (default: {SHORTCUT['arrivals_per_hour']})",
    )  # fmt: skip
    shortcut.add_argument(
        "--session-minutes", type=Number("float", low=0, low_open=True, high=7 * 24 * 60),
        default=None, help=f"mean session length, exponential (default: {SHORTCUT['session_minutes']})",
    )  # fmt: skip
    shortcut.add_argument(
        "--ante", type=Number("money", low=Fraction(1, 100), high=1_000_000), default=None,
        help=f"ante in money (default: {SHORTCUT['ante']})",
    )  # fmt: skip
    shortcut.add_argument(
        "--strategy", default=None,
        help="optimal, pair-or-better, akj83, always-raise, or a caribbean_strategy YAML file "
        "(default: optimal)",
    )  # fmt: skip
    shortcut.add_argument(
        "--side-bet-share", type=Number("float", low=0, high=1, percent=True), default=None,
        help="chance a session plays the progressive, e.g. 0.5 or 50%% (needs --progressive; "
        "default 0.5 with it)",
    )  # fmt: skip
    shortcut.add_argument(
        "--progressive", metavar="FILE", default=None,
        help="progressive side-bet YAML or shipped name, one meter linked across the tables",
    )  # fmt: skip
    parser.add_argument("--hours", default=None, help=argparse.SUPPRESS)  # gone: see run()
    add_output_options(parser)
    add_runner_options(parser)
    parser.set_defaults(func=run)


def _load(args: argparse.Namespace) -> Floor:
    """The floor a command line means: a floor file, or the shortcut's pit for a paytable."""
    from casino_sim.config import load_floor, resolve_input
    from casino_sim.floor.shortcut import SHORTCUT_DAYS, pit_floor

    path = resolve_input(args.floor)
    kind = declared_kind(path)
    given = {name: getattr(args, name) for name in SHORTCUT if getattr(args, name) is not None}
    if kind == "floor":
        named = ", ".join("--" + name.replace("_", "-") for name in given)
        require(not given, f"{named}: only with a caribbean_stud paytable (the shortcut); "
                           f"a floor file sets the tables and players in its YAML")  # fmt: skip
        return load_floor(path)
    got = f"a {kind} file" if kind is not None else "a file without a kind"
    require(kind == "caribbean_stud",
            f"{args.floor}: expected a floor file or a caribbean_stud paytable, got {got}")  # fmt: skip
    if args.strategy is not None:
        check_strategy(args.strategy)
    options = {**SHORTCUT, **given}
    return pit_floor(path, days=SHORTCUT_DAYS, **options)


def definition_data(floor: Floor) -> dict[str, Any]:
    """The floor as run, as plain data for the JSON (no ``costs`` key without a costs block, no
    ``schedule`` key for a group without one)."""
    from casino_sim.config import to_data

    data: dict[str, Any] = to_data(floor.definition)
    if data.get("costs") is None:
        data.pop("costs", None)
    for group in data.get("tables", []):
        if "schedule" in group and group["schedule"] is None:
            del group["schedule"]
    return data


def run(args: argparse.Namespace) -> int:
    """Run the replications, print the summary, write the requested files."""
    if args.floor == COMPARE:
        return run_compare(args)
    require(not args.compared, f"unexpected argument(s): {' '.join(args.compared)} (one FLOOR; "
                               f"two floors: casino-sim floor compare A B)")  # fmt: skip
    from casino_sim.engine.files import write_csv, write_directory, write_json
    from casino_sim.floor.counts import counts_rows
    from casino_sim.floor.simulate import simulate_floor
    from casino_sim.report.floor import format_floor, group_rows, json_ready
    from casino_sim.report.floor_plots import floor_plots

    require(args.hours is None, "--hours is gone: the floor runs whole days, use --days N")
    floor = _load(args)
    outputs = {"--json": args.json, "--csv": args.csv, "--counts": args.counts}
    check_outputs(args, outputs, floor.inputs.values(), folders={"--plots": args.plots})
    runner = runner_options(args, floor.inputs)
    days = floor.definition.days if args.days is None else args.days
    require(
        not args.counts or days >= 2, "--counts leaves the first day out: give --days 2 or more"
    )
    seed = run_seed(args)
    first: dict[str, Any] = {}

    def keep_counts(index: int, result: ReplicationResult) -> None:
        if index == 0 and args.counts:
            first.update(result.seated_by_hour)

    started = time.perf_counter()
    with chunk_progress(args, total=args.replications, unit="replication", seed=seed,
                        chunks=args.replications, chunk="one replication", quiet=args.quiet) as progress:  # fmt: skip
        summary = simulate_floor(floor, days=days, replications=args.replications, seed=seed,
                                 workers=args.workers,
                                 progress=progress.update, on_replication=keep_counts,
                                 runner=replace(runner, on_restored=progress.restored))  # fmt: skip
    elapsed = time.perf_counter() - started
    record = summary.to_record()
    workers = progress.workers  # the processes that ran (--workers may ask for more)
    print(format_floor(record, name=floor.definition.name, seed=seed, workers=workers))
    written = []
    if args.json:
        provenance = run_provenance(args, floor.inputs, seed=seed,
                                    elapsed_seconds=round(elapsed, 3))  # fmt: skip
        data = {
            "provenance": provenance,
            "definition": definition_data(floor),
            "workers": workers,
            **record,
            "ledger": summary.ledger.to_record(),  # every replication's flows, in cents
        }
        write_json(args.json, json_ready(data), overwrite=args.force)
        written.append(f"JSON {args.json}")
    if args.csv:
        write_csv(args.csv, group_rows(record), overwrite=args.force)
        written.append(f"CSV {args.csv}")
    if args.counts:
        rows = counts_rows(first, floor.definition.groups,
                           start_weekday=floor.definition.start_weekday_index)  # fmt: skip
        write_csv(args.counts, list(rows), overwrite=args.force)
        written.append(f"counts {args.counts} (replication 1, days 2 to {days})")
    if args.plots:
        files = floor_plots(summary, record, format=args.plot_format)
        write_directory(args.plots, files, overwrite=args.force)
        written.append(f"plots {args.plots}/ ({', '.join(files)})")
    print(f"\nRan in {elapsed:,.1f} s." + (f" Wrote {'; '.join(written)}." if written else ""))
    return 0


def _compared(args: argparse.Namespace) -> tuple[Floor, Floor]:
    """The two floor files of ``floor compare A B`` (each a ``kind: floor`` file), validated."""
    from casino_sim.config import load_floor, resolve_input

    require(len(args.compared) == 2,
            f"floor compare takes two floor files (A B), got {len(args.compared)}; a floor "
            f"file named compare: ./compare")  # fmt: skip
    given = [name for name in SHORTCUT if getattr(args, name) is not None]
    refused = ["--" + n.replace("_", "-") for n in given] + ["--plots"] * bool(args.plots)
    refused += ["--run-dir"] * bool(args.run_dir) + ["--resume"] * bool(args.resume)
    refused += ["--hours"] * (args.hours is not None)
    refused += [f"--backend {args.backend}"] * (args.backend != "local")
    require(not refused, f"{', '.join(refused)}: not with floor compare (two floor files, "
                         "their own tables and players, run on this machine)")  # fmt: skip
    floors = []
    for name in args.compared:
        path = resolve_input(name)
        kind = declared_kind(path)
        got = f"a {kind} file" if kind is not None else "a file without a kind"
        require(kind == "floor", f"{name}: floor compare needs two floor files, got {got}")
        floors.append(load_floor(path))
    return floors[0], floors[1]


def run_compare(args: argparse.Namespace) -> int:
    """``casino-sim floor compare A B``: both floors with one seed and common random numbers."""
    from casino_sim.engine.files import write_csv, write_json
    from casino_sim.floor.compare import compare_floors
    from casino_sim.report.floor import json_ready
    from casino_sim.report.floor_compare import comparison_rows, format_comparison

    a, b = _compared(args)
    inputs = {f"A {k}": v for k, v in a.inputs.items()} | {f"B {k}": v for k, v in b.inputs.items()}
    check_outputs(args, {"--json": args.json, "--csv": args.csv}, inputs.values())
    if args.days is None:
        da, db = a.definition.days, b.definition.days
        require(da == db, f"{args.compared[0]} runs {da} day(s), {args.compared[1]} {db}: "
                          "give --days for both")  # fmt: skip
    days = a.definition.days if args.days is None else args.days
    seed = run_seed(args)
    same = a.inputs["floor"].resolve() == b.inputs["floor"].resolve()
    started = time.perf_counter()
    with chunk_progress(args, total=2 * args.replications, unit="replication", seed=seed,
                        chunks=args.replications, chunk="one replication", quiet=args.quiet) as progress:  # fmt: skip
        comparison = compare_floors(a, b, days=days, replications=args.replications, seed=seed,
                                    workers=args.workers, progress=progress.update)  # fmt: skip
    elapsed = time.perf_counter() - started
    files = (args.compared[0], args.compared[1])
    print(format_comparison(comparison, files=files, workers=progress.workers, same_file=same))
    written = []
    if args.json:
        provenance = run_provenance(args, inputs, seed=seed, elapsed_seconds=round(elapsed, 3))
        data = {"provenance": provenance,
                "definitions": {"a": definition_data(a), "b": definition_data(b)},
                "workers": progress.workers, **comparison.to_record()}  # fmt: skip
        write_json(args.json, json_ready(data), overwrite=args.force)
        written.append(f"JSON {args.json}")
    if args.csv:
        write_csv(args.csv, comparison_rows(comparison), overwrite=args.force)
        written.append(f"CSV {args.csv}")
    print(f"\nRan in {elapsed:,.1f} s." + (f" Wrote {'; '.join(written)}." if written else ""))
    return 0
