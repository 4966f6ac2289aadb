"""The compiled day of a floor's stud table: every hand of its recorded segments in one call.

A *segment* is a stretch of clock time with the same players seated
(``[start, end)``, the next break or closing, the seats' bots and sessions).
Hands are a table's own business (each starts every player with the buy-in,
so no result changes who sits where), so the floor records segments as seats
change and :func:`play_segments` plays them all later, once a simulated day:

* hand after hand from the table's deck pool (hand ``i`` of the table takes
  deck ``i``), a hand starting at the end of the previous one or at the
  segment's start, whichever is later; a hand starting before the segment's
  end finishes with its players; the dealer starts no hand that would run
  past the break or closing;
* a hand lasts ``seconds_per_hand + seconds_per_player x players +
  seconds_per_street x streets + seconds_per_showdown x showdown``;
* each hand is booked to its clock hour's tally row (a round, its players,
  the chips put in, rake, jackpot drop) and to its players' sessions, its
  jackpot drop and any bad beat to the outputs the meter reads.

Blocks of hands are played by the stud engine's own kernels
(:func:`~casino_sim.games.poker_room.fast_kernel.play_hands`, the evaluator's,
:func:`~casino_sim.games.poker_room.fast_settle.settle_hands`), sized from the
hands' typical length and trimmed to those that fit, so nothing is played
twice and no deck is skipped. A block holding a hand the kernel cannot deal
(the Python engine replays those) stops the call with :data:`REPLAY`: the
caller plays that segment with the Python engine and calls again.

The kernels take named structures (each documented below with its shapes): a
table's :class:`Pool` of decks, its recorded :class:`Segments`, its
:class:`Progress`, its :class:`FloorGame` (:func:`floor_game`), where the hands
are booked (:class:`Bookings`), and for a block of hands its
:class:`~casino_sim.games.poker_room.fast_state.Outcomes`, its :class:`Window` of
clock time and the table's :class:`Pace`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import Pace as PaceConfig
from casino_sim.config.stud_table import StudTable
from casino_sim.evaluator.api import eight_or_better_threshold
from casino_sim.evaluator.kernels import a5_kernel, a6_kernel, high_kernel, hilo_kernel
from casino_sim.evaluator.tables import Lookup, lookup
from casino_sim.games.poker_room.table_api import (
    RANK_HIGH,
    RANK_HILO,
    RANK_LOW,
    RANKING,
    Block,
    Outcomes,
    Played,
    Settled,
    StudGame,
    kernel_config,
    play_hands,
    settle_hands,
)

__all__ = [
    "DONE",
    "END",
    "HANDS_PLAYED",
    "HIT_FIRST",
    "HIT_LOSER",
    "HIT_SEGMENT",
    "HIT_WINNER",
    "NEXT_DECK",
    "NEXT_SEGMENT",
    "N_DROPS",
    "N_HITS",
    "PAUSE",
    "REPLAY",
    "START",
    "TOTAL_DROP",
    "TOTAL_NET",
    "TOTAL_PUT_IN",
    "TOTAL_RAKE",
    "Bookings",
    "EvaluatorTables",
    "FloorGame",
    "Outcomes",
    "Pace",
    "Pool",
    "Progress",
    "Segments",
    "Window",
    "book_hands",
    "compile_evaluation",
    "evaluator_tables",
    "floor_game",
    "play_segments",
    "time_hands",
]

#: :func:`play_segments` return codes.
DONE, REPLAY = 0, 1
_MAX_BLOCK = 4096  # hands played per kernel call

#: Columns of :attr:`Segments.times`.
START, END, PAUSE = range(3)
#: Entries of :attr:`Progress.state`.
NEXT_SEGMENT, NEXT_DECK, HANDS_PLAYED = range(3)
#: Entries of :attr:`Bookings.totals`.
TOTAL_PUT_IN, TOTAL_NET, TOTAL_RAKE, TOTAL_DROP = range(4)
#: Columns of :attr:`Bookings.hits`.
HIT_SEGMENT, HIT_FIRST, HIT_LOSER, HIT_WINNER = range(4)
#: Entries of :attr:`Bookings.counts`.
N_DROPS, N_HITS = range(2)


class Pace(NamedTuple):
    """How long a hand takes, in seconds (the table's ``pace``, as floats)."""

    per_hand: float
    per_player: float
    per_street: float
    per_showdown: float

    @classmethod
    def of(cls, pace: PaceConfig) -> Pace:
        """The kernels' pace of a table's :class:`~casino_sim.config.stud_table.Pace`."""
        return cls(
            float(pace.seconds_per_hand),
            float(pace.seconds_per_player),
            float(pace.seconds_per_street),
            float(pace.seconds_per_showdown),
        )


class Window(NamedTuple):
    """The clock of a segment's hands, in seconds of the run."""

    start: float  #: the next hand's earliest start
    end: float  #: no hand starts at or after this
    pause: float  #: the next break or closing: no hand runs past it


class EvaluatorTables(NamedTuple):
    """The evaluator's tables for a variant's hands (:func:`evaluator_tables`)."""

    lookup: Lookup  #: hands of the variant's cards a player
    lookup5: Lookup  #: five-card hands (ace-to-six lows with a flush)
    qualifier: int  #: the least eight-or-better low


class FloorGame(NamedTuple):
    """What a table's variant and structure fix for :func:`play_segments` (:func:`floor_game`)."""

    stud: StudGame  #: the stud engine's game (``kernel_config``)
    buy_in: int  #: cents each seat starts a hand with
    pace: Pace
    cards: int  #: cards a player
    tables: EvaluatorTables


class Pool(NamedTuple):
    """A table's decks and bots' numbers; hand ``i`` of the flush takes row ``i``."""

    decks: np.ndarray  #: int8 (decks, 52)
    uniforms: np.ndarray  #: float64 (decks, UNIFORMS_PER_HAND)


class Segments(NamedTuple):
    """The recorded segments (``k`` of them, at most ``seats`` players)."""

    times: np.ndarray  #: float64 (k, 3): :data:`START`, :data:`END`, :data:`PAUSE`
    n: np.ndarray  #: int64 (k,): players seated
    bots: np.ndarray  #: float64 (k, seats, 3): each player's tightness, aggression, bluff
    net: np.ndarray  #: int64 (k, seats): each player's result, added to
    hands: np.ndarray  #: int64 (k,): hands played, added to


class Progress(NamedTuple):
    """Where a table's flush stands (kept by the table between calls)."""

    state: np.ndarray  #: int64 (3,): :data:`NEXT_SEGMENT`, :data:`NEXT_DECK`, :data:`HANDS_PLAYED`
    clock: np.ndarray  #: float64 (1,): the next hand's earliest start
    typical: np.ndarray  #: float64 (seats + 1,): learnt seconds of an ``n``-handed hand


class Bookings(NamedTuple):
    """Where booked hands go (added to; ``m`` the room for drops and hits)."""

    rows: np.ndarray  #: the table's tally rows (hours, tally columns)
    columns: np.ndarray  #: int64 (5,): the tally columns of rounds, hands, handle, rake, drop
    totals: np.ndarray  #: int64 (4,): :data:`TOTAL_PUT_IN`, .._NET, .._RAKE, .._DROP
    drops_t: np.ndarray  #: float64 (m,): each positive jackpot drop's time
    drops_a: np.ndarray  #: int64 (m,): and amount
    hits_t: np.ndarray  #: float64 (m,): each bad beat's time
    hits: np.ndarray  #: int64 (m, 4): :data:`HIT_SEGMENT`, .._FIRST, .._LOSER, .._WINNER
    counts: np.ndarray  #: int64 (2,): :data:`N_DROPS`, :data:`N_HITS`


def evaluator_tables(cards: int) -> EvaluatorTables:
    """The evaluator's tables for hands of ``cards`` cards, as :func:`play_segments` reads them."""
    return EvaluatorTables(lookup(cards), lookup(5), eight_or_better_threshold())


def floor_game(variant: StudVariant, structure: StudTable) -> FloorGame:
    """The :class:`FloorGame` of ``variant`` at ``structure`` (the compiled engine's game)."""
    cards = variant.cards_per_player
    stud = kernel_config(variant, structure)
    pace = Pace.of(structure.pace)
    return FloorGame(stud, structure.buy_in_cents, pace, cards, evaluator_tables(cards))


def compile_evaluation(cards: int) -> None:
    """Compile the showdown evaluation of :func:`play_segments` (and the evaluator kernels it
    calls) for hands of ``cards`` cards, or load it from numba's cache, without the hand loop:
    a block of no hands (its argument types are those :func:`play_segments` passes)."""
    seats = 2
    empty = np.zeros((0, seats), np.int64)
    cards_held = np.zeros((0, seats, cards), np.int8)
    live = np.zeros((0, seats), np.bool_)
    tables = evaluator_tables(cards)
    _evaluate(RANK_HIGH, cards_held, np.zeros(0, np.int64), live, empty, empty.copy(), tables)


@njit(cache=True)
def time_hands(  # type: ignore[no-untyped-def]
    window, shortest, pace, street, showdown, ends
):
    """Clock the hands of a block in ``window`` (a :class:`Window`): (hands kept, the next
    hand's start). A hand lasts ``shortest`` plus ``pace``'s seconds per street and showdown.

    ``ends[h]`` gets hand ``h``'s end. Kept: the hands starting before ``window.end``,
    cut at the first one that would end after ``window.pause`` (the next hand then
    waits for the pause).
    """
    t, end, pause = window
    per_street, per_showdown = pace.per_street, pace.per_showdown
    for h in range(street.shape[0]):
        if t >= end:
            return h, t
        finish = t + shortest + per_street * street[h] + per_showdown * showdown[h]
        if finish > pause:
            return h, pause
        ends[h] = finish
        t = finish
    return street.shape[0], t


@njit(cache=True)
def book_hands(  # type: ignore[no-untyped-def]
    hands, kept, ends, first, segment, net, book
):
    """Book hands ``0..kept-1`` of ``hands`` (:class:`Outcomes`; hand ``h`` seats player
    ``(first + h + s) % n`` and ended at ``ends[h]``) of segment ``segment`` into ``book``
    (:class:`Bookings`).

    Each hand goes to its clock hour's ``rows`` (``columns``: rounds, hands,
    handle, rake, drop); ``net[p]`` gains player ``p``'s results; ``totals`` the
    chips put in, the players' net, rake and drop; a positive drop to
    ``drops_t``/``drops_a`` and a bad beat to ``hits_t``/``hits`` (segment, first,
    losing seat, winning seat), ``counts`` their numbers.
    """
    wagered, stacks_start, stacks_end, rake, drop, bad_beat = hands
    rows, columns, totals, drops_t, drops_a, hits_t, hits, counts = book
    top = rows.shape[0] - 1
    n = wagered.shape[1]
    for h in range(kept):
        hour = min(int(ends[h] // 3600.0), top)
        put_in = 0
        for s in range(n):
            put_in += wagered[h, s]
            won = stacks_end[h, s] - stacks_start[h, s]
            net[(first + h + s) % n] += won
            totals[TOTAL_NET] += won
        rows[hour, columns[0]] += 1
        rows[hour, columns[1]] += n
        rows[hour, columns[2]] += put_in
        rows[hour, columns[3]] += rake[h]
        rows[hour, columns[4]] += drop[h]
        totals[TOTAL_PUT_IN] += put_in
        totals[TOTAL_RAKE] += rake[h]
        totals[TOTAL_DROP] += drop[h]
        if drop[h] > 0:
            drops_t[counts[N_DROPS]] = ends[h]
            drops_a[counts[N_DROPS]] = drop[h]
            counts[N_DROPS] += 1
        if bad_beat[h, 0] >= 0:
            i = counts[N_HITS]
            hits_t[i] = ends[h]
            hits[i, HIT_SEGMENT], hits[i, HIT_FIRST] = segment, first + h
            hits[i, HIT_LOSER], hits[i, HIT_WINNER] = bad_beat[h, 0], bad_beat[h, 1]
            counts[N_HITS] += 1


@njit(cache=True)
def _evaluate(ranking, cards, showdown, live, high, low, ev):  # type: ignore[no-untyped-def]
    """High and low values of every showdown seat (``ev``: :class:`EvaluatorTables`)."""
    count, n, cpp = cards.shape
    m = 0
    for h in range(count):
        if showdown[h]:
            for s in range(n):
                m += live[h, s]
    flat = np.empty((m, cpp), np.int8)
    i = 0
    for h in range(count):
        if showdown[h]:
            for s in range(n):
                if live[h, s]:
                    for c in range(cpp):  # element by element: no shape-checked copy to compile
                        flat[i, c] = cards[h, s, c]
                    i += 1
    out_high = np.empty(m, np.int32)
    out_low = np.empty(m, np.int32)
    if ranking == RANK_HIGH:
        high_kernel(flat, ev.lookup, out_high)
    elif ranking == RANK_HILO:
        hilo_kernel(flat, ev.lookup, ev.qualifier, out_high, out_low)
    elif ranking == RANK_LOW:
        a5_kernel(flat, ev.lookup, 0, out_low)
    else:
        a6_kernel(flat, ev.lookup, ev.lookup5, out_low)
    i = 0
    for h in range(count):
        for s in range(n):
            high[h, s] = -1
            low[h, s] = -1
            if showdown[h] and live[h, s]:
                if ranking in (RANK_HIGH, RANK_HILO):
                    high[h, s] = out_high[i]
                if ranking != RANK_HIGH:
                    low[h, s] = out_low[i]
                i += 1


@njit(cache=True)
def play_segments(pool, segments, progress, game, book):  # type: ignore[no-untyped-def]
    """Play segments from ``progress.state[NEXT_SEGMENT]`` with decks from
    ``progress.state[NEXT_DECK]`` of ``pool`` (:class:`Pool`); returns :data:`DONE`, or
    :data:`REPLAY`: the rest of segment ``progress.state[NEXT_SEGMENT]`` is the caller's (a
    hand the kernel cannot deal, or the pool of decks ran out).

    ``segments``: :class:`Segments` (their nets and hands are added to); ``progress``:
    :class:`Progress` (advanced); ``game``: :class:`FloorGame`; ``book``:
    :class:`Bookings`, filled as :func:`book_hands` does.
    """
    decks, uniforms = pool
    state, clock, typical = progress
    stud, pace = game.stud, game.pace
    ranking = stud.cfg[RANKING]
    for k in range(state[NEXT_SEGMENT], segments.n.shape[0]):
        state[NEXT_SEGMENT] = k
        start, end, pause = (
            segments.times[k, START],
            segments.times[k, END],
            segments.times[k, PAUSE],
        )
        n = segments.n[k]
        bots = segments.bots[k, :n]
        shortest = pace.per_hand + pace.per_player * n
        clock[0] = max(clock[0], start)
        while clock[0] < end and clock[0] < pause:
            guess = max(shortest, typical[n])
            count = min(
                _MAX_BLOCK,
                decks.shape[0] - state[NEXT_DECK],
                max(1, math.ceil((end - clock[0]) / guess)),
            )
            if count <= 0:
                return REPLAY
            lo, hi = state[NEXT_DECK], state[NEXT_DECK] + count
            block = Block(decks[lo:hi], uniforms[lo:hi], np.full((count, n), game.buy_in, np.int64))
            played = Played(
                np.zeros(count, np.int8),
                np.zeros((count, n), np.int64),
                np.zeros((count, n), np.bool_),
                np.zeros(count, np.int64),
                np.zeros((count, n, game.cards), np.int8),
                np.zeros(count, np.int64),
            )
            play_hands(block, state[HANDS_PLAYED], stud, bots, played)
            status, wagered, live, street, cards, n_comm = played
            showdown = np.zeros(count, np.int64)
            for h in range(count):
                if status[h] != 0:
                    return REPLAY
                alive = 0
                for s in range(n):
                    alive += live[h, s]
                showdown[h] = alive > 1
            ends = np.empty(count)
            window = Window(clock[0], end, pause)
            kept, clock[0] = time_hands(window, shortest, pace, street, showdown, ends)
            seconds = 0.0
            for h in range(count):
                seconds += shortest + pace.per_street * street[h] + pace.per_showdown * showdown[h]
            typical[n] = 0.9 * guess + 0.1 * seconds / count
            if kept == 0:
                continue
            high = np.empty((kept, n), np.int64)
            low = np.empty((kept, n), np.int64)
            _evaluate(ranking, cards[:kept], showdown[:kept], live[:kept], high, low, game.tables)
            settled = Settled(
                np.zeros((kept, n), np.int64),
                np.zeros(kept, np.int64),
                np.zeros(kept, np.int64),
                np.full((kept, 2), -1, np.int64),
            )
            kept_hands = Played(
                status[:kept],
                wagered[:kept],
                live[:kept],
                street[:kept],
                cards[:kept],
                n_comm[:kept],
            )
            settle_hands(kept_hands, high, low, block.start[:kept], stud, settled)
            stacks_end, rake, drop, bad_beat = settled
            hands = Outcomes(wagered, block.start, stacks_end, rake, drop, bad_beat)
            book_hands(hands, kept, ends, state[HANDS_PLAYED], k, segments.net[k], book)
            segments.hands[k] += kept
            state[NEXT_DECK] += kept
            state[HANDS_PLAYED] += kept
    state[NEXT_SEGMENT] = segments.n.shape[0]
    return DONE
