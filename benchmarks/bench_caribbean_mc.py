"""Caribbean Stud Monte Carlo throughput vs a plain per-hand Python loop (random.sample + phevaluator).

Run: python benchmarks/bench_caribbean_mc.py [--hands 20000000] [--paytable FILE]
Targets (DESIGN.md / issue #5): one seat, optimal strategy, dealing included:
>= 5 M rounds/s per core; seven seats: >= 1 M rounds/s per core; >= 1.8x with 2 workers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from math import comb

sys.path.insert(0, os.path.dirname(__file__))

from casino_sim.config import PAYTABLE_DIR, load_paytable, load_progressive
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
    CaribbeanSimConfig,
    simulate_caribbean,
)
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy

BINOMIAL = [[comb(n, k) for k in range(6)] for n in range(53)]


def timed_rate(config: CaribbeanSimConfig, hands: int, *, workers: int) -> float:
    """Rounds per second of one full run (chunking, merging and statistics included)."""
    start = time.perf_counter()
    simulate_caribbean(config, hands, seed=1, workers=workers)
    return hands / (time.perf_counter() - start)


def plain_loop_rate(config: CaribbeanSimConfig, hands: int) -> float:
    """The obvious per-hand loop: deal with random.sample, evaluate with phevaluator, decide with
    the same decision table, settle (one seat)."""
    from phevaluator import evaluate_cards

    table = resolve_strategy("optimal", config.paytable, ante=1)
    masks = table.raise_mask
    pays = [float(config.paytable.pays[k]) for k in reversed(list(config.paytable.pays))]
    qualifier = evaluate_cards(48, 44, 8, 4, 1)  # A-K-4-3-2 offsuit (phevaluator: lower is better)
    rng = random.Random(1)
    deck = list(range(52))
    total = 0.0
    start = time.perf_counter()
    for _ in range(hands):
        cards = rng.sample(deck, 10)
        player, dealer = cards[:5], cards[5:]
        index = sum(BINOMIAL[c][j + 1] for j, c in enumerate(sorted(player)))
        if not (int(masks[index]) >> dealer[0]) & 1:
            total -= 1
            continue
        p, d = evaluate_cards(*player), evaluate_cards(*dealer)
        if d > qualifier:
            total += 1
        elif p < d:
            total += 1 + 2 * pays[min(9, max(0, 9 - (p - 1) // 700))]  # rough category: speed only
        elif p > d:
            total -= 3
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000_000)
    parser.add_argument(
        "--paytable", default=str(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
    )
    parser.add_argument(
        "--progressive", default=str(PAYTABLE_DIR / "progressives" / "50-75-100.yaml")
    )
    args = parser.parse_args()
    paytable = load_paytable(args.paytable)
    one = CaribbeanSimConfig.table(paytable, seats=1, strategy="optimal")
    seven = CaribbeanSimConfig.table(paytable, seats=7, strategy="optimal")
    side = load_progressive(args.progressive)
    one_side = CaribbeanSimConfig.table(paytable, seats=1, strategy="optimal", progressive=side)
    seven_side = CaribbeanSimConfig.table(paytable, seats=7, strategy="optimal", progressive=side)
    for config in (one, seven, one_side, seven_side):  # compile, build the optimal table
        simulate_caribbean(config, 10_000, seed=0, workers=1)
    n = args.hands
    rates = {
        "1 seat, 1 worker": timed_rate(one, n, workers=1),
        "1 seat, 2 workers": timed_rate(one, n, workers=2),
        "7 seats, 1 worker": timed_rate(seven, n // 4, workers=1),
        "7 seats, 2 workers": timed_rate(seven, n // 4, workers=2),
        # the side bet: meter-share hits listed by the kernel, replayed through one meter + ledger
        "1 seat + progressive, 1 worker": timed_rate(one_side, n, workers=1),
        "7 seats + progressive, 1 worker": timed_rate(seven_side, n // 4, workers=1),
    }
    plain = plain_loop_rate(one, 100_000)
    print(f"{'work (optimal strategy, dealing included)':<44}{'M rounds/s':>12}")
    for label, rate in rates.items():
        print(f"{label:<44}{rate / 1e6:>12.2f}")
    one_rate, seven_rate = rates["1 seat, 1 worker"], rates["7 seats, 1 worker"]
    speedup = rates["1 seat, 2 workers"] / one_rate
    print(f"{'plain loop (random.sample + phevaluator)':<44}{plain / 1e6:>12.4f}")
    print(f"ratio, 1 seat 1 worker vs plain loop: {one_rate / plain:,.0f}x")
    print(f"target 1 seat >= 5 M/s per core: {'met' if one_rate >= 5e6 else 'MISSED'}")
    print(f"target 7 seats >= 1 M/s per core: {'met' if seven_rate >= 1e6 else 'MISSED'}")
    print(
        f"2-worker speed-up {speedup:.2f}x, target >= 1.8x: {'met' if speedup >= 1.8 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
