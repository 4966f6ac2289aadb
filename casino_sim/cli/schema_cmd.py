"""``casino-sim schema KIND``: print the JSON Schema of a paytable kind.

``--write`` regenerates the committed copies in ``casino_sim/schemas/``;
``--check`` exits 2 when a committed copy is out of date.
"""

from __future__ import annotations

import argparse

_KINDS = ("caribbean_stud", "progressive", "stud_variant", "stud_table")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a paytable kind",
        description="Print the JSON Schema of one kind of YAML file (for editors), or "
        "--write / --check the committed schemas of every kind.",
    )
    parser.add_argument("kind", nargs="?", choices=_KINDS, help="which kind of file")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="rewrite casino_sim/schemas/*.json")
    group.add_argument("--check", action="store_true", help="fail if a committed schema is stale")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from casino_sim.errors import OptionError
    from casino_sim.paytables.schema import schema_path, schema_text
    from casino_sim.report.files import write_atomic

    kinds = [args.kind] if args.kind else list(_KINDS)
    if args.write:
        for kind in kinds:
            print(write_atomic(schema_path(kind), schema_text(kind)))
        return 0
    if args.check:
        stale = [
            str(schema_path(k))
            for k in kinds
            if not schema_path(k).is_file() or schema_path(k).read_text() != schema_text(k)
        ]
        if stale:
            raise OptionError(f"stale schema(s), run casino-sim schema --write: {', '.join(stale)}")
        return 0
    if args.kind is None:
        raise OptionError(f"name a kind: {', '.join(_KINDS)} (or use --write / --check)")
    print(schema_text(args.kind), end="")
    return 0
