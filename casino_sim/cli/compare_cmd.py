"""``casino-sim compare``: paytables, progressives or stud tables side by side."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    caribbean_strategy,
    check_outputs,
    pick_seed,
    require,
    run_provenance,
)
from casino_sim.cli.progress import workers_note

if TYPE_CHECKING:
    pass

#: The kinds of file compare takes, and what each is called in messages.
KINDS = {"caribbean_stud": "Caribbean Stud paytable", "progressive": "progressive",
         "stud_table": "stud table", "banked_game": "banked game"}  # fmt: skip
ACCEPTED = "Caribbean Stud paytables, progressives, stud tables or banked games"
ANTE = Number("money", low=Fraction(1, 100), high=1_000_000)
#: Rounds per table-hour of a stud table when --rounds-per-hour is not given.
STUD_ROUNDS_PER_HOUR = 40


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "compare",
        help="paytables, progressives, stud tables or banked games side by side (terminal, JSON, "
        "CSV, HTML)",
        formatter_class=HelpFormatter,
        description=(
            "Compare two or more files of one kind: Caribbean Stud paytables (exact edge, element "
            "of risk, hit frequency, SD, biggest win, edge by ante when capped), progressives "
            "(awards and their odds, funding, return at reset, long-run return, break-even meter), "
            "banked games (two paytables of one game or two games: exact edge per each game's unit, "
            "element of risk, average bet, SD, side bets) or stud table structures (rake per hand / 100 hands / table-hour, simulated with "
            "intervals). Each figure's difference from the first input, and the win per "
            "table-hour at the same traffic."
        ),
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="two or more files of one kind, or shipped names (caribbean_stud/standard)")  # fmt: skip
    parser.add_argument("--strategy", default="optimal",
                        help="paytables: optimal | pair-or-better | akj83 | always-raise | FILE; "
                        "banked games: optimal or a strategy every game names")  # fmt: skip
    parser.add_argument("--ante", type=ANTE, default=None, metavar="AMOUNT",
                        help="paytables: each player's ante (money) for the win per hour and capped edges; "
                        "banked games: the money of one unit (default: 10)")  # fmt: skip
    parser.add_argument("--players", type=Number("int", low=1, high=10), default=None,
                        help="players per table (default: 5 at a Caribbean table, 8 at a stud table)")  # fmt: skip
    parser.add_argument("--rounds-per-hour", type=Number("float", low=0, high=1000, low_open=True),
                        default=None, metavar="N",
                        help="rounds (hands) per table-hour for the win per hour (default: the "
                        f"banked pace model for the players seated; {STUD_ROUNDS_PER_HOUR} for stud)")  # fmt: skip
    parser.add_argument(
        "--variant",
        default=None,
        help="stud tables: the variant dealt (default: stud/seven_card_stud)",
    )
    parser.add_argument("--hands", type=Number("count", low=100, high=10**8), default=100_000,
                        help="stud tables: hands simulated per table, e.g. 250k")  # fmt: skip
    parser.add_argument("--seed", type=SEED, default=None,
                        help="stud tables: random seed (default: random, printed)")  # fmt: skip
    parser.add_argument("--workers", type=WORKERS, default=1, help="stud tables: worker processes")
    parser.add_argument("--json", metavar="OUT", help="write the comparison as JSON (atomically)")
    parser.add_argument("--csv", metavar="OUT", help="write one row per figure and input as CSV")
    parser.add_argument("--html", metavar="OUT", help="write the comparison as an HTML page")
    add_output_options(parser)
    parser.set_defaults(func=run)


def _load_inputs(names: list[str]) -> tuple[str, list[Path], list[Any]]:
    """Resolve and load every input; all must be of one kind that compare takes."""
    from casino_sim.config import load, resolve_input

    require(len(names) >= 2, f"compare needs two or more inputs, got {len(names)}")
    paths = [resolve_input(name) for name in names]
    definitions = [load(path) for path in paths]
    kinds = [d.kind for d in definitions]
    for name, kind in zip(names, kinds, strict=True):
        require(kind in KINDS, f"{name} is a {kind} file: compare takes {ACCEPTED}")
    require(len(set(kinds)) == 1,
            "compare takes files of one kind, got " +
            ", ".join(f"{n} ({KINDS[k]})" for n, k in zip(names, kinds, strict=True)))  # fmt: skip
    return kinds[0], paths, definitions


def _check_strategy(games: list[Any], strategy: str) -> None:
    """A named strategy must be one every game compared has."""
    if strategy == "optimal":
        return
    lacking = [g.name for g in games if strategy not in g.strategies]
    require(not lacking, f"--strategy {strategy!r}: not a strategy of {', '.join(lacking)}; "
            "give optimal or a strategy every game names")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from casino_sim.config import load_stud_variant, resolve_input
    from casino_sim.config.floor import BankedPace
    from casino_sim.engine.files import csv_text, write_atomic
    from casino_sim.report import compare, compare_stud, compare_view

    kind, paths, definitions = _load_inputs(args.inputs)
    stud = kind == "stud_table"
    require(stud or args.variant is None, "--variant is for stud tables only")
    caribbean, banked = kind == "caribbean_stud", kind in ("caribbean_stud", "banked_game")
    require(banked or args.strategy == "optimal", "--strategy is for paytables and banked games only")  # fmt: skip
    require(banked or args.ante is None, "--ante is for paytables and banked games only")
    strategy = caribbean_strategy(args.strategy) if caribbean else args.strategy
    variant_path = resolve_input(args.variant or "stud/seven_card_stud", kind="stud_variant") if stud else None  # fmt: skip
    inputs: dict[str, Any] = {f"input_{i}": p for i, p in enumerate(paths, 1)}
    inputs["strategy"] = None if isinstance(strategy, str) else args.strategy
    inputs["variant"] = variant_path
    outputs = {"--json": args.json, "--csv": args.csv, "--html": args.html}
    check_outputs(args, outputs, inputs.values())
    players = args.players or (8 if stud else 5)
    if not stud:
        require(players <= 7, f"--players: a banked table seats 1 to 7, got {players}")
    rounds = args.rounds_per_hour or (
        STUD_ROUNDS_PER_HOUR if stud else 3600 / BankedPace().seconds(players)
    )
    traffic = compare.Traffic(
        players=players, rounds_per_hour=rounds, ante=args.ante or Fraction(10)
    )
    settings: dict[str, Any] = {}
    if kind == "caribbean_stud":
        record = compare.compare_paytables(definitions, traffic=traffic, strategy=strategy)
    elif kind == "banked_game":
        from casino_sim.report.compare_banked import compare_banked_games

        _check_strategy(definitions, args.strategy)
        record = compare_banked_games(definitions, traffic=traffic, strategy=args.strategy)
    elif kind == "progressive":
        record = compare.compare_progressives(definitions, traffic=traffic)
    else:
        assert variant_path is not None
        variant = load_stud_variant(variant_path)
        limit = min(variant.max_players, *(t.max_seats for t in definitions))
        require(2 <= players <= limit, f"--players must be 2..{limit} for {variant.name} at these tables")  # fmt: skip
        seed = settings["seed"] = pick_seed(args.seed)
        workers_note(args.workers)
        print(f"simulating {args.hands:,} hands per table, seed {seed}")
        record = compare_stud.compare_stud_tables(variant, definitions, traffic=traffic,
                                             hands=args.hands, seed=seed, workers=args.workers)  # fmt: skip
    record["provenance"] = run_provenance(args, inputs, **settings)
    print(compare_view.format_comparison(record))
    files: dict[str, str] = {}  # everything rendered before anything is written
    if args.json:
        import json

        files[args.json] = json.dumps(record, indent=2) + "\n"
    if args.csv:
        files[args.csv] = csv_text(compare_view.comparison_rows(record))
    if args.html:
        files[args.html] = compare_view.render_html(record, standalone=True)
    for path, text in files.items():
        write_atomic(path, text, overwrite=args.force)
    return 0
