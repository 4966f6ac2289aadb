"""A floor's traffic (``traffic:`` of a ``kind: floor`` file): arrivals by hour and weekday and the
player types, with what each bets and accepts (:mod:`casino_sim.config.floor` holds the rest).

>>> kind = PlayerType(name="p", games=("pit",), bets={Fraction(5): Fraction(1, 2), Fraction(25): Fraction(1, 2)})
>>> kind.wanted(), kind.stake(Fraction(5), Fraction(10))
((Fraction(5, 1), Fraction(25, 1)), Fraction(10, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Annotated, Any, Literal, Protocol

from pydantic import AfterValidator, Field, WithJsonSchema

from casino_sim.config.common import definition, require_whole_cents
from casino_sim.config.money import Number, PositiveAmount, PositiveNumber, Share, Text
from casino_sim.config.problems import FieldProblem

__all__ = ["NAMED_STRATEGIES", "Limited", "PlayerType", "Traffic", "at_least_one"]

NAMED_STRATEGIES = ("optimal", "pair-or-better", "akj83", "always-raise")
"""The Caribbean Stud strategy names a player type may give; a copy of
``casino_sim.games.banked.caribbean_stud.strategy.named.NAMED_STRATEGIES`` (the config
layer does not import the games; a test keeps the two equal)."""
_YAML_SUFFIXES = (".yaml", ".yml")


class Limited(Protocol):
    """A table group with betting limits (Caribbean Stud, a banked game): its table minimums."""

    def minimum_amounts(self) -> list[Fraction]: ...


def _exactly(count: int, what: str) -> Any:
    """An after-validator: exactly ``count`` values, at least one of them above zero."""

    def check(values: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        if len(values) != count:
            raise FieldProblem(f"expected {count} values ({what}), got {len(values)}")
        if not any(values):
            raise FieldProblem(f"all {count} values are 0: at least one must be above 0")
        return values

    return AfterValidator(check)


def at_least_one(what: str) -> Any:
    """An after-validator: at least one value (``what`` names one in the message)."""

    def check(values: tuple[Any, ...]) -> tuple[Any, ...]:
        if not values:
            raise FieldProblem(f"need at least one {what}")
        return values

    return AfterValidator(check)


def _items(count: int) -> WithJsonSchema:
    number = {"anyOf": [{"type": "number", "minimum": 0}, {"type": "string"}]}
    return WithJsonSchema({"type": "array", "items": number, "minItems": count, "maxItems": count})


# ----------------------------------------------------------------- traffic


@definition
class PlayerType:
    """A kind of player: how often they come, what they play, how long, with what money and skill."""

    name: Text
    """The type's name, e.g. recreational."""
    weight: PositiveNumber = Fraction(1)
    """Relative share of arrivals (weights need not sum to 1)."""
    games: Annotated[tuple[str, ...], at_least_one("game")]
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
    """Mean minutes a player stays on a waiting list (a poker group's, or a banked group's waiting_list)."""
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

    def stakes_at(self, group: Limited) -> list[Fraction]:
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
    players: Annotated[tuple[PlayerType, ...], at_least_one("player type")]
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
