"""The decks file of a shuffler test: read strictly, written plainly.

One shuffled deck a line, top card first: the 52 cards, each once, as card names
(``As Kd 7c ...``, read by :func:`casino_sim.cards.parse_card`: ``10h``, ``th`` too) or as
the package's card codes ``0 .. 51`` (``rank * 4 + suit``, ``0`` = ``2c``, ``51`` = ``As``),
separated by commas and/or spaces, no header. One file uses one notation. A line
starting with ``#`` is a comment.

What each line is a shuffle of: a shuffler under test is fed a deck in a known order
and each output is recorded; the deck is then shuffled again as it came out. So by
default each line is a shuffle of the line before it, and the first line, and the first
after a blank line (a new deck, or a deck put back in order), is a shuffle of the
standard order ``2c 2d 2h 2s 3c ... As`` (codes ``0 .. 51``). A separate reference file
(same rules, blank lines ignored) gives the order before each shuffle instead, line for
line.

Anything else is refused with one line naming the file, the line and what was expected.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "decks.csv"
>>> _ = path.write_text(format_decks(np.array([np.arange(52)[::-1]])))
>>> record = read_decks(path)
>>> record.decks.shape, record.before[0, :3].tolist(), record.notation
((1, 52), [0, 1, 2], 'names')
>>> _ = path.write_text("As Kd\\n")
>>> read_decks(path)
Traceback (most recent call last):
...
casino_sim.errors.HandSizeError: ...decks.csv:1: 2 cards (2c 2d 2h ... (50 cards) missing); expected the 52 cards of a deck, each once
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from casino_sim.cards import RANKS, SUITS, format_card, format_cards, parse_card
from casino_sim.errors import CardError, DuplicateCardError, HandSizeError

__all__ = ["DECK_SIZE", "DeckRecord", "format_decks", "read_decks"]

#: Cards in a deck of the file (a standard deck, no jokers).
DECK_SIZE = 52

Notation = Literal["names", "codes"]

_CODE = re.compile(r"^(0|[1-9][0-9]*)$")
_EXPECTED = f"expected the {DECK_SIZE} cards of a deck, each once"


def _name_table() -> dict[str, int]:
    """Every spelling :func:`parse_card` accepts, looked up at once (a file holds millions)."""
    table = {}
    for rank in [*RANKS, *RANKS.lower(), "10"]:
        for suit in [*SUITS, *SUITS.upper()]:
            table[rank + suit] = parse_card(rank + suit)
    return table


_NAMES = _name_table()


@dataclass(frozen=True)
class DeckRecord:
    """The shuffles of a decks file: ``before[t]`` became ``decks[t]`` (codes, top card first).

    ``lines[t]`` is the file's line of deck ``t``; ``sessions`` counts the runs of decks
    shuffled one from the other (``0`` when a reference file gave the orders before).
    """

    path: str
    decks: npt.NDArray[np.int8]
    before: npt.NDArray[np.int8]
    lines: tuple[int, ...]
    notation: Notation
    sessions: int
    reference: str | None = None

    @property
    def count(self) -> int:
        return int(self.decks.shape[0])

    def one_order_before(self) -> bool:
        """Whether every shuffle started from the same order (then a card's place before is
        the same fact as the card itself)."""
        return bool((self.before == self.before[:1]).all())


def _read_lines(path: str | os.PathLike[str]) -> list[str]:
    """The file's lines; only a regular file is opened (a FIFO or a device would block)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise CardError(f"{path}: not a regular file; not read; {_EXPECTED}, one deck a line")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    with os.fdopen(os.open(path, flags), "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # the path changed meanwhile
            raise CardError(f"{path}: not a regular file; not read")
        raw = handle.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CardError(f"{path}: not a text file (UTF-8); {_EXPECTED} a line") from None
    return text.splitlines()


def _problem(cards: list[int]) -> str:
    """What is wrong with a line of valid card codes that is not a deck."""
    counts = np.bincount(np.asarray(cards, dtype=np.int64), minlength=DECK_SIZE)
    notes = [
        f"{_some(counts > 1)} repeated" if (counts > 1).any() else "",
        f"{_some(counts == 0)} missing" if (counts == 0).any() else "",
    ]
    detail = ", ".join(note for note in notes if note)
    return f"{len(cards)} cards ({detail})" if len(cards) != DECK_SIZE else detail


def _some(which: npt.NDArray[np.bool_]) -> str:
    names = [format_card(int(c)) for c in np.flatnonzero(which)]
    return " ".join(names) if len(names) <= 3 else f"{' '.join(names[:3])} ... ({len(names)} cards)"


#: Every code a file may hold, as written (no sign, no leading zero).
_CODES = {str(code): code for code in range(DECK_SIZE)}


def _parse_line(tokens: list[str], where: str) -> tuple[list[int], Notation]:
    names = [_NAMES.get(t, -1) for t in tokens]
    if -1 not in names:
        return names, "names"
    codes = [_CODES.get(t, -1) for t in tokens]
    if -1 not in codes:
        return codes, "codes"
    digits = [bool(_CODE.match(t)) for t in tokens]
    for token, is_digits in zip(tokens, digits, strict=True):
        if is_digits and token not in _CODES:
            raise CardError(
                f"{where}: card code {token} is outside 0..{DECK_SIZE - 1}; {_EXPECTED}",
                token=token,
            )
    if (
        any(digits)
        and not all(digits)
        and all(d or t in _NAMES for t, d in zip(tokens, digits, strict=True))
    ):
        first = tokens[digits.index(True)]
        raise CardError(
            f"{where}: card names and codes ({first!r}) in one line; {_EXPECTED}, "
            "as names (As Kd 7c ...) or as codes 0 to 51",
            token=first,
        )
    token = next(t for t, d in zip(tokens, digits, strict=True) if not d and t not in _NAMES)
    raise CardError(
        f"{where}: unknown card {token!r}; {_EXPECTED}, as names (As Kd 7c ...) or as codes 0 "
        "to 51",
        token=token,
    )


def _parse(
    path: str | os.PathLike[str],
) -> tuple[list[npt.NDArray[np.int8]], list[int], list[int], Notation]:
    """Decks, their line numbers, the index of each session's first deck, the notation."""
    decks: list[npt.NDArray[np.int8]] = []
    lines: list[int] = []
    starts: list[int] = []
    notation: Notation | None = None
    first_line = 0
    new_session = True
    for number, raw in enumerate(_read_lines(path), start=1):
        text = raw.strip()
        if not text:
            new_session = True
            continue
        if text.startswith("#"):
            continue
        where = f"{path}:{number}"
        cards, kind = _parse_line(text.replace(",", " ").split(), where)
        if notation is None:
            notation, first_line = kind, number
        elif kind != notation:
            raise CardError(
                f"{where}: card {kind}, but line {first_line} has card {notation}; "
                "expected one notation for the whole file"
            )
        if len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
            error = HandSizeError if len(cards) != DECK_SIZE else DuplicateCardError
            raise error(f"{where}: {_problem(cards)}; {_EXPECTED}")
        if new_session:
            starts.append(len(decks))
            new_session = False
        decks.append(np.array(cards, dtype=np.int8))
        lines.append(number)
    if not decks or notation is None:
        raise CardError(f"{path}: no decks; {_EXPECTED}, one deck a line")
    return decks, lines, starts, notation


def read_decks(
    path: str | os.PathLike[str], *, reference: str | os.PathLike[str] | None = None
) -> DeckRecord:
    """Read a decks file (and the orders before each shuffle from ``reference``, if given)."""
    decks, lines, starts, notation = _parse(path)
    after = np.stack(decks)
    if reference is not None:
        orders, *_ = _parse(reference)
        if len(orders) != len(decks):
            raise CardError(
                f"{reference}: {len(orders)} decks, but {path} has {len(decks)}; expected the "
                "order before each shuffle, one a line"
            )
        before = np.stack(orders)
        sessions = 0
    else:
        before = np.empty_like(after)
        before[1:] = after[:-1]
        before[starts] = np.arange(DECK_SIZE, dtype=np.int8)
        sessions = len(starts)
    return DeckRecord(
        path=str(path),
        decks=after,
        before=before,
        lines=tuple(lines),
        notation=notation,
        sessions=sessions,
        reference=None if reference is None else str(reference),
    )


def format_decks(
    decks: npt.ArrayLike, *, notation: Notation = "names", comments: Iterable[str] = ()
) -> str:
    """Decks as the file's lines (names or codes, comma-separated), after ``# comment`` lines."""
    rows = np.asarray(decks)
    head = [f"# {line}" for line in comments]
    if notation == "names":
        body = [format_cards(row).replace(" ", ",") for row in rows]
    else:
        body = [",".join(str(int(c)) for c in row) for row in rows]
    return "\n".join([*head, *body]) + "\n"
