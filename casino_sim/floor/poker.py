"""A house-dealt stud table on the floor: the game's players, hands between changes, time and rake.

The cards and betting come from the compiled stud engine
(:func:`~casino_sim.games.poker_room.fast.play_compiled`), a block of hands at
a time: :meth:`PokerTable.sync` plays, for the players seated, every hand that
starts before the next change (a hand under way finishes with its players).
A hand's clock time is the table's :class:`~casino_sim.config.Pace` (it
depends on the streets dealt and the showdown), so the block is sized for the
shortest possible hands and the decks of the hands that do not fit go back
to the table's stream for later. Each hand starts every player with the
table's buy-in (as ``casino-sim stud`` does); a player's session result is
the sum of their hands, their time collection and their jackpot shares.

Time collection is charged per occupied seat at every half hour on the clock
(hh:00 and hh:30) while the game runs; the bad-beat drop and hits go to the
room's linked jackpot (:class:`~casino_sim.floor.meters.LinkedBadBeat`).
"""

from __future__ import annotations

import math

import numpy as np

from casino_sim.config.floor import PokerGroup
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable, TimeRake
from casino_sim.engine.ledger import ANTE, BET, JACKPOT_DROP, PAYOUT, RAKE, TIME_COLLECTION, Ledger
from casino_sim.floor.meters import LinkedBadBeat
from casino_sim.floor.players import Player
from casino_sim.floor.poker_kernel import N_TOTALS, commit_hands
from casino_sim.floor.tally import (
    DEALING_SECONDS,
    HANDLE,
    HANDS,
    ROUNDS,
    SEAT_SECONDS,
    TIME_COLLECTED,
    SessionLog,
    TableTally,
)
from casino_sim.floor.tally import (
    JACKPOT_DROP as DROPPED,
)
from casino_sim.floor.tally import (
    RAKE as RAKED,
)
from casino_sim.games.poker_room.bots import default_population
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import (
    HandArrays,
    fallback_reason,
    play_compiled,
    play_python,
)
from casino_sim.games.poker_room.house import HALF_HOUR_SECONDS

__all__ = ["PokerTable"]

_BLOCK = 256  # decks drawn at a time
_COLUMNS = np.array([ROUNDS, HANDS, HANDLE, RAKED, DROPPED])  # what each hand adds to the tally
_MAX_HANDS = 4096  # hands played per engine call


class PokerTable:
    """One table of a poker group: its players in seat order, running or not, and its deck stream."""

    def __init__(
        self,
        index: int,
        group: PokerGroup,
        variant: StudVariant,
        structure: StudTable,
        rng: np.random.Generator,
        *,
        seats: int,
        tally: TableTally,
        ledger: Ledger,
        log: SessionLog,
        meter: LinkedBadBeat | None,
    ) -> None:
        self.index, self.group, self.variant, self.structure = index, group, variant, structure
        self.rng = rng
        self.max_seats = seats
        self.tally, self.ledger, self.log, self.meter = tally, ledger, log, meter
        self.seats: list[Player] = []
        self.running = False
        self.dealing = True
        self.next_hand = 0.0
        self.pause_at = math.inf  # the next break or closing (set by the floor)
        self.hands_played = 0
        self.last_change = 0.0
        # the floor's bots are the default logic: the compiled engine fits unless the game does not
        self._compiled = fallback_reason(variant, structure, default_population(2)) is None
        self._mean_seconds: dict[int, float] = {}  # players -> typical seconds per hand
        self._totals = np.zeros(N_TOTALS, np.int64)
        self._per_player = np.zeros(max(seats, 2), np.int64)
        self._decks = np.zeros((0, 52), np.int8)
        self._uniforms = np.zeros((0, 64))
        pace = structure.pace
        self._pace = tuple(float(x) for x in (pace.seconds_per_hand, pace.seconds_per_player,
                                              pace.seconds_per_street, pace.seconds_per_showdown))  # fmt: skip
        rake = structure.rake
        self._time_fee = rake.per_seat_per_half_hour_cents if isinstance(rake, TimeRake) else 0

    def free_seats(self) -> int:
        return self.max_seats - len(self.seats) if self.running else 0

    def start(self, t: float) -> None:
        self.sync(t)
        self.running = True
        self.next_hand = t

    def stop(self, t: float) -> list[Player]:
        """The game breaks: returns its players (no longer seated)."""
        self.sync(t)
        players, self.seats = self.seats, []
        for p in players:
            p.seated_at = None
        self.running = False
        return players

    def seat(self, player: Player, t: float) -> None:
        self.sync(t)
        self.seats.append(player)
        player.seated_at = self

    def unseat(self, player: Player, t: float) -> None:
        self.sync(t)
        self.seats.remove(player)
        player.seated_at = None

    def set_dealing(self, dealing: bool, t: float) -> None:
        self.sync(t)
        self.dealing = dealing
        self.next_hand = max(self.next_hand, t)

    # ------------------------------------------------------------ the clock
    def sync(self, t: float) -> None:
        """Play every hand that starts before ``t``; charge time and account seated time to ``t``."""
        if t <= self.last_change:
            return
        n = len(self.seats)
        if self.running and n:
            self.tally.add_span(self.last_change, t, SEAT_SECONDS, n)
            self._collect_time(self.last_change, t)
        live = self.running and self.dealing and n >= 2
        if live:
            self.tally.add_span(self.last_change, t, DEALING_SECONDS, 1)
            self.next_hand = max(self.next_hand, self.last_change)
            while self.next_hand < t and self.next_hand < self.pause_at:
                self._play_until(t)
        self.last_change = t

    def _collect_time(self, start: float, end: float) -> None:
        if not self._time_fee:
            return
        ticks = math.ceil(end / HALF_HOUR_SECONDS) - math.ceil(start / HALF_HOUR_SECONDS)
        if ticks <= 0:
            return
        fee = self._time_fee * ticks
        first_tick = math.ceil(start / HALF_HOUR_SECONDS) * HALF_HOUR_SECONDS
        for p in self.seats:
            p.net -= fee
        each_tick = self._time_fee * len(self.seats)
        self.ledger.post(TIME_COLLECTION, "players", "house", each_tick * ticks)
        times = first_tick + HALF_HOUR_SECONDS * np.arange(ticks)
        self.tally.add_events(times, TIME_COLLECTED, np.full(ticks, float(each_tick)))

    def _take_decks(self, count: int) -> tuple[np.ndarray, np.ndarray]:
        if len(self._decks) < count:
            more = max(_BLOCK, count - len(self._decks))
            decks, uniforms = draw_hands(self.rng, more)
            self._decks = np.concatenate([self._decks, decks])
            self._uniforms = np.concatenate([self._uniforms, uniforms])
        return self._decks[:count], self._uniforms[:count]

    def _play_until(self, t: float) -> None:
        n = len(self.seats)
        per_hand, per_player, per_street, per_showdown = self._pace
        shortest = per_hand + per_player * n
        typical = max(shortest, self._mean_seconds.get(n, shortest))  # learnt from hands played
        count = min(_MAX_HANDS, math.ceil((t - self.next_hand) / typical) + 1)
        decks, uniforms = self._take_decks(count)
        bots = [p.bot for p in self.seats]
        args = (self.variant, self.structure, bots, decks, uniforms, self.hands_played)
        if self._compiled:
            hands = play_compiled(*args)
        else:
            hands = play_python(*args)[0]
        seconds = shortest + per_street * hands.street + per_showdown * hands.showdown
        ends = self.next_hand + np.cumsum(seconds)
        starts = ends - seconds
        played = int(np.searchsorted(starts, t, side="left"))  # hands starting before t
        last = int(np.searchsorted(ends, self.pause_at, side="right"))  # ...ending by a pause
        self._mean_seconds[n] = 0.9 * typical + 0.1 * float(seconds.sum()) / len(seconds)
        if last < played:  # the dealer starts no hand that would run into a break or closing
            played = last
            self.next_hand = self.pause_at
        elif played:
            self.next_hand = float(ends[played - 1])
        self._decks, self._uniforms = self._decks[played:], self._uniforms[played:]
        if played:
            self._commit(hands, played, ends[:played])

    def _commit(self, hands: HandArrays, played: int, ends: np.ndarray) -> None:
        n = len(self.seats)
        net = (hands.stacks_end - hands.stacks_start)[:played]
        totals, per_player = self._totals, self._per_player[:n]
        commit_hands(self.tally.rows, _COLUMNS, ends, self.hands_played, hands.wagered[:played],
                     net, hands.rake[:played], hands.drop[:played], per_player, totals)  # fmt: skip
        for p, won in zip(self.seats, per_player.tolist(), strict=True):
            p.net += won
            p.hands += played
        total_wagered, total_net, total_rake, total_drop = totals.tolist()
        antes = self.structure.ante_cents * n * played
        ledger = self.ledger
        ledger.post(ANTE, "players", "pot", antes)
        ledger.post(BET, "players", "pot", total_wagered - antes)
        ledger.post(PAYOUT, "pot", "players", total_wagered + total_net)
        ledger.post(RAKE, "pot", "house", total_rake)
        if self.meter is not None:
            ledger.post(JACKPOT_DROP, "pot", self.meter.account, total_drop)
            self.meter.add_drops(ends, hands.drop[:played])
            sessions = [p.session for p in self.seats]
            for h in np.flatnonzero(hands.bad_beat[:played, 0] >= 0).tolist():
                order = [sessions[(self.hands_played + h + s) % n] for s in range(n)]
                loser, winner = (order[s] for s in hands.bad_beat[h].tolist())
                others = tuple(s for s in order if s not in (loser, winner))
                self.meter.add_hit(float(ends[h]), self.index, loser, winner, others)
        self.hands_played += played
