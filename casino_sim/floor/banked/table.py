"""A table of any banked game on the floor: seats, its deck, and its rounds up to any time.

:meth:`BankedGameTable.advance` deals the rounds up to a time in batches: between two
changes of seats the players are the same, so the rounds up to the next departure, break
or closing (and no more than any seat's chips can cover for certain) are dealt at once from
the table's persistent deck with the Monte Carlo's ``deal_block``; each seat's deal of
every round (:func:`~casino_sim.games.banked.language.rounds.seat_rows`: its own cards,
the shared board and dealer hand) is played by its player type's strategy and ends in a
cell of the Monte Carlo (``deal_cells``), whose money the plan settled once with the
solver's ``settle`` (:class:`~casino_sim.floor.banked.plan.TypeMoney`). Side bets on the
felt are settled by the language's ``side_bet_lines`` on the cards their hand reads (Casino
Hold'em's AA bonus: the seat's two cards and the flop; Texas Hold'em Bonus's bonus: the seat's
two cards and the dealer's). A progressive side bet (the group's linked meter) is settled by
the category of the hand it reads: the fixed awards and envy bonuses by the house, its bets
and meter-share hands passed to the meter (:mod:`casino_sim.floor.meters`, Caribbean Stud's
meter model), which pays the share awards when it settles; the bankroll check counts those as
nothing, as at a Caribbean Stud table.

A player leaves at the end of the session, or after the round that leaves a limited
bankroll unable to cover another (a player without a limit buys 40 bets of chips when
short); a round under way finishes with the players dealt in. Money is in whole cents,
breakage to the house; the ledger gets a day's money at :meth:`BankedGameTable.flush`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from casino_sim.engine.ledger import ANTE, AWARD, PAYOUT, RAISE, SIDE_BET, Ledger
from casino_sim.floor.banked.plan import BankedPlan, TypeMoney
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.tables import Visit
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
from casino_sim.games.banked.language.table_api import (
    RoundShape,
    deal_block,
    deal_cells,
    hand_categories,
    round_shape,
    seat_rows,
    side_bet_lines,
)

__all__ = ["REBUY_BETS", "BankedGameTable", "SeatTerms"]

#: Chips a player without a bankroll limit buys at a time, in bets.
REBUY_BETS = 40
#: Rounds dealt at once at the most, unless every seat's chips cover more for certain.
BATCH_ROUNDS = 32
#: The tally's columns a round books (in this order).
_COLUMNS = [ROUNDS, HANDS, HANDLE, MAIN_WIN, SIDE_HANDLE, SIDE_PAID, INITIAL_BETS, THEO_WIN]


@dataclass(frozen=True, eq=False)
class SeatTerms:
    """How a session plays at a banked game table (:attr:`Visit.play`): its player type's
    money and strategy, whether it plays the side bets, and whether its bankroll is limited."""

    money: TypeMoney
    side: bool
    limited: bool
    most: int  # the most a round can cost, cents: the largest stake and the side bets


class BankedGameTable:
    """One table of a banked game group (the :class:`~casino_sim.floor.tables.FloorTable`
    protocol)."""

    def __init__(self, index: int, plan: BankedPlan, rng: np.random.Generator, *, seats: int,
                 tally: TableTally, ledger: Ledger, log: SessionLog,
                 meter: LinkedProgressive | None = None) -> None:  # fmt: skip
        self.index, self.plan, self.tally, self.ledger, self.log = index, plan, tally, ledger, log
        self.meter = meter  # the group's linked progressive meter (plan.progressive)
        self.seats: list[Visit | None] = [None] * seats
        self.chips = [0] * seats
        self.since = [0.0] * seats  # seated since
        self.hands = [0] * seats
        self._bits = rng.bit_generator
        self._deck = np.arange(52, dtype=np.int64)  # persists from round to round
        self._shapes: dict[int, RoundShape] = {}
        self.last = 0.0  # the time the table has been advanced to
        self.next_round = 0.0
        self.dealing, self.pause = True, math.inf
        # cents: antes, stakes, paid, side bets and side paid on the felt, progressive awards
        self._day = np.zeros(6, np.int64)

    # ------------------------------------------------------------------ seats
    def free_seats(self, t: float) -> int:
        """Free seats at ``t``. Without dealing up to ``t``: a table with an empty seat (seats
        freed since count at the next look: the answer is at least 1 either way), and a full
        table nobody can leave before ``t``."""
        free = self.seats.count(None)
        if free or not self._may_empty(t):
            return free
        self.advance(t)
        return self.seats.count(None)

    def next_leave(self) -> float:
        """The earliest planned departure of a seated player (inf: nobody seated)."""
        return min((v.leaves_at for v in self.seats if v is not None), default=math.inf)

    def _may_empty(self, t: float) -> bool:
        """Could a seat empty before ``t``: a session ending, or a limited bankroll that the
        rounds up to ``t`` could leave short?"""
        rounds = (t - max(self.next_round, self.last)) / self.plan.pace[len(self.seats)] + 1
        for s, visit in enumerate(self.seats):
            assert visit is not None
            terms: SeatTerms = visit.play
            if visit.leaves_at < t or (terms.limited and self.chips[s] < terms.most * (rounds + 1)):
                return True
        return False

    def seat(self, visit: Visit, t: float) -> None:
        self.advance(t)
        self.tally.add(t, DROP, visit.buy_ins)
        s = self.seats.index(None)
        self.seats[s], self.chips[s], self.since[s], self.hands[s] = visit, visit.buy_ins, t, 0
        visit.seated_at = self
        self.next_round = max(self.next_round, t)

    def unseat(self, visit: Visit, t: float) -> None:
        self.advance(t)
        if visit in self.seats:
            self._stand(self.seats.index(visit), t)

    def _stand(self, s: int, t: float) -> Visit:
        visit = self.seats[s]
        assert visit is not None
        self.seats[s] = None
        visit.seated_at = None
        self.tally.add_span(self.since[s], t, SEAT_SECONDS, 1.0)
        self.log.hands[visit.session] += self.hands[s]
        return visit

    def set_hours(self, t: float, *, open_: bool, dealing: bool, pause: float) -> list[Visit]:
        self.advance(t)
        self.dealing, self.pause = dealing, pause
        self.next_round = max(self.next_round, t)
        return [] if open_ else self.close(t)

    def close(self, t: float) -> list[Visit]:
        self.advance(t)
        return [self._stand(s, t) for s, v in enumerate(self.seats) if v is not None]

    # ------------------------------------------------------------------ clock
    def advance(self, t: float) -> None:
        """Deal and book every round up to ``t``; the sessions that end before it end."""
        if t <= self.last:
            return
        while True:
            start = max(self.next_round, self.last)
            for s, visit in enumerate(self.seats):  # who leaves before the next round
                if visit is not None and visit.leaves_at <= min(start, t):
                    self._stand(s, visit.leaves_at).end(self.log)
            seated = [s for s, v in enumerate(self.seats) if v is not None]
            if not seated or not self.dealing or start >= t:
                break
            rounds = self._rounds(start, t, seated)
            if rounds == 0:
                break
            self._deal(start, rounds, seated)
        self.last = t

    def _rounds(self, start: float, t: float, seated: list[int]) -> int:
        """How many rounds from ``start`` to deal at once: those starting before ``t`` and the
        first departure and ending by the next pause; at most :data:`BATCH_ROUNDS`, or as many
        as every seat's chips cover whatever the cards (the rounds after one that leaves a
        seat short are not played: :meth:`_book`)."""
        seconds = self.plan.pace[len(seated)]
        until = min(t, *(self._visit(s).leaves_at for s in seated))
        rounds = max(math.ceil((until - start) / seconds), 0)
        while rounds and start + (rounds - 1) * seconds >= until:
            rounds -= 1
        if math.isfinite(self.pause):
            rounds = min(rounds, max(math.floor((self.pause - start) / seconds), 0))
            while rounds and start + rounds * seconds > self.pause:
                rounds -= 1
        safe = min((self.chips[s] - self._terms(s).most) // self._terms(s).most + 1 for s in seated)
        return min(rounds, max(safe, BATCH_ROUNDS))

    def _visit(self, s: int) -> Visit:
        visit = self.seats[s]
        assert visit is not None
        return visit

    def _terms(self, s: int) -> SeatTerms:
        terms: SeatTerms = self._visit(s).play
        return terms

    def _deal(self, start: float, rounds: int, seated: list[int]) -> None:
        """Deal ``rounds`` rounds to the ``seated`` seats from ``start`` and book them."""
        n, plan = len(seated), self.plan
        shape = self._shapes.get(n)
        if shape is None:
            shape = self._shapes[n] = round_shape(plan.game, n)
        dealt = np.empty((rounds, shape.cards), dtype=np.int64)
        deal_block(self._bits.random_raw(rounds * shape.cards), self._deck, dealt)
        rows = seat_rows(shape, dealt)  # [rounds x n, width]
        terms = [self._terms(s) for s in seated]
        stake = np.empty((rounds, n), np.int64)
        paid = np.empty((rounds, n), np.int64)
        for slot in {t.money.slot for t in terms}:
            mine = [i for i, t in enumerate(terms) if t.money.slot == slot]
            own = rows.reshape(rounds, n, -1)[:, mine].reshape(rounds * len(mine), -1)
            cells = deal_cells(plan.strategies[slot], own)[0].reshape(rounds, len(mine))
            for j, i in enumerate(mine):
                stake[:, i] = terms[i].money.stake[cells[:, j]]
                paid[:, i] = terms[i].money.paid[cells[:, j]]
        side_stake = np.zeros((rounds, n), np.int64)
        side_paid = np.zeros((rounds, n), np.int64)
        betting = [i for i, t in enumerate(terms) if t.side]
        if betting and plan.side_bets:
            hands = rows.reshape(rounds, n, -1)[:, betting]
            for k, pays in enumerate(plan.side_bets):
                columns = pays.columns(shape)
                cards = hands[:, :, columns].reshape(rounds * len(betting), -1)
                lines = side_bet_lines(pays, cards).reshape(rounds, len(betting))
                for j, i in enumerate(betting):
                    side_stake[:, i] += terms[i].money.bet
                    side_paid[:, i] += terms[i].money.side_paid[k][lines[:, j]]
        progressive = plan.progressive
        categories = np.zeros((rounds, 0), np.int64)
        if betting and progressive is not None:
            columns = shape.columns(progressive.owners, progressive.through)
            cards = rows.reshape(rounds, n, -1)[:, betting][:, :, columns]
            categories = hand_categories(cards.reshape(rounds * len(betting), -1))
            categories = categories.reshape(rounds, len(betting))
            envy = progressive.envy[categories]  # to every other seat with a side bet
            side_stake[:, betting] += progressive.wager
            side_paid[:, betting] += progressive.fixed[categories] + envy.sum(1)[:, None] - envy
        self._book(start, rounds, seated, terms, stake, paid, side_stake, side_paid,
                   progressive=(betting, categories))  # fmt: skip

    def _book(self, start: float, rounds: int, seated: list[int], terms: list[SeatTerms],
              stake: np.ndarray, paid: np.ndarray, side_stake: np.ndarray,
              side_paid: np.ndarray, *,
              progressive: tuple[list[int], np.ndarray]) -> None:  # fmt: skip
        """Book the rounds (``[round, seat]`` cents) to the tally, the day, the seats and the
        meter (``progressive``: the seats with a side bet and the category of each one's hand by
        round): up to the first that leaves a seat short of another round (the cards of those
        after it are not played)."""
        n = len(seated)
        seconds = self.plan.pace[n]
        nets = paid - stake + side_paid - side_stake
        chips = np.array([self.chips[s] for s in seated]) + np.cumsum(nets, axis=0)
        short = np.flatnonzero((chips < [t.most for t in terms]).any(axis=1))
        if len(short):
            rounds = int(short[0]) + 1
            stake, paid, nets = stake[:rounds], paid[:rounds], nets[:rounds]
            side_stake, side_paid = side_stake[:rounds], side_paid[:rounds]
        end = start + rounds * seconds
        times = start + seconds * np.arange(1, rounds + 1)
        bets = np.array([t.money.bet for t in terms], np.int64)
        theo = sum(t.money.theo for t in terms)
        values = np.column_stack([
            np.ones(rounds), np.full(rounds, n), stake.sum(axis=1), (stake - paid).sum(axis=1),
            side_stake.sum(axis=1), side_paid.sum(axis=1), np.full(rounds, bets.sum()),
            np.full(rounds, theo),
        ]).astype(np.float64)  # fmt: skip
        self.tally.add_columns(times, _COLUMNS, values)
        self.tally.add_span(start, end, DEALING_SECONDS, 1.0)
        betting, categories = progressive[0], progressive[1][:rounds]
        awards = 0
        if categories.size:
            awards = self._pass_to_meter(times, seconds, [seated[i] for i in betting], categories)
        wagers = 0 if self.plan.progressive is None else self.plan.progressive.wager
        felt = int(side_stake.sum()) - wagers * categories.size  # the meter takes its side bets
        self._day += [int(np.minimum(stake, bets).sum()), int(stake.sum()), int(paid.sum()),
                      felt, int(side_paid.sum()) - awards, awards]  # fmt: skip
        for i, net in enumerate(nets.sum(axis=0).tolist()):
            s = seated[i]
            visit, term = self._visit(s), terms[i]
            visit.net += net
            self.chips[s] += net
            self.hands[s] += rounds
            if self.chips[s] >= term.most:
                continue
            if term.limited:  # cannot cover another round: leaves after this one
                visit.leaves_at = min(visit.leaves_at, end)
                continue
            unit = REBUY_BETS * term.money.bet  # no limit: buys more chips
            more = unit * -(-(term.most - self.chips[s]) // unit)
            self.chips[s] += more
            visit.buy_ins += more
            self.tally.add(end, DROP, more)
        self.next_round = end

    def _pass_to_meter(
        self, times: np.ndarray, seconds: float, seats: list[int], categories: np.ndarray
    ) -> int:
        """The progressive side bets of the seats ``seats`` (their hands' ``categories`` by round
        ending at ``times``) to the linked meter: the bets, and each meter-share hand with its
        session; the fixed awards and envy bonuses the house pays (cents) returned."""
        progressive, meter = self.plan.progressive, self.meter
        assert progressive is not None and meter is not None
        meter.add_bet_runs(np.array([[times[0], seconds, len(times), len(seats)]], np.float64))
        for r, j in zip(*np.nonzero(progressive.meter_hands[categories]), strict=True):
            session = self._visit(seats[j]).session
            meter.add_hit(float(times[r]), self.index, seats[j], int(categories[r, j]), session)
        envy = progressive.envy[categories]
        return int((progressive.fixed[categories] + envy.sum(1)[:, None] - envy).sum())

    def flush(self) -> None:
        """Pass the money of the rounds booked since the last flush to the ledger (the
        progressive's side bets reach it through the meter, which takes them)."""
        antes, stakes, paid, side_bets, side_paid, awards = (int(x) for x in self._day)
        ledger = self.ledger
        ledger.post(ANTE, "players", "house", antes)
        ledger.post(RAISE, "players", "house", stakes - antes)
        ledger.post(PAYOUT, "house", "players", paid)
        ledger.post(SIDE_BET, "players", "house", side_bets)
        ledger.post(PAYOUT, "house", "players", side_paid)
        ledger.post(AWARD, "house", "players", awards)
        self._day[:] = 0
