"""The randomness of a hand, drawn up front so every engine consumes it the same way.

A hand uses one shuffled deck and a row of :data:`UNIFORMS_PER_HAND` uniform
numbers; the bots' ``k``-th decision of the hand uses :func:`bot_uniform`.
Both the Python engine (:class:`~casino_sim.games.poker_room.dealer.StudDealer`) and the
compiled fast path (:mod:`casino_sim.games.poker_room.fast`) read the same arrays, so
the same draws give the same hand, action for action.

>>> import numpy as np
>>> decks, uniforms = draw_hands(np.random.default_rng(1), 3)
>>> decks.shape, uniforms.shape, sorted(decks[0].tolist()) == list(range(52))
((3, 52), (3, 64), True)
>>> bot_uniform(uniforms[0], 5) == float(uniforms[0, 5])
True
>>> 0.0 <= bot_uniform(uniforms[0], 70) < 1.0
True
"""

from __future__ import annotations

import numpy as np

from casino_sim.shuffle import shuffled_decks

__all__ = ["UNIFORMS_PER_HAND", "WEYL_STEP", "bot_uniform", "draw_hands"]

#: Uniform numbers pre-drawn per hand (a hand rarely needs more decisions).
UNIFORMS_PER_HAND = 64
#: Decision ``k >= 64`` reuses number ``k % 64`` shifted by ``(k // 64) * WEYL_STEP`` mod 1.
WEYL_STEP = 0.6180339887498949


def draw_hands(rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` shuffled decks (int8, one row each) and their bots' uniform numbers."""
    return shuffled_decks(rng, count), rng.random((count, UNIFORMS_PER_HAND))


def bot_uniform(row: np.ndarray, k: int) -> float:
    """The uniform number for the ``k``-th bot decision of a hand (0-based)."""
    base = float(row[k % UNIFORMS_PER_HAND])
    m = k // UNIFORMS_PER_HAND
    if m == 0:
        return base
    return (base + WEYL_STEP * m) % 1.0
