"""``casino-sim stud``: simulate a house-dealt stud table and report the house's take."""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any

from casino_sim.cli.common import (
    SEED,
    WORKERS,
    HelpFormatter,
    Number,
    RunProgress,
    add_output_options,
    add_runner_options,
    check_outputs,
    progress_bar,
    require,
    run_provenance,
    run_seed,
    runner_options,
)

if TYPE_CHECKING:
    from casino_sim.games.poker_room.simulate import ChunkResult, StudRunResult

#: Hands per run: 10^10 is about half a day on one machine; a larger run is surely a typo.
MAX_HANDS = 10**10


def register(subparsers: Any) -> None:
    """Add the ``stud`` sub-command."""
    parser = subparsers.add_parser(
        "stud",
        help="simulate a house-dealt stud table (rake, jackpot drop, pot shapes)",
        description="Play bot hands of a stud variant and report the rake and jackpot drop.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "variant", help="variant YAML (e.g. paytables/stud/seven_card_stud.yaml) or a shipped name"
    )
    parser.add_argument(
        "table", help="table YAML (e.g. paytables/stud/tables/5-10.yaml) or a shipped name"
    )
    parser.add_argument(
        "--players", type=Number("int", low=2, high=10), default=8, help="bots seated"
    )
    parser.add_argument(
        "--hands", type=Number("count", low=1, high=MAX_HANDS), default=100_000,
        help="hands, e.g. 1M (at most 10^10)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=SEED, default=None, help="random seed (default: random, printed)"
    )
    parser.add_argument("--workers", type=WORKERS, default=1, help="worker processes")
    parser.add_argument(
        "--chunk-size", type=Number("int", low=1, high=10**7), default=10_000,
        help="hands per chunk; part of the run's definition (recorded): chunk i deals from the "
        "i-th child of the seed, so another chunk size deals other hands",
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
        street_shares=result.street_shares,
        showdown_share=result.showdown_share,
        money_unit="cents",
    )
    return record


def run(args: argparse.Namespace) -> int:
    """Run the simulation, print the summary, write the requested files."""
    import contextlib

    from casino_sim.config import load_stud_table, load_stud_variant, resolve_input
    from casino_sim.config.stud import check_structure
    from casino_sim.engine.files import atomic_writer, write_csv, write_json
    from casino_sim.games.poker_room import simulate_stud

    inputs = {
        "variant": resolve_input(args.variant, kind="stud_variant"),
        "table": resolve_input(args.table, kind="stud_table"),
    }
    outputs = {"--history": args.history, "--json": args.json, "--csv": args.csv}
    check_outputs(args, outputs, inputs.values())
    variant = load_stud_variant(inputs["variant"])
    table = load_stud_table(inputs["table"])
    check_structure(variant, table.structure, str(inputs["table"]))  # file:line: structure: ...
    runner = runner_options(args, inputs)
    limit = min(variant.max_players, table.max_seats)
    require(2 <= args.players <= limit, f"--players must be 2..{limit} for {variant.name}")
    seed = run_seed(args)
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(
            progress_bar(total=args.hands, unit="hand", desc="stud", quiet=args.no_progress)
        )
        progress = RunProgress(bar, chunks=-(-args.hands // args.chunk_size))
        history = (
            stack.enter_context(atomic_writer(args.history, overwrite=args.force))
            if args.history
            else None
        )

        def on_chunk(chunk: ChunkResult) -> None:
            progress.update(chunk.hands)
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
    _print(result)
    if args.json:
        record = {**summary(result), "provenance": run_provenance(args, inputs, seed=seed)}
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


def _print(r: StudRunResult) -> None:
    def rates(cents: int) -> str:
        return (
            f"{_money(cents):>15} = {_money(cents / r.hands)}/hand,"
            f" {_money(100 * cents / r.hands)}/100 hands,"
            f" {_money(r.rates(cents)['per_table_hour'])}/table-hour"
        )

    print(f"{r.variant}: {r.hands:,} hands, {len(r.players)} players, seed {r.seed}")
    assumed = (
        f" (the table assumes {r.assumed_hands_per_hour:g})" if r.assumed_hands_per_hour else ""
    )
    print(
        f"  simulated clock    {r.table_hours:,.1f} table-hours,"
        f" {r.hands_per_hour:.1f} hands/hour{assumed}"
    )
    print(
        f"  handle (wagered)   {_money(r.handle):>15}  (mean pot {_money(r.pot_mean)},"
        f" sd {_money(r.pot_sd)}, max {_money(r.pot_max)})"
    )
    print(f"  rake               {rates(r.rake)}")
    print(
        f"                     rake {r.rake_pct_of_handle:.3f}% of handle (not a house edge);"
        f" effective rake (rake / total pots) {r.effective_rake:.3%}"
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
