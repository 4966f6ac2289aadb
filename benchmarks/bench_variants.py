"""Every shipped stud variant: hands/s, the engine that plays it, and chip conservation.

For each variant in ``paytables/stud/`` (and each betting structure it
allows among the shipped $5/$10 fixed-limit, 1-5 spread, pot-limit and
no-limit tables), ``simulate_stud`` plays ``hands`` hands with 8 default bots
(or the variant's ``max_players``, if fewer). Every run keeps the money
ledger and reconciles it with the engine's own figures (players' nets, rake,
jackpot), so a run that finishes has conserved every chip; the script also
checks that the players' nets and the house's take sum to zero. Each run is
timed after a 200-hand warm-up (compiled kernels, evaluator tables). Beside it:
the compiled path's hands/s for seven-card stud (the engine of the classic
games), as the reference the Python engine's figures compare with.

Run: python benchmarks/bench_variants.py [hands] [--workers N] [--structures fixed,spread,pot,no-limit]
"""

from __future__ import annotations

import argparse
import time

from casino_sim.config import load_stud_table, load_stud_variant, shipped_files, shipped_name
from casino_sim.config.stud import check_structure
from casino_sim.errors import CasinoSimError
from casino_sim.games.poker_room import simulate_stud

TABLES = {
    "fixed": "stud/tables/5-10",
    "spread": "stud/tables/1-5-spread",
    "pot": "stud/tables/mississippi-pot-limit",
    "no-limit": "stud/tables/mississippi-no-limit",
}


def run(variant_name: str, table_name: str, hands: int, workers: int) -> dict[str, object]:
    variant = load_stud_variant(variant_name)
    table = load_stud_table(table_name)
    players = min(8, variant.max_players)
    simulate_stud(variant, table, players, hands=200, seed=0)  # warm up: kernels, evaluator tables
    start = time.perf_counter()
    result = simulate_stud(variant, table, players, hands=hands, seed=1, workers=workers)
    seconds = time.perf_counter() - start
    players_net = sum(p.net - p.time_paid for p in result.players)
    taken = result.rake + result.time_collection + result.jackpot_drop - result.jackpot_paid
    return {
        "hands_per_second": hands / seconds,
        "engine": result.engine,
        "conserved": players_net + taken == 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="?", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--structures", default=",".join(TABLES), help=f"some of {', '.join(TABLES)}"
    )
    args = parser.parse_args()
    structures = args.structures.split(",")
    if unknown := set(structures) - set(TABLES):
        parser.error(f"--structures: unknown {', '.join(sorted(unknown))}")
    reference = run("stud/seven_card_stud", TABLES["fixed"], args.hands, args.workers)
    print(f"{args.hands:,} hands per variant and structure, {args.workers} worker(s)")
    print(f"reference: seven-card stud, compiled: {reference['hands_per_second']:,.0f} hands/s")
    print(f"{'variant':28} {'structure':9} {'engine':9} {'hands/s':>10}  vs compiled  chips")
    for path in sorted(shipped_files("stud_variant")):
        name = shipped_name(path)
        for structure, table_name in TABLES.items():
            if structure not in structures:
                continue
            try:
                check_structure(load_stud_variant(name), load_stud_table(table_name).structure)
            except CasinoSimError:
                continue  # a structure the variant does not allow
            r = run(name, table_name, args.hands, args.workers)
            rate = float(r["hands_per_second"])  # type: ignore[arg-type]
            ratio = rate / float(reference["hands_per_second"])  # type: ignore[arg-type]
            chips = "conserved" if r["conserved"] else "NOT CONSERVED"
            print(
                f"{name:28} {structure:9} {r['engine']!s:9} {rate:>10,.0f}  {ratio:>10.3f}x  {chips}"
            )


if __name__ == "__main__":
    main()
