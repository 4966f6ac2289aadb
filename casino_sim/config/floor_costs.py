"""A floor's ``costs:`` block: dealers (with relief dealers), table openings, gaming tax, comps.

The figures built from it (net contribution per group, per day, per
table-hour) are in :mod:`casino_sim.floor.costs`; ``docs/floor.md`` ("Costs")
describes the model.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from casino_sim.config.common import definition
from casino_sim.config.money import Amount, Number, Share
from casino_sim.config.problems import FieldProblem

__all__ = ["Costs"]


@definition
class Costs:
    """What running the tables costs: dealers (with relief), table openings, gaming tax, comps.

    Per table group and replication: dealer labour = open table-hours x
    ``dealer_per_hour`` x the dealer-hours per table-hour (1, or with relief
    dealers at a group whose ``dealer_breaks`` have ``relief: true``: ``1 +
    1 / relief_tables`` or ``relief_factor``); dealer starts = table openings x
    ``dealer_start``; gaming tax = ``gaming_tax`` x win; comps = ``comps`` x
    theoretical win (a game without one, such as a raked poker game, its win).

    >>> costs = Costs(dealer_per_hour=Fraction(30), relief_tables=3)
    >>> costs.dealer_hours_per_table_hour(relief=True), costs.dealer_hours_per_table_hour(relief=False)
    (Fraction(4, 3), Fraction(1, 1))
    """

    dealer_per_hour: Amount = Fraction(0)
    """A dealer's cost per hour (wage, benefits, payroll taxes), money."""
    relief_tables: int | None = Field(default=None, strict=True, ge=1, le=100)
    """One relief dealer per this many open tables (groups whose dealers have relief)."""
    relief_factor: Number | None = None
    """Or: dealer-hours per table-hour with relief (1.25: a quarter more), at least 1."""
    dealer_start: Amount = Fraction(0)
    """Cost per table opening (each opening window of each day; a table open at time 0)."""
    gaming_tax: Share = Fraction(0)
    """Gaming tax rate on win (0.08 or 8%): of the group's win over the run, losses offsetting."""
    comps: Share = Fraction(0)
    """Comps as a share of theoretical win (0.2 or 20%)."""

    def __post_init__(self) -> None:
        if self.relief_tables is not None and self.relief_factor is not None:
            raise FieldProblem("give relief_tables or relief_factor, not both", "relief_factor")
        if self.relief_factor is not None and self.relief_factor < 1:
            raise FieldProblem(
                f"expected at least 1 (dealer-hours per table-hour), got {self.relief_factor}",
                "relief_factor",
            )

    def dealer_hours_per_table_hour(self, *, relief: bool) -> Fraction:
        """Dealer-hours paid per open table-hour: 1, or with relief dealers the relief's share more."""
        if not relief:
            return Fraction(1)
        if self.relief_factor is not None:
            return self.relief_factor
        return 1 + Fraction(1, self.relief_tables) if self.relief_tables else Fraction(1)
