"""``casino-sim simulate``: Caribbean Stud Monte Carlo with intervals and the exact values beside.

Example::

    casino-sim simulate paytables/caribbean_stud/standard.yaml --hands 100M --seats 7 \\
        --strategy optimal --progressive paytables/progressives/50-75-100.yaml --seed 1 \\
        --workers 2 --json out.json
"""

from __future__ import annotations

import argparse
import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    RunProgress,
    Subparsers,
    add_output_options,
    add_runner_options,
    check_outputs,
    comma_list,
    progress_bar,
    require,
    run_provenance,
    run_seed,
    runner_options,
)

PERCENTILES = (5, 25, 50, 75, 95)
#: Rounds per run: 10^10 is 20 certification runs, about 10 minutes here; more is surely a typo.
MAX_ROUNDS = 10**10
#: Below this many rounds the intervals and the chi-square test mean little.
MIN_ROUNDS_FOR_INTERVALS = 1_000
ROUNDS = Number("count", low=1, high=MAX_ROUNDS)
ANTE = Number("money", low=Fraction(1, 100), high=1_000_000)
#: ``--until-se``: a target standard error of the house edge (per ante).
TARGET_SE = Number("float", low=0, high=1, low_open=True)
DEFAULT_ROUNDS = 10_000_000


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="Monte Carlo of Caribbean Stud tables (1-7 seats, progressive, confidence intervals)",
        description="Simulate Caribbean Stud rounds dealt from one deck to 1-7 seats and the dealer.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "paytable",
        metavar="PAYTABLE",
        help="a caribbean_stud paytable YAML file, or a shipped name such as caribbean_stud/standard",
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
        help="optimal, pair-or-better, akj83 or always-raise; or one per seat, comma-separated",
    )
    parser.add_argument(
        "--ante",
        default="1",
        help="ante in money (0.01 to 1,000,000); or one per seat, comma-separated",
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


def _per_seat(text: str, seats: int, what: str) -> list[str]:
    from casino_sim.errors import OptionError

    items = comma_list(text, f"--{what}")
    if len(items) == 1:
        return items * seats
    if len(items) != seats:
        raise OptionError(f"--{what}: give one value or one per seat ({seats}), got {len(items)}")
    return items


def _ante(text: str) -> Fraction:
    import argparse as _argparse

    from casino_sim.errors import OptionError

    try:
        return Fraction(ANTE(text))
    except _argparse.ArgumentTypeError as error:
        raise OptionError(f"--ante: {error}") from None


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
    strategies = _per_seat(args.strategy, args.seats, "strategy")
    for name in strategies:
        if name not in NAMED_STRATEGIES:
            raise OptionError(
                f"--strategy: unknown strategy {name!r}: expected one of {', '.join(NAMED_STRATEGIES)}"
            )
    antes = [_ante(a) for a in _per_seat(args.ante, args.seats, "ante")]
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
    with progress_bar(total=hands, unit="hand", desc="simulate", quiet=args.no_progress) as bar:
        progress = RunProgress(bar, chunks=-(-hands // config.chunk_rounds))
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


def _pct(x: float) -> str:
    return f"{100 * x:.4f}%"


def _ci(estimate: Any) -> str:
    iv = estimate.interval
    return f"[{_pct(iv.low)}, {_pct(iv.high)}]"


def summary_lines(result: Any) -> list[str]:
    """The human summary: estimates, 95% intervals, exact values and whether they lie inside."""
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
    lines += [
        "",
        f"{'figure':<42}{'estimate':>12}  {'95% interval':<26}{'exact':>12}  within",
    ]

    def row(label: str, est: Any, exact: float | None, fmt: Any = _pct) -> None:
        iv = est.interval
        interval = f"[{fmt(iv.low)}, {fmt(iv.high)}]"
        if exact is None:
            lines.append(f"{label:<42}{fmt(est.estimate):>12}  {interval:<26}{'-':>12}  -")
        else:
            inside = "yes" if est.contains(exact) else "NO"
            lines.append(
                f"{label:<42}{fmt(est.estimate):>12}  {interval:<26}{fmt(exact):>12}  {inside}"
            )

    row("table house edge (per ante)", result.house_edge, None)
    for seat in result.seats:
        exact = seat.exact
        tag = f"seat {seat.seat} ({seat.strategy}, ante {seat.ante})"
        row(f"{tag} house edge", seat.house_edge, None if exact is None else exact.house_edge)
        row(
            "  element of risk",
            seat.element_of_risk,
            None if exact is None else exact.element_of_risk,
        )
        row("  raise rate", seat.raise_rate, None if exact is None else exact.raise_probability)
        sd_exact = "" if exact is None else f"   (exact {exact.sd:.4f})"
        lines.append(f"{'  SD per hand (antes)':<42}{seat.sd:>12.4f}{sd_exact}")
        if exact is not None and not small and exact.chi_square.dof > 0:
            chi = exact.chi_square
            verdict = "consistent" if chi.passes(0.001) else "INCONSISTENT"
            lines.append(
                f"  outcome frequencies vs exact: chi-square {chi.statistic:.1f} on {chi.dof} df, p = {chi.p_value:.3f} ({verdict})"
            )
    row("dealer qualifies", result.dealer_qualifies, result.dealer_qualifies_exact)
    money = result.house_result_per_round
    lines.append(
        f"{'main game: house win per round (money)':<42}{money.estimate:>12.4f}  [{money.interval.low:.4f}, {money.interval.high:.4f}]"
    )
    lines.append(
        f"main game: handle {result.handle:,.2f}, win {result.win:,.2f}, house edge "
        f"{_pct(result.house_edge.estimate)} {_ci(result.house_edge)}, element of risk "
        f"{_pct(result.element_of_risk)}"
    )
    if result.progressive is not None:
        lines.extend(_progressive_lines(result.progressive))
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
            f"  the house ends a session behind {_pct(s.house_loses.estimate)} of the time; seat 1 ends ahead {_pct(s.player_wins.estimate)}"
        )
    return lines


def _progressive_lines(p: Any) -> list[str]:
    from casino_sim.config.common import CATEGORY_KEYS

    lines = ["", f"Progressive {p.name!r}: {p.bets:,} side bets"]
    lines.append(
        f"  {'hand':<18}{'hits':>10}  {'95% interval (exact Poisson)':<30}{'expected':>12}  within"
    )
    for i, key in enumerate(CATEGORY_KEYS):
        if i not in p.awarded:
            continue
        expected = p.exact_probabilities[i] * p.bets
        iv = p.hit_intervals[i]
        inside = "yes" if iv.low <= expected <= iv.high else "NO"
        lines.append(
            f"  {key:<18}{p.hits[i]:>10,}  [{iv.low:,.1f}, {iv.high:,.1f}]{'':<8}{expected:>12,.1f}  {inside}"
        )
    r, m = p.side_bet_return, p.meter
    lines.append(
        f"side bet: handle {p.handle:,.2f}, win {p.win:,.2f} (ledger), house edge "
        f"{_pct(p.house_edge.estimate)}"
    )
    if math.isnan(r.standard_error):
        interval, inside = "(one chunk: no interval)", "-"
    else:
        interval = f"{_ci(r)} (batch means over chunks)"
        inside = "yes" if r.contains(p.exact_long_run_return) else "NO"
    lines.append(
        f"  side-bet return {_pct(r.estimate)} {interval}; "
        f"exact long-run {_pct(p.exact_long_run_return)}, within: {inside}"
    )
    lines.append(
        f"  paid: fixed {p.fixed_paid:,.2f}, meter {p.meter_paid:,.2f} ({p.meter_hits:,} hits), "
        f"envy {p.envy_paid:,.2f}"
    )
    lines.append(
        f"  meter {m.meter_cents / 100:,.2f}, reserve {m.reserve_cents / 100:,.2f}, meter liability "
        f"{m.liability_cents / 100:,.2f}; house-funded seeds {m.house_funded_seeds_cents / 100:,.2f} "
        f"(outstanding {m.advances_outstanding_cents / 100:,.2f})"
    )
    if p.break_even_meter is not None:
        exact = (
            "" if p.exact_break_even_meter is None else f" (exact {p.exact_break_even_meter:,.0f})"
        )
        lines.append(f"  break-even meter: {p.break_even_meter:,.0f}{exact}")
    return lines
