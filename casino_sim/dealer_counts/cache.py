"""On-disk cache of the Caribbean Stud dealer counts, keyed by a format version.

The cache lives in ``$CASINO_SIM_CACHE`` if set, else the user cache directory.
A file that fails to load for any reason (truncated, flipped bytes, not a zip
at all), has the wrong version, or whose digest or totals do not check out is
rebuilt; a new file is written atomically (temp file + rename). Library code
does not print: what the cache does is told through :mod:`logging` (logger
``casino_sim.cache``), INFO for a build or rebuild, WARNING (once per process)
for a cache folder that cannot be written.

:func:`cache_files` and :func:`clear_cache` list and remove the files this tool
wrote in the cache folder (and nothing else).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from casino_sim.dealer_counts.counts import (
    DEALER_HOLE_SETS,
    DealerCounts,
    compute_counts,
)
from casino_sim.engine.files import atomic_binary_writer
from casino_sim.errors import OutputError

__all__ = [
    "FORMAT_VERSION",
    "CacheFile",
    "cache_dir",
    "cache_files",
    "cache_path",
    "clear_cache",
    "load_counts",
]

FORMAT_VERSION = 1
_FIELDS = ("class_keys", "representatives", "weights", "player_values", "no_qualify", "win", "tie")
#: Wall-clock seconds of a cold build measured on the reference 2-core machine.
BUILD_SECONDS = 20

#: Names of the files this tool writes in the cache folder: the counts of any
#: format version, and the temp files of an interrupted atomic write.
# the cache file, and temporary files of an interrupted write (today's and older releases')
_OWN_NAME = re.compile(
    r"caribbean-dealer-counts-v\d+\.npz"
    r"|\.caribbean-dealer-counts-v\d+\.npz\.[A-Za-z0-9_]+\.tmp"
    r"|\.counts-[A-Za-z0-9_]+\.npz"
)

log = logging.getLogger("casino_sim.cache")


def cache_dir() -> Path:
    """Where cached counts live: ``$CASINO_SIM_CACHE`` or the platform's user cache dir."""
    override = os.environ.get("CASINO_SIM_CACHE")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("casino_sim"))


def cache_path() -> Path:
    return cache_dir() / f"caribbean-dealer-counts-v{FORMAT_VERSION}.npz"


def _digest(arrays: dict[str, np.ndarray]) -> str:
    sha = hashlib.sha256()
    for name in _FIELDS:
        sha.update(name.encode())
        sha.update(np.ascontiguousarray(arrays[name]).tobytes())
    return sha.hexdigest()


def _plausible(counts: DealerCounts) -> bool:
    outcomes = counts.no_qualify.astype(np.int64) + counts.win + counts.tie
    return (
        int(counts.weights.sum()) == 2_598_960
        and len(counts.weights) == 134_459
        and bool((outcomes <= DEALER_HOLE_SETS).all())
        and bool((counts.no_qualify >= 0).all())
    )


def _inspect(path: Path) -> tuple[DealerCounts | None, str]:
    """The counts in ``path`` and ``"valid"``, or ``None`` and why the file cannot be used."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _FIELDS}
            stored_version = int(data["version"])
            stored_digest = str(data["digest"])
        if stored_version != FORMAT_VERSION:
            return None, f"format version {stored_version}, expected {FORMAT_VERSION}"
        if stored_digest != _digest(arrays):
            return None, "checksum mismatch"
        counts = DealerCounts(**arrays)
        if not _plausible(counts):
            return None, "implausible totals"
    except Exception as error:  # any unreadable file is rebuilt, whatever the reader raised
        return None, type(error).__name__
    return counts, "valid"


def _read(path: Path) -> DealerCounts | None:
    return _inspect(path)[0]


def _write(path: Path, counts: DealerCounts) -> None:
    arrays = {name: getattr(counts, name) for name in _FIELDS}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_binary_writer(path, overwrite=True) as handle:  # never replaces a non-file
        np.savez(handle, version=FORMAT_VERSION, digest=_digest(arrays), **arrays)


_MEMO: dict[Path, DealerCounts] = {}
_WARNED_UNWRITABLE: set[Path] = set()


def load_counts(*, progress: Callable[[int, int], None] | None = None) -> DealerCounts:
    """The dealer counts: from memory, else the disk cache, else computed and cached.

    A cache directory that cannot be written is not an error: the counts are
    still returned (and computed again next time; a WARNING says so once).
    """
    path = cache_path()
    if path in _MEMO:
        return _MEMO[path]
    counts = None
    found = os.path.lexists(path)
    if found:
        counts, problem = _inspect(path)
        if counts is None:
            log.info(
                "cache file %s is unreadable (%s); rebuilding it (about %d s)",
                path,
                problem,
                BUILD_SECONDS,
            )
    if counts is None:
        unwritable = _unwritable(path.parent)
        if unwritable is not None:
            _warn_unwritable(path, unwritable)
        elif not found:
            log.info(
                "building the dealer-count cache at %s (one time, about %d s)",
                path,
                BUILD_SECONDS,
            )
        counts = compute_counts(progress=progress)
        if unwritable is None:
            try:
                _write(path, counts)
            except (OSError, OutputError) as error:  # disk full, a folder at the path: keep going
                _warn_unwritable(path, error)
    _MEMO[path] = counts
    return counts


def _unwritable(folder: Path) -> OSError | None:
    """Why a new file cannot be made in ``folder`` (created if missing), or ``None``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".counts-", suffix=".npz", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return error
    return None


def _warn_unwritable(path: Path, error: OSError | OutputError) -> None:
    """One WARNING per folder and process: the counts will be rebuilt on every run."""
    if path.parent in _WARNED_UNWRITABLE:
        return
    _WARNED_UNWRITABLE.add(path.parent)
    reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
    log.warning(
        "the cache at %s cannot be written (%s), so the dealer counts are rebuilt on every run"
        " (about %d s each); set CASINO_SIM_CACHE to a writable folder",
        path.parent,
        reason,
        BUILD_SECONDS,
    )


@dataclass(frozen=True)
class CacheFile:
    """One file this tool wrote in the cache folder; ``status`` is ``"valid"`` or what is wrong."""

    path: Path
    size: int
    status: str

    @property
    def valid(self) -> bool:
        return self.status == "valid"


def _own_files(folder: Path) -> list[tuple[Path, int]]:
    """(path, size) of the regular files in ``folder`` named like ours; symlinks are skipped."""
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []
    found = []
    for entry in entries:
        if not _OWN_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except FileNotFoundError:  # removed meanwhile
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((Path(entry.path), info.st_size))
    return sorted(found)


def cache_files(*, check: bool = True) -> list[CacheFile]:
    """The files this tool wrote in :func:`cache_dir`, each with its size and validity.

    ``check=False`` skips reading the files (the status is then ``"unchecked"``);
    a temp file of an interrupted write has the status ``"incomplete write"``.
    """
    records = []
    for path, size in _own_files(cache_dir()):
        if path.name.startswith("."):
            status = "incomplete write"
        elif check:
            status = _inspect(path)[1]
        else:
            status = "unchecked"
        records.append(CacheFile(path, size, status))
    return records


def clear_cache() -> list[CacheFile]:
    """Remove the files this tool wrote in :func:`cache_dir`; return what was removed.

    Only regular files named like the cache's own files are removed; the folder
    and anything else in it are left alone, and symlinks are never followed.
    """
    removed = []
    for path, size in _own_files(cache_dir()):
        try:
            path.unlink()  # unlink never follows a symlink in the last component
        except FileNotFoundError:
            continue
        removed.append(CacheFile(path, size, "removed"))
        _MEMO.pop(path, None)
    return removed
