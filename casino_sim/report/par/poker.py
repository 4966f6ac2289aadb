"""A house-dealt stud table: rake structure, the house's take with intervals, the bad-beat jackpot.

The table is played by bots (:func:`~casino_sim.games.poker_room.simulate.simulate_stud`)
in chunks of hands; the chunks are the batches of the intervals: rake per hand,
per 100 hands and per table-hour (on the table's clock: its stated pace, else the
simulated one) are ratio
estimates over the chunks (delta method, 95%). The jackpot's hits are counted
with an exact Poisson (Garwood) interval.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.engine import stats
from casino_sim.report.par.commands import stud_command
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import Column, Figure, Part, Section, Stage, Table, quiet_stage
from casino_sim.report.par.plots import pot_size_plot
from casino_sim.report.par.progressive import floor_meter_part

if TYPE_CHECKING:
    from casino_sim.config import Rake
    from casino_sim.games.poker_room.simulate import ChunkResult, StudRunResult
    from casino_sim.report.par.inputs import PokerInput

__all__ = ["BATCHES", "PLAYERS", "PokerRun", "poker_section", "rake_words", "simulate"]

#: Bots seated (fewer when the variant or the table seats fewer).
PLAYERS = 8
#: About this many chunks per run: the batches of the intervals.
BATCHES = 20


@dataclass(frozen=True)
class PokerRun:
    """A stud run and its chunks' sums (cents, seconds) for the batch intervals."""

    result: StudRunResult
    players: int
    chunk_size: int
    seed: int
    hands: tuple[int, ...]
    rake: tuple[int, ...]
    time_collected: tuple[int, ...]
    pots: tuple[int, ...]
    seconds: tuple[float, ...]
    big_bet: float


def _money(value: Fraction | float) -> str:
    number = float(value)
    return f"${number:,.0f}" if number == int(number) else f"${number:,.2f}"


def rake_words(rake: Rake) -> str:
    """The house fee in one sentence.

    >>> from casino_sim.config import load_stud_table
    >>> rake_words(load_stud_table("stud/tables/5-10").rake)
    '10% of each pot, at most $4; no rake when the hand ends on the first betting round'
    """
    if rake.type == "percent":
        text = f"{float(rake.rate):.0%} of each pot"
        if rake.cap is not None:
            text += f", at most {_money(rake.cap)}"
        if rake.min_pot:
            text += f"; pots under {_money(rake.min_pot)} are not raked"
        if rake.no_rake_third_street:
            text += "; no rake when the hand ends on the first betting round"
        if rake.increment != Fraction(1, 100):
            text += f"; taken in multiples of {_money(rake.increment)}"
        return text
    if rake.type == "drop":
        text = f"a fixed drop of {_money(rake.amount)} per hand"
        return text + (f" from pots of {_money(rake.min_pot)} or more" if rake.min_pot else "")
    if rake.type == "time":
        return (
            f"time collection: {_money(rake.per_seat_per_half_hour)} per seat per half hour "
            "begun, on the table's clock"
        )
    return "no house fee"


def simulate(
    item: PokerInput, *, hands: int, seed: int, workers: int, stage: Stage = quiet_stage
) -> PokerRun:
    """Play ``hands`` hands with :data:`PLAYERS` bots, keeping each chunk's sums."""
    from casino_sim.games.poker_room.clock import clock_seconds
    from casino_sim.games.poker_room.house import time_collection_cents
    from casino_sim.games.poker_room.simulate import simulate_stud

    players = min(PLAYERS, item.variant.max_players, item.table.max_seats)
    chunk_size = max(1000, math.ceil(hands / BATCHES))
    sums: list[tuple[int, int, int, int, float]] = []
    table = item.table

    with stage(f"stud ({item.title})", hands, "hand") as tick:

        def on_chunk(chunk: ChunkResult) -> None:
            seconds = clock_seconds(table, chunk, players=players)
            collected = time_collection_cents(table.rake, seconds) * players
            sums.append((chunk.hands, chunk.rake, collected, chunk.pot_sum, float(seconds)))
            tick(chunk.hands)

        result = simulate_stud(
            item.variant,
            table,
            players,
            hands=hands,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            on_chunk=on_chunk,
        )
    columns = list(zip(*sums, strict=True))
    return PokerRun(
        result,
        players,
        chunk_size,
        seed,
        tuple(columns[0]),
        tuple(columns[1]),
        tuple(columns[2]),
        tuple(columns[3]),
        tuple(float(s) for s in columns[4]),
        float(table.big_bet),
    )


def _of_run(batches: stats.Estimate, total: float) -> stats.Estimate:
    """The run's own figure, the one ``casino-sim stud`` prints for the same seed, with the
    batches' standard error (time collection is charged per half hour begun over the whole
    run's clock, not chunk by chunk)."""
    return stats.Estimate(total, batches.standard_error, batches.confidence)


def _ratio(x: tuple[float, ...], y: tuple[float, ...], scale: float) -> stats.Estimate:
    """sum x / sum y over the batches, times ``scale``, with its batch-means interval."""
    return stats.batch_ratio(x, y, scale=scale)


def _figure(key: str, label: str, estimate: stats.Estimate, unit: str, note: str = "") -> Figure:
    """A rake figure (never negative; a share at most 1) with its interval inside that range."""
    interval = estimate.interval.clipped(0.0, 1.0 if unit.startswith("percent") else None)
    finite = math.isfinite(estimate.standard_error)
    return Figure(
        key,
        label,
        estimate.estimate,
        unit,
        low=interval.low if finite else None,
        high=interval.high if finite else None,
        note=note,
    )


def _rules_part(item: PokerInput, prefix: str) -> Part:
    table, variant = item.table, item.variant
    paragraphs = [
        f"{variant.name} on {table.name}. {table.description}".strip(),
        f"{table.structure}: ante {_money(table.ante)}, bring-in {_money(table.bring_in)}, "
        f"bets {_money(table.small_bet)} / {_money(table.big_bet)}, "
        + (
            "no raise cap"
            if table.max_raises is None
            else f"a bet and {table.max_raises} raises per street"
        )
        + f"; {table.max_seats} seats.",
        f"House fee: {rake_words(table.rake)}.",
    ]
    if table.source:
        paragraphs.append(f"Source: {table.source}")
    if table.notes:
        paragraphs.append(f"Notes: {table.notes}")
    jackpot = table.bad_beat
    tables: tuple[Table, ...] = ()
    if jackpot is not None:
        paragraphs.append(
            f"Bad-beat jackpot: {jackpot.qualifying_hand.describe()} must lose at showdown. "
            f"{_money(jackpot.drop)} is dropped from each pot of {_money(jackpot.min_pot)} or "
            f"more; the jackpot is split {float(jackpot.loser_share):.0%} to the losing hand, "
            f"{float(jackpot.winner_share):.0%} to the winner and {float(jackpot.table_share):.0%} "
            f"among the others dealt in; it restarts at {_money(jackpot.seed)}, and "
            f"{float(jackpot.reserve_rate):.0%} of every drop goes to the reserve that funds the "
            "next seed. The drop is the players' money, not the house's."
        )
        rows = (
            {"rule": "qualifying hand (losing)", "value": jackpot.qualifying_hand.describe()},
            {"rule": "drop per qualifying pot", "value": _money(jackpot.drop)},
            {"rule": "minimum pot", "value": _money(jackpot.min_pot)},
            {"rule": "loser's share", "value": f"{float(jackpot.loser_share):.0%}"},
            {"rule": "winner's share", "value": f"{float(jackpot.winner_share):.0%}"},
            {"rule": "table share", "value": f"{float(jackpot.table_share):.0%}"},
            {"rule": "seed", "value": _money(jackpot.seed)},
            {"rule": "reserve rate", "value": f"{float(jackpot.reserve_rate):.0%}"},
        )
        tables = (
            Table(
                f"{prefix}-bad-beat-rules",
                "Bad-beat jackpot rules",
                (Column("rule", "rule"), Column("value", "value")),
                rows,
            ),
        )
    return Part(f"{prefix}-rules", "Structure and rake", tuple(paragraphs), tables=tables)


def _take_part(item: PokerInput, run: PokerRun, prefix: str) -> Part:
    r = run.result
    table = item.table
    hours = tuple(s / 3600 for s in run.seconds)
    take = tuple(a + b for a, b in zip(run.rake, run.time_collected, strict=True))
    figures = [
        Figure("hands", "hands simulated", r.hands, "count"),
        Figure("players", "players seated", run.players, "count"),
        Figure(
            "hands_per_hour",
            f"hands per table-hour ({r.pace} pace, the clock of every per-hour figure)",
            r.hands_per_hour,
            note="from the table's pace: block"
            if r.stated_hands_per_hour is None
            else f"the table's hands_per_hour; simulated pace {r.simulated_hands_per_hour:.1f}",
        ),
        _figure(
            "rake_per_hand",
            "rake per hand",
            _ratio(run.rake, run.hands, 0.01),
            "money",
            note="none: this table charges time collection instead of a pot rake"
            if table.rake.type == "time"
            else "",
        ),
        _figure(
            "rake_per_100_hands", "rake per 100 hands", _ratio(run.rake, run.hands, 1.0), "money"
        ),
        _figure(
            "rake_per_table_hour",
            f"rake per table-hour ({r.pace} pace)",
            _of_run(_ratio(run.rake, hours, 0.01), r.rake / 100 / r.table_hours),
            "money",
        ),
        _figure(
            "effective_rake",
            "effective rake (rake / total pots)",
            _ratio(run.rake, run.pots, 1.0),
            "percent",
        ),
    ]
    if any(run.time_collected):
        figures.append(
            _figure(
                "time_collection_per_100_hands",
                "time collection per 100 hands",
                _of_run(_ratio(run.time_collected, run.hands, 1.0), r.time_collection / r.hands),
                "money",
            )
        )
        figures.append(
            _figure(
                "time_collection_per_table_hour",
                f"time collection per table-hour ({r.pace} pace)",
                _of_run(
                    _ratio(run.time_collected, hours, 0.01),
                    r.time_collection / 100 / r.table_hours,
                ),
                "money",
            )
        )
        figures.append(
            _figure(
                "house_take_per_table_hour",
                f"house take per table-hour ({r.pace} pace)",
                _of_run(
                    _ratio(take, hours, 0.01),
                    (r.rake + r.time_collection) / 100 / r.table_hours,
                ),
                "money",
            )
        )
    figures += [
        Figure("mean_pot", "mean pot", r.pot_mean / 100, "money"),
        Figure("showdown_share", "hands reaching a showdown", r.showdown_share, "percent1"),
        Figure(
            "house_result",
            "house result over the run (rake + time - house-funded seed)",
            r.house_result / 100,
            "money",
        ),
    ]
    text = (
        f"{r.hands:,} hands of {run.players} bots, seed {run.seed} (the seed this simulation "
        f"used, derived from the report's), in chunks of {run.chunk_size:,} hands; 95% "
        "intervals over the chunks (ratio estimates). No exact value exists for a poker "
        "table's rake: it depends on how the players play."
    )
    command = stud_command(
        item.variant_path,
        item.table_path,
        players=run.players,
        hands=r.hands,
        chunk_size=run.chunk_size,
        seed=run.seed,
    )
    paragraphs = (text, f"The same figures on their own: {command}")
    plot = pot_size_plot(_bins(), r.pot_hist, id=f"{prefix}-pots-plot", big_bet=run.big_bet)
    return Part(f"{prefix}-take", "The house's take", paragraphs, tuple(figures), plots=(plot,))


def _bins() -> tuple[float, ...]:
    from casino_sim.games.poker_room.simulate import POT_BINS_BIG_BETS

    return POT_BINS_BIG_BETS


def _jackpot_part(item: PokerInput, run: PokerRun, prefix: str) -> Part:
    r = run.result
    per = 100_000 / r.hands
    counted = stats.poisson_interval(r.jackpot_hits)
    figures = (
        Figure("jackpot_hits", "jackpot hits", r.jackpot_hits, "count"),
        Figure(
            "hits_per_100k_hands",
            "hits per 100,000 hands",
            r.jackpot_hits * per,
            low=counted.low * per,
            high=counted.high * per,
            note="exact Poisson (Garwood) interval",
        ),
        Figure(
            "jackpot_drop_per_hand",
            "jackpot drop per hand (players' money)",
            r.jackpot_drop / 100 / r.hands,
            "money",
        ),
        Figure("jackpot_paid", "jackpot paid over the run", r.jackpot_paid / 100, "money"),
        Figure(
            "house_funded_seed",
            "house-funded seed (opening seed and reseeds)",
            r.house_funded_seed / 100,
            "money",
        ),
        Figure(
            "meter_liability",
            "meter liability at the end (meter + reserve)",
            r.meter_liability / 100,
            "money",
        ),
    )
    qualifying = item.table.bad_beat.qualifying_hand.describe() if item.table.bad_beat else ""
    if r.jackpot_hits:
        text = (
            f"The jackpot ({qualifying} losing at showdown) hit {r.jackpot_hits:,} times in "
            f"{r.hands:,} hands: about 1 in {r.hands / r.jackpot_hits:,.0f} hands."
        )
    else:
        text = (
            f"The jackpot ({qualifying} losing at showdown) did not hit in {r.hands:,} hands; "
            "the interval still bounds its rate."
        )
    per_showdown = (
        f", one hit in {r.showdown_share * r.hands / r.jackpot_hits:,.0f} showdowns"
        if r.jackpot_hits
        else ""
    )
    text += (
        f" The rate depends on how often the bots reach a showdown ({r.showdown_share:.1%} of "
        f"hands here{per_showdown}): a hit needs a losing hand shown down, so players who see "
        "more showdowns than these bots hit it more often, and the house-funded seed moves "
        "with the rate."
    )
    return Part(f"{prefix}-jackpot", "Bad-beat jackpot", (text,), figures)


def poker_section(
    item: PokerInput,
    run: PokerRun,
    *,
    index: int,
    floor_meter: tuple[str, Mapping[str, Any], int] | None = None,
) -> Section:
    """The section of one stud table (``floor_meter``: a floor's meter linked to its jackpot)."""
    prefix = f"poker-{index}"
    parts = [_rules_part(item, prefix), _take_part(item, run, prefix)]
    if item.table.bad_beat is not None:
        parts.append(_jackpot_part(item, run, prefix))
    if floor_meter is not None:
        name, meter, days = floor_meter
        parts.append(
            floor_meter_part(name, meter, prefix=prefix, days=days, what="bad-beat jackpot")
        )
    r = run.result
    data = {
        "variant": input_name(item.variant_path),
        "table": input_name(item.table_path),
        "seed": run.seed,
        "players": run.players,
        "chunk_size": run.chunk_size,
        "hands": r.hands,
        "rake_cents": r.rake,
        "handle_cents": r.handle,
        "time_collection_cents": r.time_collection,
        "jackpot_drop_cents": r.jackpot_drop,
        "jackpot_hits": r.jackpot_hits,
        "jackpot_paid_cents": r.jackpot_paid,
        "house_funded_seed_cents": r.house_funded_seed,
        "meter_liability_cents": r.meter_liability,
        "table_seconds": r.table_seconds,
        "simulated_seconds": r.simulated_seconds,
        "pace": r.pace,
        "pot_histogram": {"edges_big_bets": list(_bins()), "counts": list(r.pot_hist)},
        "engine": r.engine,
    }
    summary = f"rake per hand ${r.rake_per_hand / 100:,.2f}, {r.hands_per_hour:.1f} hands an hour"
    return Section(prefix, "poker", item.title, summary, tuple(parts), data)
