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
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, WithJsonSchema

from casino_sim.config.common import definition, require_whole_cents
from casino_sim.config.floor_costs import Costs
from casino_sim.config.floor_meters import BadBeatMeterDef, MeterDef, ProgressiveMeterDef
from casino_sim.config.floor_schedule import MinimumSchedule, TableSchedule
from casino_sim.config.hours import ALWAYS_OPEN, SECONDS_PER_DAY, Hours, OpenHours
from casino_sim.config.money import Flag, Number, PositiveAmount, PositiveNumber, Share, Text
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

NAMED_STRATEGIES = ("optimal", "pair-or-better", "akj83", "always-raise")
"""The Caribbean Stud strategy names a player type may give; a copy of
``casino_sim.games.banked.caribbean_stud.strategy.named.NAMED_STRATEGIES`` (the config
layer does not import the games; a test keeps the two equal)."""
_YAML_SUFFIXES = (".yaml", ".yml")


class FieldProblems(FieldProblem):
    """Several cross-field problems of one definition; the loader reports each on its own line."""

    def __init__(self, problems: list[FieldProblem]) -> None:
        super().__init__(str(problems[0]), *problems[0].path)
        self.problems: tuple[FieldProblem, ...] = tuple(problems)


# ----------------------------------------------------------------- helpers


def _exactly(count: int, what: str) -> Any:
    """An after-validator: exactly ``count`` values, at least one of them above zero."""

    def check(values: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        if len(values) != count:
            raise FieldProblem(f"expected {count} values ({what}), got {len(values)}")
        if not any(values):
            raise FieldProblem(f"all {count} values are 0: at least one must be above 0")
        return values

    return AfterValidator(check)


def _at_least_one(what: str) -> Any:
    def check(values: tuple[Any, ...]) -> tuple[Any, ...]:
        if not values:
            raise FieldProblem(f"need at least one {what}")
        return values

    return AfterValidator(check)


def _items(count: int) -> WithJsonSchema:
    number = {"anyOf": [{"type": "number", "minimum": 0}, {"type": "string"}]}
    return WithJsonSchema({"type": "array", "items": number, "minItems": count, "maxItems": count})


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


# ----------------------------------------------------------------- traffic


@definition
class PlayerType:
    """A kind of player: how often they come, what they play, how long, with what money and skill."""

    name: Text
    """The type's name, e.g. recreational."""
    weight: PositiveNumber = Fraction(1)
    """Relative share of arrivals (weights need not sum to 1)."""
    games: Annotated[tuple[str, ...], _at_least_one("game")]
    """Group names in order of preference (at least one)."""
    session_minutes: PositiveNumber = Fraction(60)
    """Mean session length in minutes."""
    session: Literal["exponential", "fixed"] = "exponential"
    """Session length distribution: exponential with that mean, or fixed."""
    buy_in: PositiveAmount | None = None
    """Chips bought per session; null = an unlimited bankroll."""
    ante: PositiveAmount | None = None
    """Ante at banked games (at a banked game group: the bet on its house_edge_per wager); null = the table's minimum."""
    bets: Mapping[PositiveAmount, Share] | None = None
    """Or a bet-size distribution: each ante with the share of sessions that bet it ({5: 60%, 25: 40%}, shares summing to 1); not with ante."""
    max_minimum: PositiveAmount | None = None
    """The highest table minimum the type accepts (below it, a type betting less raises its bet to the minimum); a group whose minimum is higher is passed over; null = any."""
    side_bet: Share = Fraction(0)
    """Probability that a session plays the side bets (the progressive; a banked game group's side bets on the felt)."""
    strategy: str = "optimal"
    """optimal, pair-or-better, akj83, always-raise, or a caribbean_strategy YAML file (relative to the floor file); at a banked game group: optimal or one of the game file's named strategies."""
    mistake_rate: Share = Fraction(0)
    """Probability of reversing each raise/fold decision (Caribbean Stud tables only)."""
    patience_minutes: PositiveNumber = Fraction(30)
    """Mean minutes a poker player stays on a waiting list."""
    bot: Literal["mixed", "regular", "rock", "station", "maniac"] = "mixed"
    """Poker bot policy; mixed = the default population."""

    def __post_init__(self) -> None:
        require_whole_cents(self.buy_in, "buy_in")
        require_whole_cents(self.ante, "ante")
        require_whole_cents(self.max_minimum, "max_minimum")
        if self.bets is not None:
            if self.ante is not None:
                raise FieldProblem("give ante or bets, not both", "bets")
            if not self.bets:
                raise FieldProblem("at least one bet", "bets")
            for amount in self.bets:
                require_whole_cents(amount, "bets", str(amount))
            if sum(self.bets.values()) != 1:
                raise FieldProblem(
                    f"the shares sum to {sum(self.bets.values())}, expected 1", "bets"
                )
            object.__setattr__(self, "bets", MappingProxyType(dict(sorted(self.bets.items()))))

    def wanted(self) -> tuple[Fraction | None, ...]:
        """The bets the type wants, as :attr:`bets` lists them (None: the table's minimum)."""
        return tuple(self.bets) if self.bets is not None else (self.ante,)

    def stake(self, wanted: Fraction | None, minimum: Fraction) -> Fraction | None:
        """The bet placed at a table of ``minimum`` by a player who wants ``wanted``: the larger,
        or None when the minimum is above :attr:`max_minimum` (the player passes it over).

        >>> t = PlayerType(name="p", games=("pit",), ante=Fraction(10), max_minimum=Fraction(25))
        >>> t.stake(Fraction(10), Fraction(5)), t.stake(Fraction(10), Fraction(25)), t.stake(Fraction(10), Fraction(50))
        (Fraction(10, 1), Fraction(25, 1), None)
        """
        if self.max_minimum is not None and minimum > self.max_minimum:
            return None
        return minimum if wanted is None else max(wanted, minimum)

    def stakes_at(self, group: BankedGroup | BankedGameGroup) -> list[Fraction]:
        """Every bet the type may place at ``group`` over the week, lowest first."""
        bets = {self.stake(w, m) for w in self.wanted() for m in group.minimum_amounts()}
        return sorted(b for b in bets if b is not None)

    @property
    def strategy_is_named(self) -> bool:
        """Whether :attr:`strategy` is a named Caribbean Stud strategy."""
        return self.strategy in NAMED_STRATEGIES

    @property
    def strategy_is_file(self) -> bool:
        """Whether :attr:`strategy` is a caribbean_strategy file."""
        return self.strategy.endswith(_YAML_SUFFIXES)

    def strategy_problems(self, *, caribbean: bool, banked: bool) -> list[FieldProblem]:
        """What is wrong with :attr:`strategy` and :attr:`mistake_rate` for the games the type
        plays: Caribbean Stud (or no banked game), banked game groups (their strategy names are
        the game file's, checked when it is loaded)."""
        problems = []
        if caribbean and not (self.strategy_is_named or self.strategy_is_file):
            problems.append(FieldProblem(
                f"unknown strategy {self.strategy!r}; expected one of "
                f"{', '.join(NAMED_STRATEGIES)}, or a caribbean_strategy .yaml file",
                "strategy",
            ))  # fmt: skip
        if banked and self.strategy_is_file:
            problems.append(FieldProblem(
                f"a strategy file plays Caribbean Stud only; at a banked game group the strategy "
                f"is optimal or one of the game file's named strategies, got {self.strategy!r}",
                "strategy",
            ))  # fmt: skip
        if banked and self.mistake_rate:
            problems.append(FieldProblem(
                "a mistake rate applies at Caribbean Stud tables only; at a banked game group "
                "players play a strategy exactly (optimal or one of the game file's named ones)",
                "mistake_rate",
            ))  # fmt: skip
        return problems


@definition
class Traffic:
    """Arrivals (a rate by hour of day and weekday) and the mix of player types."""

    arrivals_per_hour: PositiveNumber
    """Mean arrivals per hour at multiplier 1."""
    hourly_profile: Annotated[
        tuple[Number, ...], _exactly(24, "one per hour of day 0..23"), _items(24)
    ] = Field(default_factory=lambda: (Fraction(1),) * 24)
    """Rate multiplier by hour of day, 24 values for hours 0..23."""
    weekday_multipliers: Annotated[tuple[Number, ...], _exactly(7, "Monday..Sunday"), _items(7)] = (
        Field(default_factory=lambda: (Fraction(1),) * 7)
    )
    """Rate multiplier by weekday, 7 values Monday..Sunday."""
    players: Annotated[tuple[PlayerType, ...], _at_least_one("player type")]
    """The player types (at least one)."""

    def rate_per_hour(self, hour_of_day: int, weekday: int) -> float:
        """Mean arrivals per hour in hour ``hour_of_day`` (0..23) of weekday ``weekday`` (0 = Monday)."""
        if not (0 <= hour_of_day < 24 and 0 <= weekday < 7):
            raise ValueError(f"expected hour 0..23 and weekday 0..6, got {hour_of_day}, {weekday}")
        return float(
            self.arrivals_per_hour
            * self.hourly_profile[hour_of_day]
            * self.weekday_multipliers[weekday]
        )

    @property
    def peak_rate_per_hour(self) -> float:
        """The highest hourly rate of the week (the bound for thinning arrivals)."""
        return float(
            self.arrivals_per_hour * max(self.hourly_profile) * max(self.weekday_multipliers)
        )

    @property
    def player_shares(self) -> tuple[Fraction, ...]:
        """Each player type's share of arrivals (weights normalised to sum to 1)."""
        total = sum(p.weight for p in self.players)
        return tuple(p.weight / total for p in self.players)


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
    tables: Annotated[tuple[TableGroup, ...], _at_least_one("table group")]
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
            if isinstance(group, BankedGameGroup):
                continue  # no linked meter
            key, wanted = (
                ("progressive", "progressive")
                if isinstance(group, BankedGroup)
                else ("bad_beat", "bad_beat")
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
