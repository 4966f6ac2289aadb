"""Linked meters on the floor, settled in time order: the pit's progressive and the room's bad beat.

Tables settle their rounds in batches (up to the next change of seats), each
at its own pace, so a meter shared by several tables receives its money out
of time order. A meter here only *collects* what the tables report (side bets
or jackpot drops with their times, and hits with their time, table and
session), and :meth:`LinkedProgressive.settle` / :meth:`LinkedBadBeat.settle`
replay everything up to a time in time order through the one meter model
(:class:`~casino_sim.games.banked.caribbean_stud.meter.ProgressiveMeter`,
:class:`~casino_sim.games.poker_room.house.JackpotMeter`) and the floor's
ledger. Side bets between two hits are credited together, which the meter's
exact carry makes identical to crediting them one by one. The floor settles
every meter at each midnight and at the end, so nothing waits longer than a day.

The path is kept at fixed times (a grid shared by every replication, so bands
can be drawn across them): memory does not grow with the number of rounds.

>>> from casino_sim.config import load_progressive
>>> from casino_sim.engine.ledger import Ledger
>>> meter = LinkedProgressive("pit", load_progressive("progressives/50-75-100"), Ledger(),
...                           grid=np.array([0.0, 100.0]))
>>> meter.add_bets(np.array([50.0, 60.0]), np.array([3, 2]))
>>> meter.settle(100.0)
>>> meter.path  # 10,000.00 seed, then 5 side bets x $0.65 (the 50/75/100 rate)
[1000000, 1000325]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.money import cents
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.config.stud_table import BadBeatJackpot
from casino_sim.engine.ledger import JACKPOT_PAYOUT, SEED, Ledger
from casino_sim.games.banked.caribbean_stud.table_api import ProgressiveMeter
from casino_sim.games.poker_room.table_api import JackpotMeter

__all__ = ["Hit", "LinkedBadBeat", "LinkedProgressive"]

#: Called with (session id, cents) when a meter pays a session.
Credit = Callable[[int, int], None]


@dataclass(frozen=True)
class Hit:
    """A meter paid out: when (seconds), at which table, for which hand, how much, from what meter."""

    time: float
    table: int
    hand: str
    amount: int  # cents paid from the meter (a bad beat: the whole jackpot, all shares)
    meter_before: int  # the meter just before the hit, cents


class _Linked:
    """What both kinds share: pending money by time, pending hits, the path on the grid."""

    def __init__(self, grid: np.ndarray) -> None:
        self.grid = grid
        self._grid_next = 0
        self._times: list[np.ndarray] = []
        self._amounts: list[np.ndarray] = []
        self._runs: list[np.ndarray] = []
        self._hits: list[tuple[float, int, int, tuple[object, ...]]] = []
        self.path: list[int] = []
        self.hits: list[Hit] = []
        self.credited = 0  # side bets (progressive) or drop cents (bad beat) settled so far

    def _take(self, until: float) -> tuple[np.ndarray, np.ndarray]:
        if self._runs:
            first, step, count, each = np.concatenate(self._runs).T
            count = count.astype(np.int64)
            run = np.repeat(np.arange(len(count)), count)
            offset = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
            self._times.append(first[run] + step[run] * offset)
            self._amounts.append(each[run].astype(np.int64))
            self._runs = []
        if not self._times:
            return np.zeros(0), np.zeros(0, np.int64)
        times = np.concatenate(self._times)
        amounts = np.concatenate(self._amounts)
        now = times <= until
        self._times = [times[~now]] if (~now).any() else []
        self._amounts = [amounts[~now]] if (~now).any() else []
        order = np.argsort(times[now], kind="stable")
        return times[now][order], amounts[now][order]

    def _settle(
        self, until: float, credit: Callable[[int], None], hit: Callable[..., None]
    ) -> None:
        """Replay money and hits up to ``until`` in time order; ``credit(n)`` feeds the meter."""
        times, amounts = self._take(until)
        cumulative = np.concatenate([[0], np.cumsum(amounts)]).astype(np.int64)
        hits = sorted(h for h in self._hits if h[0] <= until)
        self._hits = [h for h in self._hits if h[0] > until]
        grid_end = int(np.searchsorted(self.grid, until, side="right"))
        events = [(h[0], 0, h[1], h[2], h[3]) for h in hits]
        events += [(float(self.grid[g]), 1, 0, g, ()) for g in range(self._grid_next, grid_end)]
        done = 0
        for t, kind, table, _, args in sorted(events):
            upto = int(cumulative[np.searchsorted(times, t, side="right")])
            credit(upto - done)
            done = upto
            if kind == 0:
                hit(t, table, *args)
            else:
                self.path.append(self._value())
        credit(int(cumulative[-1]) - done)
        self._grid_next = grid_end

    def _value(self) -> int:
        raise NotImplementedError


class LinkedProgressive(_Linked):
    """A Caribbean Stud progressive shared by a pit: side bets by time, meter-share hits."""

    def __init__(
        self,
        name: str,
        progressive: ProgressivePaytable,
        ledger: Ledger,
        *,
        grid: np.ndarray,
        start: Fraction | None = None,
        credit_session: Credit | None = None,
    ) -> None:
        super().__init__(grid)
        self.name = name
        self.progressive = progressive
        self.meter = ProgressiveMeter(progressive, ledger=ledger, name=name, start=start)
        self.start_liability = self.meter.liability_cents
        self._credit_session = credit_session
        self.bets = 0
        shares = {CATEGORY_KEYS.index(k) for k, a in progressive.awards.items() if a.meter_share}
        self.meter_categories = frozenset(shares)

    def add_bets(self, times: np.ndarray, counts: np.ndarray) -> None:
        """Side bets placed at ``times`` (round ends), ``counts[i]`` of them."""
        self._times.append(np.asarray(times, float))
        self._amounts.append(np.asarray(counts, np.int64))

    def add_bet_runs(self, runs: np.ndarray) -> None:
        """Runs of side bets: rows (first, step, rounds, per round): ``per round`` side bets in
        each of ``rounds`` rounds ending at ``first + i * step``."""
        self._runs.append(runs)

    def add_hit(self, time: float, table: int, seat: int, category: int, session: int) -> None:
        """A hand of ``category`` (one of :attr:`meter_categories`) by ``session`` at ``time``."""
        self._hits.append((time, table, seat, (category, session)))

    def _value(self) -> int:
        return self.meter.meter_cents

    def _bet(self, count: int) -> None:
        self.meter.bet(count)
        self.bets += count

    def _hit(self, t: float, table: int, category: int, session: int) -> None:
        before = self.meter.meter_cents
        paid = self.meter.award(category)
        self.hits.append(Hit(t, table, CATEGORY_KEYS[category], paid, before))
        if self._credit_session is not None:
            self._credit_session(session, paid)

    def settle(self, until: float) -> None:
        """Replay everything up to ``until`` (seconds) through the meter, in time order."""
        self._settle(until, self._bet, self._hit)

    @property
    def liability(self) -> int:
        """Meter plus reserve, cents: the players' money held."""
        return self.meter.liability_cents


class LinkedBadBeat(_Linked):
    """A bad-beat jackpot shared by a card room: drops by time, hits with their sessions."""

    def __init__(
        self,
        name: str,
        rule: BadBeatJackpot,
        ledger: Ledger,
        *,
        grid: np.ndarray,
        start: Fraction | None = None,
        credit_session: Credit | None = None,
    ) -> None:
        super().__init__(grid)
        self.name = name
        self.account = f"jackpot:{name}"
        self.jackpot = JackpotMeter(rule, amount=None if start is None else cents(start))
        self.ledger = ledger
        ledger.post(SEED, "house", self.account, self.jackpot.amount)  # the opening seed
        self.start_liability = self.jackpot.amount
        self._credit_session = credit_session

    def add_drops(self, times: np.ndarray, amounts: np.ndarray) -> None:
        """Jackpot drops (cents) taken from pots that ended at ``times``."""
        self._times.append(np.asarray(times, float))
        self._amounts.append(np.asarray(amounts, np.int64))

    def add_hit(
        self, time: float, table: int, loser: int, winner: int, others: tuple[int, ...]
    ) -> None:
        """A bad beat at ``time``: the losing and winning sessions and the others dealt in."""
        self._hits.append((time, table, 0, (loser, winner, others)))

    def _value(self) -> int:
        return self.jackpot.amount

    def _drop(self, amount: int) -> None:
        if amount:
            self.jackpot.add_drop(amount)
            self.credited += amount

    def _hit(self, t: float, table: int, loser: int, winner: int, others: tuple[int, ...]) -> None:
        before, seeded = self.jackpot.amount, self.jackpot.house_seeded
        paid = self.jackpot.hit()
        self.ledger.post(SEED, "house", self.account, self.jackpot.house_seeded - seeded)
        to_loser, to_winner, each = self.jackpot.split(paid, len(others))
        for session, amount in (
            (loser, to_loser),
            (winner, to_winner),
            *zip(others, each, strict=True),
        ):
            self.ledger.post(JACKPOT_PAYOUT, self.account, "players", amount)
            if self._credit_session is not None:
                self._credit_session(session, amount)
        self.hits.append(Hit(t, table, "bad_beat", paid, before))

    def settle(self, until: float) -> None:
        """Replay drops and hits up to ``until`` (seconds) in time order."""
        self._settle(until, self._drop, self._hit)

    @property
    def liability(self) -> int:
        """Jackpot plus reserve, cents: the players' money held."""
        return self.jackpot.amount + self.jackpot.reserve
