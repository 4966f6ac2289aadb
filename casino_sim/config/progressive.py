"""Progressive side-bet award tables (Caribbean Stud jackpot): awards, meter, seed, reserve.

>>> from fractions import Fraction
>>> awards = {
...     "royal_flush": Award(meter_share=Fraction(1)),
...     "straight_flush": Award(meter_share=Fraction(1, 10)),
...     "four_of_a_kind": Award(fixed=Fraction(100)),
...     "full_house": Award(fixed=Fraction(75)),
...     "flush": Award(fixed=Fraction(50)),
... }
>>> table = ProgressivePaytable(
...     name="50/75/100", awards=awards, contribution_rate=Fraction(65, 100), seed=Fraction(10_000)
... )
>>> table.award_for("straight_flush", meter=Fraction(200_000))
Fraction(20000, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from pydantic import Field

from casino_sim.config.common import (
    PROGRESSIVE_HANDS,
    ProgressiveHand,
    definition,
    frozen_mapping,
    is_progressive_hand,
    require_non_increasing,
    require_whole_cents,
)
from casino_sim.config.money import Amount, PositiveAmount, Share, Text
from casino_sim.config.problems import FieldProblem

__all__ = ["PROGRESSIVE_HANDS", "Award", "ProgressivePaytable"]


@definition
class Award:
    """One award: exactly one of a ``fixed`` amount of money or a ``meter_share`` of the meter."""

    fixed: Amount | None = None
    """Money paid for the hand, e.g. 100."""
    meter_share: Share | None = None
    """Share of the progressive meter paid for the hand (1 = the whole meter)."""

    def __post_init__(self) -> None:
        if (self.fixed is None) == (self.meter_share is None):
            raise FieldProblem("give exactly one of 'fixed' (money) or 'meter_share' (0..1)")

    def amount(self, *, meter: Fraction) -> Fraction:
        """What the award pays when the meter stands at ``meter``."""
        return self.fixed if self.fixed is not None else self.meter_share * meter  # type: ignore[operator]


@definition
class ProgressivePaytable:
    """A progressive side bet (``kind: progressive``).

    Of every side bet of ``wager``, ``contribution_rate`` goes to the meter and
    ``reserve_rate`` to the reserve that funds the next ``seed``. A meter-share
    award is paid out of the meter (a 10% straight flush leaves 90% of it); the
    meter never falls below ``seed``, so a 100% royal resets it to ``seed``.
    ``envy_bonuses`` pay every *other*
    player at the table when someone hits the hand.
    """

    kind: Literal["progressive"] = "progressive"
    """Always progressive."""
    name: Text
    """Short name, e.g. "50/75/100"."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the table comes from."""
    notes: Text = ""
    """Anything a reader should know."""
    wager: PositiveAmount = Fraction(1)
    """The side bet in money (usually 1)."""
    awards: Mapping[ProgressiveHand, Award]
    """Award by hand: royal_flush, straight_flush, four_of_a_kind, full_house, flush (straight, three_of_a_kind optional)."""
    contribution_rate: Share
    """Share of each side bet added to the meter (typically 0.60-0.70, or 60%-70%)."""
    reserve_rate: Share = Fraction(0)
    """Share of each side bet added to the reserve (backup) meter that funds the next seed (e.g. 0.05 or 5%)."""
    seed: Amount
    """Value the meter resets to after it is hit (funded by the reserve, else advanced by the house)."""
    meter_cap: PositiveAmount | None = None
    """The meter cap: the most the visible meter shows; contributions above it go to the reserve (null: no meter cap)."""
    envy_bonuses: Mapping[ProgressiveHand, Amount] = Field(default_factory=dict)
    """Money paid to each other player when someone hits the hand (may be empty)."""

    def __post_init__(self) -> None:
        if self.contribution_rate + self.reserve_rate > 1:
            raise FieldProblem(
                f"contribution_rate + reserve_rate must be at most 1, got "
                f"{self.contribution_rate} + {self.reserve_rate} = {self.contribution_rate + self.reserve_rate}",
                "reserve_rate",
            )
        amounts: list[tuple[Fraction | None, tuple[str, ...]]] = [
            (self.wager, ("wager",)),
            (self.seed, ("seed",)),
            (self.meter_cap, ("meter_cap",)),
            *((a.fixed, ("awards", k, "fixed")) for k, a in self.awards.items()),
            *((v, ("envy_bonuses", k)) for k, v in self.envy_bonuses.items()),
        ]
        for amount, path in amounts:  # the meter keeps integer cents (docs/money.md)
            require_whole_cents(amount, *path)
        if self.meter_cap is not None and self.meter_cap < self.seed:
            raise FieldProblem(
                f"meter_cap {self.meter_cap} is below the seed {self.seed}", "meter_cap"
            )
        if not self.awards:
            raise FieldProblem("need at least one award", "awards")
        for hand in ("royal_flush", "straight_flush"):
            if hand not in self.awards:
                raise FieldProblem(f"missing the {hand} award", "awards")
        object.__setattr__(self, "awards", frozen_mapping(self.awards, PROGRESSIVE_HANDS))
        object.__setattr__(
            self, "envy_bonuses", frozen_mapping(self.envy_bonuses, PROGRESSIVE_HANDS)
        )
        fixed = {k: a.fixed for k, a in self.awards.items()}
        shares = {k: a.meter_share for k, a in self.awards.items()}
        require_non_increasing(fixed, PROGRESSIVE_HANDS, "awards", verb="award is higher than")
        require_non_increasing(
            shares, PROGRESSIVE_HANDS, "awards", verb="meter share is higher than"
        )
        uses_meter = any(a.meter_share is not None for a in self.awards.values())
        if uses_meter and self.contribution_rate == 0 and self.seed == 0:
            raise FieldProblem(
                "meter awards need a contribution_rate or a seed", "contribution_rate"
            )

    def award_for(self, hand_key: str, *, meter: Fraction) -> Fraction:
        """Money the side bet wins with ``hand_key`` at meter ``meter`` (0 for hands without an award)."""
        award = self.awards.get(hand_key) if is_progressive_hand(hand_key) else None
        return Fraction(0) if award is None else award.amount(meter=meter)
