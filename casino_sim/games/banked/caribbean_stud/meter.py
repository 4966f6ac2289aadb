"""The progressive meter, written down once: contributions, awards, seeds, reserve, house advances.

Money is integer cents and every move is posted to a :class:`~casino_sim.engine.ledger.Ledger`
(accounts ``players``, ``house``, ``meter:<name>``, ``reserve:<name>``). The rules
(``docs/money.md`` derives the long-run return from them):

1. **Side bet.** A side bet of ``wager`` goes to the house, which passes
   ``contribution_rate x wager`` to the visible meter and ``reserve_rate x wager``
   to the reserve. Fractions of a cent are carried exactly and credited as soon
   as they make a whole cent. While the house has advanced money to the
   reserve, reserve contributions repay it first.
2. **Awards.** A fixed award (and an envy bonus) is paid by the house. A meter
   share pays ``share x meter``, rounded down to the cent (the remainder stays
   on the meter).
3. **Reset and top-up.** The opening seed is the house's. A full-meter award
   (``meter_share: 1``) resets the meter whatever the seed, 0 included; a share
   award that leaves the meter below its seed (on a small meter) tops it up.
   Either way the meter is brought back to the seed from the reserve; when the
   reserve is short the house advances the difference (a house cost until
   later reserve contributions repay it). Then reserve beyond one more seed is
   rolled into the new meter: all reserve money ends with the players.
4. **Cap.** With ``meter_cap``, contributions that would lift the meter above
   the cap go to the reserve instead.
5. **Liability.** The meter plus the reserve is players' money held by the
   house: :attr:`ProgressiveMeter.liability_cents`.

Within a round, every side bet placed feeds the meter before anything is paid,
then seats are settled in seat order (two royals in a round: the first takes
the meter, the second the seed).

>>> from casino_sim.config import load_progressive
>>> from casino_sim.engine.ledger import Ledger
>>> meter = ProgressiveMeter(load_progressive("progressives/50-75-100"), ledger=Ledger())
>>> meter.settle_round(["royal_flush", "flush"], [True, True])
(1000130, 5000)
>>> meter.meter_cents, meter.reserve_cents, meter.advances_cents   # the reserve had 10 cents
(1000000, 0, 999990)
>>> meter.house_funded_cents   # the opening seed and the advance
1999990
>>> meter.reconcile()
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.ledger import (
    ADVANCE,
    AWARD,
    CONTRIBUTION,
    RESERVE,
    ROLL_OVER,
    SEED,
    SIDE_BET,
    Ledger,
)

__all__ = ["ProgressiveMeter"]

PLAYERS, HOUSE = "players", "house"


class ProgressiveMeter:
    """One meter (possibly linked across tables) with its reserve, in integer cents."""

    def __init__(
        self,
        progressive: ProgressivePaytable,
        *,
        ledger: Ledger,
        name: str = "progressive",
        start: Fraction | None = None,
    ) -> None:
        self.progressive = progressive
        self.ledger = ledger
        self.meter_account = f"meter:{name}"
        self.reserve_account = f"reserve:{name}"
        self.seed_cents = cents(progressive.seed)
        self.wager_cents = cents(progressive.wager)
        self.cap_cents = None if progressive.meter_cap is None else cents(progressive.meter_cap)
        self.meter_cents = 0
        self.reserve_cents = 0
        self.advances_cents = 0  # house money lent to the reserve, not yet repaid: a house cost
        self._meter_carry = Fraction(0)
        self._reserve_carry = Fraction(0)
        self._by_category = {CATEGORY_KEYS.index(k): a for k, a in progressive.awards.items()}
        self._envy = {CATEGORY_KEYS.index(k): cents(v) for k, v in progressive.envy_bonuses.items()}
        opening = self.seed_cents if start is None else cents(start)
        self.ledger.post(SEED, HOUSE, self.meter_account, opening)  # the house's, never repaid
        self.meter_cents = opening

    @property
    def house_funded_cents(self) -> int:
        """Every cent the house put in: the opening seed and each advance to the reserve (gross)."""
        return self.ledger.total(SEED, source=HOUSE, target=self.meter_account) + self.ledger.total(
            ADVANCE, source=HOUSE, target=self.reserve_account
        )

    @property
    def liability_cents(self) -> int:
        """Players' money the house holds for this meter: the meter plus the reserve."""
        return self.meter_cents + self.reserve_cents

    def _fund(self, amount: int) -> None:
        """Move ``amount`` cents into the meter from the reserve, the house advancing any lack."""
        short = max(0, amount - self.reserve_cents)
        if short:
            self.ledger.post(ADVANCE, HOUSE, self.reserve_account, short)
            self.reserve_cents += short
            self.advances_cents += short
        self.ledger.post(SEED, self.reserve_account, self.meter_account, amount)
        self.reserve_cents -= amount
        self.meter_cents += amount

    def bet(self, count: int = 1) -> None:
        """``count`` side bets are placed: the house takes them and feeds meter and reserve."""
        if count <= 0:
            return
        self.ledger.post(SIDE_BET, PLAYERS, HOUSE, int(self.wager_cents * count))
        self._meter_carry += self.wager_cents * count * Fraction(self.progressive.contribution_rate)
        self._reserve_carry += self.wager_cents * count * Fraction(self.progressive.reserve_rate)
        to_meter, to_reserve = int(self._meter_carry), int(self._reserve_carry)
        self._meter_carry -= to_meter
        self._reserve_carry -= to_reserve
        if self.cap_cents is not None:
            room = max(0, self.cap_cents - self.meter_cents)
            to_reserve += to_meter - min(to_meter, room)
            to_meter = min(to_meter, room)
        self.ledger.post(CONTRIBUTION, HOUSE, self.meter_account, to_meter)
        self.meter_cents += to_meter
        repay = min(to_reserve, self.advances_cents)
        if repay:  # repaying the house: that part of the reserve rate is the house's again
            self.advances_cents -= repay
            to_reserve -= repay
        self.ledger.post(RESERVE, HOUSE, self.reserve_account, to_reserve)
        self.reserve_cents += to_reserve

    def award(self, category: int) -> int:
        """Pay the side bet of a hand of ``category`` (a :class:`HandCategory` value); cents paid."""
        award = self._by_category.get(category)
        if award is None:
            return 0
        paid = 0
        if award.fixed:
            paid = cents(award.fixed)
            self.ledger.post(AWARD, HOUSE, PLAYERS, paid)
        if award.meter_share:
            share = int(Fraction(award.meter_share) * self.meter_cents)
            self.ledger.post(AWARD, self.meter_account, PLAYERS, share)
            self.meter_cents -= share
            paid += share
            if award.meter_share == 1 or self.meter_cents < self.seed_cents:
                self._fund(max(0, self.seed_cents - self.meter_cents))
                self._roll_over()
        return paid

    def _roll_over(self) -> None:
        """Reserve beyond the next seed goes into the meter (never above the cap)."""
        excess = self.reserve_cents - self.seed_cents
        if self.cap_cents is not None:
            excess = min(excess, self.cap_cents - self.meter_cents)
        if excess > 0:
            self.ledger.post(ROLL_OVER, self.reserve_account, self.meter_account, excess)
            self.reserve_cents -= excess
            self.meter_cents += excess

    def settle_round(self, hands: Sequence[str | int], playing: Sequence[bool]) -> tuple[int, ...]:
        """One round at a table: side bets first, then each seat's award and envy; cents per seat."""
        categories = [CATEGORY_KEYS.index(h) if isinstance(h, str) else int(h) for h in hands]
        self.bet(sum(bool(p) for p in playing))
        paid = [0] * len(categories)
        for seat, (category, plays) in enumerate(zip(categories, playing, strict=True)):
            if not plays:
                continue
            paid[seat] += self.award(category)
            bonus = self._envy.get(category, 0)
            if bonus:
                for other, other_plays in enumerate(playing):
                    if other != seat and other_plays:
                        self.ledger.post(AWARD, HOUSE, PLAYERS, bonus)
                        paid[other] += bonus
        return tuple(paid)

    def reconcile(self) -> None:
        """Check the ledger's meter and reserve accounts hold what this meter holds, to the cent."""
        self.ledger.reconcile(
            {self.meter_account: self.meter_cents, self.reserve_account: self.reserve_cents}
        )
