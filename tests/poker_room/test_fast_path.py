"""The compiled fast path against the Python engine: identical hands, fallbacks, replays."""

from __future__ import annotations

import dataclasses
import zlib
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.config import load_stud_variant
from casino_sim.errors import OptionError
from casino_sim.games.poker_room import (
    BadBeatRule,
    BotPolicy,
    OddChip,
    RakeKind,
    RakeRule,
    TableRules,
    TieBreak,
    default_population,
    five_card_stud,
    razz,
    seven_card_stud,
    stud_hilo,
)
from casino_sim.games.poker_room.adapters import variant_rules_from
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import fallback_reason, play_compiled, play_python
from casino_sim.games.poker_room.simulate import simulate_stud

YAML = ["six_card_stud", "mississippi_stud", "london_lowball"]
VARIANTS = [seven_card_stud(), razz(), stud_hilo(), five_card_stud()] + [
    variant_rules_from(load_stud_variant(f"paytables/stud/{name}.yaml")) for name in YAML
]
BASE = dict(ante=100, bring_in=200, small_bet=500, big_bet=1000)
TABLES = {
    "percent": TableRules(
        **BASE, rake=RakeRule(kind=RakeKind.PERCENT, rate=Fraction(1, 10), cap=400, increment=50)
    ),
    "drop+bad-beat": TableRules(
        **BASE,
        rake=RakeRule(kind=RakeKind.DROP, drop=100),
        bad_beat=BadBeatRule(drop=100, min_pot=2000, min_losing_value=5000),
    ),
    "first-seat+suit+capped": TableRules(
        ante=50,
        bring_in=100,
        small_bet=400,
        big_bet=800,
        uncapped_heads_up=False,
        odd_chip=OddChip.FIRST_SEAT,
        tie_break=TieBreak.SUIT,
        rake=RakeRule(kind=RakeKind.PERCENT, rate=Fraction(1, 20), min_pot=1000),
    ),
}


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
        assert (total == table.buy_in * players).all()


def test_bad_beats_and_odd_chips_are_exercised():
    table = TABLES["drop+bad-beat"]
    fast, slow = _both(stud_hilo(), table, default_population(8), 1500, 5)
    assert fast.same_hands(slow)
    assert (fast.bad_beat[:, 0] >= 0).sum() > 0
    assert fast.showdown.sum() > 300


def test_replayed_hands_match():
    """Raising wars near all-in and decks running out are replayed by the Python engine."""
    maniac = BotPolicy("maniac", tightness=-3.0, aggression=1.0, bluff=0.5)
    station = BotPolicy("station", tightness=-3.0, aggression=0.0, bluff=0.0)
    table = TableRules(**BASE)  # uncapped heads-up: a war can reach the whole stack
    fast, slow = _both(seven_card_stud(), table, [maniac, maniac], 200, 1)
    assert fast.replayed > 0 and fast.same_hands(slow)
    fast, slow = _both(seven_card_stud(), table, [station] * 8, 100, 2)  # 8 x 7 cards > 52
    assert fast.replayed > 0 and fast.same_hands(slow)


def test_simulate_stud_picks_the_engine():
    table = TABLES["drop+bad-beat"]
    kwargs = dict(hands=600, seed=4, chunk_size=250)
    fast = simulate_stud(seven_card_stud(), table, 8, **kwargs)
    slow = simulate_stud(seven_card_stud(), table, 8, engine="python", **kwargs)
    assert (fast.engine, slow.engine) == ("compiled", "python")
    assert dataclasses.replace(fast, engine="python", replayed_hands=0) == slow
    history = simulate_stud(seven_card_stud(), table, 4, hands=20, seed=1, history=True)
    assert history.engine == "python"


def test_short_stacks_fall_back():
    short = TableRules(**BASE, buy_in=20_000)
    assert "all-in" in fallback_reason(seven_card_stud(), short, 6)
    assert fallback_reason(seven_card_stud(), TableRules(**BASE, max_raises=None), 6)
    r = simulate_stud(seven_card_stud(), short, 6, hands=200, seed=3)
    assert r.engine == "python"
    assert sum(p.net for p in r.players) + r.rake + r.drop == 0
    with pytest.raises(OptionError, match="does not support"):
        simulate_stud(seven_card_stud(), short, 6, hands=10, seed=3, engine="compiled")
