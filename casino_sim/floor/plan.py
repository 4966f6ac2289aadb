"""What a floor run needs beyond its definition, worked out once: strategies, exact edges, the grid.

Every replication (in any worker) plays the same :class:`FloorPlan`: the
decision table of each player type at each banked group, held as its rule
(``slots``) in the group's
:class:`~casino_sim.games.banked.caribbean_stud.rounds.StrategyBook` (the
kernel's arrays, built once here), the exact house edge
it gives there (per ante, for the theoretical win; a ``mistake_rate`` m mixes
the strategy's edge with its reverse's, ``(1 - m) E(S) + m E(not S)``, exact
because a mistake is an independent coin per decision), and the times at
which every meter's path is sampled.

>>> from casino_sim.config import load_floor
>>> plan = prepare_floor(load_floor("floors/pit"), days=2)
>>> plan.days, len(plan.grid) > 1, round(plan.edges[("pit", "regular")], 5)
(2, True, 0.05224)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.floor import BankedGroup
from casino_sim.config.floor_loader import Floor
from casino_sim.floor.schedule import DAY, HOUR
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.banked.caribbean_stud.rounds import StrategyBook
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import ALL_UPCARDS, DecisionTable

__all__ = ["MAX_PATH_POINTS", "FloorPlan", "prepare_floor"]

#: A meter's path keeps at most this many points (plus time 0), whatever the length of the run.
MAX_PATH_POINTS = 2000


@dataclass(frozen=True, eq=False)
class FloorPlan:
    """A floor, its horizon, and what every replication shares."""

    floor: Floor
    days: int
    edges: dict[tuple[str, str], float]  # (group, player type) -> exact house edge per ante
    antes: dict[tuple[str, str], Fraction]  # (group, player type) -> the type's ante there
    grid: np.ndarray  # seconds at which meter paths are sampled
    books: dict[str, StrategyBook]  # banked group -> its strategies as the kernel's arrays
    slots: dict[tuple[str, str], int]  # (group, player type) -> the type's rule in the book

    @property
    def horizon(self) -> float:
        return self.days * DAY


def _ante(group: BankedGroup, ante: Fraction | None) -> Fraction:
    return group.min_ante if ante is None else ante


def prepare_floor(floor: Floor, *, days: int | None = None, exact: bool = True) -> FloorPlan:
    """Resolve every (banked group, player type) strategy and its exact edge; build the path grid.

    ``exact=False`` (for compiling the kernels ahead, not for figures): the optimal strategy
    is replaced by a named one and the edges are NaN, so nothing needs the dealer counts.
    """
    days = floor.definition.days if days is None else days
    edges: dict[tuple[str, str], float] = {}
    antes: dict[tuple[str, str], Fraction] = {}
    books: dict[str, StrategyBook] = {}
    slots: dict[tuple[str, str], int] = {}
    for group in floor.banked_groups:
        paytable = floor.paytables[group.name]
        book = books[group.name] = StrategyBook(paytable)
        for kind in floor.definition.traffic.players:
            if group.name not in kind.games:
                continue
            ante = _ante(group, kind.ante)
            capped = paytable.max_payout is not None
            if kind.strategy_is_named:
                named = kind.strategy if exact or kind.strategy != "optimal" else "pair-or-better"
                table = resolve_strategy(named, paytable, ante=ante)
            else:
                table = load_rule_strategy(floor.strategy_files[kind.name])
            edge = math.nan
            if exact:
                edge = float(
                    analyze_caribbean(paytable, table, ante=ante if capped else None).house_edge
                )
            mistakes = float(kind.mistake_rate)
            if mistakes and exact:
                reverse = DecisionTable(f"not {table.name}", table.raise_mask ^ ALL_UPCARDS)
                wrong = analyze_caribbean(paytable, reverse, ante=ante if capped else None)
                edge = (1 - mistakes) * edge + mistakes * float(wrong.house_edge)
            key = (group.name, kind.name)
            edges[key], antes[key] = edge, ante
            slots[key] = book.slot(table, ante=ante, key=kind.name)
    horizon = days * DAY
    step = max(HOUR, horizon / MAX_PATH_POINTS)
    grid = np.arange(0.0, horizon + step / 2, step)
    return FloorPlan(floor, days, edges, antes, grid, books, slots)
