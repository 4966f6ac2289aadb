"""Caribbean Stud Poker: rules, settlement and strategies (pure functions, no clock)."""

from casino_sim.games.caribbean_stud.strategy import (
    NAMED_STRATEGIES,
    DecisionTable,
    hand_index,
    named_strategy,
)

__all__ = ["NAMED_STRATEGIES", "DecisionTable", "hand_index", "named_strategy"]
