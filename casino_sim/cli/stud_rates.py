"""The stud command's figures beyond the run's totals: rake rates with intervals, hands for hours.

The rake rates' intervals come from the chunks' sums
(:class:`casino_sim.games.poker_room.rates.ChunkSums`). A run of ``--hours`` deals as many hands as the table's pace fits in them: its
stated pace (``hands_per_hour``), else its pace model's, measured on a pilot
with seeds of its own. Both follow the table's clock
(:mod:`~casino_sim.games.poker_room.clock`), like the run's per-hour figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from casino_sim.config import StudTable, StudVariant

__all__ = ["PILOT_HANDS", "PacePlan", "hands_for_hours"]

#: Hands of the pilot that measures a table's pace for ``--hours`` / ``--days``.
PILOT_HANDS = 2_000
#: The pilot's seeds: this child of the run's seed, never one of the run's chunks.
PILOT_KEY = 2**32 - 1


@dataclass(frozen=True)
class PacePlan:
    """How many hands ``hours`` of dealing take, at which pace: the table's stated one
    (``pilot_hands`` 0), else the pace model's on a pilot of ``pilot_hands`` hands."""

    hours: float
    hands: int
    hands_per_hour: float
    pilot_hands: int = 0

    def describe(self) -> str:
        """``100 table-hours at 40.0 hands an hour, the table's stated pace (hands_per_hour)``."""
        pace = ("the table's stated pace (hands_per_hour)" if not self.pilot_hands else
                f"the pace model's on a pilot of {self.pilot_hands:,} hands (seeds of its own)")  # fmt: skip
        return f"{self.hours:,g} table-hours at {self.hands_per_hour:.1f} hands an hour, {pace}"

    def to_record(self) -> dict[str, Any]:
        return {"hours": self.hours, "hands": self.hands, "hands_per_hour": self.hands_per_hour,
                "pilot_hands": self.pilot_hands}  # fmt: skip


def pilot_seed(seed: int) -> int:
    """The pilot's seed: a child of ``seed`` that no chunk of the run uses.

    >>> pilot_seed(1) == pilot_seed(1) != pilot_seed(2)
    True
    """
    child = np.random.SeedSequence(seed, spawn_key=(PILOT_KEY,))
    return int(child.generate_state(1, np.uint64)[0])


def hands_for_hours(
    variant: StudVariant, table: StudTable, players: int, *, hours: float, seed: int
) -> PacePlan:
    """The hands that fill ``hours`` on the table's clock: at its stated pace, else at the
    pace its pace model gives a pilot run."""
    from casino_sim.games.poker_room import simulate_stud

    if table.hands_per_hour is not None:
        pace = float(table.hands_per_hour)
        return PacePlan(hours, max(1, round(hours * pace)), pace)
    pilot = simulate_stud(variant, table, players, hands=PILOT_HANDS, seed=pilot_seed(seed),
                          chunk_size=PILOT_HANDS)  # fmt: skip
    pace = pilot.hands_per_hour
    return PacePlan(hours, max(1, round(hours * pace)), pace, PILOT_HANDS)
