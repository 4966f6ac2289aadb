"""The Caribbean Stud progressive side bet: pure settlement of one round.

Its exact return (hit rates, return by meter, break-even) is
:func:`casino_sim.games.banked.caribbean_stud.exact.progressive.analyze_progressive`.

A side bet of ``wager`` is settled on the player's own five cards (whatever the
main-game decision or the dealer's hand): fixed awards (flush, full house,
quads) and shares of the meter (straight flush 10%, royal 100%).

Order within a round (the meter semantics every simulator here follows):

1. every side bet placed feeds the meter ``contribution_rate x wager`` (and the
   reserve ``reserve_rate x wager``) before anything is paid;
2. the seats are then settled in seat order: a meter-share award pays
   ``share x meter`` and reduces the meter by that amount; a meter that falls
   below its seed is topped up to the seed (from the reserve, or by the house);
   so when two seats hit a royal in one round, the first takes the meter and the
   second the seed;
3. envy bonuses (if the paytable has them) pay every *other* seat with a side
   bet the bonus for each hit at the table.

Awards are keyed by hand category name (``flush``, ``royal_flush`` ...).

>>> from fractions import Fraction
>>> from casino_sim.config import load_progressive
>>> prog = load_progressive("progressives/50-75-100")  # $50/$75/$100 fixed, SF 10% / royal 100%
>>> round_ = settle_progressive(["royal_flush", "flush", "one_pair"], [True, True, False],
...                             progressive=prog, meter=Fraction(10_000))
>>> round_.awards, round_.meter_after
((Fraction(100013, 10), Fraction(50, 1), Fraction(0, 1)), Fraction(10000, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.errors import ConfigError

__all__ = ["ProgressiveRound", "award_vectors", "settle_progressive"]


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


@dataclass(frozen=True)
class ProgressiveRound:
    """One round of side bets: each seat's award (0 without a bet) and the meter around it."""

    awards: tuple[Fraction, ...]
    meter_before: Fraction
    meter_after: Fraction
    contributions: Fraction
    top_up: Fraction

    @property
    def jackpots(self) -> Fraction:
        """Money paid out of the meter this round."""
        return self.meter_before + self.contributions + self.top_up - self.meter_after


def settle_progressive(
    hands: Sequence[str | int],
    playing: Sequence[bool],
    *,
    progressive: ProgressivePaytable,
    meter: Fraction,
) -> ProgressiveRound:
    """Settle one round's side bets; ``hands`` are category names or :class:`HandCategory` values.

    >>> from casino_sim.config import load_progressive
    >>> from casino_sim.evaluator import HandCategory
    >>> settle_progressive([HandCategory.STRAIGHT_FLUSH], [True],
    ...                    progressive=load_progressive("progressives/50-75-100"),
    ...                    meter=Fraction(20_000)).awards
    (Fraction(400013, 200),)
    """
    meter = Fraction(meter)
    seed = Fraction(progressive.seed)
    wager = Fraction(progressive.wager)
    categories = [_category_index(h) for h in hands]
    bets = sum(bool(p) for p in playing)
    contributions = bets * wager * Fraction(progressive.contribution_rate)
    current = meter + contributions
    top_up = Fraction(0)
    awards = [Fraction(0)] * len(categories)
    envy = {_category_index(k): Fraction(v) for k, v in progressive.envy_bonuses.items()}
    by_category = {_category_index(k): a for k, a in progressive.awards.items()}
    for seat, (cat, plays) in enumerate(zip(categories, playing, strict=True)):
        if not plays:
            continue
        award = by_category.get(cat)
        if award is not None:
            awards[seat] += Fraction(award.fixed or 0)
            if award.meter_share:
                jackpot = Fraction(award.meter_share) * current
                awards[seat] += jackpot
                current -= jackpot
                if current < seed:
                    top_up += seed - current
                    current = seed
        if envy.get(cat):
            for other, other_plays in enumerate(playing):
                if other != seat and other_plays:
                    awards[other] += envy[cat]
    return ProgressiveRound(tuple(awards), meter, current, contributions, top_up)
