"""A banked group's waiting list (``waiting_list: true``) and ``optimize --max-wait`` (issue 27).

With Poisson arrivals, exponential sessions that start at the seat, exponential patience
and no bankroll limit, a pit with a waiting list is the M/M/c+M queue (Erlang A, c the
seats): its mean queue and the share who give up have a closed form
(tests/floor/queueing.py), which the floor's own figures must reproduce. The optimizer's
``--max-wait`` must bind where the closed form says it does.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import load_floor, load_paytable
from casino_sim.config.loader import load_text
from casino_sim.engine.stats import t_quantile
from casino_sim.floor.optimize import OptimizeOptions, evaluate
from casino_sim.floor.simulate import simulate_floor
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from tests.floor.queueing import erlang_a

FLOOR = """\
kind: floor
name: a pit with a waiting list
notes: "Assumptions: a test floor, chosen figures (Erlang A)."
days: 7
start_weekday: monday
tables:
  - game: caribbean_stud
    name: pit
    count: {count}
    paytable: caribbean_stud/standard
    seats: 7
    min_ante: 5
    max_ante: 5
    open: always
    pace: {{seconds_per_round: 60, seconds_per_player: 0, shuffle_seconds: 0}}
    waiting_list: true
{schedule}traffic:
  arrivals_per_hour: 30
  players:
    - {{name: player, games: [pit], session_minutes: 30, buy_in: null, ante: 5,
        strategy: optimal, patience_minutes: 10}}
costs:
  dealer_per_hour: 60
"""
RATE, SESSION_HOURS, PATIENCE_HOURS = 30.0, 0.5, 10 / 60


def _floor(tmp_path, count: int = 2, schedule: str = ""):
    path = tmp_path / f"pit-{count}.yaml"
    path.write_text(FLOOR.format(count=count, schedule=schedule))
    return load_floor(path)


def test_a_pit_with_a_waiting_list_is_erlang_a(tmp_path):
    """Two tables (14 seats), 15 erlangs offered: half the arrivals wait. One replication of
    14 days: the mean wait per arrival day by day (the days nearly independent: sessions are
    half an hour) against the closed form within its 99.9% interval; the share who give up
    within 2 points (the same queue, by Little's law); and the hands a session, 30 (the
    session starts at the seat: 60 rounds an hour for half an hour)."""
    floor = _floor(tmp_path)
    demand = []
    record = simulate_floor(floor, days=14, replications=1, seed=2,
                            on_replication=lambda _, r: demand.append(r.demand_by_hour["pit"]))  # fmt: skip
    daily = demand[0].reshape(14, 24, 4).sum(axis=1)  # arrivals, turned away, listed, waited
    assert daily[:, 1].sum() == 0 and daily[:, 2].sum() > 0.4 * daily[:, 0].sum()
    minutes = daily[:, 3] / 60 / daily[:, 0]
    queue, abandon = erlang_a(14, RATE, 1 / SESSION_HOURS, 1 / PATIENCE_HOURS)
    half = t_quantile(0.9995, 13) * minutes.std(ddof=1) / math.sqrt(14)
    assert abs(minutes.mean() - 60 * queue / RATE) < half, (minutes.mean(), 60 * queue / RATE)
    (player,) = record.to_record()["players"]
    assert player["gave_up_waiting_share"] == pytest.approx(abandon, abs=0.02)
    assert player["mean_hands"] == pytest.approx(30, abs=1.0)
    assert record.to_record()["groups"]["pit"]["occupancy"]["mean"] > 0.8


def _net_per_hour(tables: int) -> float:
    """The closed form's theoretical net contribution an hour with ``tables`` tables: the
    seated players (arrivals less those who give up, for half an hour each) x 60 rounds x
    $5 x the edge, less $60 a table."""
    edge = float(analyze_caribbean(load_paytable("caribbean_stud/standard"), "optimal").house_edge)
    _, abandon = erlang_a(7 * tables, RATE, 1 / SESSION_HOURS, 1 / PATIENCE_HOURS)
    return RATE * (1 - abandon) * SESSION_HOURS * 60 * 5 * edge - 60 * tables


def test_max_wait_binds_where_the_closed_form_says(tmp_path, capsys):
    """Two tables make the most ($76 an hour against $52 with three) but keep an arrival
    waiting 1.7 minutes on average; with --max-wait 0.5m the optimizer keeps three (its
    start), where the mean wait is about 0.1 minute."""
    nets = {n: _net_per_hour(n) for n in (2, 3, 4)}
    assert max(nets, key=lambda n: nets[n]) == 2
    assert (round(nets[2]), round(nets[3])) == (76, 52)  # docs/floor.md quotes them
    assert round(60 * erlang_a(14, RATE, 2, 6)[0] / RATE, 2) == 1.66
    assert (
        60 * erlang_a(14, RATE, 2, 6)[0] / RATE
        > 1.5
        > 0.5
        > 60 * erlang_a(21, RATE, 2, 6)[0] / RATE
    )
    floor = _floor(tmp_path, count=4, schedule="    schedule: {starts: [0], every_day: [3]}\n")
    # the simulation agrees: two tables make more, and keep arrivals waiting too long
    options = OptimizeOptions(groups=("pit",), block_hours=24, replications=2, seed=1)
    two, three = (evaluate(floor, {"pit": np.full((7, 1), n)}, options, seed=1) for n in (2, 3))
    assert two.objective["pit"].sum() > three.objective["pit"].sum()
    assert two.mean_wait("pit").mean() > 60 > 30 > three.mean_wait("pit").mean()
    argv = ["optimize", str(tmp_path / "pit-4.yaml"), "--block-hours", "24", "--same-every-day",
            "--max-turned-away", "100%", "--replications", "2", "--seed", "1"]  # fmt: skip
    assert main([*argv, "--max-wait", "0.5m"]) == 0
    printed = capsys.readouterr().out
    assert "a mean wait of at most 0.5 minutes" in printed
    rows = [line.split() for line in printed.splitlines() if line.startswith("  monday")]
    assert rows == [["monday", "3"]], printed
    wait = next(line for line in printed.splitlines() if "mean wait at pit" in line)
    assert "base 0.1" in wait or "base 0.0" in wait, wait


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("waiting_list: true", "waiting_list: yes", "waiting_list"),
        ("patience_minutes: 10", "patience_minutes: 0", "patience_minutes"),
    ],
)
def test_a_bad_waiting_list_is_one_line(old, new, message, tmp_path, capsys):
    text = FLOOR.format(count=2, schedule="").replace(old, new)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(Exception, match=message):
        load_text(text, name=str(path))
    assert main(["validate", str(path)]) == 2
    printed = (capsys.readouterr().out).strip()
    assert message in printed and len(printed.splitlines()) == 1
