"""Cowpie: a seven-card hand split into a five-card hand and a two-card hand.

The two-card hand must hold at least one down card, and the five-card hand
must outrank it: a two-card pair is beaten by a bigger pair or anything better
than one pair; two unpaired cards by any pair, or by a high-card hand whose
two top cards are higher (compared top card first). Two-card hands rank pairs
above unpaired cards, then by rank (seeds 000: Cowpie poker; the seeds do not
define "outrank" further, this is the plain poker reading).

>>> from casino_sim.cards import parse_cards
>>> down, up = parse_cards("Ah 2c 7d").tolist(), parse_cards("Ks Kd 9c 4h").tolist()
>>> two_card_value(parse_cards("Ah Ad").tolist()) > two_card_value(parse_cards("Kh Qd").tolist())
True
>>> best = bot_pair(down, up)
>>> from casino_sim.cards import format_cards
>>> format_cards(best)  # keep the kings in the five, the best two-card hand with a down card
'Ah 9c'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from casino_sim.evaluator import category, evaluate_high

__all__ = ["aside_options", "bot_pair", "outranks", "two_card_value", "valid_pairs"]


def two_card_value(cards: Sequence[int]) -> int:
    """Value of a two-card hand: pairs above unpaired cards, then by rank (higher is better)."""
    hi, lo = sorted((c >> 2 for c in cards), reverse=True)
    return 200 + hi if hi == lo else hi * 13 + lo


def outranks(five: Sequence[int], two: Sequence[int]) -> bool:
    """Whether the five-card hand outranks the two-card hand (see the module)."""
    value = int(evaluate_high(np.array(five, np.int8), validate=False))
    cat = int(category(value))
    hi, lo = sorted((c >> 2 for c in two), reverse=True)
    ranks = sorted((c >> 2 for c in five), reverse=True)
    if hi == lo:
        if cat >= 2:
            return True
        if cat == 1:
            pair = max(r for r in ranks if ranks.count(r) == 2)
            return pair > hi
        return False
    if cat >= 1:
        return True
    return (ranks[0], ranks[1]) > (hi, lo)


def valid_pairs(down: Sequence[int], up: Sequence[int]) -> list[tuple[int, int]]:
    """Every two-card hand (card pair) a player holding ``down`` and ``up`` may set aside.

    Without any arrangement meeting the rules (it does not happen with seven
    cards dealt 3 down, 4 up), every pair holding a down card is allowed.
    """
    cards = [*down, *up]
    with_down = [(a, b) for a, b in combinations(cards, 2) if a in down or b in down]
    ok = [p for p in with_down if outranks([c for c in cards if c not in p], p)]
    return ok or with_down


def aside_options(down: Sequence[int], up: Sequence[int], chosen: Sequence[int]) -> tuple[int, ...]:
    """Cards that may be set aside next, given the ``chosen`` ones (two in all)."""
    pairs = valid_pairs(down, up)
    if chosen:
        first = chosen[0]
        return tuple(sorted(b if a == first else a for a, b in pairs if first in (a, b)))
    return tuple(sorted({c for p in pairs for c in p}))


def bot_pair(down: Sequence[int], up: Sequence[int]) -> tuple[int, int]:
    """The bots' split: the highest five-card category, then the best two-card hand, then the
    best five-card hand."""
    cards = [*down, *up]
    best_key: tuple[int, int, int] | None = None
    best = (cards[0], cards[1])
    for pair in valid_pairs(down, up):
        five = np.array([c for c in cards if c not in pair], np.int8)
        value = int(evaluate_high(five, validate=False))
        key = (int(category(value)), two_card_value(pair), value)
        if best_key is None or key > best_key:
            best_key, best = key, pair
    return best
