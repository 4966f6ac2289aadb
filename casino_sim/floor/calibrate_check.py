"""The check of a calibration: the calibrated floor re-simulated against the counts it came from.

The calibrated floor runs the record's days plus one day before them (the floor opens
empty: that day is a warm-up, left out), ``replications`` times. For each game and hour of
day, the players seated on average in the simulation are set beside the counts' mean over
the record's weeks and that mean's 95% interval (Student t over the weeks); the check
reports how many of those hours the simulation falls inside. About 95% is a calibration
that reproduces its counts; far fewer says the model misses something (full tables turning
players away, sessions unlike the floor file's, a weekly pattern that changed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.floor.counts import Counts
from casino_sim.floor.intervals import interval
from casino_sim.floor.results import ReplicationResult

__all__ = ["CheckRow", "SeatedCheck", "check_by_simulation"]


@dataclass(frozen=True)
class CheckRow:
    """One game and hour of day: the counts' mean seated players with its interval, and the
    re-simulated mean."""

    game: str
    hour: int
    observed: float
    low: float
    high: float
    simulated: float

    @property
    def inside(self) -> bool:
        """Whether the simulated mean is inside the counts' interval."""
        return self.low <= self.simulated <= self.high

    def to_record(self) -> dict[str, Any]:
        """As plain data."""
        return {"game": self.game, "hour": self.hour, "observed": self.observed,
                "low": self.low, "high": self.high, "simulated": self.simulated,
                "inside": self.inside}  # fmt: skip


@dataclass(frozen=True)
class SeatedCheck:
    """The check's rows, and how it was run."""

    rows: tuple[CheckRow, ...]
    replications: int
    days: int
    seed: int

    @property
    def inside(self) -> int:
        """Rows whose simulated mean is inside the counts' interval."""
        return sum(row.inside for row in self.rows)

    def to_record(self) -> dict[str, Any]:
        """As plain data."""
        return {"replications": self.replications, "days": self.days, "seed": self.seed,
                "inside": self.inside, "rows": [row.to_record() for row in self.rows]}  # fmt: skip


def _by_hour_of_day(players: np.ndarray, weeks: int) -> np.ndarray:
    """[week, hour of day]: the mean players seated in each hour of day, week by week."""
    days = players[: weeks * 168].reshape(weeks, 7, 24)
    out: np.ndarray = days.mean(axis=1)
    return out


def check_by_simulation(
    floor: Floor, counts: Counts, *, replications: int, seed: int, workers: int = 1
) -> SeatedCheck:
    """Run ``floor`` (the calibrated one) over the record's days and compare (module docstring)."""
    from casino_sim.floor.simulate import simulate_floor

    weeks = counts.days // 7
    days = 7 * weeks + 1  # whole weeks after the warm-up day: every weekday weighs the same
    seated: dict[str, list[np.ndarray]] = {game: [] for game in counts.games}

    def keep(_: int, result: ReplicationResult) -> None:
        for game in counts.games:
            seated[game].append(_by_hour_of_day(result.seated_by_hour[game][24:], weeks).mean(0))

    simulate_floor(floor, days=days, replications=replications, seed=seed, workers=workers,
                   on_replication=keep)  # fmt: skip
    rows = []
    for g, game in enumerate(counts.games):
        observed = _by_hour_of_day(counts.players[g], weeks)
        simulated = np.mean(seated[game], axis=0)
        for hour in range(24):
            weekly = interval(observed[:, hour])  # over the weeks (at least two)
            assert weekly.low is not None and weekly.high is not None
            rows.append(CheckRow(game, hour, weekly.mean, weekly.low, weekly.high,
                                 float(simulated[hour])))  # fmt: skip
    return SeatedCheck(tuple(rows), replications, days, seed)
