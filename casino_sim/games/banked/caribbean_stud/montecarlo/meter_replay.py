"""The side bet's meter in the Monte Carlo: one :class:`ProgressiveMeter` carried across chunks.

The compiled kernel keeps no meter. Each chunk lists its meter-share hits
(straight flush, royal) as events: (side bets placed in the chunk up to and
including the hit's round, round, seat, hand category). :class:`MeterReplay`
takes the chunks in chunk order (the runner's ``progress`` callback) and
replays them through one meter and one ledger, exactly as one long session:
``meter.bet(k)`` for the bets since the previous event, ``meter.award(category)``,
and at the chunk's end the remaining bets. Fixed awards and envy bonuses do not
touch the meter; they are posted per chunk from the hit counts. So the side
bet's result depends on the seed alone, never on the chunk size's cut of the
meter or on the number of workers.

**Side-bet return** (to players, per money wagered; ``docs/money.md``)::

    (fixed awards + envy + meter awards paid + change in meter liability) / side-bet handle

where meter liability = meter + reserve (players' money the house holds). Its
95% interval is by batch means: per chunk, the sums of the paid part and of
the handle; the ratio of the totals, with a delta-method error from the
spread of the chunks' pairs (the meter makes rounds dependent; chunks of
2**20 rounds are long enough to treat as independent batches).

>>> import numpy as np
>>> from casino_sim.config import load_progressive
>>> replay = MeterReplay(load_progressive("progressives/50-75-100"), betting_seats=1)
>>> hits = np.zeros((1, 10), dtype=np.int64); hits[0, 0] = 9; hits[0, 9] = 1
>>> replay.replay_chunk(hits, [np.array([[4, 3, 0, 9]])])  # a royal on the 4th of 10 bets
>>> replay.meter_paid_cents, replay.meter.meter_cents   # 10,000 + 4 x 0.65; reset to the seed
(1000260, 1000390)
>>> replay.reconcile()
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine import stats
from casino_sim.engine.ledger import AWARD, SIDE_BET, SIDE_BET_FLOWS, Ledger
from casino_sim.engine.stats import Estimate
from casino_sim.games.banked.caribbean_stud.meter import HOUSE, PLAYERS, ProgressiveMeter

__all__ = ["MeterReplay", "MeterState"]


@dataclass(frozen=True)
class MeterState:
    """The meter at the end of a run, in cents (the operator's words: ``docs/money.md``)."""

    meter_cents: int
    reserve_cents: int
    liability_cents: int  # meter + reserve: players' money the house holds
    liability_start_cents: int  # after the opening seed
    advances_outstanding_cents: int  # house money lent to the reserve, not yet repaid
    house_funded_seeds_cents: int  # every house advance, the opening seed included

    def to_record(self) -> dict[str, Any]:
        return {
            "unit": "cents",
            "meter": self.meter_cents,
            "reserve": self.reserve_cents,
            "meter_liability": self.liability_cents,
            "meter_liability_start": self.liability_start_cents,
            "house_advances_outstanding": self.advances_outstanding_cents,
            "house_funded_seeds": self.house_funded_seeds_cents,
        }


class MeterReplay:
    """One meter and one ledger fed chunk by chunk, in chunk order; per-chunk sums for batch means."""

    def __init__(self, progressive: ProgressivePaytable, *, betting_seats: int) -> None:
        self.ledger = Ledger()
        self.meter = ProgressiveMeter(progressive, ledger=self.ledger)
        self.liability_start_cents = self.meter.liability_cents
        self._fixed = {
            CATEGORY_KEYS.index(k): cents(a.fixed) for k, a in progressive.awards.items() if a.fixed
        }
        others = max(betting_seats - 1, 0)  # an envy bonus pays every other seat with a side bet
        self._envy = {
            CATEGORY_KEYS.index(k): cents(v) * others for k, v in progressive.envy_bonuses.items()
        }
        self.handle_cents = 0
        self.fixed_paid_cents = 0
        self.envy_paid_cents = 0
        self.meter_paid_cents = 0
        self.meter_hits = 0
        self.chunk_handle_cents: list[int] = []
        self.chunk_paid_cents: list[int] = []  # fixed + envy + meter awards + liability change

    def replay_chunk(self, side_hits: np.ndarray, events: Sequence[np.ndarray]) -> None:
        """One chunk: ``side_hits`` int[seats, 10] side bets by category; ``events`` its hits."""
        hits = side_hits.sum(axis=0)
        bets = int(hits.sum())
        liability = self.meter.liability_cents
        handle = self.ledger.total(SIDE_BET)
        placed = meter_paid = 0
        for block in events:
            for count, _round, _seat, category in block.tolist():
                self.meter.bet(count - placed)
                placed = count
                meter_paid += self.meter.award(category)
                self.meter_hits += 1
        self.meter.bet(bets - placed)
        fixed = sum(int(hits[c]) * amount for c, amount in self._fixed.items())
        envy = sum(int(hits[c]) * amount for c, amount in self._envy.items())
        self.ledger.post(AWARD, HOUSE, PLAYERS, fixed + envy)
        handle = self.ledger.total(SIDE_BET) - handle
        self.handle_cents += handle
        self.fixed_paid_cents += fixed
        self.envy_paid_cents += envy
        self.meter_paid_cents += meter_paid
        self.chunk_handle_cents.append(handle)
        change = self.meter.liability_cents - liability
        self.chunk_paid_cents.append(fixed + envy + meter_paid + change)

    def side_bet_return(self) -> Estimate:
        """Return to players per money wagered, with its batch-means (per chunk) interval."""
        x = np.array(self.chunk_paid_cents, dtype=np.float64) / 100
        y = np.array(self.chunk_handle_cents, dtype=np.float64) / 100
        keep = y > 0
        x, y = x[keep], y[keep]
        if len(x) < 2:  # one batch: no spread to measure
            ratio = float(x.sum() / y.sum()) if len(x) else math.nan
            return Estimate(ratio, math.nan)
        return stats.ratio_estimate(
            n=len(x), sum_x=float(x.sum()), sum_y=float(y.sum()), sum_xx=float(x @ x),
            sum_yy=float(y @ y), sum_xy=float(x @ y),
        )  # fmt: skip

    @property
    def win_cents(self) -> int:
        """The house's side-bet result from the ledger (house-funded seeds counted as a cost)."""
        return self.ledger.balance(HOUSE, flows=SIDE_BET_FLOWS)

    def state(self) -> MeterState:
        m = self.meter
        return MeterState(
            meter_cents=m.meter_cents,
            reserve_cents=m.reserve_cents,
            liability_cents=m.liability_cents,
            liability_start_cents=self.liability_start_cents,
            advances_outstanding_cents=m.advances_cents,
            house_funded_seeds_cents=m.house_funded_cents,
        )

    def reconcile(self) -> None:
        """The ledger against the meter's state and the replay's own totals, to the cent."""
        self.meter.reconcile()
        players = self.fixed_paid_cents + self.envy_paid_cents + self.meter_paid_cents
        players -= self.handle_cents
        self.ledger.reconcile({PLAYERS: players, HOUSE: -players - self.meter.liability_cents})
        # (called before the main game is posted: then only side-bet flows are in the ledger)
