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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from casino_sim.floor.intervals import Count, Interval, Share, Spread, is_interval
from casino_sim.floor.parts import (
    ByDay,
    Flag,
    HandHits,
    HourOfDay,
    MeterHit,
    MeterResult,
    PlayerTypeResult,
    TableResult,
)

__all__ = [
    "ByDay",
    "Count",
    "DailyWin",
    "Flag",
    "FloorResult",
    "FloorTotals",
    "GroupResult",
    "HandHits",
    "HourOfDay",
    "Interval",
    "MeterHit",
    "MeterResult",
    "PlayerTypeResult",
    "Share",
    "Spread",
    "TableResult",
]

_GROUP = ("game", "tables", "seats", "open_table_hours")


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
        figures = {k: Interval.from_record(v) for k, v in record.items() if is_interval(v)}
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
    the groups' win and the house-funded seeds per day, and the share of losing runs (a
    Wilson interval)."""

    house_result: Interval
    house_result_per_day: Interval
    groups_win_per_day: Interval
    house_funded_seeds_per_day: Interval
    losing_run_probability: Share
    #: the groups' net contribution per day (win - gaming tax - dealers - comps); None without
    #: a ``costs:`` block (and then not in the record)
    net_contribution_per_day: Interval | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> FloorTotals:
        net = record.get("net_contribution_per_day")
        return cls(
            house_result=Interval.from_record(record["house_result"]),
            house_result_per_day=Interval.from_record(record["house_result_per_day"]),
            groups_win_per_day=Interval.from_record(record["groups_win_per_day"]),
            house_funded_seeds_per_day=Interval.from_record(record["house_funded_seeds_per_day"]),
            losing_run_probability=Share.from_record(record["losing_run_probability"]),
            net_contribution_per_day=None if net is None else Interval.from_record(net),
        )

    def to_record(self) -> dict[str, Any]:
        net = self.net_contribution_per_day
        return {
            "house_result": self.house_result.to_record(),
            "house_result_per_day": self.house_result_per_day.to_record(),
            "groups_win_per_day": self.groups_win_per_day.to_record(),
            "house_funded_seeds_per_day": self.house_funded_seeds_per_day.to_record(),
            "losing_run_probability": self.losing_run_probability.to_record(),
        } | ({} if net is None else {"net_contribution_per_day": net.to_record()})


@dataclass(frozen=True, repr=False)
class FloorResult:
    """Every figure of a floor run (``--json`` is :meth:`to_record` with the run's provenance).

    Each part is typed (:mod:`casino_sim.floor.parts`): ``meters`` by name
    (:class:`MeterResult`), ``players`` by type (:class:`PlayerTypeResult`),
    ``by_hour_of_day`` and ``by_day`` by group (:class:`HourOfDay`, :class:`ByDay`),
    ``tables`` (:class:`TableResult`), ``flags`` (:class:`Flag`); ``docs/floor.md``
    ("What each figure means") describes every field.
    """

    days: int
    replications: int
    floor: FloorTotals
    flags: list[Flag]
    groups: dict[str, GroupResult]
    meters: dict[str, MeterResult]
    players: list[PlayerTypeResult]
    reneged_from_waiting_lists: dict[str, int]
    by_hour_of_day: dict[str, HourOfDay]
    by_day: dict[str, ByDay]
    tables: list[TableResult]
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
            flags=[Flag.from_record(flag) for flag in record.get("flags", [])],
            groups={n: GroupResult.from_record(n, g) for n, g in record["groups"].items()},
            meters={n: MeterResult.from_record(n, m) for n, m in record.get("meters", {}).items()},
            players=[PlayerTypeResult.from_record(p) for p in record.get("players", [])],
            reneged_from_waiting_lists=dict(record.get("reneged_from_waiting_lists", {})),
            by_hour_of_day={n: HourOfDay.from_record(h)
                            for n, h in record.get("by_hour_of_day", {}).items()},
            by_day={n: ByDay.from_record(d) for n, d in record.get("by_day", {}).items()},
            tables=[TableResult.from_record(t) for t in record.get("tables", [])],
            metrics=list(record.get("metrics", [])),
            seed=seed,
        )  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        """Every figure, JSON-ready (the same data as ``--json`` without its provenance)."""
        return {
            "days": self.days,
            "replications": self.replications,
            "floor": self.floor.to_record(),
            "flags": [flag.to_record() for flag in self.flags],
            "groups": {name: group.to_record() for name, group in self.groups.items()},
            "meters": {name: meter.to_record() for name, meter in self.meters.items()},
            "players": [player.to_record() for player in self.players],
            "reneged_from_waiting_lists": dict(self.reneged_from_waiting_lists),
            "by_hour_of_day": {
                name: hours.to_record() for name, hours in self.by_hour_of_day.items()
            },
            "by_day": {name: days.to_record() for name, days in self.by_day.items()},
            "tables": [table.to_record() for table in self.tables],
            "metrics": list(self.metrics),
        }
