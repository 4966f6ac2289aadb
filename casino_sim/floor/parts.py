"""The parts of a floor's result beside its table groups: meters, player types, hours, days, tables.

Each is a frozen dataclass read by attribute (the reports do), with ``to_record()``
giving the plain JSON data of ``--json`` (the same keys in the same order as the
record has always had) and ``from_record`` reading it back. ``docs/floor.md``
("What each figure means") describes every field.

>>> hours = HourOfDay.from_record({"occupancy": [0.5], "rounds": [40.0], "win": [12.5]})
>>> hours.occupancy, hours.waiting_list
([0.5], None)
>>> hours.to_record()
{'occupancy': [0.5], 'rounds': [40.0], 'win': [12.5]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from casino_sim.floor.intervals import Count, Interval, Share, Spread

__all__ = [
    "ByDay",
    "Flag",
    "HandHits",
    "HourOfDay",
    "MeterHit",
    "MeterResult",
    "PlayerTypeResult",
    "TableResult",
]


@dataclass(frozen=True)
class Flag:
    """A rule of the game's economics the floor breaks (a progressive's definition, a meter
    shown below its seed): the rule and what broke it."""

    rule: str
    detail: str

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Flag:
        return cls(record["rule"], record["detail"])

    def to_record(self) -> dict[str, Any]:
        return {"rule": self.rule, "detail": self.detail}


@dataclass(frozen=True)
class MeterHit:
    """One hit of a meter: its replication, the hours into the run, the table (its index on
    the floor), the hand, the amount paid and the meter before it (money)."""

    replication: int
    hours: float
    table: int
    hand: str
    amount: float
    meter_before: float

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> MeterHit:
        return cls(record["replication"], record["hours"], record["table"], record["hand"],
                   record["amount"], record["meter_before"])  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        return {"replication": self.replication, "hours": self.hours, "table": self.table,
                "hand": self.hand, "amount": self.amount,
                "meter_before": self.meter_before}  # fmt: skip


@dataclass(frozen=True)
class HandHits:
    """A meter's hits of one hand: per replication (exact Poisson), the meter at a hit, the
    amount paid, the hours between hits within a replication, and the chance of at least one
    hit within D days (keyed by D, as text: the days within the run)."""

    hits_per_replication: Count
    meter_at_hit: Spread
    amount_paid: Spread
    hours_between_hits: Spread
    probability_within_days: Mapping[str, Share]

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> HandHits:
        within = record["probability_within_days"]
        return cls(
            Count.from_record(record["hits_per_replication"]),
            Spread.from_record(record["meter_at_hit"]),
            Spread.from_record(record["amount_paid"]),
            Spread.from_record(record["hours_between_hits"]),
            {days: Share.from_record(share) for days, share in within.items()},
        )

    def to_record(self) -> dict[str, Any]:
        within = self.probability_within_days
        return {
            "hits_per_replication": self.hits_per_replication.to_record(),
            "meter_at_hit": self.meter_at_hit.to_record(),
            "amount_paid": self.amount_paid.to_record(),
            "hours_between_hits": self.hours_between_hits.to_record(),
            "probability_within_days": {days: share.to_record() for days, share in within.items()},
        }


def _optional(record: Any) -> Interval | None:
    return None if record is None else Interval.from_record(record)


@dataclass(frozen=True, repr=False)
class MeterResult:
    """A linked meter (``kind``: progressive or bad_beat) across replications: every hit, its
    path on the shared grid (mean and percentile bands), its hits by hand, and its money
    (money): the liability at the start (its ``seed`` and reserve) and at the end, the meter at
    the end, the money in, the side bets' handle (a progressive's), the house-funded seeds
    (per run and per day), what it paid and the side bet's return (a progressive's)."""

    name: str
    every_hit: list[MeterHit]
    grid_hours: list[float]
    mean_path: list[float]
    bands: Mapping[str, list[float]]
    hits: Mapping[str, HandHits]
    kind: str
    seed: float
    liability_start: float
    liability_end: Interval
    meter_end: Interval
    money_in: Interval
    side_bet_handle: Interval | None
    house_funded: Interval
    house_funded_per_day: Interval
    paid: Interval
    side_bet_return: Interval | None

    def __repr__(self) -> str:
        return (f"MeterResult({self.name!r}: {self.kind}, {len(self.every_hit)} hit(s), "
                f"liability at the end {self.liability_end!r})")  # fmt: skip

    @classmethod
    def from_record(cls, name: str, record: Mapping[str, Any]) -> MeterResult:
        return cls(
            name=name,
            every_hit=[MeterHit.from_record(hit) for hit in record["every_hit"]],
            grid_hours=list(record["grid_hours"]),
            mean_path=list(record["mean_path"]),
            bands=dict(record["bands"]),
            hits={hand: HandHits.from_record(hits) for hand, hits in record["hits"].items()},
            kind=record["kind"],
            seed=record["seed"],
            liability_start=record["liability_start"],
            liability_end=Interval.from_record(record["liability_end"]),
            meter_end=Interval.from_record(record["meter_end"]),
            money_in=Interval.from_record(record["money_in"]),
            side_bet_handle=_optional(record["side_bet_handle"]),
            house_funded=Interval.from_record(record["house_funded"]),
            house_funded_per_day=Interval.from_record(record["house_funded_per_day"]),
            paid=Interval.from_record(record["paid"]),
            side_bet_return=_optional(record["side_bet_return"]),
        )

    def to_record(self) -> dict[str, Any]:
        def optional(figure: Interval | None) -> dict[str, Any] | None:
            return None if figure is None else figure.to_record()

        return {
            "every_hit": [hit.to_record() for hit in self.every_hit],
            "grid_hours": self.grid_hours,
            "mean_path": self.mean_path,
            "bands": dict(self.bands),
            "hits": {hand: hits.to_record() for hand, hits in self.hits.items()},
            "kind": self.kind,
            "seed": self.seed,
            "liability_start": self.liability_start,
            "liability_end": self.liability_end.to_record(),
            "meter_end": self.meter_end.to_record(),
            "money_in": self.money_in.to_record(),
            "side_bet_handle": optional(self.side_bet_handle),
            "house_funded": self.house_funded.to_record(),
            "house_funded_per_day": self.house_funded_per_day.to_record(),
            "paid": self.paid.to_record(),
            "side_bet_return": optional(self.side_bet_return),
        }


@dataclass(frozen=True)
class PlayerTypeResult:
    """One player type (``name``, the record's ``type``) over every replication: arrivals, those
    turned away (no seat, no list), of those the ones priced out (a table minimum above their
    ``max_minimum``) and those who gave up waiting, with their shares of the arrivals; sessions played with their mean and SD result (money), the losing share, mean
    hands and wait; and the histogram of session results (``histogram_edges``, money, and
    ``histogram_counts``)."""

    name: str
    arrivals: int
    turned_away: int
    turned_away_share: float | None
    priced_out: int
    priced_out_share: float | None
    gave_up_waiting: int
    gave_up_waiting_share: float | None
    sessions_played: int
    mean_result: float | None
    sd_result: float | None
    losing_share: float | None
    mean_hands: float | None
    mean_wait_minutes: float | None
    histogram_edges: list[float]
    histogram_counts: list[int]

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> PlayerTypeResult:
        histogram = record["result_histogram"]
        return cls(
            record["type"], record["arrivals"], record["turned_away"],
            record["turned_away_share"],
            record.get("priced_out", 0),  # files written before minimums by hour: none
            record.get("priced_out_share", 0.0),
            record["gave_up_waiting"],
            record["gave_up_waiting_share"], record["sessions_played"], record["mean_result"],
            record["sd_result"], record["losing_share"], record["mean_hands"],
            record["mean_wait_minutes"], list(histogram["edges"]), list(histogram["counts"]),
        )  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        return {
            "type": self.name,
            "arrivals": self.arrivals,
            "turned_away": self.turned_away,
            "turned_away_share": self.turned_away_share,
            "priced_out": self.priced_out,
            "priced_out_share": self.priced_out_share,
            "gave_up_waiting": self.gave_up_waiting,
            "gave_up_waiting_share": self.gave_up_waiting_share,
            "sessions_played": self.sessions_played,
            "mean_result": self.mean_result,
            "sd_result": self.sd_result,
            "losing_share": self.losing_share,
            "mean_hands": self.mean_hands,
            "mean_wait_minutes": self.mean_wait_minutes,
            "result_histogram": {"edges": self.histogram_edges, "counts": self.histogram_counts},
        }


@dataclass(frozen=True)
class HourOfDay:
    """A table group by hour of day (24 values, 00:00 first; means over days and replications):
    occupancy (a share of its seats), rounds and win (money) of the hour, and the players on
    its waiting list (a poker group's; None for a banked group)."""

    occupancy: list[float]
    rounds: list[float]
    win: list[float]
    waiting_list: list[float] | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> HourOfDay:
        return cls(list(record["occupancy"]), list(record["rounds"]), list(record["win"]),
                   record.get("waiting_list"))  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"occupancy": self.occupancy, "rounds": self.rounds,
                                  "win": self.win}  # fmt: skip
        if self.waiting_list is not None:
            record["waiting_list"] = self.waiting_list
        return record


@dataclass(frozen=True)
class ByDay:
    """A table group day by day of the run (means over replications): win (money), rounds
    and hands."""

    win: list[float]
    rounds: list[float]
    hands: list[float]

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ByDay:
        return cls(list(record["win"]), list(record["rounds"]), list(record["hands"]))

    def to_record(self) -> dict[str, Any]:
        return {"win": self.win, "rounds": self.rounds, "hands": self.hands}


@dataclass(frozen=True)
class TableResult:
    """One table (its index on the floor and its group): the daily means over days and
    replications of every metric of the tallies (money in dollars), and its win per day."""

    table: int
    group: str
    per_day: Mapping[str, float]
    win_per_day: float

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> TableResult:
        return cls(record["table"], record["group"], dict(record["per_day"]),
                   record["win_per_day"])  # fmt: skip

    def to_record(self) -> dict[str, Any]:
        return {"table": self.table, "group": self.group, "per_day": dict(self.per_day),
                "win_per_day": self.win_per_day}  # fmt: skip
