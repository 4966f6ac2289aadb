"""What a floor run needs beyond its definition, worked out once: each group's plan, the grid.

Every replication (in any worker) plays the same :class:`FloorPlan`: for each
table group what its game prepares once (:meth:`FloorGame.prepare
<casino_sim.floor.games.FloorGame.prepare>`: a Caribbean Stud group's
strategies and exact edges, a stud group's variant and table), and the times
at which every meter's path is sampled.

>>> from casino_sim.config import load_floor
>>> plan = prepare_floor(load_floor("floors/pit"), days=2)
>>> plan.days, len(plan.grid) > 1, round(plan.groups["pit"].edges["regular", 2500], 5)
(2, True, 0.05224)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.floor.registry import game_of
from casino_sim.floor.schedule import DAY, HOUR

__all__ = ["MAX_PATH_POINTS", "FloorPlan", "prepare_floor"]

#: A meter's path keeps at most this many points (plus time 0), whatever the length of the run.
MAX_PATH_POINTS = 2000


@dataclass(frozen=True, eq=False)
class FloorPlan:
    """A floor, its horizon, and what every replication shares."""

    floor: Floor
    days: int
    grid: np.ndarray  # seconds at which meter paths are sampled
    groups: Mapping[str, Any]  # group name -> what its game prepared (FloorGame.prepare)

    @property
    def horizon(self) -> float:
        return self.days * DAY


def prepare_floor(floor: Floor, *, days: int | None = None, exact: bool = True) -> FloorPlan:
    """Prepare every group by its game (strategies, exact figures) and build the path grid.

    ``exact=False`` (for compiling the kernels ahead, not for figures): nothing slow is
    worked out (Caribbean Stud: a named strategy for the optimal one, NaN edges).
    """
    days = floor.definition.days if days is None else days
    groups = {g.name: game_of(g.game).prepare(floor, g, exact=exact)
              for g in floor.definition.tables}  # fmt: skip
    horizon = days * DAY
    step = max(HOUR, horizon / MAX_PATH_POINTS)
    grid = np.arange(0.0, horizon + step / 2, step)
    return FloorPlan(floor, days, grid, groups)
