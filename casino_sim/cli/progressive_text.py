"""A progressive side bet's text, the same wherever it shows: ``analyze`` (a Caribbean Stud
paytable with ``--progressive``, or a banked game with a progressive side bet) and ``simulate``
(the Caribbean Stud tables' Monte Carlo and a banked game's).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.cli.comparison_table import HITS, Comparisons, ci, hits_row, pct

if TYPE_CHECKING:
    from casino_sim.config.progressive import ProgressivePaytable
    from casino_sim.games.banked.caribbean_stud.economics import RuleFlag
    from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import ProgressiveSummary

__all__ = ["progressive_lines", "progressive_rule_flags", "progressive_section"]


def progressive_section(
    side: ProgressiveAnalysis, meters: list[Fraction] | None
) -> tuple[str, dict[str, Any]]:
    """A progressive side bet's exact figures as ``analyze --progressive`` prints them (the hits,
    the return by meter at ``meters``, else at the seed and half, once and twice the break-even
    meter; the long-run return; the flags of broken economics) and their JSON record."""
    from casino_sim.games.banked.caribbean_stud.economics import progressive_flags
    from casino_sim.report.caribbean.text_tables import format_progressive

    be = side.break_even_meter
    default_meters = [side.seed, *(([be / 2, be, be * 2]) if be else [])]
    text = "\n" + format_progressive(side, meters or default_meters)
    flags = progressive_flags(side)  # broken rules of the side bet's economics
    if flags:  # a sound side bet prints none
        text += f"\n\nFlags: {len(flags)}" + "".join(f"\n  FLAG: {flag}" for flag in flags)
    return text, {"progressive": side.to_record(), "flags": [f.to_record() for f in flags]}


def progressive_rule_flags(
    progressive: ProgressivePaytable,
    analysis: ProgressiveAnalysis,
    summary: ProgressiveSummary | None,
) -> list[RuleFlag]:
    """The broken rules of a progressive's economics (``analysis``: its exact figures) and,
    after a run (``summary``: its ProgressiveSummary), of its meter."""
    from casino_sim.games.banked.caribbean_stud.economics import meter_flags, progressive_flags

    rules: list[RuleFlag] = list(progressive_flags(analysis))
    if summary is not None:
        rules += meter_flags(progressive.name, seed_cents=round(100 * progressive.seed),
                             lowest_cents=summary.meter.meter_cents)  # fmt: skip
    return rules


def progressive_lines(p: ProgressiveSummary, family: Comparisons, *, small: bool) -> list[str]:
    """The side bet's lines: hits against the exact expectation and the long-run return go into
    ``family`` (the Holm test); the rest is returned for after the main game."""
    from casino_sim.config.common import CATEGORY_KEYS
    from casino_sim.engine.stats import normal_p_value

    family.add("")
    family.add(f"Progressive {p.name!r}: {p.bets:,} side bets")
    family.add(f"  {'hand':<18}{HITS}")
    for i, key in enumerate(CATEGORY_KEYS):
        if i not in p.awarded:
            continue
        expected = p.exact_probabilities[i] * p.bets
        hits_row(family, f"  {key:<18}", p.hits[i], p.hit_intervals[i], expected, small=small)
    r = p.side_bet_return
    if math.isnan(r.standard_error):
        family.add(
            f"  side-bet return {pct(r.estimate)} (one chunk: no interval); exact long-run "
            f"{pct(p.exact_long_run_return)}"
        )
    else:
        z = r.z_score(p.exact_long_run_return)
        family.add(
            f"  side-bet return {pct(r.estimate)} {ci(r)} (batch means over chunks); exact "
            f"long-run {pct(p.exact_long_run_return)}: z = {z:+.2f}, p = "
            f"{normal_p_value(z):.2g}",
            None if small else normal_p_value(z),
        )
    m = p.meter
    lines = [
        f"side bet: handle {p.handle:,.2f}, win {p.win:,.2f} (ledger), house edge "
        f"{pct(p.house_edge.estimate)}",
        f"  paid: fixed {p.fixed_paid:,.2f}, meter {p.meter_paid:,.2f} ({p.meter_hits:,} hits), "
        f"envy {p.envy_paid:,.2f}",
        f"  meter {m.meter_cents / 100:,.2f}, reserve {m.reserve_cents / 100:,.2f}, meter liability "
        f"{m.liability_cents / 100:,.2f}; house-funded seeds {m.house_funded_seeds_cents / 100:,.2f} "
        f"(outstanding {m.advances_outstanding_cents / 100:,.2f})",
    ]
    if p.exact_break_even_meter is not None:
        lines.append(
            f"  break-even meter (exact): {p.exact_break_even_meter:,.2f}: with the meter above "
            "it the side bet returns more than its wager"
        )
    return lines
