"""Stud player actions, the legal-action record and the illegal-action error.

:class:`~casino_sim.games.poker_room.state.StudHand` takes these (and
re-exports them); the card choices of the variant language
(:mod:`.choices`) use the same records.

>>> Action.EXPOSE.name, LegalActions(0, (Action.CHECK,), 0, 0, ()).any_size
('EXPOSE', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from casino_sim.errors import IllegalActionError

__all__ = ["Action", "LegalActions", "StudActionError"]


class StudActionError(IllegalActionError):
    """An action the stud rules do not allow now; the message says why."""


class Action(IntEnum):
    """Player actions (``ANTE`` only appears in the log).

    ``DISCARD``, ``EXPOSE``, ``TWIST``, ``STAND`` (keep, no twist), ``DRAFT`` and ``SET_ASIDE``
    are the card choices of the variant language (:mod:`.choices`); their
    amount is the card chosen.
    """

    FOLD = 0
    CHECK = 1
    CALL = 2
    BRING_IN = 3
    COMPLETE = 4
    BET = 5
    RAISE = 6
    ANTE = 7
    DISCARD = 8
    EXPOSE = 9
    TWIST = 10
    STAND = 11
    DRAFT = 12
    SET_ASIDE = 13


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the seat to act may do; amounts are street totals ("to") except ``call``.

    ``sizes`` lists the allowed "to" amounts of BET/RAISE/COMPLETE (two with the
    open-pair option, the second being the big bet). When ``any_size`` (spread
    limit, pot limit, no limit) ``sizes`` is the range ``(least, most)`` and any
    amount between is allowed; a least below the minimum bet or raise is an all-in
    for less (the seat's chips).
    """

    seat: int
    actions: tuple[Action, ...]
    call: int
    bring_in: int
    sizes: tuple[int, ...]
    any_size: bool = False
