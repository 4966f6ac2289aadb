"""``casino-sim validate FILE...``: check paytables, game definitions, floors and strategy files.

Prints ``FILE: OK (kind: name)`` per good file and one line per problem,
``file:line: key.path: message``, for bad ones; exit status 0 when every file
is valid, else 2. Folders are searched for ``*.yaml`` / ``*.yml`` files. A
name that is not a path may be a shipped name (``caribbean_stud/standard``).

An argument that cannot be validated at all (no such file, a folder without
YAML files, a FIFO, socket or device, which is never opened) is one
``casino-sim: error: ...`` line on stderr, and the other arguments are still
checked. A progressive side bet that returns 100% or more of its wager in the
long run gets a ``FILE: warning: ...`` line (the file is still valid): a
``progressive`` file on Caribbean Stud's five cards, and a banked game's
progressive side bet on the hands its rule reads (the best five of seven at a
hold'em game: far more flushes than five cards make). A floor
is checked with every file it names (:func:`casino_sim.config.load_floor`).
"""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from casino_sim.cli.common import Subparsers, fail


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check paytable / game-definition / strategy YAML files",
        description="Validate YAML paytables, game definitions and Caribbean Stud strategy "
        "files; print OK or each problem as file:line: key.path: message. "
        "Exit status 0 if all are valid, else 2.",
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="YAML files, folders or shipped names"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    parser.set_defaults(func=run)


class _Refused(Exception):
    """An argument (or a file found in a folder) that cannot be validated; one line."""


def _files(name: str) -> Iterator[str]:
    """The files to validate for one argument; raises :class:`_Refused` when there are none."""
    from casino_sim.config import PaytableError, resolve_input
    from casino_sim.config.yaml_source import file_type

    try:
        mode = os.stat(name).st_mode if name else None
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise _Refused(f"{name}: cannot read: {error.strerror or error}") from None
    if mode is None:
        try:
            resolved = resolve_input(name)
        except PaytableError as error:
            raise _Refused(str(error)) from None
        yield str(resolved)
        return
    if stat.S_ISDIR(mode):
        try:
            found = sorted({*Path(name).rglob("*.yaml"), *Path(name).rglob("*.yml")})
        except OSError as error:
            raise _Refused(f"{name}: cannot list: {error.strerror or error}") from None
        if not found:
            raise _Refused(f"no YAML files found in {name}")
        yield from (str(p) for p in found)
        return
    if not stat.S_ISREG(mode):
        raise _Refused(f"{name}: is {file_type(mode)}, not a regular file; not read")
    yield name


def _check(path: str) -> tuple[str, str, list[str]]:
    """Validate one file: (kind, name, warnings); raises PaytableError or :class:`_Refused`."""
    from casino_sim.config import load_document
    from casino_sim.config.yaml_source import file_type, read_yaml
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import (
        STRATEGY_KIND,
        check_rule_strategy,
    )

    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise _Refused(f"{path}: cannot read: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):  # e.g. a FIFO called x.yaml inside a folder
        raise _Refused(f"{path}: is {file_type(mode)}, not a regular file; not read")
    doc = read_yaml(path)
    if doc.data.get("kind") == STRATEGY_KIND:
        return STRATEGY_KIND, check_rule_strategy(doc), []
    if doc.data.get("kind") == "floor":
        return "floor", _check_floor(path), []
    definition = load_document(doc)
    return definition.kind, definition.name, _warnings(definition)


def _check_floor(path: str) -> str:
    """A floor with every file it names (paytables, tables, strategy files); its name."""
    from casino_sim.config import PaytableError, Problem, load_floor
    from casino_sim.config.yaml_source import read_yaml
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import check_rule_strategy

    floor = load_floor(path)
    problems: list[Problem] = []
    for strategy in dict.fromkeys(floor.strategy_files.values()):
        try:
            check_rule_strategy(read_yaml(strategy))
        except PaytableError as error:
            problems.extend(error.problems)
    if problems:
        raise PaytableError(problems)
    return floor.definition.name


def _warnings(definition: Any) -> list[str]:
    """Warnings about a valid definition: a progressive the house loses on in the long run (a
    ``progressive`` file on Caribbean Stud's five cards; a banked game's progressive side bet on
    the hands its rule reads, e.g. the best five of seven)."""
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

    if definition.kind == "progressive":
        long_run = analyze_progressive(definition).long_run_return
        return [] if long_run < 1 else [f"long-run return is {_losing(long_run)}"]
    if definition.kind != "banked_game":
        return []
    from casino_sim.games.banked.language.progressive import progressive_counts, progressives_of

    warnings = []
    for name, progressive in progressives_of(definition).items():
        counts = progressive_counts(definition, name)
        long_run = analyze_progressive(progressive, counts=counts).long_run_return
        if long_run >= 1:
            warnings.append(
                f"side bet '{name}' ({definition.side_bets[name].progressive}): long-run return "
                f"on this game's hands is {_losing(long_run)}"
            )
    return warnings


def _losing(long_run: Fraction) -> str:
    """The warning's words for a long-run return of 100% or more."""
    return (
        f"{float(long_run):.2%} of the side bet (fixed awards + contribution_rate + seed "
        "funding), so the house loses on it; check contribution_rate and reserve_rate"
    )


def run(args: argparse.Namespace) -> int:
    from casino_sim.config import PaytableError

    status = 0
    for argument in args.files:
        try:
            for path in _files(argument):
                try:
                    kind, name, warnings = _check(path)
                except PaytableError as error:
                    status = 2
                    for problem in error.problems:
                        print(" ".join(str(problem).split()))
                    continue
                except _Refused as error:
                    status = fail(str(error))
                    continue
                if not args.quiet:
                    print(f"{path}: OK ({kind}: {' '.join(name.split())})")
                for warning in warnings:
                    print(f"{path}: warning: {warning}")
        except _Refused as error:
            status = fail(str(error))
    return status
