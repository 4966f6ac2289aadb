"""Settling a finished hand: rake, jackpot drop, showdown by the variant's ranking.

The settlement is computed once, when the hand ends, and stored on the hand
(``hand.settlement``); stacks are credited here.

>>> from casino_sim.games.poker_room.rules import TableRules, seven_card_stud
>>> from casino_sim.games.poker_room.state import Action, StudHand
>>> table = TableRules(ante=100, bring_in=200, small_bet=500, big_bet=1000)
>>> hand = StudHand(seven_card_stud(), table, [5000, 5000], list(range(52)))
>>> while not hand.done:
...     legal = hand.legal_actions()
...     hand.act(Action.BRING_IN if Action.BRING_IN in legal.actions else
...              Action.CALL if Action.CALL in legal.actions else Action.CHECK)
>>> s = hand.settlement
>>> s.showdown, s.street_reached, sum(hand.stacks) + s.rake + s.drop
(True, 4, 10000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from casino_sim.evaluator import NO_LOW, evaluate_high, evaluate_hilo, evaluate_low
from casino_sim.games.poker_room.pots import side_pots, split, take_from_pots
from casino_sim.games.poker_room.rules import OddChip, Ranking

if TYPE_CHECKING:
    from casino_sim.games.poker_room.state import StudHand

__all__ = ["Award", "Settlement", "settle"]


@dataclass(frozen=True, slots=True)
class Award:
    """Chips from one pot (or half pot) to one seat; ``half`` is "all", "high" or "low"."""

    pot: int
    seat: int
    amount: int
    half: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a hand ended and who was paid (cents).

    ``pots`` are (amount before rake, eligible seats); ``high``/``low`` hold the
    evaluator values of seats at the showdown (``None`` otherwise);
    ``bad_beat`` is (losing seat, winning seat) when the jackpot qualifies.
    """

    street_reached: int
    showdown: bool
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    rake: int
    drop: int
    awards: tuple[Award, ...]
    winnings: tuple[int, ...]
    high: tuple[int | None, ...]
    low: tuple[int | None, ...]
    bad_beat: tuple[int, int] | None


def _low_key(card: int) -> int:
    return ((card >> 2) + 1) % 13 * 4 + (card & 3)


def settle(hand: StudHand) -> Settlement:
    """Take rake and drop, award the pots, credit the stacks."""
    table, variant, n = hand.table, hand.variant, hand.n
    live = hand.live
    pots = side_pots(hand.contrib, live)
    pot_record = tuple((p.amount, p.eligible) for p in pots)
    total = sum(hand.contrib)
    rake = take_from_pots(pots, table.rake.rake(total, ended_on_first_street=hand.street == 0))
    drop = 0
    rule = table.bad_beat
    if rule is not None and total - rake >= rule.min_pot:
        drop = take_from_pots(pots, rule.drop)
    seats = [s for s in range(n) if live[s]]
    winnings = [0] * n
    awards: list[Award] = []
    high_v: list[int | None] = [None] * n
    low_v: list[int | None] = [None] * n
    bad_beat = None
    showdown = len(seats) > 1
    if not showdown:
        for i, pot in enumerate(pots):
            if pot.amount:
                winnings[seats[0]] += pot.amount
                awards.append(Award(i, seats[0], pot.amount, "all"))
    else:
        cards = np.array([hand.down[s] + hand.up[s] + hand.community for s in seats], np.int8)
        ranking = variant.ranking
        if ranking is Ranking.HIGH:
            for s, v in zip(seats, evaluate_high(cards, validate=False).tolist(), strict=True):
                high_v[s] = v
        elif ranking is Ranking.HILO8:
            hi, lo = evaluate_hilo(cards, validate=False)
            for s, h, v in zip(seats, hi.tolist(), lo.tolist(), strict=True):
                high_v[s] = h
                low_v[s] = None if v == NO_LOW else v
        else:
            values = evaluate_low(cards, rules=str(ranking), validate=False).tolist()
            for s, v in zip(seats, values, strict=True):
                low_v[s] = v
        first_seat = table.odd_chip is OddChip.FIRST_SEAT
        if first_seat:
            by_high = by_low = seats
        else:
            by_high = sorted(seats, key=lambda s: -max(hand.down[s] + hand.up[s]))
            by_low = sorted(
                seats, key=lambda s: min(_low_key(c) for c in hand.down[s] + hand.up[s])
            )
        for i, pot in enumerate(pots):
            if not pot.amount:
                continue
            parts = []
            if ranking is Ranking.HIGH or ranking is Ranking.HILO8:
                parts.append(("high", high_v, by_high))
            if ranking is not Ranking.HIGH:
                parts.append(("low", low_v, by_low))
            contenders = []
            for name, values, order in parts:
                eligible = [s for s in pot.eligible if values[s] is not None]
                if eligible:
                    best = max(values[s] for s in eligible)  # type: ignore[type-var]
                    contenders.append((name, [s for s in eligible if values[s] == best], order))
            if len(contenders) == 1:
                contenders[0] = ("all", *contenders[0][1:])
                amounts = [pot.amount]
            else:
                amounts = [pot.amount - pot.amount // 2, pot.amount // 2]
            for (name, winners, order), amount in zip(contenders, amounts, strict=True):
                for seat, won in split(
                    amount, winners, priority=order, all_odd_to_first=first_seat
                ).items():
                    winnings[seat] += won
                    awards.append(Award(i, seat, won, name))
        if rule is not None and ranking in (Ranking.HIGH, Ranking.HILO8):
            bad_beat = _bad_beat(pots[0].eligible if pots else (), high_v, rule.min_losing_value)
    for s in range(n):
        hand.stacks[s] += winnings[s]
    return Settlement(
        street_reached=hand.street,
        showdown=showdown,
        pots=pot_record,
        rake=rake,
        drop=drop,
        awards=tuple(awards),
        winnings=tuple(winnings),
        high=tuple(high_v),
        low=tuple(low_v),
        bad_beat=bad_beat,
    )


def _bad_beat(
    eligible: tuple[int, ...], high: list[int | None], threshold: int
) -> tuple[int, int] | None:
    """(loser, winner) when the best losing high hand of the main pot reaches ``threshold``."""
    ranked = sorted((v, -s) for s in eligible if (v := high[s]) is not None)
    if len(ranked) < 2:
        return None
    best = ranked[-1][0]
    losers = [(v, s) for v, s in ranked if v < best]
    if not losers or losers[-1][0] < threshold:
        return None
    return -losers[-1][1], -ranked[-1][1]
