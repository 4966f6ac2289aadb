"""How the bots read hands and make card choices under the variant language.

Hand reading (:func:`variant_strength`) is the classic reading of
:mod:`.bots` applied to the cards that can play: under a ``play`` restriction
only the best allowed down (and up) cards, wild cards set aside and each
adding 0.22 to the made strength (Number Nine: unpaired number cards adding
up to the sum, paired greedily from the highest, count as wild cards); a bug
joker reads as an ace; in Canadian
stud a four-card straight or flush with no cards to come reads 0.55; in
Chicago a spade in the hole is worth at least 0.2 + 0.045 x its rank (the
ace 0.74; Little Chicago counts from the deuce).

Card choices (:func:`choose_card`), each a fixed rule (no random number):

* draft: the centre card that leaves the highest made + draw strength (ties: first dealt);
* discard: the down card whose loss leaves the highest made + draw strength
  (ties: the lowest card);
* expose (roll your own, flip, Kentrel): the down card of lowest keep score:
  wild cards and jokers score highest, then cards paired with another of the
  player's cards, then by rank (high games: low ranks are shown first; games
  with a low half, hi-lo included: high ranks, the ace counting low);
* twist: stand with a made strength of 0.5 or more, else replace the card of
  lowest keep score (down or up).

>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.decks import stacked_deck
>>> from casino_sim.games.poker_room.state import StudHand
>>> v = load_stud_variant("stud/kentrel")
>>> hand = StudHand(v, load_stud_table("stud/tables/5-10"), [10_000] * 2,
...                 stacked_deck(v, ["Ah Ad 7c Ks", "Kh Qd 9c 3s"]))
>>> action, card = choose_card(hand, 0, hand.legal_actions())
>>> action.name, card  # Kentrel is hi-lo: the king helps least
('DISCARD', 47)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from casino_sim.games.poker_room.bots import _high_strength, _low_strength
from casino_sim.games.poker_room.state import Action, LegalActions, StudHand
from casino_sim.games.poker_room.variant_eval import JOKER, wild_masks

__all__ = ["choose_card", "variant_strength"]

_ACE_OF_CLUBS = 48


def _wild(hand: StudHand, seat: int) -> tuple[int, str]:
    """The seat's wild-rank mask now and how its jokers play ("wild" or "bug")."""
    v = hand.variant
    extra = hand.extra
    order = extra.up_order if extra is not None else []
    mask = wild_masks(v, [hand.down[seat]], up_order=order)[0]
    role = v.deck.joker
    if role == "bug-up-wild-down":
        role = "wild" if JOKER in hand.down[seat] else "bug"
    return mask, role


def _best(cards: list[int], limit: int | None) -> list[int]:
    if limit is None or len(cards) <= limit:
        return cards
    counts = Counter(c >> 2 for c in cards)
    return sorted(cards, key=lambda c: (counts[c >> 2], c), reverse=True)[:limit]


def variant_strength(hand: StudHand, seat: int) -> tuple[float, float]:
    """(made strength, draw equity) of ``seat`` under the variant language (see the module)."""
    v = hand.variant
    mask, role = _wild(hand, seat)
    down = _best(hand.down[seat], v.play.hole)
    up = _best(hand.up[seat] + hand.community, v.play.up)
    wild = natural = 0
    mine: list[int] = []
    for c in down + up:
        if c == JOKER:
            if role == "wild":
                wild += 1
            else:
                mine.append(_ACE_OF_CLUBS)
        elif mask >> (c >> 2) & 1:
            wild += 1
        else:
            mine.append(c)
            natural += 1
    if v.wild.sums_to:
        mine, made_wild = _sum_pairs(mine, v.wild.sums_to)
        wild += made_wild
    others = [c for s in range(hand.n) if s != seat for c in hand.up[s] if c != JOKER]
    left = sum(st.down + st.up for st in v.streets[hand.street + 1 :])
    if not mine:
        return 1.0, 0.0
    if v.ranking == "high":
        made, draw = _high_strength(mine, others, left)
    elif v.ranking == "hi-lo-8":
        h_made, h_draw = _high_strength(mine, others, left)
        l_made, l_draw = _low_strength(mine, left, limit=8)
        made = max(h_made, l_made) + 0.1 * min(h_made, l_made)
        draw = min(max(h_draw, l_draw) + 0.25 * min(h_draw, l_draw), 0.6)
    else:
        made, draw = _low_strength(mine, left, limit=8, six=v.ranking == "ace-to-six")
    made = min(1.0, made + 0.22 * wild)
    if v.hands == "canadian" and left == 0 and made < 0.55 and _four_card_hand(mine):
        made = 0.55
    spades = [c >> 2 for c in hand.down[seat] if c != JOKER and c & 3 == 3]
    if spades and v.split == "high-spade-in-hole":
        made = max(made, 0.2 + 0.045 * max(spades))
    elif spades and v.split == "low-spade-in-hole":
        made = max(made, 0.2 + 0.045 * (12 - min(spades)))
    return made, draw


def _sum_pairs(cards: list[int], total: int) -> tuple[list[int], int]:
    """Number Nine reading: unpaired number cards (ace = 1) adding up to ``total`` two by
    two, taken greedily from the highest, count as wild cards."""
    from casino_sim.games.poker_room.variant_eval import number_value

    counts = Counter(c >> 2 for c in cards)
    free = sorted((c for c in cards if counts[c >> 2] == 1 and number_value(c)), reverse=True)
    used: set[int] = set()
    made = 0
    for i, a in enumerate(free):
        for b in free[i + 1 :]:
            if a not in used and b not in used and number_value(a) + number_value(b) == total:
                used |= {a, b}
                made += 1
    return [c for c in cards if c not in used], made


def _four_card_hand(cards: Sequence[int]) -> bool:
    """A four-card flush or straight among ``cards``."""
    suits = Counter(c & 3 for c in cards)
    if max(suits.values()) >= 4:
        return True
    ranks = {c >> 2 for c in cards} | ({-1} if any(c >> 2 == 12 for c in cards) else set())
    return any(all(r + k in ranks for k in range(4)) for r in range(-1, 10))


def _keep_score(hand: StudHand, seat: int, card: int) -> tuple[int, int, int]:
    """How much ``seat`` wants to keep ``card``: wild, paired, then rank (reversed in low games)."""
    mask, role = _wild(hand, seat)
    if card == JOKER:
        return (2 if role == "wild" else 1, 0, 13)
    if mask >> (card >> 2) & 1:
        return (2, 0, card >> 2)
    mine = hand.down[seat] + hand.up[seat]
    paired = sum(1 for c in mine if c != JOKER and c >> 2 == card >> 2) > 1
    rank = card >> 2
    low = hand.variant.ranking not in ("high",)
    if low:
        rank = 12 - ((card >> 2) + 1) % 13  # ace lowest, so kept first
    return (0, int(paired), rank)


def _total(hand: StudHand, seat: int) -> float:
    made, draw = variant_strength(hand, seat)
    return made + draw


def choose_card(hand: StudHand, seat: int, legal: LegalActions) -> tuple[Action, int | None]:
    """The bot's card choice (see the module for the rules)."""
    action = legal.actions[0]
    cards = legal.sizes
    if action is Action.DRAFT:
        scores = []
        for card in cards:
            hand.up[seat].append(card)
            scores.append(_total(hand, seat))
            hand.up[seat].pop()
        return action, cards[scores.index(max(scores))]
    if action is Action.DISCARD:
        down = hand.down[seat]
        best: tuple[float, int] | None = None
        pick = cards[0]
        for card in cards:
            i = down.index(card)
            down.pop(i)
            score = (_total(hand, seat), -card)
            down.insert(i, card)
            if best is None or score > best:
                best, pick = score, card
        return action, pick
    if action is Action.SET_ASIDE:
        from casino_sim.games.poker_room.cowpie import bot_pair

        extra = hand.extra
        chosen = extra.aside[seat] if extra is not None else []
        pair = bot_pair(hand.down[seat], hand.up[seat])
        left = [c for c in pair if c not in chosen and c in cards]
        return action, left[0] if left else cards[0]
    if action is Action.EXPOSE:
        return action, min(cards, key=lambda c: (_keep_score(hand, seat, c), c))
    # a twist: stand on a decent hand, else swap the least useful card
    if Action.TWIST not in legal.actions or variant_strength(hand, seat)[0] >= 0.5:
        return Action.STAND, None
    return Action.TWIST, min(cards, key=lambda c: (_keep_score(hand, seat, c), c))
