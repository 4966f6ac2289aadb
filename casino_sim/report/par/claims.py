"""The report's section for a vendor's PAR sheet: every claim beside the computed figure, the rules.

The section holds the claims table (as ``casino-sim verify`` prints it, with the raw
claimed and computed values for the CSV and the workbook), a check per claim that does
not hold (so the report's flags list them), and, with a jurisdiction, its rules table.

>>> from pathlib import Path
>>> from casino_sim.config import load_claim
>>> from casino_sim.report.par.inputs import ClaimInput
>>> section = claim_section(ClaimInput(Path("x.yaml"), load_claim("claims/caribbean-two-wrong")),
...                         index=1)
>>> next(section.figures()).value, len(section.flags())
('17 of 19', 2)
"""

from __future__ import annotations

from typing import Any

from casino_sim.report.par.inputs import ClaimInput
from casino_sim.report.par.model import Check, Column, Figure, Part, Section, Table
from casino_sim.report.verify_view import claim_cells
from casino_sim.verify import RuleResult, Verdict, check_rules, verify_claim

__all__ = ["claim_section"]

_UNITS = {"share": "percent", "count": "count", "odds": "one_in", "money": "money"}

_CLAIM_COLUMNS = (
    Column("claim", "Claim"),
    Column("claimed", "Claimed"),
    Column("computed", "Computed"),
    Column("exact", "Exact"),
    Column("difference", "Difference"),
    Column("precision", "Precision"),
    Column("verdict", "Verdict"),
    Column("finding", "Finding"),
    Column("claimed_value", "Claimed value", "by_row"),
    Column("computed_value", "Computed value", "by_row"),
)
_RULE_COLUMNS = (
    Column("check", "Rule"),
    Column("cites", "Cites"),
    Column("figure", "Figure"),
    Column("status", "Status"),
    Column("detail", "Why"),
)


def _claim_row(verdict: Verdict) -> dict[str, Any]:
    claim, claimed, computed, exact, difference, precision, held = claim_cells(verdict)
    value = verdict.computed.value
    whole = value.denominator == 1 and verdict.computed.unit in ("count", "odds")
    return {
        "claim": claim.strip(),
        "claimed": claimed,
        "computed": computed,
        "exact": exact,
        "difference": difference,
        "precision": precision,
        "verdict": held,
        "finding": verdict.finding,
        "unit": _UNITS.get(verdict.computed.unit, "number"),
        "claimed_value": float(verdict.claimed),
        "computed_value": value.numerator if whole else float(value),
    }


def _rule_part(item: ClaimInput, rules: tuple[RuleResult, ...], index: int) -> Part:
    assert item.jurisdiction is not None
    rows = tuple(rule.to_record() for rule in rules)
    checks = tuple(
        Check(f"{r.rule.check} ({r.rule.cites})", r.status != "FAIL", f"{r.figure}: {r.detail}")
        for r in rules
        if r.status in ("FAIL", "disclose")
    )
    return Part(
        f"claim-{index}-rules",
        f"Jurisdiction: {item.jurisdiction.name}",
        paragraphs=(
            f"Each rule of {item.jurisdiction.name} applied to the game, with the section it "
            "cites: pass, FAIL, disclose (allowed only with the figure shown to the player) or "
            "n/a (the game has nothing the rule is about).",
        ),
        checks=checks,
        tables=(Table(f"claim-{index}-rules", "Jurisdiction rules", _RULE_COLUMNS, rows),),
    )


def claim_section(item: ClaimInput, *, index: int) -> Section:
    """The section of one ``par_claim`` input (and its jurisdiction's rules)."""
    result = verify_claim(item.claim, base=item.path.parent)
    rules = () if item.jurisdiction is None else check_rules(item.jurisdiction, result.figures)
    held = f"{result.held} of {len(result.verdicts)}"
    failed = [v for v in result.verdicts if not v.holds]
    checks = tuple(
        Check(claim_cells(v)[0].strip(), False, v.finding or f"computed {claim_cells(v)[2]}")
        for v in failed
    )
    source = f" Source: {item.claim.source}" if item.claim.source else ""
    claims = Part(
        f"claim-{index}-claims",
        "Claims",
        paragraphs=(
            f"Game {result.game}, strategy {result.strategy}: every figure computed exactly "
            "over every deal and compared with the claim within its precision (stated, or half "
            f"a unit of its last digit).{source}",
        ),
        figures=(Figure("claims_held", "claims that hold", held, "text"),),
        checks=checks,
        tables=(
            Table(
                f"claim-{index}-claims",
                "Claims",
                _CLAIM_COLUMNS,
                tuple(_claim_row(v) for v in result.verdicts),
            ),
        ),
    )
    parts = (claims,) if not rules else (claims, _rule_part(item, rules, index))
    return Section(
        f"claim-{index}",
        "claim",
        item.title,
        result.summary,
        parts,
        data={
            **result.to_record(),
            "rules": [rule.to_record() for rule in rules],
        },
    )
