"""Caribbean Stud Poker: rules, settlement and strategies (pure functions, no clock)."""

from casino_sim.games.banked.caribbean_stud.progressive import (
    ProgressiveRound,
    settle_progressive,
)
from casino_sim.games.banked.caribbean_stud.rules import (
    OUTCOMES,
    PAY_KEYS,
    HandSettlement,
    classify,
    net_antes,
    settle,
    settle_hand,
)
from casino_sim.games.banked.caribbean_stud.strategy import (
    NAMED_STRATEGIES,
    DecisionTable,
    hand_index,
    named_strategy,
)

__all__ = [
    "NAMED_STRATEGIES",
    "OUTCOMES",
    "PAY_KEYS",
    "DecisionTable",
    "HandSettlement",
    "ProgressiveRound",
    "classify",
    "hand_index",
    "named_strategy",
    "net_antes",
    "settle",
    "settle_hand",
    "settle_progressive",
]
