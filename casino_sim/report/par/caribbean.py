"""A Caribbean Stud wager: rules and paytable, strategy, exact return table, Monte Carlo check.

The exact figures come from :func:`~casino_sim.games.banked.caribbean_stud.exact.analysis.analyze_caribbean`
(every one of the 19,933,230,517,200 deals); the Monte Carlo plays the same
paytable, strategy and side bet and is compared with them: each comparison
shows z and its p-value, and the report flags by Holm's test over all its
comparisons (:mod:`casino_sim.report.par.family`). The Monte Carlo is sized so
the house edge's standard error is at most 0.07 points (:func:`hands_for_edge_se`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.config.common import hand_label
from casino_sim.engine import stats
from casino_sim.report.par.commands import simulate_command
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import (
    Check,
    Column,
    Figure,
    Part,
    Section,
    Stage,
    Table,
    from_estimate,
    quiet_stage,
)
from casino_sim.report.par.plots import edge_by_ante_plot, return_table_plot
from casino_sim.report.par.strategy import strategy_tables, strategy_words

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult
    from casino_sim.report.par.inputs import CaribbeanInput

__all__ = ["CAPPED_ANTES", "REPORT_ANTE", "caribbean_section", "exact_analysis"]

#: The ante of the headline figures when the paytable caps payouts (money).
REPORT_ANTE = Fraction(5)
#: Antes of the "edge by ante" table of a capped paytable.
CAPPED_ANTES = tuple(Fraction(a) for a in (5, 10, 25, 50, 100, 250, 500))
#: Chunks (batches) a Monte Carlo run is cut into, about.
BATCHES = 32


def _ante(item: CaribbeanInput) -> Fraction | None:
    """The ante of the section's figures: only a payout cap makes them depend on it."""
    if item.paytable.max_payout is None:
        return None
    return item.antes[0] if item.antes else REPORT_ANTE


def _by_ante(item: CaribbeanInput) -> tuple[Fraction, ...]:
    """The antes of the edge-by-ante table, smallest first: the item's when it has several, else
    $5 to $500."""
    return tuple(sorted(set(item.antes))) if len(item.antes) > 1 else CAPPED_ANTES


def exact_analysis(item: CaribbeanInput) -> CaribbeanAnalysis:
    """The exact analysis of the item's paytable and strategy (at its first ante, else
    :data:`REPORT_ANTE`, if capped)."""
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

    return analyze_caribbean(item.paytable, item.strategy, ante=_ante(item))


def _net_text(value: Fraction) -> str:
    return f"{int(value):+d}" if value.denominator == 1 else f"{float(value):+.4f} ({value})"


def _rules_part(item: CaribbeanInput, prefix: str) -> Part:
    table = item.paytable
    multiple = table.raise_multiple
    rows = tuple(
        {"hand": hand_label(key), "pays": float(pays), "raise_win_antes": float(pays * multiple)}
        for key, pays in table.pays.items()
    )
    cap = table.max_payout
    paragraphs = [
        f"{table.name}. {table.description}".strip(),
        f"The player antes, sees five cards and the dealer's up-card, then folds (losing the "
        f"ante) or raises {multiple} x the ante. The dealer qualifies with "
        f"{table.dealer_qualifier.replace('-', '-')} high or better; if not, the ante pays "
        f"{table.ante_pays} to 1 and the raise pushes. Against a qualifying dealer the better "
        f"hand wins: the ante pays {table.ante_pays} to 1 and the raise pays by the table below; "
        "a tie pushes.",
        f"Payout cap: {_money(cap)} on the raise win per hand."
        if cap is not None
        else "Payout cap: none.",
    ]
    if table.source:
        paragraphs.append(f"Source: {table.source}")
    if table.notes:
        paragraphs.append(f"Notes: {table.notes}")
    figures = (
        Figure("ante_pays", "ante pays (to 1)", float(table.ante_pays)),
        Figure("raise_multiple", "raise (x ante)", multiple, "count"),
        Figure(
            "dealer_qualifier",
            "dealer qualifies with",
            f"{table.dealer_qualifier} or better",
            "text",
        ),
        Figure(
            "max_payout",
            "payout cap per hand",
            None if cap is None else float(cap),
            "money",
            note="" if cap is not None else "no cap",
        ),
    )
    paytable = Table(
        f"{prefix}-paytable",
        "Raise paytable as approved",
        (
            Column("hand", "player's hand"),
            Column("pays", "raise pays (to 1)", "number"),
            Column("raise_win_antes", f"raise win in antes ({multiple} x pays)", "number"),
        ),
        rows,
    )
    return Part(
        f"{prefix}-rules", "Rules and paytable", tuple(paragraphs), figures, tables=(paytable,)
    )


def _money(value: Fraction | float | None) -> str:
    if value is None:
        return "none"
    number = float(value)
    return f"${number:,.0f}" if number == int(number) else f"${number:,.2f}"


def hit_frequency(analysis: CaribbeanAnalysis) -> Fraction:
    """Chance the player wins money on a hand (dealer fails to qualify, or the player wins)."""
    return sum((r.probability for r in analysis.rows if r.net > 0), Fraction(0))


def _exact_part(item: CaribbeanInput, analysis: CaribbeanAnalysis, prefix: str) -> Part:
    rows = tuple(
        {
            "event": r.event,
            "net": float(r.net),
            "net_exact": _net_text(r.net),
            "combinations": r.combinations,
            "probability": float(r.probability),
            "contribution": float(r.contribution),
        }
        for r in analysis.rows
    )
    total_row = {
        "event": "Total",
        "net": None,
        "net_exact": "",
        "combinations": analysis.total_deals,
        "probability": 1.0,
        "contribution": float(-analysis.house_edge),
    }
    table = Table(
        f"{prefix}-return",
        "Exact return table",
        (
            Column("event", "outcome"),
            Column("net_exact", "net (antes)"),
            Column("combinations", "combinations", "count"),
            Column("probability", "probability", "decimal"),
            Column("contribution", "return (antes)", "decimal"),
        ),
        (*rows, total_row),
        note=f"Over all {analysis.total_deals:,} deals: player's 5 cards x 47 dealer up-cards "
        "x C(46,4) dealer hole cards.",
    )
    ante = analysis.ante
    best = max(r.net for r in analysis.rows)
    best_money = f" (${float(best * ante):,.2f} at a {_money(ante)} ante)" if ante else ""
    edge = analysis.house_edge
    figures = (
        Figure(
            "house_edge",
            "house edge (per ante)",
            float(edge),
            "percent",
            exact=float(edge),
            exact_text=str(edge),
        ),
        Figure(
            "element_of_risk",
            "element of risk (per total wager)",
            float(analysis.element_of_risk),
            "percent",
        ),
        Figure(
            "hit_frequency",
            "hit frequency (the player wins money)",
            float(hit_frequency(analysis)),
            "percent",
        ),
        Figure("sd_per_ante", "standard deviation (per ante)", analysis.sd),
        Figure(
            "raise_probability", "raise frequency", float(analysis.raise_probability), "percent"
        ),
        Figure(
            "average_total_bet", "average total wager (antes)", float(analysis.average_total_bet)
        ),
        Figure(
            "total_result_antes",
            "player's total result over all deals (antes)",
            str(analysis.total_result),
            "text",
        ),
        Figure(
            "max_payout_antes",
            "largest win on one hand (antes)",
            float(best),
            note=f"ante and raise together{best_money}",
        ),
    )
    ante_note = (
        (
            f"The payout cap makes the figures depend on the ante: they are for a "
            f"{_money(ante)} ante (see the edge by ante)."
        )
        if ante
        else ""
    )
    return Part(
        f"{prefix}-exact",
        "Exact analysis",
        (ante_note,) if ante_note else (),
        figures,
        tables=(table,),
        plots=(return_table_plot(analysis, id=f"{prefix}-return-plot"),),
    )


def _by_strategy_part(item: CaribbeanInput, main: CaribbeanAnalysis, prefix: str) -> Part:
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

    others = [
        analyze_caribbean(item.paytable, name, ante=_ante(item))
        for name in NAMED_STRATEGIES
        if name != main.strategy
    ]
    rows = tuple(
        {
            "strategy": a.strategy + (" (reported)" if a is main else ""),
            "house_edge": float(a.house_edge),
            "element_of_risk": float(a.element_of_risk),
            "raise_probability": float(a.raise_probability),
        }
        for a in (main, *others)
    )
    table = Table(
        f"{prefix}-strategies",
        "House edge by player strategy (exact)",
        (
            Column("strategy", "strategy"),
            Column("house_edge", "house edge", "percent"),
            Column("element_of_risk", "element of risk", "percent"),
            Column("raise_probability", "raise frequency", "percent"),
        ),
        rows,
    )
    words = strategy_words(item, main)
    return Part(
        f"{prefix}-strategy",
        "Player strategy",
        tuple(words),
        tables=(*strategy_tables(main, prefix=prefix), table),
    )


def _by_ante_part(item: CaribbeanInput, prefix: str) -> tuple[Part, list[CaribbeanAnalysis]]:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean

    analyses = [analyze_caribbean(item.paytable, item.strategy, ante=a) for a in _by_ante(item)]
    rows = tuple(
        {
            "ante": float(a.ante or 0),
            "house_edge": float(a.house_edge),
            "element_of_risk": float(a.element_of_risk),
            "max_payout": float(max(r.net for r in a.rows) * (a.ante or 0)),
        }
        for a in analyses
    )
    table = Table(
        f"{prefix}-by-ante",
        f"House edge by ante (payout cap {_money(item.paytable.max_payout)})",
        (
            Column("ante", "ante", "money"),
            Column("house_edge", "house edge", "percent"),
            Column("element_of_risk", "element of risk", "percent"),
            Column("max_payout", "largest win on one hand", "money"),
        ),
        rows,
    )
    part = Part(
        f"{prefix}-by-ante",
        "Edge by ante (capped payouts)",
        (
            "The cap limits the raise win per hand, so larger antes get less of the top "
            "pays: the house edge grows with the ante.",
        ),
        tables=(table,),
        plots=(edge_by_ante_plot(analyses, id=f"{prefix}-ante-plot"),),
    )
    return part, analyses


def hands_for_edge_se(sd: float, target: float) -> int:
    """Hands for a standard error of the house edge of at most ``target`` (per ante) when one
    hand's SD is ``sd`` antes: (sd / target)^2, rounded up to a whole 500,000.

    >>> hands_for_edge_se(2.2429502691306937, 0.0007)  # optimal, standard paytable: SE 0.0692%
    10500000
    """
    needed = math.ceil((sd / target) ** 2)
    return max(500_000, -(-needed // 500_000) * 500_000)


def chunk_rounds(hands: int) -> int:
    """Rounds per chunk: about :data:`BATCHES` chunks, so batch-means intervals (the side
    bet's return) have batches to measure (part of the run's definition, recorded).

    >>> chunk_rounds(2_000_000), chunk_rounds(20_000)
    (62500, 4096)
    """
    return max(4096, math.ceil(hands / BATCHES))


def simulate(
    item: CaribbeanInput, *, hands: int, seed: int, workers: int, stage: Stage = quiet_stage
) -> SimulationResult:
    """The Monte Carlo of the item: one seat, its strategy and ante, the side bet when given."""
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        CaribbeanSimConfig,
        simulate_caribbean,
    )

    side = item.progressive.table if item.progressive is not None else None
    config = CaribbeanSimConfig.table(
        item.paytable,
        seats=1,
        strategy=item.strategy,
        ante=_ante(item) or 1,
        progressive=side,
        chunk_rounds=chunk_rounds(hands),
    )
    with stage(f"Caribbean Stud Monte Carlo ({item.paytable.name})", hands, "hand") as tick:
        return simulate_caribbean(config, hands, seed=seed, workers=workers, progress=tick)


def _montecarlo_part(
    item: CaribbeanInput,
    analysis: CaribbeanAnalysis,
    result: SimulationResult,
    prefix: str,
    seed: int,
) -> Part:
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import (
        dealer_qualify_probability,
    )
    from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES

    seat = result.seats[0]
    hits = sum(c for c, r in zip(seat.outcome_counts, analysis.rows, strict=True) if r.net > 0)
    qualifies = dealer_qualify_probability()
    qualifying_hands = qualifies * 2_598_960
    figures = (
        Figure("hands", "hands simulated", seat.hands, "count"),
        Figure(
            "house_edge_standard_error",
            "standard error of the house edge (per ante)",
            seat.house_edge.standard_error,
            "percent",
        ),
        from_estimate(
            "house_edge",
            "house edge (per ante)",
            seat.house_edge,
            "percent",
            exact=analysis.house_edge,
        ),
        from_estimate(
            "element_of_risk",
            "element of risk",
            seat.element_of_risk,
            "percent",
            exact=analysis.element_of_risk,
        ),
        from_estimate(
            "hit_frequency",
            "hit frequency",
            stats.Proportion.of(hits, seat.hands),
            "percent",
            exact=hit_frequency(analysis),
        ),
        from_estimate(
            "raise_rate",
            "raise frequency",
            seat.raise_rate,
            "percent",
            exact=analysis.raise_probability,
        ),
        from_estimate(
            "dealer_qualifies",
            "dealer qualifies",
            result.dealer_qualifies,
            "percent",
            exact=qualifies,
            exact_text=f"{int(qualifying_hands):,} / 2,598,960 = {qualifies}",
        ),
        Figure(
            "sd_per_ante",
            "standard deviation (per ante)",
            seat.sd,
            exact=analysis.sd,
            note="no interval: a check by eye",
        ),
    )
    probabilities = [float(r.probability) for r in analysis.rows]
    chi = stats.chi_square_test(seat.outcome_counts, probabilities)
    checks = (
        Check(
            "outcome frequencies (chi-square)",
            chi.passes(stats.FAMILY_ALPHA),
            f"statistic {chi.statistic:.2f} on {chi.dof} degrees of freedom, p = "
            f"{chi.p_value:.4f} (one comparison of the report's Holm test)",
            p_value=chi.p_value,
        ),
    )
    rows = tuple(
        {
            "event": event,
            "count": count,
            "share": count / seat.hands,
            "exact": p,
            "expected": p * seat.hands,
        }
        for event, count, p in zip(OUTCOMES, seat.outcome_counts, probabilities, strict=True)
    )
    table = Table(
        f"{prefix}-mc-outcomes",
        "Monte Carlo outcomes against the exact probabilities",
        (
            Column("event", "outcome"),
            Column("count", "hands", "count"),
            Column("share", "simulated share", "decimal"),
            Column("exact", "exact", "decimal"),
            Column("expected", "expected hands", "number"),
        ),
        rows,
    )
    text = (
        f"{seat.hands:,} hands of one seat dealt from a shuffled deck, seed {seed} (the seed "
        "this simulation used, derived from the report's). 95% intervals: normal for the house "
        "edge and the element of risk, Wilson for the frequencies. Beside each exact value its "
        "z, (simulated - exact) / standard error, and two-sided p; a figure is flagged by "
        "Holm's test over all the report's comparisons (family-wise 5%), not when its exact "
        "value merely falls outside its own 95% interval, which happens 1 time in 20 by chance."
    )
    paragraphs = [text]
    if isinstance(analysis.strategy, str) and item.strategy_path is None:
        command = simulate_command(
            item.path,
            strategy=item.strategy_name,
            progressive=None if item.progressive is None else item.progressive.path,
            ante=_ante(item) or 1,
            hands=seat.hands,
            chunk_rounds=result.config.chunk_rounds,
            seed=seed,
        )
        paragraphs.append(f"The same figures on their own: {command}")
    else:
        paragraphs.append(
            "casino-sim simulate plays named strategies only: this strategy file's figures "
            f"come from the library with seed {seed}."
        )
    return Part(
        f"{prefix}-montecarlo",
        "Monte Carlo cross-check",
        tuple(paragraphs),
        figures,
        checks,
        (table,),
    )


def caribbean_section(
    item: CaribbeanInput,
    analysis: CaribbeanAnalysis,
    result: SimulationResult | None,
    *,
    index: int,
    seed: int,
) -> Section:
    """The section of one Caribbean Stud wager (``result``: its Monte Carlo, or None)."""
    prefix = f"caribbean-{index}"
    parts = [
        _rules_part(item, prefix),
        _by_strategy_part(item, analysis, prefix),
        _exact_part(item, analysis, prefix),
    ]
    data: dict[str, Any] = {"paytable": input_name(item.path), "analysis": analysis.to_record()}
    if item.paytable.max_payout is not None:
        part, by_ante = _by_ante_part(item, prefix)
        parts.append(part)
        data["by_ante"] = [a.to_record() for a in by_ante]
    if result is not None:
        parts.append(_montecarlo_part(item, analysis, result, prefix, seed))
        data["monte_carlo"] = {"seed": seed, **result.seats[0].to_record()}
    summary = (
        f"house edge {100 * float(analysis.house_edge):.4f}% of the ante, element of risk "
        f"{100 * float(analysis.element_of_risk):.4f}%, strategy {analysis.strategy}"
    )
    return Section(prefix, "caribbean", item.title, summary, tuple(parts), data)
