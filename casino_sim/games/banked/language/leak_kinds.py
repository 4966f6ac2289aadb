"""What a leak is: ``dealer:N`` (dealer cards seen) or ``share:K`` (other players' hands seen),
and the figures with one, exact or sampled (:mod:`.leaks`, :mod:`.sharing`, :mod:`.upcard_leak`,
:mod:`.upcard_share`, :mod:`.street_leak`, :mod:`.street_share`)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.outcomes import BankedAnalysis

__all__ = [
    "DEFAULT_SAMPLES",
    "Leak",
    "LeakAnalysis",
    "SampledLeak",
    "check_others_fit",
    "check_samples",
    "parse_leak",
    "share_estimate",
]

#: Sampled (hand, seen cards) pairs of ``--leak share:K`` by default: the gain's 95% interval is
#: then about +-0.02 points of the ante at Three Card Poker with five others seen.
DEFAULT_SAMPLES = 2_000_000


@dataclass(frozen=True)
class Leak:
    """``dealer:N``: the player sees ``cards`` of the dealer's hidden cards; ``share:K``: the
    hands of ``cards`` other players (:mod:`.sharing`)."""

    kind: str
    cards: int

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.cards}"

    @property
    def seen_words(self) -> str:
        """What the player sees: "2 other players' hands", "1 of the dealer's hidden cards".

        >>> Leak("share", 1).seen_words
        "1 other player's hand"
        """
        if self.kind == "dealer":
            return f"{self.cards} of the dealer's hidden cards"
        hands = "other player's hand" if self.cards == 1 else "other players' hands"
        return f"{self.cards} {hands}"


def check_samples(samples: int) -> int:
    """``samples`` if it is at least 1,000 sampled deals; else an :class:`OptionError`."""
    if samples < 1000:
        raise OptionError(f"--samples: at least 1,000 sampled deals, got {samples:,}")
    return samples


def check_others_fit(others: int, each: int, deck_cards: int, taken: int, beside: str) -> None:
    """Refuse (an :class:`OptionError`) ``others`` hands of ``each`` cards that do not fit in
    the deck beside the ``taken`` cards of the deal (``beside``: whose, in words)."""
    if taken + others * each > deck_cards:
        most = (deck_cards - taken) // each
        raise OptionError(
            f"--leak share:{others}: {others} other hands of {each} cards do not fit in the "
            f"{deck_cards}-card deck beside {beside}; at most share:{most}"
        )


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
    sees: str = ""
    """What the player sees, in words, where not ``N`` of the dealer's hidden cards."""

    @property
    def seen_words(self) -> str:
        """What the player sees: "1 of the dealer's hidden cards", "the last board card ..."."""
        return self.sees or self.leak.seen_words


@dataclass(frozen=True)
class SampledLeak:
    """Sampled: the house edge and element of risk with ``leak`` (other players' hands seen,
    or dealer cards), each with its 95% interval, from ``samples`` (hand, seen cards) drawn
    with ``seed``; the share of them on which the best action differs from the one without
    the leak."""

    leak: Leak
    house_edge: float
    house_edge_interval: tuple[float, float]
    element_of_risk: float
    element_of_risk_interval: tuple[float, float]
    house_edge_without: Fraction
    changed_share: float
    samples: int
    seed: int
    house_edge_per: str
    valued_over: str = "every dealer hand"
    """What each drawn deal is valued over, exactly."""
    decision: str = "the decision"
    """The decision :attr:`changed_share` counts changes of."""

    @property
    def sees(self) -> str:
        """What the player sees (:attr:`Leak.seen_words`)."""
        return self.leak.seen_words


def share_estimate(
    game: BankedGame,
    leak: Leak,
    without: Fraction,
    drawn: tuple[np.ndarray, np.ndarray],
    changed: int,
    bet_without: float,
    seed: int,
    **words: str,
) -> SampledLeak:
    """The sampled figures from each drawn deal's gain over the strategy without the leak and
    its extra money bet (``drawn``, per unit of the edge's wager), the deals where the action
    changed, and the exact edge and average total bet without the leak (``words``: what a
    deal is valued over, which decision the changes count; :class:`SampledLeak`)."""
    gains, extra = drawn
    samples = len(gains)
    unit = float(game.wagers[game.house_edge_per].initial)
    gain, gain_se = float(gains.mean()), float(gains.std(ddof=1)) / math.sqrt(samples)
    edge = float(without) - gain / unit
    edge_half = 1.96 * gain_se / unit
    net = -float(without) * unit + gain
    bet = bet_without + float(extra.mean())
    # element of risk -net/bet: its interval by the delta method on the (gain, extra bet) pairs
    grad = np.array([-1 / bet, net / bet**2])
    cov = np.cov(np.stack([gains, extra])) / samples
    eor_half = 1.96 * math.sqrt(float(grad @ cov @ grad))
    eor = -net / bet
    return SampledLeak(
        leak=leak,
        house_edge=edge,
        house_edge_interval=(edge - edge_half, edge + edge_half),
        element_of_risk=eor,
        element_of_risk_interval=(eor - eor_half, eor + eor_half),
        house_edge_without=without,
        changed_share=changed / samples,
        samples=samples,
        seed=seed,
        house_edge_per=game.house_edge_per,
        **words,
    )
