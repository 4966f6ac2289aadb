"""The main game's money in the ledger: antes, raises and payouts from the outcome counts.

Every seat's outcome counts are exact integers, and each outcome's stake and
payout are exact (the paytable's nets at the seat's ante, the payout cap
included; a fraction of a cent is rounded down, the house keeping the
breakage), so the main game's flows are posted once, after the run, in
integer cents. They are checked against the compiled loop's own sum of the
house's result.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from casino_sim.engine.ledger import ANTE, PAYOUT, RAISE, Ledger
from casino_sim.errors import LedgerError
from casino_sim.games.banked.caribbean_stud.montecarlo.config import CaribbeanSimConfig
from casino_sim.games.banked.caribbean_stud.rules import net_antes, wager_antes

__all__ = ["post_main_game"]


def post_main_game(
    ledger: Ledger, config: CaribbeanSimConfig, counts: np.ndarray, house_result: float
) -> None:
    """Post every seat's antes, raises and payouts; ``house_result`` is the loop's float total."""
    wagers = wager_antes(config.paytable)
    house_cents = 0
    for s, seat in enumerate(config.seats):
        ante = Fraction(seat.ante) * 100
        nets = net_antes(config.paytable, ante=Fraction(seat.ante))
        row = [int(c) for c in counts[s]]
        antes = int(ante) * sum(row)
        staked = sum(n * int(ante * w) for n, w in zip(row, wagers, strict=True))
        paid = sum(n * int(ante * (w + net)) for n, w, net in zip(row, wagers, nets, strict=True))
        ledger.post(ANTE, "players", "house", antes)
        ledger.post(RAISE, "players", "house", staked - antes)
        ledger.post(PAYOUT, "house", "players", paid)
        house_cents += staked - paid
    # breakage is under a cent a hand; the loop's float sum is good to about 1e-9 relative
    tolerance = 0.01 * int(counts.sum()) + 1e-9 * abs(house_result)
    if abs(house_cents / 100 - house_result) > tolerance:
        raise LedgerError(
            f"ledger: the main game's house result is {house_cents / 100:.2f} from the counts "
            f"but {house_result:.2f} from the compiled loop"
        )
