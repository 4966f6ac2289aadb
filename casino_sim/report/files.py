"""Atomic file writing: a result file is either complete or absent."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, "hello").read_text()
    'hello'
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, mode) as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return target


def write_json(path: str | os.PathLike[str], record: Any) -> Path:
    """Write ``record`` as indented JSON, atomically; exact ints stay JSON integers."""
    return write_atomic(path, json.dumps(record, indent=2, sort_keys=False) + "\n")


def file_digest(path: str | os.PathLike[str]) -> str:
    """SHA-256 of a file's bytes, as hex."""
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def provenance(inputs: dict[str, str | os.PathLike[str] | None], **settings: Any) -> dict[str, Any]:
    """What a result was made from: casino_sim version, input files with SHA-256, settings (seed...).

    >>> provenance({}, seed=1)["seed"]
    1
    """
    from casino_sim import __version__

    files = {
        role: {"path": str(path), "sha256": file_digest(path)}
        for role, path in inputs.items()
        if path is not None
    }
    return {"casino_sim_version": __version__, "inputs": files, **settings}
