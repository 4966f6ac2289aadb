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
    (cache build included): 2M Caribbean Stud hands, 200k stud hands, 8 floor replications of
    30 days."""

    seed: int
    workers: int = 1
    caribbean_hands: int = 2_000_000
    stud_hands: int = 200_000
    days: int = 30
    replications: int = 8

    def to_record(self) -> dict[str, Any]:
        return asdict(self)
