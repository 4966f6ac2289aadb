"""Options as people type them (1,000,000, $25, 50%), help that states each default once, names
that suggest the right word, arguments of the wrong kind named, and a listing that fits."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from casino_sim.cli import build_parser, main
from casino_sim.cli.common import Number
from casino_sim.cli.seat_options import per_seat_antes
from casino_sim.errors import OptionError

STANDARD = "caribbean_stud/standard"
QUICK = ["--no-exact", "--no-progress", "--seed", "1"]


def _status(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as stop:
        return int(stop.code)


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("casino-sim: error: "), err
    return err[0]


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("count", "1,000,000", 1_000_000),
        ("count", "2.5k", 2_500),
        ("count", "1,500k", 1_500_000),
        ("int", "2,026", 2026),
        ("money", "$25", Fraction(25)),
        ("money", "$1,250.50", Fraction(2501, 2)),
        ("money", "2.50", Fraction(5, 2)),
        ("float", "1,000.5", 1000.5),
    ],
)
def test_numbers_are_read_as_people_type_them(kind, text, value):
    assert Number(kind)(text) == value


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("count", "1,00"),  # groups of three only
        ("count", "1000,000"),
        ("count", "1,,000"),
        ("int", "1,5"),
        ("money", "$2.505"),  # whole cents
        ("money", "25$$"),
        ("float", "35%"),  # a percent only where the option is a share
    ],
)
def test_numbers_that_read_two_ways_or_none_are_refused(kind, text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected"):
        Number(kind)(text)


def test_a_share_takes_a_percent():
    assert Number("float", low=0, high=1, percent=True)("35%") == pytest.approx(0.35)


def test_simulate_takes_typed_hands_and_antes(tmp_path):
    out = tmp_path / "run.json"
    args = ["simulate", STANDARD, "--hands", "2,000", "--seats", "2", "--ante", "$25, $1,000"]
    assert main([*args, *QUICK, "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["hands"] == 2_000
    assert [seat["ante"] for seat in record["seats"]] == ["25", "1000"]


@pytest.mark.parametrize(
    ("text", "seats", "antes"),
    [
        ("$1,000", 7, [1000] * 7),  # one amount: every seat
        ("5,100", 1, [5100]),
        ("5, 100", 2, [5, 100]),  # a space after the comma: one per seat
        ("5,10", 2, [5, 10]),
        ("1,000,000", 3, [1_000_000] * 3),  # "000" is no ante: only one reading
    ],
)
def test_per_seat_antes_and_thousands_separators(text, seats, antes):
    assert per_seat_antes(text, seats) == [Fraction(a) for a in antes]


def test_an_ante_list_that_reads_two_ways_is_refused_not_guessed():
    with pytest.raises(OptionError, match=r"reads as one ante of 5100 or as 2 antes \(5, 100\)"):
        per_seat_antes("5,100", 2)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", STANDARD, "--hands", "10", "--strategy", "optimla"],
        ["analyze", "--strategy", "optimla"],
        ["compare", STANDARD, "caribbean_stud/short-pay", "--strategy", "optimla"],
        ["floor", STANDARD, "--strategy", "optimla"],
        ["report", STANDARD, "--strategy", "optimla", "--out", "nowhere-new"],
    ],
)
def test_a_misspelt_strategy_suggests_the_right_one(args, capsys):
    assert _status(args) == 2
    line = _one_error_line(capsys)
    assert "--strategy: unknown strategy 'optimla' (did you mean 'optimal'?)" in line


def test_no_python_api_hint_in_a_cli_message(capsys):
    assert _status(["simulate", "progressives/50-75-100", "--hands", "10"]) == 2
    line = _one_error_line(capsys)
    assert "expected kind 'caribbean_stud' here, got 'progressive'" in line
    assert "load()" not in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stud/tables/5-10", "stud/seven_card_stud"], "VARIANT comes first, then TABLE: "
         "'stud/seven_card_stud' is the stud variant and 'stud/tables/5-10' the table"),
        (["5-10", "seven_card_stud"], "(casino-sim stud seven_card_stud 5-10)"),
        (["5-10", "5-10"], "VARIANT: '5-10' is a stud_table file, not a stud_variant"),
        (["razz", "standard"], "TABLE: 'standard' is a caribbean_stud file, not a stud_table"),
    ],
)  # fmt: skip
def test_stud_names_the_argument_of_the_wrong_kind(args, message, capsys):
    assert _status(["stud", *args, "--hands", "10", "--no-progress"]) == 2
    assert message in _one_error_line(capsys)


def test_report_out_on_a_regular_file_says_it_is_a_file(tmp_path, capsys):
    mine = tmp_path / "base.yaml"
    mine.write_text("the user's")
    assert _status(["report", "progressives/50-75-100", "--out", str(mine)]) == 2
    assert f"{mine} is a file, not a folder" in _one_error_line(capsys)
    assert mine.read_text() == "the user's"


def _parsers() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser, sub-commands of sub-commands included (``solve edge``)."""
    found = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        found[name] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(child, f"{name} {sub}")

    walk(build_parser(), "casino-sim")
    return found


@pytest.mark.parametrize(("name", "parser"), sorted(_parsers().items()), ids=sorted(_parsers()))
def test_help_states_each_default_once(name, parser):
    formatter = parser._get_formatter()
    for action in parser._actions:
        if action.help in (None, argparse.SUPPRESS) or action.dest == "help":
            continue
        text = formatter._expand_help(action)
        assert text.count("default") <= 1, (name, action.dest, text)
        assert "(default: None)" not in text and "(default: False)" not in text
        if action.default not in (None, False, argparse.SUPPRESS) and action.option_strings:
            assert "default" in text, (name, action.dest, text)


def test_help_defaults_are_the_real_ones(capsys):
    from casino_sim.cli.simulate_cmd import DEFAULT_ROUNDS
    from casino_sim.cli.stud_cmd import DEFAULT_HANDS

    for command in ("simulate", "stud"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"default {DEFAULT_ROUNDS:,})" in text and f"default {DEFAULT_HANDS:,})" in text
    assert "(default: 8)" in text  # stud --players, with nothing after it
    assert "(default: None)" not in text


def test_list_fits_100_columns_and_paths_are_asked_for(capsys):
    from casino_sim.config import shipped_files, shipped_name

    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 100
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == [shipped_name(p) for p in shipped_files()]
    assert not any("/paytables/" in line for line in lines)
    assert main(["list", "--paths", "--kind", "floor"]) == 0
    heads = [line.split() for line in capsys.readouterr().out.splitlines() if line[:1] != " "]
    assert [(name, kind) for name, kind, _ in heads] == [
        (shipped_name(p), "floor") for p in shipped_files("floor")
    ]
    assert all(where.startswith("/") and where.endswith(".yaml") for *_, where in heads)
