"""The floor's facade and typed results (issue 24, item 5): ``from casino_sim.floor import
load_floor, simulate_floor``; a typed result read by attribute whose ``to_record()`` is the
JSON data; the three simulations take the same keywords; ``dir(casino_sim)`` lists its exports;
every floor table keeps the one protocol."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from casino_sim.floor.figures import FloorResult, GroupResult, Interval


@pytest.fixture(scope="session")
def summary():
    from casino_sim.floor import load_floor, simulate_floor

    return simulate_floor(load_floor("floors/casino"), days=1, replications=2, seed=4, workers=1)


def test_the_result_is_typed_and_its_record_is_the_json_data(summary):
    result = summary.result()
    assert isinstance(result, FloorResult) and result.seed == 4
    pit, stud = result.groups["pit"], result.groups["stud-5-10"]
    assert isinstance(pit, GroupResult) and isinstance(pit.win_per_table_hour, Interval)
    assert pit.house_edge_per_initial_bet.n == 2  # a game's own figure, by attribute
    assert stud.house_fee in ("percent", "drop", "time", "none")  # a rule, by attribute
    with pytest.raises(AttributeError, match="no figure"):
        _ = stud.house_edge_per_initial_bet
    record = summary.to_record()
    assert result.to_record() == record
    assert FloorResult.from_record(record).to_record() == record
    assert "Interval(" in repr(pit) and "FloorResult(1 day(s) x 2" in repr(result)


def test_every_part_is_typed_and_read_by_attribute(summary):
    from casino_sim.floor.figures import (
        ByDay,
        Count,
        Flag,
        HandHits,
        HourOfDay,
        MeterResult,
        PlayerTypeResult,
        Share,
        TableResult,
    )

    result = summary.result()
    assert isinstance(result.floor.losing_run_probability, Share)
    assert all(isinstance(flag, Flag) for flag in result.flags)
    meter = result.meters["pit-progressive"]
    assert isinstance(meter, MeterResult) and meter.name == "pit-progressive"
    assert meter.kind == "progressive" and isinstance(meter.side_bet_handle, Interval)
    assert result.meters["card-room-bad-beat"].side_bet_handle is None
    assert len(meter.mean_path) == len(meter.grid_hours) == len(meter.bands["p5"])
    assert "MeterResult('pit-progressive': progressive" in repr(meter)
    players = result.players
    assert all(isinstance(p, PlayerTypeResult) for p in players)
    assert sum(p.arrivals for p in players) > 0
    assert [p.name for p in players] == [p["type"] for p in summary.to_record()["players"]]
    hours = result.by_hour_of_day
    assert all(isinstance(h, HourOfDay) and len(h.occupancy) == 24 for h in hours.values())
    assert hours["pit"].waiting_list is None and hours["stud-5-10"].waiting_list is not None
    assert all(isinstance(d, ByDay) and len(d.win) == 1 for d in result.by_day.values())
    assert all(isinstance(t, TableResult) for t in result.tables)
    assert [t.group for t in result.tables].count("pit") == result.groups["pit"].tables
    # a meter that hits: its hits by hand are typed too (Count, Spread, Share by days)
    figures = _baseline("frequent-meter")
    hits = FloorResult.from_record(figures).meters["progressive"].hits
    for hand in hits.values():
        assert isinstance(hand, HandHits) and isinstance(hand.hits_per_replication, Count)
        assert hand.hits_per_replication.method == "exact Poisson"
        assert isinstance(hand.probability_within_days["1"], Share)
        assert hand.meter_at_hit.percentiles.keys() == {"p5", "p25", "p50", "p75", "p95"}


def _baseline(name):
    return json.loads((Path(__file__).parent / "data" / "figures" / f"{name}.json").read_text())[
        "json"
    ]


@pytest.mark.parametrize("name", ["casino", "frequent-meter"])
def test_a_json_file_reads_back_to_the_same_data(name):
    """``--json`` data (NaN written as null) read into a typed result gives the same data back,
    key for key, in order."""
    data = _baseline(name)
    again = FloorResult.from_record(data).to_record()
    assert list(again) == [k for k in data if k in again]
    assert {k: data[k] for k in again} == again
    assert json.dumps(again) == json.dumps({k: data[k] for k in again})


def test_the_simulations_take_the_same_keywords():
    from casino_sim.caribbean_stud import simulate_caribbean
    from casino_sim.floor import simulate_floor
    from casino_sim.poker_room import simulate_stud

    for function in (simulate_caribbean, simulate_stud, simulate_floor):
        parameters = inspect.signature(function).parameters
        for name in ("seed", "workers", "progress"):
            assert parameters[name].default is None, (function.__name__, name)
            assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY


def test_dir_lists_the_exports():
    import casino_sim.floor

    assert set(casino_sim.__all__) <= set(dir(casino_sim))
    assert {"load_floor", "simulate_floor", "register_game", "FloorTable"} <= set(
        dir(casino_sim.floor)
    )
    assert casino_sim.floor.simulate_floor.__module__ == "casino_sim.floor.simulate"


def test_the_registry_names_the_shipped_games():
    from casino_sim.floor.registry import GAMES, game_of

    assert {"caribbean_stud", "stud"} <= set(GAMES)
    assert game_of("caribbean_stud").label == "Caribbean Stud" and game_of("stud").label == "stud"
    with pytest.raises(KeyError, match="no floor game 'keno'"):
        game_of("keno")
