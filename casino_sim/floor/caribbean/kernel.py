"""The compiled clock of a floor's Caribbean Stud table: rounds, busts and departures up to a time.

:func:`advance` brings a table from where it stands to time ``t`` as the
floor would see it happen: it deals back-to-back rounds to the seated
players (in seat order, from the table's persistent deck, with
:func:`~casino_sim.games.banked.caribbean_stud.round_kernel.deal_round`, the
round the Monte Carlo deals: the same random words give the same cards and
decisions), settles each in cents (the side bet by
:func:`~casino_sim.games.banked.caribbean_stud.round_kernel.settle_side_bets`)
and books it at once (the tally's clock hour, the seats, the day's sums, the
linked meter's side bets and meter hands). A player leaves at the end of
their session, or at the end of the round after which their limited bankroll
cannot cover another (a player without a limit buys more chips instead);
the rounds after a departure are dealt to those who stay, at their pace. A
round starts only if it ends by the next break or closing (``pause``), and
starts no earlier than the last change of seats. Seated and dealing time are
added to the tally as they pass.

Nothing here waits on the floor: the floor calls :func:`advance` before it
looks at a table (hours, midnight, a full table, the end), so a table's
rounds are dealt exactly once, only as far as they are needed. A player who
sits down is queued (:class:`Arrivals`) rather than dealt to at once:
:func:`advance` first brings the table to each queued arrival's time and
seats it there, as if the floor had advanced the table at each arrival.

The table's state, documented once here:

* :data:`CLOCK`: one record (a structured array of one row) with the table's times,
  whether it deals, its next random word and how full its output buffers are;
* :data:`SEAT`: one record a seat (a structured array, one row a seat);
* :class:`TableGame`: what every round reads (evaluator, strategies, side bet, pace);
* :class:`TableBook`: where the rounds are booked (the tally's rows, the day's sums
  :data:`DAY`, the meter's side-bet runs :data:`RUN` and hands :data:`HIT`, the
  departures :data:`DEPARTURE`);
* :class:`Arrivals`: the players queued to sit down (:data:`ARRIVAL`) and the seat
  records they sit down with.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numba
import numpy as np
from numba import njit

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
    add_span_rows,
)
from casino_sim.games.banked.caribbean_stud.table_api import (
    OUTCOMES,
    HandTables,
    RoundOut,
    SeatRules,
    SideAwards,
    SideBet,
    Strategies,
    deal_round,
    settle_side_bets,
    words_per_round,
)

__all__ = [
    "ARRIVAL",
    "CLOCK",
    "DAY",
    "DEPARTURE",
    "DONE",
    "FULL",
    "HIT",
    "NEED_WORDS",
    "RUN",
    "SEAT",
    "Arrivals",
    "TableBook",
    "TableGame",
    "advance",
    "bind_advance",
    "new_clock",
]

#: :func:`advance` return codes: done, out of random words, an output buffer full.
DONE, NEED_WORDS, FULL = 0, 1, 2
_FOLD = 0  # the outcome code of a fold: a seat's stake then is its ante

#: The table's clock and counters (one record: see :func:`new_clock`).
CLOCK = np.dtype(
    [
        ("next_round", np.float64),  # the next round's earliest start
        (
            "last_change",
            np.float64,
        ),  # the last change of seats (time is booked up to it)
        ("pause", np.float64),  # the next break or closing: no round runs past it
        ("safe", np.float64),  # nobody can leave before it (advance sets it)
        ("dealing", np.int64),  # 1 while the table deals
        ("word", np.int64),  # the next unread random word
        ("runs", np.int64),  # rows of TableBook.runs written
        ("hits", np.int64),  # rows of TableBook.hits written
        ("gone", np.int64),  # rows of TableBook.departed written
        ("arrivals", np.int64),  # rows of Arrivals.queue written
        ("seated", np.int64),  # of those, seated
    ]
)

#: One seat: who sits there and how they play (a structured array, one row a seat). A
#: limited bankroll leaves when its chips fall under ``need``; an unlimited one buys
#: ``rebuy_unit`` chips at a time when under ``rebuy_below``.
SEAT = np.dtype(
    [
        ("occupied", np.int64),
        ("rule", np.int64),  # the strategy's row of Strategies.decide
        ("lookup", np.int64),  # its row of Strategies.masks
        ("side", np.int64),  # takes the side bet
        ("limited", np.int64),  # bankroll limited (leaves when short) or not (rebuys)
        (
            "need",
            np.int64,
        ),  # chips needed for a round: the largest stake and the side bet
        ("rebuy_below", np.int64),
        ("rebuy_unit", np.int64),
        ("session", np.int64),  # the session's id in the floor's SessionLog
        ("chips", np.int64),
        ("net", np.int64),  # the session's result so far
        ("hands", np.int64),
        ("bought", np.int64),  # chips bought (the drop)
        ("mistake", np.uint64),  # decision-reversal threshold (round_kernel.SeatRules)
        ("theo", np.float64),  # theoretical win a round (ante x exact house edge)
        ("leaves", np.float64),  # planned departure (inf: none)
        ("stake", np.int64, (len(OUTCOMES),)),  # cents staked by outcome code
        ("paid", np.int64, (len(OUTCOMES),)),  # cents paid back by outcome code
    ]
)

#: The day's sums of the rounds booked since the last flush (cents; one record).
DAY = np.dtype(
    [
        (name, np.float64)
        for name in (
            "rounds",
            "hands",
            "handle",
            "main_win",  # the house's main-game result
            "side_handle",
            "side_paid",  # fixed awards and envy bonuses, paid by the house
            "initial_bets",  # antes
            "theo_win",
        )
    ]
)

#: A run of side bets for the linked meter (LinkedProgressive.add_bet_runs's row): ``per_round``
#: side bets in each of ``rounds`` rounds ending at ``first + i * step``.
RUN = np.dtype([(name, np.float64) for name in ("first", "step", "rounds", "per_round")])
#: A hand that takes a share of the meter.
HIT = np.dtype(
    [
        ("time", np.float64),
        ("seat", np.int64),
        ("category", np.int64),
        ("session", np.int64),
    ]
)
#: A seat emptied before the time advanced to, and the session's figures there.
DEPARTURE = np.dtype(
    [
        ("seat", np.int64),
        ("time", np.float64),
        ("session", np.int64),
        ("net", np.int64),
        ("hands", np.int64),
        ("bought", np.int64),
    ]
)
#: A player queued to sit down: when, the seat record to sit with (a row of
#: :attr:`Arrivals.figures`), the session, its chips (the buy-in: the drop, booked as it
#: sits down) and its planned departure.
ARRIVAL = np.dtype(
    [
        ("time", np.float64),
        ("figures", np.int64),
        ("session", np.int64),
        ("chips", np.int64),
        ("leaves", np.float64),
    ]
)


class TableGame(NamedTuple):
    """What every round at a table reads (fixed for the table's life)."""

    hands: HandTables
    strategies: Strategies
    side: SideBet  #: in cents
    wager: int  #: the side bet, cents (0: none)
    seconds_of: np.ndarray  #: float64[seats + 1]: a round's length with ``n`` players


class TableBook(NamedTuple):
    """Where :func:`advance` books the rounds (the counts of rows used are in :data:`CLOCK`)."""

    rows: np.ndarray  #: float64[hours, METRICS]: the table's tally (floor.tally)
    day: np.ndarray  #: DAY[1]: the day's sums
    runs: np.ndarray  #: RUN[k]: side-bet runs for the linked meter
    hits: np.ndarray  #: HIT[k]: meter hands
    departed: np.ndarray  #: DEPARTURE[seats]: departures


class Arrivals(NamedTuple):
    """The players who sat down since the table was last advanced (the counts of rows
    written and seated are in :data:`CLOCK`)."""

    queue: np.ndarray  #: ARRIVAL[seats]: in the order they sat down
    figures: np.ndarray  #: SEAT[m]: the seat records they sit down with (their own figures 0)


def new_clock() -> np.ndarray:
    """A table's :data:`CLOCK` at time 0: dealing, no pause ahead, nothing known to be safe."""
    clock = np.zeros(1, CLOCK)
    clock["pause"], clock["safe"], clock["dealing"] = math.inf, -math.inf, 1
    return clock


def bind_advance(
    clock_row: np.ndarray,
    seats: np.ndarray,
    deck: np.ndarray,
    game: TableGame,
    book: TableBook,
    arrivals: Arrivals,
) -> Callable[[float, np.ndarray], int]:
    """:func:`advance` for one table's arrays, its argument types resolved once:
    ``call(t, words)`` is ``advance(t, clock_row, seats, words, deck, game, book, arrivals)``.

    A compiled call first types its arguments: fast for plain arrays and numbers, but tens
    of microseconds for records and named tuples, and a floor calls a table's clock tens of
    thousands of times. So the table resolves the types once, here (compiling, or loading
    from numba's cache, :func:`advance` for them), and calls the compiled entry point.
    """
    words = np.zeros(0, np.uint64)  # the type of every block of words
    arguments = (0.0, clock_row, seats, words, deck, game, book, arrivals)
    types = tuple(numba.typeof(a) for a in arguments)  # type: ignore[no-untyped-call]
    entry: Callable[..., int] = advance.compile(types)

    def call(t: float, words: np.ndarray) -> int:
        return entry(t, clock_row, seats, words, deck, game, book, arrivals)

    return call


@njit(cache=True)
def _pass_time(rows, start, end, n, dealing):  # type: ignore[no-untyped-def]
    """Seat seconds (``n`` players) and dealing seconds over [start, end)."""
    if end > start and n:
        add_span_rows(rows, start, end, SEAT_SECONDS, float(n))
        if dealing:
            add_span_rows(rows, start, end, DEALING_SECONDS, 1.0)


@njit(cache=True)
def _safe_until(clock, seats, fastest, wager):  # type: ignore[no-untyped-def]
    """A time before which nobody leaves: no session ends, and no limited bankroll can fall
    short, losing every round's largest stake (and side bet) at the fastest pace."""
    safe = math.inf
    for s in range(seats.shape[0]):
        seat = seats[s]
        if not seat.occupied:
            continue
        safe = min(safe, seat.leaves)
        if seat.limited and clock.dealing:
            most = seat.stake.max() + (wager if seat.side else 0)
            rounds = (seat.chips - seat.need) // most + 1
            safe = min(safe, clock.next_round + rounds * fastest)
    return safe


@njit(cache=True)
def advance(t, clock_row, seats, words, deck, game, book, arrivals):  # type: ignore[no-untyped-def]
    """Seat the queued ``arrivals``, each after bringing the table to its time, then bring
    the table to time ``t`` (none before the table's last change: ``-inf`` seats the queue
    only); returns :data:`DONE`, or :data:`NEED_WORDS` / :data:`FULL` (``words``, or
    ``book.runs`` / ``book.hits``, ran out: call again when refilled or emptied; everything
    before is booked). The players seated and queued fit the seats (so a seat is free for
    each queued player at its time, and ``book.departed`` has a row for every departure).

    ``clock_row``: :data:`CLOCK` [1]; ``seats``: :data:`SEAT` [seats]; ``words``: the
    table's random words (uint64), read from ``clock.word``; ``deck``: int64[52], the
    table's persistent deck; ``game``: :class:`TableGame`; ``book``: :class:`TableBook`;
    ``arrivals``: :class:`Arrivals`.
    """
    clock = clock_row[0]
    queue, figures, rows = arrivals.queue, arrivals.figures, book.rows
    while clock.seated < clock.arrivals:
        arrival = queue[clock.seated]
        code = _deal(arrival.time, clock_row, seats, words, deck, game, book)
        if code != DONE:
            return code
        s = 0
        while seats[s].occupied:  # the first free seat
            s += 1
        seats[s] = figures[arrival.figures]
        seat = seats[s]
        seat.session, seat.chips, seat.bought = arrival.session, arrival.chips, arrival.chips
        seat.leaves = arrival.leaves
        rows[min(max(int(arrival.time // 3600.0), 0), rows.shape[0] - 1), DROP] += arrival.chips
        clock.next_round = max(clock.next_round, arrival.time)
        clock.safe = -math.inf  # known again at the next advance
        clock.seated += 1
    clock.arrivals = clock.seated = 0
    if t < clock.last_change:
        return DONE
    return _deal(t, clock_row, seats, words, deck, game, book)


@njit(cache=True)
def _deal(t, clock_row, seats, words, deck, game, book):  # type: ignore[no-untyped-def]
    """Bring the table to time ``t`` (no earlier than its last change) with the players
    seated: :func:`advance` without the queue."""
    # every field read once, here: a read of a tuple's array field counts a reference (see
    # round_kernel.deal_round)
    clock = clock_row[0]
    day = book.day[0]
    rows, runs, hits, departed = book.rows, book.runs, book.hits, book.departed
    hands, strategies, side, wager = game.hands, game.strategies, game.side, game.wager
    seconds_of = game.seconds_of
    n_seats = seats.shape[0]
    order = np.empty(n_seats, np.int64)
    rule, table, mistake = (
        np.empty(n_seats, np.int64),
        np.empty(n_seats, np.int64),
        np.empty(n_seats, np.uint64),
    )
    rules = SeatRules(rule, table, mistake)
    betting = np.empty(n_seats, np.bool_)
    outcome, category = np.empty(n_seats, np.int64), np.empty(n_seats, np.int64)
    out = RoundOut(outcome, category)
    fixed, envy, meter = (
        np.empty(n_seats, np.int64),
        np.empty(n_seats, np.int64),
        np.empty(n_seats, np.bool_),
    )
    awards = SideAwards(fixed, envy, meter)
    sums = np.zeros(1, DAY)[0]  # a round's sums
    top = rows.shape[0] - 1
    while True:
        n = 0
        gone_at = math.inf
        for s in range(n_seats):
            seat = seats[s]
            if seat.occupied:
                order[n] = s
                rule[n], table[n], mistake[n] = seat.rule, seat.lookup, seat.mistake
                betting[n] = seat.side != 0
                n += 1
                gone_at = min(gone_at, seat.leaves)
        if clock.dealing and n:
            seconds = seconds_of[n]
            side_count = 0
            antes = 0
            theo_round = 0.0
            for i in range(n):
                seat = seats[order[i]]
                if seat.side:
                    side_count += 1
                antes += seat.stake[_FOLD]
                theo_round += seat.theo
            run_first = 0.0
            run_rounds = 0
            code = DONE
            until = min(t, gone_at)
            while clock.next_round < until and clock.next_round + seconds <= clock.pause:
                if clock.word + words_per_round(n, True) > words.shape[0]:
                    code = NEED_WORDS
                    break
                if clock.runs + 1 >= runs.shape[0] or clock.hits + n > hits.shape[0]:
                    code = FULL
                    break
                clock.word, _ = deal_round(
                    words, clock.word, n, deck, hands, strategies, rules, out
                )
                settle_side_bets(side, category, betting, n, awards)
                end = clock.next_round + seconds
                hour = min(int(end // 3600.0), top)
                stake = paid = side_paid = 0
                for i in range(n):
                    s = order[i]
                    seat = seats[s]
                    st = seat.stake[outcome[i]]
                    pa = seat.paid[outcome[i]]
                    won = pa - st
                    if betting[i]:
                        award = fixed[i] + envy[i]
                        side_paid += award
                        won += award - wager
                        if meter[i]:
                            hit = hits[clock.hits]
                            hit.time, hit.seat = end, s
                            hit.category, hit.session = category[i], seat.session
                            clock.hits += 1
                    stake += st
                    paid += pa
                    seat.net += won
                    seat.chips += won
                    seat.hands += 1
                    if seat.limited:
                        if seat.chips < seat.need:  # cannot cover another round: leaves after it
                            seat.leaves = min(seat.leaves, end)
                            until = min(until, end)
                    elif seat.chips < seat.rebuy_below:  # no limit: buys more chips when short
                        unit = seat.rebuy_unit
                        more = unit * ((seat.rebuy_below - seat.chips + unit - 1) // unit)
                        seat.chips += more
                        seat.bought += more
                        rows[hour, DROP] += more
                sums.rounds, sums.hands, sums.handle = 1.0, float(n), float(stake)
                sums.main_win, sums.side_handle = (
                    float(stake - paid),
                    float(side_count * wager),
                )
                sums.side_paid, sums.initial_bets, sums.theo_win = (
                    side_paid,
                    antes,
                    theo_round,
                )
                _book_round(rows, hour, day, sums)
                if run_rounds == 0:
                    run_first = end
                run_rounds += 1
                clock.next_round = end
            if side_count and run_rounds:
                run = runs[clock.runs]
                run.first, run.step = run_first, seconds
                run.rounds, run.per_round = run_rounds, side_count
                clock.runs += 1
            if code != DONE:
                return code
            gone_at = math.inf
            for i in range(n):
                gone_at = min(gone_at, seats[order[i]].leaves)
        if gone_at < t:  # the first departure before t: time passes to it, the seat empties
            _pass_time(rows, clock.last_change, gone_at, n, clock.dealing)
            clock.last_change = gone_at
            for i in range(n):
                s = order[i]
                seat = seats[s]
                if seat.leaves == gone_at:
                    seat.occupied = 0
                    seat.leaves = math.inf
                    departure = departed[clock.gone]
                    departure.seat, departure.time = s, gone_at
                    departure.session, departure.net = seat.session, seat.net
                    departure.hands, departure.bought = seat.hands, seat.bought
                    clock.gone += 1
                    break
            clock.next_round = max(clock.next_round, gone_at)
            continue
        if t > clock.last_change:
            _pass_time(rows, clock.last_change, t, n, clock.dealing)
            clock.last_change = t
        clock.safe = _safe_until(clock, seats, seconds_of[1], wager)
        return DONE


@njit(cache=True, inline="always")
def _book_round(rows, hour, day, sums):  # type: ignore[no-untyped-def]
    """A round's ``sums`` (:data:`DAY`) to its clock ``hour``'s tally row and to the ``day``."""
    rows[hour, ROUNDS] += sums.rounds
    rows[hour, HANDS] += sums.hands
    rows[hour, HANDLE] += sums.handle
    rows[hour, MAIN_WIN] += sums.main_win
    rows[hour, SIDE_HANDLE] += sums.side_handle
    rows[hour, SIDE_PAID] += sums.side_paid
    rows[hour, INITIAL_BETS] += sums.initial_bets
    rows[hour, THEO_WIN] += sums.theo_win
    day.rounds += sums.rounds
    day.hands += sums.hands
    day.handle += sums.handle
    day.main_win += sums.main_win
    day.side_handle += sums.side_handle
    day.side_paid += sums.side_paid
    day.initial_bets += sums.initial_bets
    day.theo_win += sums.theo_win
