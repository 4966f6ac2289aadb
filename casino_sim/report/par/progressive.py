"""A progressive side bet: awards with their odds against the 1-in-100-million rule, funding,
returns, break-even meter; the Monte Carlo's meter and a floor's liability when there are.

New Jersey (N.J.A.C. 13:69D-1.52) and GLI-11 §4.8.2 refuse an award whose
odds are longer than 1 in 100,000,000: each award's exact probability is
checked against :data:`AWARD_PROBABILITY_FLOOR`.

>>> meets_award_rule(Fraction(4, 2_598_960)), meets_award_rule(Fraction(1, 10**9))
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.config.common import CATEGORY_KEYS, hand_label
from casino_sim.engine import stats
from casino_sim.games.banked.caribbean_stud.economics import (
    AWARD_PROBABILITY_FLOOR,
    AWARD_RULE,
    meets_award_rule,
    progressive_flags,
)
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import (
    Check,
    Column,
    Figure,
    Part,
    Section,
    Table,
    from_estimate,
    from_interval,
)
from casino_sim.report.par.plots import progressive_return_plot

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.progressive import ProgressiveAnalysis
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import ProgressiveSummary
    from casino_sim.report.par.inputs import ProgressiveInput

__all__ = [
    "AWARD_PROBABILITY_FLOOR",
    "AWARD_RULE",
    "floor_meter_part",
    "meets_award_rule",
    "odds",
    "progressive_section",
]


def odds(probability: Fraction) -> int | float | None:
    """N of "1 in N": a whole number exactly when it is one (None when the award never hits).

    >>> odds(Fraction(4, 2_598_960)), odds(Fraction(5_108, 2_598_960)), odds(Fraction(0))
    (649740, 508.80187940485513, None)
    """
    if probability == 0:
        return None
    n = 1 / probability
    return n.numerator if n.denominator == 1 else float(n)


def _pays(fixed: Fraction | None, share: Fraction | None) -> str:
    if fixed is not None:
        return f"${float(fixed):,.2f}"
    return f"{float(share or 0):.0%} of the meter"


def _rules_part(item: ProgressiveInput, side: ProgressiveAnalysis, prefix: str) -> Part:
    table = item.table
    wager = Fraction(table.wager)
    rows = []
    for line in side.lines:
        at_seed = line.payout(side.seed)
        rows.append(
            {
                "hand": hand_label(line.hand),
                "pays": _pays(line.fixed, line.meter_share),
                "paid_at_reset": float(at_seed),
                "combinations": line.combinations,
                "probability": float(line.probability),
                "one_in": odds(line.probability),
                "return_at_reset": float(line.probability * at_seed / wager),
                "meets_rule": meets_award_rule(line.probability),
            }
        )
    awards = Table(
        f"{prefix}-awards",
        "Award table with each award's probability",
        (
            Column("hand", "hand"),
            Column("pays", "pays"),
            Column("paid_at_reset", "paid with the meter at its seed", "money"),
            Column("combinations", "combinations of 2,598,960", "count"),
            Column("probability", "probability", "probability"),
            Column("one_in", "odds (1 in N)", "one_in"),
            Column("return_at_reset", "return at reset (per unit wagered)", "percent2"),
            Column("meets_rule", "meets the 1-in-100-million rule", "check"),
        ),
        tuple(rows),
        note="The player's own five cards; a royal flush is not counted as a straight flush.",
    )
    rarest = min(side.lines, key=lambda line: line.probability)
    failing = [
        hand_label(line.hand) for line in side.lines if not meets_award_rule(line.probability)
    ]
    check = Check(
        AWARD_RULE,
        not failing,
        (
            f"every award is at least 1 in 100,000,000; the rarest, {hand_label(rarest.hand)}, is "
            f"1 in {float(1 / rarest.probability):,.0f}"
        )
        if not failing
        else f"FLAG: {', '.join(failing)} rarer than 1 in 100,000,000",
    )
    envy = ", ".join(f"{hand_label(k)} ${float(v):,.2f}" for k, v in table.envy_bonuses.items())
    cap = table.meter_cap
    paragraphs = [
        f"{table.name}. {table.description}".strip(),
        f"A side bet of ${float(wager):,.2f}. Of each bet {float(table.contribution_rate):.2%} "
        f"goes to the meter and {float(table.reserve_rate):.2%} to the reserve (hidden) meter "
        f"that funds the next seed; the meter starts at and resets to "
        f"${float(table.seed):,.2f}"
        + (
            f" and never shows more than its meter cap, ${float(cap):,.2f} (above it "
            "contributions go to the reserve)."
            if cap is not None
            else "; it has no meter cap."
        )
        + (f" Envy bonuses to the other players: {envy}." if envy else ""),
    ]
    if table.source:
        paragraphs.append(f"Source: {table.source}")
    if table.notes:
        paragraphs.append(f"Notes: {table.notes}")
    figures = (
        Figure("wager", "side bet", float(wager), "money"),
        Figure(
            "contribution_rate",
            "contribution to the meter",
            float(table.contribution_rate),
            "percent2",
        ),
        Figure(
            "reserve_rate", "reserve (hidden meter) rate", float(table.reserve_rate), "percent2"
        ),
        Figure("seed", "seed (reset amount)", float(table.seed), "money"),
        Figure(
            "meter_cap",
            "meter cap",
            None if cap is None else float(cap),
            "money",
            note="" if cap is not None else "none",
        ),
    )
    return Part(
        f"{prefix}-rules", "Awards and funding", tuple(paragraphs), figures, (check,), (awards,)
    )


def _returns_part(side: ProgressiveAnalysis, prefix: str) -> Part:
    be = side.break_even_meter
    at_reset = side.expected_return(side.seed)
    long_run = side.long_run_return
    hit = sum((line.probability for line in side.lines), Fraction(0))
    figures = (
        Figure(
            "hit_frequency",
            "hit frequency (any award)",
            float(hit),
            "percent",
            note=f"1 in {float(1 / hit):,.1f} bets" if hit else "",
        ),
        Figure(
            "return_at_reset",
            "return with the meter at its seed",
            float(at_reset),
            "percent2",
            exact=float(at_reset),
            exact_text=str(at_reset),
        ),
        Figure(
            "house_edge_at_reset",
            "house edge with the meter at its seed",
            float(1 - at_reset),
            "percent2",
        ),
        Figure(
            "long_run_return",
            "long-run return",
            float(long_run),
            "percent2",
            exact=float(long_run),
            exact_text=str(long_run),
            note="fixed awards + contribution + seed funding (the larger of the reserve rate "
            "and the seed cost per bet)",
        ),
        Figure("long_run_house_edge", "long-run house edge", float(1 - long_run), "percent2"),
        Figure(
            "break_even_meter",
            "break-even meter",
            None if be is None else float(be),
            "money",
            exact_text="" if be is None else str(be),
            note="the meter at which the side bet returns its wager"
            + (
                ""
                if be is None or side.break_even_reachable
                else "; above the meter cap: never reached"
            ),
        ),
        Figure(
            "fixed_return", "fixed awards per unit wagered", float(side.fixed_return), "percent2"
        ),
        Figure("meter_slope", "return per $1 of meter", float(side.meter_slope), "probability"),
        Figure(
            "reset_probability",
            "reset (whole-meter award) probability",
            float(side.reset_probability),
            "probability",
            note=f"1 in {odds(side.reset_probability) or 0:,.0f}" if side.reset_probability else "",
        ),
    )
    text = (
        f"Return per unit wagered = {float(side.fixed_return):.6f} + "
        f"{float(side.meter_slope):.4e} x meter (exact)."
    )
    losing = [f for f in progressive_flags(side) if f.rule != "award rarer than 1 in 100 million"]
    check = Check(
        "the house keeps an edge in the long run (long-run return under 100%)",
        not losing,
        "; ".join(f"FLAG: {f}" for f in losing)
        if losing
        else f"long-run return {float(long_run):.2%}: house edge {float(1 - long_run):.2%}",
    )
    return Part(
        f"{prefix}-returns",
        "Returns",
        (text,),
        figures,
        (check,),
        plots=(progressive_return_plot(side, id=f"{prefix}-return-plot"),),
    )


def _montecarlo_part(
    summary: ProgressiveSummary, side: ProgressiveAnalysis, prefix: str, seed: int
) -> Part:
    from casino_sim.games.banked.caribbean_stud.exact.progressive import (
        FIVE_CARD_COUNTS as five_card_counts,
    )

    meter = summary.meter.to_record()
    figures = (
        Figure("bets", "side bets simulated", summary.bets, "count"),
        from_estimate(
            "side_bet_return",
            "return to players (long run)",
            summary.side_bet_return,
            "percent2",
            exact=side.long_run_return,
            note="awards paid plus the change in meter liability, per unit wagered; "
            "batch means over chunks",
        ),
        Figure(
            "meter_liability_end",
            "meter liability at the end (meter + reserve)",
            meter["meter_liability"] / 100,
            "money",
        ),
    )
    rows = []
    for i in summary.awarded:
        count, low_high = summary.hits[i], summary.hit_intervals[i]
        combinations = five_card_counts[CATEGORY_KEYS[i]]
        expected = summary.exact_probabilities[i] * summary.bets
        rows.append(
            {
                "hand": hand_label(CATEGORY_KEYS[i]),
                "hits": count,
                "ci_low": low_high.low,
                "ci_high": low_high.high,
                "expected": expected,
                "exact": f"{combinations:,} / 2,598,960 a bet",
                "z": stats.poisson_z(count, expected),
                "p_value": stats.poisson_p_value(count, expected),
                "flag": None,  # set by the report's Holm test
            }
        )
    hits = Table(
        f"{prefix}-mc-hits",
        "Simulated hits against the exact expectation",
        (
            Column("hand", "hand"),
            Column("hits", "hits", "count"),
            Column("ci_low", "95% low (exact Poisson)", "number"),
            Column("ci_high", "95% high (exact Poisson)", "number"),
            Column("expected", "expected (exact)", "number"),
            Column("exact", "exact probability"),
            Column("z", "z", "number"),
            Column("p_value", "p (exact Poisson, two-sided)", "probability"),
            Column("flag", "flag (Holm)", "flag"),
        ),
        tuple(rows),
        note="z = (hits - expected) / sqrt(expected); p is the exact two-sided Poisson test, "
        "one comparison each of the report's Holm test.",
    )
    text = (
        f"The Caribbean Stud Monte Carlo above (seed {seed}) bets the side bet on every "
        "hand; one meter runs through the whole run."
    )
    return Part(f"{prefix}-montecarlo", "Monte Carlo cross-check", (text,), figures, (), (hits,))


def floor_meter_part(
    meter_name: str, meter: Mapping[str, Any], *, prefix: str, days: int, what: str
) -> Part:
    """A floor's linked meter: liability at the start and after ``days``, money in, hits."""
    figures = [
        Figure(
            "liability_start",
            "meter liability at the start (meter + reserve)",
            meter.get("liability_start"),
            "money",
        ),
        from_interval(
            "liability_end", f"meter liability after {days} days", meter["liability_end"], "money"
        ),
        from_interval("meter_end", f"meter after {days} days", meter["meter_end"], "money"),
        from_interval(
            "money_in",
            "money into the meter and reserve per replication (contribution and reserve "
            "rates x side bets)"
            if meter.get("kind") == "progressive"
            else "money into the meter and reserve per replication (jackpot drops)",
            meter["money_in"],
            "money",
        ),
    ]
    if meter.get("side_bet_handle"):
        figures.append(
            from_interval(
                "side_bet_handle",
                "side bets per replication (handle)",
                meter["side_bet_handle"],
                "money",
            )
        )
    for key, label in (
        ("house_funded", "house-funded seeds per replication (opening seed and the house's "
         "money for later seeds, less repayments)"),
        ("paid", "paid from the meter per replication"),
    ):  # fmt: skip
        if meter.get(key):
            figures.append(from_interval(key, label, meter[key], "money"))
    if meter.get("side_bet_return"):
        figures.append(
            from_interval(
                "side_bet_return",
                "return to players on the floor",
                meter["side_bet_return"],
                "percent2",
            )
        )
    for hand, hit in meter.get("hits", {}).items():
        figures.append(
            from_interval(
                f"hits_{hand}",
                f"{hand_label(hand)} hits per replication",
                hit["hits_per_replication"],
                "number",
                note="exact Poisson interval of all replications' hits",
            )
        )
    text = (
        f"The floor links this {what} as meter {meter_name!r}: figures across the floor's "
        "replications with 95% intervals (see the floor section for its plot)."
    )
    return Part(f"{prefix}-floor", "Meter on the floor", (text,), tuple(figures))


def progressive_section(
    item: ProgressiveInput,
    *,
    index: int,
    montecarlo: tuple[ProgressiveSummary, int] | None = None,
    floor_meter: tuple[str, Mapping[str, Any], int] | None = None,
) -> Section:
    """The section of one progressive side bet; ``montecarlo`` is a Caribbean run's side-bet
    summary and its seed, ``floor_meter`` (meter name, record, days) a floor's linked meter."""
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

    prefix = f"progressive-{index}"
    side = (
        analyze_progressive(item.table)
        if item.counts is None
        else analyze_progressive(item.table, counts=item.counts)
    )
    parts = [_rules_part(item, side, prefix), _returns_part(side, prefix)]
    data: dict[str, Any] = {"progressive": input_name(item.path), "analysis": side.to_record()}
    if montecarlo is not None:
        parts.append(_montecarlo_part(montecarlo[0], side, prefix, montecarlo[1]))
        data["monte_carlo"] = montecarlo[0].to_record()
    if floor_meter is not None:
        name, meter, days = floor_meter
        parts.append(floor_meter_part(name, meter, prefix=prefix, days=days, what="side bet"))
    be = side.break_even_meter
    summary = (
        f"long-run return {100 * float(side.long_run_return):.2f}%, return at reset "
        f"{100 * float(side.expected_return(side.seed)):.2f}%"
        + (f", break-even meter ${float(be):,.2f}" if be is not None else "")
    )
    return Section(prefix, "progressive", f"Progressive: {item.title}", summary, tuple(parts), data)
