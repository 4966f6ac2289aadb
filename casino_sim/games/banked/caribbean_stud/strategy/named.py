"""The simple named strategies: raise, whatever the up-card, with a hand at least this good.

>>> from casino_sim.cards import parse_cards
>>> table = named_strategy("pair-or-better")
>>> bool(table.should_raise(parse_cards("7c 7d Ah 4s 2c"), 51))
True
>>> bool(table.should_raise(parse_cards("Ac Kd Qh 4s 2c"), 51))
False
"""

from __future__ import annotations

from functools import cache

from casino_sim.errors import OptionError
from casino_sim.evaluator import HandCategory
from casino_sim.evaluator.classes import weakest_high_value
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = ["NAMED_STRATEGIES", "named_strategy", "named_threshold"]

NAMED_STRATEGIES = ("optimal", "pair-or-better", "akj83", "always-raise")
"""Every strategy name the tools take; ``optimal`` depends on the paytable (see ``resolve``)."""

_LEADS = {  # the weakest hand each simple strategy raises with
    "always-raise": (HandCategory.HIGH_CARD, ()),
    "pair-or-better": (HandCategory.ONE_PAIR, ()),
    "akj83": (HandCategory.HIGH_CARD, (12, 11, 9, 6, 1)),
}


def named_threshold(name: str) -> int:
    """The weakest high value a named simple strategy raises with, whatever the up-card.

    >>> named_threshold("always-raise"), named_threshold("pair-or-better")
    (0, 1277)
    """
    if name not in _LEADS:
        known = ", ".join(NAMED_STRATEGIES)
        hint = (
            " (optimal depends on the paytable: use optimal_strategy(paytable))"
            if name == "optimal"
            else ""
        )
        raise OptionError(f"unknown strategy {name!r}: expected one of {known}{hint}")
    value = weakest_high_value(*_LEADS[name])
    assert value is not None  # every lead above is a real hand
    return value


@cache
def named_strategy(name: str) -> DecisionTable:
    """A named simple strategy: ``always-raise``, ``pair-or-better`` or ``akj83``
    (raise A-K-J-8-3 or better). ``optimal`` depends on the paytable: see
    :func:`casino_sim.games.banked.caribbean_stud.exact.optimal.optimal_strategy`.
    """
    return DecisionTable.from_threshold(name, named_threshold(name))
