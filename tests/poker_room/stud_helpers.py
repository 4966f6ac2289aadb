"""Test helpers: the shipped stud definitions, and the shipped $5/$10 table with test stakes."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from casino_sim.config import NoRake, StudTable, StudVariant, load_stud_table, load_stud_variant

#: The shipped variants (``stud/<name>``).
VARIANT_NAMES = (
    "seven_card_stud",
    "razz",
    "stud_hilo8",
    "five_card_stud",
    "six_card_stud",
    "mississippi_stud",
    "london_lowball",
)


def load_variant(name: str) -> StudVariant:
    """A shipped variant by file name, e.g. ``load_variant("razz")``."""
    return load_stud_variant(f"stud/{name}")


def load_table(name: str = "5-10") -> StudTable:
    """A shipped table structure by file name, e.g. ``load_table("5-10-bad-beat")``."""
    return load_stud_table(f"stud/tables/{name}")


def make_table(**changes: Any) -> StudTable:
    """The shipped $5/$10 table with a $1 ante and no rake (stakes 100/200/500/1000 cents).

    ``changes`` replace fields (money in currency units), e.g. ``make_table(max_raises=None)``.
    """
    fields: dict[str, Any] = {"ante": Fraction(1), "rake": NoRake(), **changes}
    return dataclasses.replace(load_table("5-10"), **fields)
