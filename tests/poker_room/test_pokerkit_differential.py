"""Differential test: same cards, same actions, same final stacks as pokerkit."""

from __future__ import annotations

import numpy as np
import pokerkit  # noqa: F401  (a required test dependency: fail loudly if it is missing)
import pytest
from pk_bridge import play_both

from casino_sim.games.poker_room import StudHand


def _side_pot_without_low(hand: StudHand) -> bool:
    """Hi-lo hand where some pot has no eligible qualifying low but another player has one.

    We give such a pot to the high hand (the rule); pokerkit splits it oddly.
    """
    s = hand.settlement
    if not s.showdown or all(v is None for v in s.low):
        return False
    return any(all(s.low[seat] is None for seat in eligible) for _, eligible in s.pots)


@pytest.mark.parametrize("game", ["stud", "razz", "hilo"])
def test_same_final_stacks_as_pokerkit(game: str) -> None:
    rng = np.random.default_rng({"stud": 1, "razz": 2, "hilo": 3}[game])
    showdowns = all_ins = skipped = 0
    for _ in range(1000):
        ours, theirs, hand = play_both(game, rng)
        if _side_pot_without_low(hand):
            skipped += 1
            continue
        assert ours == theirs, hand.log
        showdowns += hand.settlement.showdown
        all_ins += any(s == 0 for s in hand.stacks)
    assert showdowns > 100 and all_ins > 20  # the sample exercises showdowns and side pots
    assert skipped < 30
