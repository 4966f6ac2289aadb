"""``casino-sim verify CLAIM``: a vendor's PAR-sheet claims checked one by one.

Every figure the claim file lists is computed independently (exactly, over every
deal) and printed beside the claim with the difference, the precision and a
verdict; a claim that fails is matched against the mistakes vendors make (an
edge per total bet labelled per ante, counts over another cycle, a long-run
return quoted at the seed, ...). ``--jurisdiction nj`` (or ``gli-11``, or a
``kind: jurisdiction`` file) applies that jurisdiction's rules as well.

Exit status: 0 when every claim holds and no rule fails, 3 when any claim does
not hold or any rule fails, 2 for bad input (one line naming the file, line and key).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from casino_sim.cli.common import HelpFormatter, Subparsers, add_output_options, check_outputs

CLAIMS_FAIL = 3
"""Exit status when a claim does not hold or a jurisdiction rule fails."""


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check a vendor's PAR-sheet claims (and a jurisdiction's rules)",
        formatter_class=HelpFormatter,
        description=(
            "Compute every figure a kind: par_claim file lists and say, claim by claim, whether "
            "it holds within its precision. Exit status 0 when every claim holds (and every "
            "jurisdiction rule passes), 3 when any does not, 2 for bad input."
        ),
    )
    parser.add_argument(
        "claim", help="a kind: par_claim file, or a shipped name such as claims/caribbean-standard"
    )
    parser.add_argument(
        "--jurisdiction",
        metavar="RULES",
        help="apply a jurisdiction's rules: nj, gli-11, or a kind: jurisdiction file",
    )
    parser.add_argument("--json", metavar="OUT", help="write every verdict as JSON (atomically)")
    parser.add_argument("--csv", metavar="OUT", help="write one CSV row per claim")
    parser.add_argument(
        "--rules-csv", metavar="OUT", help="write one CSV row per jurisdiction rule"
    )
    add_output_options(parser)
    parser.set_defaults(func=run)


def _claim_problem(path: Path, index: int, key: str, message: str) -> Any:
    """The one-line error of a claim the game cannot check: ``file:line: claims[i].key: ...``."""
    from casino_sim.config import PaytableError, Problem
    from casino_sim.config.yaml_source import read_yaml

    doc = read_yaml(path)
    where: tuple[str | int, ...] = ("claims", index, key) if index >= 0 else (key,)
    try:
        line = doc.line_of(where)
    except (KeyError, IndexError, TypeError):
        line = doc.line_of(where[:-1]) if index >= 0 else 0
    return PaytableError([Problem(str(path), line, where, message)])


def run(args: argparse.Namespace) -> int:
    from casino_sim.cli.common import run_provenance
    from casino_sim.config import load_claim, load_jurisdiction, resolve_input
    from casino_sim.engine.files import csv_text, write_atomic
    from casino_sim.report import verify_view
    from casino_sim.verify import ClaimError, check_rules, verify_claim

    path = resolve_input(args.claim, "par_claim")
    claim = load_claim(path)
    rules_file = (
        None if args.jurisdiction is None else resolve_input(args.jurisdiction, "jurisdiction")
    )
    jurisdiction = None if rules_file is None else load_jurisdiction(rules_file)
    inputs: dict[str, Any] = {"claim": path, "jurisdiction": rules_file}
    outputs = {"--json": args.json, "--csv": args.csv, "--rules-csv": args.rules_csv}
    check_outputs(args, outputs, inputs.values())
    try:
        result = verify_claim(claim, base=path.parent)
    except ClaimError as error:
        raise _claim_problem(path, error.index, error.key, str(error)) from None
    rules = () if jurisdiction is None else check_rules(jurisdiction, result.figures)
    print(verify_view.format_verification(result, rules))
    record = {
        **result.to_record(),
        "jurisdiction": None if jurisdiction is None else jurisdiction.name,
        "rules": verify_view.rule_rows(rules),
        "provenance": run_provenance(args, inputs),
    }
    files: dict[str, str] = {}
    if args.json:
        files[args.json] = json.dumps(record, indent=2) + "\n"
    if args.csv:
        files[args.csv] = csv_text(verify_view.claim_rows(result))
    if args.rules_csv:
        files[args.rules_csv] = csv_text(verify_view.rule_rows(rules))
    for out, text in files.items():
        write_atomic(out, text, overwrite=args.force)
    failed = not result.holds or any(rule.status == "FAIL" for rule in rules)
    return CLAIMS_FAIL if failed else 0
