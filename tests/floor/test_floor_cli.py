"""``casino-sim floor``: shipped floors, the paytable shortcut, JSON, CSV, plots, bad input.

Every run is short (1-2 days, 2 replications); the whole file takes well under a minute.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_floor
from casino_sim.engine.files import MANIFEST
from casino_sim.errors import OptionError
from casino_sim.floor.simulate import simulate_floor
from casino_sim.report.floor import format_floor, json_ready
from casino_sim.report.floor_plots import PLOT_FORMATS, floor_plots

QUICK = ["--days", "1", "--replications", "2", "--seed", "1", "--quiet"]
PLOTS = ("meters", "daily-win", "hour-of-day")


def _status(args: list[str]) -> int:
    """main's exit status, whether it returns it or argparse exits with it."""
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code or 0)


def _strict_json(path) -> dict:
    """The file as JSON, refusing NaN and Infinity (not JSON)."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in {path}")

    return json.loads(path.read_text(), parse_constant=refuse)


def _figures(node, path=""):
    """Every ``{"mean", "low", "high", ...}`` figure in a record, with where it is."""
    if isinstance(node, dict):
        if {"mean", "low", "high"} <= set(node):
            yield path, node
        for key, value in node.items():
            yield from _figures(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _figures(value, f"{path}[{i}]")


@pytest.fixture(scope="session")
def casino():
    """Two one-day replications of the shipped casino: the summary and its record."""
    summary = simulate_floor(load_floor("floors/casino"), days=1, replications=2, seed=1)
    return summary, summary.to_record()


@pytest.mark.parametrize(
    ("floor", "days"), [("floors/pit", 1), ("floors/card-room", 2), ("floors/casino", 1)]
)
def test_shipped_floors_give_sane_json(floor, days, tmp_path, capsys):
    out = tmp_path / "floor.json"
    args = ["floor", floor, "--days", str(days), "--replications", "2", "--seed", "1", "--quiet"]
    assert main([*args, "--json", str(out)]) == 0
    text = capsys.readouterr().out
    record = _strict_json(out)
    definition = load_floor(floor).definition
    assert record["definition"]["name"] == definition.name
    assert (record["days"], record["replications"], record["workers"]) == (days, 2, 1)
    assert record["provenance"]["seed"] == 1 and "seed 1" in text
    assert record["provenance"]["inputs"]["floor"]["sha256"]
    assert list(record["groups"]) == [g.name for g in definition.tables]
    for name, group in record["groups"].items():
        assert name in text
        assert group["tables"] == definition.groups[name].count
        assert 0 <= group["occupancy"]["mean"] <= 1
        assert group["win"]["n"] == 2 and math.isfinite(group["win"]["mean"])
        assert 0 <= group["daily_win_per_table"]["losing_day_probability"]["mean"] <= 1
        if group["game"] == "caribbean_stud":
            assert 0.03 < group["theoretical_edge_per_initial_bet"]["mean"] < 0.08
            assert group["side_bet_handle"]["mean"] > 0
        else:
            assert group["time_collected"]["mean"] >= 0 and group["rake"]["mean"] >= 0
    assert set(record["meters"]) == set(definition.meters)
    for meter in record["meters"].values():
        assert len(meter["mean_path"]) == len(meter["grid_hours"]) == len(meter["bands"]["p5"])
        assert meter["liability_end"]["mean"] >= meter["liability_start"] > 0
    for path, figure in _figures(record):
        assert figure["low"] is None or figure["low"] <= figure["mean"] + 1e-9, path
    assert sum(p["arrivals"] for p in record["players"]) > 0
    assert "Players" in text and "Wrote JSON" in text


def test_two_workers_give_the_same_json_as_one(tmp_path):
    pit = ["caribbean_stud/standard", "--progressive", "progressives/50-75-100", "--tables", "2"]
    records = []
    for workers in ("1", "2"):
        out = tmp_path / f"workers-{workers}.json"
        assert main(["floor", *pit, *QUICK, "--workers", workers, "--json", str(out)]) == 0
        record = _strict_json(out)
        assert record.pop("workers") == int(workers)
        provenance = record.pop("provenance")
        assert provenance["elapsed_seconds"] >= 0
        assert provenance["parameters"]["workers"] == int(workers)
        records.append(record)
    assert records[0] == records[1]
    other = tmp_path / "other-seed.json"
    assert main(["floor", *pit, *QUICK, "--seed", "2", "--json", str(other)]) == 0
    assert _strict_json(other)["groups"] != records[0]["groups"]


def test_plots_are_written_with_the_folder_policy(tmp_path, capsys):
    folder = tmp_path / "plots"
    args = ["floor", "floors/card-room", *QUICK, "--plots", str(folder)]
    assert main(args) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([MANIFEST, *(f"{stem}.svg" for stem in PLOTS)])
    for stem in PLOTS:
        root = ET.parse(folder / f"{stem}.svg").getroot()  # well-formed XML
        assert root.tag.endswith("svg") and len(list(root.iter())) > 50
    assert "Wrote plots" in capsys.readouterr().out
    # a folder casino-sim wrote is replaced with --force; a foreign non-empty folder needs it too
    assert _status([*args, "--plot-format", "png"]) == 2
    assert main([*args, "--plot-format", "png", "--force"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [MANIFEST, *(f"{stem}.png" for stem in PLOTS)]
    )
    assert (folder / "meters.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    foreign = tmp_path / "thesis"
    foreign.mkdir()
    (foreign / "chapter1.tex").write_text("the user's")
    capsys.readouterr()
    assert _status(["floor", "floors/card-room", *QUICK, "--plots", str(foreign)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not empty" in err and "--force" in err
    assert [p.name for p in foreign.iterdir()] == ["chapter1.tex"]


def test_each_plot_format_is_valid_and_reproducible(casino):
    summary, record = casino
    checks = {
        "svg": lambda b: b"<svg" in b[:2000] and b.rstrip().endswith(b"</svg>"),
        "png": lambda b: b.startswith(b"\x89PNG\r\n\x1a\n"),
        "pdf": lambda b: b.startswith(b"%PDF") and b.rstrip().endswith(b"%%EOF"),
    }
    assert set(PLOT_FORMATS) == set(checks)
    for fmt, check in checks.items():
        files = floor_plots(summary, record, format=fmt)
        assert sorted(files) == sorted(f"{stem}.{fmt}" for stem in PLOTS)
        assert all(check(data) for data in files.values()), fmt
        if fmt == "svg":
            assert floor_plots(summary, record, format=fmt) == files  # same bytes again
    with pytest.raises(OptionError, match="svg, png, pdf"):
        floor_plots(summary, record, format="gif")


def test_plots_show_bands_hits_and_groups(casino):
    from casino_sim.report.floor_plots import daily_win_figure, hour_of_day_figure, meter_figure

    summary, record = casino
    result = summary.result()
    meters = meter_figure(result.meters, summary.hits)
    assert len(meters.axes) == len(record["meters"])
    labels = [t.get_text() for t in meters.axes[0].get_legend().get_texts()]
    assert labels[:3] == ["p5-p95", "p25-p75", "mean"]
    assert all("simulated days" in ax.get_xlabel() and "$" in ax.get_ylabel() for ax in meters.axes)
    daily = daily_win_figure({g: [0.0, -5.0, 12.5] for g in result.groups}, result.groups)
    titles = [ax.get_title() for ax in daily.axes if ax.get_visible()]
    assert [t.split(":")[0] for t in titles] == list(record["groups"])
    assert all("P(losing day)" in t for t in titles)
    top, bottom = hour_of_day_figure(result.by_hour_of_day).axes
    assert len(top.get_lines()) == len(record["groups"])
    assert len(bottom.get_lines()) == len(load_floor("floors/casino").poker_groups)


def test_the_summary_flags_a_theoretical_edge_outside_the_interval(casino):
    _, record = casino
    text = format_floor(record, name="casino", seed=1)
    assert "seed 1" in text and "95%" in text and "edge check" in text
    for label in ("win per table-hour", "hold (win / drop)", "occupancy", "rake per hand",
                  "house take per table-hour", "Meters:", "turned away", "Waiting lists"):  # fmt: skip
        assert label in text, label
    odd = copy.deepcopy(record)
    measured = odd["groups"]["pit"]["house_edge_per_initial_bet"]
    measured.update(mean=0.10, low=0.09, high=0.11, se=0.001, n=10)
    assert "FLAG: the theoretical" in format_floor(odd, name="casino", seed=1)


def test_json_is_strict_json():
    data = json_ready({"x": math.nan, "y": [math.inf, 1.5], "z": {"w": -math.inf}})
    assert data == {"x": None, "y": [None, 1.5], "z": {"w": None}}
    json.dumps(data, allow_nan=False)


def test_the_paytable_shortcut_runs(tmp_path, capsys):
    out, table = tmp_path / "pit.json", tmp_path / "pit.csv"
    args = ["floor", "caribbean_stud/standard", "--progressive", "progressives/50-75-100",
            "--tables", "2", "--ante", "10", "--arrivals-per-hour", "20", "--session-minutes", "30",
            "--side-bet-share", "1", "--strategy", "pair-or-better", "--replications", "2",
            "--seed", "3", "--quiet", "--json", str(out), "--csv", str(table)]  # fmt: skip
    assert main(args) == 0
    assert "2 table(s) of standard US" in capsys.readouterr().out
    record = _strict_json(out)
    group = record["definition"]["tables"][0]
    assert (group["count"], group["min_ante"], record["days"]) == (2, 10, 1)
    player = record["definition"]["traffic"]["players"][0]
    assert player["strategy"] == "pair-or-better"
    assert (player["side_bet"], player["session_minutes"]) == (1, 30)
    assert set(record["provenance"]["inputs"]) == {"paytable", "progressive"}
    pit = record["groups"]["pit"]
    assert pit["theoretical_edge_per_initial_bet"]["mean"] == pytest.approx(0.054696, abs=1e-5)
    assert pit["side_bet_handle"]["mean"] > 0 and "progressive" in record["meters"]
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert [r["group"] for r in rows] == ["pit"]
    assert float(rows[0]["win_low"]) <= float(rows[0]["win_mean"]) <= float(rows[0]["win_high"])


def test_a_strategy_file_works_in_the_shortcut(tmp_path):
    out = tmp_path / "pit.json"
    strategy = Path(__file__).resolve().parents[2] / "examples" / "wizard_simple.yaml"
    assert main(["floor", "caribbean_stud/standard", "--strategy", str(strategy), "--tables", "1",
                 *QUICK, "--json", str(out)]) == 0  # fmt: skip
    assert "strategy" in _strict_json(out)["provenance"]["inputs"]


def _floor_missing_a_paytable(tmp_path):
    text = (PAYTABLE_DIR / "floors" / "pit.yaml").read_text()
    bad = tmp_path / "bad-floor.yaml"
    bad.write_text(text.replace("paytable: caribbean_stud/standard", "paytable: no-such-paytable"))
    return bad


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([None], "no-such-paytable"),
        (["floors/pit", "--replications", "0"], "--replications"),
        (["floors/pit", "--days", "0"], "--days"),
        (["floors/pit", "--days", "1.5"], "--days"),
        (["floors/pit", "--tables", "3", "--ante", "10"], "--tables, --ante: only with"),
        (["floors/pit", "--progressive", "progressives/50-75-100"], "--progressive: only with"),
        (["floors/pit", "--hours", "24"], "use --days"),
        (["caribbean_stud/standard", "--side-bet-share", "0.3"], "needs --progressive"),
        (["caribbean_stud/standard", "--strategy", "sometimes"], "--strategy"),
        (["progressives/50-75-100"], "expected a floor file or a caribbean_stud paytable"),
        (["floors/nowhere"], "no such file"),
        (["floors/pit", "--plot-format", "gif"], "--plot-format"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, message, tmp_path, capsys):
    if args[0] is None:
        args = [str(_floor_missing_a_paytable(tmp_path)), *args[1:]]
    assert _status(["floor", *args, "--quiet", "--json", str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("casino-sim: error:"), err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "out.json").exists()


def test_the_missing_paytable_is_reported_at_its_line(tmp_path, capsys):
    bad = _floor_missing_a_paytable(tmp_path)
    line = next(i for i, text in enumerate(bad.read_text().splitlines(), 1)
                if "no-such-paytable" in text)  # fmt: skip
    assert _status(["floor", str(bad)]) == 2
    assert f"{bad}:{line}: tables[0].paytable" in capsys.readouterr().err
