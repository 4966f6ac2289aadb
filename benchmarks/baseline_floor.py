"""The floor model as it was before issue 11, kept only as the benchmark's baseline.

A verbatim copy of ``casino_sim/floor/model.py`` (``FloorConfig``,
``simulate_floor``) from before the floor was rebuilt for issue 11: Caribbean
Stud tables only, one SimPy process per player and per dealer, one shuffled
deck per round drawn in batches, one linked progressive meter. Nothing in the
package imports it; ``bench_floor.py`` times it beside the new floor in the
same run. Do not fix or extend it: it is the yardstick.

>>> from casino_sim.config import load_paytable
>>> standard = load_paytable("caribbean_stud/standard")
>>> result = simulate_floor(FloorConfig(standard, tables=1, hours=1), seed=1)
>>> result.tables[0].rounds > 0, result.seed
(True, 1)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import simpy

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.ledger import ANTE, PAYOUT, RAISE, Ledger
from casino_sim.errors import OptionError
from casino_sim.evaluator import category, evaluate_high
from casino_sim.games.banked.caribbean_stud.meter import ProgressiveMeter
from casino_sim.games.banked.caribbean_stud.rules import classify, net_antes, wager_antes
from casino_sim.games.banked.caribbean_stud.strategy.resolve import resolve_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = ["FloorConfig", "FloorResult", "JackpotHit", "TableResult", "simulate_floor"]

SEATS = 7
_BATCH = 2048


@dataclass(frozen=True)
class FloorConfig:
    """What the floor looks like: tables, traffic, pace, bets and the (linked) progressive."""

    paytable: CaribbeanPaytable
    tables: int = 4
    hours: float = 24.0
    arrivals_per_hour: float = 40.0
    mean_session_minutes: float = 45.0
    seconds_per_round_base: float = 40.0
    seconds_per_round_per_player: float = 10.0
    ante: Fraction = Fraction(5)
    strategy: str = "optimal"
    progressive: ProgressivePaytable | None = None
    side_bet_share: float = 0.5  # chance a player bets the progressive each session
    meter_start: Fraction | None = None  # default: the progressive's seed
    buy_in_antes: int = 40  # chips each session buys, in antes (an assumption: the drop)

    def validated(self) -> FloorConfig:
        checks = {
            "tables": self.tables >= 1,
            "hours": self.hours > 0,
            "arrivals_per_hour": self.arrivals_per_hour > 0,
            "mean_session_minutes": self.mean_session_minutes > 0,
            "seconds_per_round_base": self.seconds_per_round_base > 0,
            "seconds_per_round_per_player": self.seconds_per_round_per_player >= 0,
            "ante": self.ante > 0 and (self.ante * 100).denominator == 1,  # whole cents
            "side_bet_share": 0 <= self.side_bet_share <= 1,
            "buy_in_antes": self.buy_in_antes >= 1,
        }
        bad = [name for name, ok in checks.items() if not ok]
        if bad:
            raise OptionError(f"floor option {bad[0]} = {getattr(self, bad[0])!r} is out of range")
        return self

    def seconds_per_round(self, players: int) -> float:
        """Dealing pace: a round takes longer with more players."""
        return self.seconds_per_round_base + self.seconds_per_round_per_player * players


@dataclass(frozen=True)
class JackpotHit:
    """A meter award: when, where, which hand and how much."""

    hours: float
    table: int
    hand: str
    amount: Fraction


@dataclass
class TableResult:
    """One table's totals in money, the house's side: the main game and the side bet apart."""

    hours: float
    rounds: int = 0
    hands: int = 0
    hours_dealing: float = 0.0  # time with at least one player seated
    wagered: Fraction = Fraction(0)  # handle of the main game (antes and raises)
    house_win: Fraction = Fraction(0)  # the house's result on the main game
    side_bets: Fraction = Fraction(0)  # handle of the side bet
    side_awards: Fraction = Fraction(0)  # side-bet awards paid at this table (fixed and meter)
    drop: Fraction = Fraction(0)  # cash exchanged for chips by the sessions seated here

    @property
    def main_game_win_per_handle(self) -> float:
        """Main-game win over main-game handle (the actual house edge per money wagered)."""
        return float(self.house_win / self.wagered) if self.wagered else 0.0

    @property
    def win_per_table_hour(self) -> float:
        """Main-game win per hour the table is open (the whole run)."""
        return float(self.house_win) / self.hours


@dataclass
class FloorResult:
    """The run: per-table totals, the meter's path (hours, meter) and its hits."""

    seed: int | None
    hours: float
    tables: list[TableResult]
    meter_path: list[tuple[float, Fraction]] = field(default_factory=list)
    jackpots: list[JackpotHit] = field(default_factory=list)
    arrivals: int = 0
    turned_away: int = 0
    ledger: Ledger = field(default_factory=Ledger)
    meter_cents: int = 0  # the visible meter at the end
    reserve_cents: int = 0  # its reserve at the end
    advances_cents: int = 0  # house advances to the reserve not yet repaid (a house cost)
    liability_start_cents: int = 0  # meter + reserve after the opening seed
    ante: Fraction = Fraction(0)  # every player's ante (initial bet)

    @property
    def house_win(self) -> Fraction:
        """The house's result on the main game, all tables."""
        return sum((t.house_win for t in self.tables), Fraction(0))

    @property
    def total_win(self) -> Fraction:
        """The house's whole result: main game and side bet (meter money is the players')."""
        return Fraction(self.ledger.balance("house"), 100)

    @property
    def side_bet_win(self) -> Fraction:
        """The house's result on the side bet: side bets less awards, meter and reserve funding."""
        return self.total_win - self.house_win

    @property
    def drop(self) -> Fraction:
        return sum((t.drop for t in self.tables), Fraction(0))

    @property
    def hold(self) -> float:
        """Win over drop: the house's whole result per dollar exchanged for chips."""
        return float(self.total_win / self.drop) if self.drop else 0.0

    def theoretical_win(self, house_edge: Fraction) -> Fraction:
        """Main-game theoretical win: the antes wagered (initial bets) x the exact house edge."""
        return sum((t.hands for t in self.tables), 0) * self.ante * house_edge

    @property
    def side_bet_return(self) -> float:
        """Players' return per side-bet dollar: awards plus the rise in meter liability, / handle."""
        handle = sum((t.side_bets for t in self.tables), Fraction(0))
        awards = sum((t.side_awards for t in self.tables), Fraction(0))
        rise = Fraction(self.meter_cents + self.reserve_cents - self.liability_start_cents, 100)
        return float((awards + rise) / handle) if handle else 0.0

    @property
    def meter_liability(self) -> Fraction:
        """Players' money held for the progressive at the end: meter plus reserve."""
        return Fraction(self.meter_cents + self.reserve_cents, 100)

    @property
    def win_per_table_hour(self) -> float:
        return float(self.house_win) / (self.hours * len(self.tables))


class _Deals:
    """A table's stream of evaluated deals, drawn and evaluated in batches."""

    def __init__(self, rng: np.random.Generator, decide: DecisionTable) -> None:
        self._rng, self._decide = rng, decide
        self._next = _BATCH

    def _refill(self) -> None:
        keys = self._rng.random((_BATCH, 52))
        decks = np.argsort(keys, axis=1)[:, : 5 * SEATS + 5].astype(np.int8)
        players = decks[:, : 5 * SEATS].reshape(_BATCH, SEATS, 5)
        dealer = decks[:, 5 * SEATS :]
        self.player_values = evaluate_high(players, validate=False)
        dealer_values = evaluate_high(dealer, validate=False)
        upcards = dealer[:, :1].astype(np.int64)
        raised = self._decide.should_raise(players, upcards)
        self.outcomes = classify(self.player_values, dealer_values[:, None], raised)
        self.categories = np.asarray(category(self.player_values))
        self._next = 0

    def take(self) -> int:
        if self._next == _BATCH:
            self._refill()
        self._next += 1
        return self._next - 1


def simulate_floor(config: FloorConfig, *, seed: int | None = None) -> FloorResult:
    """Run the floor for ``config.hours`` of simulated time (reproducible from ``seed``)."""
    config = config.validated()
    streams = np.random.SeedSequence(seed).spawn(config.tables + 1)
    traffic = np.random.default_rng(streams[0])
    decide = resolve_strategy(config.strategy, config.paytable, ante=config.ante)
    nets = net_antes(config.paytable, ante=config.ante)
    wagers = wager_antes(config.paytable)
    progressive = config.progressive
    ledger = Ledger()
    meter = (  # shared by every table: the linked meter
        ProgressiveMeter(progressive, ledger=ledger, name="linked", start=config.meter_start)
        if progressive is not None
        else None
    )
    jackpot_hands = (
        {k for k, a in progressive.awards.items() if a.meter_share}
        if progressive is not None
        else set()
    )
    result = FloorResult(
        seed, config.hours, [TableResult(config.hours) for _ in range(config.tables)],
        ledger=ledger, ante=config.ante,
    )  # fmt: skip
    if meter is not None:
        result.meter_path.append((0.0, Fraction(meter.meter_cents, 100)))
        result.liability_start_cents = meter.liability_cents
    ante_cents = cents(config.ante)
    stake_cents = [ante_cents * int(w) for w in wagers]
    payout_cents = [  # wager back plus the win, rounded down to the cent (breakage to the house)
        int(ante_cents * (int(w) + Fraction(n))) for w, n in zip(wagers, nets, strict=True)
    ]

    env = simpy.Environment()
    seats = [simpy.Resource(env, capacity=SEATS) for _ in range(config.tables)]
    seated: list[dict[int, bool]] = [{} for _ in range(config.tables)]  # seat -> plays side bet
    wake = [env.event() for _ in range(config.tables)]
    horizon = config.hours * 3600.0

    def player(table: int, side_bet: bool) -> Generator[simpy.Event, object, None]:
        with seats[table].request() as request:
            yield request
            result.tables[table].drop += config.ante * config.buy_in_antes
            seat = min(set(range(SEATS)) - set(seated[table]))
            seated[table][seat] = side_bet
            if not wake[table].triggered:
                wake[table].succeed()
            yield env.timeout(traffic.exponential(config.mean_session_minutes * 60.0))
            del seated[table][seat]

    def arrivals() -> Generator[simpy.Event, object, None]:
        while True:
            yield env.timeout(traffic.exponential(3600.0 / config.arrivals_per_hour))
            result.arrivals += 1
            free = [t for t in range(config.tables) if seats[t].count < SEATS]
            if not free:
                result.turned_away += 1
                continue
            table = free[int(traffic.integers(len(free)))]
            env.process(player(table, bool(traffic.random() < config.side_bet_share)))

    def dealer(table: int) -> Generator[simpy.Event, object, None]:
        deals = _Deals(np.random.default_rng(streams[table + 1]), decide)
        totals = result.tables[table]
        while True:
            if not seated[table]:
                wake[table] = env.event()
                yield wake[table]
            players = dict(seated[table])
            seconds = config.seconds_per_round(len(players))
            yield env.timeout(seconds)
            totals.hours_dealing += seconds / 3600.0
            row = deals.take()
            order = sorted(players)
            outcomes = deals.outcomes[row, order]
            totals.rounds += 1
            totals.hands += len(order)
            staked = sum(stake_cents[o] for o in outcomes)
            paid = sum(payout_cents[o] for o in outcomes)
            ledger.post(ANTE, "players", "house", ante_cents * len(order))
            ledger.post(RAISE, "players", "house", staked - ante_cents * len(order))
            ledger.post(PAYOUT, "house", "players", paid)
            totals.wagered += Fraction(staked, 100)
            totals.house_win += Fraction(staked - paid, 100)
            if meter is not None and any(players[s] for s in order):
                _side_bets(table, order, players, deals.categories[row, order], totals)

    def _side_bets(
        table: int,
        order: list[int],
        players: dict[int, bool],
        cats: np.ndarray,
        totals: TableResult,
    ) -> None:
        assert meter is not None and progressive is not None
        playing = [players[s] for s in order]
        awards = meter.settle_round([int(c) for c in cats], playing)
        totals.side_bets += Fraction(progressive.wager) * sum(playing)
        totals.side_awards += Fraction(sum(awards), 100)
        for cat, plays, award in zip(cats, playing, awards, strict=True):
            if plays and CATEGORY_KEYS[int(cat)] in jackpot_hands:
                result.jackpots.append(
                    JackpotHit(
                        env.now / 3600.0, table, CATEGORY_KEYS[int(cat)], Fraction(award, 100)
                    )
                )
        result.meter_path.append((env.now / 3600.0, Fraction(meter.meter_cents, 100)))

    env.process(arrivals())
    for table in range(config.tables):
        env.process(dealer(table))
    env.run(until=horizon)
    _reconcile(result, meter)
    return result


def _reconcile(result: FloorResult, meter: ProgressiveMeter | None) -> None:
    """The ledger against the tables' own totals and the meter's own state, to the cent."""
    players = sum((-t.house_win - t.side_bets + t.side_awards for t in result.tables), Fraction(0))
    expected = {"players": cents(players)}
    if meter is not None:
        expected |= {meter.meter_account: meter.meter_cents,
                     meter.reserve_account: meter.reserve_cents}  # fmt: skip
        result.meter_cents = meter.meter_cents
        result.reserve_cents = meter.reserve_cents
        result.advances_cents = meter.advances_cents
    result.ledger.reconcile(expected)
