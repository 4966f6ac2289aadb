"""Every floor table keeps the :class:`~casino_sim.floor.tables.FloorTable` protocol: a visit
seated at any table can stand up before its own time, and its session's money and rounds
reach the log."""

from __future__ import annotations

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
