"""A floor run's figures as typed results: :class:`FloorResult`, :class:`GroupResult`, :class:`Interval`.

:meth:`FloorSummary.result() <casino_sim.floor.summary.FloorSummary.result>`
gives a :class:`FloorResult`; ``to_record()`` turns it into the plain JSON data
of ``--json`` and :meth:`FloorResult.from_record` reads such data back. The
reports read figures by attribute: ``result.groups["pit"].win_per_table_hour.mean``;
a game's own figures too (``group.house_edge_per_initial_bet``, ``group.rake_per_hand``:
the names its registry entry gives, :meth:`FloorGame.figures
<casino_sim.floor.games.FloorGame.figures>`).

>>> figure = Interval.from_record({"mean": 2.0, "low": 1.0, "high": 3.0, "se": 0.5, "n": 4})
>>> figure
Interval(2, 95% 1 to 3, n=4)
>>> figure.to_record()
{'mean': 2.0, 'low': 1.0, 'high': 3.0, 'se': 0.5, 'n': 4}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DailyWin", "FloorResult", "FloorTotals", "GroupResult", "Interval"]

_INTERVAL = ("mean", "low", "high", "se", "n")
_GROUP = ("game", "tables", "seats", "open_table_hours")


def _show(x: float | None) -> str:
    return "n/a" if x is None or not math.isfinite(x) else f"{x:.6g}"


@dataclass(frozen=True)
class Interval:
    """A figure across replications: mean, 95% interval (none with one replication),
    standard error and the replications it is over; ``extra`` holds what a figure adds
    (a losing-day share's table-days)."""

    mean: float
    low: float | None = None
    high: float | None = None
    se: float | None = None
    n: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        span = f", 95% {_show(self.low)} to {_show(self.high)}" if self.low is not None else ""
        return f"Interval({_show(self.mean)}{span}, n={self.n})"

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Interval:
        extra = {k: v for k, v in record.items() if k not in _INTERVAL}
        return cls(record["mean"], record["low"], record["high"], record["se"], record["n"],
                   extra)  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        record = {"mean": self.mean, "low": self.low, "high": self.high, "se": self.se, "n": self.n}
        return record | dict(self.extra)

    def scaled(self, factor: float) -> Interval:
        """The figure times ``factor`` (a run total per day)."""

        def times(x: float | None) -> float | None:
            return None if x is None else x * factor

        return Interval(self.mean * factor, times(self.low), times(self.high), times(self.se),
                        self.n, self.extra)  # fmt: skip


def _is_interval(value: Any) -> bool:
    return isinstance(value, Mapping) and all(k in value for k in _INTERVAL)


@dataclass(frozen=True)
class DailyWin:
    """The win of one table in one day over every table-day: mean, SD, percentiles, and the
    chance of a losing day."""

    mean: float
    sd: float
    percentiles: Mapping[str, float]  # p5, p25, p50, p75, p95
    losing_day_probability: Interval

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> DailyWin:
        quantiles = {k: v for k, v in record.items() if k.startswith("p") and k[1:].isdigit()}
        losing = Interval.from_record(record["losing_day_probability"])
        return cls(record["mean"], record["sd"], quantiles, losing)

    def to_record(self) -> dict[str, Any]:
        return {"mean": self.mean, "sd": self.sd, **self.percentiles,
                "losing_day_probability": self.losing_day_probability.to_record()}  # fmt: skip


@dataclass(frozen=True, repr=False)
class GroupResult:
    """One table group's figures. The figures every group has are attributes; so are its
    game's own (``figures`` by name) and its rules (``rules``: a poker group's fee...)."""

    name: str
    game: str
    tables: int
    seats: int
    open_table_hours: float
    figures: Mapping[str, Interval]
    daily_win_per_table: DailyWin
    rules: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        rules = self.__dict__.get("rules", {})
        if name in rules:
            return rules[name]
        raise AttributeError(f"group {self.__dict__.get('name')!r} has no figure {name!r}")

    def __repr__(self) -> str:
        win = self.figures.get("win")
        return (f"GroupResult({self.name!r}: {self.tables} {self.game} table(s), {self.seats} "
                f"seats, win {win!r}, {len(self.figures)} figures)")  # fmt: skip

    def has(self, figure: str) -> bool:
        """Whether the group has ``figure`` (a game's own figures are only its game's)."""
        return figure in self.figures

    @classmethod
    def from_record(cls, name: str, record: Mapping[str, Any]) -> GroupResult:
        figures = {k: Interval.from_record(v) for k, v in record.items() if _is_interval(v)}
        rules = {k: v for k, v in record.items()
                 if k not in figures and k not in _GROUP and k != "daily_win_per_table"}  # fmt: skip
        return cls(name, record["game"], record["tables"], record["seats"],
                   record["open_table_hours"], figures,
                   DailyWin.from_record(record["daily_win_per_table"]), rules)  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "tables": self.tables,
            "seats": self.seats,
            "open_table_hours": self.open_table_hours,
            **self.rules,
            **{k: v.to_record() for k, v in self.figures.items()},
            "daily_win_per_table": self.daily_win_per_table.to_record(),
        }


@dataclass(frozen=True)
class FloorTotals:
    """The whole floor: the house result (the ledger's house account) per run and per day,
    the groups' win and the house-funded seeds per day, and the share of losing runs
    (``share``, ``low``, ``high``, ``n``: a Wilson interval)."""

    house_result: Interval
    house_result_per_day: Interval
    groups_win_per_day: Interval
    house_funded_seeds_per_day: Interval
    losing_run_probability: Mapping[str, float]

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> FloorTotals:
        return cls(
            house_result=Interval.from_record(record["house_result"]),
            house_result_per_day=Interval.from_record(record["house_result_per_day"]),
            groups_win_per_day=Interval.from_record(record["groups_win_per_day"]),
            house_funded_seeds_per_day=Interval.from_record(record["house_funded_seeds_per_day"]),
            losing_run_probability=dict(record["losing_run_probability"]),
        )

    def to_record(self) -> dict[str, Any]:
        return {
            "house_result": self.house_result.to_record(),
            "house_result_per_day": self.house_result_per_day.to_record(),
            "groups_win_per_day": self.groups_win_per_day.to_record(),
            "house_funded_seeds_per_day": self.house_funded_seeds_per_day.to_record(),
            "losing_run_probability": dict(self.losing_run_probability),
        }


@dataclass(frozen=True, repr=False)
class FloorResult:
    """Every figure of a floor run (``--json`` is :meth:`to_record` with the run's provenance).

    ``meters``, ``players``, ``by_hour_of_day``, ``by_day`` and ``tables`` are the records
    described in ``docs/floor.md`` ("What each figure means").
    """

    days: int
    replications: int
    floor: FloorTotals
    flags: list[dict[str, Any]]
    groups: dict[str, GroupResult]
    meters: dict[str, dict[str, Any]]
    players: list[dict[str, Any]]
    reneged_from_waiting_lists: dict[str, int]
    by_hour_of_day: dict[str, Any]
    by_day: dict[str, Any]
    tables: list[dict[str, Any]]
    metrics: list[str]
    seed: int | None = None

    def __repr__(self) -> str:
        house = self.floor.house_result_per_day
        return (f"FloorResult({self.days} day(s) x {self.replications} replication(s), seed "
                f"{self.seed}: house result per day {house!r}; groups {list(self.groups)}, "
                f"meters {list(self.meters)})")  # fmt: skip

    @classmethod
    def from_record(cls, record: Mapping[str, Any], *, seed: int | None = None) -> FloorResult:
        """Read a record (``to_record()``, or a ``--json`` file's data) back."""
        return cls(
            days=record["days"],
            replications=record["replications"],
            floor=FloorTotals.from_record(record["floor"]),
            flags=list(record.get("flags", [])),
            groups={n: GroupResult.from_record(n, g) for n, g in record["groups"].items()},
            meters=dict(record.get("meters", {})),
            players=list(record.get("players", [])),
            reneged_from_waiting_lists=dict(record.get("reneged_from_waiting_lists", {})),
            by_hour_of_day=dict(record.get("by_hour_of_day", {})),
            by_day=dict(record.get("by_day", {})),
            tables=list(record.get("tables", [])),
            metrics=list(record.get("metrics", [])),
            seed=seed,
        )

    def to_record(self) -> dict[str, Any]:
        """Every figure, JSON-ready (the same data as ``--json`` without its provenance)."""
        return {
            "days": self.days,
            "replications": self.replications,
            "floor": self.floor.to_record(),
            "flags": list(self.flags),
            "groups": {name: group.to_record() for name, group in self.groups.items()},
            "meters": self.meters,
            "players": self.players,
            "reneged_from_waiting_lists": self.reneged_from_waiting_lists,
            "by_hour_of_day": self.by_hour_of_day,
            "by_day": self.by_day,
            "tables": self.tables,
            "metrics": self.metrics,
        }
