"""Exact numbers as people write them: money, pays, shares (rates) and plain numbers.

Every numeric field of a definition is of one of these kinds. Each takes YAML
numbers (ints, and :class:`decimal.Decimal` from the YAML text), exact
fractions, Python floats (by their shortest repr) and text in the forms of its
kind; all of them take ``5``, ``0.50``, ``1/3``, ``1,000``, ``1_000`` and ``1e3``:

- number (:data:`Number`, :data:`PositiveNumber`): seconds, minutes, weights;
- money (:data:`Amount`, :data:`PositiveAmount`): also after a currency sign, ``$10,000``;
- pay (:data:`Pay`): also ``250:1``, ``250 to 1`` and ``250-1`` (all 250 to 1),
  and ``2 for 1`` (the wager included: 1 to 1);
- share or rate (:data:`Share`): also a percentage, ``20%`` (0.20).

Nothing else is read as a number: booleans, NaN, infinities, a number that
starts with ``0`` and another digit (``010``: YAML 1.1 reads it as octal 8),
other radixes (``0x10``), a pay's ``250:1`` outside a pay (YAML 1.1 reads it as
15001), a percentage outside a share, a currency sign outside money. Each is a
``ValueError`` naming what came in, never another number.

>>> to_amount("$10,000"), to_pay("250:1"), to_pay("2 for 1"), to_share("20%")
(Fraction(10000, 1), Fraction(250, 1), Fraction(1, 1), Fraction(1, 5))
>>> to_amount(Decimal("0.10")), to_amount("1/3"), to_amount(0.1)
(Fraction(1, 10), Fraction(1, 3), Fraction(1, 10))
>>> to_amount("250:1")
Traceback (most recent call last):
...
ValueError: expected money such as 5, 0.50 or $10,000, got '250:1' (250:1, 250 to 1 and 2 for 1 are pays; write one number)
>>> to_number("010")
Traceback (most recent call last):
...
ValueError: expected a number such as 30, 0.5 or 1/3, got '010' (a number may not start with 0: YAML 1.1 reads 010 as octal 8; write 10)
>>> to_share(Decimal("1.5"))
Traceback (most recent call last):
...
ValueError: expected a share between 0 and 1 (e.g. 0.65, 65% or 13/20), got 1.5
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, PlainSerializer, PlainValidator, StrictBool, StrictInt, WithJsonSchema

__all__ = [
    "Amount",
    "Count",
    "Flag",
    "Number",
    "NumberKind",
    "Pay",
    "PositiveAmount",
    "PositiveNumber",
    "Share",
    "Text",
    "amount_text",
    "cents",
    "number_hint",
    "to_amount",
    "to_number",
    "to_pay",
    "to_positive_amount",
    "to_positive_number",
    "to_share",
]

NumberKind = Literal["number", "money", "pay", "share", "integer"]
"""The kinds of numeric field (``integer``: a YAML whole number only, e.g. ``raise_multiple``)."""

CURRENCY_SIGNS = "$€£¥"
_DECIMAL = r"(?:(?:[1-9]\d{0,2}(?:,\d{3})+|\d+(?:_\d+)*)(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_FRACTION = r"\d+\s*/\s*\d+"
_NUMBER = rf"\+?(?:{_DECIMAL}|{_FRACTION})"
_RATIO = rf"({_DECIMAL})\s*(:|[tT][oO]|-|[fF][oO][rR])\s*({_DECIMAL})"
_FORMS: dict[str, str] = {
    "number": _NUMBER,
    "money": rf"\+?[{CURRENCY_SIGNS}]?\s*(?:{_DECIMAL}|{_FRACTION})",
    "pay": rf"{_NUMBER}|{_RATIO}",
    "share": rf"{_NUMBER}|\+?{_DECIMAL}\s*%",
}
_PATTERNS = {kind: re.compile(rf"\s*(?:{form})\s*", re.ASCII) for kind, form in _FORMS.items()}
_EXPECTED = {
    "number": "a number such as 30, 0.5 or 1/3",
    "money": "money such as 5, 0.50 or $10,000",
    "pay": "a pay such as 250, 250:1, 250 to 1 or 2 for 1",
    "share": "a share such as 0.65, 65% or 13/20",
}
_NOUN = {"number": "a number", "money": "money", "pay": "a pay", "share": "a share"}


class _LeadingZero(ValueError):
    """Number text that starts with 0 and another digit (``010``)."""


def number_hint(text: str, kind: NumberKind) -> str:
    """Why ``text`` is not a number of ``kind``, as `` (...)`` for a message, or ``""``.

    >>> number_hint("0x10", "integer"), number_hint("20%", "money")
    (' (write numbers in decimal)', ' (a percentage is a share: only rates and shares take %)')
    """
    body = text.strip().lower().lstrip("+-").lstrip(CURRENCY_SIGNS).strip()
    if re.fullmatch(r"0\d[\d_]*(\.\d*)?", body):
        plain = re.sub(r"^0+(?=\d)", "", body)
        octal = (
            f"YAML 1.1 reads {body} as octal {int(body, 8)}; "
            if body.isdigit() and "8" not in body and "9" not in body
            else ""
        )
        return f" (a number may not start with 0: {octal}write {plain})"
    if re.match(r"0[xob]", body):
        return " (write numbers in decimal)"
    if kind != "integer" and text.strip().startswith("-"):
        return " (it may not be negative)"
    if kind != "pay" and re.fullmatch(_RATIO, body):
        return " (250:1, 250 to 1 and 2 for 1 are pays; write one number)"
    if kind != "share" and body.endswith("%"):
        return " (a percentage is a share: only rates and shares take %)"
    if kind != "money" and text.strip().lstrip("+-")[:1] in CURRENCY_SIGNS:
        return " (a currency sign is for money only)"
    if kind == "integer" and re.fullmatch(_NUMBER, body) and re.search(r"[,_.e]", body):
        return " (write a whole number as digits only, e.g. 1000)"
    if re.search(r"\d,\d", body):
        return " (group thousands by commas in threes, with a point for decimals: 10,000.50)"
    return ""


def _unsigned(text: str) -> Fraction:
    """The exact value of matched unsigned text: ``10,000.50``, ``1_000``, ``1e3``, ``1/3``."""
    if re.match(r"0\d", text):
        raise _LeadingZero
    if "/" in text:
        numerator, denominator = (int(p) for p in text.split("/"))
        if denominator == 0:
            raise ValueError("division by zero")
        return Fraction(numerator, denominator)
    return _finite(Decimal(text.replace(",", "").replace("_", "")))


def _finite(value: Decimal) -> Fraction:
    """``value`` as a Fraction, refusing NaN, infinities and absurd sizes."""
    if not value.is_finite():
        raise ValueError(f"expected a finite number, got {value}")
    if value and abs(value.adjusted()) > 30:
        raise ValueError(f"expected a number of sensible size, got {value}")
    return Fraction(value)


def _text_value(text: str, kind: NumberKind) -> Fraction:
    """The value of number text of ``kind`` (already matched by its pattern, so unsigned)."""
    body = text.strip().lstrip("+").lstrip(CURRENCY_SIGNS).strip()
    if body.endswith("%"):
        return _unsigned(body[:-1].rstrip()) / 100
    ratio = re.fullmatch(_RATIO, body) if kind == "pay" else None
    if ratio is None:
        return _unsigned(re.sub(r"\s", "", body))
    won, word, staked = _unsigned(ratio[1]), ratio[2].lower(), _unsigned(ratio[3])
    if staked == 0:
        raise ValueError("division by zero")
    return (won - staked) / staked if word == "for" else won / staked


def _exact(value: Any, kind: NumberKind) -> Fraction:
    """Exact value of a number or number text of ``kind``, or ValueError naming what came in."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"expected {_NOUN[kind]}, got {_describe(value)}")
    if isinstance(value, Fraction | int):
        return Fraction(value)
    if isinstance(value, float):
        return _finite(Decimal(repr(value)))
    if isinstance(value, Decimal):
        return _finite(value)
    if not isinstance(value, str):
        raise ValueError(f"expected {_NOUN[kind]}, got {_describe(value)}")
    expected = f"expected {_EXPECTED[kind]}, got {value!r}"
    if not _PATTERNS[kind].fullmatch(value):
        raise ValueError(expected + number_hint(value, kind))
    try:
        return _text_value(value, kind)
    except _LeadingZero:
        raise ValueError(expected + number_hint(value, kind)) from None
    except (InvalidOperation, ValueError) as error:
        raise ValueError(f"{expected} ({error})") from None


def _describe(value: Any) -> str:
    """How a value that came in is shown in a message: a number as written, text quoted."""
    if isinstance(value, Decimal | float | int | Fraction) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "nothing (null)"
    return {dict: "a mapping", list: "a list", bool: f"{str(value).lower()} (a boolean)"}.get(
        type(value), type(value).__name__
    )


def _in_range(result: Fraction, value: Any, kind: NumberKind, *, positive: bool) -> Fraction:
    """``result`` when it is >= 0 (> 0 when ``positive``), else ValueError naming ``value``."""
    if result < 0 or (positive and result == 0):
        bound = "> 0" if positive else ">= 0"
        raise ValueError(f"expected {_NOUN[kind]} {bound}, got {_describe(value)}")
    return result


def to_number(value: Any) -> Fraction:
    """An exact number >= 0 that is not money (seconds, a multiplier, a weight)."""
    return _in_range(_exact(value, "number"), value, "number", positive=False)


def to_positive_number(value: Any) -> Fraction:
    """An exact number > 0 that is not money."""
    return _in_range(_exact(value, "number"), value, "number", positive=True)


def to_amount(value: Any) -> Fraction:
    """An exact amount of money >= 0 (``$10,000`` is 10000)."""
    return _in_range(_exact(value, "money"), value, "money", positive=False)


def to_positive_amount(value: Any) -> Fraction:
    """An exact amount of money > 0."""
    return _in_range(_exact(value, "money"), value, "money", positive=True)


def to_pay(value: Any) -> Fraction:
    """What a hand pays to 1, > 0: ``250:1``, ``250 to 1``, ``250-1`` and ``250`` are 250; ``2 for 1`` is 1.

    >>> to_pay("3:2"), to_pay("5 for 1"), to_pay(Decimal("7.5"))
    (Fraction(3, 2), Fraction(4, 1), Fraction(15, 2))
    """
    return _in_range(_exact(value, "pay"), value, "pay", positive=True)


def to_share(value: Any) -> Fraction:
    """An exact share (rate) in [0, 1]; ``20%`` is 0.20."""
    result = _exact(value, "share")
    if not 0 <= result <= 1:
        raise ValueError(
            f"expected a share between 0 and 1 (e.g. 0.65, 65% or 13/20), got {_describe(value)}"
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


def _schema(kind: str, *, exclusive: bool = False, maximum: int | None = None) -> WithJsonSchema:
    """The JSON schema of a field of ``kind``: a number in range, or text in the kind's forms."""
    number: dict[str, Any] = {"type": "number", "exclusiveMinimum" if exclusive else "minimum": 0}
    if maximum is not None:
        number["maximum"] = maximum
    text = {"type": "string", "pattern": rf"^\s*(?:{_FORMS[kind]})\s*$"}
    return WithJsonSchema({"anyOf": [number, text]})


_SERIALIZE = PlainSerializer(amount_text)

Number = Annotated[Fraction, PlainValidator(to_number), _SERIALIZE, _schema("number")]
"""An exact number >= 0 that is not money: seconds, minutes, a multiplier, a weight."""
PositiveNumber = Annotated[
    Fraction, PlainValidator(to_positive_number), _SERIALIZE, _schema("number", exclusive=True)
]
"""An exact number > 0 that is not money."""
Amount = Annotated[Fraction, PlainValidator(to_amount), _SERIALIZE, _schema("money")]
"""An exact amount of money >= 0 in currency units (``$10,000`` allowed)."""
PositiveAmount = Annotated[
    Fraction, PlainValidator(to_positive_amount), _SERIALIZE, _schema("money", exclusive=True)
]
"""An exact amount of money > 0."""
Pay = Annotated[Fraction, PlainValidator(to_pay), _SERIALIZE, _schema("pay", exclusive=True)]
"""What a hand pays to 1, > 0: ``250``, ``250:1``, ``250 to 1``, ``250-1``; ``2 for 1`` is 1 to 1."""
Share = Annotated[Fraction, PlainValidator(to_share), _SERIALIZE, _schema("share", maximum=1)]
"""An exact share or rate in [0, 1] (``0.65``, ``65%``, ``13/20``)."""
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
