"""The ``casino-sim`` command line: one sub-command per module in ``COMMANDS``.

Each command module exposes ``register(subparsers)`` which adds its parser and
sets ``func`` to a callable taking the parsed namespace and returning an exit
status. Any :class:`casino_sim.errors.CasinoSimError` becomes one line on
stderr and exit status 2; argument errors do too (never a traceback).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from casino_sim.cli.common import OneLineArgumentParser, fail

# Sub-command modules, in the order `casino-sim --help` lists them.
COMMANDS = [
    "casino_sim.cli.eval_cmd",
    "casino_sim.cli.validate_cmd",
    "casino_sim.cli.list_cmd",
    "casino_sim.cli.schema_cmd",
    "casino_sim.cli.stud_cmd",
    "casino_sim.cli.analyze_cmd",
    "casino_sim.cli.simulate_cmd",
    "casino_sim.cli.floor_cmd",
]


def build_parser() -> OneLineArgumentParser:
    """The top-level parser with every registered sub-command."""
    from casino_sim import __version__

    parser = OneLineArgumentParser(
        prog="casino-sim",
        description="House edge, element of risk and hold for casino poker table games.",
    )
    parser.add_argument("--version", action="version", version=f"casino-sim {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMANDS:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    from casino_sim.errors import CasinoSimError

    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except CasinoSimError as error:
        return fail(str(error))
    except OSError as error:  # unreadable input, unwritable output
        return fail(f"{error.filename or ''}: {error.strerror or error}".lstrip(": "))
    except KeyboardInterrupt:
        return fail("interrupted", status=130)


if __name__ == "__main__":
    sys.exit(main())
