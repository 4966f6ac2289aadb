"""The compiled kernels a floor's replication runs, as a :class:`~casino_sim.engine.compiling.KernelSet`.

Kept apart from :mod:`casino_sim.floor.simulate` (which imports the whole floor model and
SciPy) so that checking numba's cache for them is quick.
"""

from __future__ import annotations

from casino_sim.config.floor_loader import Floor
from casino_sim.engine.compiling import KernelSet
from casino_sim.floor.caribbean.kernel import advance
from casino_sim.floor.stud.segments import play_segments
from casino_sim.games.banked.language.table_api import KERNELS as BANKED_GAME_KERNELS
from casino_sim.games.poker_room.table_api import KERNELS as STUD_KERNELS

__all__ = ["BANKED_SECONDS", "POKER_SECONDS", "floor_kernels"]

#: Seconds to compile a floor's banked tables' kernels, and its stud tables' (the stud engine's
#: own kernels apart), on the reference 2-core machine.
BANKED_SECONDS, POKER_SECONDS = 5, 10


def floor_kernels(floor: Floor) -> KernelSet:
    """The compiled kernels a replication of ``floor`` runs: the Caribbean Stud tables' clock,
    the stud tables' day (which calls the stud engine's kernels), and at banked game tables
    the banked Monte Carlo's dealing."""
    banked = (advance,) if floor.banked_groups else ()
    poker = (play_segments,) if floor.poker_groups else ()
    seconds = (BANKED_SECONDS if banked else 0) + (POKER_SECONDS if poker else 0)
    includes = ((STUD_KERNELS,) if poker else ()) + (
        (BANKED_GAME_KERNELS,) if floor.banked_games else ())  # fmt: skip
    return KernelSet("floor", banked + poker, seconds, includes)
