"""The registry of kinds: the one list of the ``kind:`` values a YAML definition may declare.

Light on purpose (no pydantic): the CLI builds its ``--kind`` choices from
:data:`KIND_NAMES` without loading the validators. :mod:`casino_sim.config.loader`
maps each name to its frozen type and checks, on import, that the two agree.

>>> KIND_NAMES
('caribbean_stud', 'progressive', 'stud_variant', 'stud_table', 'floor', 'par_claim', 'jurisdiction', 'banked_game')
>>> is_kind("stud_table"), is_kind("caribbean_strategy")
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, TypeGuard, get_args

__all__ = ["KIND_NAMES", "OTHER_KINDS", "Kind", "is_kind"]

Kind = Literal[
    "caribbean_stud",
    "progressive",
    "stud_variant",
    "stud_table",
    "floor",
    "par_claim",
    "jurisdiction",
    "banked_game",
]
"""A kind that :func:`casino_sim.config.load` reads into a frozen definition."""

KIND_NAMES: tuple[Kind, ...] = get_args(Kind)
"""Every :data:`Kind`, in the order commands list them."""

OTHER_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "caribbean_strategy": (
            "a Caribbean Stud strategy (use it as --strategy, or load_rule_strategy)"
        ),
    }
)
"""Kinds of YAML file read elsewhere (not by :func:`casino_sim.config.load`), with what they are."""


def is_kind(value: object) -> TypeGuard[Kind]:
    """Is ``value`` (e.g. the ``kind:`` of a parsed file) one of :data:`KIND_NAMES`?"""
    return isinstance(value, str) and value in KIND_NAMES
