"""Result files: written whole or not at all, and never over what casino_sim did not write.

The no-clobber policy, in one place:

* a result **file** is created new; an existing file is replaced only with
  ``overwrite=True`` (the CLI's ``--force``), and never when the path is not a
  regular file (a directory, a device such as ``/dev/full``, a FIFO, a symlink);
* a result **folder** is created new or filled when empty; like a file, one
  that holds anything is used only with ``overwrite=True``: a folder casino_sim
  wrote itself (it holds a manifest, :data:`MANIFEST`, listing the files it
  wrote) is then replaced, and a folder holding other files receives
  casino_sim's files while the others are kept. Only files listed in a
  manifest are ever replaced or removed;
* every path is checked *before* the work (:func:`check_output_file`,
  :func:`check_output_dir`, :func:`check_distinct`), and the error names the
  user's path, never a temporary file;
* files and folders get the user's umask.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_atomic(target, "hello").read_text()
'hello'
>>> write_atomic(target, "again")
Traceback (most recent call last):
...
casino_sim.errors.OutputError: ...out.txt already exists (pass --force to overwrite it)
"""

from __future__ import annotations

import contextlib
import csv
import errno
import hashlib
import io
import json
import os
import stat
import tempfile
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from casino_sim.errors import OutputError

__all__ = [
    "MANIFEST",
    "atomic_binary_writer",
    "atomic_writer",
    "check_distinct",
    "check_output_dir",
    "check_output_file",
    "csv_text",
    "file_digest",
    "provenance",
    "write_atomic",
    "write_csv",
    "write_directory",
    "write_json",
]

#: The file that marks a folder as written by casino_sim, listing what it wrote.
MANIFEST = ".casino-sim-manifest.json"

PathLike = str | os.PathLike[str]


def _umask() -> int:
    """The process umask, read without changing it where the OS allows."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _describe(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a file" if stat.S_ISREG(mode) else "not a regular file"


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _nonempty(path: PathLike, what: str) -> Path:
    if not str(path).strip():
        raise OutputError(f"{what}: empty path")
    return Path(path)


def _check_parent(target: Path, shown: str) -> None:
    parent = target.parent
    if not parent.is_dir():
        raise OutputError(f"{shown}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{shown}: folder {parent} is not writable")


def check_output_file(path: PathLike, *, overwrite: bool = False, what: str = "output") -> Path:
    """Check, before any work, that ``path`` may receive a result file; return it.

    >>> check_output_file("/dev/null")
    Traceback (most recent call last):
    ...
    casino_sim.errors.OutputError: /dev/null is a device, not a regular file: refusing to replace it
    """
    target = _nonempty(path, what)
    info = _lstat(target)
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(
                f"{target} is {_describe(info.st_mode)}, not a regular file: refusing to replace it"
            )
        if not overwrite:
            raise OutputError(f"{target} already exists (pass --force to overwrite it)")
    _check_parent(target, str(target))
    return target


def _read_manifest(folder: Path) -> set[str] | None:
    """The names a casino_sim manifest in ``folder`` lists, or None when there is none."""
    manifest = folder / MANIFEST
    info = _lstat(manifest)
    if info is None or not stat.S_ISREG(info.st_mode):
        return None
    try:
        record = json.loads(manifest.read_text())
        names = record["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if record.get("written_by") != "casino_sim" or not isinstance(names, list):
        return None
    return {n for n in names if isinstance(n, str) and "/" not in n and n not in ("", ".", "..")}


def _foreign_entries(folder: Path) -> list[str]:
    """Entries of ``folder`` that casino_sim's manifest there does not list."""
    ours = _read_manifest(folder) or set()
    return sorted(n for n in os.listdir(folder) if n != MANIFEST and n not in ours)


def check_output_dir(path: PathLike, *, overwrite: bool = False, what: str = "output") -> Path:
    """Check, before any work, that ``path`` may receive a result folder; return it.

    New or empty: fine. A folder holding anything needs ``overwrite=True``
    (``--force``), as an existing result file does: an earlier result casino_sim
    wrote there is then replaced; other files are kept.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_output_dir(write_directory(folder / "report", {"report.md": "# PAR"}))
    Traceback (most recent call last):
    ...
    casino_sim.errors.OutputError: ...report holds an earlier casino-sim result (report.md): pass --force to replace it, or choose a new folder
    >>> check_output_dir(folder / "report" / "report.md")
    Traceback (most recent call last):
    ...
    casino_sim.errors.OutputError: ...report.md is a file, not a folder: refusing to use it
    """
    target = _nonempty(path, what)
    info = _lstat(target)
    if info is None:
        _check_parent(target, str(target))
        return target
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(
            f"{target} is {_describe(info.st_mode)}, not a folder: refusing to use it"
        )
    if not os.access(target, os.W_OK | os.X_OK):
        raise OutputError(f"{target}: folder is not writable")
    if overwrite:
        return target
    foreign = _foreign_entries(target)
    if foreign:
        raise OutputError(
            f"{target} is not empty and was not written by casino-sim ({_some(foreign)}): choose "
            "a new or empty folder, or pass --force to add the result's files (other files are "
            "kept)"
        )
    if os.listdir(target):
        ours = sorted(_read_manifest(target) or ())
        raise OutputError(
            f"{target} holds an earlier casino-sim result ({_some(ours) or MANIFEST}): pass "
            "--force to replace it, or choose a new folder"
        )
    return target


def _some(names: Sequence[str]) -> str:
    """The first few of ``names``: ``a, b, c, ...``."""
    return ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")


def check_distinct(
    outputs: Mapping[str, PathLike | None], inputs: Iterable[PathLike | None]
) -> None:
    """Refuse an output path that is also an input or another output.

    >>> check_distinct({"--json": "a.json", "--history": "a.json"}, [])
    Traceback (most recent call last):
    ...
    casino_sim.errors.OutputError: --history and --json name the same path a.json
    """
    seen: dict[str, str] = {}
    input_keys = {os.path.realpath(p) for p in inputs if p is not None and str(p)}
    for option, path in sorted(outputs.items()):
        if path is None:
            continue
        key = os.path.realpath(path)
        if key in input_keys:
            raise OutputError(f"{option} {path} is also an input file: refusing to overwrite it")
        if key in seen:
            raise OutputError(f"{seen[key]} and {option} name the same path {path}")
        seen[key] = option


def _create_temp(folder: Path, name: str, suffix: str = ".tmp") -> tuple[int, Path]:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=suffix, dir=folder)
    os.fchmod(fd, 0o666 & ~_umask())
    return fd, Path(tmp)


@contextlib.contextmanager
def atomic_binary_writer(path: PathLike, *, overwrite: bool = False) -> Iterator[IO[bytes]]:
    """A binary file handle whose contents appear at ``path`` whole when the block ends.

    On an exception nothing appears and the temporary file (``.NAME.*.tmp``
    beside ``path``) is removed. An existing regular file is replaced only with
    ``overwrite=True``; anything else at ``path`` (a directory, a device such
    as ``/dev/full``, a symlink) never is, and raises :class:`OutputError`.

    >>> import tempfile, pathlib, numpy as np
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "counts.npz"
    >>> with atomic_binary_writer(target) as handle:
    ...     np.savez(handle, answer=np.arange(3))
    >>> np.load(target)["answer"].tolist()
    [0, 1, 2]
    """
    target = check_output_file(path, overwrite=overwrite)
    fd, tmp = _create_temp(target.parent, target.name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            check_output_file(target, overwrite=True)  # still a regular file (or absent)?
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)  # fails if the path appeared meanwhile: no clobbering
            except FileExistsError:
                raise OutputError(
                    f"{target} already exists (pass --force to overwrite it)"
                ) from None
            tmp.unlink()
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def atomic_writer(path: PathLike, *, overwrite: bool = False) -> Iterator[IO[str]]:
    """A UTF-8 text handle whose contents appear at ``path`` whole when the block ends.

    The text twin of :func:`atomic_binary_writer` (same guarantees); newlines
    are written as given.
    """
    with atomic_binary_writer(path, overwrite=overwrite) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        try:
            yield text
            text.flush()
        finally:
            text.detach()


def write_atomic(path: PathLike, data: str | bytes, *, overwrite: bool = False) -> Path:
    """Write ``data`` to a new file ``path`` whole (see :func:`atomic_binary_writer`)."""
    with atomic_binary_writer(path, overwrite=overwrite) as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)


def write_json(path: PathLike, record: Any, *, overwrite: bool = False) -> Path:
    """Write ``record`` as indented JSON, whole; exact ints stay JSON integers."""
    return write_atomic(path, json.dumps(record, indent=2) + "\n", overwrite=overwrite)


def csv_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows of one table as CSV text (the columns of the first row, in order).

    >>> csv_text([{"hand": "royal", "pays": 100}])
    'hand,pays\\r\\nroyal,100\\r\\n'
    """
    buffer = io.StringIO()
    if rows:
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return buffer.getvalue()


def write_csv(
    path: PathLike, rows: Sequence[Mapping[str, Any]], *, overwrite: bool = False
) -> Path:
    """Write one table as CSV, whole."""
    return write_atomic(path, csv_text(rows), overwrite=overwrite)


def _manifest_text(names: Iterable[str]) -> str:
    from casino_sim import __version__

    record = {"written_by": "casino_sim", "version": __version__, "files": sorted(names)}
    return json.dumps(record, indent=2) + "\n"


def _fill(folder: Path, files: Mapping[str, str | bytes], *, replace: bool) -> None:
    for name, data in files.items():
        if "/" in name or name in ("", ".", "..", MANIFEST):
            raise OutputError(f"bad result file name {name!r}")
        write_atomic(folder / name, data, overwrite=replace)


def _remove_listed(folder: Path, names: Iterable[str]) -> None:
    """Remove the regular files casino_sim listed as its own (nothing else)."""
    for name in names:
        info = _lstat(folder / name)
        if info is not None and stat.S_ISREG(info.st_mode):
            (folder / name).unlink()


def write_directory(
    path: PathLike, files: Mapping[str, str | bytes], *, overwrite: bool = False
) -> Path:
    """Write a result folder: ``files`` maps file names to contents; returns the folder.

    A new or empty folder is built beside it and renamed into place, so it is
    complete or absent. Anything else needs ``overwrite=True``: a folder
    casino_sim wrote before is then swapped for the new one, and only its
    listed files are removed; a folder holding other files receives each file
    whole, and the others stay.
    """
    target = check_output_dir(path, overwrite=overwrite)
    exists = target.is_dir()
    old = _read_manifest(target) if exists else None
    if exists and _foreign_entries(target):  # forced: write in place, keep the others
        _fill(target, files, replace=True)
        _remove_listed(target, (old or set()) - set(files))
        write_atomic(target / MANIFEST, _manifest_text(files), overwrite=True)
        return target
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        os.chmod(staging, 0o777 & ~_umask())
        _fill(staging, files, replace=False)
        write_atomic(staging / MANIFEST, _manifest_text(files))
        if exists and old is not None:
            retired = target.parent / f".{target.name}.old-{uuid.uuid4().hex[:8]}"
            os.rename(target, retired)
            os.rename(staging, target)
            _remove_listed(retired, old | {MANIFEST})
            with contextlib.suppress(OSError):  # something else appeared in it: keep it
                retired.rmdir()
        else:
            try:
                os.rename(staging, target)  # replaces an empty folder, never a full one
            except OSError as error:
                if error.errno in (errno.ENOTEMPTY, errno.EEXIST):
                    raise OutputError(f"{target} was filled by something else meanwhile") from None
                raise
    except BaseException:
        if staging.is_dir():
            _remove_listed(staging, [*files, MANIFEST])
            with contextlib.suppress(OSError):
                staging.rmdir()
        raise
    return target


def file_digest(path: PathLike) -> str:
    """SHA-256 of a file's bytes, as hex."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def provenance(inputs: Mapping[str, PathLike | None], **settings: Any) -> dict[str, Any]:
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
