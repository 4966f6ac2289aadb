"""``casino-sim solve``: the operator's inverse questions (edge, contribution, break-even, cap)."""

from __future__ import annotations

import argparse
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    HelpFormatter,
    Number,
    Subparsers,
    add_output_options,
    check_outputs,
    comma_list,
    require,
    run_provenance,
)

if TYPE_CHECKING:
    from casino_sim.engine.solve_result import Candidate, SolveResult


def exact_number(low: Fraction, high: Fraction, what: str) -> Any:
    """An argparse type: a decimal (``0.05``), a percent (``5%``) or a fraction (``1/20``), exactly."""

    def parse(text: str) -> Fraction:
        cleaned = text.strip()
        scale = Fraction(1, 100) if cleaned.endswith("%") else Fraction(1)
        cleaned = cleaned.removesuffix("%").strip()
        if not re.fullmatch(r"[-+]?(\d+(\.\d*)?|\.\d+)(/\d+)?", cleaned) or cleaned.endswith("/0"):
            raise argparse.ArgumentTypeError(f"expected {what} like 0.05, 5% or 1/20, got {text!r}")
        value = Fraction(cleaned) * scale
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected {what} from {float(low):g} to {float(high):g}, got {text!r}"
            )
        return value

    return parse


SHARE = exact_number(Fraction(-1), Fraction(1), "a share")
RETURN = exact_number(Fraction(0), Fraction(10), "a return per unit wagered")
MONEY = Number("money", low=Fraction(1, 100), high=10**9)


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="inverse questions: raise pays for a target edge, contribution rate, break-even meter, cap",
        formatter_class=HelpFormatter,
        description="Solve an operator's inverse question exactly; each answer says how close "
        "it comes and lists the runners-up.",
    )
    modes = parser.add_subparsers(dest="mode", metavar="QUESTION")

    edge = modes.add_parser("edge", formatter_class=HelpFormatter,
                            help="pays that bring the house edge nearest a target",
                            description="Which pays (named keys, steps of 1 or 0.5) bring the "
                            "optimal-strategy house edge nearest a target; the strategy is re-solved "
                            "for every paytable. A Caribbean Stud paytable's raise pays, or the lines "
                            "of a banked game's paytable (--paytable: a wager or SIDE_BET/PAYTABLE).")  # fmt: skip
    edge.add_argument(
        "paytable", help="Caribbean Stud paytable or banked game: YAML or a shipped name"
    )
    edge.add_argument("--target", type=SHARE, required=True, help="house edge, e.g. 0.05 or 5%%")
    edge.add_argument("--keys", required=True,
                      help="comma-separated pays to solve for, e.g. straight_flush,four_of_a_kind")  # fmt: skip
    edge.add_argument("--step", type=exact_number(Fraction(1, 2), Fraction(1), "1 or 0.5"),
                      default=Fraction(1), help="pay steps: 1 or 0.5")  # fmt: skip
    edge.add_argument("--bounds", action="append", metavar="KEY=LOW:HIGH", default=None,
                      help="search range of one key (repeatable), e.g. straight_flush=20:100; default: "
                      "between the fixed pays above and below (the royal up to 10x)")  # fmt: skip
    edge.add_argument("--ante", type=MONEY, default=None, metavar="AMOUNT",
                      help="ante size in money (needed when the paytable caps payouts)")  # fmt: skip
    edge.add_argument("--paytable", dest="table", default=None, metavar="NAME",
                      help="banked games: the paytable whose lines are solved, a wager (ante, bet_1) "
                      "or SIDE_BET/PAYTABLE (pair_plus/40-30-6-3-1); default: the game's one main paytable")  # fmt: skip

    contribution = modes.add_parser("contribution", formatter_class=HelpFormatter,
                                    help="contribution rate for a target long-run return",
                                    description="The meter contribution rate that gives a progressive "
                                    "a target long-run return (exact).")  # fmt: skip
    contribution.add_argument("progressive", help="progressive YAML or a shipped name")
    contribution.add_argument("--target-return", type=RETURN, required=True,
                              help="long-run return per unit wagered, e.g. 0.8 or 80%%")  # fmt: skip

    break_even = modes.add_parser("break-even", formatter_class=HelpFormatter,
                                  help="the meter at which the side bet breaks even",
                                  description="The meter at which the progressive side bet "
                                  "returns exactly its wager (exact).")  # fmt: skip
    break_even.add_argument("progressive", help="progressive YAML or a shipped name")

    cap = modes.add_parser("cap", formatter_class=HelpFormatter,
                           help="payout cap for an edge floor (or ceiling) at antes up to X",
                           description="The house edge rises with the ante under a payout cap. "
                           "--edge-floor: the largest cap that keeps the edge at the highest ante "
                           "at or above the floor. --edge-ceiling: the smallest cap that keeps the "
                           "edge at or below the ceiling for every ante up to --max-ante.")  # fmt: skip
    cap.add_argument("paytable", help="Caribbean Stud paytable YAML or a shipped name")
    cap.add_argument("--max-ante", type=MONEY, required=True, metavar="AMOUNT",
                     help="the table's highest ante (money)")  # fmt: skip
    cap.add_argument("--edge-floor", type=SHARE, default=None, help="lowest acceptable house edge")
    cap.add_argument(
        "--edge-ceiling", type=SHARE, default=None, help="highest acceptable house edge"
    )
    cap.add_argument("--step", type=MONEY, default=Fraction(1), metavar="AMOUNT",
                     help="caps in multiples of this amount")  # fmt: skip

    for mode, func in ((edge, _edge), (contribution, _contribution), (break_even, _break_even), (cap, _cap)):  # fmt: skip
        mode.add_argument("--runners-up", type=Number("int", low=0, high=50), default=5,
                          help="how many runners-up to list")  # fmt: skip
        mode.add_argument("--json", metavar="OUT", help="write the answer as JSON (atomically)")
        add_output_options(mode)
        mode.set_defaults(func=func)
    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _bounds(items: list[str] | None) -> dict[str, tuple[Fraction, Fraction]]:
    out = {}
    for item in items or []:
        match = re.fullmatch(r"\s*(\w+)\s*=\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*", item)
        require(match is not None, f"--bounds: expected KEY=LOW:HIGH like straight_flush=20:100, got {item!r}")  # fmt: skip
        assert match is not None
        key, low, high = match.group(1), Fraction(match.group(2)), Fraction(match.group(3))
        require(key not in out, f"--bounds: {key} given twice")
        out[key] = (low, high)
    return out


def _edge(args: argparse.Namespace) -> int:
    from casino_sim.config import load, load_paytable, resolve_input
    from casino_sim.games.banked.caribbean_stud.exact.solve import solve_raise_pays

    path = resolve_input(args.paytable)
    definition = load(path)
    require(definition.kind in ("caribbean_stud", "banked_game"),
            f"{args.paytable} is a {definition.kind} file: solve edge takes a Caribbean Stud "
            "paytable or a banked game")  # fmt: skip
    check_outputs(args, {"--json": args.json}, [path])
    keys, bounds = comma_list(args.keys, "--keys"), _bounds(args.bounds)
    if definition.kind == "banked_game":
        from casino_sim.games.banked.language.solve_pays import solve_banked_pays

        require(args.ante is None, "--ante is for Caribbean Stud paytables only")
        require(len(set(keys)) == len(keys), f"--keys: a line named twice in {args.keys!r}")
        result = solve_banked_pays(definition, args.target, keys, table=args.table, step=args.step,
                                   bounds=bounds, runners_up=args.runners_up)  # fmt: skip
        return _finish(args, result, {"game": path})
    require(args.table is None, "--paytable is for banked games only")
    result = solve_raise_pays(load_paytable(path), args.target, keys, step=args.step,
                              bounds=bounds, ante=args.ante, runners_up=args.runners_up)  # fmt: skip
    return _finish(args, result, {"paytable": path})


def _contribution(args: argparse.Namespace) -> int:
    from casino_sim.config import load_progressive, resolve_input
    from casino_sim.games.banked.caribbean_stud.exact.solve_progressive import (
        solve_contribution_rate,
    )

    path = resolve_input(args.progressive, kind="progressive")
    check_outputs(args, {"--json": args.json}, [path])
    result = solve_contribution_rate(load_progressive(path), args.target_return,
                                     runners_up=args.runners_up)  # fmt: skip
    return _finish(args, result, {"progressive": path})


def _break_even(args: argparse.Namespace) -> int:
    from casino_sim.config import load_progressive, resolve_input
    from casino_sim.games.banked.caribbean_stud.exact.solve_progressive import (
        solve_break_even_meter,
    )

    path = resolve_input(args.progressive, kind="progressive")
    check_outputs(args, {"--json": args.json}, [path])
    result = solve_break_even_meter(load_progressive(path), runners_up=args.runners_up)
    return _finish(args, result, {"progressive": path})


def _cap(args: argparse.Namespace) -> int:
    from casino_sim.config import load_paytable, resolve_input
    from casino_sim.games.banked.caribbean_stud.exact.solve import solve_cap

    require((args.edge_floor is None) != (args.edge_ceiling is None),
            "solve cap: give exactly one of --edge-floor and --edge-ceiling")  # fmt: skip
    path = resolve_input(args.paytable, kind="caribbean_stud")
    check_outputs(args, {"--json": args.json}, [path])
    result = solve_cap(load_paytable(path), max_ante=args.max_ante, edge_floor=args.edge_floor,
                       edge_ceiling=args.edge_ceiling, step=args.step, runners_up=args.runners_up)  # fmt: skip
    return _finish(args, result, {"paytable": path})


def _show(value: Fraction, *, signed: bool = False) -> str:
    """A share as a percent: 4 decimals, more when needed to tell a small distance from 0."""
    percent = 100 * float(value)
    digits = 4 if value == 0 or abs(percent) >= 0.01 else 8
    return f"{percent:{'+' if signed else ''}.{digits}f}%"


def _money(value: Fraction) -> str:
    whole_cents = (value * 100).denominator == 1
    return f"${float(value):,.2f}" if whole_cents else f"${float(value):,.6f} (exactly {value})"


def _setting(candidate: Candidate) -> str:
    parts = []
    for key, value in candidate.setting.items():
        if value is None:
            parts.append(f"{key} none")
        elif key in ("meter", "max_payout"):
            parts.append(f"{key.replace('_', ' ')} {_money(value)}")
        elif key == "contribution_rate":
            parts.append(f"contribution rate {100 * float(value):.4f}% ({value})")
        else:
            parts.append(f"{key.replace('_', ' ')} {float(value):g}")
    return ", ".join(parts)


def _meets(result: SolveResult, candidate: Candidate) -> str:
    """For a floor or a ceiling: does the candidate keep to it?"""
    mode = result.extra.get("mode")
    ok = candidate.distance >= 0 if mode == "floor" else candidate.distance <= 0
    return "yes" if ok else "no"


def _finish(args: argparse.Namespace, result: SolveResult, inputs: dict[str, Any]) -> int:
    from casino_sim.engine.files import write_json
    from casino_sim.report.tables import text_table

    figure = result.figure.replace("_", " ").replace("long run", "long-run")
    best = result.best
    closeness = (
        "hits the target exactly" if result.exact else f"off by {_show(best.distance, signed=True)}"
    )
    print(f"{result.question}: {result.subject}")
    print(f"  target   {figure} {_show(result.target)}")
    print(f"  best     {_setting(best)}")
    print(
        f"           -> {figure} {_show(best.achieved)} ({closeness}; exact value {best.achieved})"
    )
    capped = "mode" in result.extra
    header = ["answer", figure, "distance"]
    if capped:
        header.append(f"keeps the {result.extra['mode']}")
    rows = [
        [_setting(c), _show(c.achieved), _show(c.distance, signed=True)]
        + ([_meets(result, c)] if capped else [])
        for c in result.runners_up
    ]
    if rows:
        print("  runners-up:")
        table = text_table(header, rows)
        print("\n".join("    " + line for line in table.splitlines()))
    low, high = result.reachable
    where = f" ({result.reachable_note})" if result.reachable_note else ""
    print(f"  reachable {figure}: {_show(low)} to {_show(high)}{where}")
    print(f"  searched: {result.search_space}")
    for note in result.notes:
        print(f"  note: {note}")
    if args.json:
        record = {**result.to_record(), "provenance": run_provenance(args, inputs)}
        write_json(args.json, record, overwrite=args.force)
    return 0
