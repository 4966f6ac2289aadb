"""``casino-sim floor``: Caribbean Stud tables on the clock with a linked progressive."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import Any

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

#: Formats ``--plot`` can write, by file extension.
PLOT_FORMATS = ("png", "svg", "pdf")
HOURS = Number("float", low=0, low_open=True, high=24 * 366 * 10)


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "floor",
        help="Caribbean Stud tables on the clock: hold per table-hour, linked meter over time",
        description="A SimPy model of a floor: arrivals, seats, dealing pace, a linked progressive meter.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "paytable",
        help="Caribbean Stud paytable YAML, or a shipped name such as caribbean_stud/standard",
    )
    parser.add_argument(
        "--progressive", metavar="FILE", help="progressive side-bet YAML (linked across the tables)"
    )
    parser.add_argument(
        "--tables", type=Number("int", low=1, high=1000), default=4, help="tables on the floor"
    )
    parser.add_argument(
        "--hours", type=HOURS, default=24.0, help="simulated hours (at most 10 years)"
    )
    parser.add_argument(
        "--arrivals-per-hour", type=Number("float", low=0, low_open=True, high=10_000),
        default=40.0, help="players arriving per hour (Poisson)",
    )  # fmt: skip
    parser.add_argument(
        "--session-minutes", type=Number("float", low=0, low_open=True, high=7 * 24 * 60),
        default=45.0, help="mean session length (exponential)",
    )  # fmt: skip
    parser.add_argument(
        "--ante", type=Number("money", low=Fraction(1, 100), high=1_000_000), default=Fraction(5),
        help="ante in money",
    )  # fmt: skip
    parser.add_argument(
        "--strategy", default="optimal", help="optimal | pair-or-better | akj83 | always-raise"
    )
    parser.add_argument(
        "--side-bet-share", type=Number("float", low=0, high=1), default=None,
        help="share of players on the progressive (needs --progressive; default 0.5 with it)",
    )  # fmt: skip
    parser.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed for a reproducible run (default: random, printed)",
    )
    parser.add_argument("--json", metavar="OUT", help="write totals, meter path and hits as JSON")
    parser.add_argument("--csv", metavar="OUT", help="write the per-table figures as CSV")
    parser.add_argument(
        "--plot", metavar="FILE",
        help="plot the meter and win per table-hour (.png, .svg or .pdf, by the extension)",
    )  # fmt: skip
    add_output_options(parser)
    parser.set_defaults(func=run)


def _plot_format(path: str) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    require(suffix in PLOT_FORMATS,
            f"--plot {path}: expected a file ending in .png, .svg or .pdf")  # fmt: skip
    return suffix


def run(args: argparse.Namespace) -> int:
    from casino_sim.config import load_paytable, load_progressive, resolve_input
    from casino_sim.engine.files import write_atomic, write_csv, write_json
    from casino_sim.floor.model import FloorConfig, simulate_floor
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.report.floor import format_floor, plot_floor

    require(args.strategy in NAMED_STRATEGIES, f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)}, got {args.strategy!r}")  # fmt: skip
    require(args.side_bet_share is None or args.progressive is not None,
            "--side-bet-share needs --progressive FILE")  # fmt: skip
    plot_format = _plot_format(args.plot) if args.plot else None
    paytable_path = resolve_input(args.paytable, kind="caribbean_stud")
    inputs = {
        "paytable": paytable_path,
        "progressive": resolve_input(args.progressive, kind="progressive")
        if args.progressive
        else None,
    }
    check_outputs(
        args, {"--json": args.json, "--csv": args.csv, "--plot": args.plot}, inputs.values()
    )
    config = FloorConfig(
        load_paytable(paytable_path),
        tables=args.tables,
        hours=args.hours,
        arrivals_per_hour=args.arrivals_per_hour,
        mean_session_minutes=args.session_minutes,
        ante=args.ante,
        strategy=args.strategy,
        progressive=load_progressive(inputs["progressive"]) if inputs["progressive"] else None,
        side_bet_share=0.5 if args.side_bet_share is None else args.side_bet_share,
    )
    seed = pick_seed(args.seed)
    result = simulate_floor(config, seed=seed)
    edge = _exact_house_edge(config)
    print(format_floor(result, exact_house_edge=edge))
    if args.json:
        record = {
            "provenance": run_provenance(args, inputs, seed=seed),
            "config": _config_record(config),
            "hours": result.hours,
            "win_per_table_hour": result.win_per_table_hour,
            "tables": [_table_record(t) for t in result.tables],
            "meter_path": [[h, float(m)] for h, m in result.meter_path],
            "jackpots": [[j.hours, j.table, j.hand, float(j.amount)] for j in result.jackpots],
            "arrivals": result.arrivals,
            "turned_away": result.turned_away,
            "money": {
                "main_game_win": float(result.house_win),
                "side_bet_win": float(result.side_bet_win),
                "total_win": float(result.total_win),
                "drop": float(result.drop),
                "hold": result.hold,
                "meter_end": result.meter_cents / 100,
                "reserve_end": result.reserve_cents / 100,
                "meter_liability": float(result.meter_liability),
                "house_advances_outstanding": result.advances_cents / 100,
                "exact_house_edge": float(edge),
                "theoretical_win": float(result.theoretical_win(edge)),
            },
            "ledger": result.ledger.to_record(),
        }
        write_json(args.json, record, overwrite=args.force)
    if args.csv:
        rows = [{"table": i + 1, **_table_record(t)} for i, t in enumerate(result.tables)]
        write_csv(args.csv, rows, overwrite=args.force)
    if args.plot:
        import io

        buffer = io.BytesIO()
        plot_floor(result, buffer, format=plot_format)
        write_atomic(args.plot, buffer.getvalue(), overwrite=args.force)
    return 0


def _exact_house_edge(config: Any) -> Fraction:
    """The main game's exact house edge (per ante) for the floor's paytable, strategy and ante."""
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

    capped = config.paytable.max_payout is not None
    return analyze_caribbean(
        config.paytable, config.strategy, ante=config.ante if capped else None
    ).house_edge


def _config_record(config: Any) -> dict[str, Any]:
    """The floor's definition as run (enough to reproduce it with the seed)."""
    return {
        "paytable": config.paytable.name,
        "tables": config.tables,
        "hours": config.hours,
        "arrivals_per_hour": config.arrivals_per_hour,
        "mean_session_minutes": config.mean_session_minutes,
        "seconds_per_round_base": config.seconds_per_round_base,
        "seconds_per_round_per_player": config.seconds_per_round_per_player,
        "ante": str(config.ante),
        "strategy": config.strategy,
        "progressive": None if config.progressive is None else config.progressive.name,
        "side_bet_share": config.side_bet_share,
        "buy_in_antes": config.buy_in_antes,
    }


def _table_record(table: Any) -> dict[str, Any]:
    return {
        "rounds": table.rounds,
        "hands": table.hands,
        "hours_dealing": table.hours_dealing,
        "wagered": float(table.wagered),
        "house_win": float(table.house_win),
        "main_game_win_per_handle": table.main_game_win_per_handle,
        "side_bet_handle": float(table.side_bets),
        "side_bet_awards": float(table.side_awards),
        "drop": float(table.drop),
        "win_per_table_hour": table.win_per_table_hour,
    }
