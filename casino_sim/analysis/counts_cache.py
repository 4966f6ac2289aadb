"""On-disk cache of the Caribbean Stud dealer counts, keyed by a format version.

The cache lives in ``$CASINO_SIM_CACHE`` if set, else the user cache directory.
A file that fails to load, has the wrong version, or whose digest or totals do
not check out is rebuilt; a new file is written atomically (temp file + rename).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from casino_sim.analysis.caribbean_counts import DEALER_HOLE_SETS, DealerCounts, compute_counts

__all__ = ["FORMAT_VERSION", "cache_dir", "cache_path", "load_counts"]

FORMAT_VERSION = 1
_FIELDS = ("class_keys", "representatives", "weights", "player_values", "no_qualify", "win", "tie")


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


def _read(path: Path) -> DealerCounts | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _FIELDS}
            stored_version = int(data["version"])
            stored_digest = str(data["digest"])
    except (OSError, KeyError, ValueError, EOFError):
        return None
    if stored_version != FORMAT_VERSION or stored_digest != _digest(arrays):
        return None
    counts = DealerCounts(**arrays)
    return counts if _plausible(counts) else None


def _write(path: Path, counts: DealerCounts) -> None:
    arrays = {name: getattr(counts, name) for name in _FIELDS}
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".counts-", suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, version=FORMAT_VERSION, digest=_digest(arrays), **arrays)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_MEMO: dict[Path, DealerCounts] = {}


def load_counts(*, progress: Callable[[int, int], None] | None = None) -> DealerCounts:
    """The dealer counts: from memory, else the disk cache, else computed and cached.

    A cache directory that cannot be written is not an error: the counts are
    still returned (and computed again next time).
    """
    path = cache_path()
    if path in _MEMO:
        return _MEMO[path]
    counts = _read(path) if path.exists() else None
    if counts is None:
        counts = compute_counts(progress=progress)
        with contextlib.suppress(OSError):  # read-only cache location: keep the in-memory result
            _write(path, counts)
    _MEMO[path] = counts
    return counts
