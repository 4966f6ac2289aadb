"""``casino-sim list``: the shipped paytables and game definitions, one line each."""

from __future__ import annotations

import argparse

_KINDS = ("caribbean_stud", "progressive", "stud_variant", "stud_table")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "list",
        help="list the shipped paytables and game definitions",
        description="List the YAML files shipped in paytables/ with a one-line description each.",
    )
    parser.add_argument("--kind", choices=_KINDS, help="only files of this kind")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from casino_sim.paytables import PAYTABLE_DIR, load, shipped_files

    rows = []
    for path in shipped_files(args.kind):
        definition = load(path)
        relative = path.relative_to(PAYTABLE_DIR).as_posix()
        rows.append(
            (f"paytables/{relative}", definition.kind, definition.description or definition.name)
        )
    width = max((len(r[0]) for r in rows), default=0)
    kind_width = max((len(r[1]) for r in rows), default=0)
    for file, kind, description in rows:
        print(f"{file:<{width}}  {kind:<{kind_width}}  {description}")
    return 0
