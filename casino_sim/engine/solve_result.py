"""What an inverse question returns (a game's pays, a progressive's contribution rate, a cap),
and how its figures are written; every game's solver answers with a :class:`SolveResult`.

>>> best = Candidate({"contribution_rate": Fraction(3, 5)}, Fraction(4, 5), Fraction(0))
>>> best.to_record()["setting"], best.to_record()["distance"]
({'contribution_rate': '3/5'}, 0.0)
>>> percent(Fraction(1, 20))
'5.0000%'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["Candidate", "SolveResult", "exact_value", "money", "percent", "plain"]


@dataclass(frozen=True)
class Candidate:
    """One answer: its setting (e.g. ``{"straight_flush": 50}``), the figure it achieves
    and ``distance`` = achieved - target (0 when exact)."""

    setting: Mapping[str, Fraction | None]
    achieved: Fraction
    distance: Fraction

    def to_record(self) -> dict[str, Any]:
        return {
            "setting": {k: exact_value(v) for k, v in self.setting.items()},
            "achieved": float(self.achieved),
            "achieved_exact": str(self.achieved),
            "distance": float(self.distance),
            "distance_exact": str(self.distance),
        }


@dataclass(frozen=True)
class SolveResult:
    """The answer to one inverse question: the best candidate, the runners-up and the range.

    ``figure`` names what ``achieved`` holds (``house_edge``, ``long_run_return``,
    ``expected_return``); ``reachable`` is the figure's range over the search space,
    and ``reachable_note`` says where that range ends and why; ``search_space``
    what was searched (after any clipping, which a note explains).
    """

    question: str
    subject: str
    figure: str
    target: Fraction
    best: Candidate
    runners_up: tuple[Candidate, ...]
    reachable: tuple[Fraction, Fraction]
    search_space: str
    notes: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    reachable_note: str = ""

    @property
    def exact(self) -> bool:
        """Does the best answer hit the target exactly?"""
        return self.best.distance == 0

    def to_record(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "subject": self.subject,
            "figure": self.figure,
            "target": float(self.target),
            "target_exact": str(self.target),
            "exact_hit": self.exact,
            "best": self.best.to_record(),
            "runners_up": [c.to_record() for c in self.runners_up],
            "reachable": [float(self.reachable[0]), float(self.reachable[1])],
            "reachable_exact": [str(self.reachable[0]), str(self.reachable[1])],
            "reachable_note": self.reachable_note,
            "search_space": self.search_space,
            "notes": list(self.notes),
            **dict(self.extra),
        }


def exact_value(value: Fraction | None) -> int | str | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else str(value)


def percent(value: Fraction) -> str:
    return f"{100 * float(value):.4f}%"


def plain(value: Fraction) -> str:
    """A pay or a step as people write it: ``4``, ``4.5``, ``0.5``.

    >>> plain(Fraction(9, 2)), plain(Fraction(20)), plain(Fraction(1, 3))
    ('4.5', '20', '1/3')
    """
    if value.denominator == 1:
        return str(value.numerator)
    decimal = f"{float(value):g}"
    return decimal if Fraction(decimal) == value else str(value)


def money(value: Fraction) -> str:
    """An amount of money: ``$263,205.26``."""
    return f"${float(value):,.2f}"
