"""``casino-sim schema KIND``: print the JSON Schema of a paytable kind.

``--write`` regenerates the committed copies in the checkout's
``casino_sim/schemas/`` (found from the current folder upwards) or in
``--dir DIR``; it never writes into the installed package, and never replaces
anything that is not a regular file. ``--check`` exits 2 when a copy there is
out of date (the installed copies when neither a checkout nor ``--dir`` is found).
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

from casino_sim.cli.common import Subparsers
from casino_sim.config.kinds import KIND_NAMES


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a paytable kind",
        description="Print the JSON Schema of one kind of YAML file (for editors), or "
        "--write / --check the committed schemas of every kind (in the checkout's "
        "casino_sim/schemas/, found from the current folder, or in --dir).",
    )
    parser.add_argument("kind", nargs="?", choices=KIND_NAMES, help="which kind of file")
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--write", action="store_true", help="rewrite the checkout's casino_sim/schemas/*.json"
    )
    group.add_argument("--check", action="store_true", help="fail if a committed schema is stale")
    parser.add_argument(
        "--dir",
        metavar="DIR",
        help="folder of the *.schema.json files for --write / --check "
        "(default: casino_sim/schemas/ of the checkout holding the current folder)",
    )
    parser.set_defaults(func=run)


def checkout_schema_dir(start: Path | None = None) -> Path | None:
    """``casino_sim/schemas/`` of the source checkout holding ``start`` (default: the current folder).

    A checkout is a folder with ``pyproject.toml`` and ``casino_sim/schemas/``.
    """
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "casino_sim" / "schemas"
        if (folder / "pyproject.toml").is_file() and candidate.is_dir():
            return candidate
    return None


def _target_dir(args: argparse.Namespace) -> Path | None:
    from casino_sim.errors import OptionError

    if args.dir is not None:
        folder = Path(args.dir)
        if not folder.is_dir():
            raise OptionError(f"--dir {args.dir}: no such folder")
        return folder
    return checkout_schema_dir()


def _check_regular(path: Path) -> None:
    from casino_sim.config.yaml_source import file_type
    from casino_sim.errors import OptionError

    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise OptionError(f"{path}: is a symbolic link, not a regular file; refusing to replace it")
    if not stat.S_ISREG(mode):
        raise OptionError(
            f"{path}: is {file_type(mode)}, not a regular file; refusing to replace it"
        )


def _write(folder: Path, kinds: list[str]) -> int:
    from casino_sim.config.schema import schema_text
    from casino_sim.engine.files import write_atomic

    targets = {kind: folder / f"{kind}.schema.json" for kind in kinds}
    for path in targets.values():  # check every target before writing any
        _check_regular(path)
    for kind, path in targets.items():
        text = schema_text(kind)
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            print(f"{path}: up to date")
        else:
            write_atomic(path, text, overwrite=True)
            print(f"wrote {path}")
    return 0


def run(args: argparse.Namespace) -> int:
    from casino_sim.config.schema import SCHEMA_DIR, schema_text
    from casino_sim.errors import OptionError

    kinds = [args.kind] if args.kind else list(KIND_NAMES)
    if args.dir is not None and not (args.write or args.check):
        raise OptionError("--dir goes with --write or --check")
    if args.write:
        folder = _target_dir(args)
        if folder is None:
            raise OptionError(
                "--write: not inside a casino_sim checkout (no pyproject.toml with "
                "casino_sim/schemas/ above the current folder); give --dir DIR"
            )
        return _write(folder, kinds)
    if args.check:
        folder = _target_dir(args) or SCHEMA_DIR
        paths = {k: folder / f"{k}.schema.json" for k in kinds}
        stale = [
            str(p)
            for k, p in paths.items()
            if not p.is_file() or p.read_text(encoding="utf-8") != schema_text(k)
        ]
        if stale:
            raise OptionError(f"stale schema(s), run casino-sim schema --write: {', '.join(stale)}")
        return 0
    if args.kind is None:
        raise OptionError(f"name a kind: {', '.join(KIND_NAMES)} (or use --write / --check)")
    print(schema_text(args.kind), end="")
    return 0
