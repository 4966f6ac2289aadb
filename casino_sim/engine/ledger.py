"""The money ledger: every flow between accounts in integer cents, so every chip is accounted for.

Double entry: :meth:`Ledger.post` moves cents from one account to another, so
the balances always sum to zero. :meth:`Ledger.reconcile` checks the balances
against what the simulation holds by its own reckoning (stacks, meters, the
house's result) to the cent, and raises :class:`LedgerError` naming the account
that does not agree.

Accounts are names: ``"players"`` (or ``"player:3"``), ``"house"``, ``"pot"``,
``"meter:<name>"`` (a visible progressive meter), ``"reserve:<name>"`` (its
reserve), ``"jackpot:<name>"`` (a bad-beat jackpot fund). Flows use the money
words of ``docs/money.md`` (:data:`FLOWS`).

>>> ledger = Ledger()
>>> ledger.post(SIDE_BET, "players", "house", 100)
>>> ledger.post(CONTRIBUTION, "house", "meter:pit", 65)
>>> ledger.balance("house"), ledger.balance("meter:pit"), ledger.balance("players")
(35, 65, -100)
>>> ledger.reconcile({"meter:pit": 65, "players": -100})
>>> ledger.reconcile({"meter:pit": 64})
Traceback (most recent call last):
...
casino_sim.errors.LedgerError: ledger: account meter:pit holds 65 cents, expected 64
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from casino_sim.errors import LedgerError

__all__ = [
    "ADVANCE",
    "ANTE",
    "AWARD",
    "BET",
    "BUY_IN",
    "CONTRIBUTION",
    "FLOWS",
    "JACKPOT_DROP",
    "JACKPOT_PAYOUT",
    "PAYOUT",
    "RAISE",
    "RAKE",
    "RESERVE",
    "ROLL_OVER",
    "SEED",
    "SIDE_BET",
    "SIDE_BET_FLOWS",
    "TIME_COLLECTION",
    "Ledger",
]

ANTE = "ante"  #: a player's ante (initial wager) to the house or the pot
RAISE = "raise"  #: a banked game's raise wager
BET = "bet"  #: chips a poker player puts into the pot (bring-in, bets, raises)
SIDE_BET = "side_bet"  #: a progressive side bet, to the house
PAYOUT = "payout"  #: the house or the pot paying a player (wagers returned included)
CONTRIBUTION = "contribution"  #: the share of a side bet that feeds the visible meter
RESERVE = "reserve_contribution"  #: the share of a side bet that feeds the reserve
AWARD = "award"  #: a progressive award: fixed (from the house) or a meter share
SEED = "seed_funding"  #: the reserve funding a meter's seed after a reset or a top-up
ADVANCE = "house_advance"  #: the house lending the reserve what it lacks for a seed
ROLL_OVER = "reserve_roll_over"  #: reserve beyond the next seed, rolled into the new meter
RAKE = "rake"  #: the house's take from a pot
JACKPOT_DROP = "jackpot_drop"  #: players' money taken from a pot into a jackpot fund
TIME_COLLECTION = "time_collection"  #: a seat's fee per half hour on the clock
JACKPOT_PAYOUT = "jackpot_payout"  #: a jackpot fund paying players
BUY_IN = "buy_in"  #: cash exchanged for chips (the drop, in the operator's word)

#: The flows of a progressive side bet (the rest are main-game or poker-room flows).
SIDE_BET_FLOWS = (SIDE_BET, CONTRIBUTION, RESERVE, AWARD, SEED, ADVANCE, ROLL_OVER)

#: Every flow name, in the order reports list them.
FLOWS = (ANTE, RAISE, BET, SIDE_BET, PAYOUT, CONTRIBUTION, RESERVE, AWARD, SEED, ADVANCE,
         ROLL_OVER, RAKE, JACKPOT_DROP, TIME_COLLECTION, JACKPOT_PAYOUT, BUY_IN)  # fmt: skip


@dataclass
class Ledger:
    """Totals of every (flow, source, target) in cents; merging two ledgers adds them."""

    flows: dict[tuple[str, str, str], int] = field(default_factory=lambda: defaultdict(int))

    def post(self, flow: str, source: str, target: str, cents: int) -> None:
        """Move ``cents`` (a whole number, >= 0) from ``source`` to ``target`` as ``flow``."""
        if flow not in FLOWS:
            raise LedgerError(f"ledger: unknown flow {flow!r}")
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise LedgerError(f"ledger: {flow} must be a whole number of cents >= 0, got {cents!r}")
        if source == target:
            raise LedgerError(f"ledger: {flow} from {source} to itself")
        if cents:
            self.flows[flow, source, target] += cents

    def balance(self, account: str, *, flows: Collection[str] | None = None) -> int:
        """Cents that flowed into ``account`` less cents that flowed out (only ``flows`` if given).

        >>> ledger = Ledger()
        >>> ledger.post(ANTE, "players", "house", 500)
        >>> ledger.post(SIDE_BET, "players", "house", 100)
        >>> ledger.balance("house"), ledger.balance("house", flows=[SIDE_BET])
        (600, 100)
        """
        return sum(
            (cents if target == account else 0) - (cents if source == account else 0)
            for (name, source, target), cents in self.flows.items()
            if flows is None or name in flows
        )

    def balances(self) -> dict[str, int]:
        """Every account's balance (they sum to zero)."""
        result: dict[str, int] = defaultdict(int)
        for (_, source, target), cents in self.flows.items():
            result[source] -= cents
            result[target] += cents
        return dict(sorted(result.items()))

    def total(self, flow: str, *, source: str | None = None, target: str | None = None) -> int:
        """Cents moved as ``flow``, optionally only from ``source`` and/or to ``target``."""
        return sum(
            cents
            for (name, src, dst), cents in self.flows.items()
            if name == flow and source in (None, src) and target in (None, dst)
        )

    def merge(self, other: Ledger) -> Ledger:
        """A new ledger holding both ledgers' flows (chunks merge in order; sums commute)."""
        merged = Ledger()
        for ledger in (self, other):
            for key, cents in ledger.flows.items():
                merged.flows[key] += cents
        return merged

    def reconcile(self, expected: Mapping[str, int]) -> None:
        """Check the balances sum to zero and equal ``expected`` (account -> cents) to the cent."""
        balances = self.balances()
        if sum(balances.values()) != 0:  # impossible by construction; a guard against edits
            raise LedgerError(f"ledger: balances sum to {sum(balances.values())} cents, not 0")
        for account, cents in expected.items():
            found = balances.get(account, 0)
            if found != cents:
                raise LedgerError(
                    f"ledger: account {account} holds {found} cents, expected {cents}"
                )

    def to_record(self) -> dict[str, Any]:
        """JSON-ready: every flow, every balance, and the check that they sum to zero."""
        order = {name: i for i, name in enumerate(FLOWS)}
        flows = sorted(self.flows.items(), key=lambda item: (order[item[0][0]], item[0][1:]))
        balances = self.balances()
        return {
            "unit": "cents",
            "flows": [
                {"flow": name, "from": source, "to": target, "cents": cents}
                for (name, source, target), cents in flows
            ],
            "balances": balances,
            "balanced": sum(balances.values()) == 0,
        }
