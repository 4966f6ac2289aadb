"""The compiled inner loop of a floor's Caribbean Stud table: deal, decide and settle planned rounds.

One call deals ``rounds`` rounds to the occupied seats of a table (in seat
order, from the table's persistent deck, with
:func:`~casino_sim.games.banked.caribbean_stud.rounds.deal_round`: the
same random words give the same cards and decisions), settles every seat in
cents, and keeps running sums so that any prefix of the rounds can be
committed later by subtraction: ``cum[r]`` holds the :data:`SUMS` over rounds
``0..r-1`` and ``cum_net[r, s]`` seat ``s``'s result. It stops after the
first round that leaves a seat's limited bankroll unable to cover another
(that player leaves then, so the table replans); the words of every
requested round are consumed all the same.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.games.banked.caribbean_stud.rounds import deal_round

__all__ = ["N_SUMS", "commit_plan", "plan_rounds"]

#: Running sums per round: rounds, hands, handle, main-game win, side handle, side awards
#: paid by the house (fixed and envy), initial bets (antes), theoretical win.
N_SUMS = 8


@njit(cache=True)
def plan_rounds(  # type: ignore[no-untyped-def]
    words, rounds, deck, card_keys, key_index, high, flush_high, category_of, binomial,
    qualifier, occupied, seat_rule, decide, seat_table, masks, mistake, stake_tab, paid_tab,
    side, fixed, envy, meter_hand, wager, chips, limited, need, theo, cum, cum_net, hits,
):  # fmt: skip
    """Deal and settle ``rounds`` rounds; returns (meter hits listed, bust round, bust seat)."""
    n_seats = occupied.shape[0]
    seats = np.empty(n_seats, np.int64)
    n = 0
    antes = 0
    side_count = 0
    for s in range(n_seats):
        if occupied[s]:
            seats[n] = s
            n += 1
            antes += stake_tab[s, 0]
            if side[s]:
                side_count += 1
    cats = np.empty(n, np.int64)
    outcome = np.empty(n, np.int64)
    rules = np.empty(n, np.int64)
    tables = np.empty(n, np.int64)
    mistakes = np.empty(n, np.uint64)
    for i in range(n):
        rules[i] = seat_rule[seats[i]]
        tables[i] = seat_table[seats[i]]
        mistakes[i] = mistake[seats[i]]
    n_hits, bust_round, bust_seat = 0, -1, -1
    w = 0
    for r in range(rounds):
        w = deal_round(words, w, n, deck, card_keys, key_index, high, flush_high, category_of,
                       binomial, qualifier, rules, decide, tables, masks, mistakes, outcome,
                       cats)  # fmt: skip
        stake = paid = side_paid = 0
        for i in range(n):
            s = seats[i]
            st = stake_tab[s, outcome[i]]
            pa = paid_tab[s, outcome[i]]
            net = pa - st
            if side[s]:
                award = fixed[cats[i]]
                for o in range(n):
                    if o != i and side[seats[o]]:
                        award += envy[cats[o]]
                side_paid += award
                net += award - wager
                if meter_hand[cats[i]] and n_hits < hits.shape[0]:
                    hits[n_hits, 0] = r
                    hits[n_hits, 1] = s
                    hits[n_hits, 2] = cats[i]
                    n_hits += 1
            stake += st
            paid += pa
            cum_net[r + 1, s] = cum_net[r, s] + net
            if limited[s] and bust_round < 0 and chips[s] + cum_net[r + 1, s] < need[s]:
                bust_round, bust_seat = r, s
        cum[r + 1, 0] = cum[r, 0] + 1
        cum[r + 1, 1] = cum[r, 1] + n
        cum[r + 1, 2] = cum[r, 2] + stake
        cum[r + 1, 3] = cum[r, 3] + stake - paid
        cum[r + 1, 4] = cum[r, 4] + side_count * wager
        cum[r + 1, 5] = cum[r, 5] + side_paid
        cum[r + 1, 6] = cum[r, 6] + antes
        cum[r + 1, 7] = cum[r, 7] + theo
        if bust_round >= 0:  # the player leaves after this round: later rounds never happen
            break
    return n_hits, bust_round, bust_seat


@njit(cache=True)
def commit_plan(  # type: ignore[no-untyped-def]
    rows, columns, drop_column, cum, cum_net, start, seconds, first, last, occupied, limited,
    rebuy_below, rebuy_unit, net, chips, hands, bought, day, plan_hits, n_plan_hits, session,
    side_count, runs, hits, counts,
):  # fmt: skip
    """Commit planned rounds ``first..last-1`` (ending at ``start + (r + 1) seconds``).

    Adds them to the hourly ``rows``; credits each occupied seat's ``net``,
    ``chips`` and ``hands``; a seat without a bankroll limit (not ``limited``)
    short of ``rebuy_below`` buys chips in units of ``rebuy_unit`` (``bought``,
    and the drop column at the last round's end); ``day`` gains the
    :data:`N_SUMS` of the committed rounds. For the linked meter: with
    ``side_count`` side bets a round, a row (first round's end, seconds a
    round, rounds, side bets a round) in ``runs``; each planned meter hand
    (``plan_hits`` rows: round, seat, category) among the rounds a row (end of
    its round, seat, category, the seat's ``session``) in ``hits``;
    ``counts`` the rows of each.
    """
    top = rows.shape[0] - 1
    for r in range(first, last):
        hour = min(int((start + (r + 1) * seconds) // 3600.0), top)
        for c in range(columns.shape[0]):
            rows[hour, columns[c]] += cum[r + 1, c] - cum[r, c]
    for c in range(day.shape[0]):
        day[c] += cum[last, c] - cum[first, c]
    k = last - first
    drop_hour = min(int((start + last * seconds) // 3600.0), top)
    for s in range(occupied.shape[0]):
        if not occupied[s]:
            continue
        won = cum_net[last, s] - cum_net[first, s]
        net[s] += won
        chips[s] += won
        hands[s] += k
        if not limited[s]:  # a player without a bankroll limit buys more chips when short
            short = rebuy_below[s] - chips[s]
            if short > 0:
                unit = rebuy_unit[s]
                more = unit * ((short + unit - 1) // unit)
                chips[s] += more
                bought[s] += more
                rows[drop_hour, drop_column] += more
    if side_count:
        i = counts[0]
        runs[i, 0] = start + (first + 1) * seconds
        runs[i, 1] = seconds
        runs[i, 2] = k
        runs[i, 3] = side_count
        counts[0] += 1
        for h in range(n_plan_hits):
            r = plan_hits[h, 0]
            if first <= r < last:
                j = counts[1]
                hits[j, 0] = start + (r + 1) * seconds
                hits[j, 1] = plan_hits[h, 1]
                hits[j, 2] = plan_hits[h, 2]
                hits[j, 3] = session[plan_hits[h, 1]]
                counts[1] += 1
