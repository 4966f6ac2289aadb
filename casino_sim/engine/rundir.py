"""Run directories: a run's definition and every finished chunk, so a killed run resumes.

A run directory holds one SQLite database, ``run.sqlite`` (stdlib
:mod:`sqlite3`, write-ahead log), with two tables:

* ``run``: the run's *definition* as canonical JSON (what the run computes:
  casino_sim version, seed, chunk count and size, a fingerprint of the chunks'
  context, the input files' SHA-256, ...) and when it was made;
* ``chunks``: one row per finished chunk: its index, its result (pickled),
  the seconds it took and when it was stored. Each row is written in its own
  transaction as the chunk completes, so a crash (SIGKILL, power) loses at most
  the chunks still running.

Resuming (``resume=True``) checks the stored definition against the new one
key by key and refuses a directory made by another run; stored chunks are
then merged as they are, not recomputed, so the result equals an
uninterrupted run bit for bit. A lock file keeps two processes out of one
directory. Every problem is a :class:`RunDirError` (exit status 2 in the CLI).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp()) / "run"
>>> with RunDir.open(folder, {"seed": 1, "n_chunks": 2}) as run:
...     run.save(0, {"total": 3}, seconds=0.5)
>>> with RunDir.open(folder, {"seed": 1, "n_chunks": 2}, resume=True) as run:
...     sorted(run.finished()), run.load(0)
([0], {'total': 3})
>>> RunDir.open(folder, {"seed": 2, "n_chunks": 2}, resume=True)
Traceback (most recent call last):
...
casino_sim.engine.rundir.RunDirError: ... was made by another run: seed 1 there, 2 here; ...
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import fcntl
import hashlib
import json
import os
import pickle
import sqlite3
import time
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np

from casino_sim.errors import OptionError

__all__ = [
    "DATABASE",
    "RunDir",
    "RunDirError",
    "check_run_dir",
    "fingerprint",
    "stored_definition",
]

#: The database file inside a run directory.
DATABASE = "run.sqlite"
_LOCK = "run.lock"
_SCHEMA = 1


class RunDirError(OptionError):
    """A run directory cannot be used: another run's, corrupt, busy, or not a directory."""


def check_run_dir(path: str | os.PathLike[str], *, resume: bool) -> Path:
    """The run directory ``path``, checked before any work (the database is not opened).

    Refused: an empty path, something that is not a directory, a folder whose
    parent does not exist, a folder holding other files, and (without
    ``resume``) a folder that already holds a run.
    """
    text = os.fspath(path)
    if not text.strip():
        raise RunDirError("run directory: the path is empty")
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise RunDirError(f"run directory {folder}: exists and is not a directory")
    if not folder.exists():
        if not folder.parent.is_dir():
            raise RunDirError(f"run directory {folder}: no folder {folder.parent} to make it in")
        return folder
    names = {p.name for p in folder.iterdir()}
    if DATABASE not in names:
        if names - {_LOCK}:
            raise RunDirError(
                f"run directory {folder}: holds other files, not a run (choose a new or empty folder)"
            )
        return folder
    if not resume:
        raise RunDirError(
            f"run directory {folder}: holds a run already: add --resume to continue it, "
            "or choose another directory"
        )
    return folder


def stored_definition(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The definition stored in run directory ``path`` (``None`` if it holds no run yet)."""
    database = Path(path) / DATABASE
    if not database.is_file():
        return None
    with contextlib.closing(_connect(database)) as connection:
        return _read_definition(connection, database)


def _connect(database: Path) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(database, timeout=10.0, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.Error as error:
        raise RunDirError(f"{database}: not a run database ({error})") from None
    return connection


def _read_definition(connection: sqlite3.Connection, database: Path) -> dict[str, Any]:
    try:
        row = connection.execute("SELECT schema, definition FROM run").fetchone()
        definition = json.loads(row[1]) if row else None
        schema = row[0] if row else None
    except (sqlite3.Error, ValueError, TypeError) as error:
        raise RunDirError(f"{database}: not a run database ({error})") from None
    if schema != _SCHEMA or not isinstance(definition, dict):
        raise RunDirError(f"{database}: not a run database of this casino_sim (schema {schema})")
    return definition


class RunDir:
    """An open run directory (use :meth:`open`); a context manager that closes it."""

    def __init__(self, folder: Path, connection: sqlite3.Connection, lock: Any) -> None:
        self.folder = folder
        self._connection = connection
        self._lock = lock

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], definition: Mapping[str, Any], *, resume: bool = False
    ) -> RunDir:
        """Open (or make) the run directory of the run ``definition`` (JSON-ready).

        A new or empty directory starts a run (also with ``resume``); a stored
        run is continued only with ``resume`` and an equal definition.
        """
        folder = check_run_dir(path, resume=resume)
        folder.mkdir(exist_ok=True)
        canonical = _canonical_json(definition)
        lock = open(folder / _LOCK, "a+")  # noqa: SIM115 - held open while the run lasts
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise RunDirError(f"run directory {folder}: in use by another run") from None
        database = folder / DATABASE
        connection = None
        try:
            is_new = not database.exists() or database.stat().st_size == 0
            connection = _connect(database)
            if is_new:
                _create(connection, canonical)
            else:
                stored = _read_definition(connection, database)
                _check_same_run(folder, stored, json.loads(canonical))
                connection.execute("SELECT count(*) FROM chunks").fetchone()
        except sqlite3.Error as error:
            if connection is not None:
                connection.close()
            lock.close()
            raise RunDirError(f"{database}: not a run database ({error})") from None
        except BaseException:
            if connection is not None:
                connection.close()
            lock.close()
            raise
        return cls(folder, connection, lock)

    def finished(self) -> frozenset[int]:
        """The indices of the chunks stored."""
        rows = self._connection.execute("SELECT idx FROM chunks").fetchall()
        return frozenset(int(row[0]) for row in rows)

    def load(self, index: int) -> Any:
        """The stored result of chunk ``index``."""
        row = self._connection.execute(
            "SELECT result FROM chunks WHERE idx = ?", (index,)
        ).fetchone()
        if row is None:
            raise RunDirError(f"{self.folder}: chunk {index} is not stored")
        try:
            return pickle.loads(row[0])
        except Exception as error:
            raise RunDirError(f"{self.folder}: chunk {index} cannot be read ({error})") from None

    def save(self, index: int, result: Any, *, seconds: float) -> None:
        """Store chunk ``index``'s result, in one transaction."""
        blob = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
        with self._transaction():
            self._connection.execute(
                "INSERT OR REPLACE INTO chunks (idx, result, seconds, stored_at) VALUES (?, ?, ?, ?)",
                (index, blob, float(seconds), time.time()),
            )

    def chunk_seconds(self) -> list[float]:
        """Seconds each stored chunk took (for estimates of larger runs)."""
        rows = self._connection.execute("SELECT seconds FROM chunks ORDER BY idx").fetchall()
        return [float(row[0]) for row in rows]

    @contextlib.contextmanager
    def _transaction(self) -> Any:
        self._connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._connection.execute("ROLLBACK")
            raise
        self._connection.execute("COMMIT")

    def close(self) -> None:
        """Close the database and release the directory's lock."""
        self._connection.close()
        self._lock.close()

    def __enter__(self) -> RunDir:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _create(connection: sqlite3.Connection, canonical: str) -> None:
    connection.execute("BEGIN IMMEDIATE")
    connection.execute(
        "CREATE TABLE IF NOT EXISTS run (schema INTEGER, definition TEXT, created_at REAL)"
    )
    connection.execute(
        "CREATE TABLE IF NOT EXISTS chunks "
        "(idx INTEGER PRIMARY KEY, result BLOB NOT NULL, seconds REAL, stored_at REAL)"
    )
    connection.execute("DELETE FROM run")
    connection.execute("INSERT INTO run VALUES (?, ?, ?)", (_SCHEMA, canonical, time.time()))
    connection.execute("COMMIT")


def _check_same_run(folder: Path, stored: Mapping[str, Any], given: Mapping[str, Any]) -> None:
    differences = []
    for key in sorted(set(stored) | set(given)):
        there, here = stored.get(key), given.get(key)
        if there == here:
            continue
        if key in _FRIENDLY:
            differences.append(_FRIENDLY[key])
        elif isinstance(there, dict | list) or isinstance(here, dict | list):
            differences.append(f"{key} differs")
        else:
            differences.append(f"{key} {_short(there)} there, {_short(here)} here")
    if differences:
        raise RunDirError(
            f"run directory {folder} was made by another run: {'; '.join(differences[:3])}; "
            "use the same inputs, seed and version, or another directory"
        )


#: Definition entries that are digests, said in words.
_FRIENDLY = {
    "context": "the run's settings differ (paytable, seats, strategies, options...)",
    "inputs": "the input files differ",
}


def _short(value: Any) -> str:
    text = "none" if value is None else str(value)
    return text if len(text) <= 16 else text[:12] + "..."


def _canonical_json(definition: Mapping[str, Any]) -> str:
    try:
        return json.dumps(definition, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise TypeError(f"a run definition must be plain JSON: {error}") from None


def fingerprint(value: Any) -> str:
    """A SHA-256 of ``value``'s content that is the same in every process (for run definitions).

    Walks dataclasses, mappings (sorted), sequences, sets (sorted), numpy
    arrays (dtype, shape, bytes), Fractions, enums, functions (by name) and
    plain values; anything else by its attributes. Not ``hash()``: that
    changes between processes.

    >>> fingerprint({"b": 1, "a": Fraction(1, 3)}) == fingerprint({"a": Fraction(1, 3), "b": 1})
    True
    >>> fingerprint([1.0]) == fingerprint([1])
    False
    """
    digest = hashlib.sha256()
    _feed(digest, value, depth=0)
    return digest.hexdigest()


def _feed(digest: Any, value: Any, *, depth: int) -> None:
    if depth > 64:
        raise TypeError("fingerprint: value nested too deeply (a cycle?)")
    put = digest.update
    if value is None or isinstance(value, bool | int | float | str | bytes):
        put(f"{type(value).__name__}:{value!r};".encode())
    elif isinstance(value, np.generic):
        put(f"np.{value.dtype.str}:{value.item()!r};".encode())
    elif isinstance(value, enum.Enum):
        put(f"enum:{type(value).__qualname__}.{value.name};".encode())
    elif isinstance(value, Fraction):
        put(f"fraction:{value};".encode())
    elif isinstance(value, np.ndarray):
        put(f"array:{value.dtype.str}:{value.shape};".encode())
        put(np.ascontiguousarray(value).tobytes())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        put(f"dataclass:{type(value).__qualname__}(".encode())
        for field in dataclasses.fields(value):
            put(f"{field.name}=".encode())
            _feed(digest, getattr(value, field.name), depth=depth + 1)
        put(b")")
    elif isinstance(value, Mapping):
        items = sorted((fingerprint(k), k, v) for k, v in value.items())
        put(f"map:{len(items)}{{".encode())
        for _, key, item in items:
            _feed(digest, key, depth=depth + 1)
            _feed(digest, item, depth=depth + 1)
        put(b"}")
    elif isinstance(value, set | frozenset):
        put(f"set:{','.join(sorted(fingerprint(v) for v in value))};".encode())
    elif isinstance(value, list | tuple):
        put(f"{type(value).__name__}:{len(value)}[".encode())
        for item in value:
            _feed(digest, item, depth=depth + 1)
        put(b"]")
    elif isinstance(value, Path):
        put(f"path:{value};".encode())
    elif callable(value) and hasattr(value, "__qualname__"):
        put(f"callable:{getattr(value, '__module__', '')}.{value.__qualname__};".encode())
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        attributes = dict(getattr(value, "__dict__", {}))
        for name in getattr(type(value), "__slots__", ()):
            if hasattr(value, name):
                attributes[name] = getattr(value, name)
        put(f"object:{type(value).__module__}.{type(value).__qualname__}".encode())
        _feed(digest, attributes, depth=depth + 1)
    else:
        raise TypeError(f"fingerprint: cannot fingerprint a {type(value).__name__}")
