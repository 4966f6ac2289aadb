"""The report's content, assembled from the engines: one section per input, headline figures.

:func:`build_report` runs, in this order, the exact Caribbean Stud analysis
(which builds the dealer-count cache the first time), each wager's Monte Carlo,
the exact analysis of each banked game (exact only: no Monte Carlo), each stud
table, each floor; then it puts the sections in report order: the comparisons of
inputs of the same game (when there are several), Caribbean wagers, progressives,
banked games, poker tables, floors. Each section's tables are named
after its input (:meth:`~casino_sim.report.par.model.Section.named`); the
headline holds every input's key figure. Every simulation draws
from its own seed, derived from the run's seed and its place in the report
(:func:`derive_seed`), so a seed gives the same figures whatever the workers.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from casino_sim.report.par import (
    banked,
    caribbean,
    claims,
    comparison,
    floor,
    poker,
    progressive,
    protection,
)
from casino_sim.report.par.family import apply_holm
from casino_sim.report.par.inputs import (
    BankedInput,
    CaribbeanInput,
    ClaimInput,
    FloorInput,
    PokerInput,
    ProgressiveInput,
    ReportInputs,
    input_name,
)
from casino_sim.report.par.model import Figure, Report, Section, Stage, quiet_stage
from casino_sim.report.par.settings import ReportSettings

if TYPE_CHECKING:
    from casino_sim.floor.optimize import Optimized, OptimizeOptions
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import SimulationResult
    from casino_sim.games.banked.language import BankedAnalysis

__all__ = ["KEY_FIGURES", "ReportSettings", "build_report", "derive_seed", "options_used"]


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
    from casino_sim.dealer_counts.cache import load_counts

    if items:
        with stage("exact analysis: dealer counts (first run only)", 40, "block") as tick:
            done = [0]

            def progress(count: int, total: int) -> None:
                tick(count - done[0])
                done[0] = count

            load_counts(progress=progress)
    analyses = [caribbean.exact_analysis(item) for item in items]
    hands = caribbean_hands(settings, analyses)
    runs = []
    for index, (item, analysis) in enumerate(zip(items, analyses, strict=True), 1):
        seed = derive_seed(settings.seed, f"caribbean-{index}")
        result = None
        if hands > 0:
            result = caribbean.simulate(
                item, hands=hands, seed=seed, workers=settings.workers, stage=stage
            )
        runs.append((analysis, result, seed))
    return runs


def caribbean_hands(settings: ReportSettings, analyses: list[CaribbeanAnalysis]) -> int:
    """Hands of each Caribbean Stud Monte Carlo: ``settings.caribbean_hands`` when set, else
    enough for every wager's house edge to have a standard error of at most
    ``settings.caribbean_edge_se`` (from the largest exact SD per ante)."""
    if settings.caribbean_hands is not None:
        return settings.caribbean_hands
    if not analyses:
        return 0
    sd = max(float(a.sd) for a in analyses)
    return caribbean.hands_for_edge_se(sd, settings.caribbean_edge_se)


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
    for game in (i for i in inputs.items if isinstance(i, BankedInput)):
        for side in banked_progressives(game):
            seen.setdefault(f"{side.path.resolve()} {side.played_on}", (side, None))
    return list(seen.values())


def banked_progressives(item: BankedInput) -> list[ProgressiveInput]:
    """The progressive side bets of a banked game, each counted on its own hand rule."""
    from casino_sim.config.library import resolve_input
    from casino_sim.games.banked.language.progressive import progressive_counts, progressives_of

    tables = progressives_of(item.game)
    return [
        ProgressiveInput(
            resolve_input(side.progressive, "progressive"),
            tables[name],
            counts=progressive_counts(item.game, name),
            played_on=item.game.name,
        )
        for name, side in item.game.side_bets.items()
        if side.progressive is not None
    ]


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


#: Each kind of section's key figure (its key and how the headline calls it).
KEY_FIGURES = {
    "caribbean": ("house_edge", "house edge"),
    "banked": ("house_edge", "house edge"),
    "progressive": ("long_run_return", "progressive long-run return"),
    "poker": ("rake_per_hand", "rake per hand"),
    "floor": ("house_result_per_day", "floor win per day"),
    "claim": ("claims_held", "claims that hold"),
}


def _key_figure(section: Section) -> Figure | None:
    """The section's key figure, labelled with the section's title, for the headline."""
    if section.kind not in KEY_FIGURES:
        return None
    key, label = KEY_FIGURES[section.kind]
    found = next((f for f in section.figures() if f.key == key), None)
    if found is None:
        return None
    return Figure(
        f"{section.id}.{key}",
        f"{label} ({section.title})",
        found.value,
        found.unit,
        low=found.low,
        high=found.high,
        exact=found.exact,
        exact_text=found.exact_text,
    )


def _headline(sections: list[Section]) -> tuple[Figure, ...]:
    """Every input's key figure: house edge, progressive long-run return, rake per hand, floor
    win per day, in report order."""
    return tuple(f for f in map(_key_figure, sections) if f is not None)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "input"


def _unique(names: list[str]) -> list[str]:
    """``names`` made different from each other by a number (``standard``, ``standard-2``)."""
    out: list[str] = []
    for name in names:
        candidate, number = name, 1
        while candidate in out:
            number += 1
            candidate = f"{name}-{number}"
        out.append(candidate)
    return out


def _poker_names(tables: list[PokerInput]) -> list[str]:
    """A stud table's file name, with its variant's when two tables share a file name."""
    stems = [item.table_path.stem for item in tables]
    return [
        f"{item.variant_path.stem}-{stem}" if stems.count(stem) > 1 else stem
        for item, stem in zip(tables, stems, strict=True)
    ]


def _banked_runs(items: list[BankedInput], stage: Stage) -> list[BankedAnalysis]:
    """Each banked game's exact analysis (one tick per game)."""
    if not items:
        return []
    out = []
    with stage("exact analysis of the banked games", len(items), "game") as tick:
        for item in items:
            out.append(banked.exact_analysis(item))
            tick(1)
    return out


def _leak_runs(
    items: list[BankedInput], settings: ReportSettings, stage: Stage
) -> list[tuple[protection.LeakFigure, ...]]:
    """Each banked game's leak figures for its Game protection part (one tick per leak)."""
    listed = [protection.leaks_to_run(item.game, samples=settings.leak_samples) for item in items]
    out: list[tuple[protection.LeakFigure, ...]] = [() for _ in items]
    total = sum(map(len, listed))
    if not total:
        return out
    with stage("leaks of the banked games (game protection)", total, "leak") as tick:
        for index, (item, leaks) in enumerate(zip(items, listed, strict=True)):
            figures = []
            for leak in leaks:
                seed = derive_seed(settings.seed, f"banked-{index + 1}-leaks")
                figures.append(
                    protection.leak_figure(
                        item.game, leak, samples=settings.leak_samples, seed=seed
                    )
                )
                tick(1)
            out[index] = tuple(figures)
    return out


def _comparisons(
    carib: list[CaribbeanInput],
    analyses: list[CaribbeanAnalysis],
    sides: list[ProgressiveInput],
    sections: list[Section],
    tables: list[PokerInput],
    games: tuple[list[BankedInput], list[BankedAnalysis]] = ([], []),
) -> list[Section]:
    """One section per game with more than one input: paytables, side bets, banked games of the
    same rules (:func:`~casino_sim.report.par.comparison.same_game_groups`), stud tables."""
    of = {kind: [s for s in sections if s.kind == kind] for kind in KEY_FIGURES}

    def key_figures(kind: str) -> list[Figure]:
        return [f for f in map(_key_figure, of[kind]) if f is not None]

    out = []
    if len(carib) > 1 and len(key_figures("caribbean")) == len(carib):
        out.append(
            comparison.caribbean_comparison(carib, analyses, headline=key_figures("caribbean"))
        )
    if len(sides) > 1 and len(key_figures("progressive")) == len(sides):
        out.append(comparison.progressive_comparison(sides, headline=key_figures("progressive")))
    played, solved = games
    groups = comparison.same_game_groups([item.game for item in played])
    for number, group in enumerate(groups, 1):
        out.append(
            comparison.banked_comparison(
                [played[i] for i in group],
                [solved[i] for i in group],
                headline=[key_figures("banked")[i] for i in group],
                prefix="compare-banked" if number == 1 else f"compare-banked-{number}",
            )
        )
    if len(of["poker"]) > 1 and len(key_figures("poker")) == len(of["poker"]):
        names = [f"{input_name(i.variant_path)} on {input_name(i.table_path)}" for i in tables]
        out.append(comparison.poker_comparison(of["poker"], names, headline=key_figures("poker")))
    return out


def _optimized(
    item: FloorInput, settings: ReportSettings, index: int, stage: Stage
) -> tuple[Optimized, OptimizeOptions] | None:
    """The optimizer's schedule of the floor ``item`` (``--optimize``), with its options; its
    seed derived like the floor's own run."""
    if not settings.optimize:
        return None
    from casino_sim.floor.optimize import OptimizeOptions
    from casino_sim.report.par.floor_optimized import optimize_floor, optimized_groups

    options = OptimizeOptions(
        groups=optimized_groups(item.floor, settings.optimize),
        max_turned_away=settings.max_turned_away,
        seed=derive_seed(settings.seed, f"optimize-{index}"),
        workers=settings.workers,
    )
    return optimize_floor(item.floor, options, label=item.title, stage=stage), options


def options_used(
    parameters: Mapping[str, Any],
    inputs: ReportInputs,
    settings: ReportSettings,
    *,
    simulated: bool = True,
) -> dict[str, Any]:
    """The options of the run as it ran: the parsed ``parameters`` with the inputs (the bundled
    casino's when none was given), the side bet, strategy and variant files by their recorded
    names, the seed (drawn when none was given), the workers and the sizes (``--hands`` sets
    ``caribbean_hands`` and ``stud_hands``) actually used (none of these when nothing was
    ``simulated``)."""
    used = {key: value for key, value in parameters.items() if key != "hands"}
    used["inputs"] = [input_name(path) for path in inputs.given]
    used["optimize"] = list(settings.optimize)  # the groups optimized ("all": each floor's every)
    if simulated:
        used |= {
            "seed": settings.seed,
            "workers": settings.workers,
            "caribbean_hands": settings.caribbean_hands,
            "stud_hands": settings.stud_hands,
            "days": settings.days,
            "replications": settings.replications,
        }
    for option in ("progressive", "strategy", "variant"):
        if f"--{option}" in inputs.files:
            used[option] = input_name(inputs.files[f"--{option}"])
    return dict(sorted(used.items()))


def build_report(
    inputs: ReportInputs,
    settings: ReportSettings,
    *,
    provenance: Mapping[str, Any],
    stage: Stage = quiet_stage,
    title: str = "PAR report",
) -> Report:
    """Compute every figure of the report; ``provenance`` (version, inputs with SHA-256, command
    line) is completed with the run time.

    ``settings.caribbean_hands`` 0 plays no Caribbean Stud Monte Carlo: a report of Caribbean
    Stud paytables and progressives alone then holds exact figures only (``casino-sim analyze
    --report``), with no seed (null) and no settings.
    """
    started = time.perf_counter()
    carib = [i for i in inputs.items if isinstance(i, CaribbeanInput)]
    tables = [i for i in inputs.items if isinstance(i, PokerInput)]
    floors_in = [i for i in inputs.items if isinstance(i, FloorInput)]
    claimed = [i for i in inputs.items if isinstance(i, ClaimInput)]
    games = [i for i in inputs.items if isinstance(i, BankedInput)]
    carib_runs = _caribbean_runs(carib, settings, stage)
    banked_runs = _banked_runs(games, stage)
    leak_runs = _leak_runs(games, settings, stage)
    if carib:  # the size used, recorded (the analyses are cached: cheap to ask again)
        analyses = [run[0] for run in carib_runs]
        settings = dataclasses.replace(
            settings, caribbean_hands=caribbean_hands(settings, analyses)
        )
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
    optimized = [
        _optimized(item, settings, index, stage) for index, item in enumerate(floors_in, 1)
    ]
    elapsed = time.perf_counter() - started
    simulated = bool(settings.caribbean_hands != 0 or poker_runs or floor_runs)
    sections: list[Section] = [
        caribbean.caribbean_section(item, analysis, result, index=index, seed=seed)
        for index, (item, (analysis, result, seed)) in enumerate(
            zip(carib, carib_runs, strict=True), 1
        )
    ]
    sections += [
        banked.banked_section(item, analysis, index=index, leaks=leaks)
        for index, (item, analysis, leaks) in enumerate(
            zip(games, banked_runs, leak_runs, strict=True), 1
        )
    ]
    sides = _progressives(inputs)
    for index, (side, played_by) in enumerate(sides, 1):
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
        floor.floor_section(item, run, index=index, optimized=optimized[index - 1])
        for index, (item, run) in enumerate(floor_runs, 1)
    ]
    sections += [claims.claim_section(item, index=index) for index, item in enumerate(claimed, 1)]
    names = _unique(
        [_slug(item.path.stem) for item in carib]
        + [_slug(side.path.stem) for side, _ in sides]
        + [_slug(item.path.stem) for item in games]
        + [_slug(name) for name in _poker_names(tables)]
        + [_slug(item.path.stem) for item in floors_in]
        + [_slug(item.path.stem) for item in claimed]
    )
    sections = [section.named(name) for section, name in zip(sections, names, strict=True)]
    sections = apply_holm(sections)  # every comparison's flag: Holm over the report (family.py)
    compared = _comparisons(
        carib,
        [run[0] for run in carib_runs],
        [side for side, _ in sides],
        sections,
        tables,
        (games, banked_runs),
    )
    files = provenance.get("inputs", {})
    record = {
        **provenance,
        "inputs": {
            role: {**file, "path": input_name(file["path"])} for role, file in files.items()
        },
        "parameters": options_used(
            provenance.get("parameters", {}), inputs, settings, simulated=simulated
        ),
        "seed": settings.seed if simulated else None,
        "settings": settings.to_record() if simulated else {},
        "simulation_seconds": round(elapsed, 3),
        "seconds_before_rendering": round(time.perf_counter() - started, 3),
    }
    used = settings.to_record() if simulated else {}
    return Report(title, _headline(sections), (*compared, *sections), used, record)
