"""``kind: floor``: the shipped floors, their figures, and one clear line for every bad input."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import (
    PAYTABLE_DIR,
    BankedGroup,
    Floor,
    FloorDefinition,
    OpenHours,
    PaytableError,
    PokerGroup,
    dump_yaml,
    load,
    load_floor,
    load_text,
    shipped_files,
    shipped_name,
)
from casino_sim.config.floor import NAMED_STRATEGIES

# ----------------------------------------------------------------- the shipped floors


def test_the_shipped_floors() -> None:
    names = {shipped_name(p) for p in shipped_files("floor")}
    assert names == {"floors/pit", "floors/pit-7", "floors/pit-banked", "floors/card-room",
                     "floors/casino", "floors/casino-costs", "floors/counts-pit",
                     "floors/erlang-pit", "floors/minimums-pit"}  # fmt: skip


def test_the_pit() -> None:
    floor = load_floor("floors/pit")
    assert floor.path == PAYTABLE_DIR / "floors" / "pit.yaml"
    (pit,) = floor.banked_groups
    assert floor.poker_groups == ()
    assert (pit.name, pit.count, pit.seats, pit.min_ante, pit.max_ante) == ("pit", 6, 7, 5, 500)
    assert pit.open.always and pit.open.windows == ((0, 86_400),)
    assert pit.progressive == "pit-progressive"
    assert floor.group("pit") is pit and floor.seats("pit") == 7
    assert floor.paytables["pit"].name == "standard US"
    assert floor.progressives["pit-progressive"].seed == 10_000
    assert floor.meter_start("pit-progressive") == 10_000
    assert pit.pace.seconds(7) == 30 + 7 * 12
    traffic = floor.definition.traffic
    assert traffic.arrivals_per_hour == 30 and len(traffic.hourly_profile) == 24
    assert traffic.rate_per_hour(21, 5) == pytest.approx(30 * 1.8 * 1.3)  # Saturday 21:00
    assert traffic.rate_per_hour(5, 0) == pytest.approx(30 * 0.2 * 0.9)  # Monday 05:00
    assert traffic.peak_rate_per_hour == pytest.approx(30 * 1.8 * 1.3)
    recreational, regular = traffic.players
    assert traffic.player_shares == (Fraction(7, 10), Fraction(3, 10))
    assert (recreational.ante, recreational.side_bet, recreational.buy_in) == (
        5,
        Fraction(6, 10),
        200,
    )
    assert recreational.mistake_rate == Fraction(5, 100) and recreational.strategy == "optimal"
    assert (regular.ante, regular.session_minutes, regular.buy_in) == (25, 90, 1000)
    assert regular.stakes_at(pit) == [25]
    assert dataclasses.replace(regular, ante=None).stakes_at(pit) == [5]
    assert set(floor.inputs) == {
        "floor",
        "tables[0].paytable",
        "meters.pit-progressive.progressive",
    }
    assert floor.inputs["tables[0].paytable"] == PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"
    assert floor.strategy_files == {}


def test_the_card_room() -> None:
    floor = load_floor("floors/card-room")
    assert floor.banked_groups == ()
    groups = {g.name: g for g in floor.poker_groups}
    assert list(groups) == ["stud-5-10", "stud-15-30", "razz", "stud-hilo"]
    assert all(g.count == 1 and floor.seats(g.name) == 8 for g in groups.values())
    assert groups["stud-5-10"].open.windows == ((10 * 3600, 30 * 3600),)  # 10:00-06:00
    assert groups["stud-5-10"].open.open_seconds_per_day == 20 * 3600
    assert groups["stud-15-30"].open.is_open(3 * 3600) and not groups["stud-15-30"].open.is_open(
        12 * 3600
    )
    assert floor.stud_tables["stud-15-30"].rake.type == "time"
    assert floor.variants["razz"].ranking == "ace-to-five"
    assert floor.variants["stud-hilo"].ranking == "hi-lo-8"
    assert groups["stud-5-10"].bad_beat == "card-room-bad-beat"
    assert floor.bad_beat("card-room-bad-beat").qualifying_hand.describe() == (
        "full house, A or better"
    )
    assert floor.meter_start("card-room-bad-beat") == 5000
    assert {p.bot for p in floor.definition.traffic.players} == {"mixed", "regular", "rock"}


def test_the_casino_is_the_pit_and_the_card_room() -> None:
    casino, pit, room = (load_floor(f"floors/{n}") for n in ("casino", "pit", "card-room"))
    assert casino.definition.tables == pit.definition.tables + room.definition.tables
    assert dict(casino.definition.meters) == {**pit.definition.meters, **room.definition.meters}
    assert casino.definition.days == 30 and casino.definition.start_weekday == "monday"
    assert casino.definition.weekday(5) == 5 and casino.definition.weekday(7) == 0
    assert casino.definition.traffic.rate_per_hour(0, 0) == pytest.approx(40 * 1.2 * 0.9)


@pytest.mark.parametrize("path", shipped_files("floor"), ids=shipped_name)
def test_shipped_floor_round_trips_and_says_what_is_assumed(path: Path) -> None:
    definition = load(path)
    assert isinstance(definition, FloorDefinition)
    assert load_text(dump_yaml(definition)) == definition
    assert load_floor(path).definition == definition
    assert definition.source and definition.description and "Assumptions" in definition.notes


def test_cli_validates_and_lists_the_floors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "floors/casino"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("casino.yaml: OK (floor: casino: pit and card room)\n")
    assert main(["list", "--kind", "floor"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line[:1] != " "]
    assert [line.split()[:2] for line in lines] == [
        ["floors/card-room", "floor"],
        ["floors/casino-costs", "floor"],
        ["floors/casino", "floor"],
        ["floors/counts-pit", "floor"],
        ["floors/erlang-pit", "floor"],
        ["floors/minimums-pit", "floor"],
        ["floors/pit-7", "floor"],
        ["floors/pit-banked", "floor"],
        ["floors/pit", "floor"],
    ]


def test_named_strategies_agree_with_the_games_layer() -> None:
    from casino_sim.games.banked.caribbean_stud.strategy import named

    assert named.NAMED_STRATEGIES == NAMED_STRATEGIES


# ----------------------------------------------------------------- opening hours


def test_opening_hours() -> None:
    hours = OpenHours.parse(["22:00-02:00", "10:00-14:00"])
    assert hours.windows == ((36_000, 50_400), (79_200, 93_600))
    assert hours.open_seconds_per_day == 8 * 3600 and not hours.always
    assert [hours.is_open(h * 3600) for h in (1, 2, 9, 10, 13, 14, 22)] == [
        True,
        False,
        False,
        True,
        True,
        False,
        True,
    ]
    assert hours.is_open(86_400 + 3600)  # any time, taken modulo a day
    assert hours.to_yaml() == ["10:00-14:00", "22:00-02:00"]
    assert OpenHours.parse(["00:00-12:00", "12:00-24:00"]).always
    assert OpenHours.parse("always").to_yaml() == "always"


# ----------------------------------------------------------------- bad input

PROFILE = "[" + ", ".join(["1"] * 24) + "]"
BASE = f"""\
kind: floor
name: test floor
meters:
  pit-meter:
    type: progressive
    progressive: progressives/50-75-100
  room-jackpot:
    type: bad_beat
tables:
  - game: caribbean_stud
    name: pit
    count: 2
    paytable: caribbean_stud/standard
    progressive: pit-meter
    min_ante: 5
    max_ante: 100
  - game: stud
    name: room
    variant: stud/seven_card_stud
    table: stud/tables/5-10-bad-beat
    bad_beat: room-jackpot
    seats: 8
    open: ["10:00-06:00"]
traffic:
  arrivals_per_hour: 20
  hourly_profile: {PROFILE}
  players:
    - name: gambler
      games: [pit, room]
      ante: 10
      strategy: optimal
"""


def _write(folder: Path, text: str, name: str = "casino.yaml") -> Path:
    path = folder / name
    path.write_text(text)
    return path


def _line(text: str, fragment: str) -> int:
    """1-based line of the first line holding ``fragment``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_base_floor_is_valid(tmp_path: Path) -> None:
    floor = load_floor(_write(tmp_path, BASE))
    assert isinstance(floor, Floor)
    assert isinstance(floor.group("pit"), BankedGroup) and isinstance(
        floor.group("room"), PokerGroup
    )
    with pytest.raises(KeyError, match="no table group 'nope'"):
        floor.group("nope")


SHARED_TABLE = (PAYTABLE_DIR / "stud" / "tables" / "5-10-bad-beat.yaml").read_text()
BAD_CASES = {
    # id: (old, new, line fragment in the new text, key path, message start);
    # several replacements are given as {old: new, ...} with new None
    "missing paytable": (
        "paytable: caribbean_stud/standard",
        "paytable: foo.yaml",
        "paytable: foo.yaml",
        "tables[0].paytable",
        "no such file 'foo.yaml' (",
    ),
    "paytable of the wrong kind": (
        "paytable: caribbean_stud/standard",
        "paytable: stud/tables/5-10",
        "paytable:",
        "tables[0].paytable",
        "'stud/tables/5-10' is a stud_table file, expected a caribbean_stud file",
    ),
    "missing variant": (
        "variant: stud/seven_card_stud",
        "variant: stud/eight_card_stud",
        "variant:",
        "tables[1].variant",
        "no such file 'stud/eight_card_stud'",
    ),
    "a meter no table uses": (
        "  room-jackpot:\n",
        "  spare:\n    type: progressive\n    progressive: progressives/50-75-100\n"
        "  room-jackpot:\n",
        "  spare:",
        "meters.spare",
        "meter 'spare' is used by no table",
    ),
    "unknown meter": (
        "progressive: pit-meter",
        "progressive: pit-metre",
        "progressive: pit-metre",
        "tables[0].progressive",
        "unknown meter 'pit-metre'",
    ),
    "more poker seats than the game allows": (
        "seats: 8",
        "seats: 9",
        "seats: 9",
        "tables[1].seats",
        "9 seats, but the game allows at most 8",
    ),
    "more Caribbean seats than the game allows": (
        "    count: 2\n",
        "    count: 2\n    seats: 8\n",
        "seats: 8",
        "tables[0].seats",
        "expected at most 7, got 8",
    ),
    "a negative rate": (
        "arrivals_per_hour: 20",
        "arrivals_per_hour: -5",
        "arrivals_per_hour",
        "traffic.arrivals_per_hour",
        "expected a number > 0, got -5",
    ),
    "a profile of the wrong length": (
        PROFILE,
        "[" + ", ".join(["1"] * 23) + "]",
        "hourly_profile",
        "traffic.hourly_profile",
        "expected 24 values (one per hour of day 0..23), got 23",
    ),
    "a profile that is all zero": (
        "  hourly_profile:",
        "  weekday_multipliers: [0, 0, 0, 0, 0, 0, 0]\n  hourly_profile:",
        "weekday_multipliers",
        "traffic.weekday_multipliers",
        "all 7 values are 0",
    ),
    "a negative profile value": (
        PROFILE,
        "[1, -1" + ", 1" * 22 + "]",
        "hourly_profile",
        "traffic.hourly_profile[1]",
        "expected a number >= 0, got -1",
    ),
    "opening hours that never open": (
        '["10:00-06:00"]',
        '["10:00-10:00"]',
        "open:",
        "tables[1].open[0]",
        "opening hours never open",
    ),
    "no opening hours": (
        '["10:00-06:00"]',
        "[]",
        "open:",
        "tables[1].open",
        "opening hours never open",
    ),
    "overlapping opening hours": (
        '["10:00-06:00"]',
        '["10:00-06:00", "05:00-07:00"]',
        "open:",
        "tables[1].open[1]",
        "windows 10:00-06:00 and 05:00-07:00 overlap",
    ),
    "a bad window": (
        '["10:00-06:00"]',
        '["10:00-25:00"]',
        "open:",
        "tables[1].open[0]",
        "no such time of day in '10:00-25:00'",
    ),
    "a player game that is not a group": (
        "games: [pit, room]",
        "games: [pit, rooom]",
        "games:",
        "traffic.players[0].games[1]",
        "no table group 'rooom' (groups: pit, room)",
    ),
    "an ante outside a played group's range": (
        "      ante: 10",
        "      ante: 200",
        "ante: 200",
        "traffic.players[0].ante",
        "ante 200 is outside group 'pit''s limits 5..100",
    ),
    "min_ante above max_ante": (
        "min_ante: 5",
        "min_ante: 500",
        "max_ante",
        "tables[0].max_ante",
        "min_ante 500 is above max_ante 100",
    ),
    "duplicate group names": (
        {"    name: room\n": "    name: pit  # again\n", "games: [pit, room]": "games: [pit]"},
        None,
        "# again",
        "tables[1].name",
        "duplicate group name 'pit' (also tables[0])",
    ),
    "bad_beat where the table file has none": (
        "table: stud/tables/5-10-bad-beat",
        "table: stud/tables/5-10",
        "bad_beat: room-jackpot",
        "tables[1].bad_beat",
        "the table file 'stud/tables/5-10' has no bad_beat section",
    ),
    "bad_beat missing where the table file has one": (
        {"  room-jackpot:\n    type: bad_beat\n": "", "    bad_beat: room-jackpot\n": ""},
        None,
        "- game: stud",
        "tables[1].bad_beat",
        "missing bad_beat: the table file 'stud/tables/5-10-bad-beat' has a bad-beat jackpot",
    ),
    "a bad-beat meter shared across different rules": (
        "traffic:",
        "  - game: stud\n    name: room2\n    variant: stud/razz\n    table: other.yaml\n"
        "    bad_beat: room-jackpot  # shared\ntraffic:",
        "# shared",
        "tables[2].bad_beat",
        "meter 'room-jackpot' is shared with tables[1], whose table file has other bad-beat rules",
    ),
    "start_players above the game's seats": (
        "    seats: 8\n",
        "    start_players: 9\n",
        "start_players: 9",
        "tables[1].start_players",
        "start_players 9 is above the 8 seats of the game",
    ),
    "break_below above start_players": (
        "    seats: 8\n",
        "    seats: 8\n    start_players: 4\n    break_below: 5\n",
        "break_below: 5",
        "tables[1].break_below",
        "break_below 5 is above start_players 4",
    ),
    "a meter that starts below its seed": (
        "    progressive: progressives/50-75-100\n",
        "    progressive: progressives/50-75-100\n    start: 100\n",
        "start: 100",
        "meters.pit-meter.start",
        "start 100 is below the seed 10000",
    ),
    "an unknown strategy": (
        "strategy: optimal",
        "strategy: optimum",
        "strategy:",
        "traffic.players[0].strategy",
        "unknown strategy 'optimum'; expected one of optimal, pair-or-better, akj83",
    ),
    "a missing strategy file": (
        "strategy: optimal",
        "strategy: mine.yaml",
        "strategy:",
        "traffic.players[0].strategy",
        "no such file 'mine.yaml'",
    ),
    "dealer breaks of an hour": (
        "    count: 2\n",
        "    count: 2\n    dealer_breaks: {minutes_per_hour: 60}\n",
        "dealer_breaks",
        "tables[0].dealer_breaks.minutes_per_hour",
        "expected fewer than 60 minutes per hour, got 60",
    ),
    "an unknown game": (
        "- game: caribbean_stud",
        "- game: blackjack",
        "game: blackjack",
        "tables[0].game",
        "unknown game 'blackjack'; expected one of caribbean_stud, banked, stud",
    ),
    "an unknown weekday": (
        "name: test floor\n",
        "name: test floor\nstart_weekday: mon\n",
        "start_weekday",
        "start_weekday",
        "unknown value 'mon' (did you mean 'monday'?)",
    ),
    "an unknown key": (
        "    count: 2\n",
        "    count: 2\n    tabels: 3\n",
        "tabels",
        "tables[0].tabels",
        "unknown key 'tabels'",
    ),
}


def _bad(tmp_path: Path, case: str) -> tuple[Path, int, str, str]:
    old, new, fragment, key, message = BAD_CASES[case]
    text = BASE
    for before, after in (old if isinstance(old, dict) else {old: new}).items():
        assert before in text, case
        text = text.replace(before, after or "", 1)
    _write(tmp_path, SHARED_TABLE.replace("seed: 5000", "seed: 6000"), "other.yaml")
    return _write(tmp_path, text), _line(text, fragment), key, message


@pytest.mark.parametrize("case", BAD_CASES)
def test_bad_input_is_one_line_naming_file_line_and_key(tmp_path: Path, case: str) -> None:
    path, line, key, message = _bad(tmp_path, case)
    with pytest.raises(PaytableError) as caught:
        load_floor(path)
    assert len(caught.value.problems) == 1, str(caught.value)
    assert str(caught.value).startswith(f"{path}:{line}: {key}: {message}")


@pytest.mark.parametrize(
    "case", ["missing paytable", "a meter no table uses", "a profile of the wrong length"]
)
def test_cli_validate_of_a_bad_floor_exits_2_with_one_line(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, line, key, message = _bad(tmp_path, case)
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and out.startswith(f"{path}:{line}: {key}: {message}")
    assert err == ""


def test_cli_validate_as_a_process_prints_no_traceback(tmp_path: Path) -> None:
    path, line, key, message = _bad(tmp_path, "opening hours that never open")
    result = subprocess.run(
        [sys.executable, "-m", "casino_sim", "validate", path.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout.startswith(f"{path.name}:{line}: {key}: {message}")
    assert result.stdout.count("\n") == 1 and "Traceback" not in result.stderr


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = BASE.replace("progressive: pit-meter", "progressive: room-jackpot").replace(
        "games: [pit, room]", "games: [pit, rooom]"
    )
    path = _write(tmp_path, text)
    with pytest.raises(PaytableError) as caught:
        load(path)
    assert [str(p).split(": ", 2)[:2] for p in caught.value.problems] == [
        [f"{path}:{_line(text, 'pit-meter:')}", "meters.pit-meter"],
        [f"{path}:{_line(text, 'progressive: room-jackpot')}", "tables[0].progressive"],
        [f"{path}:{_line(text, 'games:')}", "traffic.players[0].games[1]"],
    ]
    assert "is a bad_beat meter; caribbean_stud tables need a type: progressive meter" in str(
        caught.value
    )


def test_an_invalid_referenced_file_reports_its_own_line(tmp_path: Path) -> None:
    _write(tmp_path, "kind: caribbean_stud\nname: x\npays: {royal_flush: -1}\n", "bad.yaml")
    path = _write(tmp_path, BASE.replace("caribbean_stud/standard", "bad.yaml"))
    with pytest.raises(PaytableError, match=r"bad\.yaml:3: pays\.royal_flush: ") as caught:
        load_floor(path)
    assert len(caught.value.problems) == 1


def test_references_beside_the_floor_and_strategy_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "floors"
    folder.mkdir()
    strategy = _write(
        folder, "kind: caribbean_strategy\nname: pairs\nrules:\n  - at_least: one_pair\n", "s.yaml"
    )
    paytable = folder / "mine.yaml"
    paytable.write_text((PAYTABLE_DIR / "caribbean_stud" / "royal-250.yaml").read_text())
    text = BASE.replace("caribbean_stud/standard", "mine.yaml").replace(
        "strategy: optimal", "strategy: s.yaml"
    )
    path = _write(folder, text)
    monkeypatch.chdir(tmp_path)  # references are relative to the floor file, not the cwd
    floor = load_floor(Path("floors") / "casino.yaml")
    assert floor.paytables["pit"].raise_pay("royal_flush") == 250
    assert floor.inputs["tables[0].paytable"] == Path("floors") / "mine.yaml"
    assert floor.strategy_files == {"gambler": Path("floors") / "s.yaml"}
    assert floor.inputs["traffic.players[0].strategy"] == Path("floors") / "s.yaml"
    assert main(["validate", str(path)]) == 0
    strategy.write_text("kind: caribbean_strategy\nname: pairs\nrules:\n  - at_least: pear\n")
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"{strategy}:4: rules[0].at_least")
