"""``casino-sim analyze``: the exact Caribbean Stud return table for a paytable."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from casino_sim.cli.common import require

DEFAULT_ANTES = ["5", "10", "25", "50", "100", "250", "500"]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="exact Caribbean Stud analysis of a paytable (the main job)",
        description=(
            "Exact house edge, element of risk and return table over all 19,933,230,517,200 deals "
            "of one player against the dealer. Without a paytable: the standard US table."
        ),
    )
    parser.add_argument("paytable", nargs="?", type=Path, help="Caribbean Stud paytable YAML")
    parser.add_argument(
        "--strategy",
        default="optimal",
        help="optimal | pair-or-better | akj83 | always-raise | FILE (YAML strategy rules)",
    )
    parser.add_argument(
        "--progressive", type=Path, metavar="FILE", help="progressive side-bet YAML"
    )
    parser.add_argument(
        "--ante",
        nargs="+",
        metavar="AMOUNT",
        help="ante size(s) in money (matters with a payout cap)",
    )
    parser.add_argument(
        "--meter", nargs="+", metavar="AMOUNT", help="meter values for the progressive table"
    )
    parser.add_argument(
        "--json", type=Path, metavar="OUT", help="write the results as JSON (atomically)"
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="write an edge report (report.md, plots, analysis.json) into DIR, e.g. reports/standard",
    )
    parser.set_defaults(func=run)


def _amount(text: str, option: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        value = None
    require(value is not None and value > 0, f"{option}: expected a positive amount, got {text!r}")
    return value


def _strategy(text: str):
    from casino_sim.games.caribbean_stud import NAMED_STRATEGIES

    if text in NAMED_STRATEGIES:
        return text
    path = Path(text)
    require(path.suffix in (".yaml", ".yml") and path.exists(),
            f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)} or a strategy YAML file, got {text!r}")  # fmt: skip
    from casino_sim.games.caribbean_stud.rule_strategy import load_rule_strategy

    return load_rule_strategy(path)


def _paytable_path(args: argparse.Namespace) -> Path:
    from casino_sim.paytables import PAYTABLE_DIR

    return args.paytable or PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from casino_sim.analysis.caribbean_exact import analyze_caribbean
    from casino_sim.analysis.caribbean_progressive import analyze_progressive
    from casino_sim.analysis.caribbean_strategy import ace_king_summary
    from casino_sim.analysis.counts_cache import load_counts
    from casino_sim.paytables import load_paytable, load_progressive
    from casino_sim.report.caribbean import (
        format_ace_king,
        format_analysis,
        format_edge_by_ante,
        format_progressive,
        money,
    )
    from casino_sim.report.files import provenance, write_json

    paytable_path = _paytable_path(args)
    paytable = load_paytable(paytable_path)
    strategy = _strategy(args.strategy)
    progressive = load_progressive(args.progressive) if args.progressive else None
    antes = [_amount(a, "--ante") for a in args.ante] if args.ante else None
    if antes is None and paytable.max_payout is not None:
        antes = [Fraction(a) for a in DEFAULT_ANTES]
    meters = [_amount(m, "--meter") for m in args.meter] if args.meter else None

    with tqdm(
        total=40, desc="dealer counts (first run only)", unit="block", leave=False, disable=None
    ) as bar:
        load_counts(progress=lambda done, total: bar.update(done - bar.n))
    analyses = [analyze_caribbean(paytable, strategy, ante=a) for a in (antes or [None])]
    print(format_analysis(analyses[0]))
    if len(analyses) > 1:
        print(f"\nHouse edge by ante (payout cap {money(paytable.max_payout)}):")
        print(format_edge_by_ante(analyses))
    if analyses[0].strategy == "optimal":
        print()
        print(format_ace_king(ace_king_summary(analyses[0], load_counts())))
    strategy_file = None if isinstance(strategy, str) else args.strategy
    inputs = {"paytable": paytable_path, "progressive": args.progressive, "strategy": strategy_file}
    side = analyze_progressive(progressive) if progressive is not None else None
    record: dict = {"provenance": provenance(inputs), "analyses": [a.to_record() for a in analyses]}
    if side is not None:
        be = side.break_even_meter
        default_meters = [progressive.seed, *(([be / 2, be, be * 2]) if be else [])]
        print()
        print(format_progressive(side, meters or default_meters))
        record["progressive"] = side.to_record()
    if args.json:
        write_json(args.json, record)
    if args.report:
        _write_report(args.report, paytable, analyses, side, record["provenance"])
    return 0


def _write_report(folder, paytable, analyses, side, provenance) -> None:
    """The report folder: the analyses plus every named strategy on the same paytable and ante."""
    from casino_sim.analysis.caribbean_exact import analyze_caribbean
    from casino_sim.games.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.report.caribbean_report import ReportInputs, write_report

    main = analyses[0]
    by_strategy = [main] + [
        analyze_caribbean(paytable, name, ante=main.ante)
        for name in NAMED_STRATEGIES
        if name != main.strategy
    ]
    inputs = ReportInputs(
        main, by_strategy, analyses if len(analyses) > 1 else (), side, provenance
    )
    written = write_report(inputs, folder)
    print(f"\nreport written to {written}/report.md")
