"""Table minimums optimized with common random numbers (``casino-sim optimize --decide minimums``).

**The decision**: for each banked group asked for, weekday and block of ``block_hours``
hours, the table minimum: one of a short ladder of candidates (``--minimums 5,10,25``; by
default the usual limits :data:`STANDARD_MINIMUMS` within the group's ``min_ante..max_ante``
(``min_bet..max_bet``), and the minimums it has today). The tables open stay as the floor has
them. **The objective** and **the constraint** are the table optimizer's
(:mod:`casino_sim.floor.optimize`): the theoretical net contribution, and at most
``max_turned_away`` of a block's arrivals turned away, players priced out included.

**What a minimum trades** (docs/floor.md, Minimum bets): a player who bets less raises the
bet to the minimum (more theoretical win from each), a player whose ``max_minimum`` is below
it goes to the next game of its list or leaves (fewer players, and, where the tables are
full, seats freed for the ones who bet more).

**The method**: the ladder is short, so every candidate is run in every block at once: one
floor per minimum of the ladder (every block at that minimum, one seed, keyed streams:
common random numbers). Blocks are taken as independent, as for tables: a block's value at
a minimum is read from the run with that minimum everywhere. In each block, among the
minimums that keep the constraint, the one with the best mean; the block moves there from
today's minimum when the paired 95% interval of the difference is above 0 (the selection
step against the incumbent), else it keeps today's (an undecided move). Then the selection
run: today's and the optimized minimums again with a fresh seed, paired.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.config.floor_schedule import DAYS
from casino_sim.errors import OptionError
from casino_sim.floor.optimize import (
    BlockFigures,
    Optimized,
    OptimizeOptions,
    base_schedule,
    evaluate,
    paired_interval,
    select,
)

__all__ = ["STANDARD_MINIMUMS", "base_minimums", "ladder_of", "optimize_minimums"]

log = logging.getLogger("casino_sim.optimize")

#: The usual table minimums (money); the default ladder is those within a group's limits.
STANDARD_MINIMUMS = tuple(Fraction(m) for m in (5, 10, 15, 25, 50, 100, 200, 500))


def base_minimums(group: Any, block_hours: int) -> np.ndarray:
    """The group's minimum today by weekday and block, money (``[7, blocks]``; a block whose
    minimum changes within it: the highest).

    >>> from casino_sim.config import load_floor
    >>> base_minimums(load_floor("floors/minimums-pit").group("pit"), 8)[0].tolist()
    [5.0, 5.0, 5.0]
    """
    blocks = 24 // block_hours
    if group.minimums is None:
        return np.full((7, blocks), float(group.limits[0]))
    week = np.array([[float(m) for m in day] for day in group.minimums.by_hour()])
    most: np.ndarray = week.reshape(7, blocks, block_hours).max(axis=2)
    return most


def ladder_of(group: Any, given: Sequence[Fraction] | None, block_hours: int) -> list[float]:
    """The candidate minimums of ``group``, lowest first: ``given`` (each within the group's
    limits, else :class:`OptionError`) or the standard ones within them, with today's.

    >>> from casino_sim.config import load_floor
    >>> ladder_of(load_floor("floors/minimums-pit").group("pit"), None, 8)
    [5.0, 10.0, 15.0, 25.0]
    """
    low, high = group.limits
    if given is not None:
        for amount in given:
            if not low <= amount <= high:
                raise OptionError(
                    f"--minimums: {amount} is outside group {group.name!r}'s limits {low}..{high}"
                )
        chosen = set(given)
    else:
        chosen = {m for m in STANDARD_MINIMUMS if low <= m <= high}
    today = {float(m) for m in base_minimums(group, block_hours).ravel()}
    return sorted({float(m) for m in chosen} | today)


def _warn_if_nobody_is_priced_out(floor: Floor, group: str) -> None:
    """A warning when no player type of ``group`` has a ``max_minimum``: each then raises its
    bet to any minimum, so the highest of the ladder always wins (a demand that answers to the
    minimum needs the types' limits)."""
    players = [t for t in floor.definition.traffic.players if group in t.games]
    if players and all(t.max_minimum is None for t in players):
        log.warning(
            "%s: no player type that plays it (%s) has a max_minimum, so every player raises "
            "its bet to any minimum and the highest minimum of the ladder wins in every block; "
            "give the types the highest minimum each accepts (docs/floor.md, Minimum bets)",
            group, ", ".join(t.name for t in players),
        )  # fmt: skip


def optimize_minimums(
    floor: Floor,
    options: OptimizeOptions,
    *,
    ladder: Sequence[Fraction] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Optimized:
    """Find the minimums (module docstring); :attr:`Optimized.unmet` names each block where no
    minimum of the ladder keeps the constraint, with the best reachable share."""
    options.check()
    started = time.perf_counter()
    groups = [floor.group(name) for name in options.groups]
    for group in groups:
        if not hasattr(group, "minimums"):
            raise OptionError(
                f"{group.name}: its tables have no minimum bet to set (only Caribbean Stud and "
                "game: banked groups do)"
            )
    for group in groups:
        _warn_if_nobody_is_priced_out(floor, group.name)
    ladders = {g.name: ladder_of(g, ladder, options.block_hours) for g in groups}
    base = {g.name: base_minimums(g, options.block_hours) for g in groups}
    tables = {g.name: base_schedule(g, options.block_hours) for g in groups}
    levels = max(len(steps) for steps in ladders.values())
    runs: list[BlockFigures] = []
    for level in range(levels):
        everywhere = {name: np.full_like(base[name], steps[min(level, len(steps) - 1)])
                      for name, steps in ladders.items()}  # fmt: skip
        runs.append(evaluate(floor, tables, options, seed=options.seed, minimums=everywhere))
        if progress is not None:
            progress(f"minimum {level + 1} of {levels} run in every block")
    chosen, unmet, undecided = {}, [], 0
    for name, steps in ladders.items():
        figures = runs[: len(steps)]
        values = [f.objective[name] for f in figures]
        broken = [f.breaks(name, options) for f in figures]
        shares = [f.service(name, options)[0] for f in figures]
        days = list(DAYS)
        if not options.by_weekday:  # one decision per block: the weekdays pooled
            values = [np.repeat(v.sum(axis=1, keepdims=True), 7, axis=1) for v in values]
            days = ["every day"] * 7
        choice = base[name].copy()
        for d in range(7 if options.by_weekday else 1):
            for b in range(choice.shape[1]):
                level, note = _decide(
                    [v[:, d, b] for v in values], [bool(x[d, b]) for x in broken],
                    [float(s[d, b]) for s in shares], steps.index(float(base[name][d, b])),
                )  # fmt: skip
                choice[d, b] = steps[level]
                undecided += note == "undecided"
                if note == "unmet":
                    hours = (f"{b * options.block_hours:02d}:00-"
                             f"{(b + 1) * options.block_hours:02d}:00")  # fmt: skip
                    service = figures[level].service_text(name, options, d, b)
                    unmet.append(f"{name} {days[d]} {hours}: {service} at a minimum of "
                                 f"{steps[level]:g}, the fewest turned away")  # fmt: skip
        if not options.by_weekday:
            choice[1:] = choice[0]
        chosen[name] = choice
    objective, turned, waits = select(
        floor, options, ({"schedules": tables, "minimums": base},
                         {"schedules": tables, "minimums": chosen}),
    )  # fmt: skip
    evaluations = levels + 2
    return Optimized(
        schedules=chosen, base=base, block_hours=options.block_hours, objective=objective,
        turned_away=turned, waits=waits, rounds=1, evaluations=evaluations,
        floor_years=evaluations * options.days * options.replications / 365,
        seconds=time.perf_counter() - started,
        stopped="every minimum of the ladder run in every block", unmet=tuple(unmet),
        undecided=undecided,
        decisions=sum(c.size if options.by_weekday else c.shape[1] for c in chosen.values()),
        decide="minimums",
    )  # fmt: skip


def _decide(
    values: Sequence[np.ndarray], broken: Sequence[bool], shares: Sequence[float], today: int
) -> tuple[int, str]:
    """One block: the ladder level to take from the per-replication ``values``, whether each
    level ``broken`` the service constraints and the ``shares`` turned away, today's level
    ``today``; with what it means (``""``, ``"undecided"``: the best mean did not beat
    today's at 95%, ``"unmet"``: every level breaks them, the one turning the fewest away
    is taken).

    >>> a, b = np.array([1.0, 1.1, 0.9]), np.array([2.0, 2.2, 2.1])
    >>> _decide([a, b], [False, False], [0, 0], 0), _decide([a, b], [False, True], [0, 0.2], 0)
    ((1, ''), (0, ''))
    >>> _decide([a, a + 0.1 * np.array([1, -1, 1])], [False, False], [0, 0], 0)
    (0, 'undecided')
    >>> _decide([a, b], [True, True], [0.3, 0.2], 0)
    (1, 'unmet')
    """
    feasible = [i for i, fails in enumerate(broken) if not fails]
    if not feasible:
        return int(np.argmin(shares)), "unmet"
    best = max(feasible, key=lambda i: float(values[i].mean()))
    if best == today:
        return today, ""
    if today not in feasible:
        return best, ""  # today's breaks the constraint: the best that keeps it
    low, _ = paired_interval(values[best] - values[today])
    return (best, "") if float(low) > 0 else (today, "undecided")
