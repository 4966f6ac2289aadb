"""What a leak is: ``dealer:N`` (dealer cards seen) or ``share:K`` (other players' hands seen),
and the exact figures with one (:mod:`.leaks`, :mod:`.sharing`, :mod:`.upcard_leak`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from casino_sim.errors import OptionError
from casino_sim.games.banked.language.outcomes import BankedAnalysis

__all__ = ["Leak", "LeakAnalysis", "parse_leak"]


@dataclass(frozen=True)
class Leak:
    """``dealer:N``: the player sees ``cards`` of the dealer's hidden cards; ``share:K``: the
    hands of ``cards`` other players (:mod:`.sharing`)."""

    kind: str
    cards: int

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.cards}"


def parse_leak(text: str) -> Leak:
    """``dealer:1`` -> ``Leak("dealer", 1)``, ``share:2`` -> ``Leak("share", 2)``; anything
    else raises :class:`OptionError`.

    >>> parse_leak("dealer:2")
    Leak(kind='dealer', cards=2)
    """
    match = re.fullmatch(r"\s*(dealer|share)\s*:\s*(\d+)\s*", text)
    if match is None or int(match.group(2)) < 1:
        raise OptionError(
            "--leak: expected dealer:N (N of the dealer's cards seen) or share:K (the hands of K "
            f"other players seen), N and K from 1, got {text!r}"
        )
    return Leak(match.group(1), int(match.group(2)))


@dataclass(frozen=True)
class LeakAnalysis:
    """The exact figures with the leak (``analysis``; its deals count each deal once per set of
    cards that can be seen) beside the house edge without it."""

    leak: Leak
    analysis: BankedAnalysis
    house_edge_without: Fraction
    seen_sets: int
