"""A first report says once that it compiles its kernels, and compiles them in the background.

The warm-up functions are swapped for ones that only record that they ran (a real
compile takes minutes); numba's cache is made to look empty, then full.
"""

from __future__ import annotations

import logging

import pytest

from casino_sim.engine import compiling
from casino_sim.engine.compiling import wait_for_precompiled
from casino_sim.report.par import precompile
from casino_sim.report.par.inputs import read_inputs


@pytest.fixture
def inputs():
    return read_inputs([], strategy="optimal", progressive=None, variant="stud/seven_card_stud")


@pytest.fixture
def cold(monkeypatch):
    """numba's cache looks empty; the warm-ups do nothing."""
    monkeypatch.setattr(compiling, "is_cached", lambda kernel: False)
    monkeypatch.setattr(precompile, "is_cached", lambda kernel: False)
    for name in ("_warm_caribbean", "_warm_poker", "_warm_floor", "_warm_banked_floor"):
        monkeypatch.setattr(precompile, name, lambda *args: None)


def test_a_cold_report_compiles_the_stud_lane_beside_the_rest(cold, inputs):
    lanes, seconds = precompile.compile_lanes(inputs)
    assert [[task.name for task in lane] for lane in lanes] == [
        ["stud: hand loop", "stud", "floor"],  # the floor's stud tables call the hand loop
        [
            "Caribbean Stud Monte Carlo",
            "stud settlement",
            "floor: banked tables",
            "floor: stud showdowns",
        ],
    ]
    assert seconds > 0


def test_a_cold_report_says_so_once_and_its_runs_wait_for_the_kernels(cold, inputs, caplog):
    with caplog.at_level(logging.INFO, logger="casino_sim"), precompile.compile_ahead(inputs):
        assert wait_for_precompiled("stud") and wait_for_precompiled("floor")
        assert wait_for_precompiled("Caribbean Stud Monte Carlo")
    notes = [r.getMessage() for r in caplog.records if "waiting for" not in r.getMessage()]
    assert len(notes) == 1 and notes[0].startswith("compiling the simulation kernels (first run")
    assert not wait_for_precompiled("stud")  # the background processes are gone


def test_a_warm_report_starts_nothing_and_says_nothing(monkeypatch, inputs, caplog):
    monkeypatch.setattr(compiling, "is_cached", lambda kernel: True)
    monkeypatch.setattr(precompile, "is_cached", lambda kernel: True)
    assert precompile.compile_lanes(inputs) == ([[], []], 0)
    with caplog.at_level(logging.INFO, logger="casino_sim"), precompile.compile_ahead(inputs):
        assert not compiling._ACTIVE
    assert not caplog.records


def test_a_quick_hand_loop_leaves_the_floors_compiles_to_its_own_lane(cold, inputs, monkeypatch):
    import dataclasses

    from casino_sim.games.poker_room import fast

    monkeypatch.setattr(fast, "KERNELS", dataclasses.replace(fast.KERNELS, seconds=10))
    monkeypatch.setattr(precompile, "_counts_cached", lambda: False)  # the second lane starts late
    lanes, _ = precompile.compile_lanes(inputs)
    assert [[task.name for task in lane] for lane in lanes] == [
        [
            "stud: hand loop",
            "stud settlement",
            "stud",  # the stud table's run needs nothing the floors compile
            "floor: banked tables",
            "floor: stud showdowns",
            "floor",
        ],
        ["Caribbean Stud Monte Carlo"],
    ]
