"""``casino-sim list``: the shipped paytables and game definitions, one line each.

Each line: the shipped name (which every command that reads YAML accepts in
place of a path, e.g. ``casino-sim simulate caribbean_stud/standard``), the
kind, the file's real path (relative when it is below the current folder, else
absolute) and the description.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from casino_sim.cli.common import Subparsers
from casino_sim.config.kinds import KIND_NAMES


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "list",
        help="list the shipped paytables and game definitions",
        description="List the shipped YAML files: the name every command accepts in place "
        "of a path (e.g. caribbean_stud/standard), the kind, where the file is "
        "and a one-line description.",
    )
    parser.add_argument("--kind", choices=KIND_NAMES, help="only files of this kind")
    parser.set_defaults(func=run)


def shown_path(path: Path, cwd: Path | None = None) -> str:
    """``path`` relative to ``cwd`` (default: the current folder) when below it, else absolute."""
    absolute = Path(os.path.abspath(path))
    here = Path(os.path.abspath(cwd or Path.cwd()))
    if absolute.is_relative_to(here):
        return absolute.relative_to(here).as_posix()
    return str(absolute)


def run(args: argparse.Namespace) -> int:
    from casino_sim.config import load, shipped_files, shipped_name

    rows = []
    for path in shipped_files(args.kind):
        definition = load(path)
        description = " ".join((definition.description or definition.name).split())
        rows.append((shipped_name(path), definition.kind, shown_path(path), description))
    widths = [max((len(r[i]) for r in rows), default=0) for i in range(3)]
    for name, kind, where, description in rows:
        print(f"{name:<{widths[0]}}  {kind:<{widths[1]}}  {where:<{widths[2]}}  {description}")
    return 0
