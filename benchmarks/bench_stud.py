"""Stud engine speed: 8 players, seven-card stud, default bots, one core; vs pokerkit.

Run: python benchmarks/bench_stud.py [hands]
"""

from __future__ import annotations

import sys
import time
import warnings

import numpy as np

from casino_sim.games.stud import StudTable, TableRules, default_population, seven_card_stud


def ours(hands: int) -> float:
    table = StudTable(
        seven_card_stud(), TableRules(ante=50, bring_in=200, small_bet=500, big_bet=1000)
    )
    bots = default_population(8)
    rng = np.random.default_rng(1)
    table.play_hand(rng, bots)  # warm up (evaluator tables)
    start = time.perf_counter()
    for _ in range(hands):
        table.play_hand(rng, bots)
    return hands / (time.perf_counter() - start)


def pokerkit_random(hands: int) -> float:
    from pokerkit import Automation, FixedLimitSevenCardStud, Mode

    automations = tuple(Automation)  # deal, burn, post, show, push: everything automatic
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(hands):
            state = FixedLimitSevenCardStud.create_state(
                automations, False, 50, 200, 500, 1000, [100_000] * 8, 8, mode=Mode.CASH_GAME
            )
            while state.status:
                u = rng.random()
                if state.can_post_bring_in():
                    state.post_bring_in()
                elif state.can_complete_bet_or_raise_to() and u < 0.2:
                    state.complete_bet_or_raise_to()
                elif state.can_fold() and u < 0.45:
                    state.fold()
                else:
                    state.check_or_call()
    return hands / (time.perf_counter() - start)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rate = ours(hands)
    pk = pokerkit_random(max(hands // 25, 50))
    print(f"casino_sim stud engine, 8 players, default bots: {rate:,.0f} hands/s (target 20,000)")
    print(f"pokerkit, 8 players, random actions:            {pk:,.0f} hands/s")
    print(f"ratio: {rate / pk:.1f}x")


if __name__ == "__main__":
    main()
