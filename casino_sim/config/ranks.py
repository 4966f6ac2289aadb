"""Ranks as a strategy card writes them (``Q-6-4``, ``A-K``, ``J``, ``10``, ``tens``) and the pay
of a paytable line (a pay, or ``push``): the scalar types of :mod:`casino_sim.config.banked_game`.

>>> parse_ranks("Q-6-4"), parse_ranks(10), rank_text((12, 11))
((10, 4, 2), (8,), 'A-K')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any

from pydantic import PlainValidator, WithJsonSchema

from casino_sim.config.money import to_pay

__all__ = ["LinePay", "Ranks", "parse_ranks", "rank_text"]

_RANK_CHARS = "23456789TJQKA"
_RANK_WORDS = {
    "twos": 0, "threes": 1, "fours": 2, "fives": 3, "sixes": 4, "sevens": 5, "eights": 6,
    "nines": 7, "tens": 8, "jacks": 9, "queens": 10, "kings": 11, "aces": 12,
}  # fmt: skip


def parse_ranks(value: Any) -> tuple[int, ...]:
    """``Q-6-4``, ``A K``, ``J``, ``10``, ``tens`` or a YAML int (2..10) -> ranks 0..12."""
    if isinstance(value, bool):
        raise ValueError(f"expected ranks such as Q, A-K or Q-6-4, got {value}")
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError(f"expected ranks such as Q, A-K or Q-6-4, got {value!r}")
    words = [w for w in re.split(r"[-\s,]+", value.strip()) if w]
    ranks = []
    for word in words:
        if word.lower() in _RANK_WORDS:
            ranks.append(_RANK_WORDS[word.lower()])
        elif word == "10":
            ranks.append(8)
        elif len(word) == 1 and word.upper() in _RANK_CHARS:
            ranks.append(_RANK_CHARS.index(word.upper()))
        else:
            raise ValueError(f"expected ranks such as Q, A-K or Q-6-4, got {value!r}")
    if not ranks:
        raise ValueError("expected at least one rank, such as Q or A-K")
    return tuple(ranks)


def rank_text(ranks: Sequence[int]) -> str:
    """Ranks 0..12 as ``Q-6-4``.

    >>> rank_text((12, 11))
    'A-K'
    """
    return "-".join(_RANK_CHARS[r] for r in ranks)


def _rank_words(value: Any) -> str:
    """Ranks as written (``Q-6-4``, ``A K``, ``10``, ``tens``, a list) -> ``Q-6-4`` (checked)."""
    if isinstance(value, list):
        value = " ".join(str(word) for word in value)
    if value == "":
        return ""  # none: any hand of the category
    return rank_text(parse_ranks(value))


Ranks = Annotated[
    str,
    PlainValidator(_rank_words),
    WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 2}]}),
]
"""Ranks most significant first, as on a strategy card: ``Q``, ``A-K``, ``Q-6-4``, ``J``, ``10``."""


def _line_pay(value: Any) -> Fraction:
    """A line's pay: ``push`` or 0 (the bet back), else a pay > 0 (:func:`to_pay`)."""
    if value == "push":
        return Fraction(0)
    if isinstance(value, int | Fraction | Decimal) and not isinstance(value, bool) and value == 0:
        return Fraction(0)
    return to_pay(value)


LinePay = Annotated[
    Fraction,
    PlainValidator(_line_pay),
    WithJsonSchema(
        {"anyOf": [{"type": "number", "minimum": 0}, {"type": "string"}]},
    ),
]
