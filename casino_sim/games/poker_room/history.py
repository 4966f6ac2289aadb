"""Hand-history records: cards, every action with amounts, pots, rake, drop, winners.

Records round-trip through one JSON line each (``to_json`` / ``from_json``).

>>> import numpy as np
>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.bots import default_population
>>> from casino_sim.games.poker_room.dealer import StudDealer
>>> dealer = StudDealer(load_stud_variant("stud/seven_card_stud"), load_stud_table("stud/tables/5-10"))
>>> r = dealer.play_hand(np.random.default_rng(5), default_population(4), keep_hand=True)
>>> rec = HandRecord.from_result(r, hand_id=0, players=(0, 1, 2, 3))
>>> HandRecord.from_json(rec.to_json()) == rec
True
>>> rec.actions[0][:3]
('third', 0, 'ante')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from casino_sim.cards import format_cards
from casino_sim.games.poker_room.dealer import HandResult

__all__ = ["HandRecord", "read_history"]


def _format(cards: Iterable[int]) -> str:
    """Card text, a joker (code 52) as ``Jk``."""
    return " ".join("Jk" if c == 52 else format_cards([c]) for c in cards)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


@dataclass(frozen=True)
class HandRecord:
    """One hand. ``players`` maps seats (dealing order) to player ids; cards are strings;
    ``actions`` are (street, seat, action, chips added, street total); ``awards``
    (pot index, seat, cents, "all"/"high"/"low" or a split rule's half); money in
    cents; ``choices`` the card choices of the variant language (street, seat,
    action, card, new card or ""), jokers written ``Jk``."""

    hand_id: int
    variant: str
    players: tuple[int, ...]
    stacks_start: tuple[int, ...]
    down: tuple[str, ...]
    up: tuple[str, ...]
    community: str
    actions: tuple[tuple[str, int, str, int, int], ...]
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    rake: int
    drop: int
    awards: tuple[tuple[int, int, int, str], ...]
    stacks_end: tuple[int, ...]
    street_reached: str
    showdown: bool
    bad_beat: tuple[int, int] | None
    choices: tuple[tuple[str, int, str, str, str], ...] = ()

    @classmethod
    def from_result(
        cls, result: HandResult, *, hand_id: int, players: tuple[int, ...]
    ) -> HandRecord:
        """Build the record of a hand played with ``keep_hand=True``."""
        hand = result.hand
        if hand is None:
            raise ValueError("play the hand with keep_hand=True to record its history")
        names = [s.name for s in hand.variant.streets]
        s = result.settlement
        return cls(
            hand_id=hand_id,
            variant=hand.variant.name,
            players=tuple(players),
            stacks_start=result.stacks_start,
            down=tuple(_format(c) for c in hand.down),
            up=tuple(_format(c) for c in hand.up),
            community=_format(hand.community),
            actions=tuple(
                (names[street], seat, action.name.lower(), chips, total)
                for street, seat, action, chips, total in hand.log
            ),
            pots=s.pots,
            rake=s.rake,
            drop=s.drop,
            awards=tuple((a.pot, a.seat, a.amount, a.half) for a in s.awards),
            stacks_end=result.stacks_end,
            street_reached=names[s.street_reached],
            showdown=s.showdown,
            bad_beat=s.bad_beat,
            choices=tuple(
                (
                    names[street],
                    seat,
                    action.name.lower(),
                    _format([card]) if card >= 0 else "",
                    _format([new]) if new >= 0 else "",
                )
                for street, seat, action, card, new in (hand.extra.log if hand.extra else ())
            ),
        )

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> HandRecord:
        """Parse a line written by :meth:`to_json`."""
        data = json.loads(line)
        return cls(**{k: _tuples(v) for k, v in data.items()})


def read_history(lines: Iterable[str]) -> Iterator[HandRecord]:
    """Records from JSON lines (e.g. an open ``.jsonl`` file); blank lines are skipped."""
    for line in lines:
        if line.strip():
            yield HandRecord.from_json(line)
