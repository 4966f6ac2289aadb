"""A jurisdiction's rules for a table game and its progressive (``kind: jurisdiction``).

Each rule is one check a regulator applies, with the section it comes from:
``casino-sim verify CLAIM --jurisdiction nj`` applies every rule of the file to
the game the claim names and lists the figure, the limit and pass or FAIL.
The checks (docs/verify.md explains each):

- ``longest_award_odds``: no advertised award rarer than 1 in ``limit`` games
  (``applies_to: progressive_awards`` for the side bet's awards only, ``all_awards``
  for the paytable's paid awards too); with ``unless_disclosed: true`` a rarer award
  is allowed when its odds are displayed, so it is listed as "disclose", not FAIL;
- ``minimum_return``: the game's return per total bet and the side bet's long-run
  return at least ``limit`` (a share);
- ``seed_disclosed``, ``contribution_disclosed``: the progressive states its reset
  (seed) and rate of progression (contribution rate, and reserve rate);
- ``meter_cap_disclosed``: a meter cap, if any, is stated with where the money above it goes;
- ``payout_cap_disclosed``: a payout cap per hand, if any, is stated (and signed at the table).

>>> rule = JurisdictionRule(check="longest_award_odds", limit=100_000_000, cites="x")
>>> rule.limit
Fraction(100000000, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import PlainValidator, WithJsonSchema

from casino_sim.config.common import definition
from casino_sim.config.money import Text, to_positive_number, to_share
from casino_sim.config.problems import FieldProblem

__all__ = ["CHECKS", "Jurisdiction", "JurisdictionRule"]

Check = Literal[
    "longest_award_odds",
    "minimum_return",
    "seed_disclosed",
    "contribution_disclosed",
    "meter_cap_disclosed",
    "payout_cap_disclosed",
]
CHECKS: tuple[str, ...] = Check.__args__  # type: ignore[attr-defined]
"""Every check a rule may name."""


def _limit(value: Any) -> Fraction:
    """A limit: a share written with % (75%), else a positive number (100,000,000 or 0.75)."""
    if isinstance(value, str) and value.strip().endswith("%"):
        return to_share(value)
    return to_positive_number(value)


Limit = Annotated[
    Fraction, PlainValidator(_limit), WithJsonSchema({"type": ["string", "number", "integer"]})
]

_LIMITED = {
    "longest_award_odds": "the longest odds allowed, N of 1 in N",
    "minimum_return": "a share",
}


@definition
class JurisdictionRule:
    """One rule: the ``check``, its ``limit`` where it has one, and the section it ``cites``."""

    check: Check
    """What is checked (see the module docstring)."""
    cites: Text
    """The section the rule comes from, e.g. "N.J.A.C. 13:69D-1.52(e)4"."""
    limit: Limit | None = None
    """For longest_award_odds: N of "1 in N"; for minimum_return: a share such as 75%."""
    applies_to: Literal["all_awards", "progressive_awards"] = "all_awards"
    """For longest_award_odds: every paid award, or the progressive side bet's awards only."""
    unless_disclosed: bool = False
    """For longest_award_odds: a rarer award is allowed when its odds are displayed to the player."""
    text: Text = ""
    """The rule in the regulator's words, shortened."""

    def __post_init__(self) -> None:
        if self.check in _LIMITED and self.limit is None:
            raise FieldProblem(f"{self.check} needs a limit: {_LIMITED[self.check]}", "limit")
        if self.check not in _LIMITED and self.limit is not None:
            raise FieldProblem(f"{self.check} takes no limit", "limit")
        if self.check == "minimum_return" and self.limit is not None and self.limit > 1:
            raise FieldProblem("a minimum return is a share such as 75% or 0.75", "limit")
        if self.check == "longest_award_odds" and self.limit is not None and self.limit < 1:
            raise FieldProblem("write the odds as N of 1 in N, e.g. 100,000,000", "limit")


@definition
class Jurisdiction:
    """A regulator's rules for table games (``kind: jurisdiction``)."""

    kind: Literal["jurisdiction"] = "jurisdiction"
    """Always jurisdiction."""
    name: Text
    """The jurisdiction or standard, e.g. "New Jersey (N.J.A.C. 13:69)"."""
    rules: tuple[JurisdictionRule, ...]
    """The checks, each with its section."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """Where the rules come from."""
    notes: Text = ""
    """Anything a reader should know (what the profile leaves out)."""

    def __post_init__(self) -> None:
        if not self.rules:
            raise FieldProblem("list at least one rule", "rules")
