"""The SimPy floor: pace and seats on the clock, the linked meter's books, reproducibility."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from fractions import Fraction

import pytest

from casino_sim.config import PAYTABLE_DIR, Award, load_paytable, load_progressive
from casino_sim.errors import OptionError
from casino_sim.floor.model import SEATS, FloorConfig, simulate_floor

PAYTABLE = load_paytable("caribbean_stud/standard")
PROGRESSIVE = load_progressive("progressives/50-75-100")  # $50/$75/$100, SF 10%, royal 100%


def test_a_full_table_deals_at_the_seven_player_pace():
    """Players arrive every few seconds and never leave: after the first seat is taken the
    dealer deals back to back, a 7-player round every 40 + 7 x 10 = 110 seconds."""
    config = FloorConfig(
        PAYTABLE, tables=1, hours=10, arrivals_per_hour=3600, mean_session_minutes=1e9
    )
    result = simulate_floor(config, seed=3)
    table = result.tables[0]
    full_rounds = 10 * 3600 / config.seconds_per_round(SEATS)
    assert full_rounds - 3 <= table.rounds <= full_rounds
    assert table.hands >= SEATS * (table.rounds - 3)
    assert result.turned_away == result.arrivals - SEATS


def test_an_empty_floor_deals_nothing():
    config = FloorConfig(PAYTABLE, tables=2, hours=1, arrivals_per_hour=1e-6)
    result = simulate_floor(config, seed=1)
    assert [t.rounds for t in result.tables] == [0, 0]
    assert result.house_win == 0 and result.arrivals == 0


def test_same_seed_same_floor_and_different_seeds_differ():
    config = FloorConfig(PAYTABLE, tables=2, hours=6, progressive=PROGRESSIVE)
    a, b, c = (simulate_floor(config, seed=s) for s in (5, 5, 6))
    assert a.meter_path == b.meter_path and a.house_win == b.house_win
    assert [t.rounds for t in a.tables] == [t.rounds for t in b.tables]
    assert a.house_win != c.house_win


def test_linked_meter_books_balance_exactly():
    """Fixed awards only (no meter share): the meter grows by the contribution rate of every
    side bet at every table, exactly."""
    fixed = {
        "royal_flush": Award(fixed=Fraction(5000)),
        "straight_flush": Award(fixed=Fraction(500)),
    }
    progressive = dataclasses.replace(PROGRESSIVE, awards={**PROGRESSIVE.awards, **fixed})
    config = FloorConfig(PAYTABLE, tables=3, hours=8, progressive=progressive, side_bet_share=0.7)
    result = simulate_floor(config, seed=2)
    side_bets = sum(t.side_bets for t in result.tables)
    assert side_bets > 0 and not result.jackpots
    growth = result.meter_path[-1][1] - result.meter_path[0][1]
    assert growth == side_bets * Fraction(progressive.contribution_rate)
    assert [h for h, _ in result.meter_path] == sorted(h for h, _ in result.meter_path)


def test_meter_awards_are_recorded_and_never_leave_the_meter_below_seed():
    """A flush takes 1% of the meter (hits about every 500 side bets), a royal all of it
    (a straight flush pays a fixed award, not from the meter)."""
    awards = {
        "royal_flush": Award(meter_share=Fraction(1)),
        "straight_flush": Award(fixed=Fraction(500)),
        "flush": Award(meter_share=Fraction(1, 100)),
    }
    progressive = dataclasses.replace(PROGRESSIVE, awards=awards)
    config = FloorConfig(PAYTABLE, tables=3, hours=6, progressive=progressive, side_bet_share=1.0)
    result = simulate_floor(config, seed=11)
    assert len(result.jackpots) > 5
    meters = dict(result.meter_path)
    for hit in result.jackpots:
        assert hit.hand in ("flush", "royal_flush") and hit.amount > 0
        assert hit.hours in meters
    assert min(m for _, m in result.meter_path) >= Fraction(progressive.seed)


@pytest.mark.parametrize(
    ("field", "value"),
    [("tables", 0), ("hours", 0), ("ante", Fraction(0)), ("side_bet_share", 1.5)],
)
def test_bad_options_raise_option_error(field, value):
    with pytest.raises(OptionError, match=field):
        simulate_floor(FloorConfig(PAYTABLE, **{field: value}), seed=1)


def test_floor_cli(tmp_path):
    out, png = tmp_path / "floor.json", tmp_path / "floor.png"
    args = [sys.executable, "-m", "casino_sim", "floor", str(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"),
            "--progressive", str(PAYTABLE_DIR / "progressives" / "50-75-100.yaml"), "--hours", "4",
            "--seed", "1", "--json", str(out), "--plot", str(png)]  # fmt: skip
    result = subprocess.run(args, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "Win/table-hour" in result.stdout and out.exists() and png.stat().st_size > 1000
    bad = subprocess.run([*args[:5], "--ante", "-1"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "--ante" in bad.stderr and "Traceback" not in bad.stderr


def test_actual_win_is_set_beside_the_theoretical_win(tmp_path, capsys):
    import json

    from casino_sim.cli import main

    out = tmp_path / "floor.json"
    assert main(["floor", "caribbean_stud/standard", "--tables", "2", "--hours", "6", "--seed", "3",
                 "--ante", "10", "--json", str(out)]) == 0  # fmt: skip
    assert "vs theoretical win" in capsys.readouterr().out
    record = json.loads(out.read_text())
    edge = record["money"]["exact_house_edge"]
    assert edge == pytest.approx(1_041_372_912_372 / 19_933_230_517_200)  # the exact 5.2243%
    hands = sum(t["hands"] for t in record["tables"])
    assert record["money"]["theoretical_win"] == pytest.approx(hands * 10 * edge)
