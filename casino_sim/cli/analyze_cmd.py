"""``casino-sim analyze``: the exact Caribbean Stud return table for a paytable, or the exact
analysis of a banked game file (``kind: banked_game``, :mod:`casino_sim.cli.banked_analyze`).

``--report DIR`` writes the paytable's PAR report (:mod:`casino_sim.report.par`,
as ``casino-sim report`` does) with analyze's strategy, side bet and antes, exact
figures only: no Monte Carlo, so no seed.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    caribbean_strategy,
    check_outputs,
    require,
    run_provenance,
)
from casino_sim.cli.progress import progress_bar
from casino_sim.cli.progressive_text import progressive_section

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis

ANTE = Number("money", low=Fraction(1, 100), high=1_000_000)
METER = Number("money", low=Fraction(1, 100), high=10**9)
SAMPLES = Number("int", low=1_000, high=10**9)


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="exact Caribbean Stud analysis of a paytable (the main job)",
        formatter_class=HelpFormatter,
        description=(
            "Exact house edge, element of risk and return table over all 19,933,230,517,200 deals "
            "of one player against the dealer. Without a paytable: the standard US table."
        ),
    )
    parser.add_argument(
        "paytable",
        nargs="?",
        help="Caribbean Stud paytable YAML, or a shipped name such as caribbean_stud/standard; "
        "or a banked game (kind: banked_game) such as banked/three_card_poker",
    )
    parser.add_argument(
        "--strategy",
        default="optimal",
        help="optimal | pair-or-better | akj83 | always-raise | FILE (YAML strategy rules); "
        "for a banked game: optimal or one of the game's named strategies",
    )
    parser.add_argument(
        "--progressive", metavar="FILE", help="progressive side-bet YAML (or a shipped name)"
    )
    parser.add_argument(
        "--leak",
        metavar="dealer:N|share:K",
        help="banked games: the figures when the player sees N of the dealer's hidden cards, or "
        "the hands of K other players, and plays the best strategy given them (game protection: "
        "what a flashed card or collusion is worth); exact where every deal can be counted, "
        "else sampled with its 95%% interval",
    )
    parser.add_argument(
        "--samples",
        type=SAMPLES,
        default=None,
        help="a sampled --leak (share:K beyond exact counting, dealer:N at Four Card Poker): "
        "(hand, seen cards) drawn, each valued over every dealer hand or board left (default "
        "2,000,000; with a dealer card up about a minute's worth; 20,000 without a dealer hand)",
    )
    parser.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed of a sampled --leak (default: random, printed)",
    )
    parser.add_argument(
        "--ante",
        nargs="+",
        type=ANTE,
        metavar="AMOUNT",
        help="ante size(s) in money, 0.01 to 1,000,000 (matters with a payout cap)",
    )
    parser.add_argument(
        "--meter",
        nargs="+",
        type=METER,
        metavar="AMOUNT",
        help="meter values for the progressive table, 0.01 to 1,000,000,000",
    )
    parser.add_argument("--json", metavar="OUT", help="write the results as JSON (atomically)")
    parser.add_argument(
        "--csv", metavar="OUT", help="write the return table(s) as CSV (atomically)"
    )
    parser.add_argument(
        "--report",
        metavar="DIR",
        help="write the paytable's PAR report (exact figures; the files of casino-sim report) "
        "into DIR, e.g. reports/standard; DIR must be new, empty or a report folder casino-sim "
        "wrote",
    )
    parser.add_argument(
        "--format",
        default=None,
        help="the --report's formats, comma-separated: html,pdf,md,csv,xlsx,json (default all)",
    )
    add_output_options(parser)
    parser.set_defaults(func=run)


def _paytable_path(args: argparse.Namespace) -> Path:
    from casino_sim.config import resolve_input

    name = "caribbean_stud/standard" if args.paytable is None else args.paytable
    return resolve_input(name, kind="caribbean_stud")


def run(args: argparse.Namespace) -> int:
    from casino_sim.cli.banked_analyze import is_banked_input, run_banked

    banked = is_banked_input(args.paytable)
    if banked is not None:  # a kind: banked_game file (docs/banked-games.md)
        return run_banked(args, banked)
    require(
        not (args.leak or args.samples or args.seed is not None),
        "--leak (--samples, --seed) is for banked games (kind: banked_game) this release, not a "
        "Caribbean Stud paytable",
    )
    from casino_sim.config import load_paytable, load_progressive, resolve_input
    from casino_sim.dealer_counts.cache import load_counts
    from casino_sim.engine.files import write_csv, write_json
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
    from casino_sim.games.banked.caribbean_stud.exact.optimal import ace_king_summary
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.report.caribbean.text_tables import (
        format_ace_king,
        format_analysis,
        format_edge_by_ante,
    )
    from casino_sim.report.par.caribbean import CAPPED_ANTES
    from casino_sim.report.tables import money

    formats = _report_formats(args)
    paytable_path = _paytable_path(args)
    paytable = load_paytable(paytable_path)
    strategy = caribbean_strategy(args.strategy)
    progressive_path = (
        resolve_input(args.progressive, kind="progressive") if args.progressive else None
    )
    progressive = load_progressive(progressive_path) if progressive_path else None
    strategy_file = None if isinstance(strategy, str) else args.strategy
    inputs = {"paytable": paytable_path, "progressive": progressive_path, "strategy": strategy_file}
    check_outputs(args, {"--json": args.json, "--csv": args.csv}, inputs.values(),
                  folders={"--report": args.report})  # fmt: skip
    antes = args.ante
    if antes is None and paytable.max_payout is not None:
        antes = list(CAPPED_ANTES)  # the report's edge by ante: $5 to $500
    meters = args.meter

    with progress_bar(total=40, desc="dealer counts (first run only)", unit="block") as bar:
        load_counts(progress=lambda done, total: bar.update(done - bar.n))
    analyses = [analyze_caribbean(paytable, strategy, ante=a) for a in (antes or [None])]
    print(format_analysis(analyses[0]))
    if len(analyses) > 1:
        print(f"\nHouse edge by ante (payout cap {money(paytable.max_payout or 0)}):")
        print(format_edge_by_ante(analyses))
    if analyses[0].strategy == "optimal":
        print()
        print(format_ace_king(ace_king_summary(analyses[0], load_counts())))
    side = analyze_progressive(progressive) if progressive is not None else None
    record: dict[str, Any] = {
        "provenance": run_provenance(args, inputs),
        "analyses": [a.to_record() for a in analyses],
    }
    if side is not None:
        text, parts = progressive_section(side, meters)
        print(text)
        record.update(parts)
    if args.json:
        write_json(args.json, record, overwrite=args.force)
    if args.csv:
        write_csv(args.csv, _return_rows(analyses), overwrite=args.force)
    if args.report:
        _write_report(args, paytable_path, progressive_path, antes or [], formats)
    return 0


def _report_formats(args: argparse.Namespace) -> tuple[str, ...]:
    """The formats of ``--report`` (all by default); ``--format`` alone is an error."""
    from casino_sim.errors import OptionError
    from casino_sim.report.par.outputs import parse_formats

    if args.format is not None and not args.report:
        raise OptionError("--format: the formats of --report DIR; give --report too")
    return parse_formats("all" if args.format is None else args.format)


def _return_rows(analyses: list[CaribbeanAnalysis]) -> list[dict[str, Any]]:
    """The return table of every analysis (one per ante) as CSV rows; exact values as fractions."""
    return [
        {
            "paytable": a.paytable,
            "strategy": a.strategy,
            "ante": "" if a.ante is None else str(a.ante),
            "event": row.event,
            "net_antes": str(row.net),
            "combinations": row.combinations,
            "probability": float(row.probability),
            "contribution": float(row.contribution),
        }
        for a in analyses
        for row in a.rows
    ]


def _write_report(
    args: argparse.Namespace,
    paytable: Path,
    progressive: Path | None,
    antes: list[Fraction],
    formats: tuple[str, ...],
) -> None:
    """The paytable's PAR report, exact figures only, written whole into ``--report``."""
    from datetime import UTC, datetime

    from casino_sim.engine.files import write_directory
    from casino_sim.report.par.content import build_report
    from casino_sim.report.par.inputs import read_inputs
    from casino_sim.report.par.outputs import report_files
    from casino_sim.report.par.settings import ReportSettings

    inputs = read_inputs([paytable], strategy=args.strategy, progressive=progressive, antes=antes)
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    used = argparse.Namespace(**{**vars(args), "ante": antes or None, "format": ",".join(formats)})
    provenance = run_provenance(used, inputs.files, generated=generated)  # options as they ran
    settings = ReportSettings(seed=0, caribbean_hands=0)  # no Monte Carlo: no seed is used
    report = build_report(inputs, settings, provenance=provenance)
    written = report_files(report, formats)
    folder = write_directory(args.report, written, overwrite=args.force)
    shown: list[str] = [n for n in ("report.html", "report.pdf", "report.md") if n in written]
    shown = shown or sorted(written)[:3]
    more = len(written) - len(shown)
    print(
        f"\nReport written to {folder}/ ({', '.join(shown)}"
        f"{f' and {more} more files' if more else ''})"
    )
