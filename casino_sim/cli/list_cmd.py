"""``casino-sim list``: the shipped paytables and game definitions.

Each entry: the shipped name (which every command that reads YAML accepts in
place of a path, e.g. ``casino-sim simulate caribbean_stud/standard``), the
kind and the one-line description, wrapped to fit the terminal (at most
:data:`WIDTH` columns). ``--paths`` adds each file's full path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import textwrap
from collections.abc import Sequence

from casino_sim.cli.common import Subparsers
from casino_sim.config.kinds import KIND_NAMES

#: The widest listing, in columns (narrower on a narrower terminal).
WIDTH = 100


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "list",
        help="list the shipped paytables and game definitions",
        description="List the shipped YAML files: the name every command accepts in place "
        "of a path (e.g. caribbean_stud/standard), the kind and a one-line description; "
        "with --paths, where each file is.",
    )
    parser.add_argument("--kind", choices=KIND_NAMES, help="only files of this kind")
    parser.add_argument("--paths", action="store_true", help="add each file's full path")
    parser.set_defaults(func=run)


def listing(rows: Sequence[tuple[str, str, str, str]], *, paths: bool, width: int) -> list[str]:
    """Lines of ``(name, kind, path, description)`` rows: the description wrapped to ``width``.

    >>> rows = [("stud/razz", "stud_variant", "/p/razz.yaml", "Seven-card stud for the low hand")]
    >>> listing(rows, paths=False, width=40)
    ['stud/razz  stud_variant  Seven-card stud for', '                         the low hand']
    >>> listing(rows, paths=True, width=40)[0]
    'stud/razz  stud_variant  /p/razz.yaml'
    """
    name_width = max((len(r[0]) for r in rows), default=0)
    kind_width = max((len(r[1]) for r in rows), default=0)
    lines = []
    for name, kind, where, description in rows:
        head = f"{name:<{name_width}}  {kind:<{kind_width}}  "
        if paths:
            lines.append(head + where)
            head = " " * 4
        text = textwrap.wrap(description, max(20, width - len(head)), break_on_hyphens=False) or [
            ""
        ]
        lines.append((head + text[0]).rstrip())
        lines.extend(" " * len(head) + more for more in text[1:])
    return lines


def run(args: argparse.Namespace) -> int:
    from casino_sim.config import load, shipped_files, shipped_name

    rows = []
    for path in shipped_files(args.kind):
        definition = load(path)
        description = " ".join((definition.description or definition.name).split())
        rows.append((shipped_name(path), definition.kind, os.path.abspath(path), description))
    width = min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)
    for line in listing(rows, paths=args.paths, width=width):
        print(line)
    return 0
