"""A stud run's rake rates with intervals: the chunks of a run are the batches.

The rake per hand, per 100 hands and per table-hour and the effective rake are
ratio estimates over the chunks' sums (delta method, 95%: :func:`casino_sim.engine.stats.batch_ratio`),
as ``casino-sim stud``, ``report``, ``compare`` and ``verify`` show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from casino_sim.engine import stats

if TYPE_CHECKING:
    from casino_sim.config import StudTable
    from casino_sim.games.poker_room.simulate import ChunkResult

__all__ = ["ChunkSums"]


@dataclass
class ChunkSums:
    """Each chunk's hands, rake, pots (cents) and seconds on the table's clock.

    >>> sums = ChunkSums(hands=[100, 100], rake=[150, 130], pots=[3000, 2600],
    ...                  seconds=[9000.0, 9100.0])
    >>> round(sums.estimates()["per_hand"].estimate, 2)
    1.4
    """

    hands: list[int] = field(default_factory=list)
    rake: list[int] = field(default_factory=list)
    pots: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def add(self, chunk: ChunkResult, *, table: StudTable, players: int) -> None:
        """Record one chunk; its seconds are on the table's clock, like the run's."""
        from casino_sim.games.poker_room.clock import clock_seconds

        clock = clock_seconds(table, chunk, players=players)
        self.hands.append(chunk.hands)
        self.rake.append(chunk.rake)
        self.pots.append(chunk.pot_sum)
        self.seconds.append(float(clock))

    def estimates(self) -> dict[str, stats.Estimate]:
        """Rake per hand, per 100 hands, per table-hour (cents) and the effective rake."""
        hours = [s / 3600 for s in self.seconds]
        return {
            "per_hand": stats.batch_ratio(self.rake, self.hands),
            "per_100_hands": stats.batch_ratio(self.rake, self.hands, scale=100),
            "per_table_hour": stats.batch_ratio(self.rake, hours),
            "effective_rake": stats.batch_ratio(self.rake, self.pots),
        }

    def to_record(self) -> dict[str, Any]:
        """The estimates as JSON: estimate, standard error and interval of each."""
        record: dict[str, Any] = {k: e.to_record() for k, e in self.estimates().items()}
        record["batches"] = len(self.hands)
        return record
