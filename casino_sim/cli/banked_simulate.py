"""``casino-sim simulate banked/GAME``: a banked game's Monte Carlo (docs/banked-games.md), beside
Caribbean Stud's in :mod:`casino_sim.cli.simulate_cmd`, with the same table of comparisons.

Example::

    casino-sim simulate banked/mississippi_stud --hands 10M --seed 1 --json out.json
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from casino_sim.cli.common import (
    Number,
    check_outputs,
    require,
    run_provenance,
    run_seed,
    runner_options,
)
from casino_sim.cli.comparison_table import (
    HEADER,
    HITS,
    MIN_ROUNDS_FOR_INTERVALS,
    Comparisons,
    estimate_row,
    flag_lines,
    hits_row,
    pct,
)
from casino_sim.cli.progress import chunk_progress
from casino_sim.cli.progressive_text import progressive_lines, progressive_rule_flags
from casino_sim.errors import OptionError

if TYPE_CHECKING:
    from casino_sim.config import BankedGame
    from casino_sim.engine.stats import Estimate
    from casino_sim.games.banked.caribbean_stud.economics import RuleFlag
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import ProgressiveSummary
    from casino_sim.games.banked.language.simulated import BankedSimulation

__all__ = ["ReplayedProgressive", "banked_summary_lines", "replay_progressives", "run_banked"]


#: Options of Caribbean Stud tables and their defaults: a banked game refuses any other value.
_CARIBBEAN_ONLY = {"until_se": None, "seats": 1, "progressive_seats": None,
                   "session_rounds": 400, "csv": None, "no_exact": False}  # fmt: skip


def run_banked(args: argparse.Namespace, path: Path) -> int:
    """Simulate the banked game at ``path`` with ``--strategy``; ``--json`` writes the result."""
    from casino_sim.cli.banked_analyze import progressive_inputs, with_progressive_option
    from casino_sim.config import load_banked_game
    from casino_sim.engine.files import write_json
    from casino_sim.games.banked.language import at_ante, strategy_names
    from casino_sim.games.banked.language.simulate import simulate_banked

    for option, default in _CARIBBEAN_ONLY.items():
        flag = "--" + option.replace("_", "-")
        require(getattr(args, option) == default,
                f"{flag} is for Caribbean Stud paytables, not banked games")  # fmt: skip
    game = at_ante(load_banked_game(path), _ante(args.ante))  # payout caps are in money
    game = with_progressive_option(game, args.progressive)
    names = strategy_names(game)
    require(args.strategy in names, f"--strategy: {game.name} has no strategy "
            f"{args.strategy!r}; expected one of {', '.join(names)}")  # fmt: skip
    inputs = {"game": path, **progressive_inputs(game)}
    check_outputs(args, {"--json": args.json}, inputs.values())
    runner = runner_options(args, inputs)
    seed = run_seed(args)
    deals = args.hands  # simulate_cmd set its default; the provenance records the deals
    chunks = -(-deals // args.chunk_rounds)
    with chunk_progress(args, total=deals, unit="deal", chunks=chunks, seed=seed,
                        chunk=f"up to {args.chunk_rounds:,} deals", quiet=args.no_progress) as progress:  # fmt: skip
        result = simulate_banked(
            game,
            deals,
            strategy=args.strategy,
            seed=seed,
            workers=args.workers,
            chunk_deals=args.chunk_rounds,
            progress=progress.update,
            runner=replace(runner, on_restored=progress.restored),
        )
    progressives = replay_progressives(game, result)
    for line in banked_summary_lines(result, progressives):
        print(line)
    if args.json:
        record = {**result.to_record(), "provenance": run_provenance(args, inputs, seed=seed)}
        if progressives:
            record["progressives"] = {n: p.summary.to_record() for n, p in progressives.items()}
            record["flags"] = [f.to_record() for p in progressives.values() for f in p.flags]
        write_json(args.json, record, overwrite=args.force)
    return 0


@dataclass(frozen=True)
class ReplayedProgressive:
    """A progressive side bet after a run: its figures beside the exact ones (the dedicated
    Caribbean Stud simulate's ProgressiveSummary) and the broken rules of its economics."""

    summary: ProgressiveSummary
    flags: list[RuleFlag]


def replay_progressives(
    game: BankedGame, result: BankedSimulation
) -> dict[str, ReplayedProgressive]:
    """Each progressive side bet of ``result``'s run (one bet on every deal) replayed chunk by
    chunk through one meter (``MeterReplay``, as Caribbean Stud's simulate does), beside its
    exact figures on the hands its rule makes; the ledger reconciled to the cent."""
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay import MeterReplay
    from casino_sim.games.banked.caribbean_stud.montecarlo.results import progressive_summary
    from casino_sim.games.banked.language.progressive import progressive_counts, progressives_of

    out: dict[str, ReplayedProgressive] = {}
    tables = progressives_of(game).items()
    for (name, progressive), chunks in zip(tables, result.tally.progressives, strict=True):
        replay = MeterReplay(progressive, betting_seats=1)
        for chunk in chunks:
            replay.replay_chunk(chunk.hits[None, :], [chunk.events])
        replay.reconcile()
        counts = progressive_counts(game, name)
        hits = sum((chunk.hits for chunk in chunks), np.zeros(len(counts), np.int64))
        summary = progressive_summary(progressive, hits, replay, counts=counts)
        analysis = analyze_progressive(progressive, counts=counts)
        out[name] = ReplayedProgressive(summary, progressive_rule_flags(progressive, analysis,
                                                                        summary))  # fmt: skip
    return out


def _ante(text: str) -> Fraction:
    """``--ante``: one amount in money (the initial bet on the ``house_edge_per`` wager; it
    matters with a payout cap)."""
    try:
        return Fraction(Number("money", low=Fraction(1, 100), high=10**6)(text))
    except argparse.ArgumentTypeError as error:
        raise OptionError(f"--ante: {error} (one amount at a banked game)") from None


def banked_summary_lines(
    result: BankedSimulation, progressives: Mapping[str, ReplayedProgressive] | None = None
) -> list[str]:
    """A banked game's run: each estimate with its 95% interval beside the exact value, z and
    p; the paytable lines' hits against their exact expectation; each progressive side bet
    (:func:`replay_progressives`) as Caribbean Stud's simulate shows it; Holm's flags over
    them all."""
    from casino_sim.engine.stats import Proportion, poisson_interval

    exact, n = result.exact, result.deals
    unit = exact.house_edge_per
    lines = [f"{exact.game} Monte Carlo: strategy {exact.strategy_label}, {n:,} deals, "
             f"seed {result.seed}, {result.workers} worker(s)"]  # fmt: skip
    small = n < MIN_ROUNDS_FOR_INTERVALS
    if small:
        lines.append(f"warning: {n:,} deals are too few for the intervals to mean anything "
                     f"(use at least {MIN_ROUNDS_FOR_INTERVALS:,}; millions for the edge)")  # fmt: skip
    lines += ["", HEADER]
    family = Comparisons()

    def times(x: float) -> str:
        return f"{x:.4f}"

    def row(
        label: str, est: Estimate, value: float | Fraction, fmt: Callable[[float], str] = pct
    ) -> None:
        estimate_row(family, label, est, float(value), small=small, fmt=fmt)

    row(f"house edge (per {unit})", result.house_edge, exact.house_edge)
    row("element of risk", result.element_of_risk, exact.element_of_risk)
    row(f"average total bet (x the {unit})", result.average_total_bet, exact.average_total_bet,
        times)  # fmt: skip
    for wager, est in result.wager_returns.items():
        row(f"return of {wager} (per {unit})", est, result.exact_return(wager))
    family.add(f"{f'SD per deal (x the {unit})':<42}{result.sd:>12.4f}"
               f"   (exact {exact.sd:.4f}; no test: a check by eye)")  # fmt: skip
    for stage, taken in result.decisions.items():
        family.add(f"deals by action after {stage}:")
        for name, count in taken.items():
            share = exact.decisions[stage][name] / exact.deals
            row(f"  {name} (Wilson)", Proportion.of(count, n), share)
    if result.line_rows:
        width = max(18, *(len(r.line) + 2 for r in result.line_rows))
        family.add("")
        family.add("Paytable lines (the player's final hand, hands played):")
        wagers = None
        for sim, row_exact in zip(result.line_rows, exact.line_rows, strict=True):
            if sim.wager != wagers:
                wagers = sim.wager
                family.add(f"  {wagers:<{width}}{HITS}")
            hits = sim.combinations
            hits_row(family, f"    {sim.line:<{width - 2}}", hits, poisson_interval(hits),
                      float(row_exact.probability) * n, small=small)  # fmt: skip
    if result.side_bets:
        family.add("")
        family.add("Side bets: house edge per side bet (one unit on every deal, each paytable):")
        for side in result.side_bets:
            name = f"{side.exact.side_bet} {side.exact.paytable}"
            row(f"  {name}", side.house_edge, side.exact.house_edge)
    after: list[str] = []
    rules = [flag for p in (progressives or {}).values() for flag in p.flags]
    for name, replayed in (progressives or {}).items():
        after += ["", f"Side bet {name}:", *progressive_lines(replayed.summary, family, small=small),
                  "ledger: reconciled to the cent"]  # fmt: skip
    body, flagged = family.lines()
    lines[1:1] = [f"FLAG: {rule}" for rule in rules]  # first, and again with the others
    return [*lines, *body, *after, "", *flag_lines(rules, family.count, flagged)]
