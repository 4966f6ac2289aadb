"""``casino-sim validate FILE...``: check paytables and game definitions.

Prints ``FILE: OK (kind: name)`` per good file and one line per problem,
``file:line: key.path: message``, for bad ones; exit status 0 when every file
is valid, else 2. Directories are searched for ``*.yaml`` / ``*.yml`` files.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check paytable / game-definition YAML files",
        description="Validate YAML paytables and game definitions; print OK or each problem "
        "as file:line: key.path: message. Exit status 0 if all are valid, else 2.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="YAML files or folders")
    parser.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    parser.set_defaults(func=run)


def _expand(names: list[str]) -> list[str]:
    files: list[str] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted([*path.rglob("*.yaml"), *path.rglob("*.yml")])
            files.extend(str(p) for p in found)
        else:
            files.append(name)
    return files


def run(args: argparse.Namespace) -> int:
    from casino_sim.paytables import PaytableError, load

    status = 0
    for name in _expand(args.files):
        try:
            definition = load(name)
        except PaytableError as error:
            status = 2
            for problem in error.problems:
                print(" ".join(str(problem).split()))
            continue
        if not args.quiet:
            print(f"{name}: OK ({definition.kind}: {definition.name})")
    return status
