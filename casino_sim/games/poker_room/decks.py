"""Stacked decks for tests, examples and replays: say which cards each seat gets.

>>> from casino_sim.config import load_stud_variant
>>> deck = stacked_deck(load_stud_variant("stud/seven_card_stud"), ["2c Ah 7s", "Kd Qc 9d"])
>>> from casino_sim.cards import format_cards
>>> format_cards(deck[:6])
'2c Kd Ah Qc 7s 9d'
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_sim.cards import format_card, parse_cards
from casino_sim.config.stud import Deck, StudVariant
from casino_sim.config.stud_rules import rank_index

__all__ = ["JOKER", "deal_order", "stacked_deck", "variant_cards"]

#: The joker's card code; written ``Jk`` (or ``X``) in card text here.
JOKER = 52


def variant_cards(text: str) -> list[int]:
    """Card text as codes, jokers written ``Jk`` (or ``X``).

    >>> variant_cards("As Jk 7c")
    [51, 52, 20]
    """
    out: list[int] = []
    for token in text.split():
        out += [JOKER] if token in ("Jk", "JK", "X", "x") else parse_cards(token).tolist()
    return out


def _cards(cards: str | Sequence[int]) -> list[int]:
    return variant_cards(cards) if isinstance(cards, str) else list(cards)


def deal_order(deck: Deck, shuffled: Sequence[int], uniforms: Sequence[float] = ()) -> list[int]:
    """A shuffled 52-card order turned into an order of the variant's ``deck``, uniformly.

    Stripped ranks are dropped; a joker takes the place of a stripped card (the
    lowest first), whose place among the kept cards is uniform; with nothing
    stripped the joker goes in at ``int(u * (cards + 1))`` for the last of
    ``uniforms`` (the second joker the one before). A standard deck is returned unchanged.

    >>> order = deal_order(Deck(strip=("8", "9", "T"), jokers=1), list(range(51, -1, -1)))
    >>> len(order), order[:3], 52 in order
    (41, [51, 50, 49], True)
    """
    cards = list(shuffled)
    if deck == Deck():
        return cards
    stripped = deck.strip_mask
    stand_ins = [c for c in range(52) if stripped >> (c >> 2) & 1][: deck.jokers]
    out = [
        JOKER if c in stand_ins else c
        for c in cards
        if c in stand_ins or not stripped >> (c >> 2) & 1
    ]
    for k in range(deck.jokers - len(stand_ins)):
        u = float(uniforms[-1 - k]) if len(uniforms) > k else 0.0
        out.insert(int(u * (len(out) + 1)), JOKER)
    return out


def _place_bonus(
    slots: list[int | None], cards: list[int], taken: list[int], seat: int, card: int | None,
    *, bonus: int, size: int,
) -> None:  # fmt: skip
    """After the street's deal, an up ``card`` of the ``bonus`` rank earns ``seat`` the
    next card of the deal order at once, as the engine draws it (none once the ``size``
    cards of the deck are dealt; a bonus card of that rank earns another): the seat's
    next listed card."""
    while card is not None and card != JOKER and card >> 2 == bonus and len(slots) < size:
        if taken[seat] >= len(cards):
            raise ValueError(f"seat {seat}: list the bonus up card its {format_card(card)} earns")
        card = cards[taken[seat]]
        taken[seat] += 1
        slots.append(card)


def stacked_deck(
    variant: StudVariant,
    holdings: Sequence[str | Sequence[int]],
    *,
    community: str | Sequence[int] = (),
) -> list[int]:
    """A deal order of the variant's deck giving each seat its cards in the order received.

    A seat listed with fewer cards is taken to have folded once they run out
    (a seat whose cards end just before a street on which a ``community`` card
    is still to come stays in for it). Burn cards and the rest of the deck are
    the unused cards in code order. ``community`` cards are placed where the
    engine (:class:`~casino_sim.games.poker_room.state.StudHand`) deals a common
    card: on a community street of the variant, or on the last street when the
    deck runs out (after a burn card when two or more cards are left, Robert's
    stud rule 15); burn cards are reused as the engine reuses them. Raises
    ``ValueError`` for a card given twice, a seat card the engine would not
    deal to it, or community cards the engine never deals. Cards may be text
    (jokers as ``Jk``, :func:`variant_cards`). A seat's cards are the cards
    dealt to it, discarded ones included. A ``bonus_up`` card (Baseball: a 4
    dealt face up earns one more up card at once) is the seat's next listed card
    after the up card that earned it; a seat whose list ends there is refused.
    A twist's new card is not placed: the engine draws it when the player
    twists, from the next place of the deal order, which this function fills
    with the next burn card or the next street's cards (every later card then
    moves up one place). On a draft street the seats' listed up cards go to
    the centre, one round per up card, and the picks decide who takes which.

    Eight seven-card stud hands to the end without burn cards: 48 cards to
    sixth street, then a burn card and the common card (the last card of the
    deck here):

    >>> import dataclasses
    >>> from casino_sim.config import load_stud_variant
    >>> no_burn = dataclasses.replace(load_stud_variant("stud/seven_card_stud"), burn=False)
    >>> seats = [list(range(6 * i, 6 * i + 6)) for i in range(8)]
    >>> deck = stacked_deck(no_burn, seats, community=[51])
    >>> deck[48:50]
    [48, 51]

    Baseball: seat 0's 4h earns it the 2c at once; the Qs is still its fourth-street card:

    >>> from casino_sim.cards import format_cards
    >>> baseball = dataclasses.replace(load_stud_variant("stud/baseball"), burn=False)
    >>> format_cards(stacked_deck(baseball, ["Ac Kc 4h 2c Qs", "Ad Kd Qh Js"])[:9])
    'Ac Ad Kc Kd 4h Qh 2c Qs Js'
    """
    hands = [_cards(h) for h in holdings]
    common = _cards(community)
    given = [c for h in hands for c in h] + common
    spare = variant.deck.cards()
    for c in given:
        if c not in spare:
            raise ValueError(f"card {c} is given twice or is not in the deck")
        spare.remove(c)
    _DECK = variant.deck.size
    bonus = None if variant.bonus_up is None else rank_index(variant.bonus_up)
    slots: list[int | None] = []  # the deal order; None = a spare card
    burned: list[int] = []  # slots of burn cards not yet reused
    taken = [0] * len(hands)
    last_street = [-1] * len(hands)  # the last street each seat was dealt on
    placed = 0
    for index, street in enumerate(variant.streets):
        per_player = street.down + street.up
        burn = variant.burn and index > 0
        seats = [s for s, h in enumerate(hands) if taken[s] < len(h)]
        if placed < len(common):
            # seats whose cards ended on the last street stay in if a common card comes now
            ended = (s for s, h in enumerate(hands) if h and taken[s] == len(h))
            stay = sorted({*seats, *(s for s in ended if last_street[s] == index - 1)})
            left, need = _DECK - len(slots), per_player * len(stay)
            runs_out = left < need + burn and left + len(burned) < need and per_player == 1
            if street.community or runs_out:
                seats = stay
        if not seats:
            break
        shared = street.community
        need = per_player if shared else per_player * len(seats)
        left = _DECK - len(slots)
        positions: list[int] = []
        if left >= need + burn:
            if burn:
                burned.append(len(slots))
                slots.append(None)
            positions = list(range(len(slots), len(slots) + need))
            slots += [None] * need
        elif left + len(burned) >= need:  # the engine reuses the burn cards
            positions = (list(range(len(slots), _DECK)) + burned)[:need]
            slots += [None] * left
            burned = []
        elif not shared and per_player == 1:  # one common card instead
            if left >= 2:
                burned.append(len(slots))
                slots.append(None)
            if left == 0:
                positions, burned = [burned[0]], []
            else:
                positions = [len(slots)]
                slots.append(None)
            shared = True
            for s in seats:
                if taken[s] < len(hands[s]):
                    raise ValueError(
                        f"the deck runs out on street {street.name}: seat {s} gets no card of"
                        " its own there; give the common card as community"
                    )
        else:
            raise ValueError("the deck runs out of cards")
        for s in seats:
            last_street[s] = index
        if shared:
            for p in positions:
                if placed < len(common):
                    slots[p] = common[placed]
                    placed += 1
            continue
        order = iter(positions)
        for _ in range(per_player):
            for s in seats:
                p = next(order)
                if taken[s] < len(hands[s]):
                    slots[p] = hands[s][taken[s]]
                    taken[s] += 1
        if bonus is not None and street.up:
            ups = positions[street.down * len(seats) :]
            for k in range(street.up):
                for i, s in enumerate(seats):
                    card = slots[ups[k * len(seats) + i]]
                    _place_bonus(slots, hands[s], taken, s, card, bonus=bonus, size=_DECK)
    if placed < len(common):
        raise ValueError("the engine deals no community card for these holdings")
    if any(taken[s] < len(h) for s, h in enumerate(hands)):
        raise ValueError("more cards listed for a seat than the variant deals")
    spares = iter(spare)
    order_out = [c if c is not None else next(spares) for c in slots]
    return order_out + list(spares)
