"""The report's content, assembled from the engines: one section per input, headline figures.

:func:`build_report` runs, in this order, the exact Caribbean Stud analysis
(which builds the dealer-count cache the first time), each wager's Monte Carlo,
each stud table, each floor; then it puts the sections in report order:
Caribbean wagers, progressives, poker tables, floors. Every simulation draws
from its own seed, derived from the run's seed and its place in the report
(:func:`derive_seed`), so a seed gives the same figures whatever the workers.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from casino_sim.report.par import caribbean, floor, poker, progressive
from casino_sim.report.par.inputs import (
    CaribbeanInput,
    FloorInput,
    PokerInput,
    ProgressiveInput,
    ReportInputs,
)
from casino_sim.report.par.model import Figure, Report, Section, Stage, quiet_stage
from casino_sim.report.par.settings import ReportSettings

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult

__all__ = ["ReportSettings", "build_report", "derive_seed"]


def derive_seed(seed: int, label: str) -> int:
    """The seed of one simulation of the report: a 63-bit number from the run's seed and a label.

    >>> derive_seed(1, "floor-1") == derive_seed(1, "floor-1") != derive_seed(1, "floor-2")
    True
    """
    digest = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _caribbean_runs(
    items: list[CaribbeanInput], settings: ReportSettings, stage: Stage
) -> list[tuple[CaribbeanAnalysis, SimulationResult | None, int]]:
    from casino_sim.games.banked.caribbean_stud.exact.cache import load_counts

    if items:
        with stage("exact analysis: dealer counts (first run only)", 40, "block") as tick:
            done = [0]

            def progress(count: int, total: int) -> None:
                tick(count - done[0])
                done[0] = count

            load_counts(progress=progress)
    runs = []
    for index, item in enumerate(items, 1):
        analysis = caribbean.exact_analysis(item)
        seed = derive_seed(settings.seed, f"caribbean-{index}")
        result = None
        if settings.caribbean_hands > 0:
            result = caribbean.simulate(
                item,
                hands=settings.caribbean_hands,
                seed=seed,
                workers=settings.workers,
                stage=stage,
            )
        runs.append((analysis, result, seed))
    return runs


def _progressives(
    inputs: ReportInputs,
) -> list[tuple[ProgressiveInput, int | None]]:
    """Each side bet once (by file), with the index of the Caribbean wager that plays it."""
    seen: dict[str, tuple[ProgressiveInput, int | None]] = {}
    carib = [i for i in inputs.items if isinstance(i, CaribbeanInput)]
    for index, item in enumerate(carib):
        if item.progressive is not None:
            seen.setdefault(str(item.progressive.path.resolve()), (item.progressive, index))
    for other in inputs.items:
        if isinstance(other, ProgressiveInput):
            seen.setdefault(str(other.path.resolve()), (other, None))
    return list(seen.values())


def _linked_progressive(
    item: ProgressiveInput, floors: list[tuple[FloorInput, floor.FloorRun]]
) -> tuple[str, Mapping[str, Any], int] | None:
    for floor_item, run in floors:
        for name, table in floor_item.floor.progressives.items():
            if table == item.table and name in run.record["meters"]:
                return name, run.record["meters"][name], run.days
    return None


def _linked_bad_beat(
    item: PokerInput, floors: list[tuple[FloorInput, floor.FloorRun]]
) -> tuple[str, Mapping[str, Any], int] | None:
    from casino_sim.config.floor import PokerGroup

    for floor_item, run in floors:
        for group in floor_item.floor.definition.tables:
            if not isinstance(group, PokerGroup) or group.bad_beat is None:
                continue
            if floor_item.floor.stud_tables[group.name] == item.table:
                meter = run.record["meters"].get(group.bad_beat)
                if meter is not None:
                    return group.bad_beat, meter, run.days
    return None


def _headline(sections: list[Section]) -> tuple[Figure, ...]:
    """House edge, progressive long-run return, rake per hand, floor win per day (the first of
    each kind reported)."""
    wanted = {
        "caribbean": ("house_edge", "house edge"),
        "progressive": ("long_run_return", "progressive long-run return"),
        "poker": ("rake_per_hand", "rake per hand"),
        "floor": ("house_result_per_day", "floor win per day"),
    }
    out = []
    for kind, (key, label) in wanted.items():
        for section in sections:
            if section.kind != kind:
                continue
            found = next((f for f in section.figures() if f.key == key), None)
            if found is not None:
                out.append(
                    Figure(
                        f"{section.id}.{key}",
                        f"{label} ({section.title})",
                        found.value,
                        found.unit,
                        low=found.low,
                        high=found.high,
                        exact=found.exact,
                        exact_text=found.exact_text,
                    )
                )
                break
    return tuple(out)


def build_report(
    inputs: ReportInputs,
    settings: ReportSettings,
    *,
    provenance: Mapping[str, Any],
    stage: Stage = quiet_stage,
    title: str = "PAR report",
) -> Report:
    """Compute every figure of the report; ``provenance`` (version, inputs with SHA-256, command
    line) is completed with the run time."""
    started = time.perf_counter()
    carib = [i for i in inputs.items if isinstance(i, CaribbeanInput)]
    tables = [i for i in inputs.items if isinstance(i, PokerInput)]
    floors_in = [i for i in inputs.items if isinstance(i, FloorInput)]
    carib_runs = _caribbean_runs(carib, settings, stage)
    poker_runs = [
        poker.simulate(
            item,
            hands=settings.stud_hands,
            workers=settings.workers,
            stage=stage,
            seed=derive_seed(settings.seed, f"poker-{index}"),
        )
        for index, item in enumerate(tables, 1)
    ]
    floor_runs = [
        (
            item,
            floor.simulate(
                item,
                days=settings.days,
                replications=settings.replications,
                seed=derive_seed(settings.seed, f"floor-{index}"),
                workers=settings.workers,
                stage=stage,
            ),
        )
        for index, item in enumerate(floors_in, 1)
    ]
    elapsed = time.perf_counter() - started
    sections: list[Section] = [
        caribbean.caribbean_section(item, analysis, result, index=index, seed=seed)
        for index, (item, (analysis, result, seed)) in enumerate(
            zip(carib, carib_runs, strict=True), 1
        )
    ]
    for index, (side, played_by) in enumerate(_progressives(inputs), 1):
        montecarlo = None
        if played_by is not None:
            _, result, seed = carib_runs[played_by]
            if result is not None and result.progressive is not None:
                montecarlo = (result.progressive, seed)
        sections.append(
            progressive.progressive_section(
                side,
                index=index,
                montecarlo=montecarlo,
                floor_meter=_linked_progressive(side, floor_runs),
            )
        )
    sections += [
        poker.poker_section(item, run, index=index, floor_meter=_linked_bad_beat(item, floor_runs))
        for index, (item, run) in enumerate(zip(tables, poker_runs, strict=True), 1)
    ]
    sections += [
        floor.floor_section(item, run, index=index)
        for index, (item, run) in enumerate(floor_runs, 1)
    ]
    record = {
        **provenance,
        "seed": settings.seed,
        "settings": settings.to_record(),
        "simulation_seconds": round(elapsed, 3),
        "seconds_before_rendering": round(time.perf_counter() - started, 3),
    }
    return Report(title, _headline(sections), tuple(sections), settings.to_record(), record)
