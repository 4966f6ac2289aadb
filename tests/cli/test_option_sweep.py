"""Every option of every command, given bad values: one line on stderr, exit 0 or 2, no traceback.

The cases are generated from the parsers themselves, so a new option is swept
as soon as it exists. A value the option accepts runs the command on a tiny
workload (the base arguments below), which must then finish cleanly too.
"""

from __future__ import annotations

import argparse
import os
import tempfile

import pytest

from casino_sim.cli import build_parser, main

#: A cheap valid invocation of each command; the swept option is appended to it.
BASE = {
    "eval": ["As Ks Qs Js Ts"],
    "validate": ["paytables/caribbean_stud/standard.yaml"],
    "list": [],
    "schema": ["progressive"],
    "stud": ["stud/seven_card_stud", "stud/tables/5-10", "--hands", "50", "--no-progress"],
    "analyze": [],
    "simulate": ["caribbean_stud/standard", "--hands", "2000", "--no-exact", "--no-progress"],
    "floor": ["caribbean_stud/standard", "--days", "1", "--tables", "1", "--replications", "1"],
    "compare": ["caribbean_stud/standard", "caribbean_stud/short-pay"],
    "solve": ["break-even", "progressives/50-75-100"],
    "report": ["progressives/50-75-100", "--format", "json", "--quiet", "--out", os.devnull],
    "cache": ["info"],
    "audit-shuffles": ["--generate", "40", "--seed", "1"],
    "verify": ["claims/caribbean-standard"],
    # refused after the options are read (not a floor): every sweep stops before simulating
    "optimize": ["caribbean_stud/standard"],
    # written once (later runs are refused: the file exists), never into the checkout
    "calibrate": [
        "counts/counts-pit.csv",
        "--floor",
        "floors/counts-pit",
        "--check",
        "0",
        "--out",
        os.path.join(tempfile.mkdtemp(prefix="casino-sim-sweep-"), "c.yaml"),
    ],
}

BAD_VALUES = ["", "-1", "0", "x", "1e400", "-1e400", "inf", "nan", "1e24", "100B", "1,,2", "1.999",
              "1,00", "$-1", "12%"]  # fmt: skip
#: Options naming a result path get bad paths instead: each must be refused before any work.
OUTPUT_OPTIONS = (
    "--json",
    "--csv",
    "--rules-csv",
    "--history",
    "--report",
    "--plots",
    "--html",
    "--run-dir",
    "--out",
)


def _bad_paths(tmp_path) -> list[str]:
    """Paths no result may take without --force: a file, a folder of the user's, an earlier
    result folder casino-sim wrote (replaced only with --force, like a file), and worse."""
    from casino_sim.engine.files import write_directory

    existing = tmp_path / "existing.txt"
    existing.write_text("the user's")
    folder = tmp_path / "folder"
    folder.mkdir(exist_ok=True)
    (folder / "thesis.tex").write_text("the user's")
    earlier = tmp_path / "earlier"
    if not earlier.exists():
        write_directory(earlier, {"report.md": "last month's"})
    return ["", "/dev/full", str(tmp_path / "missing" / "out"), str(existing), str(folder),
            str(earlier)]  # fmt: skip


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _value_options():
    """(command, option) for every option that takes a value."""
    for command, parser in _subparsers().items():
        for action in parser._actions:
            if action.option_strings and action.nargs != 0 and action.dest != "help":
                yield command, action.option_strings[-1]


def test_every_command_has_a_base_invocation():
    assert set(_subparsers()) <= set(BASE)


@pytest.mark.parametrize(("command", "option"), sorted(set(_value_options())))
def test_bad_values_give_one_line_and_status_2(command, option, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_repo_root())
    output = option in OUTPUT_OPTIONS
    for value in _bad_paths(tmp_path) if output else BAD_VALUES:
        try:
            status = main([command, *BASE[command], option, value])
        except SystemExit as stop:  # argparse's own exit
            status = stop.code
        err = capsys.readouterr().err
        assert status in (0, 2), (command, option, value, err)
        assert "Traceback" not in err, (command, option, value, err)
        if output:
            assert status == 2, (command, option, value)
            assert (tmp_path / "existing.txt").read_text() == "the user's"
            assert (tmp_path / "earlier" / "report.md").read_text() == "last month's"
        if status == 2:
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("casino-sim: error:"), err


def _repo_root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


#: Commands whose first positional argument is an input file.
INPUT_COMMANDS = ["analyze", "simulate", "floor", "stud", "validate"]


@pytest.mark.parametrize("command", INPUT_COMMANDS)
def test_bad_input_files_give_one_line_and_status_2(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_repo_root())
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    (tmp_path / "empty").mkdir()
    text = tmp_path / "text.yaml"
    text.write_text("just: [unclosed")
    for bad in ["", "missing.yaml", "/dev/full", str(fifo), str(tmp_path / "empty"), str(text)]:
        args = [command, bad, *BASE[command][1:]]
        try:
            status = main(args)
        except SystemExit as stop:
            status = stop.code
        err = capsys.readouterr().err
        assert status == 2, (args, err)
        lines = err.strip().splitlines()
        assert (
            len(lines) == 1 and lines[0].startswith("casino-sim: error:")
        ) or command == "validate"
        assert "Traceback" not in err
