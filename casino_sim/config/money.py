"""Exact amounts and shares: YAML numbers become :class:`fractions.Fraction` without float error.

Accepted: integers, decimals (as :class:`decimal.Decimal` from the YAML text, or
a Python float via its shortest repr), and strings such as ``"0.50"`` or
``"1/3"``. Rejected: booleans, NaN, infinities, negative values.

>>> to_amount(Decimal("0.10")), to_amount("1/3"), to_amount(0.1)
(Fraction(1, 10), Fraction(1, 3), Fraction(1, 10))
>>> to_share("7/10")
Fraction(7, 10)
>>> to_share(Decimal("1.5"))
Traceback (most recent call last):
...
ValueError: expected a share between 0 and 1 (e.g. 0.65 or 65/100), got 1.5
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Annotated, Any

from pydantic import Field, PlainSerializer, PlainValidator, StrictBool, StrictInt, WithJsonSchema

__all__ = [
    "Amount",
    "Count",
    "Flag",
    "PositiveAmount",
    "Share",
    "Text",
    "amount_text",
    "cents",
    "to_amount",
    "to_share",
]

_FRACTION_TEXT = re.compile(r"^\s*\d+\s*/\s*\d+\s*$")
_DECIMAL_TEXT = re.compile(r"^\s*[+-]?(\d[\d_]*)?(\.\d*)?([eE][+-]?\d+)?\s*$")
_NUMBER_PATTERN = r"^\s*(\d+\s*/\s*[1-9]\d*|\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)\s*$"


def _describe(value: Any) -> str:
    if isinstance(value, Decimal | float | int | Fraction) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "nothing (null)"
    return {dict: "a mapping", list: "a list", bool: f"{value} (a boolean)"}.get(
        type(value), type(value).__name__
    )


def _exact(value: Any) -> Fraction:
    """Exact value of a number or number text, or ValueError naming what came in."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"expected a number, got {_describe(value)}")
    if isinstance(value, Fraction | int):
        return Fraction(value)
    if isinstance(value, float):
        value = Decimal(repr(value))
    elif isinstance(value, str):
        text = value.strip()
        if _FRACTION_TEXT.match(text):
            numerator, denominator = (int(p) for p in text.split("/"))
            if denominator == 0:
                raise ValueError(f"expected a number, got {value!r} (division by zero)")
            return Fraction(numerator, denominator)
        if not _DECIMAL_TEXT.match(text) or not any(c.isdigit() for c in text):
            raise ValueError(f"expected a number such as 5, 0.50 or 1/3, got {value!r}")
        try:
            value = Decimal(text.replace("_", ""))
        except InvalidOperation:
            raise ValueError(f"expected a number, got {value!r}") from None
    if not isinstance(value, Decimal):
        raise ValueError(f"expected a number, got {_describe(value)}")
    if not value.is_finite():
        raise ValueError(f"expected a finite number, got {value}")
    if abs(value.adjusted()) > 30:
        raise ValueError(f"expected a number of sensible size, got {value}")
    return Fraction(value)


def to_amount(value: Any) -> Fraction:
    """An exact amount >= 0 (money, multiples, pays)."""
    result = _exact(value)
    if result < 0:
        raise ValueError(f"expected an amount >= 0, got {_describe(value)}")
    return result


def to_positive(value: Any) -> Fraction:
    """An exact amount > 0."""
    result = _exact(value)
    if result <= 0:
        raise ValueError(f"expected an amount > 0, got {_describe(value)}")
    return result


def to_share(value: Any) -> Fraction:
    """An exact share in [0, 1]."""
    try:
        result = _exact(value)
    except ValueError as error:
        raise ValueError(f"{error} (a share between 0 and 1)") from None
    if not 0 <= result <= 1:
        raise ValueError(
            f"expected a share between 0 and 1 (e.g. 0.65 or 65/100), got {_describe(value)}"
        )
    return result


def amount_text(value: Fraction) -> int | Decimal | str:
    """How an amount is written back to YAML: int, exact decimal, else ``"p/q"``.

    >>> amount_text(Fraction(5)), amount_text(Fraction(1, 4)), amount_text(Fraction(1, 3))
    (5, Decimal('0.25'), '1/3')
    """
    if value.denominator == 1:
        return value.numerator
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        return Decimal(value.numerator) / Decimal(value.denominator)
    return f"{value.numerator}/{value.denominator}"


def _number_schema(minimum: int, maximum: int | None, exclusive: bool = False) -> dict[str, Any]:
    number: dict[str, Any] = {"type": "number"}
    number["exclusiveMinimum" if exclusive else "minimum"] = minimum
    if maximum is not None:
        number["maximum"] = maximum
    return {"anyOf": [number, {"type": "string", "pattern": _NUMBER_PATTERN}]}


_SERIALIZE = PlainSerializer(amount_text)

Amount = Annotated[
    Fraction, PlainValidator(to_amount), _SERIALIZE, WithJsonSchema(_number_schema(0, None))
]
"""An exact amount >= 0 (money in currency units, or a multiple of a wager)."""
PositiveAmount = Annotated[
    Fraction, PlainValidator(to_positive), _SERIALIZE, WithJsonSchema(_number_schema(0, None, True))
]
"""An exact amount > 0."""
Share = Annotated[
    Fraction, PlainValidator(to_share), _SERIALIZE, WithJsonSchema(_number_schema(0, 1))
]
"""An exact share in [0, 1]."""
Count = Annotated[StrictInt, Field(ge=0)]
"""A whole number >= 0 (YAML integer, no decimals or strings)."""
Flag = StrictBool
"""true / false (no strings or numbers)."""
Text = Annotated[str, Field(strict=True, max_length=2000)]
"""A string (YAML numbers are not silently turned into text)."""


def cents(amount: Fraction | int) -> int:
    """Money units to whole cents, exactly; a fraction of a cent is a ``ValueError``.

    >>> cents(Fraction(5, 2)), cents(7)
    (250, 700)
    """
    value = Fraction(amount) * 100
    if value.denominator != 1:
        raise ValueError(f"{amount} is not a whole number of cents")
    return value.numerator
