"""Property tests: random legal action sequences never break the engine or lose a chip."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stud_helpers import load_variant, make_table

from casino_sim.games.poker_room import (
    Action,
    BadBeatJackpot,
    PercentRake,
    QualifyingHand,
    StudActionError,
    StudDealer,
    StudHand,
    default_population,
)

VARIANTS = [load_variant(n) for n in ("seven_card_stud", "razz", "stud_hilo8", "five_card_stud")]
TABLE = make_table(
    rake=PercentRake(rate=Fraction(1, 10), cap=Fraction(5)),
    bad_beat=BadBeatJackpot(
        drop=Fraction(1),
        min_pot=Fraction(20),
        qualifying_hand=QualifyingHand(category="full_house", ranks=("A",)),  # aces full
        seed=Fraction(100),
        loser_share=Fraction(1, 2),
        winner_share=Fraction(1, 4),
        table_share=Fraction(1, 4),
    ),
)


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 8),
    stack_bets=st.lists(st.integers(1, 30), min_size=8, max_size=8),
    choices=st.lists(st.integers(0, 1000), min_size=80, max_size=80),
)
def test_random_legal_actions(variant, seed, n, stack_bets, choices):
    rng = np.random.default_rng(seed)
    stacks = [150 + 500 * b for b in stack_bets[:n]]
    hand = StudHand(variant, TABLE, stacks, rng.permutation(52).tolist())
    steps = 0
    while not hand.done:
        legal = hand.legal_actions()
        assert legal.seat == hand.actor and legal.actions
        pick = choices[steps % len(choices)]
        for illegal in set(Action) - set(legal.actions) - {Action.ANTE}:
            with pytest.raises(StudActionError):
                probe = StudHand.__new__(StudHand)  # never mutate: act on a copy
                _copy(hand, probe)
                probe.act(illegal)
        action = legal.actions[pick % len(legal.actions)]
        amount = (
            legal.sizes[pick % len(legal.sizes)]
            if action in (Action.COMPLETE, Action.BET, Action.RAISE)
            else None
        )
        hand.act(action, amount)
        steps += 1
        assert all(s >= 0 for s in hand.stacks)
        if not hand.done:
            assert sum(hand.stacks) + sum(hand.contrib) == sum(stacks)
    s = hand.settlement
    assert sum(hand.stacks) + s.rake + s.drop == sum(stacks)
    assert sum(s.winnings) + s.rake + s.drop == sum(hand.contrib)
    assert hand.legal_actions().actions == ()


def _copy(src: StudHand, dst: StudHand) -> None:
    names = [name for cls in StudHand.__mro__ for name in getattr(cls, "__slots__", ())]
    for name in names:
        value = getattr(src, name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        setattr(dst, name, value)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_bot_hands_conserve_chips(variant):
    table = StudDealer(variant, TABLE)
    rng = np.random.default_rng(11)
    bots = default_population(8 if variant.max_players >= 8 else variant.max_players)
    for _ in range(300):
        stacks = [int(x) for x in rng.integers(150, 20_000, size=len(bots))]
        r = table.play_hand(rng, bots, stacks)
        assert sum(r.stacks_end) + r.rake + r.drop == sum(r.stacks_start)
        assert r.rake <= 500
