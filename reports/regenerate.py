"""Regenerate the committed example reports in reports/.

    python reports/regenerate.py            # every example
    python reports/regenerate.py standard   # some: default, or a name of ANALYZE_EXAMPLES

``default``: runs ``casino-sim report --seed 2026`` (no inputs: the bundled
casino) into a temporary folder and copies report.html, report.pdf and
report.json into reports/default/, replacing only those files and MANIFEST.json.

Each of :data:`ANALYZE_EXAMPLES` (``standard``): runs its ``casino-sim analyze
... --report NAME`` (the PAR report of one paytable, exact figures only) in a
temporary folder and makes reports/NAME/ hold exactly the files it wrote and
MANIFEST.json.

A manifest records the command, the seed (none for an analyze example), the
casino_sim version, the SHA-256 of every input (by its shipped name), of the
report's templates and code, and of each copied file.
``tests/report/test_committed_report.py`` checks from these that each committed
copy is current without building the report again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT = HERE / "default"
SEED = 2026
COMMAND = ("casino-sim", "report", "--seed", str(SEED))
COPIED = ("report.html", "report.pdf", "report.json")
MANIFEST = "MANIFEST.json"
DEFAULT_OUT = "casino-sim-report"  # where `casino-sim report` writes without --out
#: The committed `casino-sim analyze --report` examples: reports/NAME/ and the command that
#: writes it (run in a temporary folder, so the report it names is the relative NAME).
ANALYZE_EXAMPLES = {
    "standard": (
        "casino-sim",
        "analyze",
        "caribbean_stud/standard",
        "--progressive",
        "progressives/50-75-100",
        "--report",
        "standard",
        "--format",
        "md,json",
    ),
}


def package_root() -> Path:
    """The installed casino_sim package folder."""
    import casino_sim

    return Path(casino_sim.__file__).resolve().parent


# What the report is drawn from besides its inputs: the templates and the report code.
SOURCES = {
    "templates": ("report/templates/par", "*.j2"),
    "report_code": ("report/par", "*.py"),
}


def tree_sha256(folder: Path, pattern: str) -> str:
    """One SHA-256 over the files matching ``pattern`` under ``folder``: names and contents."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob(pattern)):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).hexdigest().encode() + b"\n")
    return digest.hexdigest()


def source_hashes() -> dict[str, str]:
    """The current SHA-256 of each entry of :data:`SOURCES`."""
    root = package_root()
    return {name: tree_sha256(root / where, pattern) for name, (where, pattern) in SOURCES.items()}


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def input_files(record: dict[str, Any]) -> dict[str, str]:
    """The SHA-256 of each input report.json's provenance lists, by shipped name (the report
    records shipped files by that name; a path, as an older report recorded, is named too)."""
    from casino_sim.config.library import resolve_input, shipped_name

    inputs = record["provenance"]["inputs"].values()
    return {shipped_name(resolve_input(item["path"])): item["sha256"] for item in inputs}


def machine_paths(record: Any, roots: tuple[str, ...]) -> list[str]:
    """Every text of ``record`` that names a path of this machine (below one of ``roots``)."""
    if isinstance(record, str):
        return [record] if any(root in record for root in roots) else []
    if isinstance(record, dict):
        record = list(record.values())
    if isinstance(record, list):
        return [text for item in record for text in machine_paths(item, roots)]
    return []


def copy_whole(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` through a temporary file, so ``target`` is never half-written."""
    partial = target.with_name(f".{target.name}.partial")
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def default_report() -> int:
    """Regenerate reports/default/ (the main `casino-sim report` example)."""
    from casino_sim import __version__

    sources = source_hashes()  # what the report is made from, taken before it is made
    with tempfile.TemporaryDirectory(prefix="casino-sim-report-") as scratch:
        # Run in the scratch folder with the default --out, so the report's recorded
        # command line is exactly COMMAND.
        out = Path(scratch) / DEFAULT_OUT
        command = [sys.executable, "-m", "casino_sim", *COMMAND[1:]]
        print("$", " ".join(COMMAND), flush=True)
        started = time.perf_counter()
        done = subprocess.run(command, cwd=scratch, check=False)
        if done.returncode != 0:
            print(f"casino-sim report exited {done.returncode}", file=sys.stderr)
            return done.returncode
        seconds = time.perf_counter() - started
        record = json.loads((out / "report.json").read_text())
        roots = (str(package_root()), str(HERE.parent), scratch)
        found = machine_paths(record, roots)
        if found:  # the committed report names inputs by shipped name, never by this machine's path
            print(f"report.json names paths of this machine, e.g. {found[0]!r}", file=sys.stderr)
            return 1
        DEFAULT.mkdir(exist_ok=True)
        for name in COPIED:
            copy_whole(out / name, DEFAULT / name)
    manifest = {
        "command": " ".join(COMMAND),
        "seed": SEED,
        "casino_sim_version": __version__,
        "inputs": input_files(record),
        "sources": sources,
        "files": {name: file_sha256(DEFAULT / name) for name in COPIED},
        "regenerate": "python reports/regenerate.py",
    }
    (DEFAULT / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {', '.join(COPIED)} and {MANIFEST} to {DEFAULT} ({seconds:.0f} s)")
    return 0


def analyze_example(name: str) -> int:
    """Regenerate reports/NAME/ from its command in :data:`ANALYZE_EXAMPLES`."""
    from casino_sim import __version__

    command = ANALYZE_EXAMPLES[name]
    target = HERE / name
    sources = source_hashes()
    with tempfile.TemporaryDirectory(prefix="casino-sim-analyze-") as scratch:
        print("$", " ".join(command), flush=True)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "casino_sim", *command[1:]],
            cwd=scratch,
            check=False,
            stdout=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            print(f"casino-sim analyze exited {done.returncode}", file=sys.stderr)
            return done.returncode
        seconds = time.perf_counter() - started
        out = Path(scratch) / name
        record = json.loads((out / "report.json").read_text())
        found = machine_paths(record, (str(package_root()), str(HERE.parent), scratch))
        if found:
            print(f"report.json names paths of this machine, e.g. {found[0]!r}", file=sys.stderr)
            return 1
        written = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
        target.mkdir(exist_ok=True)
        for file in written:
            copy_whole(out / file, target / file)
    for old in target.iterdir():  # an earlier example's files the command no longer writes
        if old.is_file() and old.name not in {*written, MANIFEST}:
            old.unlink()
    manifest = {
        "command": " ".join(command),
        "seed": None,
        "casino_sim_version": __version__,
        "inputs": input_files(record),
        "sources": sources,
        "files": {file: file_sha256(target / file) for file in written},
        "regenerate": f"python reports/regenerate.py {name}",
    }
    (target / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {len(written)} files and {MANIFEST} to {target} ({seconds:.0f} s)")
    return 0


def main(names: list[str]) -> int:
    """Regenerate the examples named (all when none is)."""
    known = ["default", *ANALYZE_EXAMPLES]
    unknown = [name for name in names if name not in known]
    if unknown:
        print(
            f"unknown example {unknown[0]!r} (expected some of {', '.join(known)})", file=sys.stderr
        )
        return 2
    for name in names or known:
        status = default_report() if name == "default" else analyze_example(name)
        if status != 0:
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
