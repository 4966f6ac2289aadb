"""A replication's random streams: by order of creation (a floor run alone) or by purpose (paired runs).

A replication draws from its own :class:`numpy.random.SeedSequence` (the
chunk runner's child ``i`` of the run's seed). Two ways to split it:

- **ordered** (``casino-sim floor``, the default, the figures of model 2): child 0
  is the traffic stream, shared in draw order by arrivals, player types,
  session lengths, side-bet choices, seating and poker patience; child ``1 + t``
  deals at table ``t`` in the floor's order of tables. Adding a table or a draw
  anywhere moves every later draw.
- **keyed** (``casino-sim floor compare``): each stream is named by what it is
  for, :func:`keyed_stream` of ``arrivals/<player type>`` (that type's arrival
  times, session lengths, side-bet choices and poker patience),
  ``seating/<group>`` (which open table a banked group seats an arrival at) and
  ``table/<group>/<k>`` (the cards of table ``k`` of the group). Two floors that
  share a player type see the same arrivals of that type; two floors that share
  table ``k`` of a group deal it the same cards; a table added to one floor
  moves no other stream.

>>> from numpy.random import SeedSequence
>>> a = keyed_stream(SeedSequence(1).spawn(2)[1], "table/pit/0")
>>> b = keyed_stream(SeedSequence(1).spawn(9)[1], "table/pit/0")
>>> a.generate_state(2).tolist() == b.generate_state(2).tolist()
True
>>> keyed_stream(SeedSequence(1), "table/pit/1").generate_state(1) == a.generate_state(1)
array([False])
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import numpy as np

__all__ = ["KEYED", "ORDERED", "STREAMS", "Draws", "keyed_stream"]

ORDERED = "ordered"
KEYED = "keyed"
#: The ways a replication splits its seed.
STREAMS = (ORDERED, KEYED)

#: The first word of a keyed stream's spawn key (ordered children use 0, 1, 2, ...).
_KEYED_TAG = 0x6B657965  # "keye"
_BLOCK = 1024  # numbers drawn at a time


def keyed_stream(seed: np.random.SeedSequence, purpose: str) -> np.random.SeedSequence:
    """The stream of ``seed`` named ``purpose`` (128 bits of its SHA-256 extend the spawn key)."""
    digest = hashlib.sha256(purpose.encode()).digest()
    words = [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]
    return np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, _KEYED_TAG, *words))


class Draws:
    """Uniform and unit exponential numbers of one generator, each kind drawn in blocks of 1,024
    (a block when the last one is used up)."""

    __slots__ = ("_exponentials", "_uniforms", "rng")

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self._uniforms: Iterator[float] = iter(())
        self._exponentials: Iterator[float] = iter(())

    def uniform(self) -> float:
        """The next uniform number on [0, 1)."""
        try:
            return next(self._uniforms)
        except StopIteration:
            self._uniforms = iter(self.rng.random(_BLOCK).tolist())
            return next(self._uniforms)

    def exponential(self) -> float:
        """The next unit exponential number."""
        try:
            return next(self._exponentials)
        except StopIteration:
            self._exponentials = iter(self.rng.standard_exponential(_BLOCK).tolist())
            return next(self._exponentials)
