"""Stud engine speed: 8 players, seven-card stud, default bots, one core; vs pokerkit.

Both engines play the same hands (same decks and bot numbers): the Python
engine hand by hand, the compiled fast path in blocks as ``simulate_stud`` does.
The end-to-end figure is ``simulate_stud`` on the shipped bad-beat table: chunk
summaries, the jackpot meter and the money ledger (reconciled every run) included.
Then the compiled path per betting structure (the shipped tables) for seven-card
stud, razz, stud hi-lo and Mississippi stud, 8 players, with the share of hands
replayed by the Python engine, and the Python engine per structure.

Run: python benchmarks/bench_stud.py [hands]
"""

from __future__ import annotations

import dataclasses
import sys
import time
import warnings

import numpy as np

from casino_sim.config import StudTable, StudVariant
from casino_sim.games.poker_room import (
    NoRake,
    default_population,
    load_stud_table,
    load_stud_variant,
    simulate_stud,
)
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import play_compiled, play_python

VARIANT = load_stud_variant("stud/seven_card_stud")
# the shipped $5/$10 table ($0.50 ante, $2 bring-in) without its rake, as pokerkit plays
TABLE = dataclasses.replace(load_stud_table("stud/tables/5-10"), rake=NoRake())
BOTS = default_population(8)


def python_engine(hands: int, *, table: StudTable = TABLE) -> float:
    decks, uniforms = draw_hands(np.random.default_rng(1), hands + 50)
    play_python(VARIANT, table, BOTS, decks[:50], uniforms[:50], 0)  # warm up (evaluator tables)
    start = time.perf_counter()
    play_python(VARIANT, table, BOTS, decks[50:], uniforms[50:], 50)
    return hands / (time.perf_counter() - start)


def compiled_engine(
    hands: int, block: int = 10_000, *, variant: StudVariant = VARIANT, table: StudTable = TABLE
) -> tuple[float, int]:
    """Hands/s of the fast path, including drawing the decks and numbers per block, and
    the number of hands replayed by the Python engine."""
    rng = np.random.default_rng(1)
    decks, uniforms = draw_hands(rng, 10)
    play_compiled(variant, table, BOTS, decks, uniforms, 0)  # warm up (load the kernels)
    start = time.perf_counter()
    done = replayed = 0
    while done < hands:
        count = min(block, hands - done)
        decks, uniforms = draw_hands(rng, count)
        replayed += play_compiled(variant, table, BOTS, decks, uniforms, done).replayed
        done += count
    return hands / (time.perf_counter() - start), replayed


#: One shipped table per betting structure (8 seats each).
STRUCTURE_TABLES = {
    "fixed limit": "stud/tables/5-10",
    "spread limit": "stud/tables/1-5-spread",
    "pot limit": "stud/tables/mississippi-pot-limit",
    "no limit": "stud/tables/mississippi-no-limit",
}
STRUCTURE_VARIANTS = ("seven_card_stud", "razz", "stud_hilo8", "mississippi_stud")


def per_structure(hands: int, python_hands: int) -> None:
    """Print compiled hands/s (and the replayed share) per variant and structure, and the
    Python engine's hands/s per structure for seven-card stud."""
    print(f"compiled path, 8 players, default bots, {hands:,} hands each (hands/s, replayed):")
    print(f"  {'':18}" + "".join(f"{name:>22}" for name in STRUCTURE_TABLES))
    for name in STRUCTURE_VARIANTS:
        variant = load_stud_variant(f"stud/{name}")
        cells = []
        for table_name in STRUCTURE_TABLES.values():
            table = load_stud_table(table_name)
            rate, replayed = compiled_engine(hands, variant=variant, table=table)
            cells.append(f"{rate:>12,.0f} ({replayed / hands:.2%})")
        print(f"  {name:18}" + "".join(f"{c:>22}" for c in cells))
    print(f"Python engine, seven-card stud, 8 players, {python_hands:,} hands each:")
    for label, table_name in STRUCTURE_TABLES.items():
        rate = python_engine(python_hands, table=load_stud_table(table_name))
        print(f"  {label:18}{rate:>12,.0f} hands/s")


def simulate_end_to_end(hands: int) -> float:
    """Hands/s of ``simulate_stud`` (one worker) on the bad-beat table, ledger included."""
    table = load_stud_table("stud/tables/5-10-bad-beat")
    simulate_stud(VARIANT, table, 8, hands=10_000, seed=1)  # warm up (load the kernels)
    start = time.perf_counter()
    simulate_stud(VARIANT, table, 8, hands=hands, seed=1)
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
    py = python_engine(hands)
    fast = max(compiled_engine(hands * 20)[0] for _ in range(3))  # best of 3: a shared machine
    e2e = simulate_end_to_end(hands * 40)
    pk = pokerkit_random(max(hands // 25, 50))
    print(f"casino_sim stud, 8 players, default bots, Python engine: {py:>9,.0f} hands/s")
    print(f"casino_sim stud, 8 players, default bots, compiled path: {fast:>9,.0f} hands/s")
    print("  (target 20,000 hands/s per core; issue 14: 150,000 hands/s compiled)")
    print(f"simulate_stud end to end, bad-beat table, with ledger: {e2e:>9,.0f} hands/s")
    print(f"pokerkit, 8 players, random actions:                    {pk:>9,.0f} hands/s")
    print(f"ratios: compiled / Python {fast / py:.1f}x, Python / pokerkit {py / pk:.1f}x, ", end="")
    print(f"compiled / pokerkit {fast / pk:.0f}x")
    per_structure(hands * 20, max(hands // 5, 200))


if __name__ == "__main__":
    main()
