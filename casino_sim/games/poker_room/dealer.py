"""The dealer of a stud table: deals hands from a generator and lets bots (or a caller) play them.

>>> import numpy as np
>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.bots import default_population
>>> dealer = StudDealer(load_stud_variant("stud/razz"), load_stud_table("stud/tables/5-10"))
>>> hand = dealer.deal(np.random.default_rng(3), [10_000] * 3)
>>> hand.legal_actions().actions[0].name
'BRING_IN'
>>> r = dealer.play_hand(np.random.default_rng(3), default_population(3))
>>> r.stacks_start, sum(r.stacks_end) + r.rake + r.drop
((100000, 100000, 100000), 300000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.errors import OptionError
from casino_sim.games.poker_room.bots import BotPolicy, hand_strength
from casino_sim.games.poker_room.dealing import UNIFORMS_PER_HAND, bot_uniform, draw_hands
from casino_sim.games.poker_room.decks import deal_order
from casino_sim.games.poker_room.showdown import Settlement
from casino_sim.games.poker_room.state import StudHand
from casino_sim.games.poker_room.variant_bots import choose_card, variant_strength

__all__ = ["HandResult", "StudDealer"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of one played hand (seats in dealing order; cents)."""

    stacks_start: tuple[int, ...]
    stacks_end: tuple[int, ...]
    wagered: tuple[int, ...]
    rake: int
    drop: int
    street_reached: int
    showdown: bool
    bad_beat: tuple[int, int] | None
    settlement: Settlement
    hand: StudHand | None

    @property
    def pot(self) -> int:
        """Total chips that went into the pot (after uncalled bets came back)."""
        return sum(self.wagered)


class StudDealer:
    """A variant dealt at a table; ``deal`` starts a hand, ``play_hand`` plays one with bots."""

    def __init__(self, variant: StudVariant, table: StudTable) -> None:
        self.variant = variant
        self.table = table

    def deal(self, rng: np.random.Generator, stacks: Sequence[int]) -> StudHand:
        """Shuffle with ``rng`` (as :func:`draw_hands`), post antes, deal the first street."""
        self._check_seats(len(stacks))
        decks, uniforms = draw_hands(rng, 1)
        order = deal_order(self.variant.deck, decks[0].tolist(), uniforms[0].tolist())
        return StudHand(self.variant, self.table, stacks, order)

    def _check_seats(self, n: int) -> None:
        most = min(self.variant.max_players, self.table.max_seats)
        if n > most:
            raise OptionError(f"at most {most} players for {self.variant.name} at this table")

    def play_hand(
        self,
        rng: np.random.Generator,
        bots: Sequence[BotPolicy],
        stacks: Sequence[int] | None = None,
        *,
        keep_hand: bool = False,
    ) -> HandResult:
        """Play a complete hand; every seat starts with ``stacks`` (default the buy-in).

        The deck and the bots' numbers come from :func:`draw_hands` (one hand's
        worth); ``keep_hand`` keeps the finished :class:`StudHand` (cards and log).
        """
        decks, uniforms = draw_hands(rng, 1)
        return self.play_dealt(decks[0], uniforms[0], bots, stacks, keep_hand=keep_hand)

    def play_dealt(
        self,
        deck: Sequence[int] | NDArray[np.int8],
        uniforms: NDArray[np.float64],
        bots: Sequence[BotPolicy],
        stacks: Sequence[int] | None = None,
        *,
        keep_hand: bool = False,
    ) -> HandResult:
        """Play a hand from a drawn ``deck`` and row of ``uniforms`` (see :mod:`.dealing`).

        Card choices of the variant language are made by the bots' stated rules
        (:func:`~casino_sim.games.poker_room.variant_bots.choose_card`; each uses
        up one of the hand's numbers), bets by ``bots[seat].decide``.

        The compiled fast path plays the same hand from the same arrays.
        """
        start = list(stacks) if stacks is not None else [self.table.buy_in_cents] * len(bots)
        self._check_seats(len(start))
        cards = deck.tolist() if isinstance(deck, np.ndarray) else list(deck)
        if len(cards) == 52:  # a shuffled standard deck: the variant's deck in the same order
            cards = deal_order(self.variant.deck, cards, uniforms.tolist())
        hand = StudHand(self.variant, self.table, start, cards)
        row: list[float] = uniforms.tolist()
        k = 0
        cache: dict[int, tuple[float, float]] = {}
        phase: tuple[int, bool] = (-1, False)
        while not hand.done:
            seat = hand.actor
            now = (hand.street, hand.extra is not None and hand.extra.pending)
            if now != phase or now[1]:  # a new street, or cards that change with each choice
                phase = now
                cache.clear()
            if now[1]:  # a card choice: the bots' stated rule (docs/variants.md)
                hand.act(*choose_card(hand, seat, hand.legal_actions()))
                k += 1
                continue
            strength = cache.get(seat)
            if strength is None:
                read = hand_strength if hand.extra is None else variant_strength
                strength = cache[seat] = read(hand, seat)
            u = row[k] if k < UNIFORMS_PER_HAND else bot_uniform(uniforms, k)
            action, amount = bots[seat].decide(hand, seat, u, strength)
            k += 1
            hand.act(action, amount)
        s = hand.settlement
        assert s is not None
        return HandResult(
            stacks_start=tuple(start),
            stacks_end=tuple(hand.stacks),
            wagered=tuple(hand.contrib),
            rake=s.rake,
            drop=s.drop,
            street_reached=s.street_reached,
            showdown=s.showdown,
            bad_beat=s.bad_beat,
            settlement=s,
            hand=hand if keep_hand else None,
        )
