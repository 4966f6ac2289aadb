"""Exact math of the Caribbean Stud progressive side bet (the player's five cards only).

Return is linear in the meter: ``return(M) = fixed + slope * M`` per unit wagered,
so the break-even meter is where that equals the wager. In the long run every
contribution is paid back out of the meter, plus the seed money put in at each
reset: ``long-run return = fixed + contribution_rate + seed funding``, where seed
funding is the larger of the reserve rate and ``P(reset) * seed / wager`` (a
reserve that exceeds the seed cost is assumed to flow into the meter).

With a meter cap the meter never shows more than the cap, so return-by-meter
figures stop there (:meth:`ProgressiveAnalysis.within_cap`).

>>> from casino_sim.config import load_progressive
>>> side = analyze_progressive(load_progressive("progressives/50-75-100"))
>>> round(float(side.break_even_meter), 2)
263205.26
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.progressive import ProgressivePaytable

__all__ = ["FIVE_CARD_COUNTS", "AwardLine", "ProgressiveAnalysis", "analyze_progressive"]

FIVE_CARD_COUNTS: dict[str, int] = dict(
    zip(
        CATEGORY_KEYS,  # high_card .. royal_flush
        (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4),
        strict=True,
    )
)
"""Five-card hands of each category among the 2,598,960 (a royal flush is not a straight flush)."""
N_HANDS = sum(FIVE_CARD_COUNTS.values())


@dataclass(frozen=True)
class AwardLine:
    """One award: how often it hits and what it pays (fixed money or a share of the meter)."""

    hand: str
    combinations: int
    probability: Fraction
    fixed: Fraction | None
    meter_share: Fraction | None

    def payout(self, meter: Fraction) -> Fraction:
        if self.fixed is not None:
            return self.fixed
        return (self.meter_share or Fraction(0)) * meter

    def hit_every(self) -> Fraction:
        """Average number of side bets between hits."""
        return 1 / self.probability


@dataclass(frozen=True)
class ProgressiveAnalysis:
    """Hit frequencies, return as a function of the meter, break-even and long-run return."""

    name: str
    wager: Fraction
    lines: tuple[AwardLine, ...]
    contribution_rate: Fraction
    reserve_rate: Fraction
    seed: Fraction
    meter_cap: Fraction | None = None  # the most the meter shows (None: no cap)

    @property
    def fixed_return(self) -> Fraction:
        """Expected fixed awards per unit wagered."""
        paid = sum(
            (line.probability * line.fixed for line in self.lines if line.fixed is not None),
            Fraction(0),
        )
        return paid / self.wager

    @property
    def meter_slope(self) -> Fraction:
        """Expected meter awards per unit wagered, per unit of meter."""
        shares = (
            line.probability * line.meter_share
            for line in self.lines
            if line.meter_share is not None
        )
        return sum(shares, Fraction(0)) / self.wager

    def expected_return(self, meter: Fraction | int) -> Fraction:
        """Expected payout per unit wagered with the meter at ``meter`` (1 = break-even)."""
        return self.fixed_return + self.meter_slope * Fraction(meter)

    def house_edge(self, meter: Fraction | int) -> Fraction:
        return 1 - self.expected_return(meter)

    def within_cap(
        self, meters: Sequence[Fraction | int]
    ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """The ``meters`` the meter can show and those above the meter cap; when any is above
        it, the first list ends at the cap itself.

        >>> from dataclasses import replace
        >>> from casino_sim.config import load_progressive
        >>> side = analyze_progressive(load_progressive("progressives/50-75-100"))
        >>> shown, above = replace(side, meter_cap=Fraction(400_000)).within_cap(
        ...     [10_000, 263_205, 526_411])
        >>> [int(m) for m in shown], [int(m) for m in above]
        ([10000, 263205, 400000], [526411])
        """
        cap = self.meter_cap
        values = tuple(Fraction(m) for m in meters)
        if cap is None or all(m <= cap for m in values):
            return values, ()
        return (*(m for m in values if m < cap), cap), tuple(m for m in values if m > cap)

    def plot_meters(self, points: int = 101) -> list[float]:
        """Meters for a return-by-meter plot: from 0 to 1.5 x the break-even meter (or 15 seeds),
        never above the meter cap."""
        be = self.break_even_meter
        top = float(be if be is not None else max(self.seed, Fraction(1)) * 10) * 1.5
        if self.meter_cap is not None:
            top = min(top, float(self.meter_cap))
        return [top * i / (points - 1) for i in range(points)]

    @property
    def return_at_cap(self) -> Fraction | None:
        """The most the side bet can return: with the meter at its cap (None without a cap).

        Below :attr:`long_run_return` it means the cap keeps money in the reserve for good:
        what the meter and reserve take is more than the capped meter can pay out.
        """
        return None if self.meter_cap is None else self.expected_return(self.meter_cap)

    @property
    def break_even_reachable(self) -> bool:
        """Can the meter reach the break-even meter (there is one, and the cap allows it)?"""
        be = self.break_even_meter
        return be is not None and (self.meter_cap is None or be <= self.meter_cap)

    @property
    def break_even_meter(self) -> Fraction | None:
        """The meter at which the side bet returns exactly its wager (None without meter awards)."""
        if self.meter_slope == 0:
            return None
        return (1 - self.fixed_return) / self.meter_slope

    @property
    def reset_probability(self) -> Fraction:
        """Chance per side bet of an award that takes the whole meter (and resets it)."""
        return sum((line.probability for line in self.lines if line.meter_share == 1), Fraction(0))

    @property
    def long_run_return(self) -> Fraction:
        seed_cost = self.reset_probability * self.seed / self.wager
        return self.fixed_return + self.contribution_rate + max(self.reserve_rate, seed_cost)

    def to_record(self) -> dict[str, Any]:
        be, cap_return = self.break_even_meter, self.return_at_cap
        return {
            "progressive": self.name,
            "wager": str(self.wager),
            "awards": [
                {
                    "hand": line.hand,
                    "combinations": line.combinations,
                    "probability": float(line.probability),
                    "fixed": None if line.fixed is None else str(line.fixed),
                    "meter_share": None if line.meter_share is None else str(line.meter_share),
                }
                for line in self.lines
            ],
            "fixed_return": float(self.fixed_return),
            "meter_slope": float(self.meter_slope),
            "break_even_meter": None if be is None else float(be),
            "break_even_meter_exact": None if be is None else str(be),
            "break_even_reachable": self.break_even_reachable,
            "meter_cap": None if self.meter_cap is None else float(self.meter_cap),
            "return_at_meter_cap": None if cap_return is None else float(cap_return),
            "long_run_return": float(self.long_run_return),
        }


def analyze_progressive(
    progressive: ProgressivePaytable, *, counts: Mapping[str, int] = FIVE_CARD_COUNTS
) -> ProgressiveAnalysis:
    """Exact hit frequencies and returns of a progressive award table.

    ``counts``: the hands of each category (``CATEGORY_KEYS``) the side bet is settled on, by
    default all 2,598,960 five-card hands (a banked game's side bet on another hand rule gives
    its own: the best five of seven cards); a royal flush is not a straight flush. Envy
    bonuses depend on other seats and are left to simulation.
    """
    hands = sum(counts.values())
    lines = []
    for hand, award in progressive.awards.items():
        n = counts[hand]
        lines.append(AwardLine(hand, n, Fraction(n, hands), award.fixed, award.meter_share))
    lines.sort(key=lambda line: line.probability)
    return ProgressiveAnalysis(
        progressive.name,
        Fraction(progressive.wager),
        tuple(lines),
        Fraction(progressive.contribution_rate),
        Fraction(progressive.reserve_rate),
        Fraction(progressive.seed),
        None if progressive.meter_cap is None else Fraction(progressive.meter_cap),
    )
