"""A floor's linked meters (``meters:`` of a ``kind: floor`` file): a progressive or a bad-beat jackpot.

>>> ProgressiveMeterDef(progressive="progressives/50-75-100").type
'progressive'
>>> BadBeatMeterDef().start is None
True
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from casino_sim.config.common import definition, require_whole_cents
from casino_sim.config.money import Amount

__all__ = ["BadBeatMeterDef", "MeterDef", "ProgressiveMeterDef"]


@definition
class ProgressiveMeterDef:
    """A progressive meter linked across banked tables (a Caribbean Stud pit)."""

    type: Literal["progressive"] = "progressive"
    """Always progressive."""
    progressive: str
    """The progressive side-bet file: a path relative to the floor file, or a shipped name such as progressives/50-75-100."""
    start: Amount | None = None
    """The meter at time 0; null = the progressive's seed."""

    def __post_init__(self) -> None:
        require_whole_cents(self.start, "start")


@definition
class BadBeatMeterDef:
    """A bad-beat jackpot shared by poker tables (its rules come from their table files)."""

    type: Literal["bad_beat"] = "bad_beat"
    """Always bad_beat."""
    start: Amount | None = None
    """The jackpot at time 0; null = the table files' seed."""

    def __post_init__(self) -> None:
        require_whole_cents(self.start, "start")


MeterDef = Annotated[ProgressiveMeterDef | BadBeatMeterDef, Field(discriminator="type")]
