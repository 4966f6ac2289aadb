"""Suit symmetry of a deck: the suit relabellings that keep it whole, and card sets up to them.

A relabelling is a permutation of the four suits; it keeps a deck when every card's image is
in the deck (the 52 cards: all 24; a deck of three suits: the 6 among them). Cards are deck
*positions* here, so a relabelling is a permutation of positions (``perms[g, i]``: where
position ``i`` goes). Sets of ``k`` positions are numbered colexicographically.

>>> from casino_sim.games.banked.language.hands import FULL_DECK
>>> flops = subset_classes(FULL_DECK, 3)
>>> len(flops.reps), int(flops.weights.sum())
(1755, 22100)
>>> int(flops.stabilizers[0].shape[0])  # 2c 2d 2h: the suits of the three may be permuted
6
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import permutations

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.games.banked.language.hands import Deck

__all__ = ["SubsetClasses", "pair_orbits", "subset_classes", "suit_perms"]


@cache
def suit_perms(deck: Deck) -> np.ndarray:
    """The relabellings that keep ``deck``, as position maps (int64, shape (g, n)); the
    identity first."""
    position = {code: i for i, code in enumerate(deck)}
    maps = []
    for perm in permutations(range(4)):
        image = [position.get(code // 4 * 4 + perm[code % 4], -1) for code in deck]
        if -1 not in image:
            maps.append(image)
    return np.array(maps, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class SubsetClasses:
    """The ``k``-sets of a deck up to its relabellings.

    ``reps``: one set per class (positions, ascending); ``weights``: the class sizes;
    ``stabilizers[i]``: the relabellings (rows of :func:`suit_perms`) that map ``reps[i]`` onto
    itself; ``member`` and ``perm``: for every set by colex index, its class and a relabelling
    (row of :func:`suit_perms`) that maps it onto its class's representative.
    """

    reps: np.ndarray
    weights: np.ndarray
    stabilizers: tuple[np.ndarray, ...]
    member: np.ndarray
    perm: np.ndarray


def _images(perms: np.ndarray, sets: np.ndarray) -> np.ndarray:
    """The colex index of every set's image under every relabelling, shape (g, sets)."""
    return colex_index(perms[:, sets])


@cache
def subset_classes(deck: Deck, k: int) -> SubsetClasses:
    """The ``k``-sets of ``deck`` up to its relabellings."""
    perms = suit_perms(deck)
    sets = combinations_array(len(deck), k).astype(np.int64)
    sets = sets[np.argsort(colex_index(sets))]  # row = colex index
    images = _images(perms, sets)
    canon = images.min(axis=0)
    reps_index, member, weights = np.unique(canon, return_inverse=True, return_counts=True)
    perm = np.argmax(images == canon, axis=0)
    reps = sets[reps_index]
    stabilizers = tuple(np.flatnonzero(images[:, r] == r) for r in reps_index.tolist())
    return SubsetClasses(reps, weights.astype(np.int64), stabilizers, member, perm)


def pair_orbits(n: int, taken: np.ndarray, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of positions of an ``n``-card deck outside ``taken``, one per orbit of the
    relabellings ``perms`` (each keeping ``taken``), with the orbit sizes.

    >>> pairs, sizes = pair_orbits(52, np.array([0, 1, 2]), suit_perms(tuple(range(52)))[:1])
    >>> len(pairs), int(sizes.sum())
    (1176, 1176)
    """
    free = np.setdiff1d(np.arange(n), taken)
    first, second = np.triu_indices(len(free), 1)
    pairs = np.stack([free[first], free[second]], axis=1)
    canon = _images(perms, pairs).min(axis=0)
    reps = pairs[canon == colex_index(pairs)]
    _, sizes = np.unique(canon, return_counts=True)  # by canonical index: the reps' order
    return reps[np.argsort(colex_index(reps))], sizes.astype(np.int64)
