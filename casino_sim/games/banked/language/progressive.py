"""A banked game's progressive side bet (``side_bets: {NAME: {hand: ..., progressive: FILE}}``):
what the language knows of it.

A progressive side bet is one bet of the progressive's ``wager`` (money) on a deal, settled on
its hand rule (each player's own hand, the best five of its cards) whatever the main game's
decisions: fixed awards and shares of a meter (``kind: progressive``). The meter itself
(contributions, reserve, seeds) and the exact return by meter are the progressive's one model,
Caribbean Stud's (``ProgressiveMeter``, ``MeterReplay``, ``analyze_progressive``); the layers
above (``cli``, ``floor``) apply it to what this module gives: each side bet's progressive
(:func:`progressives_of`), the hands of each category over every set of its cards
(:func:`progressive_counts`, exact) and the category of dealt hands (:func:`hand_categories`).

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/caribbean_stud")
>>> counts = progressive_counts(game, "progressive")
>>> counts["royal_flush"], counts["straight_flush"], counts["flush"], sum(counts.values())
(4, 36, 5108, 2598960)
>>> hand_categories(np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 17]])).tolist()  # AKQJT, 2-6
[9, 4]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.loader import load_progressive
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.evaluator import category
from casino_sim.games.banked.language.dealt import hand_values
from casino_sim.games.banked.language.hands import FULL_DECK, Deck
from casino_sim.games.banked.language.rounds import RoundShape
from casino_sim.games.banked.language.side_bets import value_histogram

__all__ = [
    "ProgressiveChunk",
    "ProgressiveDeal",
    "hand_categories",
    "meter_categories",
    "progressive_counts",
    "progressive_deals",
    "progressives_of",
]


def progressives_of(game: BankedGame) -> dict[str, ProgressivePaytable]:
    """The progressive of each of ``game``'s progressive side bets, by side bet name."""
    return {
        name: load_progressive(side.progressive)
        for name, side in game.side_bets.items()
        if side.progressive is not None
    }


def progressive_counts(game: BankedGame, name: str, *, deck: Deck = FULL_DECK) -> dict[str, int]:
    """The hands of each category (``CATEGORY_KEYS``, a royal flush apart from the straight
    flushes) over every set of the cards side bet ``name`` reads: what ``analyze_progressive``
    counts its hits on."""
    side = game.side_bets[name]
    histogram = value_histogram(side.hand.ranking, deck, game.rule_cards(side.hand))
    values = np.flatnonzero(histogram)
    counts = np.zeros(len(CATEGORY_KEYS), dtype=np.int64)
    np.add.at(counts, category(values), histogram[values])
    return {key: int(n) for key, n in zip(CATEGORY_KEYS, counts.tolist(), strict=True)}


def hand_categories(cards: np.ndarray) -> np.ndarray:
    """The category (a ``CATEGORY_KEYS`` index) of the best five of each row of ``cards``
    (int64, five to seven positions in the 52-card deck)."""
    found = np.asarray(category(hand_values("five_card_high", cards)), dtype=np.int64)
    return found


def meter_categories(progressive: ProgressivePaytable) -> np.ndarray:
    """The categories (``CATEGORY_KEYS`` indexes) whose award is a share of the meter."""
    return np.array(
        [CATEGORY_KEYS.index(k) for k, a in progressive.awards.items() if a.meter_share],
        dtype=np.int64,
    )


@dataclass(frozen=True, eq=False)
class ProgressiveChunk:
    """One chunk of a Monte Carlo run, one side bet on each deal: ``hits`` (int64[10], deals by
    category) and ``events`` (int64[k, 4], one row per meter-share hit in deal order: the side
    bets placed up to and including its deal, the deal, seat 0, its category): what
    ``MeterReplay.replay_chunk`` replays through the meter."""

    chunk: int
    hits: np.ndarray
    events: np.ndarray

    @classmethod
    def of(cls, chunk: int, categories: np.ndarray, meter: np.ndarray) -> ProgressiveChunk:
        """The chunk whose deals made ``categories``, in order; ``meter``: the meter-share
        categories.

        >>> part = ProgressiveChunk.of(3, np.array([0, 9, 5, 8]), np.array([8, 9]))
        >>> part.events.tolist()
        [[2, 1, 0, 9], [4, 3, 0, 8]]
        """
        deals = np.flatnonzero(np.isin(categories, meter))
        events = np.column_stack(
            [deals + 1, deals, np.zeros_like(deals), categories[deals]]
        ).astype(np.int64)
        hits = np.bincount(categories, minlength=len(CATEGORY_KEYS)).astype(np.int64)
        return cls(chunk, hits, events.reshape(-1, 4))


@dataclass(frozen=True, eq=False)
class ProgressiveDeal:
    """A progressive side bet in a Monte Carlo run: its ``name``, the columns of a deal row its
    hand reads and its meter-share categories (:func:`meter_categories`)."""

    name: str
    columns: np.ndarray  # int64
    meter: np.ndarray  # int64


def progressive_deals(game: BankedGame, shape: RoundShape) -> tuple[ProgressiveDeal, ...]:
    """``game``'s progressive side bets on a deal row of ``shape`` (one seat's deal)."""
    return tuple(
        ProgressiveDeal(
            name,
            np.array(shape.columns(hand.cards, hand.through), dtype=np.int64),
            meter_categories(progressive),
        )
        for name, progressive in progressives_of(game).items()
        for hand in (game.side_bets[name].hand,)
    )
