"""Stud table structures side by side: rake per hand, per 100 hands and per table-hour, simulated.

:func:`compare_stud_tables` plays every table with the same bots and seed and
returns a comparison record (:mod:`casino_sim.report.compare`) with 95%
intervals from batch means over 40 chunks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import DropRake, NoRake, PercentRake, StudTable, TimeRake
from casino_sim.engine.stats import Estimate, batch_ratio
from casino_sim.games.poker_room.clock import clock_seconds
from casino_sim.games.poker_room.simulate import ChunkResult, StudRunResult, simulate_stud
from casino_sim.report.compare import Traffic, comparison_record, figure_row
from casino_sim.report.compare_view import money_text

__all__ = ["compare_stud_tables"]


def _rake_text(table: StudTable) -> str:
    rake = table.rake
    if isinstance(rake, PercentRake):
        cap = f", cap {money_text(rake.cap)}" if rake.cap is not None else ", no cap"
        return f"{float(rake.rate):.0%} of the pot{cap}"
    if isinstance(rake, DropRake):
        return f"{money_text(rake.amount)} drop per hand"
    if isinstance(rake, TimeRake):
        return f"time: {money_text(rake.per_seat_per_half_hour)} per seat per half hour"
    assert isinstance(rake, NoRake)
    return "none"


def _pace_text(result: StudRunResult) -> str:
    """Which pace a table's per-hour figures use; the simulated one beside a stated one."""
    simulated = f"simulated {result.simulated_hands_per_hour:.1f}"
    if result.stated_hands_per_hour is None:
        return f"{simulated} (pace: block)"
    return f"stated {result.stated_hands_per_hour:g} (hands_per_hour); {simulated}"


def _interval(estimate: Estimate, scale: float) -> tuple[float, float] | None:
    """The interval times ``scale``; none from a single chunk (no spread measured)."""
    if not math.isfinite(estimate.standard_error):
        return None
    interval = estimate.interval
    return (interval.low * scale, interval.high * scale)


def compare_stud_tables(
    variant: StudVariant,
    tables: Sequence[StudTable],
    *,
    traffic: Traffic,
    hands: int,
    seed: int,
    workers: int = 1,
) -> dict[str, Any]:
    """Simulate each table with the same bots and seed; rake per hand, per 100 hands and per
    table-hour with 95% intervals (batch means over 40 chunks)."""
    chunk_size = max(1, math.ceil(hands / 40))
    results, estimates = [], []
    for table in tables:
        chunks: list[ChunkResult] = []
        result = simulate_stud(
            variant,
            table,
            traffic.players,
            hands=hands,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            on_chunk=chunks.append,
        )
        seconds = [float(clock_seconds(table, c, players=traffic.players)) for c in chunks]
        counts = [float(c.hands) for c in chunks]
        rake = [float(c.rake) for c in chunks]
        estimates.append(
            {
                "per_hand": batch_ratio(rake, counts),
                "per_second": batch_ratio(rake, seconds),
                "effective": batch_ratio(rake, [float(c.wagered) for c in chunks]),
                "drop": batch_ratio([float(c.drop) for c in chunks], counts),
            }
        )
        results.append(result)
    time_per_hour = [
        Fraction(2 * traffic.players) * t.rake.per_seat_per_half_hour
        if isinstance(t.rake, TimeRake)
        else Fraction(0)
        for t in tables
    ]
    rph = traffic.rounds_per_hour

    def moneyfigure_row(
        figure: str, label: str, key: str, scale: float, add: Sequence[Fraction] = ()
    ) -> dict[str, Any]:
        extra = [float(a) for a in add] or [0.0] * len(tables)
        values = [e[key].estimate * scale / 100 + x for e, x in zip(estimates, extra, strict=True)]
        intervals = [
            None if span is None else (span[0] / 100 + x, span[1] / 100 + x)
            for e, x in zip(estimates, extra, strict=True)
            for span in [_interval(e[key], scale)]
        ]
        return figure_row(figure, label, "money", values, intervals=intervals)

    rows = [
        figure_row(
            "stakes",
            "stakes",
            "text",
            [
                f"{money_text(t.small_bet)}/{money_text(t.big_bet)} {t.structure}, ante {money_text(t.ante)}, bring-in {money_text(t.bring_in)}"
                for t in tables
            ],
        ),
        figure_row("rake_structure", "rake structure", "text", [_rake_text(t) for t in tables]),
        figure_row(
            "bad_beat",
            "bad-beat jackpot",
            "text",
            [
                "none"
                if t.bad_beat is None
                else f"{money_text(t.bad_beat.drop)} drop from pots of {money_text(t.bad_beat.min_pot)}+, {t.bad_beat.qualifying_hand.describe()}"
                for t in tables
            ],
        ),
        figure_row(
            "hands_per_hour",
            "hands per table-hour (the per-hour figures' clock)",
            "number",
            [r.hands_per_hour for r in results],
        ),
        figure_row("pace", "pace of that clock", "text", [_pace_text(r) for r in results]),
        moneyfigure_row("rake_per_hand", "rake per hand", "per_hand", 1),
        moneyfigure_row("rake_per_100_hands", "rake per 100 hands", "per_hand", 100),
        moneyfigure_row(
            "rake_per_table_hour", "rake per table-hour (each table's pace)", "per_second", 3600
        ),
        figure_row(
            "effective_rake",
            "effective rake (rake / pots)",
            "share",
            [e["effective"].estimate for e in estimates],
            intervals=[_interval(e["effective"], 1) for e in estimates],
        ),
        figure_row(
            "time_collection_per_table_hour",
            "time collection per table-hour",
            "money",
            time_per_hour,
        ),
        moneyfigure_row(
            "jackpot_drop_per_hand", "jackpot drop per hand (players' money)", "drop", 1
        ),
        moneyfigure_row(
            "win_per_table_hour",
            "house win per table-hour at the same traffic",
            "per_hand",
            rph,
            time_per_hour,
        ),
    ]
    notes = [
        f"{variant.name}; {hands:,} hands per table, seed {seed}, the same bots at every table; "
        "intervals are 95% (batch means over 40 chunks)",
        f"same traffic: {traffic.describe()}; win = rake per hand x rounds + time collection "
        "(house-funded jackpot seeds left out)",
    ]
    return comparison_record(
        "stud_table",
        f"Stud tables ({variant.name})",
        [t.name for t in tables],
        traffic,
        rows,
        notes=notes,
        simulation={
            "variant": variant.name,
            "hands": hands,
            "seed": seed,
            "chunk_size": chunk_size,
        },
    )
