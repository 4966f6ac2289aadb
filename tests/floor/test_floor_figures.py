"""The floor's figures say what they are (issue #23, items 4, 5, 7, 9, 10): the money into a
meter is not the handle, the base of the theoretical win is named, intervals stay inside their
range, the house-funded seed is its own row, players who gave up waiting are counted, a table
that charges time says so, and a losing side bet is a flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_sim.config import PAYTABLE_DIR, load_floor
from casino_sim.floor.shortcut import pit_floor
from casino_sim.floor.simulate import simulate_floor
from casino_sim.report.floor import format_floor

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="session")
def pit():
    """One linked progressive: two one-day replications, each replication kept."""
    runs = []
    summary = simulate_floor(
        load_floor("floors/pit"),
        days=1,
        replications=2,
        seed=3,
        on_replication=lambda _, run: runs.append(run),
    )
    record = summary.to_record()
    return runs, record, format_floor(record, name="pit", seed=3)


@pytest.fixture(scope="session")
def room():
    """The card room (bad-beat jackpot, a time-collection table, thin games): 2 days x 3."""
    record = simulate_floor(
        load_floor("floors/card-room"), days=2, replications=3, seed=1
    ).to_record()
    return record, format_floor(record, name="card room", seed=1)


def test_money_into_the_meter_is_the_funded_share_of_the_side_bets(pit):
    """Item 4: 70% of each side bet (65% meter + 5% reserve) goes in, not the whole handle;
    start + money in + the house's seeds outstanding - paid = liability at the end, to the
    cent, in every replication."""
    runs, record, text = pit
    for run in runs:
        meter = run.meters["pit-progressive"]
        assert meter.side_bet_handle > 0
        assert abs(meter.money_in - 0.70 * meter.side_bet_handle) <= 2  # cents carried
        assert meter.balance_check == 0
    figures = record["meters"]["pit-progressive"]
    assert figures["money_in"]["mean"] == pytest.approx(0.70 * figures["side_bet_handle"]["mean"])
    assert "money into the meter and reserve (contribution and reserve rates x side bets" in text


def test_the_theoretical_win_names_its_base(pit):
    """Item 5: theoretical win = antes x house edge (= handle x element of risk)."""
    _, _, text = pit
    assert "main game: theoretical win per day (antes x house edge)" in text
    money = (DOCS / "money.md").read_text()
    row = next(line for line in money.splitlines() if line.startswith("| theoretical win |"))
    assert "handle x house edge" not in row
    assert "initial bets (antes) x house edge" in row and "handle x element of risk" in row


def test_every_interval_is_inside_its_range(room):
    """Item 7: hits per replication get the exact Poisson interval (never below 0), shares
    stay within 0-100% and amounts that cannot be negative at 0 or more; a share that is 0 in
    every replication still gets an upper bound."""
    record, text = room
    for meter in record["meters"].values():
        for hit in meter["hits"].values():
            assert hit["hits_per_replication"]["low"] >= 0
            assert hit["hits_per_replication"]["method"] == "exact Poisson"
    for name, group in record["groups"].items():
        occupancy = group["occupancy"]
        assert 0 <= occupancy["low"] <= occupancy["high"] <= 1, name
        for key in ("drop", "rounds_per_table_hour", "rake_per_hand", "house_take_per_table_hour"):
            if group[key]["low"] is not None:
                assert group[key]["low"] >= 0, (name, key)
        losing = group["daily_win_per_table"]["losing_day_probability"]
        assert 0 <= losing["low"] <= losing["mean"] <= losing["high"] <= 1
        if losing["mean"] == 0:  # a poker room's table never loses a day: 0%, yet not certain
            assert losing["high"] > 0, name
    assert "exact Poisson" in text


def test_the_house_funded_seed_is_its_own_row(room):
    """Item 9: the house result is the groups' win less the house-funded seeds (the bad beat's
    opening seed), shown as a row of its own."""
    record, text = room
    floor = record["floor"]
    groups = floor["groups_win_per_day"]["mean"]
    seeds = floor["house_funded_seeds_per_day"]["mean"]
    assert seeds >= 5000 / 2  # the $5,000 opening seed over 2 days
    assert floor["house_result_per_day"]["mean"] == pytest.approx(groups - seeds)
    assert "house-funded seeds" in text and "table groups' win" in text


def test_players_who_gave_up_waiting_are_counted_beside_those_turned_away(room):
    record, text = room
    players = record["players"]
    assert sum(p["gave_up_waiting"] for p in players) > 0
    for p in players:
        assert p["gave_up_waiting"] + p["turned_away"] <= p["arrivals"]
        assert p["gave_up_waiting_share"] == pytest.approx(p["gave_up_waiting"] / p["arrivals"])
    assert "gave up waiting" in text


def test_a_time_collection_table_and_a_waiting_list_are_explained(room):
    """Item 9: "rake per hand $0.00" at a table that charges time says so; a waiting list at an
    empty table names the players a game needs to start."""
    record, text = room
    assert record["groups"]["stud-15-30"]["house_fee"] == "time"
    assert "rake per hand (none: the table charges time collection)" in text
    assert record["groups"]["stud-hilo"]["start_players"] == 5
    assert "to start one (start_players" in text


def test_a_losing_side_bet_is_a_floor_flag(tmp_path):
    """Item 10: a progressive returning over 100% in the long run is the first thing shown."""
    source = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()
    losing = tmp_path / "losing.yaml"
    losing.write_text(source.replace("contribution_rate: 0.65", "contribution_rate: 0.80"))
    assert "contribution_rate: 0.80" in losing.read_text()
    floor = pit_floor("caribbean_stud/standard", progressive=losing, tables=1, days=1)
    record = simulate_floor(floor, days=1, replications=2, seed=1).to_record()
    rules = [flag["rule"] for flag in record["flags"]]
    assert rules == ["losing side bet"]
    text = format_floor(record, name="pit", seed=1)
    assert "FLAG: losing side bet" in "\n".join(text.splitlines()[:6])
    assert "108.03%" in text
