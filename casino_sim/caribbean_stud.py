"""Caribbean Stud Poker, in one import: paytables, exact analysis, strategies, Monte Carlo.

The public face of :mod:`casino_sim.games.banked.caribbean_stud` (the game's rules,
``exact/`` and ``montecarlo/``) and of the YAML loaders it needs.

>>> from casino_sim.caribbean_stud import load_paytable, named_strategy
>>> load_paytable("caribbean_stud/standard").pays["royal_flush"]
Fraction(100, 1)
"""

from casino_sim.config import (
    PAYTABLE_DIR,
    CaribbeanPaytable,
    ProgressivePaytable,
    load_paytable,
    load_progressive,
)
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.games.banked.caribbean_stud import *  # noqa: F403 -- the game's pure rules
from casino_sim.games.banked.caribbean_stud import __all__ as _RULES
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    ReturnRow,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.optimal import ace_king_summary, optimal_strategy
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    ProgressiveAnalysis,
    analyze_progressive,
)
from casino_sim.games.banked.caribbean_stud.montecarlo.config import CaribbeanSimConfig, Seat
from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import simulate_caribbean

__all__ = [
    *_RULES,
    "PAYTABLE_DIR",
    "CaribbeanAnalysis",
    "CaribbeanPaytable",
    "CaribbeanSimConfig",
    "ProgressiveAnalysis",
    "ProgressivePaytable",
    "ReturnRow",
    "Seat",
    "SimulationResult",
    "ace_king_summary",
    "analyze_caribbean",
    "analyze_progressive",
    "load_counts",
    "load_paytable",
    "load_progressive",
    "optimal_strategy",
    "simulate_caribbean",
]
