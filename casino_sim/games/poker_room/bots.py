"""Rule-of-thumb players: tightness and aggression parameters, per-variant hand reading.

A bot rates its hand once per street (0 = hopeless .. 1 = the nuts, from what it
can see) and then decides with one uniform random number per decision, taken
in order from the hand's pre-drawn numbers (:mod:`.dealing`). The compiled
twins in :mod:`.fast_bots` must stay in step with this module (the fast-path
tests compare them). See docs/stud.md for the policies.

A subclass may override :meth:`BotPolicy.decide`; the compiled fast path
cannot play such a bot and the simulation then runs the Python engine
(:func:`~casino_sim.games.poker_room.fast.fallback_reason`).

>>> import numpy as np
>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.dealer import StudDealer
>>> dealer = StudDealer(load_stud_variant("stud/seven_card_stud"), load_stud_table("stud/tables/5-10"))
>>> r = dealer.play_hand(np.random.default_rng(7), default_population(8))
>>> r.street_reached in range(5)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from casino_sim.games.poker_room.state import Action, StudHand

__all__ = ["BotPolicy", "default_population", "hand_strength"]


def _high_strength(mine: list[int], others_up: list[int], cards_left: int) -> tuple[float, float]:
    """(made strength, draw equity) of a high hand from its cards and the dead upcards."""
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    for c in mine:
        counts[c >> 2] += 1
        suits[c & 3] += 1
    flush_n = max(suits)
    ordered = sorted(counts)
    s0, s1 = ordered[-1], ordered[-2]
    top = 12
    while not counts[top]:
        top -= 1
    run = best_run = 0
    for k in (counts[12], *counts):  # aces also play low
        if k:
            run += 1
            if run > best_run:
                best_run = run
        else:
            run = 0
    n = len(mine)
    if s0 >= 4:
        return 1.0, 0.0
    if s0 == 3 and s1 >= 2:
        return 0.97, 0.0
    if flush_n >= 5:
        return 0.93, 0.0
    if best_run >= 5:
        return 0.9, 0.0
    if s0 == 3:
        made = 0.8 + 0.01 * (12 - counts[::-1].index(3))
    elif s0 == 2 and s1 == 2:
        made = 0.62 + 0.012 * (12 - counts[::-1].index(2))
    elif s0 == 2:
        pair = 12 - counts[::-1].index(2)
        dead = sum(1 for c in others_up if c >> 2 == pair)
        made = 0.36 + 0.025 * pair - 0.08 * dead
    else:
        made = 0.05 + 0.02 * top - (0.05 if n > 3 else 0.0)
    draw = 0.0
    if cards_left:
        if flush_n == 4 or (flush_n == 3 and n == 3):
            draw = (0.19 if flush_n == 4 else 0.06) * cards_left
        if best_run >= 4 or (best_run == 3 and n == 3):
            draw = max(draw, (0.16 if best_run >= 4 else 0.05) * cards_left)
    return made, min(draw, 0.6)


def _best_low(masks: list[int], *, six: bool) -> tuple[int, int] | None:
    """(top, second card) of the lowest five-card low, or ``None`` when there is none.

    ``masks[v]`` holds the suits (bit per suit) of rank ``v`` (ace = 1) among the
    low cards. Ace-to-five: the five lowest distinct ranks. Ace-to-six (``six``):
    the lowest five that are neither a straight nor all of one suit (a flush
    is forced only when each rank is held in that one suit).
    """
    lows = [v for v in range(1, 14) if masks[v]]
    if len(lows) < 5:
        return None
    if not six:
        return lows[4], lows[3]
    best: tuple[int, ...] | None = None
    for five in combinations(lows, 5):
        suits = 0
        for v in five:
            suits |= masks[v]
        if five[4] - five[0] == 4 or suits & (suits - 1) == 0:
            continue
        key = five[::-1]
        if best is None or key < best:
            best = key
    return None if best is None else (best[0], best[1])


def _low_strength(
    mine: list[int], cards_left: int, *, limit: int, six: bool = False
) -> tuple[float, float]:
    """(made, draw) of a low hand: distinct ranks at most ``limit`` (ace = 1) count.

    A made low is rated from its top two cards against the nuts (5-4-3-2-A, or
    6-4-3-2-A in ace-to-six): 0.95 for the nuts, 0.05 less per rank of the top
    card and 0.01 per rank of the second. Pairs and cards above ``limit`` do
    not help; a four-card low draws with the share of the missing ranks that
    complete it (ace-to-six: without making a straight).
    """
    masks = [0] * 14
    for c in mine:
        v = ((c >> 2) + 1) % 13 + 1
        if v <= limit:
            masks[v] |= 1 << (c & 3)
    lows = [v for v in range(1, 14) if masks[v]]
    n = len(mine)
    k = len(lows)
    best = _best_low(masks, six=six)
    if best is not None:
        top, second = best
        return 0.95 - 0.05 * (top - (6 if six else 5)) - 0.01 * (second - 4), 0.0
    if n <= 3:
        return (0.95 - 0.06 * (lows[-1] - 3)) if k == 3 else 0.12 * k, 0.0
    k = min(k, 4)  # five or more lows, every five a straight or flush: a four-card low
    quality = 0.5 - 0.04 * (lows[k - 1] - 4) if k else 0.0
    made = max(0.05, quality - 0.18 * (min(n, 5) - k))
    draw = 0.0
    if k == 4:
        outs = limit - 4  # ace-to-five: any missing low rank completes the low
        if six:
            outs = 0
            for v in range(1, limit + 1):
                if not masks[v]:
                    masks[v] = 15
                    if _best_low(masks, six=six) is not None:
                        outs += 1
                    masks[v] = 0
        draw = 0.12 * cards_left * outs / (limit - 4)
    elif 5 - k <= cards_left:
        draw = 0.03 * cards_left
    return made, min(draw, 0.55)


def hand_strength(hand: StudHand, seat: int) -> tuple[float, float]:
    """What ``seat`` makes of its hand now: (made strength, draw equity), each about 0..1.

    It sees its own cards and the other players' upcards and reads them by the
    variant's ranking: high hands by category; ace-to-five and ace-to-six lows
    by the low ranking (see :func:`_low_strength`); in hi-lo the better of the
    two halves counts, with a bonus for two-way hands and two-way draws. (The
    classic games; the variant language's games are read by
    :func:`~casino_sim.games.poker_room.variant_bots.variant_strength`.)

    >>> from casino_sim.config import load_stud_table, load_stud_variant
    >>> from casino_sim.games.poker_room.decks import stacked_deck
    >>> t = load_stud_table("stud/tables/5-10")
    >>> seats = ["Ah 2d 3c", "Kh Kd Qc"]
    >>> def made(name):
    ...     v = load_stud_variant(name)
    ...     hand = StudHand(v, t, [10_000] * 2, stacked_deck(v, seats))
    ...     return [round(hand_strength(hand, s)[0], 2) for s in (0, 1)]
    >>> made("stud/razz"), made("stud/seven_card_stud")
    ([0.95, 0.0], [0.29, 0.64])
    """
    mine = hand.down[seat] + hand.up[seat] + hand.community
    others = [c for s in range(hand.n) if s != seat for c in hand.up[s]]
    streets = hand.variant.streets
    cards_left = sum(st.down + st.up for st in streets[hand.street + 1 :])
    ranking = hand.variant.ranking
    if ranking == "high":
        made, draw = _high_strength(mine, others, cards_left)
    elif ranking == "hi-lo-8":
        h_made, h_draw = _high_strength(mine, others, cards_left)
        l_made, l_draw = _low_strength(mine, cards_left, limit=8)
        made = max(h_made, l_made) + 0.1 * min(h_made, l_made)
        draw = min(max(h_draw, l_draw) + 0.25 * min(h_draw, l_draw), 0.6)
    else:
        limit = 9 if len(mine) > 3 else 8
        made, draw = _low_strength(mine, cards_left, limit=limit, six=ranking == "ace-to-six")
    # an opponent showing more than we hold makes us wary
    if len(hand.up[seat]) >= 2 and ranking == "high":
        my_up = [c >> 2 for c in hand.up[seat]]
        for s in range(hand.n):
            if s != seat and hand.live[s]:
                ranks = [c >> 2 for c in hand.up[s]]
                if len(set(ranks)) < len(ranks) and made < 0.6 and len(set(my_up)) == len(my_up):
                    made -= 0.12
                    break
    return made, draw


@dataclass(frozen=True)
class BotPolicy:
    """A player model.

    ``tightness`` (0 loose .. 1 tight) raises the strength needed to play;
    ``aggression`` (0 passive .. 1 aggressive) is the chance to bet or raise
    with a strong hand; ``bluff`` the chance to bet when checked to with nothing.
    """

    name: str = "regular"
    tightness: float = 0.5
    aggression: float = 0.4
    bluff: float = 0.04

    def decide(
        self, hand: StudHand, seat: int, u: float, strength: tuple[float, float]
    ) -> tuple[Action, int | None]:
        """Choose (action, amount) for ``seat`` given a uniform ``u`` and its strength."""
        made, draw = strength
        legal = hand.legal_actions()
        actions = legal.actions
        big = legal.sizes[-1] if legal.sizes else None
        if legal.any_size and legal.sizes:
            big = _sized(hand, seat, u, made=made, least=legal.sizes[0], most=legal.sizes[1])
        first = hand.street == 0
        enter = 0.25 + 0.45 * self.tightness
        strong = 0.72 + 0.12 * self.tightness - 0.2 * self.aggression
        if Action.BRING_IN in actions:
            if made >= strong and u < 0.3 + self.aggression and Action.COMPLETE in actions:
                return Action.COMPLETE, None
            return Action.BRING_IN, None
        aggressive = next(
            (a for a in (Action.COMPLETE, Action.BET, Action.RAISE) if a in actions), None
        )
        if Action.CHECK in actions:
            if aggressive is not None and (
                (made >= strong - 0.15 and u < 0.45 + 0.5 * self.aggression) or u < self.bluff
            ):
                return aggressive, big if made >= strong else None
            return Action.CHECK, None
        owed = legal.call
        pot = sum(hand.contrib)
        odds = owed / (pot + owed)
        if aggressive is not None and made >= strong and u < self.aggression + (made - strong):
            return aggressive, big if made >= strong + 0.1 else None
        need = enter if first else enter + 0.07 * hand.street - 0.4 * (0.3 - odds)
        if hand.street == 0 and owed <= hand.table.bring_in_cents:
            need -= 0.08
        if made >= need or draw >= odds + 0.05 + 0.1 * self.tightness:
            return Action.CALL, None
        if u < 0.015 * (1 - self.tightness):
            return Action.CALL, None
        return Action.FOLD, None


def _sized(hand: StudHand, seat: int, u: float, *, made: float, least: int, most: int) -> int:
    """The "to" amount of a strong bet or raise when any size is allowed.

    The raise is a share of the pot after calling: half the pot for a hand
    rated 0.5, growing with strength to the whole pot for the nuts, plus up to
    a tenth more from ``u`` (the same number that chose the action), rounded
    down to whole small bets. At no limit a very strong hand (0.93 or better:
    a flush or better) or a stack that a pot-sized raise would leave with less
    than the pot goes all-in; the table's limits (spread max, pot) clip the rest.
    """
    owed = hand.high - hand.sbet[seat]
    pot = sum(hand.contrib) + owed
    share = max(0.5, made) + 0.1 * u
    unit = max(1, hand.table.small_bet_cents)
    to = hand.high + int(share * pot) // unit * unit
    if hand.table.structure == "no-limit":
        left = hand.stacks[seat] - (to - hand.sbet[seat])
        if made >= 0.93 or left < pot + (to - hand.high):
            return most
    return min(max(to, least), most)


def default_population(n: int) -> list[BotPolicy]:
    """A mixed table of ``n`` bots: rocks, regulars, calling stations and maniacs.

    >>> [b.name for b in default_population(5)]
    ['regular', 'rock', 'station', 'regular', 'maniac']
    """
    kinds = [
        BotPolicy("regular", 0.5, 0.45),
        BotPolicy("rock", 0.8, 0.3, 0.01),
        BotPolicy("station", 0.25, 0.1, 0.01),
        BotPolicy("regular", 0.55, 0.5),
        BotPolicy("maniac", 0.2, 0.8, 0.15),
    ]
    return [kinds[i % len(kinds)] for i in range(n)]
