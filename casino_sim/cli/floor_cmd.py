"""``casino-sim floor``: Caribbean Stud tables on the clock with a linked progressive."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from casino_sim.cli.common import positive_int, require


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "floor",
        help="Caribbean Stud tables on the clock: hold per table-hour, linked meter over time",
        description="A SimPy model of a floor: arrivals, seats, dealing pace, a linked progressive meter.",
    )
    parser.add_argument("paytable", type=Path, help="Caribbean Stud paytable YAML")
    parser.add_argument(
        "--progressive", type=Path, metavar="FILE", help="progressive side-bet YAML (linked)"
    )
    parser.add_argument("--tables", type=positive_int, default=4)
    parser.add_argument(
        "--hours", type=_positive_float, default=24.0, help="simulated hours (default 24)"
    )
    parser.add_argument("--arrivals-per-hour", type=_positive_float, default=40.0)
    parser.add_argument(
        "--session-minutes", type=_positive_float, default=45.0, help="mean session"
    )
    parser.add_argument("--ante", default="5", help="ante in money (default 5)")
    parser.add_argument(
        "--strategy", default="optimal", help="optimal | pair-or-better | akj83 | always-raise"
    )
    parser.add_argument(
        "--side-bet-share", type=float, default=0.5, help="share of players on the progressive"
    )
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--json", type=Path, metavar="OUT", help="write totals, meter path and hits as JSON"
    )
    parser.add_argument(
        "--plot", type=Path, metavar="PNG", help="plot the meter and win per table-hour"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from casino_sim.games.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.paytables import load_paytable, load_progressive
    from casino_sim.report.files import provenance, write_atomic, write_json
    from casino_sim.report.floor import format_floor, plot_floor
    from casino_sim.sim.floor import FloorConfig, simulate_floor

    require(args.strategy in NAMED_STRATEGIES, f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)}, got {args.strategy!r}")  # fmt: skip
    try:
        ante = Fraction(args.ante)
    except (ValueError, ZeroDivisionError):
        ante = Fraction(0)
    require(ante > 0, f"--ante: expected a positive amount, got {args.ante!r}")
    require(0 <= args.side_bet_share <= 1, "--side-bet-share: expected a share between 0 and 1")
    config = FloorConfig(
        load_paytable(args.paytable),
        tables=args.tables,
        hours=args.hours,
        arrivals_per_hour=args.arrivals_per_hour,
        mean_session_minutes=args.session_minutes,
        ante=ante,
        strategy=args.strategy,
        progressive=load_progressive(args.progressive) if args.progressive else None,
        side_bet_share=args.side_bet_share,
    )
    result = simulate_floor(config, seed=args.seed)
    print(format_floor(result))
    if args.json:
        record = {
            "provenance": provenance(
                {"paytable": args.paytable, "progressive": args.progressive}, seed=args.seed
            ),
            "hours": result.hours,
            "win_per_table_hour": result.win_per_table_hour,
            "tables": [_table_record(t) for t in result.tables],
            "meter_path": [[h, float(m)] for h, m in result.meter_path],
            "jackpots": [[j.hours, j.table, j.hand, float(j.amount)] for j in result.jackpots],
            "arrivals": result.arrivals,
            "turned_away": result.turned_away,
        }
        write_json(args.json, record)
    if args.plot:
        import io

        buffer = io.BytesIO()
        plot_floor(result, buffer)
        write_atomic(args.plot, buffer.getvalue())
    return 0


def _table_record(table) -> dict:
    return {
        "rounds": table.rounds,
        "hands": table.hands,
        "hours_dealing": table.hours_dealing,
        "wagered": float(table.wagered),
        "house_win": float(table.house_win),
        "hold": table.hold,
        "win_per_table_hour": table.win_per_table_hour,
    }
