"""Evaluator throughput on one core vs phevaluator and treys, on the same hands.

Run: python benchmarks/bench_evaluator.py [--hands 10000000]
Targets (DESIGN.md): 5-card high >= 50 M/s, best-of-7 high >= 15 M/s, 7-card a-5 low >= 10 M/s.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np
from _common import best_rate, random_hands

from casino_sim.evaluator import evaluate_high, evaluate_low
from casino_sim.evaluator.tables import flush_tables, tables


def library_rates(hands: np.ndarray) -> dict[str, float]:
    """Per-hand rates of phevaluator's and treys' Python APIs on the first hands."""
    from phevaluator import evaluate_cards
    from treys import Card, Evaluator

    sample = hands[:100_000].tolist()
    rates = {"phevaluator": best_rate(lambda: [evaluate_cards(*h) for h in sample], len(sample))}
    names = [
        [Card.new(("23456789TJQKA"[c // 4]) + "cdhs"[c % 4]) for c in h] for h in sample[:30_000]
    ]
    treys = Evaluator()
    rates["treys"] = best_rate(lambda: [treys.evaluate(h[:2], h[2:]) for h in names], len(names))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000_000)
    n = parser.parse_args().hands
    memory = sum(tables(k).key_index.nbytes for k in (5, 6, 7)) + flush_tables().high.nbytes * 2
    print(f"evaluator tables in memory: {memory / 2**20:.1f} MiB (budget 64 MiB)")
    print(
        f"{'work':<28}{'casino_sim M/s':>16}{'phevaluator M/s':>17}{'ratio':>9}{'treys M/s':>11}{'ratio':>9}"
    )
    for n_cards, label, target in [(5, "5-card high", 50), (7, "best-of-7 high", 15)]:
        hands = random_hands(n, n_cards)
        evaluate_high(hands[:10])
        ours = best_rate(lambda h=hands: evaluate_high(h, validate=False), n)
        lib = library_rates(hands)
        print(
            f"{label:<28}{ours / 1e6:>16.1f}{lib['phevaluator'] / 1e6:>17.3f}"
            f"{ours / lib['phevaluator']:>8.0f}x{lib['treys'] / 1e6:>11.3f}{ours / lib['treys']:>8.0f}x"
            f"   target >= {target} M/s: {'met' if ours / 1e6 >= target else 'MISSED'}"
        )
    hands = random_hands(n, 7)
    for rules, target in [("ace-to-five", 10), ("eight-or-better", None), ("ace-to-six", None)]:
        evaluate_low(hands[:10], rules=rules)
        ours = best_rate(lambda r=rules: evaluate_low(hands, rules=r, validate=False), n)
        goal = (
            f"   target >= {target} M/s: {'met' if ours / 1e6 >= target else 'MISSED'}"
            if target
            else ""
        )
        print(f"{'best-of-7 ' + rules:<28}{ours / 1e6:>16.1f}{'':>17}{'':>9}{'':>11}{'':>9}{goal}")
    checked = best_rate(lambda: evaluate_high(hands), n)
    print(f"{'best-of-7 high, validated':<28}{checked / 1e6:>16.1f}")


if __name__ == "__main__":
    main()
