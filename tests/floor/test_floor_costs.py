"""The floor file's ``costs:`` block: net contribution = win - gaming tax - dealers - comps.

Each cost is checked against its definition by hand (open table-hours x wage x
relief, openings x start cost, tax x win, comps x theoretical win) for every
group and replication of ``floors/casino-costs``; a floor without the block
shows none of it; the figures reach the text, JSON, CSV, the PAR report's floor
section and ``floor compare``; a bad block is one line with file, line and key.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_floor
from casino_sim.config.floor import Costs, OpenHours
from casino_sim.floor.compare import compare_floors
from casino_sim.floor.costs import COST_FIGURES, openings
from casino_sim.floor.simulate import simulate_floor
from casino_sim.report.floor import format_floor, group_rows
from casino_sim.report.par.floor import FloorRun, floor_section
from casino_sim.report.par.inputs import FloorInput

DAYS, REPLICATIONS, SEED = 2, 3, 11


@pytest.fixture(scope="module")
def run():
    floor = load_floor("floors/casino-costs")
    summary = simulate_floor(floor, days=DAYS, replications=REPLICATIONS, seed=SEED, workers=1)
    return floor, summary, summary.result()


def test_every_cost_is_its_definition(run):
    floor, summary, result = run
    costs = floor.definition.costs
    assert costs == Costs(dealer_per_hour=Fraction(32), relief_tables=3,
                          dealer_start=Fraction(25), gaming_tax=Fraction(8, 100),
                          comps=Fraction(1, 5))  # fmt: skip
    total_net = np.zeros(REPLICATIONS)
    for group in floor.definition.tables:
        figures = summary.group_per_replication(group.name)
        hours = result.groups[group.name].open_table_hours
        win = figures["win"]
        assert group.dealer_breaks is not None and group.dealer_breaks.relief  # relief: 1 + 1/3
        assert figures["dealer_labour"] == pytest.approx(np.full(REPLICATIONS, hours * 32 * 4 / 3))
        starts = openings(group, days=DAYS) * 25
        assert figures["dealer_starts"] == pytest.approx(np.full(REPLICATIONS, starts))
        assert figures["gaming_tax"] == pytest.approx(0.08 * win)
        theo = figures.get("theoretical_win", win)  # a poker game: its rake
        assert figures["comps"] == pytest.approx(0.2 * theo)
        net = win - 0.08 * win - hours * 32 * 4 / 3 - starts - 0.2 * theo
        assert figures["net_contribution"] == pytest.approx(net)
        assert figures["net_contribution_per_day"] == pytest.approx(net / DAYS)
        assert figures["net_contribution_per_table_hour"] == pytest.approx(net / hours)
        total_net += net / DAYS
        for key in COST_FIGURES:
            assert result.groups[group.name].figures[key].n == REPLICATIONS
    assert result.floor.net_contribution_per_day.mean == pytest.approx(total_net.mean())
    assert "theoretical_win" in summary.group_per_replication("pit")


@pytest.mark.parametrize(
    ("hours", "count", "days", "expected"),
    [
        ("always", 6, 30, 6),
        (["10:00-22:00"], 2, 30, 60),
        (["18:00-04:00"], 2, 30, 62),  # open at time 0 from the day before: one more opening
        (["00:00-06:00", "12:00-18:00"], 3, 7, 42),
    ],
)
def test_openings(hours, count, days, expected):
    class Group:
        open = OpenHours.parse(hours)

    Group.count = count
    assert openings(Group, days=days) == expected


@pytest.mark.parametrize(
    ("costs", "relief", "expected"),
    [
        (Costs(relief_tables=4), True, Fraction(5, 4)),
        (Costs(relief_tables=4), False, Fraction(1)),
        (Costs(relief_factor=Fraction(13, 10)), True, Fraction(13, 10)),
        (Costs(), True, Fraction(1)),
    ],
)
def test_dealer_hours_per_table_hour(costs, relief, expected):
    assert costs.dealer_hours_per_table_hour(relief=relief) == expected


def test_without_costs_nothing_is_added():
    floor = load_floor("floors/pit")
    result = simulate_floor(floor, days=1, replications=2, seed=1).result()
    assert floor.definition.costs is None
    assert "net_contribution_per_day" not in result.to_record()["floor"]
    assert not set(COST_FIGURES) & set(result.groups["pit"].figures)
    assert "net contribution" not in format_floor(result, name="pit", seed=1)
    assert not any("net_contribution" in key for key in group_rows(result)[0])


def test_the_outputs_show_net_contribution(run, tmp_path, capsys):
    floor, summary, result = run
    text = format_floor(result, name=floor.definition.name, seed=SEED)
    assert "Net contribution per day: " in text
    for label in ("gaming tax per day", "dealer labour per day (relief included)",
                  "dealer starts per day (table openings)", "comps per day",
                  "net contribution per day", "net contribution per table-hour"):  # fmt: skip
        assert text.count(label) == len(floor.definition.tables), label
    rows = group_rows(result)
    assert rows[0]["net_contribution_per_table_hour_mean"] == pytest.approx(
        result.groups["pit"].net_contribution_per_table_hour.mean
    )
    par = floor_section(FloorInput(floor.path, floor),
                        FloorRun(summary, result, DAYS, REPLICATIONS, SEED, 1), index=0)  # fmt: skip
    keys = {f.key for part in par.parts for f in part.figures}
    assert {"net_contribution_per_day", "pit_net_contribution", "pit_dealer_labour",
            "stud-5-10_net_contribution_per_table_hour"} <= keys  # fmt: skip
    out, table = tmp_path / "c.json", tmp_path / "c.csv"
    assert main(["floor", "floors/casino-costs", "--days", "1", "--replications", "2",
                 "--seed", "1", "--quiet", "--json", str(out), "--csv", str(table)]) == 0  # fmt: skip
    record = json.loads(out.read_text())
    assert record["definition"]["costs"]["gaming_tax"] == 0.08
    assert record["floor"]["net_contribution_per_day"]["n"] == 2
    assert "net_contribution_low" in next(csv.DictReader(io.StringIO(table.read_text())))
    assert "net contribution per day" in capsys.readouterr().out


def test_compare_pairs_net_contribution(tmp_path):
    text = (PAYTABLE_DIR / "floors" / "pit.yaml").read_text()
    costs = "costs: {dealer_per_hour: 30, relief_factor: 1.25, gaming_tax: 10%}\n"
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(text + costs)
    b.write_text(text.replace("    count: 6\n", "    count: 7\n") + costs)
    c = compare_floors(load_floor(a), load_floor(b), days=1, replications=4, seed=2)
    labour = c.figure("group", "pit", "dealer_labour").difference
    assert labour.mean == pytest.approx(24 * 30 * 1.25) and labour.se == 0  # one more table-day
    net = c.figure("floor", "", "net_contribution_per_day")
    assert net.difference is not None and net.unpaired is not None


def _with(tmp_path: Path, block: str) -> Path:
    path = tmp_path / "floor.yaml"
    path.write_text((PAYTABLE_DIR / "floors" / "pit.yaml").read_text() + block)
    return path


@pytest.mark.parametrize(
    ("block", "key", "message"),
    [
        ("costs:\n  dealer_per_hour: -5\n", "costs.dealer_per_hour", "expected money >= 0"),
        ("costs:\n  gaming_tax: 108%\n", "costs.gaming_tax", "expected a share between 0 and 1"),
        ("costs:\n  relief_tables: 3\n  relief_factor: 1.2\n", "costs.relief_factor", "not both"),
        ("costs:\n  relief_factor: 0.5\n", "costs.relief_factor", "at least 1"),
        ("costs:\n  comp: 20%\n", "costs.comp", "did you mean 'comps'"),
        ("costs:\n  relief_tables: 0\n", "costs.relief_tables", ""),
    ],
)
def test_a_bad_costs_block_is_one_line_with_file_line_and_key(
    block, key, message, tmp_path, capsys
):
    path = _with(tmp_path, block)
    line = len(path.read_text().splitlines())  # each block's bad key is on its last line
    assert main(["floor", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:{line}: {key}" in err and message in err, err
