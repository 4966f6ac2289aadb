"""How much a report simulates: light on purpose (the CLI shows the defaults in ``--help``).

>>> ReportSettings(seed=1).to_record()["replications"]
8
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["ReportSettings"]


@dataclass(frozen=True)
class ReportSettings:
    """Sizes of the simulations; the defaults keep the bundled casino under 2 minutes on 2 cores
    (cache build included): Caribbean Stud hands enough for the house edge's standard error to
    be at most ``caribbean_edge_se`` (0.07 points: about 10.5M hands of the optimal strategy),
    200k stud hands, 8 floor replications of 30 days.

    ``caribbean_hands`` None sizes the Monte Carlo from the exact SD of the report's wagers
    (:func:`casino_sim.report.par.caribbean.hands_for_edge_se`); the report records the size
    it used. ``caribbean_hands`` 0 plays none: with no stud table or floor to simulate, the
    report holds exact figures only and no seed (``casino-sim analyze --report``).
    """

    seed: int
    workers: int = 1
    caribbean_hands: int | None = None
    caribbean_edge_se: float = 0.0007
    stud_hands: int = 200_000
    days: int = 30
    replications: int = 8
    #: ``--optimize``: the banked groups whose tables each floor's schedule optimizes (``all``:
    #: every one; none: no optimization), and the limit on players turned away in a block
    optimize: tuple[str, ...] = ()
    max_turned_away: float = 0.05
    #: Sampled deals of each sampled leak of a banked game's Game protection part (the hands
    #: of 1 to 6 other players seen at Caribbean Stud: about 90 s for the six here, each house
    #: edge within about +-0.4 points; 0: those rows are left out)
    leak_samples: int = 10_000

    def to_record(self) -> dict[str, Any]:
        return asdict(self)
