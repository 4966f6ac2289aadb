"""What a table on the floor uses of Caribbean Stud: the one module the floor imports from this game.

The floor (``casino_sim.floor.caribbean``) runs Caribbean Stud tables on their own
compiled clock around the game's one compiled round
(:mod:`~casino_sim.games.banked.caribbean_stud.round_kernel`: ``deal_round``,
``settle_side_bets`` and their named state), prepares a group's strategies
(``StrategyBook``, ``resolve_strategy``) and exact figures (``analyze_caribbean``,
``analyze_progressive``), settles money in antes (``net_antes``, ``wager_antes``),
keeps a linked progressive meter (``ProgressiveMeter``) and flags broken
economics (``progressive_flags``, ``meter_flags``). Everything here is defined
elsewhere in the package; this module only names the surface, so the floor never
reaches into the game's modules (``tests/test_layers.py`` checks the floor's
imports).

The exact analysis, the strategies and the round dealer load on first use (the
floor's compiled-kernel check imports only the round), so importing this module
costs no more than the round kernel.

>>> from casino_sim.games.banked.caribbean_stud import table_api
>>> table_api.OUTCOMES[0], callable(table_api.analyze_caribbean)
('Fold', True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from casino_sim.games.banked.caribbean_stud.economics import (
    RuleFlag,
    meter_flags,
    progressive_flags,
)
from casino_sim.games.banked.caribbean_stud.meter import ProgressiveMeter
from casino_sim.games.banked.caribbean_stud.round_kernel import (
    HandTables,
    RoundOut,
    SeatRules,
    SideAwards,
    SideBet,
    Strategies,
    deal_round,
    settle_side_bets,
    side_bet,
    words_per_round,
)
from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES, net_antes, wager_antes
from casino_sim.games.banked.caribbean_stud.strategy.table import ALL_UPCARDS, DecisionTable

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.games.banked.caribbean_stud.rounds import (
        RoundDealer,
        StrategyBook,
        mistake_threshold,
    )
    from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy

__all__ = [
    "ALL_UPCARDS",
    "OUTCOMES",
    "DecisionTable",
    "HandTables",
    "ProgressiveMeter",
    "RoundDealer",
    "RoundOut",
    "RuleFlag",
    "SeatRules",
    "SideAwards",
    "SideBet",
    "Strategies",
    "StrategyBook",
    "analyze_caribbean",
    "analyze_progressive",
    "deal_round",
    "load_rule_strategy",
    "meter_flags",
    "mistake_threshold",
    "net_antes",
    "progressive_flags",
    "resolve_strategy",
    "settle_side_bets",
    "side_bet",
    "wager_antes",
    "words_per_round",
]

# public name -> module that defines it (imported on first access: the exact analysis, the
# Monte Carlo's decision summary behind the round dealer and the strategy files)
_LAZY = {
    "analyze_caribbean": "casino_sim.games.banked.caribbean_stud.exact.analysis",
    "analyze_progressive": "casino_sim.games.banked.caribbean_stud.exact.progressive",
    "RoundDealer": "casino_sim.games.banked.caribbean_stud.rounds",
    "StrategyBook": "casino_sim.games.banked.caribbean_stud.rounds",
    "mistake_threshold": "casino_sim.games.banked.caribbean_stud.rounds",
    "resolve_strategy": "casino_sim.games.banked.caribbean_stud.strategy.resolve",
    "load_rule_strategy": "casino_sim.games.banked.caribbean_stud.strategy.rules_file",
}


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value  # once loaded, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
