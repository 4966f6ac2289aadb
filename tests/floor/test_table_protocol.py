"""Every floor table keeps the :class:`~casino_sim.floor.tables.FloorTable` protocol: a visit
seated at any table can stand up before its own time, and its session's money and rounds
reach the log."""

from __future__ import annotations

import math

import numpy as np
import pytest

from casino_sim.config import load_floor
from casino_sim.floor.plan import prepare_floor
from casino_sim.floor.run import _Floor
from casino_sim.floor.tables import FloorTable


@pytest.fixture(scope="session")
def floor() -> _Floor:
    plan = prepare_floor(load_floor("floors/pit"), days=1)
    return _Floor(plan, 0, np.random.SeedSequence(5))


def test_every_table_keeps_the_protocol() -> None:
    plan = prepare_floor(load_floor("floors/casino"), days=1)
    tables = _Floor(plan, 0, np.random.SeedSequence(5)).tables
    verbs = [name for name in dir(FloorTable) if not name.startswith("_")]
    assert {"seat", "unseat", "advance", "set_hours", "close", "flush", "free_seats"} <= set(verbs)
    kinds = {type(table).__name__ for table in tables}
    assert len(kinds) == 2  # a Caribbean pit and a stud card room
    missing = [(type(t).__name__, v) for t in tables for v in verbs if not hasattr(t, v)]
    assert missing == []


def test_a_caribbean_visit_stands_up_before_its_time(floor: _Floor) -> None:
    group = floor.groups["pit"]
    table = group.tables[0]
    t = 3600.0
    table.set_hours(0.0, open_=True, dealing=True, pause=10 * 3600.0)
    seats = table.free_seats(t)
    visit = floor.open_visit(0, leaves_at=8 * 3600.0)
    bet = group.stake(0, t)  # the player type's ante at this pit's minimum
    assert bet == 500  # the pit's recreational player bets the $5 minimum
    group.terms(visit, table, False, bet)  # its rule and ante at this pit
    table.seat(visit, t)
    assert table.free_seats(t) == seats - 1
    table.unseat(visit, 2 * 3600.0)  # an hour of rounds, then up
    assert table.free_seats(2 * 3600.0) == seats
    hands = floor.log.hands[visit.session]
    assert hands > 20  # about 60 rounds an hour at a full table, more when short-handed
    assert floor.log.drop[visit.session] == visit.buy_ins > 0
    net = floor.log.net[visit.session]
    assert net != 0 and abs(net) <= visit.buy_ins * 10
    table.unseat(visit, 2.5 * 3600.0)  # gone already: nothing changes
    assert floor.log.hands[visit.session] == hands and table.free_seats(2.5 * 3600.0) == seats


def test_a_caribbean_table_seats_its_queue_as_if_advanced_at_every_arrival() -> None:
    """Players queued as they sit down (no compiled call) and seated at the next advance leave a
    table exactly as advancing it at every arrival does: the same seats free at every look,
    (a queued table counts its queue, not who left since: fewer free seats, never none when the
    other has one), and the same rounds, money, departures (sessions' ends and busts), tally
    and meter money.
    Arrivals come in bursts (several at one second), with $5 to $1,000 buy-ins."""
    plan = prepare_floor(load_floor("floors/pit"), days=1)
    floors = [_Floor(plan, 0, np.random.SeedSequence(9)) for _ in range(2)]
    rng = np.random.default_rng(4)
    times = np.sort(np.round(rng.uniform(0.0, 20 * 3600.0, 150), -2))  # bursts: 100 s steps
    lengths, kinds = rng.exponential(3600.0, 150), rng.integers(0, 2, 150)
    chips, sides = rng.choice([500, 2_000, 100_000], 150), rng.random(150) < 0.5
    free = []
    for queued, floor in enumerate(floors):
        group = floor.groups["pit"]
        table = group.tables[0]
        table.set_hours(0.0, open_=True, dealing=True, pause=23 * 3600.0)
        looks = []
        for t, length, k, cents, side in zip(times, lengths, kinds, chips, sides, strict=True):
            looks.append(table.free_seats(t) > 0)
            if not looks[-1]:
                continue
            visit = floor.open_visit(int(k), leaves_at=t + length)
            group.terms(visit, table, bool(side), int(group.stake(int(k), t)))
            visit.buy_ins = int(cents)
            if not queued:
                table.advance(t)
            table.seat(visit, t)
        table.advance(22 * 3600.0)
        table.flush()
        floor.meters["pit-progressive"].settle(math.inf)
        free.append(looks)
    (a, b), (meter_a, meter_b) = floors, (f.meters["pit-progressive"] for f in floors)
    assert free[0] == free[1] and False in free[0] and sum(free[0]) > 100
    np.testing.assert_array_equal(a.tables[0].tally.rows, b.tables[0].tally.rows)
    assert (a.log.net, a.log.hands, a.log.drop) == (b.log.net, b.log.hands, b.log.drop)
    assert a.log.drop.count(500) > 5 and min(a.log.hands) > 0  # $5 buy-ins: one round, bust
    assert meter_a.bets == meter_b.bets > 0 and meter_a.hits == meter_b.hits
    assert meter_a.liability == meter_b.liability
