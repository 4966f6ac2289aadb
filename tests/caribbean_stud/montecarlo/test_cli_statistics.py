"""``casino-sim simulate`` and ``analyze`` print what a regulator checks (issue #23, items 7-10):
z and p for every comparison with Holm's flags instead of a bare "within: NO", Wilson
intervals for shares, the table's exact house edge, the exact break-even meter explained, and
a losing side bet flagged first."""

from __future__ import annotations

import math

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR

STANDARD = str(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
PROGRESSIVE = PAYTABLE_DIR / "progressives" / "50-75-100.yaml"


@pytest.fixture
def losing(tmp_path):
    """The 50/75/100 side bet with 80% of each bet to the meter: 108.03% in the long run."""
    path = tmp_path / "losing.yaml"
    path.write_text(
        PROGRESSIVE.read_text().replace("contribution_rate: 0.65", "contribution_rate: 0.80")
    )
    return str(path)


def _simulate(capsys, *args):
    assert main(["simulate", STANDARD, "--seed", "1", "--workers", "1", "--no-progress",
                 *args]) == 0  # fmt: skip
    return capsys.readouterr().out


def test_every_comparison_shows_z_and_p_and_holm_flags(capsys):
    text = _simulate(capsys, "--hands", "200k", "--seats", "2", "--strategy",
                     "optimal,always-raise", "--ante", "1, 5", "--progressive",
                     str(PROGRESSIVE))  # fmt: skip
    assert "within" not in text and "NO" not in text.split()
    header = next(line for line in text.splitlines() if line.startswith("figure"))
    assert header.split()[-3:] == ["z", "p", "flag"]
    compared = [line for line in text.splitlines() if line.endswith(("  ok", "  FLAG"))]
    assert len(compared) >= 12  # table, 2 x (edge, EoR, raise, chi-square), dealer, hits, return
    assert "raise rate (Wilson)" in text and "exact 1,463,700 / 2,598,960 = 205/364" in text
    assert "Flags: " in text and "Holm's test at a family-wise 5%" in text


def test_the_table_house_edge_has_its_exact_value(capsys):
    """Every seat plays a strategy with an exact edge: the table's exact edge is their
    ante-weighted mean, never "-"."""
    text = _simulate(capsys, "--hands", "50k", "--seats", "2", "--strategy",
                     "optimal,always-raise", "--ante", "1, 5")  # fmt: skip
    line = next(line for line in text.splitlines() if line.startswith("table house edge"))
    exact = (0.052243057715778654 * 1 + 0.16607272513186356 * 5) / 6
    assert f"{100 * exact:.4f}%" in line and " - " not in line


def test_the_break_even_meter_is_the_exact_one_explained(capsys):
    text = _simulate(capsys, "--hands", "50k", "--progressive", str(PROGRESSIVE))
    assert "break-even meter (exact): 263,205.26: with the meter above it" in text
    assert "break-even meter: " not in text  # the simulated one nobody could read is gone


def test_a_losing_side_bet_is_flagged_by_simulate_and_analyze(losing, capsys):
    text = _simulate(capsys, "--hands", "20k", "--progressive", losing)
    assert text.splitlines()[1].startswith("FLAG: losing side bet")
    assert "108.03%" in text.splitlines()[1]
    assert main(["analyze", "--progressive", losing]) == 0
    out = capsys.readouterr().out
    assert "Flags: 1\n  FLAG: losing side bet" in out and "108.03%" in out
    assert main(["analyze", "--progressive", str(PROGRESSIVE)]) == 0
    assert "FLAG" not in capsys.readouterr().out


def test_shares_get_wilson_intervals_inside_zero_to_one():
    from casino_sim.config import load_paytable
    from casino_sim.engine.stats import Proportion, proportion_interval
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        CaribbeanSimConfig,
        simulate_caribbean,
    )

    config = CaribbeanSimConfig.table(load_paytable(STANDARD), chunk_rounds=4096)
    result = simulate_caribbean(config, 4096, seed=2, workers=1, exact=True)
    for share in (result.seats[0].raise_rate, result.dealer_qualifies):
        assert isinstance(share, Proportion)
        assert share.interval == proportion_interval(share.successes, share.trials)
        assert 0 <= share.interval.low <= share.interval.high <= 1
    assert math.isclose(result.exact_house_edge, 0.052243057715778654)
