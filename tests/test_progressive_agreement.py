"""Every shipped progressive: the exact long-run return, the Monte Carlo and the floor agree.

The Monte Carlo runs 1 and 7 seats, one at chunks of 2**16 rounds and the other at 2**20
(which seat count gets which alternates from one progressive to the next, so the four pairs
are all run); its side-bet return (fixed awards + meter awards + the rise in meter liability,
per side-bet dollar) carries one meter across chunks, so it must not depend on the chunk
size: both runs must agree with the exact value and with each other. Every seat count at both
chunk sizes, on one progressive and at twice these sizes, is
tests/caribbean_stud/montecarlo/test_meter_replay.py. The floor runs
independent replications on the clock and their spread gives its interval. Seeds are
fixed; each estimate must lie within 3 standard errors of the exact value.
"""

from __future__ import annotations

import math

import pytest

from casino_sim.config import load_paytable, load_progressive, shipped_files
from casino_sim.floor.shortcut import pit_floor
from casino_sim.floor.simulate import simulate_floor
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc

STANDARD = load_paytable("caribbean_stud/standard")
PROGRESSIVES = shipped_files("progressive")


@pytest.mark.parametrize("path", PROGRESSIVES, ids=lambda p: p.stem)
def test_analysis_monte_carlo_and_floor_agree(path):
    progressive = load_progressive(path)
    exact = float(analyze_progressive(progressive).long_run_return)
    small_first = PROGRESSIVES.index(path) % 2 == 0
    chunks = (1 << 16, 1 << 20) if small_first else (1 << 20, 1 << 16)
    by_chunk = {}
    # Sized by what must be caught: these rounds make each run's standard error under 0.01
    # per side-bet dollar (asserted below), and a mistake shifting the return by b is flagged
    # by a run with probability at least Phi(b / 0.01 - 3): b = 0.05 (half the flush award's
    # 0.098) 97.7%; b = 0.035 69% in each of the two independent runs, 90.4% in at least one
    # (and a mistake shared by the four progressives, in their eight runs, 99.991%).
    for (seats, rounds), chunk in zip(((1, 8_000_000), (7, 4_000_000)), chunks, strict=True):
        config = mc.CaribbeanSimConfig.table(
            STANDARD, seats=seats, strategy="always-raise", progressive=progressive,
            chunk_rounds=chunk, max_sessions=0,
        )  # fmt: skip
        side = mc.simulate_caribbean(config, rounds, seed=11, workers=2).progressive
        assert side is not None
        r = side.side_bet_return
        assert abs(r.estimate - exact) < 3 * r.standard_error, (seats, chunk, r, exact)
        assert r.standard_error < 0.01  # an interval narrow enough to mean something
        by_chunk[chunk] = r
    # Both estimate the same long-run return (per side-bet dollar, whatever the seats).
    small, large = by_chunk[1 << 16], by_chunk[1 << 20]
    combined = math.hypot(small.standard_error, large.standard_error)
    assert abs(small.estimate - large.estimate) < 3 * combined, (small, large)

    floor = pit_floor("caribbean_stud/standard", progressive=path, tables=6, arrivals_per_hour=60,
                      side_bet_share=1, strategy="always-raise")  # fmt: skip
    summary = simulate_floor(floor, days=4, replications=6, seed=0, workers=2)
    side = summary.to_record()["meters"]["progressive"]["side_bet_return"]
    assert abs(side["mean"] - exact) < 3 * side["se"] + 1e-9, (side, exact)
