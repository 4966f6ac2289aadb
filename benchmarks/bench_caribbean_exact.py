"""Exact Caribbean Stud analysis: cold (building the dealer-count cache) and warm.

Run: python benchmarks/bench_caribbean_exact.py
Targets (DESIGN.md): cold <= 120 s on 2 cores, peak memory <= 4 GB; a new paytable
or strategy with the cache present <= 2 s. Each measurement is a fresh process.
Comparison: a direct enumeration (the way a C program or a naive script counts)
timed on a sample of (hand, up-card) cells and extrapolated to all 122 M cells.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from casino_sim.config import CaribbeanPaytable
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.rules import PAY_KEYS
pays = dict(zip(PAY_KEYS, [1, 1, 2, 3, 4, 5, 7, 20, 50, int(sys.argv[1])]))
table = CaribbeanPaytable(name="bench", pays=pays)
a = analyze_caribbean(table, sys.argv[2])
elapsed = time.perf_counter() - t0
print(json.dumps({"seconds": elapsed, "edge": float(a.house_edge), "total": str(a.total_result),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(cache: str, royal: int, strategy: str) -> dict:
    env = {**os.environ, "CASINO_SIM_CACHE": cache}
    out = subprocess.run([sys.executable, "-c", CHILD, str(royal), strategy], env=env,
                         capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def direct_enumeration_rate(cells: int = 20) -> float:
    """Seconds per (hand, up-card) cell when every dealer hand is evaluated (vectorized)."""
    import numpy as np

    from casino_sim.combinatorics import combinations_array
    from casino_sim.evaluator import evaluate_high

    rng = np.random.default_rng(1)
    holes = combinations_array(46, 4)
    evaluate_high(np.arange(5, dtype=np.int8)[None])
    start = time.perf_counter()
    for _ in range(cells):
        deck = rng.permutation(52).astype(np.int8)
        rest, up = deck[6:], deck[5]
        dealer = np.hstack([rest[holes], np.full((len(holes), 1), up, np.int8)])
        evaluate_high(dealer, validate=False)
    return (time.perf_counter() - start) / cells


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        cold = child(cache, 100, "optimal")
        warm = child(cache, 250, "optimal")
        warm2 = child(cache, 100, "pair-or-better")
    per_cell = direct_enumeration_rate()
    direct_total = per_cell * 2_598_960 * 47
    print(
        f"cold analysis incl. building the cache: {cold['seconds']:.1f} s (target <= 120 s), "
        f"peak memory {cold['peak_mb']:.0f} MB (target <= 4096 MB), edge {cold['edge']:.6%}"
    )
    print(
        f"warm, new paytable (royal 250):        {warm['seconds']:.2f} s (target <= 2 s), edge {warm['edge']:.6%}"
    )
    print(
        f"warm, new strategy (pair-or-better):   {warm2['seconds']:.2f} s, edge {warm2['edge']:.6%}"
    )
    print(
        f"direct enumeration with the same evaluator: {per_cell * 1e3:.1f} ms per cell -> "
        f"{direct_total / 3600:.1f} h for all 122,151,120 cells; cold ratio {direct_total / cold['seconds']:.0f}x"
    )


if __name__ == "__main__":
    main()
