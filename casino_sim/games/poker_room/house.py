"""The house's take: rake structures and the bad-beat jackpot (integer cents).

>>> from fractions import Fraction
>>> rule = RakeRule(kind=RakeKind.PERCENT, rate=Fraction(1, 10), cap=400)
>>> rule.rake(2550, ended_on_first_street=False), rule.rake(9000, ended_on_first_street=False)
(255, 400)
>>> rule.rake(2550, ended_on_first_street=True)
0
>>> meter = JackpotMeter(BadBeatRule(drop=100, min_pot=2000, seed=50_000))
>>> meter.add_drop(100); meter.amount
50100
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

__all__ = ["BadBeatRule", "JackpotMeter", "RakeKind", "RakeRule"]


class RakeKind(StrEnum):
    """How the house collects: a share of each pot, a fixed drop, seat time, or nothing."""

    NONE = "none"
    PERCENT = "percent"
    DROP = "drop"
    TIME = "time"


@dataclass(frozen=True)
class RakeRule:
    """A rake structure.

    ``PERCENT``: ``rate`` of the pot (rounded down to ``increment`` cents), at
    most ``cap``; nothing when the hand ends on the first street and
    ``no_rake_first_street``. ``DROP``: ``drop`` cents from every pot that
    reaches ``drop`` cents (taken when the hand is dealt; here from the pot).
    ``TIME``: ``time_fee`` cents per seat per half hour, collected on the clock
    by the floor simulation, never from a pot.
    """

    kind: RakeKind = RakeKind.NONE
    rate: Fraction = Fraction(0)
    cap: int | None = None
    no_rake_first_street: bool = True
    increment: int = 1
    drop: int = 0
    time_fee: int = 0
    min_pot: int = 0

    def rake(self, pot: int, *, ended_on_first_street: bool) -> int:
        """Cents taken from a finished pot of ``pot`` cents (nothing below ``min_pot``)."""
        if pot < self.min_pot:
            return 0
        if self.kind is RakeKind.PERCENT:
            if ended_on_first_street and self.no_rake_first_street:
                return 0
            amount = int(pot * self.rate) // self.increment * self.increment
            return amount if self.cap is None else min(amount, self.cap)
        if self.kind is RakeKind.DROP:
            return min(self.drop, pot)
        return 0

    def time_per_hand(self, seats: int, hands_per_hour: float) -> float:
        """Average time collection per hand, in cents (0 for other structures).

        >>> RakeRule(kind=RakeKind.TIME, time_fee=600).time_per_hand(8, 40.0)
        240.0
        """
        if self.kind is not RakeKind.TIME or hands_per_hour <= 0:
            return 0.0
        return self.time_fee * seats * 2 / hands_per_hour


@dataclass(frozen=True)
class BadBeatRule:
    """A bad-beat jackpot.

    ``drop`` cents leave every pot of at least ``min_pot`` cents (after rake);
    a share ``reserve_rate`` of each drop goes to the reserve that reseeds the
    meter. A hit is a showdown where a hand of at least ``min_losing_value``
    (evaluator high value; default aces full) loses. The meter is split
    ``loser_share`` / ``winner_share`` / rest to the other players dealt in.
    """

    drop: int = 100
    min_pot: int = 2000
    min_losing_value: int = 7284  # aces full of twos (evaluator high value)
    seed: int = 0
    reserve_rate: Fraction = Fraction(0)
    loser_share: Fraction = Fraction(1, 2)
    winner_share: Fraction = Fraction(1, 4)

    @property
    def table_share(self) -> Fraction:
        """The share split among the rest of the table."""
        return 1 - self.loser_share - self.winner_share


class JackpotMeter:
    """The running meter and reserve of a bad-beat jackpot (mutable, cents)."""

    __slots__ = ("amount", "hits", "house_seeded", "paid", "reserve", "rule")

    def __init__(self, rule: BadBeatRule, *, amount: int | None = None) -> None:
        self.rule = rule
        self.amount = rule.seed if amount is None else amount
        self.reserve = 0
        self.paid = 0
        self.hits = 0
        self.house_seeded = 0

    def add_drop(self, cents: int) -> None:
        """Credit a drop: the reserve share to the reserve, the rest to the meter."""
        to_reserve = int(cents * self.rule.reserve_rate)
        self.reserve += to_reserve
        self.amount += cents - to_reserve

    def hit(self) -> int:
        """Pay out the whole meter and reseed it; returns the amount paid."""
        paid = self.amount
        self.paid += paid
        self.hits += 1
        from_reserve = min(self.reserve, self.rule.seed)
        self.reserve -= from_reserve
        self.house_seeded += self.rule.seed - from_reserve
        self.amount = self.rule.seed
        return paid

    def split(self, paid: int, n_table: int) -> tuple[int, int, list[int]]:
        """Split ``paid`` into (loser, winner, per other player); leftovers go to the loser.

        >>> JackpotMeter(BadBeatRule()).split(1001, 3)
        (502, 250, [83, 83, 83])
        """
        winner = int(paid * self.rule.winner_share)
        table_total = int(paid * self.rule.table_share) if n_table else 0
        each = table_total // n_table if n_table else 0
        loser = paid - winner - each * n_table
        return loser, winner, [each] * n_table
