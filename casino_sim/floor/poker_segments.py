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
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from casino_sim.evaluator.api import eight_or_better_threshold
from casino_sim.evaluator.kernels import a5_kernel, a6_kernel, high_kernel, hilo_kernel
from casino_sim.evaluator.tables import CARD_KEYS, flush_tables, tables
from casino_sim.games.banked.caribbean_stud.montecarlo.kernels import draw_below
from casino_sim.games.poker_room.fast_bots import RANK_HIGH, RANK_HILO, RANK_LOW
from casino_sim.games.poker_room.fast_kernel import play_hands
from casino_sim.games.poker_room.fast_settle import settle_hands

__all__ = [
    "DONE",
    "REPLAY",
    "book_hands",
    "compile_evaluation",
    "evaluator_tables",
    "play_segments",
    "shuffled_decks",
    "time_hands",
]

#: :func:`play_segments` return codes.
DONE, REPLAY = 0, 1
_MAX_BLOCK = 4096  # hands played per kernel call


def evaluator_tables(cards: int) -> tuple[object, ...]:
    """The evaluator's tables for hands of ``cards`` cards, as :func:`play_segments` reads them."""
    t, t5, f = tables(cards), tables(5), flush_tables()
    return (CARD_KEYS, t.key_index, t.high, t.a5, t.a6, t5.key_index, t5.a6, f.high, f.a6_five,
            eight_or_better_threshold())  # fmt: skip


def compile_evaluation(cards: int) -> None:
    """Compile the showdown evaluation of :func:`play_segments` (and the evaluator kernels it
    calls) for hands of ``cards`` cards, or load it from numba's cache, without the hand loop:
    a block of no hands (its argument types are those :func:`play_segments` passes)."""
    seats = 2
    _evaluate(RANK_HIGH, np.zeros((0, seats, cards), np.int8), np.zeros(0, np.int64),
              np.zeros((0, seats), np.bool_), np.zeros((0, seats), np.int64),
              np.zeros((0, seats), np.int64), evaluator_tables(cards))  # fmt: skip


@njit(cache=True)
def shuffled_decks(words):  # type: ignore[no-untyped-def]
    """``len(words) // 51`` shuffled decks (int8 rows), each a Fisher-Yates shuffle of 51 words.

    Position ``j`` takes the card at ``j + floor(word x (52 - j) / 2**64)``.
    """
    count = words.shape[0] // 51
    decks = np.empty((count, 52), np.int8)
    w = 0
    for i in range(count):
        deck = decks[i]
        for j in range(52):
            deck[j] = j
        for j in range(51):
            pick = j + draw_below(words[w], 52 - j)
            w += 1
            deck[j], deck[pick] = deck[pick], deck[j]
    return decks


@njit(cache=True)
def time_hands(  # type: ignore[no-untyped-def]
    start, end, pause, shortest, per_street, per_showdown, street, showdown, ends
):  # fmt: skip
    """Clock the hands of a block from ``start``: (hands kept, the next hand's start).

    ``ends[h]`` gets hand ``h``'s end. Kept: the hands starting before ``end``,
    cut at the first one that would end after ``pause`` (the next hand then
    waits for ``pause``).
    """
    t = start
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
    kept, ends, first, segment, wagered, stacks_start, stacks_end, rake, drop, bad_beat,
    rows, columns, seat_net, totals, drops_t, drops_a, hits_t, hits, counts,
):  # fmt: skip
    """Book hands ``0..kept-1`` of a block (hand ``h`` seats player ``(first + h + s) % n``).

    Each hand goes to its clock hour's ``rows`` (``columns``: rounds, hands,
    handle, rake, drop); ``seat_net[p]`` gains player ``p``'s results;
    ``totals`` the chips put in, the players' net, rake and drop; a positive
    drop to ``drops_t``/``drops_a`` and a bad beat to ``hits_t``/``hits``
    (segment, first, losing seat, winning seat), ``counts`` their numbers.
    """
    top = rows.shape[0] - 1
    n = wagered.shape[1]
    for h in range(kept):
        hour = min(int(ends[h] // 3600.0), top)
        put_in = 0
        for s in range(n):
            put_in += wagered[h, s]
            net = stacks_end[h, s] - stacks_start[h, s]
            seat_net[(first + h + s) % n] += net
            totals[1] += net
        rows[hour, columns[0]] += 1
        rows[hour, columns[1]] += n
        rows[hour, columns[2]] += put_in
        rows[hour, columns[3]] += rake[h]
        rows[hour, columns[4]] += drop[h]
        totals[0] += put_in
        totals[2] += rake[h]
        totals[3] += drop[h]
        if drop[h] > 0:
            drops_t[counts[0]] = ends[h]
            drops_a[counts[0]] = drop[h]
            counts[0] += 1
        if bad_beat[h, 0] >= 0:
            i = counts[1]
            hits_t[i] = ends[h]
            hits[i, 0], hits[i, 1] = segment, first + h
            hits[i, 2], hits[i, 3] = bad_beat[h, 0], bad_beat[h, 1]
            counts[1] += 1


@njit(cache=True)
def _evaluate(ranking, cards, showdown, live, high, low, ev):  # type: ignore[no-untyped-def]
    """High and low values of every showdown seat (``ev``: the evaluator's tables)."""
    card_keys, key_index, t_high, t_a5, t_a6, key_index5, a6_5, flush_high, a6_flush5, qualifier = (
        ev
    )
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
                    flat[i] = cards[h, s]
                    i += 1
    out_high = np.empty(m, np.int32)
    out_low = np.empty(m, np.int32)
    if ranking == RANK_HIGH:
        high_kernel(flat, card_keys, key_index, t_high, flush_high, out_high)
    elif ranking == RANK_HILO:
        hilo_kernel(flat, card_keys, key_index, t_high, t_a5, flush_high, qualifier, out_high,
                    out_low)  # fmt: skip
    elif ranking == RANK_LOW:
        a5_kernel(flat, card_keys, key_index, t_a5, 0, out_low)
    else:
        a6_kernel(flat, card_keys, key_index, t_a6, key_index5, a6_5, a6_flush5, out_low)
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
def play_segments(  # type: ignore[no-untyped-def]
    decks, uniforms, seg_times, seg_n, seg_bots, seg_net, seg_hands, state, clock, typical,
    game, rows, columns, totals, drops_t, drops_a, hits_t, hits, counts,
):  # fmt: skip
    """Play segments ``state[0]..`` from deck ``state[1]``; returns :data:`DONE`, or
    :data:`REPLAY`: the rest of segment ``state[0]`` is the caller's (a hand the kernel
    cannot deal, or the pool of decks ran out).

    ``seg_times`` rows: (start, end, next break or closing); ``seg_bots[k, p]``
    player ``p``'s (tightness, aggression, bluff); ``seg_net[k, p]`` and
    ``seg_hands[k]`` are added to. ``state``: (next segment, next deck, hands
    played at the table); ``clock[0]`` the next hand's earliest start;
    ``typical[n]`` the learnt seconds of an ``n``-handed hand. ``game``: (cfg,
    streets, rake config, first-seat odd chip, buy-in, (seconds per hand, per
    player, per street, per showdown), cards a player, evaluator tables).
    Outputs as :func:`book_hands`.
    """
    cfg, streets, rcfg, first_seat, buy_in, pace, cpp, ev = game
    ranking = cfg[1]
    for k in range(state[0], seg_n.shape[0]):
        state[0] = k
        start, end, pause = seg_times[k, 0], seg_times[k, 1], seg_times[k, 2]
        n = seg_n[k]
        bots = seg_bots[k, :n]
        shortest = pace[0] + pace[1] * n
        clock[0] = max(clock[0], start)
        while clock[0] < end and clock[0] < pause:
            guess = max(shortest, typical[n])
            count = min(_MAX_BLOCK, decks.shape[0] - state[1],
                        max(1, math.ceil((end - clock[0]) / guess)))  # fmt: skip
            if count <= 0:
                return REPLAY
            lo, hi = state[1], state[1] + count
            stacks = np.full((count, n), buy_in, np.int64)
            status = np.zeros(count, np.int8)
            wagered = np.zeros((count, n), np.int64)
            live = np.zeros((count, n), np.bool_)
            street = np.zeros(count, np.int64)
            cards = np.zeros((count, n, cpp), np.int8)
            n_comm = np.zeros(count, np.int64)
            play_hands(decks[lo:hi], uniforms[lo:hi], state[2], stacks, cfg, streets, bots,
                       status, wagered, live, street, cards, n_comm)  # fmt: skip
            showdown = np.zeros(count, np.int64)
            for h in range(count):
                if status[h] != 0:
                    return REPLAY
                alive = 0
                for s in range(n):
                    alive += live[h, s]
                showdown[h] = alive > 1
            ends = np.empty(count)
            kept, clock[0] = time_hands(clock[0], end, pause, shortest, pace[2], pace[3],
                                        street, showdown, ends)  # fmt: skip
            seconds = 0.0
            for h in range(count):
                seconds += shortest + pace[2] * street[h] + pace[3] * showdown[h]
            typical[n] = 0.9 * guess + 0.1 * seconds / count
            if kept == 0:
                continue
            high = np.empty((kept, n), np.int64)
            low = np.empty((kept, n), np.int64)
            _evaluate(ranking, cards[:kept], showdown[:kept], live[:kept], high, low, ev)
            stacks_end = np.zeros((kept, n), np.int64)
            rake = np.zeros(kept, np.int64)
            drop = np.zeros(kept, np.int64)
            bad_beat = np.full((kept, 2), -1, np.int64)
            settle_hands(status[:kept], wagered[:kept], live[:kept], street[:kept],
                         cards[:kept], n_comm[:kept], high, low, stacks[:kept], rcfg, ranking,
                         first_seat, stacks_end, rake, drop, bad_beat)  # fmt: skip
            book_hands(kept, ends, state[2], k, wagered, stacks, stacks_end, rake, drop,
                       bad_beat, rows, columns, seg_net[k], totals, drops_t, drops_a, hits_t,
                       hits, counts)  # fmt: skip
            seg_hands[k] += kept
            state[1] += kept
            state[2] += kept
    state[0] = seg_n.shape[0]
    return DONE
