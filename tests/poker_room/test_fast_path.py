"""The compiled fast path against the Python engine: identical hands, fallbacks, replays."""

from __future__ import annotations

import dataclasses
import zlib
from fractions import Fraction

import numpy as np
import pytest
from stud_helpers import VARIANT_NAMES, load_table, load_variant, make_table

from casino_sim.errors import OptionError
from casino_sim.games.poker_room import (
    Action,
    BadBeatJackpot,
    BotPolicy,
    DropRake,
    PercentRake,
    QualifyingHand,
    default_population,
    simulate_stud,
)
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import fallback_reason, play_compiled, play_python

VARIANTS = [load_variant(name) for name in VARIANT_NAMES]
TABLES = {
    "percent": make_table(
        rake=PercentRake(rate=Fraction(1, 10), cap=Fraction(4), increment=Fraction(1, 2))
    ),
    "drop+bad-beat": make_table(
        rake=DropRake(amount=Fraction(1)),
        bad_beat=BadBeatJackpot(
            drop=Fraction(1),
            min_pot=Fraction(20),
            # evaluator value 5000: trip deuces with 6-5 kickers
            qualifying_hand=QualifyingHand(category="three_of_a_kind", ranks=("2", "6", "5")),
            loser_share=Fraction(1, 2),
            winner_share=Fraction(1, 4),
            table_share=Fraction(1, 4),
        ),
    ),
    "first-seat+suit+capped": make_table(
        ante=Fraction(1, 2),
        bring_in=Fraction(1),
        small_bet=Fraction(4),
        big_bet=Fraction(8),
        uncapped_heads_up=False,
        odd_chip="first-seat",
        tie_break="suit",
        rake=PercentRake(rate=Fraction(1, 20), min_pot=Fraction(10)),
    ),
}


def seven_card_stud():
    return load_variant("seven_card_stud")


def _both(variant, table, bots, hands, seed, first=0):
    decks, uniforms = draw_hands(np.random.default_rng(seed), hands)
    fast = play_compiled(variant, table, bots, decks, uniforms, first)
    slow, _ = play_python(variant, table, bots, decks, uniforms, first)
    return fast, slow


@pytest.mark.parametrize("table_name", list(TABLES))
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_compiled_hands_match_python(variant, table_name):
    table = TABLES[table_name]
    n = min(variant.max_players, 8)
    seed = zlib.crc32(f"{variant.name}/{table_name}".encode())
    for players, first in ((n, 3), (3, 0)):
        bots = default_population(players)
        fast, slow = _both(variant, table, bots, 150, seed, first)
        assert fast.same_hands(slow)
        total = fast.stacks_end.sum(axis=1) + fast.rake + fast.drop
        assert (total == table.buy_in_cents * players).all()


def test_bad_beats_and_odd_chips_are_exercised():
    table = TABLES["drop+bad-beat"]
    fast, slow = _both(load_variant("stud_hilo8"), table, default_population(8), 1500, 5)
    assert fast.same_hands(slow)
    assert (fast.bad_beat[:, 0] >= 0).sum() > 0
    assert fast.showdown.sum() > 300


def test_all_ins_and_short_decks_are_compiled():
    """Raising wars to all-in and decks running out (the community card) play compiled."""
    maniac = BotPolicy("maniac", tightness=-3.0, aggression=1.0, bluff=0.5)
    station = BotPolicy("station", tightness=-3.0, aggression=0.0, bluff=0.0)
    table = make_table()  # uncapped heads-up: a war can reach the whole stack
    fast, slow = _both(seven_card_stud(), table, [maniac, maniac], 200, 1)
    assert fast.replayed == 0 and fast.same_hands(slow)
    assert (fast.stacks_end == 0).any(axis=1).sum() > 20
    fast, slow = _both(seven_card_stud(), table, [station] * 8, 100, 2)  # 8 x 7 cards > 52
    assert fast.replayed == 0 and fast.same_hands(slow)


@pytest.mark.parametrize(
    "table_name", ["1-5-spread", "mississippi-pot-limit", "mississippi-no-limit"]
)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_every_variant_matches_python_at_other_structures(variant, table_name):
    table = dataclasses.replace(load_table(table_name), buy_in=Fraction(40))
    seed = zlib.crc32(f"{variant.name}/{table_name}".encode())
    fast, slow = _both(variant, table, default_population(min(variant.max_players, 8)), 150, seed)
    assert fast.replayed == 0 and fast.same_hands(slow)


def test_simulate_stud_picks_the_engine():
    table = TABLES["drop+bad-beat"]
    kwargs = dict(hands=600, seed=4, chunk_size=250)
    fast = simulate_stud(seven_card_stud(), table, 8, **kwargs)
    slow = simulate_stud(seven_card_stud(), table, 8, engine="python", **kwargs)
    assert (fast.engine, slow.engine) == ("compiled", "python")
    assert (fast.engine_reason, slow.engine_reason) == ("", "the Python engine was requested")
    same = dataclasses.replace(fast, engine="python", replayed_hands=0, engine_reason="")
    assert same == dataclasses.replace(slow, engine_reason="")
    history = simulate_stud(seven_card_stud(), table, 4, hands=20, seed=1, history=True)
    assert (history.engine, history.engine_reason) == ("python", "hand histories")


def test_short_stacks_play_compiled():
    short = make_table(buy_in=Fraction(30))
    bots = default_population(6)
    assert fallback_reason(seven_card_stud(), short, bots) is None
    assert fallback_reason(seven_card_stud(), make_table(max_raises=None), bots) is None
    kwargs = dict(hands=400, seed=3, chunk_size=200)
    r = simulate_stud(seven_card_stud(), short, 6, **kwargs)
    assert (r.engine, r.replayed_hands) == ("compiled", 0)
    assert sum(p.net for p in r.players) + r.rake + r.jackpot_drop == 0
    slow = simulate_stud(seven_card_stud(), short, 6, engine="python", **kwargs)
    assert dataclasses.replace(r, engine="python") == dataclasses.replace(slow, engine_reason="")


def test_uneven_stacks_match_python():
    """Per-hand starting stacks (side pots) and their validation."""
    rng = np.random.default_rng(8)
    decks, uniforms = draw_hands(rng, 300)
    stacks = rng.integers(1, 6000, (300, 5))
    bots = default_population(5)
    table = TABLES["drop+bad-beat"]
    fast = play_compiled(load_variant("stud_hilo8"), table, bots, decks, uniforms, 1, stacks=stacks)
    slow, _ = play_python(
        load_variant("stud_hilo8"), table, bots, decks, uniforms, 1, stacks=stacks
    )
    assert fast.replayed == 0 and fast.same_hands(slow)
    assert (fast.stacks_start == stacks).all()
    with pytest.raises(OptionError, match="needs chips"):
        play_compiled(seven_card_stud(), table, bots, decks, uniforms, 0, stacks=stacks * 0)


class CallingStation(BotPolicy):
    """Never folds, never raises: logic the compiled bots do not have."""

    def decide(self, hand, seat, u, strength):
        legal = hand.legal_actions().actions
        return next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal), None


class Renamed(BotPolicy):
    """A subclass that keeps the default decisions: the compiled path can play it."""


def test_bots_with_their_own_logic_run_in_python():
    table = make_table()
    bots = [*default_population(5), CallingStation("caller")]
    reason = fallback_reason(seven_card_stud(), table, bots)
    assert reason is not None and "'caller'" in reason and "CallingStation" in reason
    r = simulate_stud(seven_card_stud(), table, bots, hands=300, seed=2, chunk_size=100)
    assert r.engine == "python" and "'caller'" in r.engine_reason
    forced = simulate_stud(
        seven_card_stud(), table, bots, hands=300, seed=2, chunk_size=100, engine="python"
    )
    assert dataclasses.replace(r, engine_reason="") == dataclasses.replace(forced, engine_reason="")
    assert r.players[5].wagered > r.players[0].wagered  # the station calls everything down
    with pytest.raises(OptionError, match="'caller'"):
        simulate_stud(seven_card_stud(), table, bots, hands=10, seed=2, engine="compiled")
    decks, uniforms = draw_hands(np.random.default_rng(1), 5)
    with pytest.raises(OptionError, match="CallingStation"):
        play_compiled(seven_card_stud(), table, bots, decks, uniforms, 0)


def test_subclass_without_its_own_decide_stays_compiled():
    table = make_table()
    bots = [Renamed(b.name, b.tightness, b.aggression, b.bluff) for b in default_population(6)]
    assert fallback_reason(seven_card_stud(), table, bots) is None
    a = simulate_stud(seven_card_stud(), table, bots, hands=300, seed=2, chunk_size=100)
    b = simulate_stud(seven_card_stud(), table, 6, hands=300, seed=2, chunk_size=100)
    assert a.engine == "compiled" and a == b
