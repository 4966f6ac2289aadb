"""Per-seat options of a table (``--strategy``, ``--ante``): one value for every seat, or one each.

An amount may carry thousands separators (``$1,000``), so for antes a comma and
a space always part seats (``$25, $1,000``), and a bare comma that reads both
ways (``5,100`` at two seats: $5,100, or $5 and $100) is refused, never guessed.

>>> per_seat_antes("$25, $1,000", 2)
[Fraction(25, 1), Fraction(1000, 1)]
>>> per_seat_antes("$1,000", 3)
[Fraction(1000, 1), Fraction(1000, 1), Fraction(1000, 1)]
>>> per_seat_antes("5,100", 2)
Traceback (most recent call last):
...
casino_sim.errors.OptionError: --ante '5,100' reads as one ante of 5100 or as 2 antes (5, 100): write '5100' for one, or put a space after each comma for one per seat
"""

from __future__ import annotations

import argparse
import re
from fractions import Fraction

from casino_sim.cli.common import Number, comma_list
from casino_sim.errors import OptionError

__all__ = ["ANTE", "per_seat", "per_seat_antes"]

#: One ante, in money.
ANTE = Number("money", low=Fraction(1, 100), high=1_000_000)


def per_seat(text: str, seats: int, what: str) -> list[str]:
    """``a`` for every seat, or ``a,b,c`` one per seat (``what`` names the option)."""
    items = comma_list(text, f"--{what}")
    return _each(items * seats if len(items) == 1 else items, seats, what)


def _each(items: list[str], seats: int, what: str) -> list[str]:
    if len(items) != seats:
        raise OptionError(f"--{what}: give one value or one per seat ({seats}), got {len(items)}")
    return items


def _amount(text: str) -> Fraction | None:
    try:
        return Fraction(ANTE(text))
    except argparse.ArgumentTypeError:
        return None


def per_seat_antes(text: str, seats: int) -> list[Fraction]:
    """The ante of each of ``seats`` seats from ``--ante`` (see the module's rules)."""
    if re.search(r",\s", text):
        items = [item.strip() for item in re.split(r",\s+", text.strip())]
        items = _each(items * seats if len(items) == 1 else items, seats, "ante")
    else:
        whole = _amount(text)
        split = [item.strip() for item in text.split(",")]
        readable = all(_amount(item) is not None for item in split)
        if whole is not None and seats > 1 and len(split) == seats and readable:
            raise OptionError(
                f"--ante {text!r} reads as one ante of {whole} or as {seats} antes "
                f"({', '.join(split)}): write {str(whole)!r} for one, or put a space after each "
                "comma for one per seat"
            )
        items = [text] * seats if whole is not None else per_seat(text, seats, "ante")
    antes = []
    for item in items:
        amount = _amount(item)
        if amount is None:
            raise OptionError(f"--ante: {ANTE.expected()}, got {item!r}")
        antes.append(amount)
    return antes
