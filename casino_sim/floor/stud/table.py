"""A house-dealt stud table on the floor: the game's players, time, rake and (later) its hands.

A stud hand changes nobody's seat (each starts every player with the table's
buy-in, as ``casino-sim stud`` does), so the table does not deal as seats
change: :meth:`PokerTable.advance` records a *segment* (a stretch of time with
the same players) and :meth:`PokerTable.flush` plays every recorded segment
in one compiled call (:func:`~casino_sim.floor.stud.segments.play_segments`),
once a simulated day and at the end. Hand ``i`` at a table takes deck ``i``
of the table's stream (drawn in blocks of 256), so the cards do not depend
on when the floor flushes. A hand's clock time is the table's
:class:`~casino_sim.config.Pace` (it depends on the streets dealt and the
showdown); a hand under way at a change finishes with its players, and the
dealer starts no hand that would run into a break or closing. A player's
session result is the sum of their hands, their time collection and their
jackpot shares. Games the compiled engine cannot play (the variant language)
and the rare hand it cannot deal are played by the Python engine, block by
block, with the same decks and timing.

Time collection is charged per occupied seat at every half hour on the clock
(hh:00 and hh:30) while the game runs; the bad-beat drop and hits go to the
room's linked jackpot (:class:`~casino_sim.floor.meters.LinkedBadBeat`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from casino_sim.config.floor import PokerGroup
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable, TimeRake
from casino_sim.engine.ledger import ANTE, BET, JACKPOT_DROP, PAYOUT, RAKE, TIME_COLLECTION, Ledger
from casino_sim.floor.meters import LinkedBadBeat
from casino_sim.floor.stud.segments import (
    DONE,
    HANDS_PLAYED,
    Bookings,
    Pace,
    Pool,
    Progress,
    Segments,
    Window,
    book_hands,
    floor_game,
    play_segments,
    time_hands,
)
from casino_sim.floor.tables import Visit
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
from casino_sim.games.poker_room.table_api import (
    HALF_HOUR_SECONDS,
    UNIFORMS_PER_HAND,
    default_population,
    fallback_reason,
    play_compiled,
    play_python,
)
from casino_sim.shuffle import WORDS_PER_DECK, decks_from_words

__all__ = ["PokerTable"]

_BLOCK = 256  # decks drawn at a time
_COLUMNS = np.array([ROUNDS, HANDS, HANDLE, RAKED, DROPPED])  # what each hand adds to the tally
_MAX_HANDS = 4096  # hands the Python engine plays per call

#: A segment: start, end, the next break or closing, the players seated (in seat order).
Segment = tuple[float, float, float, tuple[Visit, ...]]


def _seated(seg_n: np.ndarray, seats: int) -> np.ndarray:
    """(segments, seats): the seats taken in each segment (its first ``seg_n``), segment by
    segment the order its players are listed in."""
    seated: np.ndarray = np.arange(seats) < seg_n[:, None]
    return seated


class _DeckPool:
    """A table's decks and bots' numbers, drawn from its stream in blocks of :data:`_BLOCK`:
    51 random words a deck (:func:`~casino_sim.shuffle.decks_from_words`), then
    :data:`~casino_sim.games.poker_room.dealing.UNIFORMS_PER_HAND` uniform numbers a hand."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.decks = np.zeros((0, 52), np.int8)
        self.uniforms = np.zeros((0, UNIFORMS_PER_HAND))

    def ensure(self, first: int, count: int) -> None:
        """Hold decks ``first .. first + count - 1`` (drawing whole blocks)."""
        short = first + count - len(self.decks)
        if short > 0:
            blocks = [self._draw() for _ in range(math.ceil(short / _BLOCK))]
            self.decks = np.concatenate([self.decks, *(d for d, _ in blocks)])
            self.uniforms = np.concatenate([self.uniforms, *(u for _, u in blocks)])

    def _draw(self) -> tuple[np.ndarray, np.ndarray]:
        decks = decks_from_words(self.rng.bit_generator.random_raw(_BLOCK * WORDS_PER_DECK))
        return decks, self.rng.random((_BLOCK, UNIFORMS_PER_HAND))

    def drop_used(self, used: int) -> None:
        """Forget the first ``used`` decks (they have been played)."""
        self.decks, self.uniforms = self.decks[used:], self.uniforms[used:]


@dataclass
class _Book:
    """What a flush's hands leave for the table to pass on: sums, jackpot drops, bad beats."""

    capacity: int
    totals: np.ndarray = field(init=False)  # chips put in, the players' net, rake, jackpot drop
    drops_t: np.ndarray = field(init=False)
    drops_a: np.ndarray = field(init=False)
    hits_t: np.ndarray = field(init=False)
    hits: np.ndarray = field(init=False)  # segment, the hand's rotation, losing and winning seat
    counts: np.ndarray = field(init=False)  # drops, hits

    def __post_init__(self) -> None:
        self.totals = np.zeros(4, np.int64)
        self.drops_t, self.drops_a = np.zeros(self.capacity), np.zeros(self.capacity, np.int64)
        self.hits_t, self.hits = np.zeros(self.capacity), np.zeros((self.capacity, 4), np.int64)
        self.counts = np.zeros(2, np.int64)


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
        self.max_seats = seats
        self.tally, self.ledger, self.log, self.meter = tally, ledger, log, meter
        self.seats: list[Visit] = []
        self.running = False
        self.dealing = True
        self.pause_at = math.inf  # the next break or closing (set by the floor)
        self.last_change = 0.0
        # the floor's bots are the default logic: the compiled engine fits unless the game does not
        self._compiled = fallback_reason(variant, structure, default_population(2)) is None
        self._segments: list[Segment] = []
        self._pool = _DeckPool(rng)
        self._state = np.zeros(3, np.int64)  # next segment, next deck of the pool, hands played
        self._clock = np.zeros(1)  # the next hand's earliest start
        self._typical = np.zeros(seats + 1)  # players -> learnt seconds per hand
        pace = structure.pace
        self._pace = np.array([pace.seconds_per_hand, pace.seconds_per_player,
                               pace.seconds_per_street, pace.seconds_per_showdown], float)  # fmt: skip
        self._game = None
        if self._compiled:
            self._game = floor_game(variant, structure)
        rake = structure.rake
        self._time_fee = rake.per_seat_per_half_hour_cents if isinstance(rake, TimeRake) else 0

    @property
    def hands_played(self) -> int:
        """Hands dealt so far (up to the last :meth:`flush`)."""
        return int(self._state[2])

    def free_seats(self, t: float) -> int:
        """Free seats in the running game (none while the game does not run)."""
        return self.max_seats - len(self.seats) if self.running else 0

    def start(self, t: float) -> None:
        self.advance(t)
        self.running = True

    def stop(self, t: float) -> list[Visit]:
        """The game breaks: returns its players (no longer seated)."""
        self.advance(t)
        players, self.seats = self.seats, []
        for p in players:
            p.seated_at = None
        self.running = False
        return players

    def seat(self, player: Visit, t: float) -> None:
        self.advance(t)
        self.seats.append(player)
        player.seated_at = self

    def unseat(self, player: Visit, t: float) -> None:
        self.advance(t)
        self.seats.remove(player)
        player.seated_at = None

    def set_dealing(self, dealing: bool, t: float) -> None:
        self.advance(t)
        self.dealing = dealing

    def set_hours(self, t: float, *, open_: bool, dealing: bool, pause: float) -> list[Visit]:
        """From ``t``: open or not (closing breaks the game: its players are returned), dealing
        or not, until the next break or closing at ``pause``."""
        players = [] if open_ else self.stop(t)
        self.set_dealing(dealing, t)
        self.pause_at = pause
        return players

    def close(self, t: float) -> list[Visit]:
        """The end of the run: the game breaks, its players are returned."""
        return self.stop(t)

    # ------------------------------------------------------------ the clock
    def advance(self, t: float) -> None:
        """Account seated time (booked at the flush) and charge time up to ``t``; record the
        segment since the last change."""
        if t <= self.last_change:
            return
        n = len(self.seats)
        if self.running and n:
            tally = self.tally
            tally.add_span_later(self.last_change, t, SEAT_SECONDS, n)
            if self._time_fee:
                self._collect_time(self.last_change, t)
            if self.dealing and n >= 2:
                tally.add_span_later(self.last_change, t, DEALING_SECONDS, 1)
                self._segments.append((self.last_change, t, self.pause_at, tuple(self.seats)))
        self.last_change = t

    def _collect_time(self, start: float, end: float) -> None:
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

    # ------------------------------------------------------------ the hands
    def flush(self) -> None:
        """Play every hand of the segments recorded since the last flush and book its money
        (and the seated and dealing time)."""
        self.tally.book_spans()
        segments, self._segments = self._segments, []
        if not segments:
            return
        count = len(segments)
        times = np.array([s[:3] for s in segments])
        seg_n = np.array([len(s[3]) for s in segments], np.int64)
        bots = np.zeros((count, self.max_seats, 3))
        bots[_seated(seg_n, self.max_seats)] = [
            (p.play.tightness, p.play.aggression, p.play.bluff)
            for *_, players in segments
            for p in players
        ]
        shortest = self._pace[0] + self._pace[1] * seg_n
        length = np.maximum(np.minimum(times[:, 1], times[:, 2]) - times[:, 0], 0.0)
        most = int(np.ceil(length / shortest).sum())
        book = _Book(most + count)  # hands start in a segment and take at least `shortest`
        seg_net = np.zeros((count, self.max_seats), np.int64)
        seg_hands = np.zeros(count, np.int64)
        state, pool = self._state, self._pool
        state[0] = state[1] = 0
        pool.ensure(0, book.capacity)
        while state[0] < count:
            if self._game is not None:
                code = play_segments(
                    Pool(pool.decks, pool.uniforms),
                    Segments(times, seg_n, bots, seg_net, seg_hands),
                    Progress(state, self._clock, self._typical),
                    self._game,
                    self._bookings(book),
                )
                if code == DONE:
                    break
            k = int(state[0])  # the engine plays the rest of this segment, block by block
            self._play_python(k, segments[k], seg_net, seg_hands, book)
            state[0] = k + 1
        pool.drop_used(int(state[1]))
        self._book(segments, seg_n, seg_net, seg_hands, book)

    def _play_python(
        self,
        k: int,
        segment: Segment,
        seg_net: np.ndarray,
        seg_hands: np.ndarray,
        book: _Book,
    ) -> None:
        """Segment ``k``'s hands (from the table's clock) by the Python engine, block by block."""
        start, end, pause, players = segment
        n = len(players)
        bots = [p.play for p in players]
        shortest = float(self._pace[0] + self._pace[1] * n)
        state, pool, clock = self._state, self._pool, self._clock
        clock[0] = max(clock[0], start)
        while clock[0] < end and clock[0] < pause:
            guess = max(shortest, float(self._typical[n]))
            count = min(_MAX_HANDS, max(1, math.ceil((end - clock[0]) / guess)))
            first = int(state[1])
            pool.ensure(first, count)
            decks = pool.decks[first : first + count]
            uniforms = pool.uniforms[first : first + count]
            args = (self.variant, self.structure, bots, decks, uniforms, int(state[2]))
            hands = play_compiled(*args) if self._compiled else play_python(*args)[0]
            showdown = hands.showdown.astype(np.int64)
            ends = np.empty(count)
            window, pace = Window(clock[0], end, pause), Pace.of(self.structure.pace)
            kept, clock[0] = time_hands(window, shortest, pace, hands.street, showdown, ends)
            seconds = shortest + self._pace[2] * hands.street + self._pace[3] * showdown
            self._typical[n] = 0.9 * guess + 0.1 * float(seconds.mean())
            first = int(state[HANDS_PLAYED])
            book_hands(hands.outcomes(), kept, ends, first, k, seg_net[k], self._bookings(book))
            seg_hands[k] += kept
            state[1] += kept
            state[2] += kept

    def _bookings(self, book: _Book) -> Bookings:
        """Where the kernels book hands: the tally's rows and ``book``'s arrays."""
        return Bookings(
            self.tally.rows,
            _COLUMNS,
            book.totals,
            book.drops_t,
            book.drops_a,
            book.hits_t,
            book.hits,
            book.counts,
        )

    def _book(
        self,
        segments: list[Segment],
        seg_n: np.ndarray,
        seg_net: np.ndarray,
        seg_hands: np.ndarray,
        book: _Book,
    ) -> None:
        """The flush's money: sessions, ledger, the bad-beat jackpot's drops and hits."""
        log = self.log
        sessions = [p.session for *_, players in segments for p in players]
        nets = seg_net[_seated(seg_n, self.max_seats)].tolist()
        for session, won, hands in zip(sessions, nets, np.repeat(seg_hands, seg_n).tolist(),
                                       strict=True):  # fmt: skip
            log.net[session] += won
            log.hands[session] += hands
        put_in, net, rake, drop = book.totals.tolist()
        antes = self.structure.ante_cents * int((seg_n * seg_hands).sum())
        ledger = self.ledger
        ledger.post(ANTE, "players", "pot", antes)
        ledger.post(BET, "players", "pot", put_in - antes)
        ledger.post(PAYOUT, "pot", "players", put_in + net)
        ledger.post(RAKE, "pot", "house", rake)
        if self.meter is None:
            return
        ledger.post(JACKPOT_DROP, "pot", self.meter.account, drop)
        n_drops, n_hits = book.counts.tolist()
        self.meter.add_drops(book.drops_t[:n_drops], book.drops_a[:n_drops])
        for time, (k, rotation, lost, won) in zip(book.hits_t[:n_hits].tolist(),
                                                  book.hits[:n_hits].tolist(), strict=True):  # fmt: skip
            sessions = [p.session for p in segments[k][3]]
            n = len(sessions)
            order = [sessions[(rotation + s) % n] for s in range(n)]
            loser, winner = order[lost], order[won]
            others = tuple(s for s in order if s not in (loser, winner))
            self.meter.add_hit(time, self.index, loser, winner, others)
