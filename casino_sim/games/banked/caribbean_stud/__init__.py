"""Caribbean Stud Poker: the game's pure rules, settlement and strategies (no clock).

One folder holds the whole game: ``rules`` (settling a hand), ``meter`` (the
progressive meter with its reserve, in cents, through the ledger), ``progressive``
(the Monte Carlo's round of side bets), ``strategy/`` (decision tables: named, from a
YAML rules file, resolved by name), ``exact/`` (every deal counted: the return
table, the optimal strategy, the progressive's exact math) and ``montecarlo/``
(seeded table simulations). This package exports the pure rules; the exact
analysis and the simulation are imported from their modules (or from the
public facade :mod:`casino_sim.caribbean_stud`).

>>> from casino_sim.cards import parse_cards
>>> from casino_sim.config import load_paytable
>>> hand = settle_hand(parse_cards("Ah Ad 7c 5s 2d"), parse_cards("Kc Kd 9h 4s 3c"),
...                    raised=True, paytable=load_paytable("caribbean_stud/standard"), ante=10)
>>> OUTCOMES[hand.outcome], hand.net
('Player wins: One pair', Fraction(30, 1))
"""

from casino_sim.games.banked.caribbean_stud.meter import ProgressiveMeter
from casino_sim.games.banked.caribbean_stud.progressive import award_vectors
from casino_sim.games.banked.caribbean_stud.rules import (
    OUTCOMES,
    PAY_KEYS,
    HandSettlement,
    classify,
    net_antes,
    settle_hand,
    wager_antes,
)
from casino_sim.games.banked.caribbean_stud.strategy.named import (
    NAMED_STRATEGIES,
    named_strategy,
    named_threshold,
)
from casino_sim.games.banked.caribbean_stud.strategy.rules_file import (
    load_rule_strategy,
    parse_rule_strategy,
)
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable, hand_index

__all__ = [
    "NAMED_STRATEGIES",
    "OUTCOMES",
    "PAY_KEYS",
    "DecisionTable",
    "HandSettlement",
    "ProgressiveMeter",
    "award_vectors",
    "classify",
    "hand_index",
    "load_rule_strategy",
    "named_strategy",
    "named_threshold",
    "net_antes",
    "parse_rule_strategy",
    "settle_hand",
    "wager_antes",
]
