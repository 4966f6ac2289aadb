"""``casino-sim simulate``: Caribbean Stud or banked-game Monte Carlo with intervals and the exact
values beside.

Example::

    casino-sim simulate paytables/caribbean_stud/standard.yaml --hands 100M --seats 7 \\
        --strategy optimal --progressive paytables/progressives/50-75-100.yaml --seed 1 \\
        --workers 2 --json out.json
    casino-sim simulate banked/mississippi_stud --hands 10M --seed 1 --json out.json
"""

from __future__ import annotations

import argparse
from dataclasses import replace
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
    comma_list,
    require,
    run_provenance,
    run_seed,
    runner_options,
    unknown_strategy,
)
from casino_sim.cli.comparison_table import (
    HEADER,
    MIN_ROUNDS_FOR_INTERVALS,
    Comparisons,
    ci,
    estimate_row,
    flag_lines,
    pct,
)
from casino_sim.cli.progress import chunk_progress
from casino_sim.cli.progressive_text import progressive_lines, progressive_rule_flags
from casino_sim.cli.seat_options import per_seat, per_seat_antes

if TYPE_CHECKING:
    pass

PERCENTILES = (5, 25, 50, 75, 95)
#: Rounds per run: 10^10 is 20 certification runs, about 10 minutes here; more is surely a typo.
MAX_ROUNDS = 10**10
ROUNDS = Number("count", low=1, high=MAX_ROUNDS)
#: ``--until-se``: a target standard error of the house edge (per ante).
TARGET_SE = Number("float", low=0, high=1, low_open=True)
DEFAULT_ROUNDS = 10_000_000


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="Monte Carlo of Caribbean Stud tables (1-7 seats, progressive) or of a banked game, "
        "with confidence intervals",
        description="Simulate Caribbean Stud rounds dealt from one deck to 1-7 seats and the "
        "dealer, or deals of a banked game (kind: banked_game) played with its exact strategy.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "paytable",
        metavar="PAYTABLE",
        help="a caribbean_stud paytable YAML file, or a shipped name such as caribbean_stud/standard; "
        "or a banked game (kind: banked_game) such as banked/three_card_poker",
    )
    parser.add_argument(
        "--hands", type=ROUNDS, default=None,
        help=f"rounds to deal, e.g. 100M (at most 10^10; default {DEFAULT_ROUNDS:,})",
    )  # fmt: skip
    parser.add_argument(
        "--until-se", metavar="SE", type=TARGET_SE, default=None,
        help="instead of --hands: deal until the house edge's standard error is about SE, "
        "e.g. 0.0005 (a pilot run fixes the rounds first: docs/scale-out.md)",
    )  # fmt: skip
    parser.add_argument(
        "--seats", type=Number("int", low=1, high=7), default=1, help="players at the table, 1-7"
    )
    parser.add_argument(
        "--strategy",
        default="optimal",
        help="optimal, pair-or-better, akj83 or always-raise; or one per seat, comma-separated; "
        "for a banked game: optimal or one of the game's named strategies",
    )
    parser.add_argument(
        "--ante",
        default="1",
        help="ante in money, 0.01 to 1,000,000 ($25 and 1,000 are read as written), or one per "
        "seat after a comma and a space: 5, 10, 25",
    )
    parser.add_argument("--progressive", metavar="FILE", help="a progressive side-bet YAML file")
    parser.add_argument(
        "--progressive-seats",
        metavar="LIST",
        help="seats (1-based, comma-separated) that bet the progressive (default: all)",
    )
    parser.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed for a reproducible run (default: random, printed)",
    )
    parser.add_argument(
        "--workers", type=WORKERS, default=None, help="worker processes (default: all cores)"
    )
    parser.add_argument(
        "--session-rounds",
        type=Number("int", low=1, high=10**7),
        default=400,
        help="rounds per session for the percentiles",
    )
    parser.add_argument(
        "--chunk-rounds", type=Number("count", low=1, high=1 << 24), default=1 << 20,
        help=argparse.SUPPRESS,
    )  # fmt: skip
    parser.add_argument("--json", metavar="OUT", help="also write the full result as JSON")
    parser.add_argument("--csv", metavar="OUT", help="also write the per-seat figures as CSV")
    add_output_options(parser)
    parser.add_argument(
        "--no-exact", action="store_true", help="skip the exact values beside the estimates"
    )
    parser.add_argument("--no-progress", "--quiet", action="store_true", help="no progress bar")
    add_runner_options(parser)
    parser.set_defaults(func=run)


def build_config(args: argparse.Namespace) -> Any:
    """The simulation config from parsed options (OptionError / PaytableError on bad input)."""
    from casino_sim.config import load_paytable, load_progressive
    from casino_sim.errors import OptionError
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        MAX_SEATS,
        CaribbeanSimConfig,
        Seat,
    )
    from casino_sim.games.banked.caribbean_stud.strategy.named import NAMED_STRATEGIES

    if not 1 <= args.seats <= MAX_SEATS:
        raise OptionError(f"--seats must be 1..{MAX_SEATS}, got {args.seats}")
    strategies = per_seat(args.strategy, args.seats, "strategy")
    for name in strategies:
        if name not in NAMED_STRATEGIES:
            raise unknown_strategy(name, files=False)
    antes = per_seat_antes(args.ante, args.seats)
    if args.progressive_seats and not args.progressive:
        raise OptionError("--progressive-seats needs --progressive FILE")
    paytable = load_paytable(args.paytable)
    progressive = load_progressive(args.progressive) if args.progressive else None
    betting: set[int] = set(range(args.seats)) if progressive is not None else set()
    if args.progressive_seats:
        listed = comma_list(args.progressive_seats, "--progressive-seats")
        try:
            numbers = [int(s) - 1 for s in listed]
        except ValueError:
            raise OptionError(
                f"--progressive-seats: expected seat numbers like 1,3,5, got {args.progressive_seats!r}"
            ) from None
        if len(set(numbers)) != len(numbers):
            raise OptionError(
                f"--progressive-seats: a seat is listed twice in {args.progressive_seats!r}"
            )
        betting = set(numbers)
        bad = sorted(s + 1 for s in betting if not 0 <= s < args.seats)
        if bad:
            raise OptionError(f"--progressive-seats: no seat {bad[0]} at a table of {args.seats}")
    seats = tuple(
        Seat(strategies[i], antes[i], progressive=i in betting) for i in range(args.seats)
    )
    return CaribbeanSimConfig(
        paytable,
        seats,
        progressive,
        session_rounds=args.session_rounds,
        chunk_rounds=args.chunk_rounds,
    ).validated()


def run(args: argparse.Namespace) -> int:
    from casino_sim.cli.banked_analyze import is_banked_input

    banked = is_banked_input(args.paytable)
    if banked is not None:  # a kind: banked_game file (docs/banked-games.md)
        from casino_sim.cli.banked_simulate import run_banked

        args.hands = args.hands or DEFAULT_ROUNDS
        return run_banked(args, banked)
    from casino_sim.config import resolve_input
    from casino_sim.engine.files import write_csv, write_json
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        rounds_for_standard_error,
        simulate_caribbean,
    )

    inputs = {
        "paytable": resolve_input(args.paytable, kind="caribbean_stud"),
        "progressive": resolve_input(args.progressive, kind="progressive")
        if args.progressive
        else None,
    }
    check_outputs(args, {"--json": args.json, "--csv": args.csv}, inputs.values())
    require(args.hands is None or args.until_se is None, "give --hands or --until-se, not both")
    config = build_config(args)
    runner = runner_options(args, inputs)
    seed = run_seed(args)
    hands, plan = args.hands or DEFAULT_ROUNDS, None
    if args.until_se is not None:
        plan = rounds_for_standard_error(config, args.until_se, seed=seed, workers=args.workers)
        require(plan.rounds <= MAX_ROUNDS, f"--until-se {args.until_se:g} needs about "
                f"{plan.rounds:.3g} rounds, more than the {MAX_ROUNDS:.0e} a run may deal")  # fmt: skip
        hands = plan.rounds
    args.hands = hands  # the provenance records the rounds dealt
    chunks = -(-hands // config.chunk_rounds)
    with chunk_progress(args, total=hands, unit="hand", chunks=chunks, seed=seed,
                        chunk=f"up to {config.chunk_rounds:,} rounds", quiet=args.no_progress) as progress:  # fmt: skip
        result = simulate_caribbean(
            config,
            hands,
            seed=seed,
            workers=args.workers,
            progress=progress.update,
            exact=not args.no_exact,
            runner=replace(runner, on_restored=progress.restored),
        )
    if plan is not None:
        print(f"--until-se {plan.target_standard_error:g}: a pilot of {plan.pilot_rounds:,} rounds "
              f"(its own seeds) gave a standard error of {plan.pilot_standard_error:.6f}, "
              f"so {plan.rounds:,} rounds were dealt")  # fmt: skip
    for line in summary_lines(result):
        print(line)
    if args.json:
        record = {**result.to_record(), "provenance": run_provenance(args, inputs, seed=seed)}
        record["flags"] = [flag.to_record() for flag in _rule_flags(result)]  # the economics
        if plan is not None:
            record["stopping_rule"] = plan.to_record()
        write_json(args.json, record, overwrite=args.force)
    if args.csv:
        write_csv(args.csv, seat_rows(result), overwrite=args.force)
    return 0


def seat_rows(result: Any) -> list[dict[str, Any]]:
    """One CSV row per seat: estimates, 95% intervals, exact values."""
    rows = []
    for seat in result.seats:
        row: dict[str, Any] = {"seat": seat.seat, "strategy": seat.strategy, "ante": str(seat.ante),
                               "hands": seat.hands}  # fmt: skip
        for name in ("house_edge", "element_of_risk", "raise_rate"):
            est = getattr(seat, name)
            row.update({name: est.estimate, f"{name}_low": est.interval.low,
                        f"{name}_high": est.interval.high})  # fmt: skip
        exact = seat.exact
        row["exact_house_edge"] = "" if exact is None else exact.house_edge
        row["exact_element_of_risk"] = "" if exact is None else exact.element_of_risk
        row["sd"] = seat.sd
        rows.append(row)
    return rows


def summary_lines(result: Any) -> list[str]:
    """The human summary: estimates, 95% intervals, exact values, z and p of each comparison,
    and the flags of Holm's test over them (family-wise 5%)."""
    config = result.config
    name = getattr(config.paytable, "name", "paytable")
    lines = [
        f"Caribbean Stud Monte Carlo: {name}, {len(config.seats)} seat(s), {result.rounds:,} rounds, "
        f"seed {result.seed}, {result.workers} worker(s)",
    ]
    small = result.rounds < MIN_ROUNDS_FOR_INTERVALS
    if small:
        lines.append(
            f"warning: {result.rounds:,} rounds are too few for the intervals and the chi-square "
            f"test to mean anything (use at least {MIN_ROUNDS_FOR_INTERVALS:,}; millions for the edge)"
        )
    lines += ["", HEADER]
    family = Comparisons()

    def row(label: str, est: Any, exact: float | None) -> None:
        estimate_row(family, label, est, exact, small=small)

    row("table house edge (per ante)", result.house_edge, result.exact_house_edge)
    for seat in result.seats:
        exact = seat.exact
        tag = f"seat {seat.seat} ({seat.strategy}, ante {seat.ante})"
        row(f"{tag} house edge", seat.house_edge, None if exact is None else exact.house_edge)
        row(
            "  element of risk",
            seat.element_of_risk,
            None if exact is None else exact.element_of_risk,
        )
        row(
            "  raise rate (Wilson)",
            seat.raise_rate,
            None if exact is None else exact.raise_probability,
        )
        sd_exact = "" if exact is None else f"   (exact {exact.sd:.4f}; no test: a check by eye)"
        family.add(f"{'  SD per hand (antes)':<42}{seat.sd:>12.4f}{sd_exact}")
        if exact is not None and not small and exact.chi_square.dof > 0:
            chi = exact.chi_square
            family.add(
                f"  outcome frequencies vs exact: chi-square {chi.statistic:.1f} on {chi.dof} df, "
                f"p = {chi.p_value:.3g}",
                chi.p_value,
            )
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import (
        dealer_qualify_probability,
    )

    qualifies = dealer_qualify_probability()
    row("dealer qualifies (Wilson)", result.dealer_qualifies, float(qualifies))
    family.add(f"{'':<80}exact {int(qualifies * 2_598_960):,} / 2,598,960 = {qualifies}")
    progressive = None
    if result.progressive is not None:
        progressive = progressive_lines(result.progressive, family, small=small)
    body, flagged = family.lines()
    lines += body
    money = result.house_result_per_round
    lines.append(
        f"{'main game: house win per round (money)':<42}{money.estimate:>12.4f}  [{money.interval.low:.4f}, {money.interval.high:.4f}]"
    )
    lines.append(
        f"main game: handle {result.handle:,.2f}, win {result.win:,.2f}, house edge "
        f"{pct(result.house_edge.estimate)} {ci(result.house_edge)}, element of risk "
        f"{pct(result.element_of_risk)}"
    )
    if progressive is not None:
        lines.extend(progressive)
        lines.append("ledger: reconciled to the cent")
    if result.sessions is not None:
        s = result.sessions
        lines.append("")
        lines.append(
            f"Sessions of {s.session_rounds} rounds ({s.sessions:,} sessions), money, percentiles {'/'.join(map(str, PERCENTILES))}:"
        )
        for label, pcts in (("house", s.house_percentiles), ("seat 1", s.player_percentiles)):
            values = ", ".join(f"{pcts[q]:,.0f}" for q in PERCENTILES)
            lines.append(f"  {label:<8}{values}")
        lines.append(
            f"  the house ends a session behind {pct(s.house_loses.estimate)} of the time; seat 1 ends ahead {pct(s.player_wins.estimate)}"
        )
    rules = _rule_flags(result)
    if rules:  # the first thing a reader sees, and again with the others at the end
        lines[1:1] = [f"FLAG: {rule}" for rule in rules]
    lines += ["", *flag_lines(rules, family.count, flagged)]
    return lines


def _rule_flags(result: Any) -> list[Any]:
    """Broken rules of the side bet's economics (long-run return over 100%, an award rarer than
    1 in 100 million, a meter left below its seed)."""
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

    side = result.config.progressive
    if side is None:
        return []
    return progressive_rule_flags(side, analyze_progressive(side), result.progressive)
