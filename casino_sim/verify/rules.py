"""A jurisdiction's rules applied to a game: each rule, the figure it looks at, pass or FAIL.

Statuses: ``pass``; ``FAIL``; ``disclose`` (allowed only if the player is shown
the figure, as GLI-11 allows an award rarer than its odds limit); ``n/a`` (the
game has nothing the rule is about, e.g. no progressive).

>>> from casino_sim.config import load_jurisdiction, load_paytable
>>> from casino_sim.verify.figures import game_figures
>>> results = check_rules(load_jurisdiction("nj"), game_figures(load_paytable("standard")))
>>> [r.status for r in results]
['n/a', 'n/a', 'n/a', 'n/a', 'n/a']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from casino_sim.config import Jurisdiction, JurisdictionRule
from casino_sim.config.common import hand_label
from casino_sim.verify.figures import GameFigures

__all__ = ["RuleResult", "check_rules"]

Status = Literal["pass", "FAIL", "disclose", "n/a"]


@dataclass(frozen=True)
class RuleResult:
    """One rule applied: what it looked at (``figure``), the ``status`` and why (``detail``)."""

    rule: JurisdictionRule
    figure: str
    status: Status
    detail: str

    def to_record(self) -> dict[str, Any]:
        return {
            "check": self.rule.check,
            "cites": self.rule.cites,
            "figure": self.figure,
            "status": self.status,
            "detail": self.detail,
        }


def _awards(figures: GameFigures, which: str) -> list[tuple[str, Fraction]]:
    """(award, odds N of 1 in N) of every award the rule covers."""
    awards: list[tuple[str, Fraction]] = []
    if which == "all_awards" and figures.analysis is not None:
        total = figures.analysis.total_deals
        for row in figures.analysis.rows:
            if row.event.startswith("Player wins") and row.combinations:
                awards.append((row.event, Fraction(total, row.combinations)))
    if figures.progressive is not None:
        for line in figures.progressive.lines:
            awards.append((f"side bet: {hand_label(line.hand)}", 1 / line.probability))
    return awards


def _odds(rule: JurisdictionRule, figures: GameFigures) -> RuleResult:
    assert rule.limit is not None
    awards = _awards(figures, rule.applies_to)
    if not awards:
        return RuleResult(rule, "no award", "n/a", "the game has no award this rule covers")
    name, odds = max(awards, key=lambda award: award[1])
    figure = f"{name}: 1 in {float(odds):,.0f}"
    limit = f"1 in {float(rule.limit):,.0f}"
    if odds <= rule.limit:
        return RuleResult(
            rule, figure, "pass", f"the longest odds of {len(awards)} awards, within {limit}"
        )
    rarer = sum(odds > rule.limit for _, odds in awards)
    if rule.unless_disclosed:
        return RuleResult(
            rule,
            figure,
            "disclose",
            f"{rarer} award(s) rarer than {limit}: allowed only with the odds displayed",
        )
    return RuleResult(rule, figure, "FAIL", f"{rarer} award(s) rarer than {limit}")


def _minimum_return(rule: JurisdictionRule, figures: GameFigures) -> RuleResult:
    assert rule.limit is not None
    returns: list[tuple[str, Fraction]] = []
    if figures.analysis is not None:
        returns.append(("game, per total bet", 1 - figures.analysis.element_of_risk))
    if figures.progressive is not None:
        returns.append(("side bet, long run", figures.progressive.long_run_return))
    shown = "; ".join(f"{name} {float(value):.2%}" for name, value in returns)
    low = [name for name, value in returns if value < rule.limit]
    if low:
        return RuleResult(rule, shown, "FAIL", f"below {float(rule.limit):.2%}: {', '.join(low)}")
    return RuleResult(rule, shown, "pass", f"every return at least {float(rule.limit):.2%}")


def _disclosed(rule: JurisdictionRule, figures: GameFigures) -> RuleResult:
    side, table = figures.side_bet, figures.paytable
    check = rule.check
    if check == "payout_cap_disclosed":
        if table is None or table.max_payout is None:
            return RuleResult(rule, "no payout cap", "n/a", "the paytable pays every hand in full")
        cap = f"${float(table.max_payout):,.2f} per hand"
        return RuleResult(rule, cap, "pass", "stated in the paytable: post it at the table")
    if side is None:
        return RuleResult(rule, "no progressive", "n/a", "the game has no progressive side bet")
    if check == "seed_disclosed":
        seed = f"${float(side.seed):,.2f}"
        return RuleResult(
            rule,
            f"seed {seed}",
            "pass",
            f"initial and reset amount {seed}, after every full-meter award",
        )
    if check == "contribution_disclosed":
        rates = f"meter {float(side.contribution_rate):.2%}, reserve {float(side.reserve_rate):.2%}"
        return RuleResult(rule, rates, "pass", "rate of progression of each side bet stated")
    if side.meter_cap is None:
        return RuleResult(rule, "no meter cap", "n/a", "the meter has no cap")
    cap = f"${float(side.meter_cap):,.2f}"
    return RuleResult(
        rule,
        f"meter cap {cap}",
        "pass",
        "stated; contributions above it go to the reserve (the meter never drops unless paid)",
    )


def check_rules(jurisdiction: Jurisdiction, figures: GameFigures) -> tuple[RuleResult, ...]:
    """Every rule of ``jurisdiction`` applied to the analysed game, in the file's order."""
    results = []
    for rule in jurisdiction.rules:
        if rule.check == "longest_award_odds":
            results.append(_odds(rule, figures))
        elif rule.check == "minimum_return":
            results.append(_minimum_return(rule, figures))
        else:
            results.append(_disclosed(rule, figures))
    return tuple(results)
