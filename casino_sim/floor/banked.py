"""A Caribbean Stud table on the floor: seats, its dealer, and the rounds between two changes.

Seats change only at arrivals, departures, breaks and closing, so the table
deals every round up to the next change in one call. After each change it
*plans*: it deals the rounds that can start before the earliest change it
already knows of (a seated player's planned departure, a break, closing),
settles them provisionally and finds the first round after which a player
cannot cover another (their bankroll is gone): :meth:`BankedTable.replan`
returns that departure so the floor can schedule it. At the next change
:meth:`BankedTable.sync` commits the planned rounds that started before it
(a round under way finishes with the players dealt in) and drops the rest.

Rounds take ``seconds_per_round + seconds_per_player x players +
shuffle_seconds``. Money: each seat's stake and payout in whole cents
(:func:`~casino_sim.games.banked.caribbean_stud.rules.net_antes` at the seat's
ante, breakage to the house), side bets and meter hits to the linked meter
(:mod:`casino_sim.floor.meters`), fixed awards and envy bonuses from the house.
A meter award is unknown until the meter settles, so the bankroll check
counts it as nothing (a winner of the royal leaves rich at the planned time).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.floor import BankedGroup
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.ledger import ANTE, AWARD, PAYOUT, RAISE, Ledger
from casino_sim.floor.banked_kernel import N_SUMS, commit_plan, plan_rounds
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.players import Player
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

__all__ = ["BankedTable"]

#: Chips a player without a bankroll limit buys at a time, in antes.
_REBUY_ANTES = 40
_WORDS = 1 << 14  # random words drawn at a time


class _WordStream:
    """A table's random words, drawn ahead in blocks: the same words, in order, as drawing
    each plan's own (:meth:`RoundDealer.words
    <casino_sim.games.banked.caribbean_stud.rounds.RoundDealer.words>`)."""

    def __init__(self, bits: np.random.BitGenerator) -> None:
        self.bits = bits
        self.buffer = np.zeros(0, np.uint64)
        self.used = 0

    def take(self, count: int) -> np.ndarray:
        """The next ``count`` words."""
        if self.used + count > len(self.buffer):
            rest = self.buffer[self.used :]
            more = self.bits.random_raw(max(_WORDS, count - len(rest)))
            self.buffer, self.used = np.concatenate([rest, more]), 0
        self.used += count
        return self.buffer[self.used - count : self.used]


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


class BankedTable:
    """One table of a banked group: who sits where and the rounds planned until the next change.

    The seats' figures live in arrays indexed by seat (written when a player sits
    down), so planning is one compiled call.
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
        self._words = _WordStream(rng.bit_generator)
        self.book = self.dealer.book
        self.money = _Money(paytable)
        self.tally, self.ledger, self.log, self.meter = tally, ledger, log, meter
        self.seats: list[Player | None] = [None] * group.seats
        self.count = 0
        self.dealing = True
        self.next_round = 0.0  # start of the first round not yet committed
        self.last_change = 0.0
        self.edges: dict[int, float] = {}  # rule slot -> exact house edge per ante (theo win)
        self.slot_of: dict[str, int] = {}  # player type -> rule slot
        self.next_change = math.inf  # the next departure: a session's end, or out of chips
        self._bust_at: tuple[float, Player] | None = None
        pace = group.pace
        self._seconds = [float(pace.seconds_per_round + pace.seconds_per_player * n
                               + pace.shuffle_seconds) for n in range(group.seats + 1)]  # fmt: skip
        progressive: ProgressivePaytable | None = meter.progressive if meter else None
        fixed, _, envy = award_vectors(progressive) if progressive else (np.zeros(10),) * 3
        self._fixed = np.round(fixed * 100).astype(np.int64)
        self._envy = np.round(envy * 100).astype(np.int64)
        self._wager = cents(progressive.wager) if progressive else 0
        self._meter_hand = np.zeros(10, np.bool_)
        if meter is not None:
            self._meter_hand[list(meter.meter_categories)] = True
        n = group.seats
        self._occupied = np.zeros(n, np.bool_)
        self._rule = np.zeros(n, np.int64)
        self._lookup = np.zeros(n, np.int64)
        self._mistake = np.zeros(n, np.uint64)
        self._stake = np.zeros((n, 14), np.int64)
        self._paid = np.zeros((n, 14), np.int64)
        self._side = np.zeros(n, np.bool_)
        self._chips = np.zeros(n, np.int64)  # a seated player's chips, net, hands and buy-ins
        self._net = np.zeros(n, np.int64)  # live here while seated (see seat and unseat)
        self._hands = np.zeros(n, np.int64)
        self._bought = np.zeros(n, np.int64)
        self._rebuy_below = np.zeros(n, np.int64)
        self._rebuy_unit = np.zeros(n, np.int64)
        self._side_count = 0
        self._session = np.zeros(n, np.int64)
        self._leaves = [math.inf] * n  # each seat's planned departure
        self._day = np.zeros(N_SUMS)  # the sums of the rounds committed since the last flush
        self._runs = np.zeros((256, 4))  # side-bet runs and meter hands for the linked meter
        self._meter_hands = np.zeros((64, 4))  # (see commit_plan), passed on by flush
        self._counts = np.zeros(2, np.int64)
        self._limited = np.zeros(n, np.bool_)
        self._need = np.zeros(n, np.int64)
        self._theo = 0.0
        self._cum = np.zeros((65, N_SUMS))
        self._cum_net = np.zeros((65, n), np.int64)
        self._hits = np.zeros((64 * n, 3), np.int64)
        self._plan: tuple[float, float, int, int] | None = None  # start, seconds, rounds, n_hits
        self._committed = 0
        self._bust: tuple[int, int] = (-1, -1)

    # ------------------------------------------------------------------ seats
    @property
    def players(self) -> list[Player]:
        return [p for p in self.seats if p is not None]

    def free_seats(self) -> int:
        return len(self.seats) - self.count

    def earliest_departure(self) -> float:
        """The earliest planned end of a seated player's session (inf with nobody seated)."""
        return min(self._leaves)

    def next_departure(self) -> tuple[float, Player]:
        """(time, player) of the next departure (:attr:`next_change`): out of chips or done."""
        if self._bust_at is not None and self._bust_at[0] == self.next_change:
            return self._bust_at
        player = self.seats[self._leaves.index(self.next_change)]
        assert player is not None
        return self.next_change, player

    def seconds_per_round(self, players: int) -> float:
        """Seconds a round takes with ``players`` seated."""
        return self._seconds[players]

    def seat(self, player: Player, t: float) -> None:
        self.sync(t)
        s = self.seats.index(None)
        self.seats[s] = player
        self.count += 1
        player.seated_at = self
        rule = player.rule[self.group.name]
        self._occupied[s] = True
        self._rule[s] = rule
        self._lookup[s] = self.book.lookup_of[rule]
        self._mistake[s] = mistake_threshold(player.mistake)
        self._stake[s], self._paid[s] = self.money.tables(player.ante)
        side = player.side and self.meter is not None
        self._side[s] = side
        self._side_count += side
        self._limited[s] = not player.unlimited
        self._need[s] = player.ante * self.money.wagers[-1] + (self._wager if side else 0)
        self._rebuy_below[s] = player.ante * self.money.wagers[-1] + self._wager
        self._rebuy_unit[s] = player.ante * _REBUY_ANTES
        self._chips[s], self._net[s] = player.chips, player.net
        self._session[s] = player.session
        self._leaves[s] = player.leaves_at
        self._hands[s], self._bought[s] = player.hands, player.buy_ins
        self._theo += self.edges.get(rule, 0.0) * player.ante

    def unseat(self, player: Player, t: float) -> None:
        self.sync(t)
        s = self.seats.index(player)
        self.seats[s] = None
        self.count -= 1
        player.seated_at = None
        self._occupied[s] = False
        self._leaves[s] = math.inf
        self._side_count -= bool(self._side[s])
        player.chips, player.net = int(self._chips[s]), int(self._net[s])
        player.hands, player.buy_ins = int(self._hands[s]), int(self._bought[s])
        self._theo -= self.edges.get(self._rule[s], 0.0) * player.ante

    def set_dealing(self, dealing: bool, t: float) -> None:
        self.sync(t)
        self.dealing = dealing

    # --------------------------------------------------------------- planning
    def replan(self, t: float, until: float, *, pause: float = math.inf) -> None:
        """Deal the rounds that start in [t, ``until``) and end by ``pause`` (a break or closing:
        the dealer starts no round it cannot finish), for the seated players.

        Sets :attr:`next_change`: the earliest planned departure, or the end of the
        round after which a player cannot cover another, if that comes first.
        """
        self.next_round = max(self.next_round, t)
        self._plan = self._bust_at = None
        self.next_change = self.earliest_departure()
        n = self.count
        if not n or not self.dealing or until <= self.next_round:
            return
        seconds = self._seconds[n]
        rounds = math.ceil((until - self.next_round) / seconds)
        if pause < math.inf:
            rounds = min(rounds, math.floor((pause - self.next_round) / seconds))
        if rounds <= 0:
            return
        if rounds + 1 > len(self._cum):
            size = max(rounds + 1, 2 * len(self._cum))
            self._cum = np.zeros((size, N_SUMS))
            self._cum_net = np.zeros((size, len(self.seats)), np.int64)
            self._hits = np.zeros((size * len(self.seats), 3), np.int64)
        book, dealer = self.book, self.dealer
        n_hits, bust_round, bust_seat = plan_rounds(
            self._words.take(rounds * (5 * (n + 1) + n)), rounds, dealer.deck, *dealer.kernel_tables, self._occupied, self._rule, book.decide,
            self._lookup, book.masks, self._mistake, self._stake, self._paid, self._side,
            self._fixed, self._envy, self._meter_hand, self._wager, self._chips, self._limited,
            self._need, self._theo, self._cum, self._cum_net, self._hits,
        )  # fmt: skip
        self._committed = 0
        if bust_round < 0:
            self._plan = (self.next_round, seconds, rounds, n_hits)
            return
        self._plan = (self.next_round, seconds, bust_round + 1, n_hits)
        player = self.seats[bust_seat]
        assert player is not None
        self._bust_at = (self.next_round + (bust_round + 1) * seconds, player)
        self.next_change = min(self.next_change, self._bust_at[0])

    def sync(self, t: float) -> None:
        """Commit the planned rounds that started before ``t``; account seated time up to ``t``."""
        n = self.count
        if t > self.last_change and n:
            self.tally.add_span(self.last_change, t, SEAT_SECONDS, n)
            if self.dealing:
                self.tally.add_span(self.last_change, t, DEALING_SECONDS, 1)
        if t > self.last_change:
            self.last_change = t
        plan = self._plan
        if plan is None or t <= plan[0]:
            return
        start, seconds, rounds, _ = plan
        done = min(math.ceil((t - start) / seconds), rounds)
        if done and start + (done - 1) * seconds >= t:  # (t - start) / seconds rounded up past
            done -= 1  # a whole number: the round starting at t has not started before it
        if done > self._committed:
            self._commit(done)
            self.next_round = start + done * seconds

    def _commit(self, upto: int) -> None:
        """Settle planned rounds [committed, upto) for good: tally, seats, the day's sums."""
        assert self._plan is not None
        start, seconds, _, n_hits = self._plan
        counts = self._counts
        if counts[0] == len(self._runs) or counts[1] + n_hits > len(self._meter_hands):
            self.flush()
            if n_hits > len(self._meter_hands):
                self._meter_hands = np.zeros((2 * n_hits, 4))
        commit_plan(self.tally.rows, _SUMS, DROP, self._cum, self._cum_net, start, seconds,
                    self._committed, upto, self._occupied, self._limited, self._rebuy_below,
                    self._rebuy_unit, self._net, self._chips, self._hands, self._bought, self._day,
                    self._hits, n_hits, self._session, self._side_count if self.meter else 0,
                    self._runs, self._meter_hands, counts)  # fmt: skip
        self._committed = upto

    def flush(self) -> None:
        """Pass the money of the rounds committed since the last flush to the ledger and meter."""
        stake, main_win, paid, antes = (int(self._day[c]) for c in (2, 3, 5, 6))
        ledger = self.ledger
        ledger.post(ANTE, "players", "house", antes)
        ledger.post(RAISE, "players", "house", stake - antes)
        ledger.post(PAYOUT, "house", "players", stake - main_win)
        ledger.post(AWARD, "house", "players", paid)
        self._day[:] = 0
        n_runs, n_hits = self._counts.tolist()
        self._counts[:] = 0
        if self.meter is None:
            return
        self.meter.add_bet_runs(self._runs[:n_runs].copy())
        for time, seat, hand, session in self._meter_hands[:n_hits].tolist():
            self.meter.add_hit(time, self.index, int(seat), int(hand), int(session))


#: The running sums a plan keeps (:mod:`casino_sim.floor.banked_kernel`) and their tally columns.
_SUMS = np.array([ROUNDS, HANDS, HANDLE, MAIN_WIN, SIDE_HANDLE, SIDE_PAID, INITIAL_BETS, THEO_WIN])
