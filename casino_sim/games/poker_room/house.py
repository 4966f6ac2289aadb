"""The house's take: the rake of a finished pot and the bad-beat jackpot meter (integer cents).

The structures themselves are the table's config types
(:class:`~casino_sim.config.PercentRake`, :class:`~casino_sim.config.DropRake`,
:class:`~casino_sim.config.TimeRake`, :class:`~casino_sim.config.NoRake`,
:class:`~casino_sim.config.BadBeatJackpot`); this module applies them.

>>> from casino_sim.config import load_stud_table
>>> table = load_stud_table("stud/tables/5-10")  # 10% capped at $4, none on third street
>>> rake_cents(table.rake, 2550, ended_on_first_street=False), rake_cents(
...     table.rake, 9000, ended_on_first_street=False)
(255, 400)
>>> rake_cents(table.rake, 2550, ended_on_first_street=True)
0
>>> jackpot = load_stud_table("stud/tables/5-10-bad-beat").bad_beat
>>> meter = JackpotMeter(jackpot)
>>> meter.add_drop(100); meter.amount, meter.reserve
(500080, 20)
"""

from __future__ import annotations

import math
from fractions import Fraction

from casino_sim.config.stud_table import BadBeatJackpot, DropRake, PercentRake, Rake, TimeRake

__all__ = [
    "HALF_HOUR_SECONDS",
    "JackpotMeter",
    "half_hours_begun",
    "rake_cents",
    "time_collection_cents",
]

#: Time collection is charged per seat at the start of every half hour on the clock.
HALF_HOUR_SECONDS = 1800


def rake_cents(rake: Rake, pot: int, *, ended_on_first_street: bool) -> int:
    """Cents the house takes from a finished pot of ``pot`` cents.

    Percent: ``rate`` of the pot rounded down to the ``increment``, at most the
    cap. Drop: the fixed amount, never more than the pot. Either takes nothing
    when the hand ended on the first betting round and the structure says
    ``no_rake_third_street`` (default true for percent, false for a drop), or
    from pots below ``min_pot``. Time collection is charged on the clock, never
    from a pot. The caller takes the amount from the main pot first
    (:func:`~casino_sim.games.poker_room.pots.take_from_pots`).

    >>> from casino_sim.config import DropRake
    >>> drop = DropRake(amount=Fraction(5), no_rake_third_street=True)
    >>> [rake_cents(drop, pot, ended_on_first_street=first)
    ...  for pot, first in ((300, False), (2000, False), (2000, True))]
    [300, 500, 0]
    """
    if isinstance(rake, PercentRake):
        if pot < rake.min_pot_cents or (ended_on_first_street and rake.no_rake_third_street):
            return 0
        step = rake.increment_cents
        amount = int(pot * rake.rate) // step * step
        cap = rake.cap_cents
        return amount if cap is None else min(amount, cap)
    if isinstance(rake, DropRake):
        if pot < rake.min_pot_cents or (ended_on_first_street and rake.no_rake_third_street):
            return 0
        return min(rake.amount_cents, pot)
    return 0


def half_hours_begun(seconds: Fraction | float) -> int:
    """Half hours begun on a clock that ran ``seconds`` (0 for none).

    >>> half_hours_begun(0), half_hours_begun(1), half_hours_begun(1800), half_hours_begun(1801)
    (0, 1, 1, 2)
    """
    return math.ceil(Fraction(seconds) / HALF_HOUR_SECONDS) if seconds > 0 else 0


def time_collection_cents(rake: Rake, seconds: Fraction | float) -> int:
    """One seat's time collection over ``seconds`` of the clock, in cents (0 for other fees).

    Charged at the start of every half hour begun.

    >>> from casino_sim.config import load_stud_table
    >>> table = load_stud_table("stud/tables/15-30")  # $7 per seat per half hour
    >>> time_collection_cents(table.rake, 3600), time_collection_cents(table.rake, 3601)
    (1400, 2100)
    """
    if not isinstance(rake, TimeRake):
        return 0
    return rake.per_seat_per_half_hour_cents * half_hours_begun(seconds)


class JackpotMeter:
    """The running meter and reserve of a bad-beat jackpot (mutable, cents).

    ``drop`` cents leave every pot of at least ``min_pot`` (after rake); the
    ``reserve_rate`` share of each drop goes to the reserve that reseeds the
    meter. A hit pays the whole meter: ``loser_share`` to the losing hand,
    ``winner_share`` to the winner, the rest split among the others dealt in.
    The meter is reseeded from the reserve; what the reserve lacks is funded
    by the house (``house_seeded``; the opening seed is house money too). The
    meter plus the reserve is the fund's balance, owed to the players.
    """

    __slots__ = ("amount", "hits", "house_seeded", "paid", "reserve", "rule")

    def __init__(self, rule: BadBeatJackpot, *, amount: int | None = None) -> None:
        self.rule = rule
        self.amount = rule.seed_cents if amount is None else amount
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
        seed = self.rule.seed_cents
        from_reserve = min(self.reserve, seed)
        self.reserve -= from_reserve
        self.house_seeded += seed - from_reserve
        self.amount = seed
        return paid

    def split(self, paid: int, n_table: int) -> tuple[int, int, list[int]]:
        """Split ``paid`` into (loser, winner, per other player); leftovers go to the loser.

        >>> from casino_sim.config import load_stud_table
        >>> JackpotMeter(load_stud_table("stud/tables/5-10-bad-beat").bad_beat).split(1001, 3)
        (502, 250, [83, 83, 83])
        """
        winner = int(paid * self.rule.winner_share)
        table_total = int(paid * self.rule.table_share) if n_table else 0
        each = table_total // n_table if n_table else 0
        loser = paid - winner - each * n_table
        return loser, winner, [each] * n_table
