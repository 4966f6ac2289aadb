"""A vendor's PAR-sheet claims (``kind: par_claim``): each figure as claimed, with its precision.

A claim file names the game the vendor analysed (a Caribbean Stud paytable and,
optionally, its progressive side bet; a progressive alone; a game of the banked-game
language; or a stud table, whose rake figures are simulated), the strategy and ante the
vendor assumed,
and lists the figures of the PAR sheet as written there. ``casino-sim verify``
computes each figure independently and says, claim by claim, whether it holds.

A value is read as written, so that its precision is known: ``5.224%`` is
5.224 per cent to within half its last digit (0.0005%), ``19,933,230,517,200``
a count (exact), ``1 in 649,740`` the odds of an award, ``205/364`` an exact
fraction. A claim may state its own ``precision`` (``0.001%``); without one, the
precision is half a unit of the last digit written (so a whole count must be
exact) and zero for a fraction.

>>> value = claimed_value("5.224%")
>>> value.value, value.precision, value.percent
(Fraction(653, 12500), Fraction(1, 200000), True)
>>> claimed_value("1 in 649,740").value, claimed_value("1 in 649,740").odds
(Fraction(649740, 1), True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, PlainSerializer, PlainValidator, WithJsonSchema

from casino_sim.config.common import definition
from casino_sim.config.money import PositiveAmount, Text
from casino_sim.config.problems import FieldProblem

__all__ = [
    "FIGURES",
    "LINE_FIGURES",
    "PROGRESSIVE_FIGURES",
    "Claim",
    "ClaimedValue",
    "Figure",
    "ParClaim",
    "claimed_value",
]

Figure = Literal[
    "house_edge",
    "element_of_risk",
    "sd",
    "hit_frequency",
    "raise_frequency",
    "average_total_bet",
    "total_cycle",
    "combinations",
    "probability",
    "top_award_odds",
    "max_payout",
    "side_bet_house_edge",
    "rake_per_hand",
    "rake_per_100_hands",
    "rake_per_table_hour",
    "effective_rake",
    "award_combinations",
    "award_probability",
    "award_odds",
    "seed",
    "meter_cap",
    "contribution_rate",
    "reserve_rate",
    "return_at_seed",
    "long_run_return",
    "break_even_meter",
    "return_at_meter_cap",
]
"""A figure of a PAR sheet that ``verify`` computes (docs/verify.md lists what each one is)."""

FIGURES: tuple[Figure, ...] = get_args(Figure)
"""Every :data:`Figure`, in the order a PAR sheet shows them."""

LINE_FIGURES: frozenset[str] = frozenset(
    {
        "combinations",
        "probability",
        "side_bet_house_edge",
        "award_combinations",
        "award_probability",
        "award_odds",
    }
)
"""Figures of one line of a table: a claim of one of them names its ``line``."""

PROGRESSIVE_FIGURES: frozenset[str] = frozenset(FIGURES[FIGURES.index("award_combinations") :])
"""Figures of the progressive side bet: a claim of one of them needs the file's ``progressive``."""

_DECIMAL = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_ODDS = re.compile(rf"1\s+in\s+\$?({_DECIMAL})", re.IGNORECASE)
_PERCENT = re.compile(rf"([-+]?{_DECIMAL})\s*%")
_FRACTION = re.compile(r"([-+]?\d+)\s*/\s*(\d+)")
_PLAIN = re.compile(rf"([-+]?)\$?({_DECIMAL})")


@dataclass(frozen=True)
class ClaimedValue:
    """A figure as the vendor wrote it: its exact ``value``, the ``precision`` its digits imply,
    and how it was written (``percent``: with %; ``odds``: "1 in N", value N)."""

    text: str
    value: Fraction
    precision: Fraction
    percent: bool = False
    odds: bool = False

    def to_yaml(self) -> str:
        """The figure as written (it reads back to an equal value)."""
        return self.text


def _decimal(text: str) -> tuple[Fraction, Fraction]:
    """The value of decimal ``text`` (commas allowed) and half a unit of its last digit."""
    number = Decimal(text.replace(",", ""))
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)  # a finite decimal
    return Fraction(number), Fraction(1, 2) * Fraction(10) ** exponent


def claimed_value(raw: Any) -> ClaimedValue:
    """Read a claimed figure as written (see the module docstring); ``ValueError`` otherwise."""
    if isinstance(raw, bool) or raw is None:
        raise ValueError(
            f"expected a figure such as 5.224%, 0.05224, 1 in 649,740 or 4, got {raw!r}"
        )
    if isinstance(raw, int):
        return ClaimedValue(str(raw), Fraction(raw), Fraction(1, 2))
    if isinstance(raw, Decimal):
        if not raw.is_finite():
            raise ValueError(f"expected a finite number, got {raw}")
        text = format(raw, "f")
        value, half = _decimal(text)
        return ClaimedValue(text, value, half)
    if not isinstance(raw, str):
        raise ValueError(f"expected a figure as text or a number, got {type(raw).__name__}")
    text = raw.strip()
    try:
        if match := _ODDS.fullmatch(text):
            value, half = _decimal(match.group(1))
            return ClaimedValue(text, value, half, odds=True)
        if match := _PERCENT.fullmatch(text):
            value, half = _decimal(match.group(1))
            return ClaimedValue(text, value / 100, half / 100, percent=True)
        if match := _FRACTION.fullmatch(text):
            if int(match.group(2)) == 0:
                raise ValueError("a fraction may not divide by zero")
            return ClaimedValue(
                text, Fraction(int(match.group(1)), int(match.group(2))), Fraction(0)
            )
        if match := _PLAIN.fullmatch(text):
            value, half = _decimal(match.group(2))
            return ClaimedValue(text, -value if match.group(1) == "-" else value, half)
    except InvalidOperation:  # pragma: no cover - the patterns admit decimals only
        pass
    raise ValueError(
        f"expected a figure such as 5.224%, 0.05224, 205/364, 1 in 649,740 or 19,933,230,517,200, "
        f"got {text!r}"
    )


def _precision(raw: Any) -> ClaimedValue:
    value = claimed_value(raw)
    if value.odds or value.value < 0:
        raise ValueError(f"expected a precision such as 0.001% or 0.5 (not negative), got {raw!r}")
    return value


_FIGURE_SCHEMA = {"type": ["string", "number", "integer"]}
_AS_WRITTEN = PlainSerializer(lambda value: value.text, return_type=str)
Claimed = Annotated[
    ClaimedValue, PlainValidator(claimed_value), _AS_WRITTEN, WithJsonSchema(_FIGURE_SCHEMA)
]
Precision = Annotated[
    ClaimedValue, PlainValidator(_precision), _AS_WRITTEN, WithJsonSchema(_FIGURE_SCHEMA)
]


@definition
class Claim:
    """One claimed figure: ``figure``, its ``line`` (for a table line), its base, value, precision."""

    figure: Figure
    """What is claimed (``house_edge``, ``combinations``, ``long_run_return``, ...)."""
    value: Claimed
    """The figure as the PAR sheet writes it: 5.224%, 0.052243, 1 in 649,740, 16,759,740, 205/364."""
    line: Text | None = None
    """For a line of a table: the return-table event ("Player wins: Royal flush") or award hand (royal_flush)."""
    per: Literal["initial_bet", "total_bet"] | None = None
    """For ``house_edge``: per initial bet (the ante) or per total bet (then it is the element of risk)."""
    precision: Precision | None = None
    """How close the claim says it is (e.g. 0.001%); default: half a unit of its last digit."""
    note: Text = ""
    """The vendor's own words, if useful (shown beside the verdict)."""

    def __post_init__(self) -> None:
        if self.figure in LINE_FIGURES and not self.line:
            raise FieldProblem(f"a {self.figure} claim names its table line", "line")
        if self.figure not in LINE_FIGURES and self.line:
            raise FieldProblem(
                f"{self.figure} is not a figure of a table line; remove 'line'", "line"
            )
        if self.figure == "house_edge" and self.per is None:
            raise FieldProblem(
                "say which base the house edge is quoted on: per: initial_bet (the ante) or "
                "per: total_bet",
                "per",
            )
        if self.figure == "element_of_risk" and self.per == "initial_bet":
            raise FieldProblem(
                "the element of risk is per total bet; a figure per initial bet is the "
                "house_edge (per: initial_bet)",
                "per",
            )
        if self.figure not in ("house_edge", "element_of_risk") and self.per is not None:
            raise FieldProblem(f"'per' is for house_edge only, not {self.figure}", "per")

    @property
    def tolerance(self) -> Fraction:
        """The precision the claim is checked to: stated, else implied by its digits."""
        return self.value.precision if self.precision is None else self.precision.value


@definition
class ParClaim:
    """A vendor's PAR sheet, claim by claim (``kind: par_claim``)."""

    kind: Literal["par_claim"] = "par_claim"
    """Always par_claim."""
    name: Text
    """What the submission is, e.g. "Vendor X PAR sheet, Caribbean Stud standard table"."""
    game: Text
    """The game analysed: a Caribbean Stud paytable, a progressive, a banked game or a stud table,
    as a file or a shipped name (caribbean_stud/standard, banked/three_card_poker, stud/tables/5-10)."""
    claims: tuple[Claim, ...]
    """The claimed figures, in the order of the PAR sheet."""
    progressive: Text | None = None
    """The progressive side bet the sheet covers (file or shipped name), if any."""
    strategy: Text = "optimal"
    """The strategy the vendor assumed: optimal, a named strategy (pair-or-better, akj83,
    always-raise; a banked game's own, such as Q-6-4), or a Caribbean Stud strategy file."""
    ante: PositiveAmount | None = None
    """The ante the figures are for (needed when the paytable caps the payout per hand)."""
    variant: Text | None = None
    """For a stud table: the stud variant dealt on it (default stud/seven_card_stud)."""
    players: Annotated[int, Field(strict=True, ge=2, le=10)] = 8
    """For a stud table: the players at it (at most the seats of the game and the table)."""
    hands: Annotated[int, Field(strict=True, ge=10_000, le=100_000_000)] = 200_000
    """For a stud table: the hands simulated to check its rake figures (a simulated figure holds
    when the claim is within its precision plus 1.96 standard errors)."""
    seed: Annotated[int, Field(strict=True, ge=0)] = 1
    """For a stud table: the simulation's seed (recorded; the same seed gives the same verdicts)."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the claimed figures come from (the vendor's document, its date and page)."""
    notes: Text = ""
    """Anything a reader should know."""

    def __post_init__(self) -> None:
        if not self.claims:
            raise FieldProblem("list at least one claimed figure", "claims")
