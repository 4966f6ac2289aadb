"""What a Caribbean Stud Monte Carlo run plays: the paytable, the seats, the progressive, chunking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.strategy.named import NAMED_STRATEGIES
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = ["MAX_SEATS", "CaribbeanSimConfig", "Seat"]

MAX_SEATS = 7


@dataclass(frozen=True)
class Seat:
    """One seat: its strategy (a name or a :class:`DecisionTable`), ante in money, side bet."""

    strategy: str | DecisionTable = "optimal"
    ante: Fraction = Fraction(1)
    progressive: bool = False

    @property
    def strategy_name(self) -> str:
        return self.strategy if isinstance(self.strategy, str) else self.strategy.name


@dataclass(frozen=True)
class CaribbeanSimConfig:
    """What to simulate; results depend on this, the seed and the number of rounds only."""

    paytable: CaribbeanPaytable
    seats: tuple[Seat, ...] = (Seat(),)
    progressive: ProgressivePaytable | None = None
    session_rounds: int = 400
    max_sessions: int = 1 << 20
    chunk_rounds: int = 1 << 20

    @classmethod
    def table(
        cls,
        paytable: CaribbeanPaytable,
        *,
        seats: int = 1,
        strategy: str | DecisionTable = "optimal",
        ante: Fraction | int = 1,
        progressive: ProgressivePaytable | None = None,
        progressive_seats: Sequence[int] | None = None,
        **options: Any,
    ) -> CaribbeanSimConfig:
        """``seats`` identical seats; with a progressive, ``progressive_seats`` (default all) bet it.

        >>> from casino_sim.config import load_paytable
        >>> CaribbeanSimConfig.table(load_paytable("caribbean_stud/standard"), seats=3).seats[2].strategy
        'optimal'
        """
        if not isinstance(seats, int) or not 1 <= seats <= MAX_SEATS:
            raise OptionError(f"seats must be 1..{MAX_SEATS}, got {seats}")
        betting = set(range(seats) if progressive_seats is None else progressive_seats)
        if progressive is None:
            betting = set()
        row = tuple(Seat(strategy, Fraction(ante), progressive=i in betting) for i in range(seats))
        return cls(paytable, row, progressive, **options).validated()

    def validated(self) -> CaribbeanSimConfig:
        """This config, or an :class:`OptionError` naming the first bad value."""
        if not 1 <= len(self.seats) <= MAX_SEATS:
            raise OptionError(f"seats must be 1..{MAX_SEATS}, got {len(self.seats)}")
        for i, seat in enumerate(self.seats):
            if isinstance(seat.strategy, str) and seat.strategy not in NAMED_STRATEGIES:
                known = ", ".join(NAMED_STRATEGIES)
                raise OptionError(
                    f"seat {i + 1}: unknown strategy {seat.strategy!r}: expected one of {known}"
                )
            if Fraction(seat.ante) <= 0:
                raise OptionError(f"seat {i + 1}: ante must be positive, got {seat.ante}")
            if seat.progressive and self.progressive is None:
                raise OptionError(f"seat {i + 1} bets the progressive but no progressive is given")
        if self.progressive is not None and not isinstance(self.progressive, ProgressivePaytable):
            raise OptionError("the progressive must be a progressive side-bet table")
        for name in ("session_rounds", "max_sessions", "chunk_rounds"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < (0 if name == "max_sessions" else 1):
                raise OptionError(f"{name} must be a positive integer, got {value!r}")
        return self

    def to_record(self) -> dict[str, Any]:
        """The configuration as JSON-ready data."""
        prog = self.progressive
        return {
            "paytable": self.paytable.name,
            "pays": {k: str(v) for k, v in self.paytable.pays.items()},
            "ante_pays": str(self.paytable.ante_pays),
            "raise_multiple": int(self.paytable.raise_multiple),
            "max_payout": None
            if self.paytable.max_payout is None
            else str(self.paytable.max_payout),
            "seats": [
                {"strategy": s.strategy_name, "ante": str(s.ante), "progressive": s.progressive}
                for s in self.seats
            ],
            "progressive": None if prog is None else prog.name,
            "session_rounds": self.session_rounds,
            "max_sessions": self.max_sessions,
            "chunk_rounds": self.chunk_rounds,
        }
