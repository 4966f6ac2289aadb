"""Names and helpers shared by every kind of definition: hand keys, the dataclass style.

Hand keys are the lower-case names of :class:`casino_sim.evaluator.HandCategory`
(``HandCategory[key.upper()]``), plus ``ace_king`` (A-K high) for Caribbean Stud.

>>> hand_label("four_of_a_kind")
'four of a kind'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal, TypeGuard, TypeVar, cast, get_args

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from casino_sim.config.problems import FieldProblem
from casino_sim.evaluator.classes import HandCategory

__all__ = [
    "CARIBBEAN_HANDS",
    "CATEGORY_KEYS",
    "POKER_HANDS",
    "PROGRESSIVE_HANDS",
    "CaribbeanHand",
    "PokerHand",
    "ProgressiveHand",
    "definition",
    "frozen_mapping",
    "hand_label",
    "is_caribbean_hand",
    "is_progressive_hand",
    "replaced",
    "require_non_increasing",
]

# One list of hand names: the lower-case names of HandCategory. The Literal types below spell the
# same names for type checkers and the JSON schemas; the check after them keeps the two in step.
CATEGORY_KEYS: tuple[str, ...] = tuple(c.name.lower() for c in HandCategory)
"""Hand keys indexed by :class:`HandCategory` value: ``high_card`` .. ``royal_flush``, weakest first."""
POKER_HANDS: tuple[str, ...] = CATEGORY_KEYS[::-1]
"""Hand keys best first: ``royal_flush`` .. ``high_card``."""
PROGRESSIVE_HANDS: tuple[str, ...] = POKER_HANDS[: POKER_HANDS.index("three_of_a_kind") + 1]
"""Hands a progressive side bet may award, best first: ``royal_flush`` .. ``three_of_a_kind``."""
CARIBBEAN_HANDS: tuple[str, ...] = (*POKER_HANDS[:-1], "ace_king")
"""Caribbean Stud raise-pay keys, best first: ``high_card`` becomes ``ace_king`` (A-K high)."""

ProgressiveHand = Literal[
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
]
_PairedHand = Literal[ProgressiveHand, "two_pair", "one_pair"]
PokerHand = Literal[_PairedHand, "high_card"]
CaribbeanHand = Literal[_PairedHand, "ace_king"]


def _check_literals() -> None:
    """The Literal spellings name exactly the hands derived from :class:`HandCategory`."""
    for literal, keys in (
        (PokerHand, POKER_HANDS),
        (CaribbeanHand, CARIBBEAN_HANDS),
        (ProgressiveHand, PROGRESSIVE_HANDS),
    ):
        if get_args(literal) != keys:  # pragma: no cover - a HandCategory edit without this file
            raise AssertionError(f"hand-name Literal {get_args(literal)} differs from {keys}")


_check_literals()

CONFIG = ConfigDict(extra="forbid", use_attribute_docstrings=True)
T = TypeVar("T")
K = TypeVar("K", bound=str)


def is_caribbean_hand(key: str) -> TypeGuard[CaribbeanHand]:
    """Whether ``key`` is a Caribbean Stud pay key (``royal_flush`` .. ``ace_king``)."""
    return key in CARIBBEAN_HANDS


def is_progressive_hand(key: str) -> TypeGuard[ProgressiveHand]:
    """Whether ``key`` is a hand a progressive may award (``royal_flush`` .. ``three_of_a_kind``)."""
    return key in PROGRESSIVE_HANDS


def definition(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, keyword-only, pydantic-validated dataclass that forbids unknown keys."""
    return dataclass(frozen=True, kw_only=True, config=CONFIG)(cls)  # type: ignore[return-value]


def replaced(definition: T, **changes: Any) -> T:
    """A copy of a frozen (pydantic) definition with ``changes``, validated like a loaded one."""
    copy: T = dataclasses.replace(cast(Any, definition), **changes)
    return copy


def hand_label(key: str) -> str:
    """Human name of a hand key."""
    return "A-K high" if key == "ace_king" else key.replace("_", " ")


def frozen_mapping(values: Mapping[K, T], order: Sequence[str]) -> Mapping[K, T]:
    """A read-only mapping with keys in ``order`` (best hand first)."""
    rank = {key: i for i, key in enumerate(order)}
    return MappingProxyType(dict(sorted(values.items(), key=lambda kv: rank.get(kv[0], len(rank)))))


def require_whole_cents(amount: Fraction | None, *path: str | int) -> None:
    """Money the simulations keep in integer cents must be a whole number of cents.

    >>> require_whole_cents(Fraction(5, 2), "ante")
    >>> require_whole_cents(Fraction(1, 1000), "ante")
    Traceback (most recent call last):
    ...
    casino_sim.config.problems.FieldProblem: 1/1000 is not a whole number of cents
    """
    if amount is not None and (amount * 100).denominator != 1:
        raise FieldProblem(f"{amount} is not a whole number of cents", *path)


def require_non_increasing(
    values: Mapping[K, Any],
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
    by_name: dict[str, Any] = {str(k): v for k, v in values.items()}
    for hand in order:
        if hand not in by_name or (amount := key(by_name[hand])) is None:
            continue
        if best is not None and amount > best[1]:
            raise FieldProblem(
                f"{hand_label(hand)} {verb} {hand_label(best[0])} ({amount} > {best[1]})",
                *path,
                hand,
            )
        best = (hand, amount)
