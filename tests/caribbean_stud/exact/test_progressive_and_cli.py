"""The progressive side bet's exact math on the shipped award tables, and `casino-sim analyze`."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.combinatorics import combinations_array
from casino_sim.config import PAYTABLE_DIR, load_progressive
from casino_sim.evaluator import HandCategory, category, evaluate_high
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    FIVE_CARD_COUNTS,
    analyze_progressive,
)
from casino_sim.report.caribbean.text_tables import format_progressive
from casino_sim.report.par.inputs import ProgressiveInput
from casino_sim.report.par.progressive import progressive_section

PROGRESSIVES = PAYTABLE_DIR / "progressives"


def test_five_card_counts_are_the_published_ones_and_the_evaluators():
    enumerated = np.bincount(category(evaluate_high(combinations_array(52, 5))), minlength=10)
    assert {
        HandCategory(i).name.lower(): int(n) for i, n in enumerate(enumerated)
    } == FIVE_CARD_COUNTS
    assert FIVE_CARD_COUNTS == {
        "high_card": 1_302_540, "one_pair": 1_098_240, "two_pair": 123_552, "three_of_a_kind": 54_912,
        "straight": 10_200, "flush": 5_108, "full_house": 3_744, "four_of_a_kind": 624,
        "straight_flush": 36, "royal_flush": 4,
    }  # fmt: skip


def test_break_even_meter_50_75_100():
    side = analyze_progressive(load_progressive(PROGRESSIVES / "50-75-100.yaml"))
    assert side.break_even_meter == Fraction(2_000_360 * 10, 76)
    assert int(side.break_even_meter) == 263_205
    assert side.expected_return(side.break_even_meter) == 1


@pytest.mark.parametrize("name", ["50-75-100", "50-100-150", "50-100-500", "75-150-500"])
def test_return_is_linear_in_the_meter(name):
    side = analyze_progressive(load_progressive(PROGRESSIVES / f"{name}.yaml"))
    r0, r1 = side.expected_return(0), side.expected_return(100_000)
    assert r1 - r0 == side.meter_slope * 100_000
    assert side.meter_slope == Fraction(4, 2_598_960) + Fraction(36, 2_598_960) / 10
    fixed = {line.hand: line for line in side.lines if line.fixed is not None}
    assert r0 == sum(line.probability * line.fixed for line in fixed.values())
    seed_cost = Fraction(4, 2_598_960) * side.seed / side.wager
    assert side.long_run_return == r0 + side.contribution_rate + max(side.reserve_rate, seed_cost)


def test_analyze_default_prints_the_published_table(capsys):
    assert main(["analyze"]) == 0
    out = capsys.readouterr().out
    assert "standard" in out and "19,933,230,517,200" in out
    assert "9,523,005,974,460" in out and "5.2243%" in out and "2.5553%" in out


def test_analyze_json_has_exact_integers(tmp_path):
    target = tmp_path / "out.json"
    progressive = str(PROGRESSIVES / "50-75-100.yaml")
    assert main(["analyze", "--progressive", progressive, "--json", str(target)]) == 0
    record = json.loads(target.read_text())
    first = record["analyses"][0]
    assert first["total_result_antes"] == -1_041_372_912_372
    assert first["total_deals"] == 19_933_230_517_200
    assert {row["event"]: row["combinations"] for row in first["rows"]}["Push"] == 321_623_100
    assert int(record["progressive"]["break_even_meter"]) == 263_205
    assert len(record["provenance"]["inputs"]["paytable"]["sha256"]) == 64


def test_capped_paytable_reports_edge_by_ante(capsys):
    assert main(["analyze", str(PAYTABLE_DIR / "caribbean_stud" / "capped-5000.yaml")]) == 0
    assert "House edge by ante" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["analyze", "--strategy", "nope"], "--strategy"),
        (["analyze", "--ante", "-3"], "--ante"),
        (["analyze", str(PAYTABLE_DIR / "stud" / "razz.yaml")], "razz.yaml"),
        (["analyze", "missing.yaml"], "missing.yaml"),
        (
            ["analyze", "--progressive", str(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")],
            "kind",
        ),
    ],
)
def test_bad_input_one_line_status_2(args, needle, capsys):
    """In this process (the console script's entry point); tests/config/test_cli.py runs a
    bad command as a process, traceback-free."""
    try:
        status = main(args)
    except SystemExit as stop:  # argparse's own exit
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and needle in err


def test_bad_strategy_file_names_the_key(tmp_path, capsys):
    bad = tmp_path / "s.yaml"
    bad.write_text("kind: caribbean_strategy\nname: x\nrules:\n  - at_least: A Z\n")
    assert main(["analyze", "--strategy", str(bad)]) == 2
    assert "s.yaml:4: rules[0].at_least" in capsys.readouterr().err


def _capped(tmp_path: Path, cap: int) -> Path:
    """The 50/75/100 progressive with a meter cap, as a file."""
    path = tmp_path / f"capped-{cap}.yaml"
    path.write_text((PROGRESSIVES / "50-75-100.yaml").read_text() + f"meter_cap: {cap}\n")
    return path


def _meter_rows(text: str) -> list[str]:
    """The meters of the return-by-meter table in ``text``."""
    rows = text[text.index("\nMeter ") :].splitlines()[2:]
    return [line.split()[0] for line in itertools.takewhile(lambda r: r.startswith("$"), rows)]


def test_return_by_meter_rows_stop_at_the_meter_cap(tmp_path, capsys):
    """The default rows are the seed and half, once and twice the break-even meter; twice is
    $526,411, above a $400,000 meter cap: the rows end at the cap and a line says so."""
    path, target = _capped(tmp_path, 400_000), tmp_path / "out.json"
    assert main(["analyze", "--progressive", str(path), "--json", str(target)]) == 0
    out = capsys.readouterr().out
    assert _meter_rows(out) == ["$10,000", "$131,603", "$263,205", "$400,000"]
    stop = "Rows stop at the meter cap, $400,000: the meter never shows more (left out: $526,411)."
    assert f"\n{stop}\n" in out
    assert "meter cap $400,000): 93.03%" in out and "never reached" not in out
    record = json.loads(target.read_text())["progressive"]
    side = analyze_progressive(load_progressive(path))
    assert record["meter_cap"] == 400_000 and record["break_even_reachable"] is True
    assert record["return_at_meter_cap"] == float(side.expected_return(400_000))


def test_a_cap_below_the_break_even_meter_is_said_and_meters_asked_above_it_left_out(
    tmp_path, capsys
):
    path = _capped(tmp_path, 200_000)
    assert main(["analyze", "--progressive", str(path), "--meter", "500000", "100000"]) == 0
    out = capsys.readouterr().out
    assert _meter_rows(out) == ["$100,000", "$200,000"]
    assert "Break-even meter: $263,205.26 (above the meter cap: never reached)" in out
    assert "holds the return to at most 81.52% (the meter at its cap)" in out
    assert "(left out: $500,000)." in out


def test_without_a_meter_cap_every_meter_asked_has_its_row():
    side = analyze_progressive(load_progressive(PROGRESSIVES / "50-75-100.yaml"))
    assert side.within_cap([10_000, 600_000]) == ((10_000, 600_000), ())
    text = format_progressive(side, [Fraction(10_000), Fraction(600_000)])
    assert _meter_rows(text) == ["$10,000", "$600,000"]
    assert "meter cap" not in text and "Rows stop" not in text
    assert side.plot_meters()[-1] == pytest.approx(1.5 * float(side.break_even_meter or 0))


def test_the_reports_progressive_parts_stop_at_the_meter_cap(tmp_path):
    """The PAR report's returns part and plot, with a $200,000 meter cap."""
    path = _capped(tmp_path, 200_000)
    table = load_progressive(path)
    side = analyze_progressive(table)
    assert side.plot_meters()[-1] == 200_000
    section = progressive_section(ProgressiveInput(path, table), index=1)
    returns = next(part for part in section.parts if part.id.endswith("-returns"))
    (break_even,) = (f for f in returns.figures if f.key == "break_even_meter")
    assert break_even.note.endswith("above the meter cap: never reached")
    assert "stops at the meter cap" in returns.plots[0].caption
