"""A Caribbean Stud table on the floor: seats, its dealer, and its rounds up to any time.

The table's clock is compiled (:func:`~casino_sim.floor.caribbean.kernel.advance`):
:meth:`BankedTable.advance` deals and books every round up to a time and
lets go the players who leave before it, at their own times: at the end of
their session, or at the end of the round after which their limited bankroll
cannot cover another (a player without a limit buys more chips). The floor
advances a table before it looks at it (hours, midnight, a full table, the
end), so departures are not events of their own and no round is dealt that
is not played; seats change only at arrivals, departures, breaks and closing.
A player who sits down is queued (:meth:`BankedTable.seat`, no compiled call):
the next advance deals the rounds up to their time and seats them there.

Rounds take ``seconds_per_round + seconds_per_player x players +
shuffle_seconds``. Money: each seat's stake and payout in whole cents
(:func:`~casino_sim.games.banked.caribbean_stud.rules.net_antes` at the seat's
ante, breakage to the house), side bets and meter hits to the linked meter
(:mod:`casino_sim.floor.meters`), fixed awards and envy bonuses from the house;
the ledger and the meter get a day's money at :meth:`BankedTable.flush`. A
meter award is unknown until the meter settles, so the bankroll check counts
it as nothing (a winner of the royal leaves rich at the planned time).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np
from numpy.lib.recfunctions import structured_to_unstructured

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.floor import BankedGroup
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.ledger import ANTE, AWARD, PAYOUT, RAISE, Ledger
from casino_sim.floor.caribbean.kernel import (
    ARRIVAL,
    DAY,
    DEPARTURE,
    DONE,
    HIT,
    NEED_WORDS,
    RUN,
    SEAT,
    Arrivals,
    TableBook,
    TableGame,
    bind_advance,
    new_clock,
)
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.tally import SessionLog, TableTally
from casino_sim.games.banked.caribbean_stud.table_api import (
    RoundDealer,
    StrategyBook,
    mistake_threshold,
    net_antes,
    side_bet,
    wager_antes,
)

__all__ = ["REBUY_ANTES", "BankedTable", "SeatTerms"]

#: Chips a player without a bankroll limit buys at a time, in antes.
REBUY_ANTES = 40
_WORDS = 1 << 14  # random words drawn at a time


class _Money:
    """Per-outcome stake and payout in cents for each ante, built once per table group."""

    def __init__(self, paytable: CaribbeanPaytable) -> None:
        self.paytable = paytable
        self.wagers = wager_antes(paytable)
        self._by_ante: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def tables(self, ante: int) -> tuple[np.ndarray, np.ndarray]:
        """(stake, payout) cents per outcome code for an ante of ``ante`` cents."""
        if ante not in self._by_ante:
            money = Fraction(ante, 100)
            nets = net_antes(self.paytable, ante=money)
            stake = [ante * int(w) for w in self.wagers]
            paid = [int(ante * (int(w) + n)) for w, n in zip(self.wagers, nets, strict=True)]
            self._by_ante[ante] = (np.array(stake, np.int64), np.array(paid, np.int64))
        return self._by_ante[ante]


class _Clock(NamedTuple):
    """The table's :data:`~casino_sim.floor.caribbean.kernel.CLOCK` record, one view a field
    (an array of one element on the record's memory, named as the record's fields).

    ``clock.safe.item()`` reads and ``clock.safe[0] = x`` writes a field several times
    faster than the record itself (``record["safe"]``, about half a microsecond), and a
    year of a big floor reads the clocks millions of times.
    """

    next_round: np.ndarray
    last_change: np.ndarray
    pause: np.ndarray
    safe: np.ndarray
    dealing: np.ndarray
    word: np.ndarray
    runs: np.ndarray
    hits: np.ndarray
    gone: np.ndarray
    arrivals: np.ndarray
    seated: np.ndarray

    @classmethod
    def of(cls, row: np.ndarray) -> _Clock:
        """The views of ``row`` (a :data:`~casino_sim.floor.caribbean.kernel.CLOCK` [1])."""
        assert row.dtype.names == cls._fields
        return cls(*(row[name] for name in cls._fields))


@dataclass(frozen=True, eq=False)
class SeatTerms:
    """How a session plays at a banked table: strategy slot in the table's book, ante
    (cents), side bet, bankroll (unlimited: rebuys), mistake rate. (Compared by identity:
    the floor makes one per player type, group and side bet.)"""

    rule: int
    ante: int
    side: bool
    unlimited: bool
    mistake: float


class BankedTable:
    """One table of a banked group: who sits where, its clock, and its dealer.

    The seats' figures live in arrays indexed by seat (written when a queued player
    sits down, read back when they leave), so :meth:`advance` is one compiled call.
    """

    def __init__(
        self,
        index: int,
        group: BankedGroup,
        paytable: CaribbeanPaytable,
        rng: np.random.Generator,
        *,
        tally: TableTally,
        ledger: Ledger,
        log: SessionLog,
        meter: LinkedProgressive | None,
        book: StrategyBook | None = None,
    ) -> None:
        self.index = index
        self.group = group
        self.paytable = paytable
        self.dealer = RoundDealer(paytable, rng, book)
        self.book = self.dealer.book
        self.money = _Money(paytable)
        self.tally, self.ledger, self.log, self.meter = tally, ledger, log, meter
        self.size, self.count = group.seats, 0  # seats, players seated or queued to sit
        #: a count of full tables (``count == size``) this table keeps (its group's, shared)
        self.full_tables = [0]
        self.edges: dict[int, float] = {}  # rule slot -> exact house edge per ante (theo win)
        pace = group.pace
        self._seconds = np.array([float(pace.seconds_per_round + pace.seconds_per_player * n
                                        + pace.shuffle_seconds) for n in range(group.seats + 1)])  # fmt: skip
        progressive: ProgressivePaytable | None = meter.progressive if meter else None
        self._wager = cents(progressive.wager) if progressive else 0
        self._bits = rng.bit_generator
        self._words = np.zeros(0, np.uint64)
        # the kernel's state (floor.caribbean.kernel): the clock, one record a seat (a seated
        # player's chips, net, hands and buy-ins live there while seated: see seat and _close)
        self._clock_row = new_clock()
        self._clock = _Clock.of(self._clock_row)  # reads and writes go to the row
        self._seats = np.zeros(group.seats, SEAT)
        self._seats["leaves"] = math.inf
        # each field's column (a view): setting a seat's field through it is quicker
        self._column = {name: self._seats[name] for name in SEAT.names or ()}
        self._figures: dict[SeatTerms, int] = {}  # terms -> its row of the arrivals' figures
        # (the players seated and queued fit the seats: so does the queue, and a call's departures)
        self._arrivals = Arrivals(np.zeros(group.seats, ARRIVAL), figures=np.zeros(2, SEAT))
        self._queued = [self._arrivals.queue[name] for name in ARRIVAL.names or ()]
        self._game = TableGame(
            hands=self.dealer.hands,
            strategies=self.book.strategies,
            side=side_bet(progressive, cents=True),
            wager=self._wager,
            seconds_of=self._seconds,
        )
        self._book = TableBook(
            rows=self.tally.rows,
            day=np.zeros(1, DAY),  # the sums of the rounds booked since the last flush
            runs=np.zeros(256, RUN),  # side-bet runs and meter hands for the linked meter,
            hits=np.zeros(256, HIT),  # passed on by flush
            departed=np.zeros(group.seats, DEPARTURE),
        )
        self._advance = self._bind()

    def _bind(self) -> Callable[[float, np.ndarray], int]:
        return bind_advance(self._clock_row, self._seats, self.dealer.deck, self._game,
                            self._book, self._arrivals)  # fmt: skip

    # ------------------------------------------------------------------ seats
    def free_seats(self) -> int:
        return self.size - self.count

    def planned_departures(self) -> np.ndarray:
        """Each seat's planned departure (inf: empty), as of the last advance or arrival."""
        self.catch_up()
        leaves: np.ndarray = self._column["leaves"]
        return leaves

    def may_have_emptied(self, t: float) -> bool:
        """Could a player have left before ``t`` (since the table was last advanced)?"""
        safe: float = self._clock.safe.item()
        return safe < t

    def seconds_per_round(self, players: int) -> float:
        """Seconds a round takes with ``players`` seated."""
        return float(self._seconds[players])

    def seat(self, session: int, terms: SeatTerms, leaves_at: float, chips: int, t: float) -> None:
        """Seat ``session`` with ``chips`` (its buy-in) at ``t`` (a seat free, no earlier than
        the table's last change): it plays from the next round after ``t`` by ``terms`` and
        leaves at ``leaves_at`` at the latest. Queued: the next advance seats it at ``t``."""
        clock, row = self._clock, self._seat_figures(terms)
        assert t >= clock.last_change.item() and self.count < self.size
        i = clock.arrivals.item()
        time, figures, sessions, chips_at, leaves = self._queued
        time[i], figures[i], sessions[i], chips_at[i], leaves[i] = t, row, session, chips, leaves_at
        clock.arrivals[0] = i + 1
        clock.safe[0] = -math.inf  # known again at the next advance
        self.count += 1
        if self.count == self.size:
            self.full_tables[0] += 1

    def catch_up(self) -> None:
        """Seat the queued players (each after the rounds before its time), no further: the
        table as it would be had it been advanced at every arrival."""
        if self._clock.arrivals.item():
            self._run(-math.inf)

    def _seat_figures(self, terms: SeatTerms) -> int:
        """The row of the arrivals' figures holding a seat's record on ``terms`` (the session's
        own figures still to fill: session, chips, net, hands, buy-ins, departure): strategy,
        side bet, bankroll, mistake threshold, (stake, paid) by outcome and theoretical win a
        round; the same for every player on the same terms, so built once."""
        if terms not in self._figures:
            rule, ante = terms.rule, terms.ante
            side = terms.side and self.meter is not None
            most = ante * self.money.wagers[-1]  # a round's largest stake: ante and raise
            seat = np.zeros(1, SEAT)[0]
            seat["occupied"], seat["rule"], seat["lookup"] = 1, rule, self.book.lookup_of[rule]
            seat["side"], seat["limited"] = side, not terms.unlimited
            seat["need"] = most + (self._wager if side else 0)
            seat["rebuy_below"], seat["rebuy_unit"] = most + self._wager, ante * REBUY_ANTES
            seat["stake"], seat["paid"] = self.money.tables(ante)
            seat["mistake"] = mistake_threshold(terms.mistake)
            seat["theo"] = self.edges.get(rule, 0.0) * ante
            row = len(self._figures)
            figures = self._arrivals.figures
            if row == len(figures):  # more terms than rows: twice the rows, bound anew
                self._arrivals = self._arrivals._replace(figures=np.concatenate([figures] * 2))
                self._advance = self._bind()
            self._arrivals.figures[row] = seat
            self._figures[terms] = row
        return self._figures[terms]

    def close_all(self, t: float) -> None:
        """Every seated session ends at ``t`` (the table advanced to ``t``): closing."""
        clock = self._clock
        assert clock.last_change.item() == t, "advance the table to the time first"
        for s in np.flatnonzero(self._column["occupied"]).tolist():
            self._stand_up(s)
        clock.next_round[0] = max(clock.next_round.item(), t)

    def stand_up(self, session: int, t: float) -> bool:
        """Session ``session`` leaves its seat at ``t`` (the table advanced to ``t``), before its
        own time; whether it was still seated (it may have left on the table's clock)."""
        assert self._clock.last_change.item() == t, "advance the table to the time first"
        column = self._column
        for s in np.flatnonzero(column["occupied"]).tolist():
            if column["session"].item(s) == session:
                self._stand_up(s)
                self._clock.safe[0] = -math.inf  # known again at the next advance
                return True
        return False

    def _stand_up(self, s: int) -> None:
        column = self._column
        column["occupied"][s] = 0
        column["leaves"][s] = math.inf
        self._close(column["session"].item(s), column["net"].item(s), column["hands"].item(s),
                    column["bought"].item(s))  # fmt: skip

    def _close(self, session: int, net: int, hands: int, bought: int) -> None:
        """A seat is empty: its session's result, hands and drop go to the log."""
        if self.count == self.size:
            self.full_tables[0] -= 1
        self.count -= 1
        log = self.log
        log.net[session] += net
        log.hands[session] += hands
        log.drop[session] = bought

    def set_dealing(self, dealing: bool, t: float, pause: float) -> None:
        """From ``t`` (the table advanced to it): dealing or not, until the next ``pause``."""
        clock = self._clock
        assert clock.last_change.item() == t, "advance the table to the time first"
        clock.dealing[0] = dealing
        clock.next_round[0] = max(clock.next_round.item(), t)
        clock.pause[0] = pause

    # ------------------------------------------------------------------ clock
    def advance(self, t: float) -> None:
        """Seat the queued players, deal and book every round up to ``t``; the sessions that
        end before ``t`` end."""
        if not self.count:  # nobody seated or queued: only the clock moves
            clock = self._clock
            if t > clock.last_change.item():
                clock.last_change[0] = t
            return
        self._run(t)

    def _run(self, t: float) -> None:
        """The compiled :func:`~casino_sim.floor.caribbean.kernel.advance` to ``t``, with its
        random words refilled, its meter money passed on and its departures closed."""
        clock = self._clock
        while True:
            code = self._advance(t, self._words)
            gone = clock.gone.item()
            if gone:
                clock.gone[0] = 0
                for _, _, session, net, hands, bought in self._book.departed[:gone].tolist():
                    self._close(session, net, hands, bought)
            if code == DONE:
                break
            if code == NEED_WORDS:
                used = clock.word.item()
                more = self._bits.random_raw(_WORDS)
                self._words, clock.word[0] = np.concatenate([self._words[used:], more]), 0
            else:
                self._pass_meter_money()

    def flush(self) -> None:
        """Pass the money of the rounds booked since the last flush to the ledger and meter."""
        day = self._book.day[0]
        stake, main_win = int(day["handle"]), int(day["main_win"])
        paid, antes = int(day["side_paid"]), int(day["initial_bets"])
        ledger = self.ledger
        ledger.post(ANTE, "players", "house", antes)
        ledger.post(RAISE, "players", "house", stake - antes)
        ledger.post(PAYOUT, "house", "players", stake - main_win)
        ledger.post(AWARD, "house", "players", paid)
        self._book.day[0] = 0
        self._pass_meter_money()

    def _pass_meter_money(self) -> None:
        clock = self._clock
        n_runs, n_hits = clock.runs.item(), clock.hits.item()
        clock.runs[0] = clock.hits[0] = 0
        if self.meter is None:
            return
        runs = self._book.runs[:n_runs]  # a copy: the buffer is written again
        self.meter.add_bet_runs(structured_to_unstructured(runs, copy=True))
        for time, seat, hand, session in self._book.hits[:n_hits].tolist():
            self.meter.add_hit(time, self.index, int(seat), int(hand), int(session))
