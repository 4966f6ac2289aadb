"""The tallies a chunk of Caribbean Stud rounds adds up, merged in chunk order."""

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
    moments: np.ndarray  # float64[seats + 2, 2]: see kernels.play_block
    side_moments: np.ndarray  # float64[seats, 2]: side-bet net per round (sum, squares)
    envy_paid: np.ndarray  # float64[seats]
    dealer_qualifies: int
    meter: np.ndarray  # float64[3]: meter awards paid, top-ups to the seed, contributions
    sessions: tuple[np.ndarray, ...]  # float64[k, seats + 1] per chunk, in chunk order

    def merge(self, other: ChunkTally) -> ChunkTally:
        """This tally followed by ``other`` (the order matters for float sums)."""
        return ChunkTally(
            self.rounds + other.rounds,
            self.counts + other.counts,
            self.side_hits + other.side_hits,
            self.moments + other.moments,
            self.side_moments + other.side_moments,
            self.envy_paid + other.envy_paid,
            self.dealer_qualifies + other.dealer_qualifies,
            self.meter + other.meter,
            self.sessions + tuple(s for s in other.sessions if len(s)),
        )
