"""Minimum bets by hour, the players' acceptance of them, and ``optimize --decide minimums``
(issue 27, part 2 and 3).

The closed-form case (``floors/minimums-pit``): one Caribbean Stud group, constant demand in
three 8-hour blocks, three player types who want $5, $10 and $25 and accept minimums up to
$10, $25 and any. With a minimum m the types who accept it arrive at rate lambda_m and the
seats are an Erlang loss system whose blocking is the same for every type (Poisson arrivals
see time averages), so the theoretical win an hour is each accepted type's seated rate x the
session x the rounds an hour x its bet (raised to m) x the edge. The optimizer finds the
best minimum of each block, and the floor's own figures agree with the formula.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_sim.cli import main
from casino_sim.config import load_floor, load_paytable
from casino_sim.config.floor import PlayerType
from casino_sim.config.floor_schedule import MinimumSchedule
from casino_sim.config.loader import load_text
from casino_sim.errors import ConfigError
from casino_sim.floor.optimize import OptimizeOptions
from casino_sim.floor.optimize_minimums import optimize_minimums
from casino_sim.floor.simulate import simulate_floor
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from tests.floor.queueing import erlang_b

FLOOR = "floors/minimums-pit"
LADDER = (5, 10, 15, 25)


def theoretical_win_per_hour(floor, rate: float, minimum: float) -> float:
    """The closed form: the expected theoretical win an hour at ``minimum`` with ``rate``
    arrivals an hour (module docstring)."""
    group, traffic = floor.group("pit"), floor.definition.traffic
    edge = float(analyze_caribbean(load_paytable(group.paytable), "optimal").house_edge)
    rounds = 3600 / float(group.pace.seconds_per_round)
    total = sum(float(p.weight) for p in traffic.players)
    accepted = [p for p in traffic.players
                if p.max_minimum is None or minimum <= p.max_minimum]  # fmt: skip
    hours = float(traffic.players[0].session_minutes) / 60
    erlangs = rate * sum(float(p.weight) for p in accepted) / total * hours
    seated = 1 - erlang_b(group.count * group.seats, erlangs)
    return sum(rate * float(p.weight) / total * seated * hours * rounds * edge
               * max(float(p.ante), minimum) for p in accepted)  # fmt: skip


def closed_form_best() -> list[float]:
    floor = load_floor(FLOOR)
    rates = [floor.definition.traffic.rate_per_hour(start, 0) for start in (0, 8, 16)]
    return [max(LADDER, key=lambda m: theoretical_win_per_hour(floor, r, m)) for r in rates]


def test_the_closed_form_best_minimums_are_what_the_file_says():
    assert closed_form_best() == [10, 10, 25]


def test_the_closed_form_figures_docs_quote():
    """docs/floor.md (Minimums) quotes the theoretical win an hour of each block at $5, $10
    and $25."""
    floor = load_floor(FLOOR)
    quoted = {20: {5: 291, 10: 381, 25: 336}, 60: {5: 867, 10: 1133, 25: 1008},
              120: {5: 1170, 10: 1530, 25: 2013}}  # fmt: skip
    for rate, figures in quoted.items():
        for minimum, dollars in figures.items():
            assert round(theoretical_win_per_hour(floor, rate, minimum)) == dollars


def test_the_optimizer_finds_the_best_minimum_of_every_block():
    floor = load_floor(FLOOR)
    options = OptimizeOptions(groups=("pit",), block_hours=8, max_turned_away=None,
                              by_weekday=False, seed=3, decide="minimums",
                              replications=3)  # fmt: skip
    optimized = optimize_minimums(floor, options)
    chosen = optimized.schedules["pit"]
    assert (chosen == np.array(closed_form_best())[None, :]).all()
    assert (optimized.base["pit"] == 5).all() and optimized.decide == "minimums"
    gain = optimized.objective.difference
    assert gain is not None and gain.low > 0  # the fresh seed keeps the advantage
    # each schedule's objective per week against the closed form (block edges aside: a session
    # seated before a block's minimum changed keeps its bet)
    for schedule, run in ((optimized.base["pit"][0], optimized.objective.a),
                          (chosen[0], optimized.objective.b)):  # fmt: skip
        rates = [floor.definition.traffic.rate_per_hour(start, 0) for start in (0, 8, 16)]
        week = sum(theoretical_win_per_hour(floor, r, float(m)) * 8 * 7
                   for r, m in zip(rates, schedule, strict=True))  # fmt: skip
        assert run is not None and run.mean == pytest.approx(week, rel=0.03)


def test_a_priced_out_player_goes_to_the_next_game_or_is_turned_away():
    """A $5 player facing a $15 minimum passes the group over: with no other game, turned away
    and counted as priced out; the $10 and $25 players raise to (or keep) their bets."""
    floor = load_floor(FLOOR)
    group = floor.group("pit")
    fifteen = MinimumSchedule(starts=(0,), every_day=(Fraction(15),))
    tables = tuple(dataclasses.replace(g, minimums=fifteen, count=30) if g is group else g
                   for g in floor.definition.tables)  # fmt: skip
    high = dataclasses.replace(floor, definition=dataclasses.replace(floor.definition,
                                                                     tables=tables))  # fmt: skip
    players = {p["type"]: p for p in simulate_floor(high, days=1, replications=1,
                                                    seed=5).to_record()["players"]}  # fmt: skip
    five, ten, quarter = players["five-dollar"], players["ten-dollar"], players["quarter"]
    assert five["arrivals"] > 100 and five["priced_out"] == five["turned_away"] == five["arrivals"]
    assert five["sessions_played"] == 0
    assert ten["priced_out"] == quarter["priced_out"] == 0 and ten["turned_away"] == 0
    assert ten["sessions_played"] > 100 and quarter["sessions_played"] > 20


def test_a_constant_minimum_schedule_is_the_floor_without_one():
    floor = load_floor("floors/pit")
    group = floor.group("pit")
    same = MinimumSchedule(starts=(0, 12), every_day=(group.min_ante, group.min_ante))
    tables = tuple(dataclasses.replace(g, minimums=same) if g is group else g
                   for g in floor.definition.tables)  # fmt: skip
    scheduled = dataclasses.replace(floor, definition=dataclasses.replace(floor.definition,
                                                                          tables=tables))  # fmt: skip
    a = simulate_floor(floor, days=1, replications=2, seed=7).to_record()
    b = simulate_floor(scheduled, days=1, replications=2, seed=7).to_record()
    assert a["groups"]["pit"] == b["groups"]["pit"] and a["players"] == b["players"]


def test_a_bet_size_distribution_is_drawn_per_session(tmp_path):
    """The $5 type now bets $5 or $25, half its sessions each: with seats to spare (30 tables)
    every type's sessions are as long, so the mean ante of the hands dealt is (4/7 x $15 +
    2/7 x $10 + 1/7 x $25) = $15; over 3 days (about 5,000 sessions) its standard error is
    about $0.15."""
    text = load_floor(FLOOR).path.read_text()
    text = text.replace("      ante: 5\n      max_minimum: 10\n", "      bets: {5: 50%, 25: 50%}\n")
    path = tmp_path / "bets.yaml"
    path.write_text(text.replace("    count: 6\n", "    count: 30\n"))
    floor = load_floor(path)
    kind = floor.definition.traffic.players[0]
    assert kind.bets == {Fraction(5): Fraction(1, 2), Fraction(25): Fraction(1, 2)}
    assert kind.stakes_at(floor.group("pit")) == [5, 25]
    record = simulate_floor(floor, days=3, replications=1, seed=11).to_record()
    pit = record["groups"]["pit"]
    assert record["players"][0]["turned_away"] == 0
    antes = pit["theoretical_win"]["mean"] / pit["theoretical_edge_per_initial_bet"]["mean"]
    assert antes / pit["hands"]["mean"] == pytest.approx(15, abs=1.0)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("every_day: [5, 5, 5]", "every_day: [5, 5, 50]",
         "minimums.every_day[2]: a minimum of 50 is outside the group's limits 5..25"),
        ("every_day: [5, 5, 5]", "every_day: [5, 5, 5.001]",
         "minimums.every_day[2]: 5001/1000 is not a whole number of cents"),
        ("      ante: 5\n      max_minimum: 10\n", "      ante: 5\n      bets: {5: 1}\n",
         "give ante or bets, not both"),
        ("      ante: 5\n      max_minimum: 10\n", "      bets: {5: 60%, 10: 30%}\n",
         "the shares sum to 9/10, expected 1"),
        ("      ante: 5\n      max_minimum: 10\n", "      bets: {5: 50%, 50: 50%}\n",
         "bets 50 is outside group 'pit''s limits 5..25"),
        ("      max_minimum: 10\n", "      max_minimum: -10\n", "max_minimum"),
    ],
)  # fmt: skip
def test_bad_minimums_and_bets_are_one_line(old, new, message, tmp_path, capsys):
    text = load_floor(FLOOR).path.read_text()
    assert old in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(ConfigError):
        load_text(bad.read_text(), name=str(bad))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr()
    assert message in err.out + err.err, err
    printed = (err.out + err.err).strip()
    assert "Traceback" not in printed and len(printed.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--minimums", "5,10"], "--minimums: only with --decide minimums"),
        (["--decide", "minimums", "--minimums", "5,abc"], "--minimums: expected an amount"),
        (["--decide", "minimums", "--minimums", "5,100"],
         "--minimums: 100 is outside group 'pit''s limits 5..25"),
        (["--decide", "minimums", "--max-turned-away", "5%", "--replications", "2",
          "--minimums", "5", "--same-every-day"], "--max-turned-away: no schedule meets it"),
    ],
)  # fmt: skip
def test_bad_optimize_options_are_one_line(args, message, capsys):
    status = main(["optimize", FLOOR, "--block-hours", "8", "--seed", "1", *args])
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err, err


def test_the_command_writes_the_minimums_the_heat_map_and_the_json(tmp_path, capsys):
    out, heatmap, record = tmp_path / "opt.yaml", tmp_path / "minimums.svg", tmp_path / "o.json"
    status = main(["optimize", FLOOR, "--decide", "minimums", "--block-hours", "8",
                   "--same-every-day", "--replications", "2", "--max-turned-away", "100%",
                   "--minimums", "5,10,25", "--seed", "3", "--out", str(out),
                   "--heatmap", str(heatmap), "--json", str(record)])  # fmt: skip
    printed = capsys.readouterr().out
    assert status == 0 and "Optimized table minimums" in printed, printed
    assert "table minimum ($)" in printed and "25(5)" in printed
    written = load_floor(out).group("pit")
    assert written.minimums is not None and written.minimums.every_day == (10, 10, 25)
    assert written.schedule is None  # the tables stay as they were
    data = json.loads(record.read_text())
    assert data["decide"] == "minimums" and data["schedules"]["pit"][0] == [10, 10, 25]
    assert data["rows"][2] == {"group": "pit", "weekday": "monday", "hours": "16-24",
                               "base": 5.0, "minimums": 25.0}  # fmt: skip
    assert "table minimum ($)" in heatmap.read_text()


def test_the_report_shows_a_floors_minimums():
    from casino_sim.report.par.floor_schedule import schedule_part

    part = schedule_part(load_floor(FLOOR), "floor-1")
    assert part is not None and part.title == "Table schedule" and part.plots == ()
    (table,) = part.tables
    assert table.title == "pit: table minimum by weekday and block"
    assert [c.unit for c in table.columns[1:]] == ["money"] * 3
    assert table.rows[6] == {"weekday": "sunday", "from_00": 5.0, "from_08": 5.0, "from_16": 5.0}


@given(
    wanted=st.none() | st.integers(1, 10_000),
    minimum=st.integers(1, 10_000),
    most=st.none() | st.integers(1, 10_000),
)
def test_the_stake_rule(wanted, minimum, most):
    """A player bets the larger of its bet and the minimum (the minimum when it names none), and
    passes over a minimum above its max_minimum: whatever the amounts."""
    kind = PlayerType(name="p", games=("pit",),
                      max_minimum=None if most is None else Fraction(most, 100))  # fmt: skip
    want = None if wanted is None else Fraction(wanted, 100)
    stake = kind.stake(want, Fraction(minimum, 100))
    if most is not None and minimum > most:
        assert stake is None
    else:
        assert stake == max(Fraction(minimum, 100), want or 0)
        assert stake >= Fraction(minimum, 100) and (want is None or stake >= want)


def test_a_floor_whose_players_accept_any_minimum_is_warned_of(caplog):
    """The shipped casino's pit players have no max_minimum: the optimizer would raise every
    minimum to the top of the ladder, and says so before it runs; the closed-form floor's
    types have limits and get no warning."""
    from casino_sim.floor.optimize_minimums import _warn_if_nobody_is_priced_out

    with caplog.at_level("WARNING", logger="casino_sim.optimize"):
        _warn_if_nobody_is_priced_out(load_floor("floors/casino"), "pit")
        _warn_if_nobody_is_priced_out(load_floor(FLOOR), "pit")
    (record,) = caplog.records
    assert record.getMessage().startswith(
        "pit: no player type that plays it (pit-recreational, pit-regular) has a max_minimum"
    )
    assert "the highest minimum of the ladder wins in every block" in record.getMessage()
