"""Shuffling models for test decks: uniform, and ``K`` Gilbert-Shannon-Reeds riffles.

A model shuffles a running deck: :func:`generate_decks` starts from the standard order
(codes ``0 .. k - 1``, ``2c 2d 2h 2s 3c ... As``) and writes each deck as the shuffle of
the one before, as a shuffler under test is recorded (:mod:`casino_sim.audit.decks`).

* ``uniform``: every order equally likely, from :func:`casino_sim.shuffle.shuffled_decks`
  (the package's one home for random shuffles);
* ``riffle:K``: ``K`` GSR riffles (:func:`riffle`): cut after ``Binomial(k, 1/2)`` cards,
  then drop the cards one at a time from the two packets, each from a packet with chance
  proportional to the cards left in it. ``K`` riffles are one ``2**K``-shuffle (Bayer &
  Diaconis 1992), whose distribution :mod:`casino_sim.audit.nulls` knows exactly.

>>> decks = generate_decks(parse_model("riffle:1"), 3, np.random.default_rng(1))
>>> decks.shape, sorted(decks[2].tolist()) == list(range(52))
((3, 52), True)
>>> parse_model("riffle:2"), parse_model("uniform")
(ShuffleModel(riffles=2), ShuffleModel(riffles=None))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from casino_sim.errors import OptionError
from casino_sim.shuffle import shuffled_decks

__all__ = ["MAX_RIFFLES", "ShuffleModel", "generate_decks", "parse_model", "riffle"]

#: The most riffles a model may name (beyond 20 riffles of 52 cards no test could tell).
MAX_RIFFLES = 20

_MODEL = re.compile(r"^riffle:(\d{1,3})$")


@dataclass(frozen=True)
class ShuffleModel:
    """A shuffling model: ``riffles`` GSR riffles, or uniform when ``None``."""

    riffles: int | None = None

    @property
    def name(self) -> str:
        return "uniform" if self.riffles is None else f"riffle:{self.riffles}"


def parse_model(text: str, *, most: int = MAX_RIFFLES) -> ShuffleModel:
    """``uniform`` or ``riffle:K`` (K from 1 to ``most``)."""
    if text.strip() == "uniform":
        return ShuffleModel()
    match = _MODEL.match(text.strip())
    if match is None or not 1 <= int(match.group(1)) <= most:
        raise OptionError(f"expected uniform or riffle:K with K from 1 to {most}, got {text!r}")
    return ShuffleModel(int(match.group(1)))


def riffle(decks: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int8]:
    """One GSR riffle of each row of ``decks`` (top card first); new rows.

    >>> once = riffle(np.arange(10, dtype=np.int8)[None, :], np.random.default_rng(3))
    >>> where = np.argsort(once[0])  # each card's new position: two rising sequences at most
    >>> sorted(once[0].tolist()) == list(range(10)), int((np.diff(where) < 0).sum()) <= 1
    (True, True)
    """
    n, k = decks.shape
    rows = np.arange(n)
    cut = np.asarray(rng.binomial(k, 0.5, size=n), dtype=np.int64)
    left = np.zeros(n, dtype=np.int64)  # next card of the top packet: positions 0 .. cut - 1
    right = cut.copy()  # next card of the bottom packet: positions cut .. k - 1
    draws = rng.random((n, k))
    out = np.empty_like(decks)
    for position in range(k):
        in_left = cut - left
        from_left = draws[:, position] * (k - position) < in_left
        out[:, position] = decks[rows, np.where(from_left, left, right)]
        left += from_left
        right += ~from_left
    return out


def generate_decks(
    model: ShuffleModel, count: int, rng: np.random.Generator, *, deck_size: int = 52
) -> npt.NDArray[np.int8]:
    """``count`` successive shuffles of one deck, from the standard order: row ``t`` is the
    model's shuffle of row ``t - 1`` (row 0 of ``0 .. deck_size - 1``)."""
    if count < 0:
        raise OptionError(f"cannot generate {count} decks")
    if model.riffles is None:
        arrangements = shuffled_decks(rng, count, deck_size)
    else:
        arrangements = np.tile(np.arange(deck_size, dtype=np.int8), (count, 1))
        for _ in range(model.riffles):
            arrangements = riffle(arrangements, rng)
    decks = np.empty((count, deck_size), dtype=np.int8)
    current = np.arange(deck_size, dtype=np.int8)
    for t in range(count):
        current = current[arrangements[t]]
        decks[t] = current
    return decks
