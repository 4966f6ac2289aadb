"""What a new user's trial found in the commands: seeds, ranges, warnings, help, formats, CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest

from casino_sim.cli import main
from casino_sim.cli.progress import _LineStream

STANDARD = "caribbean_stud/standard"
PROGRESSIVE = "progressives/50-75-100"
SIMULATE = ["simulate", STANDARD, "--no-exact", "--no-progress"]


def _status(args: list[str]) -> int:
    """main's exit status, whether it returns it or argparse exits with it."""
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code)


def _without_provenance(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "provenance"}


def test_floor_picks_prints_and_records_its_seed_and_parameters(tmp_path, capsys):
    first = tmp_path / "a.json"
    args = ["floor", STANDARD, "--days", "1", "--replications", "2", "--tables", "2",
            "--ante", "10", "--quiet"]  # fmt: skip
    assert main([*args, "--json", str(first)]) == 0
    record = json.loads(first.read_text())
    seed = record["provenance"]["seed"]
    assert isinstance(seed, int) and f"seed {seed}" in capsys.readouterr().out
    pit = record["definition"]["tables"][0]
    assert pit["count"] == 2 and pit["min_ante"] == 10
    assert record["definition"]["traffic"]["arrivals_per_hour"] == 40
    assert record["provenance"]["parameters"]["days"] == 1
    again = tmp_path / "b.json"
    assert main([*args, "--seed", str(seed), "--json", str(again)]) == 0
    assert _without_provenance(json.loads(again.read_text())) == _without_provenance(record)


def test_simulate_records_the_seed_it_picked(tmp_path):
    out = tmp_path / "a.json"
    assert main([*SIMULATE, "--hands", "3000", "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    seed = record["provenance"]["seed"]
    assert isinstance(seed, int)
    again = tmp_path / "b.json"
    assert main([*SIMULATE, "--hands", "3000", "--seed", str(seed), "--json", str(again)]) == 0
    assert _without_provenance(json.loads(again.read_text())) == _without_provenance(record)


def test_a_tiny_sample_is_flagged_not_tested(capsys):
    assert main(["simulate", STANDARD, "--hands", "1", "--no-progress", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "too few for the intervals" in out
    assert "outcome frequencies vs exact" not in out  # no chi-square test on one round


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([*SIMULATE, "--seats", "3", "--strategy", "optimal,,akj83"], "empty item"),
        (
            [*SIMULATE, "--seats", "3", "--progressive", PROGRESSIVE, "--progressive-seats", "1,1"],
            "listed twice",
        ),
        (["floor", STANDARD, "--side-bet-share", "0.3"], "needs --progressive"),
        (["floor", STANDARD, "--plot-format", "gif"], "'svg', 'png', 'pdf'"),
        (["floor", STANDARD, "--hours", "24"], "use --days"),
        ([*SIMULATE, "--hands", "100B"], "10,000,000,000"),
        (["stud", "stud/seven_card_stud", "stud/tables/5-10", "--seed", "-1"], "from 0"),
    ],
)
def test_silently_accepted_options_are_refused(args, message, capsys):
    assert _status(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_hands_above_the_bound_are_refused_before_any_work(capsys):
    assert _status([*SIMULATE, "--hands", "1e24"]) == 2
    assert _status([*SIMULATE, "--hands", "10001M"]) == 2
    assert "10,000,000,000" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("suffix", "magic"), [("png", b"\x89PNG"), ("svg", b"<svg"), ("pdf", b"%PDF")]
)
def test_floor_plots_are_written_in_the_format_asked(tmp_path, suffix, magic):
    plots = tmp_path / "plots"
    assert main(["floor", STANDARD, "--days", "1", "--replications", "1", "--tables", "1",
                 "--seed", "1", "--quiet", "--plots", str(plots), "--plot-format", suffix]) == 0  # fmt: skip
    for stem in ("meters", "daily-win", "hour-of-day"):
        assert magic in (plots / f"{stem}.{suffix}").read_bytes()[:400]


def test_help_shows_defaults_and_the_history_engine(capsys):
    for command in ("floor", "stud"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 4)" in text  # floor --tables
    assert "default 100,000)" in text  # stud --hands, thousands separated
    assert "Python engine" in text


def test_an_unexpected_failure_is_one_line_with_status_1(monkeypatch, capsys):
    import casino_sim.cli.eval_cmd as eval_cmd

    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(eval_cmd, "run", broken)
    monkeypatch.delenv("CASINO_SIM_DEBUG", raising=False)
    assert main(["eval", "As Ks Qs Js Ts"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err and "boom" in err


def test_progress_off_a_terminal_is_plain_lines_with_time_left():
    from tqdm import tqdm

    sink = io.StringIO()
    with tqdm(total=10, unit="hand", file=_LineStream(sink), mininterval=0, ascii=True) as bar:
        for _ in range(10):
            bar.update(1)
    lines = sink.getvalue().splitlines()
    assert len(lines) >= 2 and "\r" not in sink.getvalue()
    assert all("hand" in line for line in lines) and "<" in lines[-1]  # elapsed<remaining


def test_csv_beside_json(tmp_path):
    out = tmp_path / "seats.csv"
    assert (
        main([*SIMULATE, "--hands", "2000", "--seats", "2", "--seed", "1", "--csv", str(out)]) == 0
    )
    rows = list(csv.DictReader(out.open()))
    assert [r["seat"] for r in rows] == ["1", "2"]
    assert float(rows[0]["house_edge_low"]) <= float(rows[0]["house_edge"])
    players = tmp_path / "players.csv"
    assert main(["stud", "stud/seven_card_stud", "stud/tables/5-10", "--hands", "200", "--seed",
                 "1", "--no-progress", "--csv", str(players)]) == 0  # fmt: skip
    assert len(list(csv.DictReader(players.open()))) == 8


def test_shipped_names_work_from_any_folder_and_provenance_hashes_the_real_file(
    tmp_path, monkeypatch
):
    from casino_sim.config import PAYTABLE_DIR
    from casino_sim.engine.files import file_digest

    monkeypatch.chdir(tmp_path)
    assert main([*SIMULATE, "--hands", "1000", "--seed", "1", "--json", "out.json"]) == 0
    inputs = json.loads((tmp_path / "out.json").read_text())["provenance"]["inputs"]
    real = PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"
    assert inputs["paytable"]["sha256"] == file_digest(real)
