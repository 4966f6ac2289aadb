"""Caribbean Stud Poker paytables: the raise pays by hand, multiples, qualifier, payout cap.

>>> from fractions import Fraction
>>> pays = dict(zip(CARIBBEAN_HANDS, (100, 50, 20, 7, 5, 4, 3, 2, 1, 1)))
>>> table = CaribbeanPaytable(name="standard", pays=pays, max_payout=5000)
>>> table.raise_pay("full_house"), table.raise_multiple
(Fraction(7, 1), 2)
>>> table.raise_win("royal_flush", ante=Fraction(25))  # 100 x 50 raise, capped
Fraction(5000, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from pydantic import Field

from casino_sim.config.common import (
    CARIBBEAN_HANDS,
    CaribbeanHand,
    definition,
    frozen_mapping,
    hand_label,
    is_caribbean_hand,
    require_non_increasing,
)
from casino_sim.config.money import Pay, PositiveAmount, Text
from casino_sim.config.problems import FieldProblem
from casino_sim.config.words import did_you_mean
from casino_sim.errors import OptionError

__all__ = ["CaribbeanPaytable"]


@definition
class CaribbeanPaytable:
    """A Caribbean Stud raise paytable (``kind: caribbean_stud``).

    Pays are "to 1" on the raise, which is ``raise_multiple`` x the ante, and
    may be written as on the felt: ``250``, ``250:1``, ``250 to 1`` and
    ``250-1`` all pay 250 to 1; ``2 for 1`` (the wager included) pays 1 to 1.
    The ante pays ``ante_pays`` to 1 whenever the player wins (or the dealer
    fails to qualify). ``max_payout`` caps the raise win per hand in money units.
    """

    kind: Literal["caribbean_stud"] = "caribbean_stud"
    """Always caribbean_stud."""
    name: Text
    """Short name of the table, e.g. "standard US"."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the table comes from (casino, jurisdiction, published page)."""
    notes: Text = ""
    """Anything a reader should know."""
    pays: Mapping[CaribbeanHand, Pay]
    """Raise pays to 1 by the player's hand, every key from royal_flush down to ace_king; 250, 250:1, 250 to 1 and 250-1 all pay 250 to 1, 2 for 1 pays 1 to 1."""
    ante_pays: Pay = Fraction(1)
    """What a winning ante pays to 1 (1 almost everywhere)."""
    raise_multiple: int = Field(default=2, strict=True, ge=1, le=10)
    """The raise as a multiple of the ante (2: raise = 2 x ante)."""
    dealer_qualifier: Literal["ace-king"] = "ace-king"
    """The dealer needs this hand or better to qualify (A-K high)."""
    max_payout: PositiveAmount | None = None
    """Cap on the raise win per hand in money (e.g. 5000), or null for no cap."""

    def __post_init__(self) -> None:
        missing = [hand for hand in CARIBBEAN_HANDS if hand not in self.pays]
        if missing:
            raise FieldProblem(
                f"missing pays for {', '.join(missing)} (need every hand from royal_flush to ace_king)",
                "pays",
            )
        object.__setattr__(self, "pays", frozen_mapping(self.pays, CARIBBEAN_HANDS))
        require_non_increasing(self.pays, CARIBBEAN_HANDS, "pays")

    def raise_pay(self, hand_key: str) -> Fraction:
        """The raise pay to 1 for ``hand_key`` (a key of ``pays``), before any cap."""
        if is_caribbean_hand(hand_key):
            return self.pays[hand_key]
        raise OptionError(
            f"unknown hand {hand_key!r}{did_you_mean(hand_key, CARIBBEAN_HANDS)}; "
            f"expected one of {', '.join(CARIBBEAN_HANDS)}"
        )

    def raise_win(self, hand_key: str, *, ante: Fraction) -> Fraction:
        """Money won on the raise for an ante of ``ante`` when the player beats a qualifying dealer."""
        win = self.raise_pay(hand_key) * self.raise_multiple * ante
        return win if self.max_payout is None else min(win, self.max_payout)

    def describe(self) -> str:
        """The pays as one line, e.g. ``royal flush 100, straight flush 50, ...``."""
        return ", ".join(f"{hand_label(k)} {v}" for k, v in self.pays.items())
