"""The tallies a chunk of Caribbean Stud rounds adds up, merged in chunk order.

The side bet's meter is not here: each chunk lists its meter-share hits
(``events``) and :mod:`~casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay`
replays them through one meter in chunk order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["ChunkTally"]


@dataclass(frozen=True, eq=False)
class ChunkTally:
    """Tallies of one chunk (or of several merged in chunk order)."""

    rounds: int
    counts: np.ndarray  # int64[seats, outcomes]
    side_hits: np.ndarray  # int64[seats, 10]: side bets by hand category
    moments: np.ndarray  # float64[seats + 1, 2]: main game, see kernels.play_block
    envy_paid: np.ndarray  # float64[seats]
    dealer_qualifies: int
    sessions: tuple[np.ndarray, ...]  # float64[k, seats + 1] per chunk, in chunk order
    events: tuple[
        np.ndarray, ...
    ] = ()  # int64[k, 4] meter-share hits per chunk (kernels.play_block)

    def merge(self, other: ChunkTally) -> ChunkTally:
        """This tally followed by ``other`` (the order matters for float sums)."""
        return ChunkTally(
            self.rounds + other.rounds,
            self.counts + other.counts,
            self.side_hits + other.side_hits,
            self.moments + other.moments,
            self.envy_paid + other.envy_paid,
            self.dealer_qualifies + other.dealer_qualifies,
            self.sessions + tuple(s for s in other.sessions if len(s)),
            self.events + other.events,
        )
