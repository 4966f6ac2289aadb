"""Names and helpers shared by every kind of definition: hand keys, the dataclass style.

Hand keys are the lower-case names of :class:`casino_sim.evaluator.HandCategory`
(``HandCategory[key.upper()]``), plus ``ace_king`` (A-K high) for Caribbean Stud.

>>> hand_label("four_of_a_kind")
'four of a kind'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from casino_sim.config.problems import FieldProblem

__all__ = [
    "CARIBBEAN_HANDS",
    "POKER_HANDS",
    "CaribbeanHand",
    "PokerHand",
    "definition",
    "frozen_mapping",
    "hand_label",
    "require_non_increasing",
]

PokerHand = Literal[
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "high_card",
]
CaribbeanHand = Literal[
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "ace_king",
]
POKER_HANDS: tuple[str, ...] = PokerHand.__args__  # best first
CARIBBEAN_HANDS: tuple[str, ...] = CaribbeanHand.__args__  # best first

CONFIG = ConfigDict(extra="forbid", use_attribute_docstrings=True)
T = TypeVar("T")


def definition(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, keyword-only, pydantic-validated dataclass that forbids unknown keys."""
    return dataclass(frozen=True, kw_only=True, config=CONFIG)(cls)  # type: ignore[return-value]


def hand_label(key: str) -> str:
    """Human name of a hand key."""
    return "A-K high" if key == "ace_king" else key.replace("_", " ")


def frozen_mapping(values: Mapping[str, T], order: Sequence[str]) -> Mapping[str, T]:
    """A read-only mapping with keys in ``order`` (best hand first)."""
    rank = {key: i for i, key in enumerate(order)}
    return MappingProxyType(dict(sorted(values.items(), key=lambda kv: rank.get(kv[0], len(rank)))))


def require_non_increasing(
    values: Mapping[str, Any],
    order: Sequence[str],
    *path: str | int,
    key: Callable[[Any], Fraction | None] = lambda v: v,
    verb: str = "pays more than",
) -> None:
    """Raise :class:`FieldProblem` where a weaker hand pays more than a stronger one.

    >>> require_non_increasing({"flush": 5, "straight": 7}, ["flush", "straight"], "pays")
    Traceback (most recent call last):
    ...
    casino_sim.config.problems.FieldProblem: straight pays more than flush (7 > 5)
    """
    best: tuple[str, Fraction] | None = None
    for hand in order:
        if hand not in values or (amount := key(values[hand])) is None:
            continue
        if best is not None and amount > best[1]:
            raise FieldProblem(
                f"{hand_label(hand)} {verb} {hand_label(best[0])} ({amount} > {best[1]})",
                *path,
                hand,
            )
        best = (hand, amount)
