"""What a stud simulation returns: the players' totals and the run's money, clock and ledger.

Money is integer cents; the rates per table-hour run on the table's clock (its
stated pace, else the simulated one: :mod:`~casino_sim.games.poker_room.clock`),
and the house result leaves out the jackpot drop (players' money):
``docs/money.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from casino_sim.engine.ledger import Ledger

__all__ = ["PlayerResult", "StudRunResult"]


@dataclass(frozen=True)
class PlayerResult:
    """One player's totals over the run (cents): ``net`` is the game's result (pots won
    less chips put in) including jackpot shares; ``time_paid`` the time collection paid."""

    player: int
    name: str
    net: int
    wagered: int
    jackpot: int
    time_paid: int = 0


@dataclass(frozen=True)
class StudRunResult:
    """Totals of a run (cents), the table's clock, the money ledger and the derived figures.

    Money words (``docs/stud.md``): ``handle`` is the money wagered (every chip put
    into a pot); ``rake`` the house's take from pots; ``jackpot_drop`` players'
    money taken from pots into the bad-beat jackpot fund (not the house's);
    ``house_funded_seed`` what the house put into that fund (the opening seed and
    what the reserve lacked after each hit); ``time_collection`` the seats' fees
    on the table's clock. The house result (win) is rake + time collection -
    house-funded seed; the meter liability (the fund's meter plus reserve at the
    end) is owed to the players. Per-hour figures and time collection use the
    table's clock (``table_seconds``): the table's stated pace
    (``stated_hands_per_hour``) when it gives one, else the pace model's
    ``simulated_seconds``, which are kept either way. ``ledger`` holds every flow
    between the accounts (players, pot, house, jackpot fund), reconciled to the
    cent against the engine's figures. ``engine`` is the engine that ran
    ("compiled" or "python") and ``engine_reason`` why the Python engine ran ("" when
    the compiled one did).
    """

    variant: str
    seed: int
    hands: int
    chunk_size: int
    rake: int
    jackpot_drop: int
    handle: int
    pot_mean: float
    pot_sd: float
    pot_max: int
    pot_hist: tuple[int, ...]
    street_names: tuple[str, ...]
    streets: tuple[int, ...]
    showdowns: int
    jackpot_hits: int
    jackpot_paid: int
    jackpot_meter_start: int
    jackpot_meter_end: int
    jackpot_reserve: int
    house_funded_seed: int
    time_collection: int
    table_seconds: float
    simulated_seconds: float
    stated_hands_per_hour: float | None
    players: tuple[PlayerResult, ...]
    ledger: Ledger = field(default_factory=Ledger)
    engine: str = "python"
    replayed_hands: int = 0
    engine_reason: str = ""

    @property
    def pace(self) -> str:
        """The pace of the table's clock: "stated" (``hands_per_hour``) or "simulated"."""
        return "simulated" if self.stated_hands_per_hour is None else "stated"

    @property
    def table_hours(self) -> float:
        """Hours on the table's clock."""
        return self.table_seconds / 3600

    @property
    def hands_per_hour(self) -> float:
        """The pace of the per-hour figures: the stated one, else the simulated one."""
        if self.stated_hands_per_hour is not None:
            return self.stated_hands_per_hour
        return self.simulated_hands_per_hour

    @property
    def simulated_hands_per_hour(self) -> float:
        """Hands per hour on the pace model's clock."""
        return 3600 * self.hands / self.simulated_seconds if self.simulated_seconds else 0.0

    @property
    def meter_liability(self) -> int:
        """The jackpot fund's balance at the end (meter plus reserve), owed to the players."""
        return self.jackpot_meter_end + self.jackpot_reserve

    @property
    def house_result(self) -> int:
        """The house's win: rake + time collection - house-funded seed (the drop is not the house's)."""
        return self.rake + self.time_collection - self.house_funded_seed

    def rates(self, cents: int) -> dict[str, float]:
        """``cents`` over the run as per hand, per 100 hands and per table-hour (cents)."""
        return {
            "cents": cents,
            "per_hand": cents / self.hands,
            "per_100_hands": 100 * cents / self.hands,
            "per_table_hour": cents / self.table_hours if self.table_seconds else 0.0,
        }

    @property
    def rake_per_hand(self) -> float:
        """Average rake per hand, cents."""
        return self.rake / self.hands

    @property
    def rake_per_100(self) -> float:
        """Rake per 100 hands, cents."""
        return 100 * self.rake / self.hands

    @property
    def rake_per_table_hour(self) -> float:
        """Rake per hour of the table's clock, cents (time collection not included)."""
        return self.rake / self.table_hours if self.table_seconds else 0.0

    @property
    def rake_pct_of_handle(self) -> float:
        """Rake as a percentage of the handle (a share of the money wagered, not a house edge)."""
        return 100 * self.rake / self.handle if self.handle else 0.0

    @property
    def effective_rake(self) -> float:
        """Rake / total pots (every chip wagered goes into a pot, so it equals rake / handle)."""
        return self.rake / self.handle if self.handle else 0.0

    @property
    def house_result_pct_of_handle(self) -> float:
        """The house result as a percentage of the handle."""
        return 100 * self.house_result / self.handle if self.handle else 0.0

    @property
    def street_shares(self) -> dict[str, float]:
        """Share of hands that ended on each street; a street named like the one before it
        (a twist or set-aside round, a discard) is told apart as ``"fifth (2)"``."""
        shares: dict[str, float] = {}
        for name, c in zip(self.street_names, self.streets, strict=True):
            key, k = name, 1
            while key in shares:
                k += 1
                key = f"{name} ({k})"
            shares[key] = c / self.hands
        return shares

    @property
    def showdown_share(self) -> float:
        """Share of hands that reached a showdown."""
        return self.showdowns / self.hands
