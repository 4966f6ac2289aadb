"""A progressive with seed 0 and a reserve on the floor: every full-meter award resets the meter
and rolls the reserve over, so meter and reserve stay bounded and the reserve ends with the
players (issue 22, item 4; ``docs/money.md``)."""

from __future__ import annotations

import itertools
from pathlib import Path

from casino_sim.config.floor_loader import load_floor
from casino_sim.engine.ledger import ADVANCE, AWARD, CONTRIBUTION, RESERVE, ROLL_OVER, SEED
from casino_sim.floor.results import ReplicationResult
from casino_sim.floor.simulate import simulate_floor

DATA = Path(__file__).parent / "data"


def test_a_seed_zero_meter_resets_at_every_full_hit_and_its_reserve_reaches_the_players():
    """One seat, a round a second, a side bet every round; seed-zero-meter.yaml: 50 cents of
    each $1 to the meter, 20 to the reserve, seed 0, full house or better takes the whole meter.

    Each full hit pays the meter and rolls the whole reserve into the new meter, so the meter
    just before hit k holds the reserve of cycle k-1 and the contributions of cycle k, to the
    cent: 20 x (rounds of cycle k-1) + 50 x (rounds of cycle k). The reserve at the end holds
    only what came after the last hit; the ledger's reserve went to the meter and its awards.
    """
    runs: list[ReplicationResult] = []
    simulate_floor(
        load_floor(DATA / "seed-zero-reserve.yaml"),
        days=1,
        replications=2,
        seed=5,
        on_replication=lambda _, run: runs.append(run),
    )
    for run in runs:
        meter, ledger = run.meters["meter"], run.ledger
        times = [h.time for h in meter.hits]
        assert len(times) > 100  # about one full hit in 590 rounds: 146 a day
        rounds = [round(b - a) for a, b in itertools.pairwise(times)]
        for k in range(2, len(times)):
            assert meter.hits[k].meter_before == 20 * rounds[k - 2] + 50 * rounds[k - 1]
            assert meter.hits[k].amount == meter.hits[k].meter_before
        reserve = ledger.balance("reserve:meter")
        assert 0 <= reserve <= 20 * (86_400 - times[-1] + 1)  # only since the last reset
        assert max(meter.path) <= 70 * 2 * max(rounds)
        paid = ledger.total(AWARD, source="meter:meter")
        assert paid == sum(h.amount for h in meter.hits)
        assert ledger.total(RESERVE) == ledger.total(ROLL_OVER) + reserve
        assert ledger.total(CONTRIBUTION) + ledger.total(ROLL_OVER) - paid == meter.end_meter
        assert ledger.total(SEED) == ledger.total(ADVANCE) == meter.house_funded == 0
