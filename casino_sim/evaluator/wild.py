"""High hands with wild cards and jokers, batch-first: ``(..., n_cards)`` in, one int per hand out.

The value scale extends :func:`~casino_sim.evaluator.api.evaluate_high`'s: 0..7461
are the same classes (7461 = royal flush), and 7462..7474 are five of a kind,
deuces to aces, above the royal flush. A hand without wild cards gets exactly
its :func:`evaluate_high` value.

Rules (the common home-game and card-room rules; Robert's Rules of Poker for the bug):

* A **wild card** (any card of a rank in ``wild_ranks``, and the :data:`JOKER` with
  ``joker="wild"``) stands for any card, including one the player already holds
  as far as ranks go: four kings and a wild are five kings, and a pair plus
  two wilds is four of a kind.
* In a **flush or straight flush** a wild never duplicates a natural card: it
  stands for a card of that suit the hand does not hold (no "double-ace flush":
  ``As 7s 5s 3s`` + wild is the A-K-7-5-3 flush).
* The **bug** (``joker="bug"``) counts as an ace (so A-A-A-A-bug is five aces),
  or as any card that completes a straight, a flush or a straight flush; in a
  flush it is the best card of that suit the hand lacks.
* ``five_of_a_kind=False`` (rules without five of a kind): the best hand that is
  not five of a kind.

>>> v = evaluate_high_wild(parse_wild_cards("Jk As Ks Qs Js"), joker="bug")
>>> describe_wild(int(v))
'Royal flush'
>>> int(evaluate_high_wild(parse_wild_cards("Ac Ad Ah As 3d"), wild_mask("3")))  # five aces
7474
>>> describe_wild(int(evaluate_high_wild(parse_wild_cards("Jk 7h 7d 2c 3s"), joker="bug")))
'Pair of sevens'
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Literal, get_args, overload

import numpy as np

from casino_sim.cards import RANKS, format_card, parse_card
from casino_sim.errors import CardError, DuplicateCardError, HandSizeError, OptionError
from casino_sim.evaluator.api import category
from casino_sim.evaluator.describe import describe
from casino_sim.evaluator.tables import lookup
from casino_sim.evaluator.wild_kernels import (
    FIVE_OF_A_KIND_BASE,
    JOKER,
    WildOptions,
    first_invalid_wild_hand,
    wild_high_kernel,
    wild_tables,
)

__all__ = [
    "FIVE_OF_A_KIND_BASE",
    "JOKER",
    "WILD_HIGH_VALUES",
    "JokerRule",
    "WildCategory",
    "category_wild",
    "describe_wild",
    "evaluate_high_wild",
    "format_wild_cards",
    "parse_wild_cards",
    "wild_mask",
]

WILD_HIGH_VALUES = FIVE_OF_A_KIND_BASE + 13
"""Number of values on the wild scale (0 .. 7474)."""
JokerRule = Literal["wild", "bug"]
"""What a :data:`JOKER` is: fully wild, or a bug (ace, or completes a straight or flush)."""
_JOKER_RULES: tuple[JokerRule, ...] = get_args(JokerRule)
_JOKER_TOKENS = {"JK", "JOKER", "X", "XX", "*"}
_SIZES = (5, 6, 7, 8, 9)
_NAMES = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
          "jacks", "queens", "kings", "aces"]  # fmt: skip


class WildCategory(IntEnum):
    """:class:`~casino_sim.evaluator.classes.HandCategory` plus FIVE_OF_A_KIND on top."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND = 10


def wild_mask(ranks: str | Iterable[int | str]) -> int:
    """The 13-bit mask of wild ranks, from rank letters or rank numbers (0 = deuce .. 12 = ace).

    >>> wild_mask("39"), wild_mask([1, 7]), wild_mask("2"), wild_mask("")
    (130, 130, 1, 0)
    >>> wild_mask(["10"]) == wild_mask("T")
    True
    """
    mask = 0
    for rank in ranks:
        if isinstance(rank, str):
            letter = "T" if rank == "10" else rank.upper()
            if len(letter) != 1 or letter not in RANKS:
                raise CardError(f"bad wild rank {rank!r}: expected one of {RANKS}", token=rank)
            mask |= 1 << RANKS.index(letter)
        elif 0 <= rank <= 12:
            mask |= 1 << rank
        else:
            raise CardError(f"wild rank {rank} is outside 0..12", token=str(rank))
    return mask


def parse_wild_cards(text: str) -> np.ndarray:
    """Parse cards as :func:`~casino_sim.cards.parse_cards` does, ``Jk`` / ``Joker`` / ``X`` = :data:`JOKER`.

    >>> parse_wild_cards("Joker As 2c").tolist()
    [52, 51, 0]
    """
    codes = [
        JOKER if t.upper() in _JOKER_TOKENS else parse_card(t)
        for t in text.replace(",", " ").split()
    ]
    return np.array(codes, dtype=np.int8)


def format_wild_cards(codes: Iterable[int] | np.ndarray) -> str:
    """Space-separated names, the joker as ``Jk``.

    >>> format_wild_cards([52, 51])
    'Jk As'
    """
    return " ".join(
        "Jk" if c == JOKER else format_card(c) for c in np.asarray(codes).ravel().tolist()
    )


def prepare_wild_hands(cards: np.ndarray, *, validate: bool) -> np.ndarray:
    """``(n_hands, n_cards)`` C-contiguous codes (0..52, 5-9 cards), checked if asked."""
    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise CardError(f"card codes must be integers, got dtype {array.dtype}")
    if array.ndim == 0 or array.shape[-1] not in _SIZES:
        got = "a scalar" if array.ndim == 0 else f"{array.shape[-1]} cards"
        raise HandSizeError(f"expected hands of 5 to 9 cards, got {got}")
    flat = np.ascontiguousarray(array.reshape(-1, array.shape[-1]))
    if validate and flat.size:
        bad = first_invalid_wild_hand(flat)
        if bad >= 0:
            codes = flat[bad].tolist()
            for code in codes:
                if not 0 <= code <= JOKER:
                    raise CardError(f"card code {code} is outside 0..52", token=str(code))
            name = next(format_card(c) for c in codes if c != JOKER and codes.count(c) > 1)
            raise DuplicateCardError(f"duplicate card {name!r} in one hand", token=name)
    return flat


def _per_hand(values: np.ndarray, shape: tuple[int, ...], name: str) -> tuple[np.ndarray, int]:
    """``values`` as a flat array over the hands and its step (0: one value for every hand)."""
    if values.ndim == 0:
        return np.array(values).reshape(1), 0
    try:
        full = np.broadcast_to(values, shape)
    except ValueError:
        raise OptionError(
            f"{name} of shape {values.shape} does not broadcast to the hands' shape {shape}"
        ) from None
    # a writable copy: numba compiles a kernel again for a read-only array (a broadcast view)
    return np.array(full).reshape(-1), 1


def wild_options(
    wild_ranks: int | np.ndarray,
    joker: JokerRule | np.ndarray,
    shape: tuple[int, ...],
    *,
    five_of_a_kind: bool,
) -> WildOptions:
    """Checked per-hand wild masks (int64) and joker-is-wild flags, each with its step."""
    masks = np.asarray(wild_ranks)
    if masks.dtype.kind not in "iu" or (masks.size and not ((masks >= 0) & (masks < 8192)).all()):
        raise OptionError("wild_ranks must be 13-bit rank masks (ints 0..8191), see wild_mask()")
    if isinstance(joker, str):
        if joker not in _JOKER_RULES:
            rules = ", ".join(_JOKER_RULES)
            raise OptionError(f"unknown joker rule {joker!r}: expected one of {rules}")
        flags = np.array(joker == "wild")
    else:
        flags = np.asarray(joker)
        if flags.dtype != np.bool_:
            raise OptionError("joker must be 'wild', 'bug' or a bool array (True = wild)")
    wild, wild_step = _per_hand(masks.astype(np.int64), shape, "wild_ranks")
    joker_wild, joker_step = _per_hand(flags, shape, "joker")
    return WildOptions(wild, wild_step, joker_wild, joker_step, five_of_a_kind)


def evaluate_high_wild(
    cards: np.ndarray,
    wild_ranks: int | np.ndarray = 0,
    *,
    joker: JokerRule | np.ndarray = "wild",
    five_of_a_kind: bool = True,
    validate: bool = True,
) -> np.ndarray:
    """Best five-card high value of each hand of 5-9 cards with wild cards (int32, 0..7474).

    ``cards`` may hold :data:`JOKER` (52), more than once. ``wild_ranks`` is a
    13-bit mask (:func:`wild_mask`) or an array of masks broadcast against
    ``cards.shape[:-1]`` (one per hand: "low hole card wild", "follow the queen").
    ``joker`` is ``"wild"``, ``"bug"``, or a bool array broadcast the same way (True =
    wild: Mexican stud's joker is wild face down, a bug face up). The rules are in the
    module docstring.

    >>> hands = np.stack([parse_wild_cards("9c 3d Ah Kd 2s 9h 7c"), parse_wild_cards("Jk Ah Ad 7c 2s 4d 8h")])
    >>> [describe_wild(v) for v in evaluate_high_wild(hands, wild_mask("39"), joker="bug")]
    ['Four of a kind, aces', 'Three of a kind, aces']
    >>> from casino_sim.cards import parse_cards
    >>> from casino_sim.evaluator import evaluate_high
    >>> v = evaluate_high_wild(parse_wild_cards("Ac Ad Ah As 3d"), wild_mask("3"), five_of_a_kind=False)
    >>> describe_wild(int(v)), int(v) == int(evaluate_high(parse_cards("Ac Ad Ah As Kd")))
    ('Four of a kind, aces', True)
    """
    flat = prepare_wild_hands(cards, validate=validate)
    shape = np.shape(cards)[:-1]
    options = wild_options(wild_ranks, joker, shape, five_of_a_kind=five_of_a_kind)
    out = np.empty(flat.shape[0], dtype=np.int32)
    wild_high_kernel(flat, options, wild_tables(), lookup(flat.shape[1]), out)
    return out.reshape(shape)


@overload
def category_wild(values: int | np.integer) -> WildCategory: ...
@overload
def category_wild(values: np.ndarray) -> np.ndarray | WildCategory: ...
def category_wild(values: np.ndarray | int | np.integer) -> np.ndarray | WildCategory:
    """The :class:`WildCategory` of values on the wild scale (an int array for arrays).

    >>> category_wild(7474), category_wild(7461)
    (<WildCategory.FIVE_OF_A_KIND: 10>, <WildCategory.ROYAL_FLUSH: 9>)
    >>> category_wild(np.array([0, 7462])).tolist()
    [0, 10]
    """
    array = np.asarray(values)
    five = array >= FIVE_OF_A_KIND_BASE
    result = np.where(five, WildCategory.FIVE_OF_A_KIND, category(np.where(five, 0, array)))
    if array.ndim == 0:
        return WildCategory(int(result))
    return result


def describe_wild(value: int | np.integer) -> str:
    """Words for a value on the wild scale.

    >>> describe_wild(7474), describe_wild(7462)
    ('Five of a kind, aces', 'Five of a kind, twos')
    """
    if value >= FIVE_OF_A_KIND_BASE:
        return f"Five of a kind, {_NAMES[int(value) - FIVE_OF_A_KIND_BASE]}"
    return describe(int(value))
