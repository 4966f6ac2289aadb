"""A Caribbean Stud table on the floor: seats, its dealer, and its rounds up to any time.

The table's clock is compiled (:func:`~casino_sim.floor.banked_kernel.advance`):
:meth:`BankedTable.advance` deals and books every round up to a time and
lets go the players who leave before it, at their own times: at the end of
their session, or at the end of the round after which their limited bankroll
cannot cover another (a player without a limit buys more chips). The floor
advances a table before it looks at it (a player choosing a table, hours,
midnight, the end), so departures are not events of their own and no round
is dealt that is not played; seats change only at arrivals, departures,
breaks and closing.

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
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.floor import BankedGroup
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.ledger import ANTE, AWARD, PAYOUT, RAISE, Ledger
from casino_sim.floor.banked_kernel import (
    BOUGHT,
    CHIPS,
    DONE,
    LEAVES,
    LIMITED,
    LOOKUP,
    N_SEAT_INTS,
    N_SUMS,
    NEED,
    NEED_WORDS,
    NET,
    OCCUPIED,
    REBUY_BELOW,
    REBUY_UNIT,
    RULE,
    SAFE,
    SESSION,
    SIDE,
    THEO,
    advance,
)
from casino_sim.floor.banked_kernel import (
    HANDS as HANDS_ROW,
)
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.tally import (
    DEALING_SECONDS,
    DROP,
    HANDLE,
    HANDS,
    INITIAL_BETS,
    MAIN_WIN,
    ROUNDS,
    SEAT_SECONDS,
    SIDE_HANDLE,
    SIDE_PAID,
    THEO_WIN,
    SessionLog,
    TableTally,
)
from casino_sim.games.banked.caribbean_stud.progressive import award_vectors
from casino_sim.games.banked.caribbean_stud.rounds import (
    RoundDealer,
    StrategyBook,
    mistake_threshold,
)
from casino_sim.games.banked.caribbean_stud.rules import net_antes, wager_antes

__all__ = ["REBUY_ANTES", "BankedTable", "SeatTerms"]

#: Chips a player without a bankroll limit buys at a time, in antes.
REBUY_ANTES = 40
_WORDS = 1 << 14  # random words drawn at a time
#: The tally's columns for the kernel's sums (:data:`~casino_sim.floor.banked_kernel.N_SUMS`),
#: seated and dealing seconds and the drop.
_COLUMNS = np.array([ROUNDS, HANDS, HANDLE, MAIN_WIN, SIDE_HANDLE, SIDE_PAID, INITIAL_BETS,
                     THEO_WIN, SEAT_SECONDS, DEALING_SECONDS, DROP])  # fmt: skip


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

    The seats' figures live in arrays indexed by seat (written when a player
    sits down, read back when they leave), so :meth:`advance` is one
    compiled call.
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
        self._taken = [False] * group.seats
        self.size, self.count = group.seats, 0  # seats, players seated
        self.edges: dict[int, float] = {}  # rule slot -> exact house edge per ante (theo win)
        self.slot_of: dict[str, int] = {}  # player type -> rule slot
        pace = group.pace
        self._seconds = np.array([float(pace.seconds_per_round + pace.seconds_per_player * n
                                        + pace.shuffle_seconds) for n in range(group.seats + 1)])  # fmt: skip
        progressive: ProgressivePaytable | None = meter.progressive if meter else None
        fixed, _, envy = award_vectors(progressive) if progressive else (np.zeros(10),) * 3
        meter_hand = np.zeros(10, np.bool_)
        if meter is not None:
            meter_hand[list(meter.meter_categories)] = True
        self._wager = cents(progressive.wager) if progressive else 0
        self._bits = rng.bit_generator
        self._words = np.zeros(0, np.uint64)
        # next round, last change of seats, pause, nobody leaves before (see advance)
        self._times = np.array([0.0, 0.0, math.inf, -math.inf])
        self._state = np.array([1, 0], np.int64)  # dealing, next unread word
        n = group.seats
        # the kernel's seat rows (a seated player's chips, net, hands and buy-ins live here
        # while seated: see seat and _close)
        self._ints = np.zeros((N_SEAT_INTS, n), np.int64)
        self._floats = np.zeros((2, n))
        self._floats[LEAVES] = math.inf
        self._mistake = np.zeros(n, np.uint64)
        self._figures: dict[SeatTerms, tuple[np.ndarray, int, np.ndarray, float]] = {}
        self._money = np.zeros((2, n, 14), np.int64)  # stake, paid by outcome
        self._game = (self.dealer.deck, self.dealer.kernel_tables, self.book.decide,
                      self.book.masks, self._seconds)  # fmt: skip
        awards = np.round(np.stack([fixed, envy]) * 100).astype(np.int64)
        self._awards = (awards, meter_hand, self._wager)
        self._day = np.zeros(N_SUMS)  # the sums of the rounds booked since the last flush
        self._runs = np.zeros((256, 4))  # side-bet runs and meter hands for the linked meter
        self._meter_hands = np.zeros((256, 4))  # (see advance), passed on by flush
        self._departed = np.zeros((n, 2))
        self._counts = np.zeros(3, np.int64)
        self._arguments = self._kernel_arguments()

    # ------------------------------------------------------------------ seats
    def free_seats(self) -> int:
        return self.size - self.count

    def may_have_emptied(self, t: float) -> bool:
        """Could a player have left before ``t`` (since the table was last advanced)?"""
        return bool(self._times[SAFE] < t)

    def seconds_per_round(self, players: int) -> float:
        """Seconds a round takes with ``players`` seated."""
        return float(self._seconds[players])

    def seat(self, session: int, terms: SeatTerms, leaves_at: float, chips: int, t: float) -> None:
        """Seat ``session`` with ``chips`` (its buy-in) at ``t`` (the table advanced to ``t``):
        it plays from the next round by ``terms`` and leaves at ``leaves_at`` at the latest."""
        assert self._times[1] == t, "advance the table to the time first"
        s = self._taken.index(False)
        self._taken[s] = True
        self.count += 1
        column, threshold, money, theo = self._seat_figures(terms)
        ints = self._ints
        ints[:, s] = column
        ints[SESSION, s], ints[CHIPS, s], ints[BOUGHT, s] = session, chips, chips
        self._mistake[s] = threshold
        self._money[:, s] = money
        self._floats[THEO, s], self._floats[LEAVES, s] = theo, leaves_at
        self._times[0] = max(self._times[0], t)
        self._times[SAFE] = -math.inf  # known again at the next advance

    def _seat_figures(self, terms: SeatTerms) -> tuple[np.ndarray, int, np.ndarray, float]:
        """A seat's column of the kernel's seat rows (the session's own figures still to
        fill), mistake threshold, (stake, paid) by outcome and theoretical win a round; the
        same for every player on the same terms, so built once."""
        if terms not in self._figures:
            rule, ante = terms.rule, terms.ante
            side = terms.side and self.meter is not None
            most = ante * self.money.wagers[-1]  # a round's largest stake: ante and raise
            column = [0] * N_SEAT_INTS
            column[OCCUPIED], column[RULE], column[LOOKUP] = 1, rule, self.book.lookup_of[rule]
            column[SIDE], column[LIMITED] = side, not terms.unlimited
            column[NEED] = most + (self._wager if side else 0)
            column[REBUY_BELOW], column[REBUY_UNIT] = most + self._wager, ante * REBUY_ANTES
            money = np.stack(self.money.tables(ante))
            theo = self.edges.get(rule, 0.0) * ante
            self._figures[terms] = (np.array(column, np.int64),
                                    mistake_threshold(terms.mistake), money, theo)  # fmt: skip
        return self._figures[terms]

    def close_all(self, t: float) -> None:
        """Every seated session ends at ``t`` (the table advanced to ``t``): closing."""
        assert self._times[1] == t, "advance the table to the time first"
        for s, taken in enumerate(self._taken):
            if taken:
                self._ints[OCCUPIED, s] = 0
                self._floats[LEAVES, s] = math.inf
                self._close(s)
        self._times[0] = max(self._times[0], t)

    def _close(self, s: int) -> None:
        """Seat ``s`` is empty: its session's result, hands and drop go to the log."""
        self._taken[s] = False
        self.count -= 1
        column = self._ints[:, s].tolist()
        session, log = column[SESSION], self.log
        log.net[session] += column[NET]
        log.hands[session] += column[HANDS_ROW]
        log.drop[session] = column[BOUGHT]

    def set_dealing(self, dealing: bool, t: float, pause: float) -> None:
        """From ``t`` (the table advanced to it): dealing or not, until the next ``pause``."""
        assert self._times[1] == t, "advance the table to the time first"
        self._state[0] = dealing
        self._times[0] = max(self._times[0], t)
        self._times[2] = pause

    # ------------------------------------------------------------------ clock
    def advance(self, t: float) -> None:
        """Deal and book every round up to ``t``; the sessions that end before ``t`` end."""
        if t < self._times[1]:
            return
        if not self.count:  # nobody seated: only the clock moves
            self._times[1] = t
            return
        while True:
            code = advance(t, *self._arguments)
            if code == DONE:
                break
            if code == NEED_WORDS:
                used = int(self._state[1])
                more = self._bits.random_raw(_WORDS)
                self._words, self._state[1] = np.concatenate([self._words[used:], more]), 0
                self._arguments = self._kernel_arguments()
            else:
                self._pass_meter_money()
        counts = self._counts
        if counts[2]:
            gone, counts[2] = int(counts[2]), 0
            for s in self._departed[:gone, 0].tolist():
                self._close(int(s))

    def _kernel_arguments(self) -> tuple[object, ...]:
        """What :func:`~casino_sim.floor.banked_kernel.advance` takes after the time (the
        same arrays on every call, but for the words after a refill)."""
        return (self._times, self._state, self._words, *self._game, self._ints, self._mistake,
                self._floats, self._money, *self._awards, self.tally.rows, _COLUMNS, self._day,
                self._runs, self._meter_hands, self._departed, self._counts)  # fmt: skip

    def flush(self) -> None:
        """Pass the money of the rounds booked since the last flush to the ledger and meter."""
        stake, main_win, paid, antes = (int(self._day[c]) for c in (2, 3, 5, 6))
        ledger = self.ledger
        ledger.post(ANTE, "players", "house", antes)
        ledger.post(RAISE, "players", "house", stake - antes)
        ledger.post(PAYOUT, "house", "players", stake - main_win)
        ledger.post(AWARD, "house", "players", paid)
        self._day[:] = 0
        self._pass_meter_money()

    def _pass_meter_money(self) -> None:
        n_runs, n_hits = int(self._counts[0]), int(self._counts[1])
        self._counts[:2] = 0
        if self.meter is None:
            return
        self.meter.add_bet_runs(self._runs[:n_runs].copy())
        for time, seat, hand, session in self._meter_hands[:n_hits].tolist():
            self.meter.add_hit(time, self.index, int(seat), int(hand), int(session))
