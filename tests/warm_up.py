"""Compile the kernels once, before the xdist workers start (see tests/conftest.py).

A cold run spends minutes of CPU compiling numba kernels (``cache=True``: written to
``$NUMBA_CACHE_DIR`` or ``__pycache__``). Two workers that reach a kernel at the same
moment would both compile it; so the controller of a whole-suite run first calls the
entry points below, two at a time, and the workers then load every kernel from the
cache. Each task is a small call of the public API; a kernel missing here is not an
error, only compiled by the first worker that needs it. A task that fails is reported
by the controller and left to the tests, which will fail with the real error.

By hand: ``python -m tests.warm_up [TASK...]`` from the repository's root.
"""

from __future__ import annotations

import json
import sys
import time


def dealer_counts() -> None:
    """The Caribbean Stud dealer-count cache (built and written atomically if missing)
    and the exact analysis on top of it."""
    from casino_sim.config import load_paytable
    from casino_sim.dealer_counts.cache import load_counts
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

    load_counts()
    analyze_caribbean(load_paytable("caribbean_stud/standard"), "optimal")


def stud() -> None:
    """The compiled stud engine: high, low and hi-lo games at every betting structure."""
    from casino_sim.config import load_stud_table, load_stud_variant
    from casino_sim.games.poker_room import simulate_stud

    tables = ("5-10", "1-5-spread", "mississippi-pot-limit", "mississippi-no-limit")
    for variant in ("seven_card_stud", "razz", "stud_hilo8", "mississippi_stud"):
        for table in tables:
            simulate_stud(
                load_stud_variant(f"stud/{variant}"),
                load_stud_table(f"stud/tables/{table}"),
                4,
                hands=20,
                seed=1,
            )


def caribbean() -> None:
    """The Caribbean Stud Monte Carlo kernel and the floor's round dealer."""
    import numpy as np

    from casino_sim.config import load_paytable, load_progressive
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        CaribbeanSimConfig,
        simulate_caribbean,
    )
    from casino_sim.games.banked.caribbean_stud.rounds import RoundDealer

    paytable = load_paytable("caribbean_stud/standard")
    progressive = load_progressive("progressives/50-75-100")
    for seats, side_bet in ((1, None), (2, progressive)):
        config = CaribbeanSimConfig.table(
            paytable, seats=seats, strategy="optimal", progressive=side_bet, chunk_rounds=2_000
        )
        simulate_caribbean(config, 2_000, seed=1, workers=1)
    dealer = RoundDealer(paytable, np.random.default_rng(1))
    dealer.deal(10, [dealer.strategy_slot("optimal")], [0.0])


def pit() -> None:
    """The floor's kernels for banked tables (their clocks, the tallies): a Caribbean pit."""
    from casino_sim.config import load_floor
    from casino_sim.floor.simulate import simulate_floor

    simulate_floor(load_floor("floors/pit"), days=1, replications=1, seed=1, workers=1)


def floor() -> None:
    """The floor's stud segments: a card room (after :func:`stud`, whose hand loop they call)."""
    from casino_sim.config import load_floor
    from casino_sim.floor.simulate import simulate_floor

    simulate_floor(load_floor("floors/card-room"), days=1, replications=1, seed=1, workers=1)


def evaluators() -> None:
    """High, low and hi-lo evaluation of 5, 6 and 7 cards; wild cards and stripped decks with
    one rule for all hands and a rule per hand."""
    import numpy as np

    from casino_sim.evaluator import evaluate_high, evaluate_hilo, evaluate_low
    from casino_sim.evaluator.stripped import StrippedDeck, evaluate_high_stripped
    from casino_sim.evaluator.wild import JOKER, evaluate_high_wild, parse_wild_cards, wild_mask

    rng = np.random.default_rng(1)
    for n in (5, 6, 7):
        hands = np.argsort(rng.random((50, 52)), axis=1)[:, :n].astype(np.int8)
        evaluate_high(hands)
        evaluate_high(hands.astype(np.int64))  # the other card dtype tests pass
        evaluate_hilo(hands)
        for rules in ("ace-to-five", "ace-to-six", "eight-or-better"):
            evaluate_low(hands, rules=rules)
    deck = np.append(np.arange(52), [JOKER, JOKER])
    hands = np.array([rng.permutation(deck)[:7] for _ in range(50)], dtype=np.int8)
    masks = np.full(len(hands), wild_mask("2"))
    jokers = np.zeros(len(hands), dtype=bool)
    for mask in (wild_mask("2"), masks):
        for joker in ("bug", jokers):
            evaluate_high_wild(hands, mask, joker=joker)
            evaluate_high_stripped(hands, StrippedDeck(), mask, joker=joker)
    evaluate_high_stripped(parse_wild_cards("5c 6d 7h Js Qc"), StrippedDeck.mexican_stud())


#: Two lanes, run side by side in two processes, about equal work on the 2-core machine
#: (idle, cold, 2026-11-28: dealer counts 17 s + evaluators 10 s + caribbean 5 s; stud about
#: 19 s + floor 8 s + pit 5 s). The floor comes after the stud kernels in their lane: its stud
#: segments link the compiled hand loop, and compiling both at once would compile the hand
#: loop twice. The pit (the banked tables' clock, which no stud kernel calls) reads the dealer
#: counts, which the other lane has built by the time this one reaches it.
LANES = (("dealer_counts", "evaluators", "caribbean"), ("stud", "floor", "pit"))


def main(names: list[str]) -> int:
    """Run the named tasks in order; print one JSON line per task (name, seconds, error)."""
    for name in names:
        started = time.perf_counter()
        error = ""
        try:
            TASKS[name]()
        except Exception as problem:  # reported by the controller; the tests meet it for real
            error = f"{type(problem).__name__}: {problem}"
        seconds = round(time.perf_counter() - started, 1)
        print(json.dumps({"task": name, "seconds": seconds, "error": error}), flush=True)
    return 0


TASKS = {task.__name__: task for task in (dealer_counts, pit, floor, stud, caribbean, evaluators)}

if __name__ == "__main__":  # python -m tests.warm_up [TASK...] (default: every task)
    sys.exit(main(sys.argv[1:] or list(TASKS)))
