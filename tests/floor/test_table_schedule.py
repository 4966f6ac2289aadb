"""A banked group's ``schedule:``: tables open by block of hours and weekday (issue 27, part 2).

Every table in every block gives the figures of no schedule to the cent; with a constant
demand the players turned away are Erlang's loss formula for the scheduled seats; the open
table-hours and the dealer starts count the scheduled tables; a bad schedule is one line.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import load_floor, load_text
from casino_sim.config.floor_schedule import TableSchedule
from casino_sim.config.hours import OpenHours
from casino_sim.config.problems import ConfigError
from casino_sim.engine.stats import t_quantile
from casino_sim.floor.costs import openings
from casino_sim.floor.schedule import scheduled_tables
from casino_sim.floor.simulate import simulate_floor
from tests.floor.queueing import erlang_b


def _with(floor, **changes):
    """``floor`` with every table group changed (dataclasses.replace) and, optionally, traffic."""
    traffic = changes.pop("traffic", None)
    tables = tuple(dataclasses.replace(t, **changes) for t in floor.definition.tables)
    definition = dataclasses.replace(floor.definition, tables=tables)
    if traffic is not None:
        definition = dataclasses.replace(definition, traffic=traffic)
    return dataclasses.replace(floor, definition=definition)


def test_every_table_in_every_block_is_no_schedule_to_the_cent():
    floor = load_floor("floors/pit")
    full = _with(floor, schedule=TableSchedule(starts=(0, 9), every_day=(6, 6)))
    a = simulate_floor(floor, days=2, replications=2, seed=11, workers=1).to_record()
    b = simulate_floor(full, days=2, replications=2, seed=11, workers=1).to_record()
    assert a["groups"] == b["groups"] and a["players"] == b["players"]


def test_a_constant_demand_is_turned_away_as_erlangs_loss_formula():
    """3 of 12 tables open (21 seats), Poisson arrivals 20 an hour, sessions of mean 60 and 90
    minutes (0.7 / 0.3): 23 erlangs, any session distribution (Erlang's formula is insensitive)."""
    floor = load_floor("floors/counts-pit")
    traffic = dataclasses.replace(floor.definition.traffic, hourly_profile=(Fraction(1),) * 24,
                                  weekday_multipliers=(Fraction(1),) * 7)  # fmt: skip
    scheduled = _with(floor, schedule=TableSchedule(starts=(0,), every_day=(3,)), traffic=traffic)
    shares = []

    def keep(_, result):
        shares.append(sum(result.turned_away) / sum(result.arrivals))

    simulate_floor(scheduled, days=6, replications=4, seed=2, workers=1, on_replication=keep)
    expected = erlang_b(21, 20 * (0.7 * 1 + 0.3 * 1.5))
    mean, se = np.mean(shares), np.std(shares, ddof=1) / math.sqrt(len(shares))
    assert abs(mean - expected) <= t_quantile(0.9995, len(shares) - 1) * se + 0.005, (
        mean,
        expected,
    )
    assert 0.1 < expected < 0.3  # a real test: many are turned away


def test_open_table_hours_and_dealer_starts_count_the_scheduled_tables():
    pit = load_floor("floors/pit").group("pit")
    late = dataclasses.replace(pit, open=OpenHours.parse(["18:00-04:00"]))
    constant = dataclasses.replace(late, schedule=TableSchedule(starts=(0,), every_day=(6,)))
    # a constant full schedule: the figures of the hours alone (windows past midnight too)
    assert scheduled_tables(constant, days=3, start_weekday=0) == (180.0, 24)
    assert openings(constant, days=3) == openings(late, days=3) == 24
    week = TableSchedule(starts=(0, 20), every_day=(2, 5), sunday=(1, 6))
    both = dataclasses.replace(late, schedule=week)
    # minute by minute, from Tuesday: the tables open (the clock's weekday's count while the
    # window holds), their minutes and each rise of the count
    minutes, rises, before = 0, 0, 0
    for minute in range(7 * 24 * 60):
        day, hour = divmod(minute // 60, 24)
        count = week.day((1 + day) % 7)[hour >= 20] if late.open.is_open(minute * 60) else 0
        minutes += count
        rises += max(0, count - before)
        before = count
    assert scheduled_tables(both, days=7, start_weekday=1) == (minutes / 60, rises)
    assert openings(both, days=7, start_weekday=1) == rises == 2 + 5 * 5 + 6 + 5


def test_a_scheduled_floor_reports_the_scheduled_hours_and_costs():
    floor = load_floor("floors/casino-costs")
    name = next(g.name for g in floor.definition.tables if g.game == "caribbean_stud")
    group = floor.group(name)
    week = TableSchedule(starts=(0, 14), every_day=(1, group.count))
    tables = tuple(
        dataclasses.replace(t, schedule=week) if t.name == name else t
        for t in floor.definition.tables
    )
    scheduled = dataclasses.replace(
        floor, definition=dataclasses.replace(floor.definition, tables=tables)
    )
    record = simulate_floor(scheduled, days=2, replications=2, seed=3, workers=1).to_record()
    row = record["groups"][name]
    start = floor.definition.start_weekday_index
    hours, opened = scheduled_tables(dataclasses.replace(group, schedule=week), days=2,
                                     start_weekday=start)  # fmt: skip
    assert row["open_table_hours"] == pytest.approx(hours)
    costs = floor.definition.costs
    relief = group.dealer_breaks is not None and group.dealer_breaks.relief
    labour = (
        hours
        * float(costs.dealer_per_hour)
        * float(costs.dealer_hours_per_table_hour(relief=relief))
    )
    assert row["dealer_labour"]["mean"] == pytest.approx(labour)
    assert row["dealer_starts"]["mean"] == pytest.approx(opened * float(costs.dealer_start))


@pytest.mark.parametrize(
    ("schedule", "message"),
    [
        (
            "{starts: [0, 12], every_day: [2, 7]}",
            "schedule.every_day[1]: 7 tables open, more than the group's 6",
        ),
        (
            "{starts: [1, 12], every_day: [2, 3]}",
            "schedule.starts[0]: the first block starts at hour 0",
        ),
        (
            "{starts: [0, 12, 12], every_day: [2, 3, 4]}",
            "schedule.starts[2]: expected hours increasing",
        ),
        ("{starts: [0, 12], every_day: [2]}", "schedule.every_day: 1 value(s) for 2 block(s)"),
        ("{starts: [0, 12], every_day: [2, 3], friday: [1, -1]}", "schedule.friday[1]"),
        (
            "{starts: [0], every_day: [2], fryday: [1]}",
            "unknown key 'fryday' (did you mean 'friday'?)",
        ),
    ],
)
def test_a_bad_schedule_is_one_line(schedule, message, tmp_path, capsys):
    text = load_floor("floors/pit").path.read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        text.replace("    open: always\n", f"    open: always\n    schedule: {schedule}\n")
    )
    with pytest.raises(ConfigError, match="schedule"):
        load_text(bad.read_text(), name=str(bad))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr()
    assert message in err.out + err.err, err


def test_the_report_shows_a_floors_schedule():
    from casino_sim.report.par.floor_schedule import schedule_part

    assert schedule_part(load_floor("floors/pit"), "floor-1") is None
    part = schedule_part(load_floor("floors/erlang-pit"), "floor-1")
    assert part is not None and part.title == "Table schedule"
    (table,) = part.tables
    assert [c.label for c in table.columns] == [
        "weekday",
        "00:00-08:00",
        "08:00-16:00",
        "16:00-24:00",
    ]
    assert table.rows[5] == {"weekday": "saturday", "from_00": 3, "from_08": 6, "from_16": 9}
    assert len(part.plots) == 1 and "<svg" in part.plots[0].svg
