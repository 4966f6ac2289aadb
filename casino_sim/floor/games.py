"""A game on the floor: what the registry (:mod:`casino_sim.floor.registry`) holds for each ``game:``.

A floor file's table group names its game (``game: caribbean_stud``, ``game: stud``).
Everything the floor, its summary and its reports do differently for a game is
in that game's :class:`FloorGame`, one module under ``casino_sim/floor/``:

- :meth:`FloorGame.prepare`: what every replication shares for a group
  (strategies, exact figures), worked out once before the replications;
- :meth:`FloorGame.open_group`: the group in one replication, a
  :class:`GroupPlay` holding its tables (each a
  :class:`~casino_sim.floor.tables.FloorTable`) and seating arrivals: at a random
  open seat (:class:`~casino_sim.floor.seating.RandomSeat`, banked games) or from a
  waiting list (poker);
- :meth:`FloorGame.figures`, :meth:`FloorGame.rules` and :attr:`FloorGame.rows`:
  the group's own figures in the summary, and the rows the reports show for them.

The floor's run loop, summary and reports ask the registry, never a game's name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from casino_sim.floor.groups import GroupHours

if TYPE_CHECKING:
    from casino_sim.config.floor import DealerBreaks, OpenHours
    from casino_sim.config.floor_loader import Floor
    from casino_sim.floor.figures import GroupResult
    from casino_sim.floor.tables import FloorContext, FloorTable
    from casino_sim.floor.tally import TableTally

__all__ = ["FigureRow", "FloorGame", "GroupDefinition", "GroupPlay", "MeterGame", "Offer"]


class GroupDefinition(Protocol):
    """What the floor reads of any table group's definition (``config.floor`` holds the shipped
    games'; a game of one's own brings its own frozen dataclass)."""

    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def open(self) -> OpenHours: ...
    @property
    def dealer_breaks(self) -> DealerBreaks | None: ...


class Offer(enum.Enum):
    """A group's answer to an arrival who would play there."""

    SEATED = "seated"  # sat down (at a banked table): done
    FREE_SEAT = "free seat"  # a seat is free in a running game: this is the group to join
    WAITING_LIST = "waiting list"  # no seat, but a list to join (if no later choice has a seat)
    NONE = "none"  # no place here
    PRICED_OUT = "priced out"  # the table minimum is above what the player accepts


@dataclass(frozen=True)
class FigureRow:
    """A group figure the reports show for a game: where it is in the group's record, its
    label and unit, and in which reports.

    ``unit`` is one of ``money``, ``percent`` (three decimals), ``percent1``, ``percent2``,
    ``number``; ``per_day`` divides a run total by the days; ``exact`` names the figure whose
    mean the PAR report shows beside it as the exact value. A callable label gets the group's
    result (a :class:`~casino_sim.floor.figures.GroupResult`: e.g. a rake row that says the
    table charges time instead, from its ``rules``).
    """

    key: str
    label: str | Callable[[GroupResult], str]
    unit: str
    per_day: bool = False
    text: bool = True
    par: bool = True
    exact: str | None = None
    note: str = ""
    slug: str = ""

    def label_for(self, group: GroupResult) -> str:
        return self.label(group) if callable(self.label) else self.label

    @property
    def id(self) -> str:
        return self.slug or (self.key + ("_per_day" if self.per_day else ""))


class GroupPlay(GroupHours):
    """A table group in one replication: its tables, its hours and how it seats the players
    who come.

    The floor asks :meth:`offer` for every open group an arrival would play, in the player
    type's order of preference, and :meth:`join` on the group chosen when none seated it.
    """

    #: Whether the group keeps a waiting list (its figures: time listed by hour, reneged).
    waiting_list = False

    def __init__(self, floor: FloorContext, definition: Any, tables: list[FloorTable]) -> None:
        super().__init__(definition)
        self.floor, self.definition, self.tables = floor, definition, tables

    def offer(self, k: int, length: float, side: bool, now: float) -> Offer:
        """An arrival of player type ``k`` for ``length`` seconds (``side``: plays a side bet
        where there is one) would play here: seat them now, or say what the group has."""
        raise NotImplementedError

    def join(self, k: int, length: float, side: bool, now: float) -> None:
        """The arrival joins this group's waiting list (after :data:`Offer.FREE_SEAT` or
        :data:`Offer.WAITING_LIST`)."""
        raise NotImplementedError

    def opened(self, now: float) -> None:
        """The group's hours changed and it is open (after its tables' :meth:`set_hours`)."""

    def finish(self, end: float) -> None:
        """The run ends (after its tables closed): sessions still waiting end."""

    def queue(self) -> tuple[int, TableTally] | None:
        """With a waiting list: the players who left it unseated, and its time listed by hour."""
        return None


class FloorGame:
    """A game on the floor (an entry of the registry, keyed by :attr:`game`)."""

    #: The floor file's ``game:`` value.
    game: str = ""
    #: How the reports name the game.
    label: str = ""
    #: The group's own figures the reports show (after the figures every group has).
    rows: tuple[FigureRow, ...] = ()
    #: Whether the group's record has ``house_edge_per_initial_bet`` and
    #: ``theoretical_edge_per_initial_bet`` (measured against exact: the edge check).
    edge_check: bool = False

    def prepare(self, floor: Floor, group: Any, *, exact: bool = True) -> object:
        """What every replication shares for ``group`` (strategies, exact figures). ``exact=False``
        (compiling the kernels ahead): nothing slow, the figures may be NaN."""
        return None

    def meter(self, group: Any) -> str | None:
        """The linked meter ``group``'s tables feed (none by default)."""
        return None

    def meter_share(self, floor: Floor, group: Any) -> float:
        """The share of a side bet that goes to the meter and its reserve (not the table's win)."""
        return 0.0

    def open_group(
        self,
        floor: FloorContext,
        group: Any,
        prepared: object,
        *,
        first: int,
        rngs: list[np.random.Generator],
        seats: int,
    ) -> GroupPlay:
        """``group`` in one replication: its ``group.count`` tables, numbered from ``first``,
        table ``i`` drawing from ``rngs[i]``."""
        raise NotImplementedError

    def figures(self, totals: np.ndarray, hours: float, group: Any) -> dict[str, np.ndarray]:
        """The group's own figures per replication from its tallies' totals ``[rep, metric]``
        (cents; ``hours`` the group's open table-hours; ``group`` its definition)."""
        return {}

    def rules(self, floor: Floor, group: Any) -> dict[str, Any]:
        """The group's rules worth printing beside its figures (e.g. a poker table's fee)."""
        return {}


class MeterGame(FloorGame):
    """A game whose groups may feed a linked progressive meter (``progressive: METER``): the
    Caribbean Stud tables and the banked games with a progressive side bet."""

    def meter(self, group: Any) -> str | None:
        name: str | None = group.progressive
        return name

    def meter_share(self, floor: Floor, group: Any) -> float:
        if not group.progressive:
            return 0.0
        side = floor.progressives[group.progressive]
        return float(side.contribution_rate + side.reserve_rate)
