"""``casino-sim optimize FLOOR --decide tables|minimums``: how many tables of each banked group to
open in each block of hours and weekday (:mod:`casino_sim.floor.optimize`), or at what table
minimum (:mod:`casino_sim.floor.optimize_minimums`).

``casino-sim optimize floors/casino-costs --max-turned-away 5% --out optimized.yaml
--heatmap schedule.svg`` searches with common random numbers, prints the schedule, the
objective and the constraint for the base and the optimized schedules with paired
intervals and how many floor-years it simulated, and writes the floor file with the
optimized schedules (for ``floor compare`` and ``report``) and the heat map.
"""

from __future__ import annotations

import argparse
import math
import re
import time
from fractions import Fraction
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
    comma_list,
    declared_kind,
    require,
    run_provenance,
    run_seed,
    write_floor_file,
)
from casino_sim.errors import OptionError

if TYPE_CHECKING:
    from casino_sim.config.floor_loader import Floor
    from casino_sim.floor.compare import PairedFigure
    from casino_sim.floor.optimize import Optimized, OptimizeOptions

#: ``--budget``: a number and a unit (s, m, h), e.g. 15m.
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h)?\s*$")


def duration(text: str) -> float:
    """``15m``, ``900s``, ``1h`` or ``900`` (seconds) as seconds.

    >>> duration("15m"), duration("1.5h"), duration("90")
    (900.0, 5400.0, 90.0)
    """
    match = _DURATION.match(text)
    if not match or float(match.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"expected a time such as 15m, 900s or 1h, got {text!r}")
    unit = {"s": 1, None: 1, "m": 60, "min": 60, "h": 3600}[match.group(2)]
    return float(match.group(1)) * unit


def register(subparsers: Subparsers) -> None:
    """Add the ``optimize`` sub-command."""
    parser = subparsers.add_parser(
        "optimize",
        help="tables open per block of hours and weekday that make the most (theoretical net "
        "contribution) within a limit on players turned away, with common random numbers",
        description="Parallel marginal analysis under common random numbers (docs/floor.md, "
        "The optimizer): each round runs the schedule, one more table in every block and one "
        "fewer, with one seed; a block gains a table worth more than it costs (95%%) or that "
        "breaks --max-turned-away, loses one worth less, until none moves; then the base and "
        "the optimized schedules run again with a fresh seed, paired.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("floor", metavar="FLOOR", help="a floor file or shipped name")
    parser.add_argument(
        "--decide", choices=("tables", "minimums"), default="tables",
        help="what is decided per group, weekday and block of hours: tables (how many are "
        "open) or minimums (the table minimum: every candidate of --minimums run in every "
        "block, the best kept where it beats today's at 95%%)",
    )  # fmt: skip
    parser.add_argument(
        "--minimums", default=None, metavar="LADDER",
        help="with --decide minimums: the candidate minimums, comma-separated (e.g. 5,10,25; "
        "default: 5, 10, 15, 25, 50, 100, 200, 500 within each group's limits), today's added",
    )  # fmt: skip
    parser.add_argument(
        "--groups", default=None,
        help="the banked groups to schedule, comma-separated (default: every banked group)",
    )  # fmt: skip
    parser.add_argument(
        "--block-hours", type=Number("int", low=1, high=24), default=2,
        help="hours per block (1, 2, 3, 4, 6, 8, 12 or 24)",
    )  # fmt: skip
    parser.add_argument(
        "--same-every-day",
        action="store_true",
        help="one schedule for every weekday (each decision pools the seven days' figures: "
        "about 7 times the data per decision)",
    )
    parser.add_argument(
        "--objective", choices=("net", "win"), default="net",
        help="net: theoretical net contribution (win after tax and comps, less dealer labour "
        "and starts: the floor's costs block); win: theoretical win",
    )  # fmt: skip
    parser.add_argument(
        "--max-turned-away", type=Number("float", low=0, high=1, percent=True), default=0.05,
        help="at most this share of a block's arrivals turned away, e.g. 5%% or 0.05",
    )  # fmt: skip
    parser.add_argument(
        "--max-wait", type=duration, default=None,
        help="and at most this mean wait per arrival in a block, e.g. 10m (groups with a "
        "waiting_list; the wait of the listed, 0 for those seated at once)",
    )  # fmt: skip
    parser.add_argument(
        "--days", type=Number("int", low=7, high=364), default=7,
        help="days per replication, whole weeks",
    )  # fmt: skip
    parser.add_argument(
        "--replications", type=Number("int", low=2, high=1000), default=4,
        help="replications per candidate (paired intervals)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=Number("int", low=1, high=200), default=12, help="rounds at most"
    )
    parser.add_argument(
        "--budget", type=duration, default=None,
        help="stop starting rounds after this long, e.g. 15m",
    )  # fmt: skip
    parser.add_argument("--seed", type=SEED, default=None, help="seed (default: random, printed)")
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument(
        "--out", metavar="FILE", help="write the floor with the optimized schedules"
    )
    parser.add_argument(
        "--heatmap", metavar="FILE", help="write the schedule's heat map (.svg, .png, .pdf)"
    )
    parser.add_argument("--json", metavar="OUT", help="write every figure as JSON")
    add_output_options(parser)
    parser.set_defaults(func=run)


def _money(x: float) -> str:
    return f"-${-x:,.0f}" if x < 0 else f"${x:,.0f}"


def _share(x: float | None) -> str:
    return "n/a" if x is None else f"{x:+.2%}"


def _minutes(x: float | None) -> str:
    return "n/a" if x is None else f"{x:+.2f}"


def _waited(wait: PairedFigure) -> bool:
    """Did anyone wait in the base or the optimized run?"""
    return bool((wait.a is not None and wait.a.mean) or (wait.b is not None and wait.b.mean))


def format_optimized(optimized: Optimized, *, name: str, options: OptimizeOptions) -> str:
    """The schedule, the paired figures and what the search took."""
    from casino_sim.config.floor_schedule import DAYS

    o = optimized
    limit = 1.0 if options.max_turned_away is None else options.max_turned_away
    what = "tables" if o.decide == "tables" else "table minimums"
    lines = [
        f"Optimized {what} for {name}: blocks of {o.block_hours} h, objective "
        f"{options.objective} per week, at most {limit:.1%} turned away in a block"
        + (
            ""
            if options.max_wait_seconds is None
            else f", a mean wait of at most {options.max_wait_seconds / 60:g} minutes"
        ),
        f"Search: {o.rounds} round(s), {o.evaluations} floor runs ({o.floor_years:.2f} "
        f"floor-years simulated), {o.seconds:,.0f} s; stopped: {o.stopped}",
    ]
    if o.undecided:
        lines.append(
            f"Undecided: {o.undecided} of {o.decisions} decisions stayed where the estimate favoured "
            "a move its 95% interval did not decide (more --replications or --days resolve them)"
        )
    for group, counts in o.schedules.items():
        blocks = counts.shape[1]
        header = "".join(f"{b * o.block_hours:02d}h".rjust(6) for b in range(blocks))
        lines += [
            "",
            f"{group}: {'tables open' if o.decide == 'tables' else 'table minimum ($)'} "
            "(was: in brackets where it moved)",
            f"  {'':10}{header}",
        ]
        for d in range(7):
            cells = []
            for b in range(blocks):
                now, was = f"{counts[d, b]:g}", f"{o.base[group][d, b]:g}"
                cells.append((now if now == was else f"{now}({was})").rjust(6))
            lines.append(f"  {DAYS[d]:10}" + "".join(cells))
    weeks = options.days / 7
    p = o.objective
    before, after, diff, apart = p.a, p.b, p.difference, p.unpaired
    assert before is not None and after is not None and diff is not None and apart is not None

    def per_week(x: float | None) -> str:
        return _money(math.nan if x is None else x / weeks)

    lines += [
        "",
        "Selection run (a fresh seed, the base and the optimized schedules paired):",
        f"  objective per week: base {per_week(before.mean)}, optimized {per_week(after.mean)}; "
        f"optimized - base {per_week(diff.mean)} [{per_week(diff.low)}, {per_week(diff.high)}] "
        f"paired, [{per_week(apart.low)}, {per_week(apart.high)}] unpaired",
    ]
    for group, t in o.turned_away.items():
        assert t.a is not None and t.b is not None and t.difference is not None
        change = t.difference
        lines.append(
            f"  turned away at {group}: base {t.a.mean:.2%}, optimized {t.b.mean:.2%}; difference "
            f"{change.mean:+.2%} [{_share(change.low)}, {_share(change.high)}] paired"
        )
        wait = o.waits.get(group)
        if wait is not None and (options.max_wait_seconds is not None or _waited(wait)):
            assert wait.a is not None and wait.b is not None and wait.difference is not None
            gap = wait.difference
            lines.append(
                f"  mean wait at {group} (minutes an arrival): base {wait.a.mean:.2f}, optimized "
                f"{wait.b.mean:.2f}; difference {gap.mean:+.2f} [{_minutes(gap.low)}, "
                f"{_minutes(gap.high)}] paired"
            )
    return "\n".join(lines)


def _ladder(text: str | None, decide: str) -> tuple[Fraction, ...] | None:
    """``--minimums 5,10,25`` as amounts (only with ``--decide minimums``)."""
    if text is None:
        return None
    require(decide == "minimums", "--minimums: only with --decide minimums")
    amount = Number("money", low=Fraction(1, 100), high=10**6)
    try:
        return tuple(sorted({Fraction(amount(item)) for item in comma_list(text, "--minimums")}))
    except argparse.ArgumentTypeError as error:
        raise OptionError(f"--minimums: {error}") from None


def _groups(floor: Floor, text: str | None) -> tuple[str, ...]:
    banked = [g.name for g in floor.definition.tables if hasattr(g, "schedule")]
    if text is None:
        require(bool(banked), f"{floor.path}: no banked table group to schedule")
        return tuple(banked)
    names = comma_list(text, "--groups")
    for name in names:
        require(name in banked, f"--groups: {name!r} is not a banked table group of the floor "
                                f"(banked groups: {', '.join(banked) or 'none'})")  # fmt: skip
    return tuple(names)


def run(args: argparse.Namespace) -> int:
    """Optimize, print, write."""
    from casino_sim.config import load_floor, resolve_input, to_data
    from casino_sim.engine.files import write_atomic, write_json
    from casino_sim.floor.floor_file import floor_yaml
    from casino_sim.floor.optimize import (
        OptimizeOptions,
        optimize_tables,
        schedule_data,
        schedule_rows,
    )
    from casino_sim.floor.optimize_minimums import optimize_minimums
    from casino_sim.report.floor import json_ready
    from casino_sim.report.floor_plots import PLOT_FORMATS
    from casino_sim.report.schedule_plot import schedule_heatmap

    path = resolve_input(args.floor)
    kind = declared_kind(path)
    require(kind == "floor", f"{args.floor}: optimize needs a floor file, got "
                             f"{f'a {kind} file' if kind else 'a file without a kind'}")  # fmt: skip
    floor = load_floor(path)
    heatmap_format = Path(args.heatmap).suffix.lstrip(".") if args.heatmap else ""
    require(not args.heatmap or heatmap_format in PLOT_FORMATS,
            f"--heatmap {args.heatmap}: a .svg, .png or .pdf file")  # fmt: skip
    outputs = {"--out": args.out, "--heatmap": args.heatmap, "--json": args.json}
    check_outputs(args, outputs, floor.inputs.values())
    ladder = _ladder(args.minimums, args.decide)
    seed = run_seed(args)
    options = OptimizeOptions(
        groups=_groups(floor, args.groups), block_hours=args.block_hours,
        objective=args.objective, max_turned_away=float(args.max_turned_away),
        days=args.days, replications=args.replications, seed=seed, rounds=args.rounds,
        budget_seconds=args.budget, workers=args.workers, by_weekday=not args.same_every_day,
        decide=args.decide, max_wait_seconds=args.max_wait,
    )  # fmt: skip
    started = time.perf_counter()
    if args.decide == "minimums":
        optimized = optimize_minimums(floor, options, ladder=ladder)
        best = "the lowest share turned away of the ladder"
    else:
        optimized = optimize_tables(floor, options)
        best = "every table open"
    elapsed = time.perf_counter() - started
    constraint = "--max-turned-away" if args.max_wait is None else "--max-turned-away/--max-wait"
    require(not optimized.unmet, f"{constraint}: no schedule meets it in "
            f"{len(optimized.unmet)} block(s), e.g. {optimized.unmet[0] if optimized.unmet else ''} "
            f"(the best reachable: {best})")  # fmt: skip
    print(format_optimized(optimized, name=args.floor, options=options))
    print(f"  seed {seed}; {options.replications} replications of {options.days} days per run")
    written = []
    if args.out:
        data = to_data(floor.definition)
        key = "schedule" if args.decide == "tables" else "minimums"
        for group in data["tables"]:
            if group["name"] in optimized.schedules:
                values = optimized.schedules[group["name"]]
                group[key] = schedule_data(values, options.block_hours)
        header = (
            f"{data.get('name', 'floor')}: {'tables' if key == 'schedule' else 'minimums'} "
            f"optimized by casino-sim optimize (seed {seed})"
        )
        write_floor_file(Path(args.out), floor_yaml(data, header=header), force=args.force)
        written.append(f"floor file {args.out}")
    if args.heatmap:
        image = schedule_heatmap(optimized.schedules, optimized.base, options.block_hours,
                                 heatmap_format, optimized.decide)  # fmt: skip
        write_atomic(args.heatmap, image, overwrite=args.force)
        written.append(f"heat map {args.heatmap}")
    if args.json:
        data = {
            "provenance": run_provenance(
                args, floor.inputs, seed=seed, elapsed_seconds=round(elapsed, 3)
            ),
            **optimized.to_record(),
            "rows": list(schedule_rows(optimized)),
        }
        write_json(args.json, json_ready(data), overwrite=args.force)
        written.append(f"JSON {args.json}")
    print(f"\nRan in {elapsed:,.1f} s." + (f" Wrote {'; '.join(written)}." if written else ""))
    return 0
