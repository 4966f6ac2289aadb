"""Validation problems: where a paytable file is wrong and what was expected.

>>> problem = Problem(file="std.yaml", line=4, path=("pays", "royal_flush"), message="expected an amount")
>>> str(problem)
'std.yaml:4: pays.royal_flush: expected an amount'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from casino_sim.errors import ConfigError

__all__ = ["FieldProblem", "PaytableError", "Problem", "format_path"]


def format_path(path: Sequence[str | int]) -> str:
    """Dotted key path; list items as ``[i]``.

    >>> format_path(("streets", 1, "up"))
    'streets[1].up'
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass(frozen=True)
class Problem:
    """One problem in one file: 1-based ``line`` (0 when unknown) and the key ``path``.

    For an unknown key, ``suggestion`` is the known key it most likely stands
    for (``pays`` for ``pay``), else None.
    """

    file: str
    line: int
    path: tuple[str | int, ...]
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:" if self.line else f"{self.file}:"
        key = format_path(self.path)
        return f"{where} {key}: {self.message}" if key else f"{where} {self.message}"


class PaytableError(ConfigError):
    """A paytable or game-definition file is invalid; ``problems`` lists every issue found.

    ``str(error)`` is one line per problem, each ``file:line: key.path: message``.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class FieldProblem(ValueError):
    """Raised by cross-field checks inside a definition; ``path`` is relative to that object.

    Pydantic wraps it in a ``ValidationError``; the loader appends ``path`` to the
    error location so the message names the exact key (e.g. ``pays.straight_flush``).
    """

    def __init__(self, message: str, *path: str | int) -> None:
        super().__init__(message)
        self.path: tuple[str | int, ...] = path
