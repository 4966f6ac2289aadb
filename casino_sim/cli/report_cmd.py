"""``casino-sim report``: the PAR report of a casino's games, in one folder (HTML, PDF, ...).

``casino-sim report`` alone reports the bundled casino: standard Caribbean Stud
with the $50/$75/$100 progressive, the $5/$10 seven-card stud table with its
bad-beat jackpot and the default floor (``floors/casino``) for 30 days. Inputs
are paired as :mod:`casino_sim.report.par.inputs` says (a stud table is dealt
with the stud variant given before it, else ``--variant``). Everything is
checked before the long work starts: the formats, the inputs, the output folder.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    check_outputs,
    check_strategy,
    comma_list,
    pick_seed,
    require,
    run_provenance,
)
from casino_sim.cli.progress import count_startup, progress_bar, workers_note
from casino_sim.errors import OptionError

if TYPE_CHECKING:
    from casino_sim.report.par.inputs import ReportInputs
    from casino_sim.report.par.model import Report, Stage, Tick
    from casino_sim.report.par.precompile import WritingPrep

#: Where the report goes by default.
DEFAULT_OUT = "casino-sim-report"


def register(subparsers: Subparsers) -> None:
    """Add the ``report`` sub-command."""
    from casino_sim.report.par.inputs import DEFAULT_PROGRESSIVE, DEFAULT_VARIANT
    from casino_sim.report.par.outputs import FORMATS
    from casino_sim.report.par.settings import ReportSettings

    defaults = ReportSettings(seed=0)
    parser = subparsers.add_parser(
        "report",
        help="the PAR report (the main job): exact edges, progressives, rake, the floor; HTML, "
        "PDF, Markdown, CSV, XLSX and JSON in one folder",
        formatter_class=HelpFormatter,
        description="Write a PAR report of Caribbean Stud paytables (with --strategy and "
        "--progressive), banked games of the banked_game language (with --banked-strategy), "
        "progressive side bets, stud tables (a stud_table is dealt with the "
        "stud_variant given before it, else --variant), floors and vendors' PAR claims (with "
        "--jurisdiction), into one folder. With no "
        "input: the bundled casino (caribbean_stud/standard with progressives/50-75-100, "
        "stud/tables/5-10-bad-beat, floors/casino).",
    )
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help="a paytable, banked_game, progressive, stud_variant, stud_table, floor or "
        "par_claim file, "
        "or a shipped name such as caribbean_stud/standard",
    )
    parser.add_argument(
        "--out",
        default=DEFAULT_OUT,
        metavar="DIR",
        help="the report folder: new, empty, or one casino-sim wrote",
    )
    parser.add_argument(
        "--format", default="all", help=f"comma-separated formats: {','.join(FORMATS)} (or all)"
    )
    parser.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed of every simulation (default: random, printed and recorded)",
    )
    parser.add_argument(
        "--workers",
        type=WORKERS,
        default=None,
        help="worker processes (default: every CPU; the figures do not depend on it)",
    )
    parser.add_argument(
        "--replications",
        type=Number("int", low=1, high=10_000),
        default=defaults.replications,
        help="floor replications",
    )
    parser.add_argument(
        "--days",
        type=Number("int", low=1, high=3660),
        default=defaults.days,
        help="days per floor replication",
    )
    parser.add_argument(
        "--hands",
        type=Number("count", low=1000, high=10**10),
        default=None,
        help=f"hands of each simulation (default: per Caribbean Stud Monte Carlo enough for "
        f"a standard error of the house edge of at most {100 * defaults.caribbean_edge_se:g} "
        f"points, about 10.5M; {defaults.stud_hands:,} per stud table)",
    )
    parser.add_argument(
        "--strategy",
        default="optimal",
        help="Caribbean Stud strategy: optimal, pair-or-better, akj83, "
        "always-raise, or a caribbean_strategy YAML file",
    )
    parser.add_argument(
        "--banked-strategy",
        metavar="NAME",
        default="optimal",
        help="the strategy of the banked_game inputs: optimal, or one of each game's named "
        "strategies (casino-sim analyze GAME lists them)",
    )
    parser.add_argument(
        "--leak-samples",
        type=Number("count", low=0, high=10**8),
        default=defaults.leak_samples,
        help="sampled deals of each sampled leak in a banked game's Game protection part (at "
        "Caribbean Stud the hands of 1 to 6 other players seen: about 90 s for 10,000 each; 0 "
        "leaves those rows out, else at least 1,000)",
    )
    parser.add_argument(
        "--progressive",
        metavar="FILE",
        default=None,
        help="the side bet of the Caribbean Stud paytables (default with no "
        f"input: {DEFAULT_PROGRESSIVE})",
    )
    parser.add_argument(
        "--jurisdiction",
        metavar="RULES",
        default=None,
        help="apply a jurisdiction's rules to the par_claim inputs: nj, gli-11, or a kind: "
        "jurisdiction file",
    )
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        help="the stud variant of stud tables given without one before them",
    )
    parser.add_argument(
        "--title",
        default="PAR report",
        help="the report's title (the page, the PDF, the Markdown and the workbook)",
    )
    parser.add_argument(
        "--optimize",
        metavar="GROUPS",
        default=None,
        help="optimize the tables open per weekday and block of 2 hours of each floor's banked "
        "groups (comma-separated, or all), as casino-sim optimize does with its defaults, and "
        "add the schedule with the paired figures to the floor's section",
    )
    parser.add_argument(
        "--max-turned-away",
        type=Number("float", low=0, high=1, percent=True),
        default=defaults.max_turned_away,
        help="with --optimize: at most this share of a block's arrivals turned away, e.g. 5%%",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    add_output_options(parser)
    parser.set_defaults(func=run)


def _stage(quiet: bool, prepare: WritingPrep | None = None) -> Stage:
    """Progress bars on stderr, one per long step (none when ``quiet``); while a step's worker
    processes run (from its first tick to its end), ``prepare`` works on the files ahead."""

    @contextlib.contextmanager
    def stage(description: str, total: int, unit: str) -> Iterator[Tick]:
        with progress_bar(total=total, unit=unit, desc=description, quiet=quiet) as bar:
            ticks = 0

            def tick(units: int) -> None:  # the rate starts after the first (start-up) tick
                nonlocal ticks
                ticks += 1
                if ticks == 1:
                    count_startup(bar, units)
                    if prepare is not None:  # the step's workers are forked: nothing forks now
                        prepare.resume()
                else:
                    bar.update(units)

            try:
                yield tick
            finally:
                if prepare is not None:  # before the next step forks its workers
                    prepare.pause()

    return stage


def _probe_folder(out: str) -> None:
    """Create and remove a folder where the report will go: permissions can say yes where the
    file system says no (``/proc`` as root, a read-only mount)."""
    import os
    import tempfile
    from pathlib import Path

    from casino_sim.errors import OutputError

    target = Path(out)
    where = target if target.is_dir() else target.parent
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".casino-sim-probe.", dir=where))
    except OSError as error:
        raise OutputError(f"{out}: cannot write the report there ({error.strerror})") from None


def _headline_lines(report: Report) -> list[str]:
    from casino_sim.report.par.formatting import interval_of, show

    lines = []
    for figure in report.headline:
        text = f"  {figure.label}: {show(figure.value, figure.unit)}"
        span = interval_of(figure.low, figure.high, figure.unit)
        if span:
            text += f" (95% {span})"
        if figure.exact is not None and span:
            text += f", exact {show(figure.exact, figure.unit)}"
        lines.append(text)
    return lines


def _optimize_groups(text: str | None, inputs: ReportInputs) -> tuple[str, ...]:
    """``--optimize``'s groups (``("all",)`` for every banked group), each checked against every
    floor input before any work."""
    from casino_sim.report.par.floor_optimized import optimized_groups
    from casino_sim.report.par.inputs import FloorInput

    if text is None:
        return ()
    floors = [item.floor for item in inputs.items if isinstance(item, FloorInput)]
    require(bool(floors), "--optimize: the report has no floor input to optimize")
    names = ("all",) if text.strip() == "all" else tuple(comma_list(text, "--optimize"))
    for floor in floors:
        optimized_groups(floor, names)
    return names


def run(args: argparse.Namespace) -> int:
    """Check everything, compute the figures, write the folder, print where and the headline."""
    from casino_sim.report.par.content import build_report
    from casino_sim.report.par.inputs import FloorInput, read_inputs
    from casino_sim.report.par.outputs import parse_formats, report_files
    from casino_sim.report.par.settings import ReportSettings

    started = time.perf_counter()
    formats = parse_formats(args.format)
    check_strategy(args.strategy)
    inputs = read_inputs(
        args.inputs,
        strategy=args.strategy,
        progressive=args.progressive,
        variant=args.variant,
        jurisdiction=args.jurisdiction,
        banked_strategy=args.banked_strategy,
    )
    files = dict(inputs.files)
    for index, item in enumerate(inputs.items, 1):
        if isinstance(item, FloorInput):
            files |= {f"floor {index}: {label}": path for label, path in item.floor.inputs.items()}
    optimize = _optimize_groups(args.optimize, inputs)
    check_outputs(args, {}, files.values(), folders={"--out": args.out})
    _probe_folder(args.out)
    if 0 < args.leak_samples < 1000:
        raise OptionError(
            f"--leak-samples: 0 (no sampled leaks) or at least 1,000, got {args.leak_samples:,}"
        )
    seed = pick_seed(args.seed)
    defaults = ReportSettings(seed=seed)
    settings = ReportSettings(
        seed=seed,
        workers=workers_note(args.workers),  # every core, or as many as --workers may use
        caribbean_hands=args.hands or defaults.caribbean_hands,
        stud_hands=args.hands or defaults.stud_hands,
        days=args.days,
        replications=args.replications,
        optimize=optimize,
        max_turned_away=float(args.max_turned_away),
        leak_samples=args.leak_samples,
    )
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    provenance = run_provenance(args, files, generated=generated)
    from casino_sim.report.par.precompile import WritingPrep, compile_ahead

    # A first run compiles the simulations' kernels meanwhile; every run prepares its files
    # (imports, the exact analyses its sections compare) while the simulations' workers run.
    with WritingPrep(inputs) as prepare, compile_ahead(inputs, prepare=prepare):
        stage = _stage(args.quiet, prepare)
        report = build_report(
            inputs, settings, provenance=provenance, stage=stage, title=args.title
        )
    written = report_files(report, formats)
    from casino_sim.engine.files import write_directory

    folder = write_directory(args.out, written, overwrite=args.force)
    main = [name for name in ("report.html", "report.pdf", "report.md") if name in written]
    print(
        f"Report written to {folder}/ ({', '.join(main) or ', '.join(sorted(written)[:3])}"
        f"{'' if len(written) <= len(main) else f' and {len(written) - len(main)} more files'})"
    )
    print(
        f"Seed {seed}; {settings.workers} worker(s); ran in {time.perf_counter() - started:,.1f} s."
    )
    print("Headline figures:")
    for line in _headline_lines(report):
        print(line)
    flags = report.flags()
    print(f"Flags: {len(flags)}" + "".join(f"\n  {line}" for line in flags))
    return 0
