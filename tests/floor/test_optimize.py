"""``casino-sim optimize``: table schedules by marginal analysis under common random numbers
(issue 27, part 3).

The closed-form case (``floors/erlang-pit``: one game, constant demand in three blocks,
Erlang-loss seats, a fixed pace and a known edge): the optimum in each block is the table
count at which the marginal table's expected theoretical win falls below its dealer's cost,
computed here from Erlang's loss formula; the optimizer finds it in every block, and the
optimized schedule, re-run with a fresh seed, keeps its advantage within its paired interval.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import load_floor, load_paytable
from casino_sim.errors import OptionError
from casino_sim.floor.optimize import OptimizeOptions, optimize_tables
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from tests.floor.queueing import erlang_b

FLOOR = "floors/erlang-pit"
ARGS = ["--block-hours", "8", "--same-every-day", "--max-turned-away", "100%", "--seed", "3"]


def closed_form_optimum() -> list[int]:
    """Per 8-hour block: the most tables whose last one adds more theoretical win than its
    dealer costs (the seats an Erlang loss system; the marginal value falls with n)."""
    floor = load_floor(FLOOR)
    group, traffic = floor.group("pit"), floor.definition.traffic
    edge = float(analyze_caribbean(load_paytable(group.paytable), "optimal").house_edge)
    (player,) = traffic.players
    rounds_per_hour = 3600 / float(group.pace.seconds_per_round)
    per_player_hour = rounds_per_hour * float(player.ante) * edge  # theoretical win
    cost = float(floor.definition.costs.dealer_per_hour)
    best = []
    for start in (0, 8, 16):
        erlangs = traffic.rate_per_hour(start, 0) * float(player.session_minutes) / 60
        n = 0
        while n < group.count:
            gain = (
                per_player_hour
                * erlangs
                * (erlang_b(group.seats * n, erlangs) - erlang_b(group.seats * (n + 1), erlangs))
            )
            if gain <= cost:
                break
            n += 1
        best.append(n)
    return best


def test_the_closed_form_optimum_is_what_the_file_says():
    assert closed_form_optimum() == [2, 5, 10]


def test_the_docs_transcript_is_the_closed_form_case():
    """docs/floor.md runs the optimizer on this floor (tests/test_docs_commands.py runs it and
    checks every weekday's 2, 5 and 10 tables and the fresh seed's paired interval above 0)."""
    page = (Path(__file__).parents[2] / "docs" / "floor.md").read_text()
    command = "$ casino-sim optimize " + FLOOR + " " + " ".join(ARGS)
    block = page[page.index(command) :].split("```", 1)[0]
    rows = [line.split() for line in block.splitlines() if line.startswith("  ") and "(6)" in line]
    assert len(rows) == 7 and {tuple(r[1:]) for r in rows} == {("2(3)", "5(6)", "10(9)")}
    assert closed_form_optimum() == [2, 5, 10]
    paired = block.split("optimized - base ")[1].split(" paired")[0]
    assert paired.split("[")[1].startswith("$")  # the paired interval's low end is a gain


def test_the_command_writes_the_floor_the_heat_map_and_the_json(tmp_path, capsys):
    out, heatmap, record = tmp_path / "opt.yaml", tmp_path / "schedule.png", tmp_path / "o.json"
    status = main(["optimize", FLOOR, "--block-hours", "8", "--same-every-day", "--rounds", "1",
                   "--replications", "2", "--max-turned-away", "100%", "--seed", "3",
                   "--out", str(out), "--heatmap", str(heatmap), "--json", str(record)])  # fmt: skip
    printed = capsys.readouterr().out
    assert status == 0 and "Search: 1 round(s)" in printed
    data = json.loads(record.read_text())
    schedule = load_floor(out).group("pit").schedule
    assert [list(schedule.day(d)) for d in range(7)] == data["schedules"]["pit"]
    assert data["base"]["pit"] == [[3, 6, 9]] * 7 and len(data["rows"]) == 21
    assert data["evaluations"] == 6 and data["floor_years"] == pytest.approx(6 * 7 * 2 / 365)
    assert data["decisions"] == 3 and 0 <= data["undecided"] <= 3  # one per block: every day alike
    assert heatmap.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # one round from 3, 6 and 9 moves toward the optimum, never away from it
    for row in data["schedules"]["pit"]:
        moves = zip(row, [3, 6, 9], [2, 5, 10], strict=True)
        assert all(abs(n - best) <= abs(was - best) for n, was, best in moves)


def test_a_constraint_no_schedule_meets_is_one_line_with_the_best_reachable(tmp_path, capsys):
    """Every table open from the start, 120 players an hour for 84 seats: a few are turned away
    whatever the schedule, so no schedule turns none away."""
    text = (
        load_floor(FLOOR)
        .path.read_text()
        .replace("every_day: [3, 6, 9]", "every_day: [12, 12, 12]")
    )
    assert "every_day: [12, 12, 12]" in text
    full = tmp_path / "full.yaml"
    full.write_text(text)
    status = main(["optimize", str(full), "--block-hours", "8", "--same-every-day", "--days", "7",
                   "--replications", "2", "--seed", "1", "--rounds", "1",
                   "--max-turned-away", "0%"])  # fmt: skip
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert (
        "--max-turned-away: no schedule meets it in 1 block(s), e.g. pit every day 16:00-24:00"
        in err
    )
    assert "turned away with 12 of 12 tables (the best reachable: every table open)" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--block-hours", "5"], "--block-hours 5: expected one of"),
        (["--days", "10"], "--days 10: whole weeks"),
        (["--groups", "pti"], "--groups: 'pti' is not a banked table group of the floor"),
        (["--heatmap", "x.txt"], "--heatmap x.txt: a .svg, .png or .pdf file"),
        (["--budget", "soon"], "expected a time such as 15m"),
        (["--max-turned-away", "120%"], "--max-turned-away"),
    ],
)
def test_bad_options_are_one_line(args, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        status = main(["optimize", FLOOR, *args])
    except SystemExit as stop:
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and message in err, err


def test_the_optimizer_api_refuses_a_stud_group():
    floor = load_floor("floors/card-room")
    stud = next(g.name for g in floor.definition.tables if g.game == "stud")
    with pytest.raises(OptionError, match="its tables are not scheduled"):
        optimize_tables(floor, OptimizeOptions(groups=(stud,)))
