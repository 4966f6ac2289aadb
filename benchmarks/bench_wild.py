"""Wild-card evaluator throughput on one core, vs brute-force substitution with phevaluator.

Run: python benchmarks/bench_wild.py [--hands 10000000]
Target (issue 14 §3): best-of-7 high with wild cards >= 10 M hands/s.

The reference is what one does without a wild-card evaluator: try every
substitution of the wild cards by cards not in the hand and keep the best,
evaluated by phevaluator (this misses five of a kind; it is here for speed).
Our evaluate_high on the same number of wild-free hands is shown as well.
"""

from __future__ import annotations

import argparse
import os
import sys
from itertools import combinations

sys.path.insert(0, os.path.dirname(__file__))

import numpy as np
from _common import best_rate, random_hands

from casino_sim.evaluator import evaluate_high
from casino_sim.evaluator.stripped import StrippedDeck, evaluate_high_stripped
from casino_sim.evaluator.wild import JOKER, evaluate_high_wild, wild_mask


def joker_hands(n_hands: int, n_cards: int, seed: int = 2) -> np.ndarray:
    """Hands from the 53-card deck (52 cards and one joker)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n_hands, n_cards), dtype=np.int8)
    step = 500_000
    for start in range(0, n_hands, step):
        keys = rng.random((min(step, n_hands - start), JOKER + 1), dtype=np.float32)
        out[start : start + len(keys)] = np.argpartition(keys, n_cards, axis=1)[:, :n_cards]
    return out


def brute_force_rate(hands: np.ndarray, mask: int) -> float:
    """Hands per second of best-of-substitutions with phevaluator's evaluate_cards."""
    from phevaluator import evaluate_cards

    def best(hand: list[int]) -> int:
        naturals = [c for c in hand if c != JOKER and not mask >> (c // 4) & 1]
        n_wild = len(hand) - len(naturals)
        free = [c for c in range(52) if c not in naturals]
        # phevaluator's card ids are rank * 4 + suit as well, but its suits are c, d, h, s too
        return min(evaluate_cards(*naturals, *sub) for sub in combinations(free, n_wild))

    sample = hands.tolist()
    return best_rate(lambda: [best(h) for h in sample], len(sample), repeats=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--sample", type=int, default=300, help="hands for the brute force")
    args = parser.parse_args()
    n = args.hands
    plain = random_hands(n, 7)
    evaluate_high(plain[:10])
    evaluate_high_wild(plain[:10])
    base = best_rate(lambda: evaluate_high(plain, validate=False), n)
    print(f"{'work (7 cards, one core)':<44}{'M hands/s':>10}{'brute force':>13}{'ratio':>9}")
    print(f"{'evaluate_high, no wild cards':<44}{base / 1e6:>10.1f}")
    deuces = wild_mask("2")
    with_joker = joker_hands(n, 7)
    hole = with_joker[:, :2].astype(np.int64)  # "low hole card wild": one mask per hand
    per_hand = np.left_shift(1, np.where(hole == JOKER, 99, hole // 4).min(axis=1))
    cases: list[tuple[str, np.ndarray, int | np.ndarray, str, int | None]] = [
        ("evaluate_high_wild, no wild cards", plain, 0, "wild", None),
        ("deuces wild", plain, deuces, "wild", deuces),
        ("53 cards, joker wild, deuces wild", with_joker, deuces, "wild", deuces),
        ("53 cards, joker = bug", with_joker, 0, "bug", None),
        ("53 cards, bug, low hole card wild (per hand)", with_joker, per_hand, "bug", None),
    ]
    for label, hands, masks, joker, brute_mask in cases:
        rate = best_rate(
            lambda h=hands, m=masks, j=joker: evaluate_high_wild(h, m, joker=j, validate=False), n
        )
        line = f"{label:<44}{rate / 1e6:>10.1f}"
        if brute_mask is not None:
            brute = brute_force_rate(hands[: args.sample], brute_mask)
            line += f"{brute / 1e3:>10.2f} k/s{rate / brute:>8.0f}x"
        else:
            line += f"{'':>22}"
        line += f"   vs evaluate_high {rate / base:.2f}x"
        line += f"   target >= 10 M/s: {'met' if rate / 1e6 >= 10 else 'MISSED'}"
        print(line)
    checked = best_rate(lambda: evaluate_high_wild(with_joker, deuces), n)
    print(f"{'deuces + joker wild, validated':<44}{checked / 1e6:>10.1f}")
    mexican = StrippedDeck.mexican_stud()
    stud = mexican.cards[np.argsort(np.random.default_rng(3).random((n, 41)), axis=1)[:, :7]]
    evaluate_high_stripped(stud[:10], mexican)
    for joker in ("wild", "bug"):
        rate = best_rate(
            lambda j=joker: evaluate_high_stripped(stud, mexican, joker=j, validate=False), n
        )
        label = f"Mexican stud deck (41 cards), joker {joker}"
        print(f"{label:<44}{rate / 1e6:>10.1f}{'':>22}   vs evaluate_high {rate / base:.2f}x")


if __name__ == "__main__":
    main()
