"""The compiled betting loop: plays whole hands of fixed-limit stud with the default bots.

:func:`play_hands` mirrors :class:`~casino_sim.games.poker_room.state.StudHand` plus
:meth:`StudDealer.play_dealt <casino_sim.games.poker_room.dealer.StudDealer.play_dealt>`
for hands in which nobody can go all-in and the deck serves every street. A
hand that leaves that ground (a stack within a big bet of the current bet,
or a deck too short for the next street) gets status 1 and is replayed by the
Python engine from the same deck and numbers. :func:`settle_hands` pays the
(single) pot once the showdown hands are evaluated.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.games.poker_room.dealing import UNIFORMS_PER_HAND, WEYL_STEP
from casino_sim.games.poker_room.fast_bots import (
    F64,
    I8,
    I64,
    RANK_HIGH,
    RANK_HILO,
    RANK_LOW6,
    Bools,
    bring_in_seat,
    first_to_act,
    high_strength,
    low_strength,
)

__all__ = ["CFG_FIELDS", "play_hands", "settle_hands"]

#: Layout of the integer configuration vector of :func:`play_hands`.
CFG_FIELDS = [
    "n_streets",
    "ranking",
    "bring_mode",
    "bring_ace_low",
    "low_first",
    "by_suit",
    "open_pair_rule",
    "burn",
    "ante",
    "bring",
    "small",
    "big",
    "cap",
    "uncapped_heads_up",
]
(N_STREETS, RANKING, BRING_MODE, BRING_ACE_LOW, LOW_FIRST, BY_SUIT, OPEN_PAIR, BURN) = range(8)
(ANTE, BRING, SMALL, BIG, CAP, UNCAP_HU) = range(8, 14)

FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = range(7)


@njit(cache=True)
def _strength(seat: int, n: int, down: I64, nd: I64, up: I64, nu: I64, live: Bools, mine: I64,
              dead: I64, cards_left: int, ranking: int) -> tuple[float, float]:  # fmt: skip
    """``bots.hand_strength`` for ``seat`` (no community cards on the fast path)."""
    m = 0
    for i in range(nd[seat]):
        mine[m] = down[seat, i]
        m += 1
    for i in range(nu[seat]):
        mine[m] = up[seat, i]
        m += 1
    dead[:] = 0
    for s in range(n):
        if s != seat:
            for i in range(nu[s]):
                dead[up[s, i] >> 2] += 1
    if ranking == RANK_HIGH:
        made, draw = high_strength(mine, m, dead, cards_left)
    elif ranking == RANK_HILO:
        h_made, h_draw = high_strength(mine, m, dead, cards_left)
        l_made, l_draw = low_strength(mine, m, cards_left, 8, False)
        made = max(h_made, l_made) + 0.1 * min(h_made, l_made)
        draw = min(max(h_draw, l_draw) + 0.25 * min(h_draw, l_draw), 0.6)
    else:
        made, draw = low_strength(mine, m, cards_left, 9 if m > 3 else 8, ranking == RANK_LOW6)
    if nu[seat] >= 2 and ranking == RANK_HIGH and made < 0.6 and not _paired(up[seat], nu[seat]):
        for s in range(n):
            if s != seat and live[s] and _paired(up[s], nu[s]):
                made -= 0.12
                break
    return made, draw


@njit(cache=True)
def _paired(cards: I64, m: int) -> bool:
    for i in range(m):
        for j in range(i + 1, m):
            if cards[i] >> 2 == cards[j] >> 2:
                return True
    return False


@njit(cache=True)
def _return_uncalled(n: int, sbet: I64, contrib: I64, stacks: I64) -> None:
    top = 0
    for s in range(1, n):
        if sbet[s] > sbet[top]:
            top = s
    second = -1
    for s in range(n):
        if s != top and sbet[s] > second:
            second = sbet[s]
    excess = sbet[top] - second
    if excess > 0:
        sbet[top] -= excess
        contrib[top] -= excess
        stacks[top] += excess


@njit(cache=True)
def play_hands(decks: I8, uniforms: F64, first: int, start: int, cfg: I64, streets: I64, bots: F64,
               status: I8, contrib_out: I64, live_out: Bools, street_out: I64, cards_out: I8,
               ) -> None:  # fmt: skip
    """Play ``len(decks)`` hands; hand ``h`` seats bot ``(first + h + s) % n`` in seat ``s``.

    ``streets`` rows are (down, up, big bet); ``bots`` rows (tightness, aggression,
    bluff). Fills status (0 played, 1 replay in Python), contributions, live
    seats, street reached and each seat's cards (downcards then upcards).
    """
    n_hands = decks.shape[0]
    n = contrib_out.shape[1]
    ns = cfg[N_STREETS]
    ranking, ante, bring, small, big, cap = (
        cfg[RANKING],
        cfg[ANTE],
        cfg[BRING],
        cfg[SMALL],
        cfg[BIG],
        cfg[CAP],
    )
    cards_after = np.zeros(ns + 1, np.int64)
    for i in range(ns - 1, -1, -1):
        cards_after[i] = cards_after[i + 1] + streets[i, 0] + streets[i, 1]
    stacks = np.empty(n, np.int64)
    contrib = np.empty(n, np.int64)
    sbet = np.empty(n, np.int64)
    live = np.empty(n, np.bool_)
    need = np.empty(n, np.bool_)
    acted = np.empty(n, np.bool_)
    down = np.empty((n, 8), np.int64)
    up = np.empty((n, 8), np.int64)
    nd = np.empty(n, np.int64)
    nu = np.empty(n, np.int64)
    made_c = np.empty(n)
    draw_c = np.empty(n)
    cached = np.empty(n, np.bool_)
    mine = np.empty(16, np.int64)
    dead = np.zeros(13, np.int64)
    for h in range(n_hands):
        deck = decks[h]
        urow = uniforms[h]
        for s in range(n):
            paid = min(ante, start)
            stacks[s] = start - paid
            contrib[s] = paid
            live[s] = True
            nd[s] = 0
            nu[s] = 0
        pos = 0
        k = 0
        bail = False
        street = 0
        alive = n
        while street < ns:
            per = streets[street, 0] + streets[street, 1]
            burn = 1 if cfg[BURN] and street > 0 else 0
            if 52 - pos < per * alive + burn:
                bail = True
                break
            pos += burn
            for _ in range(streets[street, 0]):
                for s in range(n):
                    if live[s]:
                        down[s, nd[s]] = deck[pos]
                        nd[s] += 1
                        pos += 1
            for _ in range(streets[street, 1]):
                for s in range(n):
                    if live[s]:
                        up[s, nu[s]] = deck[pos]
                        nu[s] += 1
                        pos += 1
            size = big if streets[street, 2] else small
            high = level = count = 0
            big_used = completion_pending = False
            for s in range(n):
                sbet[s] = 0
                need[s] = live[s]
                acted[s] = False
                cached[s] = False
            uncapped = cfg[UNCAP_HU] != 0 and alive == 2
            if street == 0 and cfg[BRING_MODE] != 2 and bring > 0:
                bring_pending = True
                opener = bring_in_seat(
                    up, nu, live, n, cfg[BRING_MODE] == 0, cfg[BRING_ACE_LOW] != 0
                )
            else:
                bring_pending = False
                opener = first_to_act(up, nu, live, n, cfg[LOW_FIRST] != 0, cfg[BY_SUIT] != 0)
            open_pair = False
            if street == 1 and cfg[OPEN_PAIR]:
                for s in range(n):
                    if live[s] and _paired(up[s], nu[s]):
                        open_pair = True
                        break
            seat = opener
            finished = False
            while True:
                for s in range(n):  # nobody may come near all-in on the fast path
                    if live[s] and stacks[s] + sbet[s] - high <= big:
                        bail = True
                if bail:
                    break
                if not cached[seat]:
                    made_c[seat], draw_c[seat] = _strength(
                        seat,
                        n,
                        down,
                        nd,
                        up,
                        nu,
                        live,
                        mine,
                        dead,
                        cards_after[street + 1],
                        ranking,
                    )
                    cached[seat] = True
                made, draw = made_c[seat], draw_c[seat]
                u = urow[k % UNIFORMS_PER_HAND]
                if k >= UNIFORMS_PER_HAND:
                    u = (u + WEYL_STEP * (k // UNIFORMS_PER_HAND)) % 1.0
                k += 1
                p = (first + h + seat) % n
                t, a, bl = bots[p, 0], bots[p, 1], bots[p, 2]
                enter = 0.25 + 0.45 * t
                strong = 0.72 + 0.12 * t - 0.2 * a
                owed = high - sbet[seat]
                # the aggressive action open to the seat, and its sizes
                if bring_pending or completion_pending:
                    kind, size0, size1 = COMPLETE, small, -1
                elif high == 0:
                    kind = BET
                    size0, size1 = (small, big) if open_pair else (size, -1)
                else:
                    kind = RAISE
                    base = high if high > level else level
                    if open_pair and not big_used:
                        size0, size1 = base + small, base + big
                    else:
                        size0, size1 = base + (big if big_used else size), -1
                can_aggress = not (cap >= 0 and count >= cap and not uncapped) and not acted[seat]
                use_big = False
                if bring_pending:
                    action = BRING_IN
                    if made >= strong and u < 0.3 + a and can_aggress:
                        action = COMPLETE
                elif owed <= 0:
                    action = CHECK
                    if can_aggress and ((made >= strong - 0.15 and u < 0.45 + 0.5 * a) or u < bl):
                        action = kind
                        use_big = made >= strong
                else:
                    pot = 0
                    for s in range(n):
                        pot += contrib[s]
                    odds = owed / (pot + owed)
                    if can_aggress and made >= strong and u < a + (made - strong):
                        action = kind
                        use_big = made >= strong + 0.1
                    else:
                        need_v = (
                            enter if street == 0 else enter + 0.07 * street - 0.4 * (0.3 - odds)
                        )
                        if street == 0 and owed <= bring:
                            need_v -= 0.08
                        if made >= need_v or draw >= odds + 0.05 + 0.1 * t or u < 0.015 * (1 - t):
                            action = CALL
                        else:
                            action = FOLD
                chips = 0
                if action == FOLD:
                    live[seat] = False
                    need[seat] = False
                    alive -= 1
                    if alive == 1:
                        _return_uncalled(n, sbet, contrib, stacks)
                        finished = True
                        break
                    if alive == 2 and cfg[UNCAP_HU] != 0 and (cap < 0 or count < cap):
                        uncapped = True
                else:
                    if action == CALL:
                        chips = owed
                    elif action == BRING_IN:
                        bring_pending = False
                        completion_pending = True
                        high = bring
                        chips = bring
                    elif action != CHECK:
                        to = size1 if use_big and size1 >= 0 else size0
                        if size1 >= 0 and to == size1:
                            big_used = True
                        level = to
                        completion_pending = False
                        count += 1
                        bring_pending = False
                        if to > high:
                            high = to
                        chips = to - sbet[seat]
                        for s in range(n):
                            if s != seat and live[s]:
                                need[s] = True
                                acted[s] = False
                    stacks[seat] -= chips
                    sbet[seat] += chips
                    contrib[seat] += chips
                    need[seat] = False
                    acted[seat] = True
                nxt = -1
                for kk in range(1, n + 1):
                    s = (seat + kk) % n
                    if need[s]:
                        nxt = s
                        break
                if nxt < 0:
                    _return_uncalled(n, sbet, contrib, stacks)
                    break
                seat = nxt
            if bail or finished:
                break
            street += 1
        status[h] = 1 if bail else 0
        street_out[h] = min(street, ns - 1)
        for s in range(n):
            contrib_out[h, s] = contrib[s]
            live_out[h, s] = live[s]
            m = 0
            for i in range(nd[s]):
                cards_out[h, s, m] = down[s, i]
                m += 1
            for i in range(nu[s]):
                cards_out[h, s, m] = up[s, i]
                m += 1


@njit(cache=True)
def _best_seats(values: I64, live: Bools, n: int, winners: I64) -> int:
    """Write the live seats holding the best value into ``winners``; return how many."""
    best = -1
    for s in range(n):
        if live[s] and values[s] > best:
            best = values[s]
    k = 0
    for s in range(n):
        if live[s] and values[s] == best:
            winners[k] = s
            k += 1
    return k


@njit(cache=True)
def _split(amount: int, winners: I64, n_win: int, order: I64, all_odd_to_first: bool,
           winnings: I64) -> None:  # fmt: skip
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
def settle_hands(status: I8, contrib: I64, live: Bools, street: I64, cards: I8, high_v: I64,
                 low_v: I64, start: int, rcfg: I64, ranking: int, first_seat: bool,
                 stacks_end: I64, rake_out: I64, drop_out: I64, bad_beat: I64) -> None:  # fmt: skip
    """Rake, jackpot drop, showdown and the odd chip for every hand with status 0.

    ``rcfg`` = (rake kind 0 none / 1 percent / 2 drop, rate numerator, denominator,
    cap or -1, no rake (or drop) on the first street, increment, drop, rake min pot,
    bad beat on, bad-beat drop, bad-beat min pot, min losing value, min players dealt in).
    ``high_v`` / ``low_v`` hold evaluator values of showdown seats (-1 = no low).
    A bad beat needs a jackpot drop taken on the hand (as ``showdown.settle``).
    """
    n = contrib.shape[1]
    winners = np.empty(n, np.int64)
    winnings = np.zeros(n, np.int64)
    by_high = np.empty(n, np.int64)
    by_low = np.empty(n, np.int64)
    hkey = np.empty(n, np.int64)
    lkey = np.empty(n, np.int64)
    for h in range(status.shape[0]):
        if status[h] != 0:
            continue
        total = 0
        for s in range(n):
            total += contrib[h, s]
        rake = 0
        if total >= rcfg[7]:
            if rcfg[0] == 1:
                if not (street[h] == 0 and rcfg[4]):
                    rake = total * rcfg[1] // rcfg[2] // rcfg[5] * rcfg[5]
                    if rcfg[3] >= 0:
                        rake = min(rake, rcfg[3])
            elif rcfg[0] == 2 and not (street[h] == 0 and rcfg[4]):
                rake = rcfg[6]
        rake = min(rake, total)
        pot = total - rake
        drop = 0
        if rcfg[8] and pot >= rcfg[10]:
            drop = min(rcfg[9], pot)
            pot -= drop
        winnings[:] = 0
        n_live = 0
        for s in range(n):
            if live[h, s]:
                winners[n_live] = s
                n_live += 1
        bad_beat[h, 0] = -1
        bad_beat[h, 1] = -1
        if n_live == 1:
            winnings[winners[0]] += pot
        else:
            m = 0
            for s in range(n):  # priorities: high card by suit / lowest card by suit
                if live[h, s]:
                    hi = -1
                    lo = 99
                    for c in cards[h, s]:
                        hi = max(hi, c)
                        lo = min(lo, ((c >> 2) + 1) % 13 * 4 + (c & 3))
                    by_high[m] = s
                    by_low[m] = s
                    hkey[m] = -hi
                    lkey[m] = lo
                    m += 1
            if not first_seat:
                by_high[:m] = by_high[:m][np.argsort(hkey[:m], kind="mergesort")]
                by_low[:m] = by_low[:m][np.argsort(lkey[:m], kind="mergesort")]
            has_high = ranking in (RANK_HIGH, RANK_HILO)
            has_low = False
            if ranking != RANK_HIGH:
                for s in range(n):
                    if live[h, s] and low_v[h, s] >= 0:
                        has_low = True
            hi_amount = pot if not has_low else (pot - pot // 2 if has_high else 0)
            if has_high:
                k = _best_seats(high_v[h], live[h], n, winners)
                _split(hi_amount, winners, k, by_high[:m], first_seat, winnings)
            if has_low:
                k = _best_seats(low_v[h], live[h], n, winners)
                _split(pot - hi_amount, winners, k, by_low[:m], first_seat, winnings)
            if rcfg[8] and has_high and drop > 0 and n >= rcfg[12]:  # a drop from this hand
                best = -1
                for s in range(n):
                    if live[h, s] and high_v[h, s] > best:
                        best = high_v[h, s]
                lose = -1
                for s in range(n):
                    if live[h, s] and high_v[h, s] < best and high_v[h, s] > lose:
                        lose = high_v[h, s]
                if lose >= 0 and lose >= rcfg[11]:
                    for s in range(n - 1, -1, -1):
                        if live[h, s] and high_v[h, s] == lose:
                            bad_beat[h, 0] = s
                        if live[h, s] and high_v[h, s] == best:
                            bad_beat[h, 1] = s
        rake_out[h] = rake
        drop_out[h] = drop
        for s in range(n):
            stacks_end[h, s] = start - contrib[h, s] + winnings[s]
