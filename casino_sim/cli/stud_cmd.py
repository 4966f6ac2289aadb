"""``casino-sim stud``: simulate a house-dealt stud table and report the house's take."""

from __future__ import annotations

import argparse
import os
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from casino_sim.cli.common import parse_count, positive_int, require
from casino_sim.errors import OptionError


def register(subparsers: Any) -> None:
    """Add the ``stud`` sub-command."""
    parser = subparsers.add_parser(
        "stud",
        help="simulate a house-dealt stud table (rake, jackpot drop, pot shapes)",
        description="Play bot hands of a stud variant and report the rake and jackpot drop.",
    )
    parser.add_argument("variant", help="variant YAML, e.g. paytables/stud/seven_card_stud.yaml")
    parser.add_argument("table", help="table YAML, e.g. paytables/stud/tables/5-10.yaml")
    parser.add_argument("--players", type=positive_int, default=8, help="bots seated (default 8)")
    parser.add_argument("--hands", type=parse_count, default=100_000, help="hands, e.g. 1M")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--workers", type=positive_int, default=1, help="worker processes")
    parser.add_argument("--chunk-size", type=positive_int, default=10_000, help="hands per chunk")
    parser.add_argument("--history", metavar="OUT.jsonl", help="write every hand as JSON lines")
    parser.add_argument("--json", metavar="OUT", help="write the summary as JSON")
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    parser.set_defaults(func=run)


def _load(variant_path: str, table_path: str) -> tuple[Any, Any]:
    from casino_sim.games.stud.adapters import table_rules_from, variant_rules_from

    for path in (variant_path, table_path):
        require(Path(path).is_file(), f"{path}: no such file")
    try:
        from casino_sim.paytables import load_stud_table, load_stud_variant  # type: ignore[attr-defined]
    except ImportError:
        raise OptionError("stud YAML loading (casino_sim.paytables) is not available") from None
    return variant_rules_from(load_stud_variant(variant_path)), table_rules_from(
        load_stud_table(table_path)
    )


def summary(result: Any) -> dict[str, Any]:
    """The run as a JSON-ready dict (money in cents and in units)."""
    record = asdict(result)
    record.update(
        rake_per_hand=result.rake_per_hand,
        rake_per_100_hands=result.rake_per_100,
        rake_per_table_hour=result.rake_per_hour,
        rake_pct_of_wagered=result.rake_pct_of_wagered,
        house_take_pct_of_wagered=result.house_take_pct_of_wagered,
        street_shares=result.street_shares,
        showdown_share=result.showdown_share,
        money_unit="cents",
    )
    return record


def run(args: argparse.Namespace) -> int:
    """Run the simulation, print the summary, write the requested files."""
    from tqdm import tqdm

    from casino_sim.analysis.stud_sim import simulate_stud
    from casino_sim.report.files import provenance, write_json

    variant, table = _load(args.variant, args.table)
    limit = min(variant.max_players, table.max_seats)
    require(2 <= args.players <= limit, f"--players must be 2..{limit} for {variant.name}")
    history_file = None
    tmp_name = ""
    if args.history:
        target = Path(args.history)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        history_file = os.fdopen(fd, "w")
    bar = tqdm(total=args.hands, unit="hand", disable=args.no_progress, leave=False)

    def on_chunk(chunk: Any) -> None:
        bar.update(chunk.hands)
        if history_file is not None:
            history_file.write("\n".join(chunk.history) + "\n")

    try:
        result = simulate_stud(
            variant,
            table,
            args.players,
            hands=args.hands,
            seed=args.seed,
            workers=args.workers,
            chunk_size=args.chunk_size,
            history=history_file is not None,
            on_chunk=on_chunk,
        )
        if history_file is not None:
            history_file.close()
            os.replace(tmp_name, args.history)
    except BaseException:
        if history_file is not None:
            history_file.close()
            Path(tmp_name).unlink(missing_ok=True)
        raise
    finally:
        bar.close()
    _print(result)
    if args.json:
        inputs = {"variant": args.variant, "table": args.table}
        write_json(args.json, {**summary(result), "provenance": provenance(inputs, seed=args.seed)})
    return 0


def _money(cents: float) -> str:
    return f"${cents / 100:,.2f}"


def _print(r: Any) -> None:
    print(f"{r.variant}: {r.hands:,} hands, {len(r.players)} players, seed {r.seed}")
    print(
        f"  money wagered      {_money(r.wagered)}  (mean pot {_money(r.pot_mean)}, sd {_money(r.pot_sd)},"
        f" max {_money(r.pot_max)})"
    )
    print(
        f"  rake               {_money(r.rake)} = {_money(r.rake_per_hand)}/hand,"
        f" {_money(r.rake_per_100)}/100 hands, {r.rake_pct_of_wagered:.3f}% of wagered"
    )
    if r.time_collection_per_hand:
        print(f"  time collection    {_money(r.time_collection_per_hand)}/hand (on the clock)")
    print(f"  per table-hour     {_money(r.rake_per_hour)} at {r.hands_per_hour:g} hands/hour")
    if r.drop or r.jackpot_hits:
        print(
            f"  jackpot drop       {_money(r.drop)}; meter {_money(r.jackpot_meter_start)} ->"
            f" {_money(r.jackpot_meter_end)}, {r.jackpot_hits} hits paid {_money(r.jackpot_paid)}"
        )
    print(f"  house take         {r.house_take_pct_of_wagered:.3f}% of wagered (rake + drop)")
    shares = ", ".join(f"{k} {v:.1%}" for k, v in r.street_shares.items())
    print(f"  hand ended on      {shares}; showdown {r.showdown_share:.1%}")
    for p in r.players:
        print(
            f"  player {p.player} {p.name:<9} net {_money(p.net):>14}  wagered {_money(p.wagered):>14}"
        )
