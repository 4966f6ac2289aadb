"""The table's clock: the hours behind a stud run's per-hour figures and its time collection.

A table that states its pace (``hands_per_hour``) deals at that pace: ``n``
hands take ``n / hands_per_hour`` hours, whatever the hands were. A table that
does not is timed by its pace model (``pace:``), from the players dealt in,
the streets dealt and the showdowns (:meth:`~casino_sim.config.stud_table.Pace.seconds`).
The pace model's clock is kept either way, so that a stated pace can be shown
beside the simulated one (``docs/stud.md``).

>>> from dataclasses import replace
>>> from casino_sim.config import load_stud_table
>>> from casino_sim.games.poker_room.simulate import ChunkResult
>>> table = load_stud_table("stud/tables/5-10")  # hands_per_hour: 40
>>> dealt = ChunkResult(0, hands=80, streets=[0, 40, 0, 0, 40], showdowns=40)
>>> clock_seconds(table, dealt, players=8)  # 80 hands at 40 an hour
Fraction(7200, 1)
>>> simulated_seconds(table, dealt, players=8)  # 80 x (30 + 8 x 4) + 200 x 12 + 40 x 10
Fraction(7760, 1)
>>> clock_seconds(replace(table, hands_per_hour=None), dealt, players=8)
Fraction(7760, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from casino_sim.config.stud_table import StudTable

__all__ = ["DealtCounts", "clock_seconds", "simulated_seconds"]


class DealtCounts(Protocol):
    """What the clock needs of a run or a chunk (a ``ChunkResult``): hands, hands that ended on
    each street (``streets[k]``: on street ``k``), showdowns."""

    @property
    def hands(self) -> int: ...

    @property
    def streets(self) -> Sequence[int]: ...

    @property
    def showdowns(self) -> int: ...


def simulated_seconds(table: StudTable, dealt: DealtCounts, *, players: int) -> Fraction:
    """Seconds the pace model gives the hands of ``dealt`` with ``players`` dealt in."""
    later_streets = sum(k * count for k, count in enumerate(dealt.streets))
    return table.pace.seconds(
        hands=dealt.hands, players=players, later_streets=later_streets, showdowns=dealt.showdowns
    )


def clock_seconds(table: StudTable, dealt: DealtCounts, *, players: int) -> Fraction:
    """Seconds on the table's clock: at the stated pace when the table gives one, else the
    pace model's."""
    if table.hands_per_hour is not None:
        return Fraction(3600 * dealt.hands) / Fraction(table.hands_per_hour)
    return simulated_seconds(table, dealt, players=players)
