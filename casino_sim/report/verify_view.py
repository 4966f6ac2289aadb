"""``casino-sim verify`` as text and rows: each claim beside the computed figure, then the rules.

>>> from casino_sim.config import load_claim
>>> from casino_sim.verify import verify_claim
>>> text = format_verification(verify_claim(load_claim("claims/caribbean-two-wrong")), ())
>>> text.splitlines()[-1]
'17 of 19 claims hold: 2 do not'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor, log10
from typing import Any

from casino_sim.report.tables import money, text_table
from casino_sim.verify import RuleResult, Verdict, Verification

__all__ = ["claim_cells", "claim_rows", "format_verification", "rule_rows"]


def _digits(precision: Fraction, *, scale: int = 1) -> int:
    """Decimal places that show ``precision`` (times ``scale``) with two significant digits."""
    if precision <= 0:
        return 4
    return max(0, 1 - floor(log10(float(precision) * scale)))


def _number(value: Fraction, places: int, *, percent_sign: bool, sign: bool = False) -> str:
    if percent_sign:
        return f"{100 * float(value):{'+' if sign else ''}.{places}f}%"
    if value.denominator == 1 and places == 0:
        return f"{value.numerator:{'+' if sign else ''},}"
    return f"{float(value):{'+' if sign else ''},.{places}f}"


def _computed(verdict: Verdict, places: int, as_percent: bool) -> str:
    value, unit = verdict.computed.value, verdict.computed.unit
    if unit == "money":
        return money(value)
    text = _number(value, places, percent_sign=as_percent)
    return f"1 in {text}" if unit == "odds" else text


def _exact(verdict: Verdict) -> str:
    value = verdict.computed.value
    if not verdict.computed.exact or value.denominator == 1:
        return ""
    return str(value)


def _figure(verdict: Verdict) -> str:
    claim = verdict.claim
    name = claim.figure.replace("_", " ")
    if claim.per is not None:
        name += f" per {claim.per.replace('_', ' ')}"
    name = f"{name}: {claim.line}" if claim.line else name
    return f"{verdict.index + 1:>2}. {name}"


def claim_cells(verdict: Verdict) -> list[str]:
    """The cells of one claim as the terminal shows them: claim, claimed, computed, exact,
    difference, precision, verdict."""
    as_percent = verdict.claim.value.percent
    scale = 100 if as_percent else 1
    places = _digits(verdict.tolerance, scale=scale) if verdict.tolerance else 4
    exactly = verdict.computed.value.denominator == 1 and verdict.tolerance >= Fraction(1, 2)
    shown = 0 if exactly else places + 1
    return [
        _figure(verdict),
        verdict.claim.value.text,
        _computed(verdict, shown, as_percent),
        _exact(verdict),
        _number(verdict.difference, shown, percent_sign=as_percent, sign=True),
        "±" + _number(verdict.tolerance, places, percent_sign=as_percent),
        "holds" if verdict.holds else "FAILS",
    ]


def format_verification(result: Verification, rules: Sequence[RuleResult]) -> str:
    """The terminal table of every claim, its findings, the rules applied, and the summary."""
    header = ["claim", "claimed", "computed", "exact", "difference", "precision", "verdict"]
    rows = [claim_cells(verdict) for verdict in result.verdicts]
    lines = [
        f"PAR claims: {result.name}",
        f"game: {result.game}, strategy {result.strategy}",
        "",
        text_table(header, rows),
    ]
    failed = [v for v in result.verdicts if not v.holds]
    if failed:
        lines += ["", "Findings"]
        for verdict in failed:
            row = claim_cells(verdict)
            finding = verdict.finding or (
                f"computed {row[2]} ({verdict.computed.label}): the claim differs by {row[4]}"
            )
            lines.append(f"  claim {_figure(verdict).strip()}: {finding}")
    if rules:
        lines += ["", "Jurisdiction rules"]
        table = [[r.rule.check, r.rule.cites, r.figure, r.status] for r in rules]
        lines.append(text_table(["rule", "cites", "figure", "status"], table))
        lines += [
            f"  {r.rule.check}: {r.detail}" for r in rules if r.status in ("FAIL", "disclose")
        ]
    lines += ["", result.summary]
    return "\n".join(lines)


def claim_rows(result: Verification) -> list[dict[str, Any]]:
    """One CSV row per claim (as in the JSON)."""
    return [verdict.to_record() for verdict in result.verdicts]


def rule_rows(rules: Sequence[RuleResult]) -> list[dict[str, Any]]:
    """One CSV row per jurisdiction rule."""
    return [rule.to_record() for rule in rules]
