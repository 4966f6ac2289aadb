"""A banked game's progressive side bet on the floor: Caribbean Stud as a file of the language
(``game: banked``, ``definition: banked/caribbean_stud``) on a linked meter, beside the dedicated
Caribbean Stud tables at the same traffic (tests/floor/data/banked-caribbean-progressive.yaml).

The two groups' figures agree within their intervals (jackpot growth, hold, side-bet handle and
return, the main game's edge); each meter's books balance in every replication: the side bets'
contribution and reserve shares all go into the meter and its reserve, every share award is paid
out of the meter, and what the meter and reserve hold at the end (the reserve included) is the
players' money, not the house's win (docs/money.md). A bad link is one line naming the key.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_sim.config import PaytableError, load_floor, load_progressive
from casino_sim.floor.results import ReplicationResult
from casino_sim.floor.simulate import simulate_floor
from casino_sim.floor.tally import MAIN_WIN, SIDE_HANDLE, SIDE_PAID

DATA = Path(__file__).parent / "data" / "banked-caribbean-progressive.yaml"
METERS = {"dedicated": "dedicated-meter", "banked": "banked-meter"}
REPLICATIONS = 8


#: The shipped progressive, and one whose meter pays often (envy bonuses, seeds, reserve).
PROGRESSIVES = {"50-75-100": "progressives/50-75-100",
                "frequent": str(DATA.parent / "frequent-envy-meter.yaml")}  # fmt: skip


@pytest.fixture(scope="module", params=list(PROGRESSIVES))
def run(request, tmp_path_factory):
    name = PROGRESSIVES[request.param]
    path = tmp_path_factory.mktemp("floor") / "floor.yaml"
    path.write_text(DATA.read_text().replace("progressives/50-75-100", name))
    reps: list[ReplicationResult] = []
    summary = simulate_floor(load_floor(path), days=1, replications=REPLICATIONS, seed=7,
                             workers=1, on_replication=lambda _, rep: reps.append(rep))  # fmt: skip
    return load_progressive(name), summary, reps


def _agree(a: np.ndarray, b: np.ndarray) -> None:
    """The two groups' per-replication means within 4 standard errors of their difference."""
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    assert se > 0 and abs(a.mean() - b.mean()) < 4 * se, (a.mean(), b.mean(), se)


def test_the_banked_group_agrees_with_the_dedicated_one(run) -> None:
    progressive, summary, reps = run
    dedicated, banked = (summary.group_per_replication(g) for g in METERS)
    for figure in ("hold", "win", "side_bet_handle", "main_game_win", "rounds", "drop"):
        _agree(dedicated[figure], banked[figure])
    # the same side-bet figures as the dedicated group: what the house paid (fixed awards and
    # envy bonuses), no edge of the side bets (the meter pays its shares later)
    assert {k for k in banked if k.startswith("side_bet")} == {
        "side_bet_handle",
        "side_bet_awards_paid_by_house",
    }
    if progressive.seed == 100:  # the frequent meter's fixed awards
        _agree(dedicated["side_bet_awards_paid_by_house"], banked["side_bet_awards_paid_by_house"])
    exact = dedicated["theoretical_edge_per_initial_bet"].mean()
    assert banked["theoretical_edge_per_initial_bet"].mean() == pytest.approx(exact, rel=1e-9)
    growth = {g: np.array([r.meters[m].end_meter - r.meters[m].path[0] for r in reps], float)
              for g, m in METERS.items()}  # fmt: skip
    _agree(growth["dedicated"], growth["banked"])
    _agree(*(np.array(summary.side_returns[m]) for m in METERS.values()))
    assert all(r.meters["banked-meter"].side_bet_handle > 0 for r in reps)
    hits = {g: np.array([len(r.meters[m].hits) for r in reps], float) for g, m in METERS.items()}
    if progressive.seed == 100:  # the frequent meter: hits at the rate of its hands
        _agree(hits["dedicated"], hits["banked"])
        bets = sum(r.meters["banked-meter"].side_bet_handle for r in reps) / 100
        rate = Fraction(4 + 36 + 624 + 3_744, 2_598_960)  # full house or better
        expected = float(rate) * bets
        assert abs(hits["banked"].sum() - expected) < 4 * math.sqrt(expected)


def test_the_meters_books_balance_to_the_cent(run) -> None:
    progressive, _, reps = run
    share = progressive.contribution_rate + progressive.reserve_rate
    for rep in reps:
        for meter in rep.meters.values():
            paid = sum(hit.amount for hit in meter.hits)  # every share award, from the meter
            assert meter.balance_check == 0
            assert meter.house_cost + meter.money_in - paid == meter.end_liability
            # every side bet's contribution and reserve shares went in (fractions of a cent
            # carried, at most a cent each short)
            assert 0 <= meter.side_bet_handle * share - meter.money_in < 2
        # the house keeps its tables' win less the meters' share of the side bets; the meters'
        # money (the reserve too) is the players', the house's opening seeds a cost
        rows = rep.daily.sum(axis=1)  # [table, metric], cents
        wins = rows[:, MAIN_WIN] + rows[:, SIDE_HANDLE] * float(1 - share) - rows[:, SIDE_PAID]
        costs = sum(meter.house_cost for meter in rep.meters.values())
        assert rep.house_result == pytest.approx(wins.sum() - costs, abs=4)


def test_a_meter_needs_a_progressive_side_bet(tmp_path: Path) -> None:
    text = DATA.read_text().replace("banked/caribbean_stud", "banked/three_card_poker")
    path = tmp_path / "floor.yaml"
    path.write_text(text)
    with pytest.raises(PaytableError) as caught:
        load_floor(path)
    (problem,) = caught.value.problems
    line = next(
        i for i, row in enumerate(text.splitlines(), 1) if "progressive: banked-meter" in row
    )
    assert str(problem).startswith(f"{path}:{line}: tables[1].progressive: Three Card Poker has "
                                   "no progressive side bet")  # fmt: skip


def test_the_meters_progressive_is_the_one_played(tmp_path: Path) -> None:
    text = DATA.read_text().replace(
        "banked-meter: {type: progressive, progressive: progressives/50-75-100}",
        "banked-meter: {type: progressive, progressive: progressives/75-150-500}",
    )
    path = tmp_path / "floor.yaml"
    path.write_text(text)
    floor = load_floor(path)
    side = floor.banked_games["banked"].side_bets["progressive"]
    assert side.progressive == "progressives/75-150-500"
    assert floor.progressives["banked-meter"].seed == Fraction(10_000)
