"""The ``casino-sim`` command line: one sub-command per module in ``COMMANDS``.

Each command module exposes ``register(subparsers)`` which adds its parser and
sets ``func`` to a callable taking the parsed namespace and returning an exit
status. Any :class:`casino_sim.errors.CasinoSimError` (or other bad value the
library refuses) becomes one line on stderr and exit status 2; argument errors
do too. Never a traceback: an unexpected failure is one line and status 1
(``CASINO_SIM_DEBUG=1`` shows the traceback). Exit statuses: 0 done, 1 internal
error, 2 bad input or output path, 3 a check failed (``audit-shuffles``: a test rejects
uniform shuffling), 130 interrupted (Ctrl-C), 143 terminated; a long run that
is interrupted says how far it came and how to continue.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from collections.abc import Sequence

from casino_sim.cli.common import OneLineArgumentParser, fail, show_library_notes
from casino_sim.engine.runner import Terminated, signals_raise_terminated

# Sub-command modules, in the order `casino-sim --help` lists them.
COMMANDS = [
    "casino_sim.cli.eval_cmd",
    "casino_sim.cli.validate_cmd",
    "casino_sim.cli.list_cmd",
    "casino_sim.cli.schema_cmd",
    "casino_sim.cli.stud_cmd",
    "casino_sim.cli.report_cmd",
    "casino_sim.cli.analyze_cmd",
    "casino_sim.cli.compare_cmd",
    "casino_sim.cli.solve_cmd",
    "casino_sim.cli.verify_cmd",
    "casino_sim.cli.simulate_cmd",
    "casino_sim.cli.floor_cmd",
    "casino_sim.cli.calibrate_cmd",
    "casino_sim.cli.optimize_cmd",
    "casino_sim.cli.cache_cmd",
    "casino_sim.cli.audit_cmd",
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
    parser.commands = subparsers.choices
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    from casino_sim.errors import CasinoSimError

    parser = build_parser()
    args = _parse(parser, list(sys.argv[1:] if argv is None else argv))
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    undo_notes = show_library_notes()
    try:
        with signals_raise_terminated(signal.SIGTERM, signal.SIGHUP):
            return int(args.func(args) or 0)
    except CasinoSimError as error:
        return fail(_first_line(error))
    except BrokenPipeError:  # the reader went away (`casino-sim list | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:  # unreadable input, unwritable output
        return fail(f"{error.filename or ''}: {error.strerror or error}".lstrip(": "))
    except (ValueError, OverflowError, ArithmeticError) as error:
        return fail(f"bad value: {error}")
    except KeyboardInterrupt as stop:
        return fail(_with_notes("interrupted", stop), status=130)
    except Terminated as stop:
        return fail(_with_notes("terminated", stop), status=int(stop.code or 143))
    except Exception as error:
        if os.environ.get("CASINO_SIM_DEBUG"):
            raise
        return fail(
            f"internal error ({type(error).__name__}: {error}); please report it with the command "
            "line (CASINO_SIM_DEBUG=1 shows the traceback)",
            status=1,
        )
    finally:
        undo_notes()


def _parse(parser: OneLineArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The command line, with a command's inputs allowed after its options' values.

    ``report A --progressive P B C`` reads A, B and C as inputs (argparse alone stops
    at B: its positional arguments are taken in one run).
    """
    args, extra = parser.parse_known_args(argv)
    command = getattr(args, "command", None)
    commands = parser.commands
    if not extra or command not in commands or command not in argv:
        return parser.parse_args(argv)  # the usual one-line error for what is left over
    rest = argv[argv.index(command) + 1 :]
    try:
        intermixed = commands[command].parse_intermixed_args(rest)
    except TypeError:  # a command with sub-commands of its own: argparse's own reading
        return parser.parse_args(argv)
    intermixed.command = command
    return intermixed


def _with_notes(word: str, stop: BaseException) -> str:
    """``interrupted`` and what the run's notes say (how much was done, how to continue)."""
    return " ".join([word, *getattr(stop, "__notes__", [])])


def _first_line(error: Exception) -> str:
    """An error as one line: a file with several problems shows the first and the count."""
    lines = str(error).splitlines() or [type(error).__name__]
    more = len(lines) - 1
    return lines[0] + (
        f" (and {more} more problem{'s' * (more > 1)}: see casino-sim validate)" if more else ""
    )


if __name__ == "__main__":
    sys.exit(main())
