"""Hourly counts as table-games systems export them: per date, hour and game, tables open and
players seated; read from CSV (checked line by line) and made by the floor itself.

A counts file has a header line and one row per date, hour and game::

    date,hour,game,tables_open,players
    2026-01-06,0,pit,12,23.4

``date`` is an ISO date (its weekday is the date's), ``hour`` the clock hour 0..23,
``game`` a table group of the floor, ``tables_open`` the tables open in that hour and
``players`` the players seated on average during it (a head count). Other columns are
ignored. Every hour of every day from the first date to the last is needed for every game.

>>> import io
>>> text = "date,hour,game,tables_open,players\\n" + "".join(
...     f"2026-01-05,{h},pit,2,{h / 2}\\n" for h in range(24))
>>> counts = parse_counts(io.StringIO(text), "counts.csv", ["pit"])
>>> counts.start.isoformat(), counts.days, float(counts.players[0, 3])
('2026-01-05', 1, 1.5)
"""

from __future__ import annotations

import csv
import datetime as dt
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np

from casino_sim.config.words import did_you_mean
from casino_sim.errors import CountsError
from casino_sim.floor.schedule import HOUR

__all__ = [
    "COLUMNS",
    "SESSION_COLUMNS",
    "Counts",
    "counts_rows",
    "parse_counts",
    "parse_sessions",
    "read_counts",
    "read_sessions",
]

#: The columns a counts file must have, in the order the floor writes them.
COLUMNS = ("date", "hour", "game", "tables_open", "players")
#: The columns of a sessions file (one row per session; times ISO, e.g. 2026-01-06T18:05).
SESSION_COLUMNS = ("game", "start", "end")


@dataclass(frozen=True)
class Counts:
    """Hourly counts of ``games`` over ``days`` whole days from ``start``: ``tables`` and
    ``players`` are ``[game, hour of the record]`` (``days x 24`` hours)."""

    path: str
    start: dt.date
    days: int
    games: tuple[str, ...]
    tables: np.ndarray
    players: np.ndarray

    def weekday(self, hour: int) -> int:
        """Weekday (0 = Monday) of hour ``hour`` of the record."""
        return (self.start.weekday() + hour // 24) % 7


def read_counts(path: str | Path, games: Sequence[str], *, name: str | None = None) -> Counts:
    """Read and check a counts file whose games must be among ``games`` (the floor's groups);
    ``name``: the file's name in messages (default: ``path``)."""
    with open(path, newline="", encoding="utf-8") as stream:
        return parse_counts(stream, name or str(path), games)


def _number(text: str, where: str, key: str, *, whole: bool) -> float:
    try:
        value = float(text.replace(",", "")) if text.strip() else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (whole and value != int(value)):
        kind = "a whole number >= 0" if whole else "a number >= 0"
        raise CountsError(f"{where}: {key}: expected {kind}, got {text!r}")
    return value


def parse_counts(stream: IO[str], name: str, games: Sequence[str]) -> Counts:
    """Parse a counts file from ``stream`` (``name`` for messages); :class:`CountsError` with
    the file, line and column of the first problem."""
    reader = csv.DictReader(stream)
    header = reader.fieldnames or []
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise CountsError(
            f"{name}:1: missing column(s) {', '.join(missing)}; a counts file has the columns "
            f"{', '.join(COLUMNS)} (others are ignored)"
        )
    rows: dict[tuple[str, dt.date, int], tuple[float, float]] = {}
    for row in reader:
        where = f"{name}:{reader.line_num}"
        try:
            date = dt.date.fromisoformat((row["date"] or "").strip())
        except ValueError:
            message = f"{where}: date: expected a date YYYY-MM-DD, got {row['date']!r}"
            raise CountsError(message) from None
        hour = _number(row["hour"] or "", where, "hour", whole=True)
        if hour > 23:
            raise CountsError(f"{where}: hour: expected a clock hour 0..23, got {row['hour']!r}")
        game = (row["game"] or "").strip()
        if game not in games:
            raise CountsError(
                f"{where}: game: {game!r} is not a table group of the floor"
                f"{did_you_mean(game, games)} (groups: {', '.join(games)})"
            )
        open_tables = _number(row["tables_open"] or "", where, "tables_open", whole=True)
        seated = _number(row["players"] or "", where, "players", whole=False)
        if seated > 0 and open_tables == 0:
            raise CountsError(f"{where}: players: {seated:g} seated with no table open")
        key = (game, date, int(hour))
        if key in rows:
            raise CountsError(f"{where}: a second row for {game} on {date} at hour {int(hour)}")
        rows[key] = (open_tables, seated)
    if not rows:
        raise CountsError(f"{name}: no rows after the header")
    dates = [date for _, date, _ in rows]
    start, end = min(dates), max(dates)
    days = (end - start).days + 1
    seen = tuple(g for g in games if any(key[0] == g for key in rows))
    tables = np.zeros((len(seen), days * 24))
    players = np.zeros((len(seen), days * 24))
    for i, game in enumerate(seen):
        for k in range(days * 24):
            date = start + dt.timedelta(days=k // 24)
            value = rows.get((game, date, k % 24))
            if value is None:
                raise CountsError(
                    f"{name}: game {game!r} has no row for {date} hour {k % 24} (every hour of "
                    f"every day from {start} to {end} is needed)"
                )
            tables[i, k], players[i, k] = value
    return Counts(name, start, days, seen, tables, players)


def _open_tables(group: Any, hours: int, start_weekday: int) -> np.ndarray:
    """The group's tables open at the middle of each clock hour of the run (its schedule's
    count, or all of them, while its hours hold)."""
    week = group.schedule.by_hour() if getattr(group, "schedule", None) is not None else None
    out = []
    for k in range(hours):
        count = group.count if week is None else week[(start_weekday + k // 24) % 7][k % 24]
        out.append(count * group.open.is_open((k + 0.5) * HOUR))
    return np.array(out)


def counts_rows(
    seated: Mapping[str, np.ndarray],
    groups: Mapping[str, Any],
    *,
    start_weekday: int,
    skip_days: int = 1,
) -> Iterable[dict[str, Any]]:
    """A floor run's counts file rows: its seated players per clock hour by group (from
    :attr:`~casino_sim.floor.results.ReplicationResult.seated_by_hour`), the first
    ``skip_days`` left out (the floor opens empty: a warm-up, not a record), dated from the
    first Monday of 2026 moved to the run's weekday."""
    first = dt.date(2026, 1, 5) + dt.timedelta(days=(start_weekday + skip_days) % 7)
    for name, by_hour in seated.items():
        open_tables = _open_tables(groups[name], len(by_hour), start_weekday)
        for k in range(skip_days * 24, len(by_hour)):
            day = first + dt.timedelta(days=k // 24 - skip_days)
            yield {"date": day.isoformat(), "hour": k % 24, "game": name,
                   "tables_open": int(open_tables[k]), "players": round(float(by_hour[k]), 4)}  # fmt: skip


def read_sessions(
    path: str | Path, games: Sequence[str], *, name: str | None = None
) -> dict[str, np.ndarray]:
    """Read a sessions file: each game's session lengths in hours."""
    with open(path, newline="", encoding="utf-8") as stream:
        return parse_sessions(stream, name or str(path), games)


def parse_sessions(stream: IO[str], name: str, games: Sequence[str]) -> dict[str, np.ndarray]:
    """Parse a sessions file (``game,start,end``) from ``stream``; :class:`CountsError` with the
    file, line and column of the first problem."""
    reader = csv.DictReader(stream)
    missing = [c for c in SESSION_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise CountsError(
            f"{name}:1: missing column(s) {', '.join(missing)}; a sessions file has the columns "
            f"{', '.join(SESSION_COLUMNS)} (others are ignored)"
        )
    lengths: dict[str, list[float]] = {}
    for row in reader:
        where = f"{name}:{reader.line_num}"
        game = (row["game"] or "").strip()
        if game not in games:
            raise CountsError(
                f"{where}: game: {game!r} is not a table group of the floor"
                f"{did_you_mean(game, games)} (groups: {', '.join(games)})"
            )
        times = []
        for key in ("start", "end"):
            try:
                times.append(dt.datetime.fromisoformat((row[key] or "").strip()))
            except ValueError:
                raise CountsError(
                    f"{where}: {key}: expected a time such as 2026-01-06T18:05, got {row[key]!r}"
                ) from None
        hours = (times[1] - times[0]).total_seconds() / HOUR
        if hours <= 0:
            raise CountsError(f"{where}: end: {row['end']} is not after start {row['start']}")
        lengths.setdefault(game, []).append(hours)
    if not lengths:
        raise CountsError(f"{name}: no rows after the header")
    return {game: np.array(values) for game, values in lengths.items()}
