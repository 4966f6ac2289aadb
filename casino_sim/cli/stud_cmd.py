"""``casino-sim stud``: simulate a house-dealt stud table and report the house's take.

The run is ``--hands`` hands, or ``--hours`` / ``--days`` of dealing at the
table's pace (its stated one, else measured on a pilot of hands from seeds of
their own: :mod:`casino_sim.cli.stud_rates`). The rake per hand, per 100 hands and per table-hour come with 95%
intervals: ratio estimates over the run's chunks (batch means, as ``report``
and ``compare`` give them).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
from collections.abc import Callable
from dataclasses import asdict, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    add_output_options,
    add_runner_options,
    check_outputs,
    declared_kind,
    require,
    run_provenance,
    run_seed,
    runner_options,
)
from casino_sim.cli.progress import chunk_progress
from casino_sim.cli.stud_rates import PacePlan, hands_for_hours

if TYPE_CHECKING:
    from casino_sim.config import StudTable, StudVariant
    from casino_sim.engine.stats import Estimate
    from casino_sim.games.poker_room.rates import ChunkSums
    from casino_sim.games.poker_room.simulate import ChunkResult, StudRunResult

#: Hands per run: 10^10 is about half a day on one machine; a larger run is surely a typo.
MAX_HANDS = 10**10
#: Hands when neither --hands nor --hours nor --days is given.
DEFAULT_HANDS = 100_000
#: The default chunks: about this many (the intervals' batches), of 100 to 10,000 hands each.
BATCHES, MIN_CHUNK, MAX_CHUNK = 20, 100, 10_000


def register(subparsers: Any) -> None:
    """Add the ``stud`` sub-command."""
    parser = subparsers.add_parser(
        "stud",
        help="simulate a house-dealt stud table (rake, jackpot drop, pot shapes)",
        description="Play bot hands of a stud variant and report the rake and jackpot drop.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "variant", metavar="VARIANT",
        help="variant YAML (e.g. paytables/stud/seven_card_stud.yaml) or a shipped name",
    )  # fmt: skip
    parser.add_argument(
        "table", metavar="TABLE",
        help="table YAML (e.g. paytables/stud/tables/5-10.yaml) or a shipped name",
    )  # fmt: skip
    parser.add_argument(
        "--players", type=Number("int", low=2, high=10), default=8, help="bots seated"
    )
    length = parser.add_mutually_exclusive_group()
    length.add_argument(
        "--hands", type=Number("count", low=1, high=MAX_HANDS), default=None,
        help=f"hands, e.g. 1M or 1,000,000 (at most 10^10; default {DEFAULT_HANDS:,})",
    )  # fmt: skip
    length.add_argument(
        "--hours", type=Number("float", low=0, low_open=True, high=10**8), default=None,
        help="instead of --hands: table-hours of dealing at the table's pace (its "
        "hands_per_hour, else its pace model's, measured on a pilot of hands)",
    )  # fmt: skip
    length.add_argument(
        "--days", type=Number("float", low=0, low_open=True, high=10**6), default=None,
        help="instead of --hands: days of dealing around the clock (24 table-hours each)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=SEED, default=None, help="random seed (default: random, printed)"
    )
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument(
        "--chunk-size", type=Number("int", low=1, high=10**7), default=None,
        help="hands per chunk (default: a twentieth of the hands, from 100 to 10,000: the "
        "chunks are the batches of the intervals); part of the run's definition (recorded): "
        "chunk i deals from the i-th child of the seed, so another chunk size deals other hands",
    )  # fmt: skip
    parser.add_argument(
        "--history", metavar="OUT.jsonl",
        help="write every hand as JSON lines (switches to the Python engine: about 60x slower)",
    )  # fmt: skip
    parser.add_argument("--json", metavar="OUT", help="write the summary as JSON")
    parser.add_argument("--csv", metavar="OUT", help="write the per-player results as CSV")
    parser.add_argument(
        "--no-progress", "--quiet", action="store_true", help="hide the progress bar"
    )
    add_output_options(parser)
    add_runner_options(parser)
    parser.set_defaults(func=run)


def summary(result: StudRunResult) -> dict[str, Any]:
    """The run as a JSON-ready dict (money in cents; the ledger's flows and balances)."""
    record = {f.name: getattr(result, f.name) for f in fields(result) if f.name != "ledger"}
    record["players"] = [asdict(p) for p in result.players]
    record["ledger"] = result.ledger.to_record()
    record.update(
        money={
            name: result.rates(cents)
            for name, cents in (
                ("handle", result.handle),
                ("rake", result.rake),
                ("time_collection", result.time_collection),
                ("jackpot_drop", result.jackpot_drop),
                ("jackpot_paid", result.jackpot_paid),
                ("house_funded_seed", result.house_funded_seed),
                ("house_result", result.house_result),
            )
        },
        meter_liability=result.meter_liability,
        house_result=result.house_result,
        rake_per_hand=result.rake_per_hand,
        rake_per_100_hands=result.rake_per_100,
        rake_per_table_hour=result.rake_per_table_hour,
        rake_pct_of_handle=result.rake_pct_of_handle,
        effective_rake=result.effective_rake,
        house_result_pct_of_handle=result.house_result_pct_of_handle,
        table_hours=result.table_hours,
        hands_per_hour=result.hands_per_hour,
        simulated_hands_per_hour=result.simulated_hands_per_hour,
        pace=result.pace,
        street_shares=result.street_shares,
        showdown_share=result.showdown_share,
        money_unit="cents",
    )
    return record


def _inputs(args: argparse.Namespace) -> dict[str, Path]:
    """The variant and table files; an argument of the wrong kind is named as such."""
    from casino_sim.config import resolve_input
    from casino_sim.errors import OptionError

    wanted = {"variant": "stud_variant", "table": "stud_table"}
    given = {"variant": args.variant, "table": args.table}
    kinds = {role: _kind_of(name) for role, name in given.items()}
    if kinds == {"variant": "stud_table", "table": "stud_variant"}:
        raise OptionError(
            f"VARIANT comes first, then TABLE: {args.table!r} is the stud variant and "
            f"{args.variant!r} the table (casino-sim stud {args.table} {args.variant})"
        )
    for role, kind in wanted.items():
        if kinds[role] not in (None, kind):
            raise OptionError(
                f"{role.upper()}: {given[role]!r} is a {kinds[role]} file, not a {kind} "
                "(casino-sim stud VARIANT TABLE, e.g. stud/seven_card_stud stud/tables/5-10)"
            )
    return {role: resolve_input(given[role], kind=kind) for role, kind in wanted.items()}


def _kind_of(name: str) -> str | None:
    """The kind of the file ``name`` stands for, of any kind; None when there is none."""
    from casino_sim.config import resolve_input
    from casino_sim.errors import CasinoSimError

    try:
        return declared_kind(resolve_input(name))
    except (CasinoSimError, OSError):
        return None


def _hands(
    args: argparse.Namespace, variant: StudVariant, table: StudTable, seed: int
) -> PacePlan | None:
    """Set ``args.hands`` (recorded in the provenance); the pace plan of --hours / --days."""
    hours = args.hours if args.days is None else 24 * args.days
    if hours is None:
        args.hands = args.hands or DEFAULT_HANDS
        return None
    plan = hands_for_hours(variant, table, args.players, hours=hours, seed=seed)
    given = "--hours" if args.days is None else "--days"
    require(plan.hands <= MAX_HANDS, f"{given}: {hours:,g} table-hours at {plan.hands_per_hour:.1f} "
            f"hands an hour are {plan.hands:,} hands, more than the {MAX_HANDS:.0e} a run may deal")  # fmt: skip
    args.hands = plan.hands
    return plan


def run(args: argparse.Namespace) -> int:
    """Run the simulation, print the summary, write the requested files."""
    import contextlib

    from casino_sim.config import load_stud_table, load_stud_variant
    from casino_sim.config.stud import check_structure
    from casino_sim.engine.files import atomic_writer, write_csv, write_json
    from casino_sim.games.poker_room import simulate_stud

    inputs = _inputs(args)
    outputs = {"--history": args.history, "--json": args.json, "--csv": args.csv}
    check_outputs(args, outputs, inputs.values())
    variant = load_stud_variant(inputs["variant"])
    table = load_stud_table(inputs["table"])
    check_structure(variant, table.structure, str(inputs["table"]))  # file:line: structure: ...
    runner = runner_options(args, inputs)
    limit = min(variant.max_players, table.max_seats)
    require(2 <= args.players <= limit, f"--players must be 2..{limit} for {variant.name}")
    seed = run_seed(args)
    plan = _hands(args, variant, table, seed)
    if args.chunk_size is None:  # recorded in the provenance, like the hands
        args.chunk_size = min(MAX_CHUNK, max(MIN_CHUNK, -(-args.hands // BATCHES)))
    from casino_sim.games.poker_room.rates import ChunkSums

    sums = ChunkSums()
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(
            chunk_progress(
                args,
                total=args.hands,
                unit="hand",
                seed=seed,
                quiet=args.no_progress,
                chunks=-(-args.hands // args.chunk_size),
                chunk=f"up to {args.chunk_size:,} hands",
            )
        )
        history = (
            stack.enter_context(atomic_writer(args.history, overwrite=args.force))
            if args.history
            else None
        )

        def on_chunk(chunk: ChunkResult) -> None:
            progress.update(chunk.hands)
            sums.add(chunk, table=table, players=args.players)
            if history is not None:
                history.write("\n".join(chunk.history) + "\n")

        result = simulate_stud(
            variant,
            table,
            args.players,
            hands=args.hands,
            seed=seed,
            workers=args.workers,
            chunk_size=args.chunk_size,
            history=history is not None,
            on_chunk=on_chunk,
            runner=dataclasses.replace(runner, on_restored=progress.restored),
        )
    _print(result, sums, plan)
    if args.json:
        record = {**summary(result), "rake_estimates": sums.to_record(),
                  "provenance": run_provenance(args, inputs, seed=seed)}  # fmt: skip
        if plan is not None:
            record["pace_plan"] = plan.to_record()
        write_json(args.json, record, overwrite=args.force)
    if args.csv:
        rows = [
            {"player": p.player, "bot": p.name, "net_cents": p.net, "wagered_cents": p.wagered,
             "jackpot_cents": p.jackpot, "time_paid_cents": p.time_paid}
            for p in result.players
        ]  # fmt: skip
        write_csv(args.csv, rows, overwrite=args.force)
    return 0


def _money(cents: float) -> str:
    """Cents as money, sign first: ``-1198739`` -> ``-$11,987.39``."""
    return f"{'-' if cents < 0 else ''}${abs(cents) / 100:,.2f}"


def _print(r: StudRunResult, sums: ChunkSums, plan: PacePlan | None) -> None:
    def rates(cents: int) -> str:
        return (
            f"{_money(cents):>15} = {_money(cents / r.hands)}/hand,"
            f" {_money(100 * cents / r.hands)}/100 hands,"
            f" {_money(r.rates(cents)['per_table_hour'])}/table-hour ({r.pace} pace)"
        )

    print(f"{r.variant}: {r.hands:,} hands, {len(r.players)} players, seed {r.seed}")
    if plan is not None:
        print(f"  {plan.describe()}")
    _print_clock(r)
    print(
        f"  handle (wagered)   {_money(r.handle):>15}  (mean pot {_money(r.pot_mean)},"
        f" sd {_money(r.pot_sd)}, max {_money(r.pot_max)})"
    )
    print(f"  rake               {rates(r.rake)}")
    estimates = sums.estimates()
    print(f"    95% interval     {_intervals(estimates, len(sums.hands))}")
    effective = estimates["effective_rake"]
    print(
        f"                     rake {r.rake_pct_of_handle:.3f}% of handle (not a house edge);"
        f" effective rake (rake / total pots) {r.effective_rake:.3%}"
        + _span(effective, lambda v: f"{v:.3%}")
    )
    if r.time_collection:
        print(f"  time collection    {rates(r.time_collection)}")
    if r.jackpot_drop or r.jackpot_hits or r.house_funded_seed:
        print(f"  jackpot drop       {rates(r.jackpot_drop)}  (players' money, not the house's)")
        print(f"  jackpot paid       {rates(r.jackpot_paid)}  ({r.jackpot_hits} hits)")
        print(f"  house-funded seed  {rates(r.house_funded_seed)}  (opening seed and reseeds)")
        print(
            f"  meter liability    {_money(r.meter_liability):>15}  (meter"
            f" {_money(r.jackpot_meter_start)} -> {_money(r.jackpot_meter_end)}, reserve"
            f" {_money(r.jackpot_reserve)}: owed to the players)"
        )
    print(f"  house result (win) {rates(r.house_result)}")
    print(
        f"                     {r.house_result_pct_of_handle:.3f}% of handle"
        " (rake + time collection - house-funded seed)"
    )
    shares = ", ".join(f"{k} {v:.1%}" for k, v in r.street_shares.items())
    print(f"  hand ended on      {shares}; showdown {r.showdown_share:.1%}")
    for p in r.players:
        print(
            f"  player {p.player} {p.name:<9} net {_money(p.net):>14}  wagered {_money(p.wagered):>14}"
            + (f"  time {_money(p.time_paid)}" if p.time_paid else "")
        )
    _print_ledger(r)


def _span(estimate: Estimate, show: Callable[[float], str]) -> str:
    """`` (95% low to high)``, or "" when there is no interval (one chunk)."""
    if not math.isfinite(estimate.standard_error):
        return ""
    interval = estimate.interval
    return f" (95% {show(interval.low)} to {show(interval.high)})"


def _intervals(estimates: dict[str, Estimate], batches: int) -> str:
    """The rake rates' 95% intervals (batch means over the chunks), or why there are none."""
    if batches < 2:
        return "none from one chunk: more --hands, or a smaller --chunk-size"
    per = [
        ("per_hand", "/hand"),
        ("per_100_hands", "/100 hands"),
        ("per_table_hour", "/table-hour"),
    ]
    spans = ", ".join(
        f"{_money(estimates[key].interval.low)} to {_money(estimates[key].interval.high)}{unit}"
        for key, unit in per
    )
    return f"{spans} ({batches:,} chunks)"


def _print_clock(r: StudRunResult) -> None:
    """The clock of the per-hour figures, with the simulated pace beside a stated one."""
    source = "pace: block" if r.stated_hands_per_hour is None else "hands_per_hour"
    print(
        f"  table clock        {r.table_hours:,.1f} table-hours at the {r.pace} pace,"
        f" {r.hands_per_hour:.1f} hands/hour ({source})"
    )
    if r.stated_hands_per_hour is not None:
        print(
            f"                     simulated pace {r.simulated_hands_per_hour:.1f} hands/hour"
            " (pace: block), for comparison"
        )


def _print_ledger(r: StudRunResult) -> None:
    from casino_sim.engine.ledger import FLOWS

    ledger = r.ledger
    print("  ledger (cents moved, by flow):")
    for flow in FLOWS:
        moved = ledger.total(flow)
        if moved:
            pairs = [(s, t) for (name, s, t) in ledger.flows if name == flow]
            sources = sorted({_kind(s) for s, _ in pairs})
            targets = sorted({_kind(t) for _, t in pairs})
            print(
                f"    {flow:<16} {_money(moved):>15}  {', '.join(sources)} -> {', '.join(targets)}"
            )
    balances = ledger.balances()
    players = sum(v for k, v in balances.items() if _kind(k) == "players")
    others = ", ".join(f"{k} {_money(v)}" for k, v in balances.items() if _kind(k) != "players")
    print(f"    balances: players {_money(players)}, {others}")
    print("  ledger: balanced, reconciled to the cent")


def _kind(account: str) -> str:
    """An account's kind for the summary: "players" for every "player:N", else its name."""
    return "players" if account.startswith("player:") else account
