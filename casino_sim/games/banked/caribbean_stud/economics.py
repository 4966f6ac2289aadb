"""The rules of a meter game's economics, checked: every break is a flag a reader must see.

A progressive side bet (and any jackpot meter) must

1. keep a house edge in the long run: a **long-run return** of 100% or more
   (fixed awards + contribution + seed funding, ``docs/money.md``) means the
   house pays out at least everything the side bet takes;
2. never show a meter **below its seed**: after a reset the meter is brought
   back to the seed (from the reserve, else by a house advance);
3. offer no award **rarer than the jurisdiction allows**: New Jersey
   (N.J.A.C. 13:69D-1.52) and GLI-11 §4.8.2 refuse odds longer than 1 in
   100,000,000 (:data:`AWARD_PROBABILITY_FLOOR`).

:func:`progressive_flags` checks a side bet's definition exactly;
:func:`meter_flags` checks what a simulation's meter showed. ``analyze``,
``simulate``, the floor and the report print every flag.

>>> from casino_sim.config import load_progressive
>>> from dataclasses import replace
>>> from fractions import Fraction
>>> from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
>>> side = load_progressive("progressives/50-75-100")
>>> progressive_flags(analyze_progressive(side))
()
>>> [str(f) for f in progressive_flags(analyze_progressive(
...     replace(side, contribution_rate=Fraction(80, 100))))]  # doctest: +NORMALIZE_WHITESPACE
['losing side bet: flush $50 / full house $75 / quads $100: long-run return 108.03% of the
  side bet (over 100%): the house pays out more than the side bet takes']
>>> [str(f) for f in meter_flags("pit", seed_cents=1_000_000, lowest_cents=999_999)]
['meter below its seed: pit: the meter showed $9,999.99, below its seed $10,000.00']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis

__all__ = [
    "AWARD_PROBABILITY_FLOOR",
    "AWARD_RULE",
    "RuleFlag",
    "meets_award_rule",
    "meter_flags",
    "progressive_flags",
]

#: The smallest probability an award may have: odds no longer than 1 in 100 million.
AWARD_PROBABILITY_FLOOR = Fraction(1, 100_000_000)
#: Where the award rule comes from.
AWARD_RULE = "1-in-100-million rule (N.J.A.C. 13:69D-1.52; GLI-11 §4.8.2)"


def meets_award_rule(probability: Fraction | float) -> bool:
    """Does an award hit at least once in 100 million wagers on average?

    >>> meets_award_rule(Fraction(4, 2_598_960)), meets_award_rule(Fraction(1, 10**9))
    (True, False)
    """
    return probability >= AWARD_PROBABILITY_FLOOR


@dataclass(frozen=True)
class RuleFlag:
    """A broken rule of the game's economics: which rule, and the figure that breaks it."""

    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail}"

    def to_record(self) -> dict[str, str]:
        return {"rule": self.rule, "detail": self.detail}


def _money_cents(value: int) -> str:
    return f"{'-' if value < 0 else ''}${abs(value) / 100:,.2f}"


def progressive_flags(side: ProgressiveAnalysis) -> tuple[RuleFlag, ...]:
    """Every rule the side bet's definition breaks (none for a sound one), exactly."""
    flags = []
    long_run = side.long_run_return
    if long_run > 1:
        flags.append(
            RuleFlag(
                "losing side bet",
                f"{side.name}: long-run return {float(long_run):.2%} of the side bet (over "
                "100%): the house pays out more than the side bet takes",
            )
        )
    elif long_run == 1:
        flags.append(
            RuleFlag(
                "side bet without a house edge",
                f"{side.name}: long-run return exactly 100% of the side bet: the house keeps "
                "nothing of it",
            )
        )
    for line in side.lines:
        if not meets_award_rule(line.probability):
            odds = (
                f"1 in {float(1 / line.probability):,.0f} side bets"
                if line.probability
                else "never"
            )
            flags.append(
                RuleFlag(
                    "award rarer than 1 in 100 million",
                    f"{side.name}: {line.hand.replace('_', ' ')} hits {odds} ({AWARD_RULE})",
                )
            )
    return tuple(flags)


def meter_flags(name: str, *, seed_cents: int, lowest_cents: int | None) -> tuple[RuleFlag, ...]:
    """The rule a simulated meter can break: it showed ``lowest_cents`` at its lowest (at a
    hit or on its path), below ``seed_cents``."""
    if lowest_cents is None or lowest_cents >= seed_cents:
        return ()
    return (
        RuleFlag(
            "meter below its seed",
            f"{name}: the meter showed {_money_cents(lowest_cents)}, below its seed "
            f"{_money_cents(seed_cents)}",
        ),
    )
