"""casino_sim: what a table game really costs the player and earns the house.

Exact analysis where mathematics allows, seeded Monte Carlo with confidence
intervals where it does not. Heavy modules load lazily so ``import casino_sim``
stays fast.

>>> import casino_sim
>>> casino_sim.parse_cards("As").tolist()
[51]
>>> "evaluate_high" in dir(casino_sim)
True
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it (imported on first access)
_EXPORTS = {
    "parse_cards": "casino_sim.cards",
    "format_cards": "casino_sim.cards",
    "Deck": "casino_sim.cards",
    "HandCategory": "casino_sim.evaluator",
    "evaluate_high": "casino_sim.evaluator",
    "evaluate_low": "casino_sim.evaluator",
    "evaluate_hilo": "casino_sim.evaluator",
    "category": "casino_sim.evaluator",
    "describe": "casino_sim.evaluator",
    "best_five": "casino_sim.evaluator",
    "CasinoSimError": "casino_sim.errors",
    "CardError": "casino_sim.errors",
    "ConfigError": "casino_sim.errors",
    "OptionError": "casino_sim.errors",
}

__all__ = ["__version__", *_EXPORTS]


def __dir__() -> list[str]:
    """The module's names and its lazy exports (``dir(casino_sim)`` lists them)."""
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'casino_sim' has no attribute {name!r}")
    return getattr(importlib.import_module(module_name), name)
