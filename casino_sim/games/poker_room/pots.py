"""Side pots, taking the house's share, and splitting with the odd chip.

>>> pots = side_pots([300, 1000, 1000, 400], [True, True, True, False])
>>> [(p.amount, p.eligible) for p in pots]
[(1200, (0, 1, 2)), (1500, (1, 2))]
>>> sorted(split(101, [2, 0], priority=[0, 2]).items())
[(0, 51), (2, 50)]
>>> sorted(split(302, [0, 1, 2], priority=[0, 1, 2], all_odd_to_first=True).items())
[(0, 102), (1, 100), (2, 100)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "side_pots", "split", "take_from_pots"]


@dataclass(slots=True)
class Pot:
    """A main or side pot: cents and the seats that can win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(contributions: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Main pot then side pots from each seat's total contribution.

    Folded seats' chips fall into the pots up to their contribution; every
    live seat that put in at least a pot's level is eligible for it.
    """
    levels = sorted({c for c, alive in zip(contributions, live, strict=True) if alive})
    pots: list[Pot] = []
    previous = 0
    for index, level in enumerate(levels):
        top = index == len(levels) - 1
        amount = 0
        for c in contributions:
            amount += (c if top else min(c, level)) - min(c, previous) if c > previous else 0
        eligible = tuple(s for s, c in enumerate(contributions) if live[s] and c >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1].amount += amount
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    return pots


def take_from_pots(pots: list[Pot], cents: int) -> int:
    """Remove up to ``cents`` from the pots, main pot first; returns the amount taken.

    >>> pots = [Pot(100, (0, 1)), Pot(50, (1,))]
    >>> take_from_pots(pots, 120), [p.amount for p in pots]
    (120, [0, 30])
    """
    taken = 0
    for pot in pots:
        if taken == cents:
            break
        part = min(pot.amount, cents - taken)
        pot.amount -= part
        taken += part
    return taken


def split(
    amount: int, winners: Sequence[int], *, priority: Sequence[int], all_odd_to_first: bool = False
) -> dict[int, int]:
    """Share ``amount`` equally; odd chips go one each to winners in ``priority`` order.

    ``priority`` lists seats best first (high card by suit, or first seat dealt).
    ``all_odd_to_first`` gives every odd chip to the first (pokerkit's rule).
    """
    share, odd = divmod(amount, len(winners))
    result = dict.fromkeys(winners, share)
    if odd:
        ordered = [s for s in priority if s in result]
        if all_odd_to_first:
            result[ordered[0]] += odd
        else:
            for seat in ordered[:odd]:
                result[seat] += 1
    return result
