"""The compiled clock of a floor's Caribbean Stud table: rounds, busts and departures up to a time.

:func:`advance` brings a table from where it stands to time ``t`` as the
floor would see it happen: it deals back-to-back rounds to the seated
players (in seat order, from the table's persistent deck, with
:func:`~casino_sim.games.banked.caribbean_stud.rounds.deal_round`: the
same random words give the same cards and decisions), settles each in cents
and books it at once (the tally's clock hour, the seats, the day's sums, the
linked meter's side bets and meter hands). A player leaves at the end of
their session, or at the end of the round after which their limited bankroll
cannot cover another (a player without a limit buys more chips instead);
the rounds after a departure are dealt to those who stay, at their pace. A
round starts only if it ends by the next break or closing (``pause``), and
starts no earlier than the last change of seats. Seated and dealing time are
added to the tally as they pass.

Nothing here waits on the floor: the floor calls :func:`advance` before it
looks at a table (a player choosing one, hours, midnight, the end), so a
table's rounds are dealt exactly once, only as far as they are needed.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from casino_sim.floor.tally import add_span_rows
from casino_sim.games.banked.caribbean_stud.rounds import deal_round, words_per_round

__all__ = ["DONE", "FULL", "NEED_WORDS", "N_SEAT_INTS", "N_SUMS", "SAFE", "advance"]

#: Sums per round kept for the day: rounds, hands, handle, main-game win, side handle, side
#: awards paid by the house (fixed and envy), initial bets (antes), theoretical win.
N_SUMS = 8
#: :func:`advance` return codes: done, out of random words, an output buffer full.
DONE, NEED_WORDS, FULL = 0, 1, 2
#: ``times``: the next round's earliest start, the last change of seats, the next pause, and
#: a time before which no one can leave (:func:`advance` sets it).
NEXT_ROUND, LAST_CHANGE, PAUSE, SAFE = 0, 1, 2, 3
#: ``state``: dealing (0 or 1), the next unread random word.
DEALING, WORD = 0, 1
#: ``counts``: meter runs, meter hands, departures written.
RUNS, HITS, GONE = 0, 1, 2
#: Rows of ``seat_ints`` (one column a seat): occupied, strategy rule, its lookup table, side
#: bet taken, bankroll limited, chips needed for a round, rebuy below, rebuy unit, session,
#: chips, net, hands, chips bought.
(OCCUPIED, RULE, LOOKUP, SIDE, LIMITED, NEED, REBUY_BELOW, REBUY_UNIT, SESSION, CHIPS, NET,
 HANDS, BOUGHT) = range(13)  # fmt: skip
N_SEAT_INTS = 13
#: Rows of ``seat_floats``: theoretical win a round, planned departure.
THEO, LEAVES = 0, 1


@njit(cache=True)
def _pass_time(rows, start, end, n, dealing, columns):  # type: ignore[no-untyped-def]
    """Seat seconds (``n`` players) and dealing seconds over [start, end)."""
    if end > start and n:
        add_span_rows(rows, start, end, columns[0], float(n))
        if dealing:
            add_span_rows(rows, start, end, columns[1], 1.0)


@njit(cache=True)
def _safe_until(  # type: ignore[no-untyped-def]
    next_round, dealing, fastest, occupied, leaves, limited, chips, need, stake_tab, side, wager
):  # fmt: skip
    """A time before which nobody leaves: no session ends, and no limited bankroll can fall
    short, losing every round's largest stake (and side bet) at the fastest pace."""
    safe = math.inf
    for s in range(occupied.shape[0]):
        if not occupied[s]:
            continue
        safe = min(safe, leaves[s])
        if limited[s] and dealing:
            most = stake_tab[s].max() + (wager if side[s] else 0)
            rounds = (chips[s] - need[s]) // most + 1
            safe = min(safe, next_round + rounds * fastest)
    return safe


@njit(cache=True)
def advance(  # type: ignore[no-untyped-def]
    t, times, state, words, deck, evaluator, decide, masks, seconds_of, seat_ints, mistake,
    seat_floats, money, awards, meter_hand, wager, rows, columns, day, runs, hits, departed,
    counts,
):  # fmt: skip
    """Bring the table to time ``t``; returns :data:`DONE`, or :data:`NEED_WORDS` /
    :data:`FULL` (``words``, or ``runs`` / ``hits``, ran out: call again when
    refilled or emptied; everything before is booked).

    ``evaluator``: what :func:`deal_round` reads of the evaluator. Per seat
    (a column): ``seat_ints`` rows :data:`OCCUPIED` .. :data:`BOUGHT` (a
    limited bankroll leaves when its chips fall under the need, an unlimited one
    rebuys below ``REBUY_BELOW`` in units of ``REBUY_UNIT``), the ``mistake``
    threshold, ``seat_floats`` rows :data:`THEO`, :data:`LEAVES`, ``money``
    (stake, paid) cents by outcome. ``awards``: the side bet's fixed and envy
    awards by hand category; ``meter_hand`` the meter's categories.
    ``seconds_of[n]``: a round's length with ``n`` players. ``columns``: the
    tally's for the :data:`N_SUMS`, then seated seconds, dealing seconds and
    rebuys (the drop). ``day`` gets the :data:`N_SUMS`; ``runs`` rows (first
    round's end, seconds a round, rounds, side bets a round); ``hits`` rows
    (round's end, seat, category, session) of meter hands; ``departed`` rows
    (seat, time).
    """
    card_keys, key_index, high, flush_high, category_of, binomial, qualifier = evaluator
    occupied, leaves, theo = seat_ints[OCCUPIED], seat_floats[LEAVES], seat_floats[THEO]
    rule, lookup, side, limited = (
        seat_ints[RULE],
        seat_ints[LOOKUP],
        seat_ints[SIDE],
        seat_ints[LIMITED],
    )
    need, rebuy_below, rebuy_unit = seat_ints[NEED], seat_ints[REBUY_BELOW], seat_ints[REBUY_UNIT]
    session, chips, net = seat_ints[SESSION], seat_ints[CHIPS], seat_ints[NET]
    hands, bought = seat_ints[HANDS], seat_ints[BOUGHT]
    stake_tab, paid_tab = money[0], money[1]
    fixed, envy = awards[0], awards[1]
    sum_columns, time_columns, drop_column = (
        columns[:N_SUMS],
        columns[N_SUMS : N_SUMS + 2],
        columns[-1],
    )
    n_seats = occupied.shape[0]
    order = np.empty(n_seats, np.int64)
    rules = np.empty(n_seats, np.int64)
    tables = np.empty(n_seats, np.int64)
    mistakes = np.empty(n_seats, np.uint64)
    outcome = np.empty(n_seats, np.int64)
    cats = np.empty(n_seats, np.int64)
    top = rows.shape[0] - 1
    while True:
        n = 0
        gone_at = math.inf
        for s in range(n_seats):
            if occupied[s]:
                order[n] = s
                rules[n], tables[n], mistakes[n] = rule[s], lookup[s], mistake[s]
                n += 1
                gone_at = min(gone_at, leaves[s])
        if state[DEALING] and n:
            seconds = seconds_of[n]
            side_count = 0
            antes = 0
            theo_round = 0.0
            for i in range(n):
                s = order[i]
                if side[s]:
                    side_count += 1
                antes += stake_tab[s, 0]
                theo_round += theo[s]
            run_first = 0.0
            run_rounds = 0
            code = DONE
            until = min(t, gone_at)
            while times[NEXT_ROUND] < until and times[NEXT_ROUND] + seconds <= times[PAUSE]:
                if state[WORD] + words_per_round(n) > words.shape[0]:
                    code = NEED_WORDS
                    break
                if counts[RUNS] + 1 >= runs.shape[0] or counts[HITS] + n > hits.shape[0]:
                    code = FULL
                    break
                state[WORD] = deal_round(words, state[WORD], n, deck, card_keys, key_index, high,
                                         flush_high, category_of, binomial, qualifier, rules,
                                         decide, tables, masks, mistakes, outcome, cats)  # fmt: skip
                end = times[NEXT_ROUND] + seconds
                hour = min(int(end // 3600.0), top)
                stake = paid = side_paid = 0
                for i in range(n):
                    s = order[i]
                    st = stake_tab[s, outcome[i]]
                    pa = paid_tab[s, outcome[i]]
                    won = pa - st
                    if side[s]:
                        award = fixed[cats[i]]
                        for o in range(n):
                            if o != i and side[order[o]]:
                                award += envy[cats[o]]
                        side_paid += award
                        won += award - wager
                        if meter_hand[cats[i]]:
                            h = counts[HITS]
                            hits[h, 0], hits[h, 1] = end, s
                            hits[h, 2], hits[h, 3] = cats[i], session[s]
                            counts[HITS] += 1
                    stake += st
                    paid += pa
                    net[s] += won
                    chips[s] += won
                    hands[s] += 1
                    if limited[s]:
                        if chips[s] < need[s]:  # cannot cover another round: leaves after this one
                            leaves[s] = min(leaves[s], end)
                            until = min(until, end)
                    elif chips[s] < rebuy_below[s]:  # no limit: buys more chips when short
                        unit = rebuy_unit[s]
                        more = unit * ((rebuy_below[s] - chips[s] + unit - 1) // unit)
                        chips[s] += more
                        bought[s] += more
                        rows[hour, drop_column] += more
                sums = (1.0, float(n), float(stake), float(stake - paid),
                        float(side_count * wager), float(side_paid), float(antes), theo_round)  # fmt: skip
                for c in range(N_SUMS):
                    rows[hour, sum_columns[c]] += sums[c]
                    day[c] += sums[c]
                if run_rounds == 0:
                    run_first = end
                run_rounds += 1
                times[NEXT_ROUND] = end
            if side_count and run_rounds:
                r = counts[RUNS]
                runs[r, 0], runs[r, 1] = run_first, seconds
                runs[r, 2], runs[r, 3] = run_rounds, side_count
                counts[RUNS] += 1
            if code != DONE:
                return code
            gone_at = math.inf
            for i in range(n):
                gone_at = min(gone_at, leaves[order[i]])
        if gone_at < t:  # the first departure before t: time passes to it, the seat empties
            _pass_time(rows, times[LAST_CHANGE], gone_at, n, state[DEALING], time_columns)
            times[LAST_CHANGE] = gone_at
            for i in range(n):
                s = order[i]
                if leaves[s] == gone_at:
                    occupied[s] = 0
                    leaves[s] = math.inf
                    g = counts[GONE]
                    departed[g, 0], departed[g, 1] = s, gone_at
                    counts[GONE] += 1
                    break
            times[NEXT_ROUND] = max(times[NEXT_ROUND], gone_at)
            continue
        if t > times[LAST_CHANGE]:
            _pass_time(rows, times[LAST_CHANGE], t, n, state[DEALING], time_columns)
            times[LAST_CHANGE] = t
        times[SAFE] = _safe_until(times[NEXT_ROUND], state[DEALING], seconds_of[1], occupied,
                                  leaves, limited, chips, need, stake_tab, side, wager)  # fmt: skip
        return DONE
