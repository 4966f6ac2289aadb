"""Traffic from counts: the arrival rate by hour and weekday behind a record of head counts,
with intervals, written as a floor's ``traffic`` (``casino-sim calibrate``).

**The model** (docs/floor.md, "Traffic from counts"). Players arrive at a game as a
Poisson process whose rate is constant within each clock hour and repeats every week, and
stay for independent session lengths with survival ``S(u)``: seated players form an
M_t/G/infinity system, so the players seated on average in clock hour ``k`` have mean

    E[y_k] = sum over arrival hours j <= k of rate(j) * a[k - j],
    a[m] = the mean over t, s uniform in [0, 1) of S(m + t - s), counted where m + t - s >= 0,

(``a[m]``: what one arrival in an hour adds to the average of the hour ``m`` later; the
``a`` sum to the mean session in hours, Little's law ``L = rate x E[S]``). ``S`` is the
mixture of the floor's player types that play the game (their session lengths and
weights), or the empirical survival of a sessions file when one is given.

**The estimator.** Each whole week of the record is inverted on its own: its 168 hourly
averages against the 168 weekly rates (arrivals before the week's first hour taken at the
same weekly rates), by non-negative least squares (:func:`scipy.optimize.nnls`); the
games' rates are summed. The floor's traffic is a product, ``arrivals_per_hour x
hourly_profile[hour] x weekday_multipliers[day]``, whose least-squares-free estimate from a
week's rates is the margins (profile and weekday means 1, ``arrivals_per_hour`` the mean
rate). The weeks are independent replicates: each figure is their mean with a Student-t 95%
interval over the weeks (at least two whole weeks are needed). Seated counts are demand only
while seats are free: hours with 95% of the open seats taken are counted and reported (there
the estimate is a lower bound).

>>> from casino_sim.config.floor import PlayerType
>>> kernel = occupancy_kernel([PlayerType(name="a", games=("pit",), session_minutes=60)])
>>> round(float(kernel.sum()), 3), round(float(kernel[0]), 3)  # E[S] = 1 hour; 1/e
(1.0, 0.368)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.optimize import nnls

from casino_sim.config.floor import PlayerType
from casino_sim.errors import CountsError
from casino_sim.floor.counts import Counts
from casino_sim.floor.intervals import Interval, interval

__all__ = [
    "Calibration",
    "calibrate",
    "calibrated_floor_text",
    "calibrated_traffic",
    "occupancy_kernel",
    "session_survival",
]

#: Points per hour of the grid the kernel's integral is taken on.
GRID = 4000
#: The kernel runs until the session survival falls below this.
TAIL = 1e-7
#: A clock hour with this share of its open seats taken is counted as full (demand censored).
FULL = 0.95
WEEK = 168


@dataclass(frozen=True)
class Calibration:
    """What :func:`calibrate` found: the traffic's figures with their intervals, per week too."""

    weeks: int
    arrivals_per_hour: Interval
    hourly_profile: tuple[Interval, ...]
    weekday_multipliers: tuple[Interval, ...]
    mean_session_minutes: Mapping[str, Interval]  # a floor file's: given (no interval)
    session_source: Mapping[str, str]
    full_hours: Mapping[str, int]
    rates: np.ndarray = field(repr=False)  # [week, weekday * 24 + hour]: arrivals per hour
    ignored_days: int = 0

    def to_record(self) -> dict[str, Any]:
        """Every figure as plain data."""
        return {
            "weeks": self.weeks,
            "ignored_days": self.ignored_days,
            "arrivals_per_hour": self.arrivals_per_hour.to_record(),
            "hourly_profile": [e.to_record() for e in self.hourly_profile],
            "weekday_multipliers": [e.to_record() for e in self.weekday_multipliers],
            "mean_session_minutes": {
                g: e.to_record() for g, e in self.mean_session_minutes.items()
            },
            "session_source": dict(self.session_source),
            "full_hours": dict(self.full_hours),
            "rates_by_week": self.rates.round(4).tolist(),
        }


def session_survival(types: Sequence[PlayerType]) -> tuple[Any, float]:
    """The survival function ``S(u)`` (u in hours, vectorized) of a session of a mixture of
    ``types`` (by weight), and the hours after which it is below :data:`TAIL`."""
    weights = np.array([float(t.weight) for t in types])
    weights = weights / weights.sum()
    means = np.array([float(t.session_minutes) / 60 for t in types])
    fixed = np.array([t.session == "fixed" for t in types])

    def survival(u: np.ndarray) -> np.ndarray:
        u = np.asarray(u, float)[..., None]
        each = np.where(fixed, (u < means).astype(float), np.exp(-np.maximum(u, 0) / means))
        out: np.ndarray = (each * weights).sum(axis=-1)
        return out

    horizon = float(np.where(fixed, means, means * -math.log(TAIL)).max())
    return survival, horizon


def occupancy_kernel(
    types: Sequence[PlayerType] = (), *, lengths_hours: np.ndarray | None = None
) -> np.ndarray:
    """``a[m]`` of the module docstring for the session lengths of ``types`` (a mixture), or
    for the empirical distribution of ``lengths_hours`` (a sessions file)."""
    if lengths_hours is not None:
        ordered = np.sort(np.asarray(lengths_hours, float))

        def survival(u: np.ndarray) -> np.ndarray:
            left = len(ordered) - np.searchsorted(ordered, np.asarray(u, float), side="right")
            out: np.ndarray = left / len(ordered)
            return out

        horizon = float(ordered[-1])
    else:
        survival, horizon = session_survival(types)
    # t - s of two uniform points has the triangular density 1 - |v| on (-1, 1): the double
    # integral is one, taken by the midpoint rule (v = 0, where m = 0 starts, is a cell edge)
    lag = -1 + (np.arange(2 * GRID) + 0.5) / GRID
    weight = (1 - np.abs(lag)) / GRID
    kernel = []
    for m in range(math.ceil(horizon) + 2):
        u = m + lag
        kernel.append(float((weight * np.where(u >= 0, survival(u), 0.0)).sum()))
    return np.array(kernel)


def _week_matrix(kernel: np.ndarray, first_cell: int) -> np.ndarray:
    """Rows: the week's 168 hours; columns: the weekly rates by cell (weekday * 24 + hour)."""
    matrix = np.zeros((WEEK, WEEK))
    for k in range(WEEK):
        for m, a in enumerate(kernel):
            matrix[k, (first_cell + k - m) % WEEK] += a
    return matrix


def _types_of(game: str, players: Sequence[PlayerType]) -> list[PlayerType]:
    first = [t for t in players if t.games[0] == game]
    return first or [t for t in players if game in t.games]


def calibrate(
    counts: Counts,
    players: Sequence[PlayerType],
    *,
    seats: Mapping[str, int],
    sessions: Mapping[str, np.ndarray] | None = None,
) -> Calibration:
    """Estimate the floor's traffic from ``counts`` (see the module docstring).

    ``players``: the floor's player types (their session lengths, unless ``sessions`` gives
    a game's session lengths in hours); ``seats``: seats per table by game (for the full hours).
    """
    weeks = counts.days // 7
    if weeks < 2:
        raise CountsError(
            f"{counts.path}: {counts.days} day(s) of counts; calibrating needs at least 14 (two "
            "whole weeks: the weeks are the replicates the intervals come from)"
        )
    sessions = sessions or {}
    first_cell = counts.start.weekday() * 24
    rates = np.zeros((weeks, WEEK))
    means: dict[str, Interval] = {}
    source: dict[str, str] = {}
    full: dict[str, int] = {}
    for g, game in enumerate(counts.games):
        if game in sessions:
            lengths = sessions[game]
            if len(lengths) < 2:
                raise CountsError(f"sessions: {game!r} has {len(lengths)} session(s); at least 2")
            kernel = occupancy_kernel(lengths_hours=lengths)
            source[game] = f"sessions file ({len(lengths):,} sessions)"
            means[game] = interval(lengths * 60)
        else:
            types = _types_of(game, players)
            if not types:
                raise CountsError(f"{counts.path}: no player type of the floor plays {game!r}")
            kernel = occupancy_kernel(types)
            source[game] = "floor file (" + ", ".join(t.name for t in types) + ")"
            given = float(kernel.sum()) * 60
            means[game] = Interval(given)
        matrix = _week_matrix(kernel, first_cell)
        for w in range(weeks):
            observed = counts.players[g, w * WEEK : (w + 1) * WEEK]
            rates[w] += nnls(matrix, observed, maxiter=50 * WEEK)[0]
        open_seats = counts.tables[g] * seats[game]
        full[game] = int(((open_seats > 0) & (counts.players[g] >= FULL * open_seats)).sum())
    cells = rates.reshape(weeks, 7, 24)
    mean_rate = cells.mean(axis=(1, 2))
    if not (mean_rate > 0).all():
        raise CountsError(f"{counts.path}: a week with no players seated: nothing to estimate")
    profile = cells.mean(axis=1) / mean_rate[:, None]
    weekday = cells.mean(axis=2) / mean_rate[:, None]
    return Calibration(
        weeks=weeks,
        arrivals_per_hour=interval(mean_rate),
        hourly_profile=tuple(interval(profile[:, h]) for h in range(24)),
        weekday_multipliers=tuple(interval(weekday[:, d]) for d in range(7)),
        mean_session_minutes=means,
        session_source=source,
        full_hours=full,
        rates=rates,
        ignored_days=counts.days - 7 * weeks,
    )


def calibrated_traffic(calibration: Calibration) -> dict[str, Any]:
    """The estimates as a floor's ``traffic`` keys (4 decimals)."""
    return {
        "arrivals_per_hour": round(calibration.arrivals_per_hour.mean, 4),
        "hourly_profile": [round(e.mean, 4) for e in calibration.hourly_profile],
        "weekday_multipliers": [round(e.mean, 4) for e in calibration.weekday_multipliers],
    }


def calibrated_floor_text(
    definition: Mapping[str, Any], calibration: Calibration, *, counts: Counts, start_weekday: str
) -> str:
    """The floor file ``definition`` (plain data, as :func:`~casino_sim.config.to_data` gives
    it) with the calibrated traffic, its start weekday the record's and the estimates with
    their intervals in its notes, as YAML text."""
    from casino_sim.floor.floor_file import floor_yaml, plain

    data = plain(dict(definition))
    data["traffic"] = {**data["traffic"], **calibrated_traffic(calibration)}
    data["start_weekday"] = start_weekday
    rate = calibration.arrivals_per_hour
    sessions = "; ".join(
        f"{game} {e.mean:.1f} min ({calibration.session_source[game]})"
        for game, e in calibration.mean_session_minutes.items()
    )
    note = (
        f"Traffic calibrated from {counts.path} ({counts.days} days from {counts.start}, "
        f"{calibration.weeks} whole weeks) by casino-sim calibrate: arrivals_per_hour "
        f"{rate.mean:.4g} (95% interval {rate.low:.4g} to {rate.high:.4g}, Student t over the "
        f"weeks), hourly_profile and weekday_multipliers the weekly margins (mean 1 each; "
        f"intervals in the calibrate output); session lengths {sessions}."
    )
    data["notes"] = (data.get("notes", "") + " " + note).strip()
    header = (
        f"{data.get('name', 'floor')}: traffic calibrated from {counts.path} (casino-sim calibrate)"
    )
    return floor_yaml(data, header=header)
