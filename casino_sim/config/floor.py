"""A casino floor (``kind: floor``): table groups, linked meters, opening hours, pace and traffic.

This module holds the pure definition: every check that needs no other file
(group names, meter links, player types' games and antes, opening hours, the
arrival profile). :func:`casino_sim.config.floor_loader.load_floor` reads the
files a floor names (paytables, progressives, stud variants and tables,
strategy files) and checks the floor against them.

>>> hours = OpenHours.parse(["18:00-04:00"])
>>> hours.windows, hours.open_seconds_per_day, hours.is_open(2 * 3600), hours.is_open(12 * 3600)
(((64800, 100800),), 36000, True, False)
>>> BankedPace().seconds(3)
66.0
>>> traffic = Traffic(arrivals_per_hour=Fraction(30), players=(PlayerType(name="p", games=("pit",)),))
>>> traffic.rate_per_hour(20, 5)
30.0
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from casino_sim.config.common import definition, require_whole_cents
from casino_sim.config.floor_costs import Costs
from casino_sim.config.floor_meters import BadBeatMeterDef, MeterDef, ProgressiveMeterDef
from casino_sim.config.floor_schedule import MinimumSchedule, TableSchedule
from casino_sim.config.floor_traffic import NAMED_STRATEGIES, PlayerType, Traffic, at_least_one
from casino_sim.config.hours import ALWAYS_OPEN, SECONDS_PER_DAY, Hours, OpenHours
from casino_sim.config.money import Flag, Number, PositiveAmount, PositiveNumber, Text
from casino_sim.config.problems import FieldProblem

__all__ = [
    "ALWAYS_OPEN",
    "NAMED_STRATEGIES",
    "SECONDS_PER_DAY",
    "WEEKDAYS",
    "BadBeatMeterDef",
    "BankedGameGroup",
    "BankedGroup",
    "BankedPace",
    "Costs",
    "DealerBreaks",
    "FieldProblems",
    "FloorDefinition",
    "MeterDef",
    "OpenHours",
    "PlayerType",
    "PokerGroup",
    "ProgressiveMeterDef",
    "TableGroup",
    "Traffic",
]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""Weekday names, Monday first (index = ``datetime.date.weekday()``)."""
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class FieldProblems(FieldProblem):
    """Several cross-field problems of one definition; the loader reports each on its own line."""

    def __init__(self, problems: list[FieldProblem]) -> None:
        super().__init__(str(problems[0]), *problems[0].path)
        self.problems: tuple[FieldProblem, ...] = tuple(problems)


# ----------------------------------------------------------------- tables


@definition
class BankedPace:
    """How long a banked round takes: ``seconds_per_round + players * seconds_per_player + shuffle_seconds``."""

    seconds_per_round: Number = Fraction(30)
    """Fixed time per round: dealing the dealer's hand, settling (assumed 30)."""
    seconds_per_player: Number = Fraction(12)
    """Per seated player: dealing, deciding, paying (assumed 12)."""
    shuffle_seconds: Number = Fraction(0)
    """Added to each round for a hand shuffle; 0 = a continuous shuffler."""

    def __post_init__(self) -> None:
        if self.seconds_per_round + self.seconds_per_player <= 0:
            raise FieldProblem(
                "a round must take some time: seconds_per_round + seconds_per_player > 0",
                "seconds_per_round",
            )

    def seconds(self, players: int) -> float:
        """Seconds one round takes with ``players`` seated players."""
        return float(
            self.seconds_per_round + players * self.seconds_per_player + self.shuffle_seconds
        )


@definition
class DealerBreaks:
    """Dealer breaks: ``minutes_per_hour`` off every clock hour, with or without a relief dealer."""

    minutes_per_hour: PositiveNumber
    """Break minutes in each clock hour (0 < m < 60), e.g. 20."""
    relief: Flag = True
    """true: a relief dealer takes over (no pause); false: the table stops for the last minutes of every hour."""

    def __post_init__(self) -> None:
        if self.minutes_per_hour >= 60:
            raise FieldProblem(
                f"expected fewer than 60 minutes per hour, got {self.minutes_per_hour}",
                "minutes_per_hour",
            )

    @property
    def pause_seconds_per_hour(self) -> float:
        """Seconds per clock hour the table does not deal (0 with relief)."""
        return 0.0 if self.relief else float(self.minutes_per_hour * 60)

    def is_dealing(self, second_of_day: float) -> bool:
        """Whether the table deals at ``second_of_day`` (False in the last minutes of an hour without relief)."""
        return second_of_day % 3600 < 3600 - self.pause_seconds_per_hour


@definition
class BankedGroup:
    """Identical banked tables (Caribbean Stud) with one paytable, betting limits and opening hours."""

    game: Literal["caribbean_stud"] = "caribbean_stud"
    """The banked game: caribbean_stud."""
    name: Text
    """The group's name (unique on the floor); player types list it in games."""
    count: int = Field(default=1, strict=True, ge=1, le=500)
    """How many tables."""
    paytable: str
    """The caribbean_stud file: a path relative to the floor file, or a shipped name such as caribbean_stud/standard."""
    seats: int = Field(default=7, strict=True, ge=1, le=7)
    """Player seats per table (Caribbean Stud: at most 7)."""
    min_ante: PositiveAmount = Fraction(5)
    """Smallest ante."""
    max_ante: PositiveAmount = Fraction(500)
    """Largest ante."""
    progressive: str | None = None
    """Name of the type: progressive meter the tables are linked to; null = no side bet."""
    open: Hours = Field(
        default_factory=lambda: ALWAYS_OPEN, json_schema_extra={"default": "always"}
    )
    """always, or a list of windows "HH:MM-HH:MM" (a close before the open is past midnight)."""
    pace: BankedPace = BankedPace()
    """Dealing pace."""
    dealer_breaks: DealerBreaks | None = None
    """Dealer breaks; null = none modelled."""
    schedule: TableSchedule | None = None
    """Tables open by block of hours and weekday (at most count); null = every table while open."""
    minimums: MinimumSchedule | None = None
    """The table minimum (ante) by block of hours and weekday, within min_ante..max_ante; null = min_ante at every hour."""
    waiting_list: Flag = False
    """true: a player who finds every table full (and no seat at a later game of its list) waits for a seat, up to its patience_minutes; false: turned away."""

    def __post_init__(self) -> None:
        if self.schedule is not None:
            self.schedule.check_tables(self.count)
        require_whole_cents(self.min_ante, "min_ante")
        require_whole_cents(self.max_ante, "max_ante")
        if self.min_ante > self.max_ante:
            raise FieldProblem(
                f"min_ante {self.min_ante} is above max_ante {self.max_ante}", "max_ante"
            )
        if self.minimums is not None:
            self.minimums.check_limits(self.min_ante, self.max_ante, ("min_ante", "max_ante"))

    @property
    def limits(self) -> tuple[Fraction, Fraction]:
        """The smallest and the largest ante."""
        return self.min_ante, self.max_ante

    def minimum_amounts(self) -> list[Fraction]:
        """Every table minimum of the week, lowest first (``min_ante`` without ``minimums``)."""
        return [self.min_ante] if self.minimums is None else self.minimums.amounts()


@definition
class PokerGroup:
    """Identical house-dealt stud tables with one variant, one table structure and a waiting list."""

    game: Literal["stud"] = "stud"
    """The poker-room game: stud."""
    name: Text
    """The group's name (unique on the floor); player types list it in games."""
    count: int = Field(default=1, strict=True, ge=1, le=500)
    """How many tables."""
    variant: str
    """The stud_variant file or shipped name, e.g. stud/seven_card_stud."""
    table: str
    """The stud_table file or shipped name, e.g. stud/tables/5-10-bad-beat."""
    seats: int | None = Field(default=None, strict=True, ge=2, le=10)
    """Seats per table; null = the fewer of the variant's max_players and the table's max_seats."""
    bad_beat: str | None = None
    """Name of the type: bad_beat meter; required exactly when the table file has a bad_beat section."""
    start_players: int = Field(default=5, strict=True, ge=2)
    """A game starts when this many players are on the waiting list."""
    break_below: int = Field(default=3, strict=True, ge=2)
    """The game breaks when fewer players than this remain."""
    open: Hours = Field(
        default_factory=lambda: ALWAYS_OPEN, json_schema_extra={"default": "always"}
    )
    """always, or a list of windows "HH:MM-HH:MM" (a close before the open is past midnight)."""
    dealer_breaks: DealerBreaks | None = None
    """Dealer breaks; null = none modelled."""

    def __post_init__(self) -> None:
        if self.break_below > self.start_players:
            raise FieldProblem(
                f"break_below {self.break_below} is above start_players {self.start_players}",
                "break_below",
            )
        if self.seats is not None and self.start_players > self.seats:
            raise FieldProblem(
                f"start_players {self.start_players} is above seats {self.seats}", "start_players"
            )


@definition
class BankedGameGroup:
    """Identical tables of a game written in the banked-game language (a ``kind: banked_game``
    file): its betting limits, the side bets on the felt, pace and opening hours."""

    game: Literal["banked"] = "banked"
    """The banked-game language: banked."""
    name: Text
    """The group's name (unique on the floor); player types list it in games."""
    count: int = Field(default=1, strict=True, ge=1, le=500)
    """How many tables."""
    definition: str
    """The banked_game file: a path relative to the floor file, or a shipped name such as banked/three_card_poker."""
    seats: int = Field(default=6, strict=True, ge=1, le=7)
    """Player seats per table (1 to 7; the deck must hold every seat's cards)."""
    min_bet: PositiveAmount = Fraction(5)
    """Smallest bet: the initial bet on the game's house_edge_per wager (the ante; Let It Ride's unit)."""
    max_bet: PositiveAmount = Fraction(500)
    """Largest bet."""
    side_bets: Mapping[str, Text] = Field(default_factory=dict)
    """The game's side bets on the felt, each with the name of its paytable (e.g. pair_plus: 40-30-6-4-1); a bet of one unit of the player's bet each."""
    progressive: str | None = None
    """Name of the type: progressive meter the tables are linked to, for the game's progressive side bet (a side bet with progressive: FILE; the meter's progressive file is played); null = no progressive."""
    open: Hours = Field(
        default_factory=lambda: ALWAYS_OPEN, json_schema_extra={"default": "always"}
    )
    """always, or a list of windows "HH:MM-HH:MM" (a close before the open is past midnight)."""
    pace: BankedPace = BankedPace()
    """Dealing pace."""
    dealer_breaks: DealerBreaks | None = None
    """Dealer breaks; null = none modelled."""
    schedule: TableSchedule | None = None
    """Tables open by block of hours and weekday (at most count); null = every table while open."""
    minimums: MinimumSchedule | None = None
    """The table minimum (bet) by block of hours and weekday, within min_bet..max_bet; null = min_bet at every hour."""
    waiting_list: Flag = False
    """true: a player who finds every table full (and no seat at a later game of its list) waits for a seat, up to its patience_minutes; false: turned away."""

    def __post_init__(self) -> None:
        if self.schedule is not None:
            self.schedule.check_tables(self.count)
        object.__setattr__(self, "side_bets", MappingProxyType(dict(self.side_bets)))
        require_whole_cents(self.min_bet, "min_bet")
        require_whole_cents(self.max_bet, "max_bet")
        if self.min_bet > self.max_bet:
            raise FieldProblem(f"min_bet {self.min_bet} is above max_bet {self.max_bet}", "max_bet")
        if self.minimums is not None:
            self.minimums.check_limits(self.min_bet, self.max_bet, ("min_bet", "max_bet"))

    @property
    def limits(self) -> tuple[Fraction, Fraction]:
        """The smallest and the largest bet."""
        return self.min_bet, self.max_bet

    def minimum_amounts(self) -> list[Fraction]:
        """Every table minimum of the week, lowest first (``min_bet`` without ``minimums``)."""
        return [self.min_bet] if self.minimums is None else self.minimums.amounts()


TableGroup = Annotated[BankedGroup | BankedGameGroup | PokerGroup, Field(discriminator="game")]


# ----------------------------------------------------------------- the floor


@definition
class FloorDefinition:
    """A casino floor (``kind: floor``): table groups, linked meters and traffic."""

    kind: Literal["floor"] = "floor"
    """Always floor."""
    name: Text
    """Short name, e.g. "Caribbean Stud pit"."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the numbers come from."""
    notes: Text = ""
    """Anything a reader should know (which numbers are assumptions)."""
    days: int = Field(default=30, strict=True, ge=1, le=3660)
    """The default horizon in days."""
    start_weekday: Weekday = "monday"
    """Weekday of day 0."""
    meters: Mapping[str, MeterDef] = Field(default_factory=dict)
    """Linked meters by name: type progressive (a pit) or bad_beat (a card room)."""
    tables: Annotated[tuple[TableGroup, ...], at_least_one("table group")]
    """Groups of identical tables; game caribbean_stud, banked (a banked_game file) or stud."""
    traffic: Traffic
    """Arrivals and player types."""
    costs: Costs | None = None
    """What the tables cost (dealers, openings, gaming tax, comps): net contribution."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "meters", MappingProxyType(dict(self.meters)))
        problems = self._problems()
        if problems:
            raise FieldProblems(problems)

    @cached_property
    def groups(self) -> Mapping[str, BankedGroup | BankedGameGroup | PokerGroup]:
        """Table groups by name."""
        return MappingProxyType({g.name: g for g in self.tables})

    @property
    def start_weekday_index(self) -> int:
        """Weekday of day 0 as 0 (Monday) .. 6 (Sunday)."""
        return WEEKDAYS.index(self.start_weekday)

    def weekday(self, day: int) -> int:
        """Weekday (0 = Monday) of simulated day ``day`` (day 0 is :attr:`start_weekday`)."""
        return (self.start_weekday_index + day) % 7

    def _problems(self) -> list[FieldProblem]:
        problems: list[FieldProblem] = []
        first: dict[str, int] = {}
        used: set[str] = set()
        for index, group in enumerate(self.tables):
            if group.name in first:
                problems.append(
                    FieldProblem(
                        f"duplicate group name {group.name!r} (also tables[{first[group.name]}])",
                        "tables",
                        index,
                        "name",
                    )
                )
            first.setdefault(group.name, index)
            key, wanted = (
                ("bad_beat", "bad_beat")
                if isinstance(group, PokerGroup)
                else ("progressive", "progressive")
            )
            meter_name: str | None = getattr(group, key)
            if meter_name is None:
                continue
            used.add(meter_name)
            meter = self.meters.get(meter_name)
            if meter is None:
                known = ", ".join(repr(m) for m in self.meters) or "none"
                problems.append(
                    FieldProblem(
                        f"unknown meter {meter_name!r} (meters: {known})", "tables", index, key
                    )
                )
            elif meter.type != wanted:
                problems.append(
                    FieldProblem(
                        f"meter {meter_name!r} is a {meter.type} meter; "
                        f"{group.game} tables need a type: {wanted} meter",
                        "tables",
                        index,
                        key,
                    )
                )
        if used <= set(self.meters):  # after a misspelt link, the unknown meter says it all
            problems.extend(
                FieldProblem(f"meter {name!r} is used by no table", "meters", name)
                for name in self.meters
                if name not in used
            )
        names: dict[str, int] = {}
        for index, player in enumerate(self.traffic.players):
            if player.name in names:
                problems.append(
                    FieldProblem(
                        f"duplicate player type {player.name!r} (also players[{names[player.name]}])",
                        "traffic",
                        "players",
                        index,
                        "name",
                    )
                )
            names.setdefault(player.name, index)
            problems.extend(self._player_problems(index, player))
        return problems

    def _player_problems(self, index: int, player: PlayerType) -> list[FieldProblem]:
        problems: list[FieldProblem] = []
        where = ("traffic", "players", index)
        played = [self.groups[name] for name in player.games if name in self.groups]
        banked = any(isinstance(group, BankedGameGroup) for group in played)
        caribbean = not banked or any(isinstance(group, BankedGroup) for group in played)
        for problem in player.strategy_problems(caribbean=caribbean, banked=banked):
            problems.append(FieldProblem(str(problem), *where, *problem.path))
        for position, name in enumerate(player.games):
            group = self.groups.get(name)
            if group is None:
                problems.append(
                    FieldProblem(
                        f"no table group {name!r} (groups: {', '.join(self.groups)})",
                        *where,
                        "games",
                        position,
                    )
                )
            elif isinstance(group, BankedGroup | BankedGameGroup):
                low, high = group.limits
                names = "" if isinstance(group, BankedGroup) else " (min_bet..max_bet)"
                key = "ante" if player.bets is None else "bets"
                for wanted in player.wanted():
                    if wanted is not None and not low <= wanted <= high:
                        problems.append(
                            FieldProblem(
                                f"{key} {wanted} is outside group {name!r}'s limits "
                                f"{low}..{high}{names}",
                                *where,
                                key,
                                *(() if player.bets is None else (str(wanted),)),
                            )
                        )
        return problems
