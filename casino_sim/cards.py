"""Card codes, parsing and formatting, and the standard deck.

A card is a small int: ``code = rank * 4 + suit`` with rank 0..12 = 2..A and
suit 0..3 = clubs, diamonds, hearts, spades (the stud bring-in order, clubs
lowest). Strings such as ``"As Kd 7c"`` exist only at the boundary.

>>> parse_cards("As Kd 7c").tolist()
[51, 45, 20]
>>> format_cards([51, 45, 20])
'As Kd 7c'
>>> Deck().cards.size
52

Shuffles live one layer up, with the other random primitives (:mod:`casino_sim.shuffle`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from casino_sim.errors import CardError, DuplicateCardError

__all__ = [
    "RANKS",
    "SUITS",
    "Deck",
    "card_code",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CARDS = 52

Codes = TypeVar("Codes", int, np.ndarray)  # one card code, or an array of them

_RANK_ALIASES = {"10": "T"}
_TOKEN_SPLIT = re.compile(r"[\s,]+")


def card_code(rank: int, suit: int) -> int:
    """The code of the card with ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3).

    >>> card_code(12, 3)
    51
    """
    return rank * 4 + suit


def rank_of(cards: Codes) -> Codes:
    """Rank 0..12 (2..A) of card codes.

    >>> rank_of(51)
    12
    """
    return np.asarray(cards) // 4 if isinstance(cards, np.ndarray) else cards // 4


def suit_of(cards: Codes) -> Codes:
    """Suit 0..3 (clubs, diamonds, hearts, spades) of card codes.

    >>> suit_of(51)
    3
    """
    return np.asarray(cards) % 4 if isinstance(cards, np.ndarray) else cards % 4


def parse_card(token: str) -> int:
    """Parse one card such as ``"Ah"``, ``"td"`` or ``"10s"``.

    >>> parse_card("Th"), parse_card("10h")
    (34, 34)
    """
    text = token.strip()
    rank_text, suit_text = text[:-1], text[-1:]
    rank_text = _RANK_ALIASES.get(rank_text, rank_text).upper()
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text.lower() not in SUITS:
        raise CardError(
            f"bad card {token!r}: expected a rank from {RANKS} (or 10) followed by a suit from {SUITS}",
            token=token,
        )
    return card_code(RANKS.index(rank_text), SUITS.index(suit_text.lower()))


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> np.ndarray:
    """Parse cards separated by spaces or commas into an int8 array.

    Duplicates raise :class:`DuplicateCardError` unless ``allow_duplicates``.

    >>> parse_cards("2c 3c").tolist()
    [0, 4]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    casino_sim.errors.DuplicateCardError: duplicate card 'As' in 'As As'
    """
    tokens = (
        [t for t in _TOKEN_SPLIT.split(text.strip()) if t] if isinstance(text, str) else list(text)
    )
    codes = np.array([parse_card(t) for t in tokens], dtype=np.int8)
    if not allow_duplicates:
        seen: set[int] = set()
        for token, code in zip(tokens, codes.tolist(), strict=True):
            if code in seen:
                shown = text if isinstance(text, str) else " ".join(tokens)
                raise DuplicateCardError(f"duplicate card {token!r} in {shown!r}", token=token)
            seen.add(code)
    return codes


def format_card(code: int) -> str:
    """The two-character name of a card code.

    >>> format_card(0)
    '2c'
    """
    code = int(code)
    if not 0 <= code < N_CARDS:
        raise CardError(f"card code {code} is outside 0..51", token=str(code))
    return RANKS[code // 4] + SUITS[code % 4]


def format_cards(codes: Iterable[int] | np.ndarray) -> str:
    """Space-separated names of card codes.

    >>> format_cards(np.array([48, 49]))
    'Ac Ad'
    """
    return " ".join(format_card(c) for c in np.asarray(codes).ravel().tolist())


@dataclass
class Deck:
    """The 52-card deck, less the cards in ``exclude``; ``cards`` holds the codes left
    (shuffle them with :func:`casino_sim.shuffle.shuffled_decks`).

    >>> Deck(exclude=parse_cards("As Ks")).cards.size
    50
    """

    exclude: np.ndarray | None = None
    cards: npt.NDArray[np.int8] = field(init=False)

    def __post_init__(self) -> None:
        all_cards = np.arange(N_CARDS, dtype=np.int8)
        if self.exclude is None:
            self.cards = all_cards
        else:
            self.cards = np.setdiff1d(all_cards, np.asarray(self.exclude, dtype=np.int8))
