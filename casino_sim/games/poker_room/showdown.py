"""Settling a finished hand: rake, jackpot drop, showdown by the variant's ranking.

:func:`settle` is a pure function of the finished hand's chips and cards; the
hand (:class:`~casino_sim.games.poker_room.state.StudHand`) calls it once when
it ends, stores the :class:`Settlement` and credits the stacks with its
``winnings``.

>>> from casino_sim.cards import parse_cards
>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> variant = load_stud_variant("stud/seven_card_stud")
>>> table = load_stud_table("stud/tables/5-10")  # 10% rake capped at $4
>>> held = [parse_cards(h).tolist() for h in ("Ah Ad 7c 8d 9h 2s 3s", "Kh Kd 7h 8c 9s 2d 4c")]
>>> s = settle(variant, table, contrib=[2000, 2000], live=[True, True], held=held,
...            community=[], street=4)
>>> s.showdown, s.rake, s.winnings
(True, 400, (3600, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from casino_sim.config.stud import LowRanking, StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.evaluator import NO_LOW, evaluate_high, evaluate_hilo, evaluate_low
from casino_sim.games.poker_room.house import rake_cents
from casino_sim.games.poker_room.pots import side_pots, split, take_from_pots

__all__ = ["Award", "Evaluate", "Settlement", "settle"]

Evaluate = Callable[[list[int]], tuple[list[int | None], list[int | None]]]
"""Values of the showdown seats given: (high values, second-half values: low or split; None = no claim)."""

#: The name of the second half of a split pot, by the variant's ``split`` rule.
_SECOND_HALF = {"high-spade-in-hole": "spade", "low-spade-in-hole": "spade", "cowpie": "two-card"}


@dataclass(frozen=True, slots=True)
class Award:
    """Chips from one pot (or half pot) to one seat; ``half`` is "all", "high" or "low"
    (or the second half of a split rule: "spade" in Chicago, "two-card" in cowpie)."""

    pot: int
    seat: int
    amount: int
    half: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a hand ended and who was paid (cents).

    ``pots`` are (amount before rake, eligible seats); ``high``/``low`` hold the
    evaluator values of seats at the showdown (``None`` otherwise; with a
    ``split`` rule ``low`` holds each seat's claim to the second half: the
    spade's rank in Chicago, minus it in Little Chicago, the two-card hand's
    value in cowpie);
    ``bad_beat`` is (losing seat, winning seat) when the jackpot qualifies: the
    best losing high hand of the main pot reaches the qualifying hand, the pot
    after rake reaches the jackpot's ``min_pot`` (so the hand paid a jackpot
    drop) and at least ``min_players`` were dealt in.
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


def settle(
    variant: StudVariant,
    table: StudTable,
    *,
    contrib: Sequence[int],
    live: Sequence[bool],
    held: Sequence[Sequence[int]],
    community: Sequence[int],
    street: int,
    evaluate: Evaluate | None = None,
) -> Settlement:
    """Take rake and drop and award the pots of a finished hand.

    The rake, then the jackpot drop, come out of the main pot first, then the
    side pots in order (:func:`~casino_sim.games.poker_room.pots.take_from_pots`);
    neither takes more than there is.

    ``contrib`` is each seat's chips in the pot (cents), ``live`` the seats
    not folded, ``held`` each seat's own cards (down and up), ``community``
    the shared cards and ``street`` the index of the last street dealt.
    ``evaluate`` values the showdown seats for the variant language (wild
    cards, hand restrictions, split rules: :mod:`.variant_eval`); without it
    the variant's ranking values every seat's cards.
    """
    n = len(contrib)
    pots = side_pots(contrib, live)
    pot_record = tuple((p.amount, p.eligible) for p in pots)
    total = sum(contrib)
    rake = take_from_pots(pots, rake_cents(table.rake, total, ended_on_first_street=street == 0))
    drop = 0
    rule = table.bad_beat
    if rule is not None and total - rake >= rule.min_pot_cents:
        drop = take_from_pots(pots, rule.drop_cents)
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
        ranking = variant.ranking
        if evaluate is None:
            cards = np.array([[*held[s], *community] for s in seats], np.int8)
        if evaluate is not None:
            his, seconds = evaluate(seats)
            for s, h, v in zip(seats, his, seconds, strict=True):
                high_v[s] = h if ranking in ("high", "hi-lo-8") else None
                low_v[s] = v
        elif ranking == "high":
            for s, v in zip(seats, evaluate_high(cards, validate=False).tolist(), strict=True):
                high_v[s] = v
        elif ranking == "hi-lo-8":
            hi, lo = evaluate_hilo(cards, validate=False)
            for s, h, v in zip(seats, hi.tolist(), lo.tolist(), strict=True):
                high_v[s] = h
                low_v[s] = None if v == NO_LOW else v
        else:
            rules: LowRanking = "ace-to-six" if ranking == "ace-to-six" else "ace-to-five"
            values = evaluate_low(cards, rules=rules, validate=False).tolist()
            for s, v in zip(seats, values, strict=True):
                low_v[s] = v
        first_seat = table.odd_chip == "first-seat"
        if first_seat:
            by_high = by_low = seats
        else:
            by_high = sorted(seats, key=lambda s: -max(held[s]))
            by_low = sorted(seats, key=lambda s: min(_low_key(c) for c in held[s]))
        for i, pot in enumerate(pots):
            if not pot.amount:
                continue
            parts = []
            if ranking in ("high", "hi-lo-8"):
                parts.append(("high", high_v, by_high))
            if ranking != "high":
                parts.append(("low", low_v, by_low))
            elif variant.split != "none":
                parts.append((_SECOND_HALF[variant.split], low_v, by_low))
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
        if (
            rule is not None
            and drop > 0
            and n >= rule.min_players
            and ranking in ("high", "hi-lo-8")
            and variant.standard_values
        ):
            # a hit needs the jackpot's min pot (a drop taken on this very hand) and
            # min_players dealt in
            threshold = rule.qualifying_hand.min_value
            bad_beat = _bad_beat(pots[0].eligible if pots else (), high_v, threshold)
    return Settlement(
        street_reached=street,
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
