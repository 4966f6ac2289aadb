"""Compiled settlement of a block of hands: side pots, rake, jackpot drop, showdown, odd chips.

:func:`settle_hands` mirrors :func:`~casino_sim.games.poker_room.showdown.settle`
with :mod:`.pots` (main pot then side pots from the contributions, rake and
drop taken from the main pot first, each pot split high / low with the odd
chip by suit or to the first seat) for every hand the compiled loop played.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.games.poker_room.fast_bots import I64, RANK_HIGH, RANK_HILO, Bools
from casino_sim.games.poker_room.fast_rules import RANKING
from casino_sim.games.poker_room.fast_state import (
    DROP_RAKE,
    JACKPOT,
    JACKPOT_DROP,
    JACKPOT_MIN_PLAYERS,
    JACKPOT_MIN_POT,
    JACKPOT_MIN_VALUE,
    PERCENT_RAKE,
    RAKE_CAP,
    RAKE_DENOMINATOR,
    RAKE_DROP,
    RAKE_INCREMENT,
    RAKE_KIND,
    RAKE_MIN_POT,
    RAKE_NO_FIRST_STREET,
    RAKE_NUMERATOR,
    Played,
    Settled,
    StudGame,
)

__all__ = ["settle_hands"]


@njit(cache=True)
def _take(amounts: I64, n_pots: int, cents: int) -> int:
    """``pots.take_from_pots``: up to ``cents`` from the pots, main pot first."""
    taken = 0
    for p in range(n_pots):
        if taken == cents:
            break
        part = min(amounts[p], cents - taken)
        amounts[p] -= part
        taken += part
    return taken


@njit(cache=True)
def _side_pots(contrib: I64, live: Bools, n: int, levels: I64, amounts: I64) -> int:
    """``pots.side_pots``: each pot's level (its eligible seats: live seats that put in at
    least that much) and amount; returns the number of pots."""
    n_levels = 0
    for s in range(n):  # the distinct contributions of live seats, ascending
        if not live[s]:
            continue
        v = contrib[s]
        i = 0
        while i < n_levels and levels[i] < v:
            i += 1
        if i < n_levels and levels[i] == v:
            continue
        for j in range(n_levels, i, -1):
            levels[j] = levels[j - 1]
        levels[i] = v
        n_levels += 1
    n_pots = 0
    previous = 0
    last_eligible = -1
    for i in range(n_levels):
        level = levels[i]
        top = i == n_levels - 1
        amount = 0
        eligible = 0
        for s in range(n):
            c = contrib[s]
            if c > previous:
                amount += (c if top else min(c, level)) - previous
            if live[s] and c >= level:
                eligible += 1
        if amount:
            if n_pots and last_eligible == eligible:  # nested sets: same size, same seats
                amounts[n_pots - 1] += amount
            else:
                levels[n_pots] = level
                amounts[n_pots] = amount
                n_pots += 1
                last_eligible = eligible
        previous = level
    return n_pots


@njit(cache=True)
def _best_seats(values: I64, eligible: Bools, n: int, winners: I64) -> int:
    """Write the eligible seats holding the best value into ``winners``; return how many."""
    best = -(2**62)
    for s in range(n):
        if eligible[s] and values[s] > best:
            best = values[s]
    k = 0
    for s in range(n):
        if eligible[s] and values[s] == best:
            winners[k] = s
            k += 1
    return k


@njit(cache=True)
def _split(
    amount: int, winners: I64, n_win: int, order: I64, all_odd_to_first: bool, winnings: I64
) -> None:
    """``pots.split``: equal shares, odd chips in ``order`` (or all to the first)."""
    share = amount // n_win
    odd = amount - share * n_win
    for i in range(n_win):
        winnings[winners[i]] += share
    if odd:
        for s in order:
            hit = False
            for i in range(n_win):
                if winners[i] == s:
                    hit = True
            if hit:
                if all_odd_to_first:
                    winnings[s] += odd
                    break
                winnings[s] += 1
                odd -= 1
                if odd == 0:
                    break


@njit(cache=True)
def _rake(total: int, first_street: bool, rcfg: I64) -> int:
    """``house.rake_cents`` of a pot of ``total`` cents (``rcfg`` laid out as ``RAKE_FIELDS``)."""
    rake = 0
    if total >= rcfg[RAKE_MIN_POT] and not (first_street and rcfg[RAKE_NO_FIRST_STREET]):
        if rcfg[RAKE_KIND] == PERCENT_RAKE:
            increment = rcfg[RAKE_INCREMENT]
            rake = total * rcfg[RAKE_NUMERATOR] // rcfg[RAKE_DENOMINATOR] // increment * increment
            if rcfg[RAKE_CAP] >= 0:
                rake = min(rake, rcfg[RAKE_CAP])
        elif rcfg[RAKE_KIND] == DROP_RAKE:
            rake = rcfg[RAKE_DROP]
    return min(rake, total)


@njit(cache=True)
def _bad_beat(eligible: Bools, high_v: I64, n: int, threshold: int, out: I64) -> None:
    """``showdown._bad_beat``: (loser, winner) seats into ``out`` when the best losing
    high hand among ``eligible`` reaches ``threshold`` (ties to the first seat)."""
    best = -1
    for s in range(n):
        if eligible[s] and high_v[s] > best:
            best = high_v[s]
    lose = -1
    for s in range(n):
        if eligible[s] and best > high_v[s] > lose:
            lose = high_v[s]
    if lose < 0 or lose < threshold:
        return
    for s in range(n - 1, -1, -1):
        if eligible[s] and high_v[s] == lose:
            out[0] = s
        if eligible[s] and high_v[s] == best:
            out[1] = s


@njit(cache=True)
def _order_by(seats: I64, keys: I64, m: int) -> None:
    """Sort ``seats[:m]`` by ``keys[:m]`` (both, in place), keeping equal keys in order: what
    ``seats[:m] = seats[:m][np.argsort(keys[:m], kind="mergesort")]`` does, on a handful of
    seats, without compiling numba's general sort (seconds of a first run)."""
    for i in range(1, m):
        seat, key = seats[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            seats[j + 1], keys[j + 1] = seats[j], keys[j]
            j -= 1
        seats[j + 1], keys[j + 1] = seat, key


@njit(cache=True)
def settle_hands(
    played: Played, high_v: I64, low_v: I64, start: I64, game: StudGame, out: Settled
) -> None:
    """Rake, jackpot drop, side pots, showdown and the odd chip for every hand with status 0.

    ``high_v`` / ``low_v`` ((hands, n)) hold evaluator values of showdown seats (-1 = no
    low); each seat's last ``played.n_comm`` cards are the community cards (not its own
    for the odd chip). A bad beat needs a jackpot drop taken on the hand (as
    ``showdown.settle``). ``start`` ((hands, n)): the stacks before the ante.
    """
    status, contrib, live, street, cards, n_comm = played
    rcfg, first_seat = game.rake, game.first_seat
    stacks_end, rake_out, drop_out, bad_beat = out
    ranking = game.cfg[RANKING]
    n = contrib.shape[1]
    cpp = cards.shape[2]
    winners = np.empty(n, np.int64)
    winnings = np.zeros(n, np.int64)
    by_high = np.empty(n, np.int64)
    by_low = np.empty(n, np.int64)
    hkey = np.empty(n, np.int64)
    lkey = np.empty(n, np.int64)
    levels = np.empty(n, np.int64)
    amounts = np.empty(n, np.int64)
    eligible = np.empty(n, np.bool_)
    has_high = ranking in (RANK_HIGH, RANK_HILO)
    for h in range(status.shape[0]):
        if status[h] != 0:
            continue
        c = contrib[h]
        lv = live[h]
        total = 0
        for s in range(n):
            total += c[s]
        n_pots = _side_pots(c, lv, n, levels, amounts)
        rake = _take(amounts, n_pots, _rake(total, street[h] == 0, rcfg))
        drop = 0
        if rcfg[JACKPOT] and total - rake >= rcfg[JACKPOT_MIN_POT]:
            drop = _take(amounts, n_pots, rcfg[JACKPOT_DROP])
        winnings[:] = 0
        bad_beat[h, 0] = -1
        bad_beat[h, 1] = -1
        n_live = 0
        for s in range(n):
            if lv[s]:
                winners[n_live] = s
                n_live += 1
        if n_live == 1:
            for p in range(n_pots):
                winnings[winners[0]] += amounts[p]
        else:
            held = cpp - n_comm[h]
            m = 0
            for s in range(n):  # priorities: high card by suit / lowest card by suit
                if lv[s]:
                    hi = -1
                    lo = 99
                    for i in range(held):
                        card = cards[h, s, i]
                        hi = max(hi, card)
                        lo = min(lo, ((card >> 2) + 1) % 13 * 4 + (card & 3))
                    by_high[m] = s
                    by_low[m] = s
                    hkey[m] = -hi
                    lkey[m] = lo
                    m += 1
            if not first_seat:
                _order_by(by_high, hkey, m)
                _order_by(by_low, lkey, m)
            for p in range(n_pots):
                amount = amounts[p]
                if amount == 0:
                    continue
                has_low = False
                for s in range(n):
                    eligible[s] = lv[s] and c[s] >= levels[p]
                    if ranking != RANK_HIGH and eligible[s]:
                        has_low = has_low or ranking != RANK_HILO or low_v[h, s] >= 0
                hi_amount = amount if not has_low else (amount - amount // 2 if has_high else 0)
                if has_high:
                    k = _best_seats(high_v[h], eligible, n, winners)
                    _split(hi_amount, winners, k, by_high[:m], first_seat, winnings)
                if has_low:
                    if ranking == RANK_HILO:
                        for s in range(n):
                            eligible[s] = eligible[s] and low_v[h, s] >= 0
                    k = _best_seats(low_v[h], eligible, n, winners)
                    _split(amount - hi_amount, winners, k, by_low[:m], first_seat, winnings)
            jackpot = rcfg[JACKPOT] != 0 and drop > 0 and n >= rcfg[JACKPOT_MIN_PLAYERS]
            if jackpot and has_high and n_pots:
                for s in range(n):  # the main pot's seats
                    eligible[s] = lv[s] and c[s] >= levels[0]
                _bad_beat(eligible, high_v[h], n, rcfg[JACKPOT_MIN_VALUE], bad_beat[h])
        rake_out[h] = rake
        drop_out[h] = drop
        for s in range(n):
            stacks_end[h, s] = start[h, s] - c[s] + winnings[s]
