"""The Caribbean Stud progressive side bet's awards as arrays for the compiled Monte Carlo kernel.

A side bet of ``wager`` is settled on the player's own five cards (whatever the
main-game decision or the dealer's hand): fixed awards (flush, full house,
quads) and shares of the meter (straight flush 10%, royal 100%). Awards are
keyed by hand category name (``flush``, ``royal_flush`` ...).

The meter itself (contributions, reserve, seeds, house advances, the order
within a round) is written down once, in
:class:`~casino_sim.games.banked.caribbean_stud.meter.ProgressiveMeter`; the
exact return is
:func:`casino_sim.games.banked.caribbean_stud.exact.progressive.analyze_progressive`.

>>> from casino_sim.config import load_progressive
>>> fixed, share, envy = award_vectors(load_progressive("progressives/50-75-100"))
>>> fixed.tolist()[5:8], share.tolist()[8:], envy.any()
([50.0, 75.0, 100.0], [0.1, 1.0], np.False_)
"""

from __future__ import annotations

import numpy as np

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.errors import ConfigError

__all__ = ["award_vectors"]


def _category_index(key: str | int) -> int:
    if isinstance(key, str):
        if key not in CATEGORY_KEYS:
            raise ConfigError(f"unknown hand {key!r}: expected one of {', '.join(CATEGORY_KEYS)}")
        return CATEGORY_KEYS.index(key)
    return int(key)


def award_vectors(progressive: ProgressivePaytable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(fixed money, meter share, envy money) per hand category, as float64[10] arrays."""
    fixed, share, envy = np.zeros(10), np.zeros(10), np.zeros(10)
    for key, award in progressive.awards.items():
        index = _category_index(key)
        fixed[index] = float(award.fixed or 0)
        share[index] = float(award.meter_share or 0)
    for key, bonus in progressive.envy_bonuses.items():
        envy[_category_index(key)] = float(bonus)
    return fixed, share, envy
