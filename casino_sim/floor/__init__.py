"""The casino floor on the clock (SimPy): tables, seats, players, dealers and linked meters.

The facade: load a floor file and run it.

>>> from casino_sim.floor import load_floor, simulate_floor
>>> summary = simulate_floor(load_floor("floors/pit"), days=1, replications=2, seed=5, workers=1)
>>> summary.replications, sorted(summary.to_record()["groups"])
(2, ['pit'])

A game on the floor is one module with its entry in the registry
(:mod:`casino_sim.floor.registry`, :class:`~casino_sim.floor.games.FloorGame`);
its tables keep the :class:`~casino_sim.floor.tables.FloorTable` protocol. The
names load lazily, so importing a module of the package stays quick.
"""

from __future__ import annotations

import importlib
from typing import Any

# public name -> module that defines it (imported on first access)
_EXPORTS = {
    "load_floor": "casino_sim.config.floor_loader",
    "Floor": "casino_sim.config.floor_loader",
    "simulate_floor": "casino_sim.floor.simulate",
    "compare_floors": "casino_sim.floor.compare",
    "FloorComparison": "casino_sim.floor.compare",
    "PairedFigure": "casino_sim.floor.compare",
    "FloorSummary": "casino_sim.floor.summary",
    "FloorResult": "casino_sim.floor.figures",
    "prepare_floor": "casino_sim.floor.plan",
    "FloorPlan": "casino_sim.floor.plan",
    "run_replication": "casino_sim.floor.run",
    "ReplicationResult": "casino_sim.floor.results",
    "pit_floor": "casino_sim.floor.shortcut",
    "FloorGame": "casino_sim.floor.games",
    "FigureRow": "casino_sim.floor.games",
    "GroupPlay": "casino_sim.floor.games",
    "Offer": "casino_sim.floor.games",
    "FloorTable": "casino_sim.floor.tables",
    "Visit": "casino_sim.floor.tables",
    "RandomSeat": "casino_sim.floor.seating",
    "GAMES": "casino_sim.floor.registry",
    "game_of": "casino_sim.floor.registry",
    "register_game": "casino_sim.floor.registry",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'casino_sim.floor' has no attribute {name!r}")
    return getattr(importlib.import_module(module_name), name)


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
