"""``casino-sim calibrate``: traffic from hourly counts (issue 27, part 4).

The shipped counts file is made by the floor itself from known rates (``floors/counts-pit``);
the calibration recovers them within its intervals. Counts made without noise from the
model's own expectation give the rates back exactly. Bad counts are one line, exit 2.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_floor
from casino_sim.config.floor import PlayerType
from casino_sim.engine.files import csv_text
from casino_sim.floor.calibrate import (
    WEEK,
    _week_matrix,
    calibrate,
    occupancy_kernel,
)
from casino_sim.floor.counts import Counts, counts_rows, parse_counts, parse_sessions
from casino_sim.floor.simulate import simulate_floor

SHIPPED = PAYTABLE_DIR / "counts" / "counts-pit.csv"
FLOOR = "floors/counts-pit"


def _truth(floor):
    """The floor's traffic normalized as the calibration reports it (profile, weekdays mean 1)."""
    traffic = floor.definition.traffic
    profile = np.array([float(x) for x in traffic.hourly_profile])
    weekday = np.array([float(x) for x in traffic.weekday_multipliers])
    rate = float(traffic.arrivals_per_hour) * profile.mean() * weekday.mean()
    return rate, profile / profile.mean(), weekday / weekday.mean()


def test_the_shipped_counts_are_the_floors_own():
    """The shipped file is what `casino-sim floor floors/counts-pit --days 29 --replications 1
    --seed 2026 --counts` writes, byte for byte."""
    floor = load_floor(FLOOR)
    seen = {}
    simulate_floor(floor, days=29, replications=1, seed=2026, workers=1,
                   on_replication=lambda i, r: seen.update(r.seated_by_hour))  # fmt: skip
    rows = counts_rows(seen, floor.definition.groups,
                       start_weekday=floor.definition.start_weekday_index)  # fmt: skip
    with open(SHIPPED, encoding="utf-8", newline="") as shipped:
        assert csv_text(list(rows)) == shipped.read()


def test_the_calibration_recovers_the_rates_that_made_the_counts():
    floor = load_floor(FLOOR)
    counts = parse_counts(io.StringIO(SHIPPED.read_text()), "counts-pit.csv", ["pit"])
    found = calibrate(counts, floor.definition.traffic.players, seats={"pit": 7})
    rate, profile, weekday = _truth(floor)
    assert found.weeks == 4 and found.full_hours == {"pit": 0}
    est = found.arrivals_per_hour
    assert est.low <= rate <= est.high
    assert abs(est.mean / rate - 1) < 0.05
    inside = [e.low <= v <= e.high for e, v in zip(found.hourly_profile, profile, strict=True)]
    assert sum(inside) >= 22  # 95% intervals: about one of 24 may miss
    inside = [e.low <= v <= e.high for e, v in zip(found.weekday_multipliers, weekday, strict=True)]
    assert sum(inside) >= 6
    # the floor file's sessions: 0.7 x 60 + 0.3 x 90 minutes
    assert found.mean_session_minutes["pit"].mean == pytest.approx(69, abs=0.05)


def test_counts_without_noise_give_the_rates_back_exactly():
    """y = A rate (the model's expectation): two identical weeks, the rates to 1e-9, zero-width
    intervals, and the product form's margins."""
    types = [PlayerType(name="a", games=("pit",), session_minutes=75),
             PlayerType(name="b", games=("pit",), session_minutes=30, session="fixed", weight=2)]  # fmt: skip
    kernel = occupancy_kernel(types)
    assert kernel.sum() == pytest.approx((75 + 2 * 30) / 3 / 60, rel=1e-3)
    hours = np.arange(24)
    profile = 1 + 0.8 * np.sin(2 * np.pi * hours / 24)
    weekday = np.array([0.8, 0.9, 1.0, 1.0, 1.2, 1.3, 0.8])
    rates = 25 * (weekday[:, None] * profile[None, :]).reshape(-1)
    start = dt.date(2026, 3, 4)  # a Wednesday: the record's weeks start mid-week
    first = start.weekday() * 24
    week = _week_matrix(kernel, first) @ rates
    players = np.tile(week, 2)[None, :]
    counts = Counts("exact.csv", start, 14, ("pit",), np.full_like(players, 5), players)
    found = calibrate(counts, types, seats={"pit": 7})
    assert np.allclose(found.rates, rates, atol=1e-9)
    assert found.arrivals_per_hour.mean == pytest.approx(rates.mean())
    assert found.arrivals_per_hour.low == pytest.approx(found.arrivals_per_hour.high)
    shown = np.array([e.mean for e in found.hourly_profile])
    assert np.allclose(shown, profile / profile.mean())
    assert np.allclose([e.mean for e in found.weekday_multipliers], weekday / weekday.mean())


def test_a_sessions_file_replaces_the_floor_files_session_lengths():
    """Sessions drawn with mean 45 minutes: their mean with its t interval; counts made with
    those sessions calibrate back to their rates only with them."""
    rng = np.random.default_rng(5)
    lengths = rng.exponential(0.75, size=4000)
    text = "game,start,end\n" + "".join(
        f"pit,2026-01-05T10:00,{(dt.datetime(2026, 1, 5, 10) + dt.timedelta(hours=h)).isoformat()}\n"
        for h in lengths
    )
    sessions = parse_sessions(io.StringIO(text), "sessions.csv", ["pit"])
    assert np.allclose(np.sort(sessions["pit"]), np.sort(lengths), atol=1e-5)
    kernel = occupancy_kernel(lengths_hours=sessions["pit"])
    rates = np.full(WEEK, 20.0)
    players = np.tile(_week_matrix(kernel, 0) @ rates, 2)[None, :]
    counts = Counts("c.csv", dt.date(2026, 1, 5), 14, ("pit",), np.full_like(players, 9), players)
    floor_types = load_floor(FLOOR).definition.traffic.players
    found = calibrate(counts, floor_types, seats={"pit": 7}, sessions=sessions)
    session = found.mean_session_minutes["pit"]
    minutes = sessions["pit"] * 60
    assert session.mean == pytest.approx(minutes.mean())
    half = 1.9606 * minutes.std(ddof=1) / math.sqrt(len(minutes))  # t(0.975, 3999)
    assert session.high - session.mean == pytest.approx(half, rel=1e-3)
    assert session.low <= 45 + 3 * half  # the draws' mean is 45
    assert found.arrivals_per_hour.mean == pytest.approx(20, rel=1e-6)
    wrong = calibrate(counts, floor_types, seats={"pit": 7})  # 69-minute sessions assumed
    assumed = wrong.mean_session_minutes["pit"].mean
    assert assumed == pytest.approx(69, abs=0.05)  # Little's law: the rate scales by E[S]
    assert wrong.arrivals_per_hour.mean == pytest.approx(20 * minutes.mean() / assumed, rel=1e-3)


def test_the_seated_players_per_hour_are_the_occupancy_seconds():
    floor = load_floor(FLOOR)
    kept = {}
    summary = simulate_floor(floor, days=2, replications=1, seed=3, workers=1,
                             on_replication=lambda i, r: kept.update(r=r))  # fmt: skip
    result = kept["r"]
    seated = result.seated_by_hour["pit"]
    assert seated.shape == (48,)
    from casino_sim.floor.tally import SEAT_SECONDS

    assert seated.sum() * 3600 == pytest.approx(result.daily[:, :, SEAT_SECONDS].sum())
    assert summary is not None


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_calibrate_writes_a_floor_that_loads_and_checks_it(tmp_path, capsys):
    out = tmp_path / "pit.yaml"
    status, text, err = _cli(capsys, "calibrate", "counts/counts-pit.csv", "--floor", FLOOR,
                             "--out", str(out), "--check", "2", "--seed", "4",
                             "--json", str(tmp_path / "c.json"))  # fmt: skip
    assert status == 0, err
    assert "arrivals_per_hour" in text and "inside the counts' 95% interval in" in text
    calibrated = load_floor(out)
    traffic = calibrated.definition.traffic
    rate, *_ = _truth(load_floor(FLOOR))
    profile = np.array([float(x) for x in traffic.hourly_profile])
    weekday = np.array([float(x) for x in traffic.weekday_multipliers])
    assert profile.mean() == pytest.approx(1, abs=1e-3) and weekday.mean() == pytest.approx(
        1, abs=1e-3
    )
    assert abs(float(traffic.arrivals_per_hour) / rate - 1) < 0.05
    assert calibrated.definition.start_weekday == "monday"  # the counts' first date's
    assert "calibrated from counts/counts-pit.csv" in calibrated.definition.notes
    inside = int(text.split("interval in ")[1].split(" of ")[0])
    assert inside >= 20  # of 24 hours of day
    # never overwritten without --force
    before = out.read_text()
    status, _, err = _cli(capsys, "calibrate", "counts/counts-pit.csv", "--floor", FLOOR,
                          "--out", str(out), "--check", "0")  # fmt: skip
    assert status == 2 and "already exists" in err and out.read_text() == before


def _shipped_rows() -> list[str]:
    return SHIPPED.read_text().splitlines()


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda rows: rows[:30], "has no row for 2026-01-06 hour 5"),
        (lambda rows: rows[:10] + rows[11:], "has no row for 2026-01-05 hour 9"),
        (
            lambda rows: [*rows[:4], rows[4].replace(",pit,", ",pti,"), *rows[5:]],
            "bad.csv:5: game: 'pti' is not a table group of the floor (did you mean 'pit'?)",
        ),
        (
            lambda rows: [*rows[:4], rows[4].rsplit(",", 1)[0] + ",-3", *rows[5:]],
            "bad.csv:5: players: expected a number >= 0, got '-3'",
        ),
        (
            lambda rows: [*rows[:4], rows[4].replace(",12,", ",1.5,"), *rows[5:]],
            "bad.csv:5: tables_open: expected a whole number >= 0, got '1.5'",
        ),
        (
            lambda rows: [*rows[:4], rows[4].replace("2026-01-05", "5/1/2026"), *rows[5:]],
            "bad.csv:5: date: expected a date YYYY-MM-DD, got '5/1/2026'",
        ),
        (
            lambda rows: [*rows[:4], rows[4].replace(",3,", ",24,"), *rows[5:]],
            "bad.csv:5: hour: expected a clock hour 0..23, got '24'",
        ),
        (
            lambda rows: [*rows[:5], rows[4], *rows[5:]],
            "bad.csv:6: a second row for pit on 2026-01-05 at hour 3",
        ),
        (
            lambda rows: [rows[0].replace("players", "heads"), *rows[1:]],
            "bad.csv:1: missing column(s) players",
        ),
        (
            lambda rows: [*rows[:4], rows[4].replace(",12,", ",0,"), *rows[5:]],
            "seated with no table open",
        ),
        (lambda rows: rows[: 1 + 24 * 13], "13 day(s) of counts; calibrating needs at least 14"),
    ],
)
def test_bad_counts_are_one_line_naming_the_file_line_and_key(tmp_path, capsys, edit, expected):
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(edit(_shipped_rows())) + "\n")
    status, out, err = _cli(capsys, "calibrate", str(bad), "--floor", FLOOR,
                            "--out", str(tmp_path / "x.yaml"))  # fmt: skip
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and expected in err, err
    assert "Traceback" not in err and not (tmp_path / "x.yaml").exists()


def test_a_floor_that_is_not_a_floor_and_a_missing_counts_file(tmp_path, capsys):
    status, _, err = _cli(capsys, "calibrate", "counts/counts-pit.csv", "--floor",
                          "caribbean_stud/standard")  # fmt: skip
    assert status == 2 and "--floor needs a floor file, got a caribbean_stud file" in err
    status, _, err = _cli(capsys, "calibrate", str(tmp_path / "none.csv"), "--floor", FLOOR)
    assert status == 2 and "none.csv: no such counts file" in err


def test_floor_counts_option_writes_the_hourly_counts(tmp_path, capsys):
    out = tmp_path / "counts.csv"
    status, _, err = _cli(capsys, "floor", "floors/pit", "--days", "2", "--replications", "1",
                             "--seed", "2", "--quiet", "--counts", str(out))  # fmt: skip
    assert status == 0, err
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 24 and {r["game"] for r in rows} == {"pit"}
    assert rows[0]["date"] == "2026-01-06"  # the pit starts on a Monday; its first day left out
    assert all(int(r["tables_open"]) == 6 and float(r["players"]) >= 0 for r in rows)
    assert all(float(r["players"]) <= 42 for r in rows)  # 6 tables x 7 seats
    status, _, err = _cli(capsys, "floor", "floors/pit", "--days", "1", "--counts",
                          str(tmp_path / "c1.csv"), "--quiet")  # fmt: skip
    assert status == 2 and "--days 2 or more" in err
    assert math.isfinite(float(rows[-1]["players"]))
