"""Payout caps in the banked-game language: a wager's ``max_payout`` (money) at an ante.

Caribbean Stud's ``caribbean_stud/capped-5000`` caps the raise's win at $5,000 a hand; the
language file with ``max_payout: 5000`` on its raise, analysed at an ante (``at_ante``), must
give the dedicated code's integers at every ante: at $25 the cap is just reached (a royal
pays 100 x $50), at $100 it cuts the royal, the straight flush and four of a kind.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_paytable, load_text
from casino_sim.config.floor_loader import load_floor
from casino_sim.errors import ConfigError, OptionError
from casino_sim.floor.banked.plan import prepare_plan
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.language import Outcome, analyze_banked, at_ante, settle, solve_banked

RAISE = "    description: the raise (2 x the ante); a win pays the pay table, pushes when the dealer does not qualify\n"


def capped_text(cap: str = "5000") -> str:
    text = (PAYTABLE_DIR / "banked" / "caribbean_stud.yaml").read_text()
    assert RAISE in text
    return text.replace(RAISE, RAISE + f"    max_payout: {cap}\n")


@pytest.fixture(scope="module")
def capped():
    return load_text(capped_text(), name="capped", kind="banked_game")


@pytest.mark.parametrize("ante", [25, 100])
def test_the_same_integers_as_the_dedicated_code(capped, ante):
    ours = analyze_banked(at_ante(capped, Fraction(ante)), side_bets=False)
    theirs = analyze_caribbean(load_paytable("caribbean_stud/capped-5000"), "optimal",
                               ante=Fraction(ante))  # fmt: skip
    assert ours.house_edge == theirs.house_edge
    assert ours.element_of_risk == theirs.element_of_risk
    if ante == 100:  # the cap costs the player: more than the uncapped 5.2243%
        assert round(100 * float(ours.house_edge), 4) == 5.2763


def test_a_capped_game_needs_its_ante(capped, tmp_path, capsys):
    with pytest.raises(OptionError, match="depend on the ante; give it in money"):
        solve_banked(capped)
    path = tmp_path / "capped.yaml"
    path.write_text(capped_text())
    assert main(["analyze", str(path), "--ante", "100", "--strategy", "always-raise"]) == 0
    out = capsys.readouterr().out
    assert "At an ante of $100 (payout cap $5,000 on raise):" in out and "House edge by ante" in out
    assert main(["analyze", str(path), "--leak", "dealer:1"]) == 2
    err = capsys.readouterr().err
    assert "leaks are analysed without payout caps" in err and len(err.strip().splitlines()) == 1


def test_a_cap_without_a_dealer_is_refused():
    text = (PAYTABLE_DIR / "banked" / "let_it_ride.yaml").read_text()
    game = load_text(text, name="lir", kind="banked_game")
    wager = next(iter(game.wagers))
    marker = f"  {wager}:\n"
    capped = load_text(text.replace(marker, marker + "    max_payout: 1000\n", 1), name="lir",
                       kind="banked_game")  # fmt: skip
    with pytest.raises(OptionError, match="settled in games against a dealer"):
        solve_banked(at_ante(capped, Fraction(5)))


def test_a_cap_in_fractions_of_a_cent_is_one_line():
    with pytest.raises(ConfigError, match=r"wagers\.raise\.max_payout: .* not a whole number"):
        load_text(capped_text("5000.001"), name="capped", kind="banked_game")


FLOOR = """\
kind: floor
name: a capped pit
notes: "Assumptions: a test floor."
days: 1
tables:
  - {game: banked, name: pit, count: 1, definition: capped.yaml, min_bet: 5, max_bet: 100}
traffic:
  arrivals_per_hour: 10
  players:
    - {name: high, games: [pit], ante: 100, strategy: optimal}
    - {name: low, games: [pit], ante: 25, strategy: pair-or-better}
"""


def test_the_floor_solves_a_capped_game_at_each_bet(tmp_path):
    """Each player type's strategy and exact edge at its own bet: the optimal strategy at $100
    is the one for the cap at $100 (the dedicated code's)."""
    (tmp_path / "capped.yaml").write_text(capped_text())
    (tmp_path / "floor.yaml").write_text(FLOOR)
    floor = load_floor(tmp_path / "floor.yaml")
    plan = prepare_plan(floor, floor.group("pit"))
    assert set(plan.edges) == {"optimal@100", "pair-or-better@25"}
    for slot, edge in plan.edges.items():
        strategy, ante = slot.split("@")
        exact = analyze_caribbean(load_paytable("caribbean_stud/capped-5000"), strategy,
                                  ante=Fraction(ante))  # fmt: skip
        assert edge == exact.house_edge
    assert plan.money["high", 10_000].theo == pytest.approx(
        10_000 * float(plan.edges["optimal@100"])
    )


@given(ante=st.integers(1, 100_000), bucket=st.integers(0, 3), line=st.integers(0, 10))
def test_a_cap_only_ever_lowers_a_win(capped, ante, bucket, line):
    """Settled at any ante, a capped wager wins at most the cap over the ante and otherwise
    what the uncapped game pays; its losses and the other wagers are untouched."""
    money = Fraction(ante, 100)
    free = load_text(capped_text().replace("    max_payout: 5000\n", ""), name="free",
                     kind="banked_game")  # fmt: skip
    outcome = Outcome((1, 2), False, bucket, (line, line), 1)
    ours, theirs = settle(at_ante(capped, money), outcome), settle(free, outcome)
    cap = Fraction(5000) / money
    assert ours[0] == theirs[0]  # the ante has no cap
    assert ours[1] == (min(theirs[1], cap) if theirs[1] > 0 else theirs[1])
