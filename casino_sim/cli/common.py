"""Helpers shared by the CLI commands: one-line errors, number parsing."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from casino_sim.errors import OptionError


def fail(message: str, *, status: int = 2) -> int:
    """Print ``casino-sim: error: MESSAGE`` as a single line on stderr; return ``status``."""
    one_line = " ".join(message.split())
    print(f"casino-sim: error: {one_line}", file=sys.stderr)
    return status


class OneLineArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message} (see --help)")
        raise SystemExit(2)


_COUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kKmMgGbB]?)\s*$")
_SCALE = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}


def parse_count(text: str) -> int:
    """Parse a positive count such as ``1000``, ``250k``, ``100M`` or ``1.5M``.

    >>> parse_count("100M"), parse_count("2.5k")
    (100000000, 2500)
    """
    match = _COUNT.match(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"expected a positive count like 1000, 250k or 100M, got {text!r}"
        )
    value = float(match.group(1)) * _SCALE[match.group(2).lower()]
    if value < 1 or value != int(value):
        raise argparse.ArgumentTypeError(f"expected a positive whole count, got {text!r}")
    return int(value)


def positive_int(text: str) -> int:
    """argparse type for an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def require(condition: bool, message: str) -> None:
    """Raise :class:`OptionError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise OptionError(message)
