"""Stacked decks for tests, examples and replays: say which cards each seat gets.

>>> from casino_sim.config import load_stud_variant
>>> deck = stacked_deck(load_stud_variant("stud/seven_card_stud"), ["2c Ah 7s", "Kd Qc 9d"])
>>> from casino_sim.cards import format_cards
>>> format_cards(deck[:6])
'2c Kd Ah Qc 7s 9d'
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_sim.cards import parse_cards
from casino_sim.config.stud import StudVariant

__all__ = ["stacked_deck"]


def stacked_deck(
    variant: StudVariant,
    holdings: Sequence[str | Sequence[int]],
    *,
    community: str | Sequence[int] = (),
) -> list[int]:
    """A 52-card deal order giving each seat its cards in the order received.

    A seat listed with fewer cards is taken to have folded once they run out;
    burn cards and the rest of the deck are the unused cards in code order.
    ``community`` cards, if any, are dealt where the engine deals a common card.
    """
    hands: list[list[int]] = [
        parse_cards(h).tolist() if isinstance(h, str) else list(h) for h in holdings
    ]
    common: list[int] = (
        parse_cards(community).tolist() if isinstance(community, str) else list(community)
    )
    used = {c for h in hands for c in h} | set(common)
    spare = [c for c in range(52) if c not in used]
    taken = [0] * len(hands)
    order: list[int] = []
    for index, street in enumerate(variant.streets):
        seats = [s for s, h in enumerate(hands) if taken[s] < len(h)]
        if not seats:
            break
        if variant.burn and index > 0:
            order.append(spare.pop(0))
        for count in (street.down, street.up):
            for _ in range(count):
                for s in seats:
                    if taken[s] < len(hands[s]):
                        order.append(hands[s][taken[s]])
                        taken[s] += 1
    order += common + spare
    return order
