"""Betting structures: how large a bet, raise or completion may be.

Fixed limit allows one size per street (the small or the big bet). The other
structures allow any "to" amount from the least full bet or raise up to a most:

- **spread limit**: the least is the street's bet (``small_bet`` / ``big_bet``),
  or the largest raise of the street so far; the most is a raise of ``spread.max``
  above the bet in force (the bring-in counts as one: after a $1 bring-in at
  $1-$5 spread, to $6 at most);
- **pot limit**: the most is the pot after calling, raised by that pot: twice the
  bet in force, less the seat's own street bet, plus every chip in the pot;
- **no limit**: the most is the seat's chips.

Whatever the structure, a seat whose chips fall short of the least may go all-in
for less (:class:`~casino_sim.games.poker_room.state.StudHand` judges that).

>>> from casino_sim.games.poker_room.structures import BetLimits
>>> pot = BetLimits("pot-limit", spread_max=0)
>>> # $10 pot before the street, a $20 bet, our $0 in: call 20, then raise by the 50 pot
>>> pot.most_to(least=40, high=20, mine=0, pot=30, chips=10_000)
70
>>> BetLimits("no-limit", spread_max=0).most_to(least=40, high=20, mine=0, pot=30, chips=500)
500
>>> BetLimits("spread-limit", spread_max=500).most_to(least=200, high=100, mine=0, pot=0, chips=10_000)
600
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_sim.config.stud_table import StudTable

__all__ = ["BetLimits"]


@dataclass(frozen=True, slots=True)
class BetLimits:
    """The table's betting structure, ready for the engine (money in cents)."""

    structure: str
    """fixed-limit, spread-limit, pot-limit or no-limit."""
    spread_max: int
    """Largest bet or raise at spread limit (cents; 0 otherwise)."""

    @classmethod
    def of(cls, table: StudTable) -> BetLimits:
        """The limits of ``table``."""
        spread = table.spread
        return cls(table.structure, spread_max=0 if spread is None else spread.max_cents)

    @property
    def fixed(self) -> bool:
        """One size per bet or raise (fixed limit)."""
        return self.structure == "fixed-limit"

    @property
    def capped(self) -> bool:
        """A bet's size is limited by the table, not the pot or the stack (fixed or spread)."""
        return self.structure in ("fixed-limit", "spread-limit")

    def most_to(self, *, least: int, high: int, mine: int, pot: int, chips: int) -> int:
        """The largest "to" amount a seat may bet or raise to (never below ``least``
        unless its ``chips`` are fewer: then all of them).

        ``high`` is the bet in force on the street, ``mine`` the seat's own street
        bet, ``pot`` every chip put in so far (antes and street bets included) and
        ``chips`` the seat's street bet plus its stack.
        """
        if self.structure == "spread-limit":
            most = high + self.spread_max
        elif self.structure == "pot-limit":
            most = 2 * high - mine + pot
        else:
            most = chips
        return min(max(most, least), chips)
