"""A strategy name or table -> the :class:`DecisionTable` a seat plays, ``optimal`` included.

The Monte Carlo and the floor both resolve their seats' strategies here.

>>> from casino_sim.config import load_paytable
>>> resolve_strategy("akj83", load_paytable("caribbean_stud/standard"), ante=Fraction(5)).name
'akj83'
"""

from __future__ import annotations

from fractions import Fraction

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.games.banked.caribbean_stud.exact.optimal import optimal_strategy
from casino_sim.games.banked.caribbean_stud.strategy.named import named_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = ["resolve_strategy"]

_OPTIMAL_MEMO: dict[tuple[str, Fraction | None], DecisionTable] = {}


def _optimal_table(paytable: CaribbeanPaytable, ante: Fraction | None) -> DecisionTable:
    """The exact analysis's optimal table for ``paytable`` (and ``ante`` under a cap), memoised
    by the paytable's whole definition (a report's Monte Carlo and its floor load the same
    paytable apart)."""
    key = (repr(paytable), ante)
    if key in _OPTIMAL_MEMO:
        return _OPTIMAL_MEMO[key]
    table = optimal_strategy(paytable, ante=ante)
    if len(_OPTIMAL_MEMO) >= 8:
        _OPTIMAL_MEMO.pop(next(iter(_OPTIMAL_MEMO)))
    _OPTIMAL_MEMO[key] = table
    return table


def resolve_strategy(
    strategy: str | DecisionTable, paytable: CaribbeanPaytable, *, ante: Fraction
) -> DecisionTable:
    """The decision table behind a strategy name ("optimal" is computed for the paytable and ante)."""
    if isinstance(strategy, DecisionTable):
        return strategy
    if strategy == "optimal":
        return _optimal_table(paytable, None if paytable.max_payout is None else Fraction(ante))
    return named_strategy(strategy)
