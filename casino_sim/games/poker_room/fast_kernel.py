"""The compiled hand loop: deals and plays whole hands of stud with the default bots.

:func:`play_hands` mirrors :class:`~casino_sim.games.poker_room.state.StudHand` plus
:meth:`StudDealer.play_dealt <casino_sim.games.poker_room.dealer.StudDealer.play_dealt>`
at every betting structure: the rules are :mod:`.fast_rules`, the bots
:mod:`.fast_bots`. All-ins are played out (side pots are settled by
:mod:`.fast_settle`); a deck too short for a street is dealt as Robert's
rules say (the burn cards reused, then one community card). Only a hand the
Python engine itself would refuse (the deck running out entirely) gets
status 1 and is replayed by the Python engine, which raises the same error.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from casino_sim.games.poker_room.dealing import UNIFORMS_PER_HAND, WEYL_STEP
from casino_sim.games.poker_room.fast_bots import (
    F64,
    I8,
    I64,
    Exposed,
    Holdings,
    Read,
    bring_in_seat,
    decide,
    first_to_act,
    hand_strength,
    paired,
)
from casino_sim.games.poker_room.fast_rules import (
    ALIVE,
    ANTE,
    BRING,
    BRING_ACE_LOW,
    BRING_MODE,
    BRING_PENDING,
    BURN,
    BY_SUIT,
    CFG_FIELDS,
    CON,
    LIVE,
    LOW_FIRST,
    N_SEAT_ROWS,
    N_STATE,
    N_STREETS,
    NEED,
    OPEN_PAIR,
    OPEN_PAIR_RULE,
    RANKING,
    STK,
    apply_action,
    begin_betting,
    next_actor,
    return_uncalled,
)
from casino_sim.games.poker_room.fast_settle import settle_hands
from casino_sim.games.poker_room.fast_state import Block, Played, StudGame

__all__ = ["CFG_FIELDS", "play_hands", "settle_hands"]


@njit(cache=True, inline="always")
def _draw(deck: I8, pos: int, pool: I64, pi: int, pn: int) -> tuple[int, int, int]:
    """``StudHand._draw``: (card, new pos, new pool index); card -1 past the deck."""
    if pi < pn:
        return pool[pi], pos, pi + 1
    if pos >= deck.shape[0]:
        return -1, pos, pi
    return deck[pos], pos + 1, pi


@njit(cache=True)
def play_hands(block: Block, first: int, game: StudGame, bots: F64, out: Played) -> None:
    """Play the hands of ``block``; hand ``h`` seats bot ``(first + h + s) % n`` in seat ``s``.

    ``bots`` rows ((n, 3)): tightness, aggression, bluff. Fills ``out`` (see
    :class:`~casino_sim.games.poker_room.fast_state.Played`).
    """
    decks, uniforms, start = block
    cfg, streets = game.cfg, game.streets
    status, contrib_out, live_out, street_out, cards_out, ncomm_out = out
    n_hands, deck_size = decks.shape[0], decks.shape[1]
    n = contrib_out.shape[1]
    cpp = cards_out.shape[2]
    ns = cfg[N_STREETS]
    ranking, ante = cfg[RANKING], cfg[ANTE]
    cards_after = np.zeros(ns + 1, np.int64)
    for i in range(ns - 1, -1, -1):
        cards_after[i] = cards_after[i + 1] + streets[i, 0] + streets[i, 1]
    st = np.zeros(N_STATE, np.int64)
    ss = np.zeros((N_SEAT_ROWS, n), np.int64)
    down = np.empty((n, 8), np.int64)
    up = np.empty((n, 8), np.int64)
    board = np.empty((n, 12), np.int64)
    nd = np.empty(n, np.int64)
    nu = np.empty(n, np.int64)
    nb = np.empty(n, np.int64)
    comm = np.empty(4, np.int64)
    burned = np.empty(16, np.int64)
    pool = np.empty(deck_size + 16, np.int64)
    made_c = np.empty(n)
    draw_c = np.empty(n)
    cached = np.empty(n, np.bool_)
    up_count = np.zeros(13, np.int64)
    up_paired = np.zeros(n, np.bool_)
    held = Holdings(down, nd, up, nu, comm)
    seen = Exposed(up_count, up_paired, np.empty(16, np.int64), np.zeros(13, np.int64))
    for h in range(n_hands):
        deck = decks[h]
        urow = uniforms[h]
        for s in range(n):
            paid = min(ante, start[h, s])
            ss[STK, s] = start[h, s] - paid
            ss[CON, s] = paid
            ss[LIVE, s] = 1
            nd[s] = 0
            nu[s] = 0
        st[ALIVE] = n
        pos = n_burned = nc = k = 0
        bail = finished = False
        street = np.int64(0)  # not the literal 0, which would compile decide once more
        while street < ns:
            # ---- deal (StudHand._deal)
            n_down, n_up = streets[street, 0], streets[street, 1]
            need = (n_down + n_up) * st[ALIVE]
            left = deck_size - pos
            burn = 1 if cfg[BURN] and street > 0 else 0
            pi = pn = 0
            community = False
            if left >= need + burn:
                if burn:
                    burned[n_burned] = deck[pos]
                    n_burned += 1
                    pos += 1
            elif left + n_burned >= need:  # reuse the burn cards (Robert's rule 15)
                for i in range(pos, deck_size):
                    pool[pn] = deck[i]
                    pn += 1
                for i in range(n_burned):
                    pool[pn] = burned[i]
                    pn += 1
                pos, n_burned = deck_size, 0
            elif n_down + n_up == 1:  # not enough cards: one community card
                if left >= 2:
                    burned[n_burned] = deck[pos]
                    n_burned += 1
                    pos += 1
                elif left == 0:
                    for i in range(n_burned):
                        pool[pn] = burned[i]
                        pn += 1
                    n_burned = 0
                community = True
            else:
                bail = True
                break
            if community:
                card, pos, pi = _draw(deck, pos, pool, pi, pn)
                if card < 0 or nc == comm.shape[0]:
                    bail = True
                    break
                comm[nc] = card
                nc += 1
            else:
                for _ in range(n_down):
                    for s in range(n):
                        if ss[LIVE, s]:
                            card, pos, pi = _draw(deck, pos, pool, pi, pn)
                            down[s, nd[s]] = card
                            nd[s] += 1
                for _ in range(n_up):
                    for s in range(n):
                        if ss[LIVE, s]:
                            card, pos, pi = _draw(deck, pos, pool, pi, pn)
                            up[s, nu[s]] = card
                            nu[s] += 1
            # ---- betting (StudHand._begin_betting, then the dealer's loop)
            if not begin_betting(streets[street, 2] != 0, st, cfg, ss, n):
                street += 1
                continue
            if street == 0 and cfg[BRING_MODE] != 2 and cfg[BRING] > 0:
                st[BRING_PENDING] = 1
                opener = bring_in_seat(
                    up, nu, ss[LIVE], n, cfg[BRING_MODE] == 0, cfg[BRING_ACE_LOW] != 0
                )
            else:
                st[BRING_PENDING] = 0
                low, by_suit = cfg[LOW_FIRST] != 0, cfg[BY_SUIT] != 0
                if nc == 0:
                    opener = first_to_act(up, nu, ss[LIVE], n, low, by_suit)
                else:  # the boards: upcards plus the community cards
                    for s in range(n):  # element by element: a slice assignment's shape
                        nb[s] = nu[s] + nc  # check takes seconds to compile
                        for i in range(nu[s]):
                            board[s, i] = up[s, i]
                        for i in range(nc):
                            board[s, nu[s] + i] = comm[i]
                    opener = first_to_act(board, nb, ss[LIVE], n, low, by_suit)
            up_count[:] = 0
            for s in range(n):
                up_paired[s] = paired(up[s], nu[s])
                for i in range(nu[s]):
                    up_count[up[s, i] >> 2] += 1
            st[OPEN_PAIR] = 0
            if street == 1 and cfg[OPEN_PAIR_RULE]:
                for s in range(n):
                    if ss[LIVE, s] and up_paired[s]:
                        st[OPEN_PAIR] = 1
                        break
            seat = opener
            for kk in range(n):
                if ss[NEED, (opener + kk) % n]:
                    seat = (opener + kk) % n
                    break
            cached[:] = False
            while True:
                if not cached[seat]:
                    left = cards_after[street + 1]
                    made_c[seat], draw_c[seat] = hand_strength(
                        seat, n, held, nc, seen, ss, left, ranking
                    )
                    cached[seat] = True
                u = urow[k % UNIFORMS_PER_HAND]
                if k >= UNIFORMS_PER_HAND:
                    u = (u + WEYL_STEP * (k // UNIFORMS_PER_HAND)) % 1.0
                k += 1
                bot = bots[(first + h + seat) % n]
                read = Read(u, made_c[seat], draw_c[seat])
                choice = decide(seat, read, bot, street, st, cfg, ss, n)
                if apply_action(seat, choice, st, cfg, ss, n):
                    finished = True
                    break
                nxt = next_actor(seat, ss, n)
                if nxt < 0:
                    return_uncalled(ss, n)
                    break
                seat = nxt
            if finished:
                break
            street += 1
        status[h] = 1 if bail else 0
        street_out[h] = min(street, ns - 1)
        ncomm_out[h] = nc
        for s in range(n):
            contrib_out[h, s] = ss[CON, s]
            live_out[h, s] = ss[LIVE, s] != 0
            m = 0
            for i in range(nd[s]):
                if m < cpp:
                    cards_out[h, s, m] = down[s, i]
                m += 1
            for i in range(nu[s]):
                if m < cpp:
                    cards_out[h, s, m] = up[s, i]
                m += 1
            for i in range(nc):
                if m < cpp:
                    cards_out[h, s, m] = comm[i]
                m += 1
