"""The named structures the compiled stud kernels take (numba reads NamedTuples of arrays).

Shapes: ``hands`` hands in a block, ``n`` seats, ``cpp`` cards a player (the
variant's ``cards_per_player``). Cents throughout; seats in dealing order
(hand ``h`` seats player ``(first + h + s) % n`` in seat ``s``).

* :class:`StudGame`: what a (variant, table) pair fixes, built once
  (:func:`~casino_sim.games.poker_room.fast.kernel_config`).
* :class:`Block`: the hands to play: decks, the bots' numbers, starting stacks.
* :class:`Played`: what the hand loop
  (:func:`~casino_sim.games.poker_room.fast_kernel.play_hands`) leaves for the
  settlement (:func:`~casino_sim.games.poker_room.fast_settle.settle_hands`).
* :class:`Settled`: what the settlement leaves.
* :class:`Outcomes`: a block's money, hand by hand (what the floor books).

The rake vector's layout is :data:`RAKE_FIELDS` (read by name: ``rake[RAKE_CAP]``),
as the game vector's is :data:`~casino_sim.games.poker_room.fast_rules.CFG_FIELDS`.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import numpy as np
from numpy.typing import NDArray

__all__ = ["RAKE_FIELDS", "Block", "Outcomes", "Played", "Settled", "StudGame"]

I8: TypeAlias = NDArray[np.int8]
I64: TypeAlias = NDArray[np.int64]
F64: TypeAlias = NDArray[np.float64]
Bools: TypeAlias = NDArray[np.bool_]

#: Layout of the integer rake vector: the rake (kind :data:`NO_RAKE` / :data:`PERCENT_RAKE` /
#: :data:`DROP_RAKE`, rate numerator and denominator, cap or -1, no rake on the first street,
#: increment, fixed drop, least pot raked), then the bad-beat jackpot (on, drop, least pot,
#: least losing hand value, least players dealt in).
RAKE_FIELDS = [
    "kind",
    "rate_numerator",
    "rate_denominator",
    "cap",
    "no_first_street",
    "increment",
    "drop",
    "min_pot",
    "jackpot",
    "jackpot_drop",
    "jackpot_min_pot",
    "jackpot_min_value",
    "jackpot_min_players",
]
(RAKE_KIND, RAKE_NUMERATOR, RAKE_DENOMINATOR, RAKE_CAP, RAKE_NO_FIRST_STREET) = range(5)
(RAKE_INCREMENT, RAKE_DROP, RAKE_MIN_POT) = range(5, 8)
(JACKPOT, JACKPOT_DROP, JACKPOT_MIN_POT, JACKPOT_MIN_VALUE, JACKPOT_MIN_PLAYERS) = range(8, 13)
#: Rake kinds of ``rake[RAKE_KIND]``.
NO_RAKE, PERCENT_RAKE, DROP_RAKE = range(3)


class StudGame(NamedTuple):
    """A variant at a table, as the kernels read it."""

    cfg: I64  #: (len(CFG_FIELDS),) the game and betting rules, laid out as ``CFG_FIELDS``
    streets: I64  #: (streets, 3) each street's downcards, upcards, big bet (0/1)
    rake: I64  #: (len(RAKE_FIELDS),) rake and bad-beat jackpot, laid out as :data:`RAKE_FIELDS`
    first_seat: bool  #: odd chips to the first seat (else by suit)


class Block(NamedTuple):
    """The hands to play."""

    decks: I8  #: (hands, deck size) each hand's shuffled deck
    uniforms: F64  #: (hands, UNIFORMS_PER_HAND) the bots' numbers, in the order they act
    start: I64  #: (hands, n) each seat's stack before the ante


class Played(NamedTuple):
    """The hand loop's outputs, the settlement's inputs."""

    status: I8  #: (hands,) 0 played, 1 to replay with the Python engine
    wagered: I64  #: (hands, n) chips each seat put in the pot
    live: Bools  #: (hands, n) seats still in at the end
    street: I64  #: (hands,) last street reached (0-based)
    cards: I8  #: (hands, n, cpp) each seat's downcards, upcards, then the community cards
    n_comm: I64  #: (hands,) community cards (the last ``n_comm`` of each seat's cards)


class Settled(NamedTuple):
    """The settlement's outputs."""

    stacks_end: I64  #: (hands, n) each seat's stack after the hand
    rake: I64  #: (hands,) rake taken
    drop: I64  #: (hands,) bad-beat jackpot drop taken
    bad_beat: I64  #: (hands, 2) losing and winning seat of a bad beat, -1 for none


class Outcomes(NamedTuple):
    """A block's money, hand by hand (``HandArrays.outcomes``; the floor's ``book_hands``)."""

    wagered: I64  #: (hands, n) chips each seat put in the pot
    stacks_start: I64  #: (hands, n) each seat's stack before the ante
    stacks_end: I64  #: (hands, n) each seat's stack after the hand
    rake: I64  #: (hands,) rake taken
    drop: I64  #: (hands,) bad-beat jackpot drop taken
    bad_beat: I64  #: (hands, 2) losing and winning seat of a bad beat, -1 for none
