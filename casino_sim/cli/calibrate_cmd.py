"""``casino-sim calibrate COUNTS --floor FLOOR``: a floor's traffic estimated from hourly counts.

``casino-sim calibrate counts/counts-pit.csv --floor floors/counts-pit --out pit.yaml``
reads the counts (tables open and players seated by date, hour and game, as table-games
systems export them; optionally ``--sessions`` with each session's start and end),
estimates the arrival rate by hour and weekday with 95% intervals
(:mod:`casino_sim.floor.calibrate`), writes the floor file with the estimates, and checks
it by re-simulating the record (:mod:`casino_sim.floor.calibrate_check`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    check_outputs,
    declared_kind,
    require,
    run_provenance,
    run_seed,
    write_floor_file,
)

if TYPE_CHECKING:
    from casino_sim.floor.calibrate import Calibration
    from casino_sim.floor.calibrate_check import SeatedCheck
    from casino_sim.floor.counts import Counts

#: Replications of the check by default (each runs the record's days).
CHECK_REPLICATIONS = 4


def register(subparsers: Subparsers) -> None:
    """Add the ``calibrate`` sub-command."""
    parser = subparsers.add_parser(
        "calibrate",
        help="a floor's traffic (arrivals by hour and weekday) estimated from hourly counts, "
        "with intervals; writes the calibrated floor file and checks it by re-simulation",
        description="Estimate the arrival rate by hour and weekday behind hourly head counts "
        "(date, hour, game, tables_open, players: CSV) as an M_t/G/infinity system, week by "
        "week, with 95%% intervals over the weeks (docs/floor.md, Traffic from counts); write "
        "FLOOR with that traffic as a new floor file; re-simulate it over the record and say "
        "how many hours of day fall inside the counts' intervals.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("counts", metavar="COUNTS", help="the counts CSV file")
    parser.add_argument(
        "--floor", required=True, metavar="FLOOR",
        help="the floor file the counts are of (its table groups, player types and session "
        "lengths); its traffic is what is estimated",
    )  # fmt: skip
    parser.add_argument(
        "--sessions", metavar="CSV",
        help="sessions (game, start, end): their lengths replace the floor file's",
    )  # fmt: skip
    parser.add_argument(
        "--out", metavar="FILE",
        help="the calibrated floor file (default: FLOOR's name with -calibrated.yaml, here)",
    )  # fmt: skip
    parser.add_argument(
        "--check", type=Number("int", low=0, high=1000), default=CHECK_REPLICATIONS,
        help="replications of the re-simulation check (0: no check)",
    )  # fmt: skip
    parser.add_argument("--seed", type=SEED, default=None, help="seed of the check")
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument("--json", metavar="OUT", help="write every figure as JSON")
    add_output_options(parser)
    parser.set_defaults(func=run)


def format_calibration(counts: Counts, calibration: Calibration, check: SeatedCheck | None) -> str:
    """The estimates with their intervals, and the check."""
    from casino_sim.config.floor import WEEKDAYS

    last = counts.start + dt.timedelta(days=counts.days - 1)
    lines = [
        f"Traffic from {counts.path}: {counts.days} days, {counts.start} to {last}, "
        f"{calibration.weeks} whole weeks"
        + (
            f" ({calibration.ignored_days} day(s) after them left out)"
            if calibration.ignored_days
            else ""
        )
        + f"; games {', '.join(counts.games)}",
        "Session lengths: "
        + "; ".join(
            f"{game} mean {e.mean:.1f} min"
            + (f" [{e.low:.1f}, {e.high:.1f}]" if e.low is not None else " (given)")
            + f" from the {calibration.session_source[game]}"
            for game, e in calibration.mean_session_minutes.items()
        ),
        "Full hours (95% of the open seats taken: demand there is a lower bound): "
        + ", ".join(f"{game} {n}" for game, n in calibration.full_hours.items()),
        "",
        "Estimates, each with its 95% interval (Student t over the weeks):",
    ]
    rate = calibration.arrivals_per_hour
    lines.append(f"  arrivals_per_hour    {rate.mean:8.3f}  [{rate.low:.3f}, {rate.high:.3f}]"
                 "  (the week's mean rate; profile and weekday multipliers mean 1)")  # fmt: skip
    lines.append("  hourly_profile")
    for hour, e in enumerate(calibration.hourly_profile):
        lines.append(f"    {hour:02d}:00              {e.mean:8.3f}  [{e.low:.3f}, {e.high:.3f}]")
    lines.append("  weekday_multipliers")
    for day, e in zip(WEEKDAYS, calibration.weekday_multipliers, strict=True):
        lines.append(f"    {day:18} {e.mean:8.3f}  [{e.low:.3f}, {e.high:.3f}]")
    if check is not None:
        share = check.inside / len(check.rows)
        lines += [
            "",
            f"Check: the calibrated floor re-simulated ({check.replications} replication(s) of "
            f"{check.days} days, the first a warm-up; seed {check.seed}): players seated by hour "
            f"of day inside the counts' 95% interval in {check.inside} of {len(check.rows)} "
            f"(game, hour) ({share:.0%}; about 95% expected)",
        ]
        outside = [row for row in check.rows if not row.inside]
        for row in outside:
            lines.append(
                f"  outside: {row.game} {row.hour:02d}:00 counts {row.observed:.2f} "
                f"[{row.low:.2f}, {row.high:.2f}], simulated {row.simulated:.2f}"
            )
    return "\n".join(lines)


def _data_file(name: str, what: str) -> Path:
    """``name`` as a path, else a shipped data file (``counts/counts-pit.csv``)."""
    from casino_sim.config.library import PAYTABLE_DIR
    from casino_sim.errors import CountsError

    path = Path(name)
    if os.path.lexists(path):
        return path
    shipped = PAYTABLE_DIR / name.removeprefix("paytables/")
    if not path.is_absolute() and ".." not in path.parts and shipped.is_file():
        return shipped
    raise CountsError(
        f"{name}: no such {what} file (nor a shipped one, e.g. counts/counts-pit.csv)"
    )


def run(args: argparse.Namespace) -> int:
    """Read, estimate, write, check, print."""
    from casino_sim.config import load_floor, resolve_input, to_data
    from casino_sim.config.floor import WEEKDAYS
    from casino_sim.engine.files import write_json
    from casino_sim.floor.calibrate import calibrate, calibrated_floor_text
    from casino_sim.floor.calibrate_check import check_by_simulation
    from casino_sim.floor.counts import read_counts, read_sessions
    from casino_sim.report.floor import json_ready

    floor_path = resolve_input(args.floor)
    kind = declared_kind(floor_path)
    require(kind == "floor", f"{args.floor}: --floor needs a floor file, got "
                             f"{f'a {kind} file' if kind else 'a file without a kind'}")  # fmt: skip
    floor = load_floor(floor_path)
    out = Path(f"{floor_path.stem}-calibrated.yaml" if args.out is None else args.out)
    counts_path = _data_file(args.counts, "counts")
    inputs = {"floor": floor_path, "counts": counts_path}
    if args.sessions:
        inputs["sessions"] = _data_file(args.sessions, "sessions")
    check_outputs(args, {"--out": out, "--json": args.json}, inputs.values())
    groups = floor.definition.groups
    counts = read_counts(counts_path, list(groups), name=args.counts)
    sessions = None
    if args.sessions:
        sessions = read_sessions(inputs["sessions"], list(groups), name=args.sessions)
    seats = {name: group.seats or 10 for name, group in groups.items()}
    started = time.perf_counter()
    calibration = calibrate(counts, floor.definition.traffic.players, seats=seats,
                            sessions=sessions)  # fmt: skip
    start_weekday = WEEKDAYS[counts.start.weekday()]
    text = calibrated_floor_text(to_data(floor.definition), calibration, counts=counts,
                                 start_weekday=start_weekday)  # fmt: skip
    calibrated = write_floor_file(out, text, force=args.force)
    seed = run_seed(args)
    check = None
    if args.check:
        check = check_by_simulation(calibrated, counts, replications=args.check, seed=seed,
                                    workers=args.workers)  # fmt: skip
    elapsed = time.perf_counter() - started
    print(format_calibration(counts, calibration, check))
    written = [f"floor file {out}"]
    if args.json:
        data = {
            "provenance": run_provenance(
                args, inputs, seed=seed, elapsed_seconds=round(elapsed, 3)
            ),
            "calibration": calibration.to_record(),
            "check": check.to_record() if check is not None else None,
        }
        write_json(args.json, json_ready(data), overwrite=args.force)
        written.append(f"JSON {args.json}")
    print(f"\nRan in {elapsed:,.1f} s. Wrote {'; '.join(written)}.")
    return 0
