"""``casino-sim audit-shuffles``: test a shuffler's recorded decks for uniformity; make test decks.

``audit-shuffles DECKS`` reads one shuffled deck a line (casino_sim.audit.decks) and runs
the five tests of casino_sim.audit.audit; ``--generate N`` makes N decks from a model
(uniform or ``riffle:K``) and audits them, or with ``--out FILE`` writes them for a
later audit. Exit status 0 when the decks pass, 3 when a test rejects uniform shuffling
(2 bad input, as every command). The method: docs/verify.md, "Shuffler audit".
"""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    check_outputs,
    pick_seed,
    require,
    run_provenance,
)

if TYPE_CHECKING:
    from casino_sim.audit import AuditResult, ShuffleModel

#: The exit status of an audit that rejects uniform shuffling.
AUDIT_FAILED = 3
#: Riffles ``--against`` may name (the Bayer-Diaconis table runs to 10).
MOST_AGAINST = 10
DECKS = Number("count", low=1, high=10**6)


def _model_type(most: int) -> Any:
    def parse(text: str) -> ShuffleModel:
        from casino_sim.audit import parse_model
        from casino_sim.errors import OptionError

        try:
            return parse_model(text, most=most)
        except OptionError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = "model"
    return parse


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "audit-shuffles",
        help="test a shuffler's recorded decks for uniformity (exit 3 when a test rejects)",
        formatter_class=HelpFormatter,
        description=(
            "Test shuffled decks for uniformity: each card's position, each position's card, "
            "kept neighbours, rising sequences and the distance each shuffle moved the deck, "
            "with p-values, Holm's correction over the five, the decks each test needs to "
            "catch K riffles, and a verdict. DECKS holds one deck a line (52 card names like "
            "As Kd or codes 0-51, comma- or space-separated); each line is a shuffle of the "
            "line before, the first (and the first after a blank line) of the standard order "
            "2c 2d 2h 2s 3c ... As, unless --reference gives the order before each. Exit "
            "status 0: pass; 3: a test rejects; 2: bad input. --generate N makes test decks "
            "instead (and audits them, or writes them with --out). See docs/verify.md."
        ),
    )
    parser.add_argument("decks", nargs="?", metavar="DECKS", help="the decks file to audit")
    parser.add_argument("--reference", metavar="FILE", default=None,
                        help="the order of the deck before each shuffle, line for line "
                        "(default: the line before; the standard order after a blank line)")  # fmt: skip
    parser.add_argument("--against", type=_model_type(MOST_AGAINST), default=None,
                        metavar="riffle:K",
                        help=f"the bias the decks-needed figures are for: K GSR riffles, K 1 to "
                        f"{MOST_AGAINST} (default: riffle:2)")  # fmt: skip
    parser.add_argument("--json", metavar="OUT", help="write the audit as JSON (atomically)")
    parser.add_argument("--csv", metavar="OUT", help="write one row per test as CSV (atomically)")
    generate = parser.add_argument_group("test decks")
    generate.add_argument("--generate", type=DECKS, default=None, metavar="N",
                          help="make N decks, each a shuffle of the one before, from the "
                          "standard order; audit them, or write them with --out")  # fmt: skip
    generate.add_argument("--model", type=_model_type(20), default=None,
                          metavar="uniform|riffle:K",
                          help="with --generate: uniform shuffles, or K GSR riffles per "
                          "shuffle (default: uniform)")  # fmt: skip
    generate.add_argument("--seed", type=SEED, default=None,
                          help="with --generate: random seed (default: random, printed)")  # fmt: skip
    generate.add_argument("--out", metavar="FILE", default=None,
                          help="with --generate: write the decks to FILE (one a line, card "
                          "names) instead of auditing them")  # fmt: skip
    add_output_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from casino_sim.audit import ShuffleModel

    generating = args.generate is not None
    require(generating or args.decks is not None, "give a DECKS file to audit, or --generate N")
    require(not (generating and args.decks is not None),
            "give a DECKS file or --generate N, not both")  # fmt: skip
    if not generating:
        for option, value in (("--model", args.model), ("--seed", args.seed), ("--out", args.out)):
            require(value is None, f"{option} is for --generate only")
        require(bool(args.decks.strip()), "DECKS: empty path")
        require(args.reference is None or bool(args.reference.strip()), "--reference: empty path")
    else:
        require(args.reference is None, "--reference is for a DECKS file, not --generate")
        require(args.out is None or (args.json, args.csv, args.against) == (None, None, None),
                "--generate with --out writes the decks only: audit the file afterwards "
                "(casino-sim audit-shuffles FILE) for --json, --csv and --against")  # fmt: skip
    inputs = {"decks": args.decks, "reference": args.reference}
    check_outputs(args, {"--json": args.json, "--csv": args.csv, "--out": args.out},
                  [v for v in inputs.values() if v])  # fmt: skip
    against = args.against or ShuffleModel(2)
    if generating:
        return _generate(args, args.model or ShuffleModel(), against)
    return _audit_file(args, against)


def _generate(args: argparse.Namespace, model: ShuffleModel, against: ShuffleModel) -> int:
    import numpy as np

    from casino_sim.audit import audit_shuffles, format_decks, generate_decks
    from casino_sim.engine.files import write_atomic

    seed = pick_seed(args.seed)
    decks = generate_decks(model, args.generate, np.random.default_rng(seed))
    what = f"{args.generate:,} decks ({model.name}, seed {seed})"
    if args.out is not None:
        comments = [
            f"casino-sim audit-shuffles --generate {args.generate} --model {model.name} "
            f"--seed {seed}",
            "one deck a line, top card first; each line a shuffle of the line before, the "
            "first of the standard order 2c 2d 2h 2s 3c ... As",
        ]
        write_atomic(args.out, format_decks(decks, comments=comments), overwrite=args.force)
        print(f"wrote {what} to {args.out}")
        return 0
    before = np.vstack([np.arange(decks.shape[1], dtype=np.int8), decks[:-1]])
    result = audit_shuffles(before, decks, against_riffles=_riffles(against))
    title = f"shuffler audit: {what}, each a shuffle of the one before"
    return _present(args, result, title, {}, seed=seed, model=model.name)


def _audit_file(args: argparse.Namespace, against: ShuffleModel) -> int:
    from casino_sim.audit import audit_shuffles, read_decks

    record = read_decks(args.decks, reference=args.reference)
    result = audit_shuffles(record.before, record.decks, against_riffles=_riffles(against))
    if record.reference is not None:
        source = f"the orders before from {record.reference}"
    else:
        runs = record.sessions
        source = (
            f"each a shuffle of the line before; {runs:,} run{'s' * (runs != 1)} from the "
            "standard order"
        )
    title = f"shuffler audit: {record.path}, {record.count:,} decks ({source})"
    inputs = {"decks": Path(record.path), "reference": record.reference}
    return _present(args, result, title, inputs)


def _riffles(model: ShuffleModel) -> int:
    return 2 if model.riffles is None else model.riffles


def _present(
    args: argparse.Namespace,
    result: AuditResult,
    title: str,
    inputs: dict[str, Any],
    **settings: Any,
) -> int:
    from casino_sim.engine.files import write_csv, write_json

    print(title)
    print(format_audit(result))
    if args.json is not None:
        record = {"title": title, **result.to_record()}
        record["provenance"] = run_provenance(args, inputs, **settings)
        write_json(args.json, record, overwrite=args.force)
    if args.csv is not None:
        write_csv(args.csv, [_csv_row(test.to_record()) for test in result.tests],
                  overwrite=args.force)  # fmt: skip
    return 0 if result.passes else AUDIT_FAILED


def _csv_row(record: dict[str, Any]) -> dict[str, Any]:
    """A test's record with its decks-needed figures flattened into columns."""
    row = {key: value for key, value in record.items() if not key.startswith("decks_needed")}
    for key in ("decks_needed", "decks_needed_in_audit"):
        figure = record[key] or {}
        row[key] = figure.get("decks")
        row[f"{key}_method"] = figure.get("method")
    return row


def format_audit(result: AuditResult) -> str:
    """The audit as a terminal table, its verdict and what the decks could catch."""
    against = f"riffle:{result.against_riffles}"
    header = ("test", "observed", "uniform", "p-value", "Holm p", f"decks: {against}", "result")
    rows = [header]
    for test in result.tests:
        if test.per_deck:
            observed, expected = f"{test.statistic:,.3f}", f"{test.expected:,.3f}"
        else:
            observed = "-" if test.statistic != test.statistic else f"{test.statistic:,.1f}"
            expected = f"{test.expected:,.0f}"
        needed = "-"
        if test.needed is not None and test.needed.decks is not None:
            in_audit = test.needed_in_audit.decks if test.needed_in_audit is not None else None
            needed = (
                f"{test.needed.decks:,} ({in_audit:,})" if in_audit else f"{test.needed.decks:,}"
            )
        result_word = (
            "REJECT" if test.rejects else ("not run" if test.p_value != test.p_value else "pass")
        )
        if test.note:
            result_word += f" ({test.note})"
        rows.append((test.name, observed, expected, _p(test.p_value), _p(test.holm_p), needed,
                     result_word))  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:-1], widths[1:-1], strict=True)), row[-1]]  # fmt: skip
        lines.append("  ".join(cells).rstrip())
    lines.append(_wrap(f"verdict: {result.verdict}"))
    if result.decks_to_catch is not None:
        level = result.alpha / len(result.tests)
        decks = result.decks_to_catch
        cannot = [t for t in result.tests if t.needed is not None and t.needed.decks is None]
        lines.append(
            _wrap(
                f"power: {result.against_riffles} GSR riffles a shuffle ({against}) fail the "
                f"audit with 90% chance from {decks:,} deck{'s' * (decks != 1)} "
                f"({result.caught_by} at {level:.0%}, Holm's first step). Decks column: "
                f"each test alone at {result.alpha:.0%} (in the audit, at {level:.0%})"
                + "".join(
                    f"; -: {t.name.split(' (')[0]} cannot catch it here ({t.needed.method})"
                    for t in cannot
                    if t.needed is not None
                )
            )
        )
    lines.extend(_wrap(f"note: {note}") for note in result.notes)
    return "\n".join(lines)


def _wrap(text: str) -> str:
    return textwrap.fill(text, width=100, subsequent_indent="  ", break_on_hyphens=False)


def _p(p: float) -> str:
    if p != p:
        return "-"
    if p == 0:
        return "<1e-60"
    return f"{p:.1e}" if p < 0.001 else f"{p:.3f}"
