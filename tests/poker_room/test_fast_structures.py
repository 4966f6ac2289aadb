"""The compiled path at every betting structure: hand for hand the Python engine, chips conserved.

Seven-card stud, razz, stud hi-lo and Mississippi stud at fixed, spread, pot
and no limit (the shipped tables), deep and short stacks (all-ins, side pots,
short all-ins, the community card of an eight-handed seventh street), plus the
table's all-in options; then 100,000 compiled hands per variant and structure
must conserve every chip with nothing replayed by the Python engine.
"""

from __future__ import annotations

import dataclasses
import zlib
from fractions import Fraction

import numpy as np
import pytest
from stud_helpers import load_table, load_variant, make_table

from casino_sim.config import BadBeatJackpot, PercentRake, QualifyingHand
from casino_sim.games.poker_room import Action, StudHand, default_population, stacked_deck
from casino_sim.games.poker_room import fast_rules as fr
from casino_sim.games.poker_room.dealing import draw_hands
from casino_sim.games.poker_room.fast import (
    fallback_reason,
    kernel_config,
    play_compiled,
    play_python,
)

VARIANTS = ("seven_card_stud", "razz", "stud_hilo8", "mississippi_stud")
#: The shipped table of each structure and a buy-in short enough for frequent all-ins.
STRUCTURES = {
    "fixed": ("5-10", Fraction(60)),
    "spread": ("1-5-spread", Fraction(25)),
    "pot": ("mississippi-pot-limit", Fraction(60)),
    "no-limit": ("mississippi-no-limit", Fraction(60)),
}
BAD_BEAT = BadBeatJackpot(
    drop=Fraction(1, 2),
    min_pot=Fraction(10),
    qualifying_hand=QualifyingHand(category="three_of_a_kind", ranks=("2", "6", "5")),
    loser_share=Fraction(1, 2),
    winner_share=Fraction(1, 4),
    table_share=Fraction(1, 4),
)


def _table(structure: str, *, short: bool, **changes):
    name, buy_in = STRUCTURES[structure]
    table = load_table(name)
    return dataclasses.replace(table, **({"buy_in": buy_in} if short else {}), **changes)


def _stacks(rng, table, hands, players):
    """Uneven stacks: mostly up to two buy-ins, one in ten at most the bring-in plus a bet
    (all-in with the ante or the bring-in)."""
    stacks = rng.integers(1, 2 * table.buy_in_cents, (hands, players))
    tiny = rng.random((hands, players)) < 0.1
    small = table.bring_in_cents + table.small_bet_cents
    stacks[tiny] = rng.integers(1, small + 1, int(tiny.sum()))
    return stacks


def _side_pots(r):
    """Hands in which two seats went broke with different wagers: all-ins at two levels."""
    broke = r.stacks_end == 0
    low = np.where(broke, r.wagered, np.iinfo(np.int64).max).min(axis=1)
    high = np.where(broke, r.wagered, -1).max(axis=1)
    return int((broke.sum(axis=1) >= 2).sum()), int((high > low).sum())


def _compare(variant, table, players, hands, seed, first=0, *, uneven=False):
    rng = np.random.default_rng(seed)
    decks, uniforms = draw_hands(rng, hands)
    stacks = _stacks(rng, table, hands, players) if uneven else None
    bots = default_population(players)
    fast = play_compiled(variant, table, bots, decks, uniforms, first, stacks=stacks)
    slow, _ = play_python(variant, table, bots, decks, uniforms, first, stacks=stacks)
    assert fast.replayed == 0
    assert fast.same_hands(slow)
    return fast


@pytest.mark.parametrize("structure", list(STRUCTURES))
@pytest.mark.parametrize("name", VARIANTS)
def test_compiled_matches_python_at_every_structure(name, structure):
    """3,500 hands: eight uneven stacks (all-ins, side pots), six short ones, four deep."""
    variant = load_variant(name)
    seed = zlib.crc32(f"{name}/{structure}".encode())
    short = _table(structure, short=True, bad_beat=BAD_BEAT)
    assert fallback_reason(variant, short, default_population(8)) is None
    fast = _compare(variant, short, 8, 1500, seed, first=5, uneven=True)
    assert (fast.stacks_end == 0).any(axis=1).sum() > 100  # all-ins called and lost
    assert _side_pots(fast)[1] > 10
    fast = _compare(variant, short, 6, 1000, seed + 1, first=2)
    assert (fast.stacks_end == 0).any(axis=1).sum() > 3
    _compare(variant, _table(structure, short=False), 4, 1000, seed + 2)


#: Robert's rules and their alternatives for short all-ins (fixed and spread limit only).
OPTIONS = {
    "full-bet": {"short_all_in": "full-bet"},
    "full-level-plus-bet": {"short_all_in_raise": "full-level-plus-bet"},
    "no-completion": {"complete_short_all_in": False},
    "capped-heads-up+first-seat+suit": {
        "uncapped_heads_up": False,
        "odd_chip": "first-seat",
        "tie_break": "suit",
    },
    "uncapped": {"max_raises": None},
}


@pytest.mark.parametrize("structure", ["fixed", "spread"])
@pytest.mark.parametrize("option", list(OPTIONS))
def test_all_in_options_match_python(option, structure):
    seed = zlib.crc32(f"{option}/{structure}".encode())
    for k, name in enumerate(("seven_card_stud", "stud_hilo8")):
        table = _table(structure, short=True, **OPTIONS[option])
        _compare(load_variant(name), table, 6, 500, seed + k, first=k, uneven=True)


def test_eight_handed_seventh_street_short_deck_is_compiled():
    """Eight seven-card stud hands reaching seventh street need 57 cards: the burn cards
    are reused when they suffice (Robert's rule 15), else one card is shared."""
    variant = load_variant("seven_card_stud")
    bots = [dataclasses.replace(b, tightness=-0.5) for b in default_population(8)]
    for structure in STRUCTURES:
        table = _table(structure, short=False)
        decks, uniforms = draw_hands(np.random.default_rng(9), 300)
        fast = play_compiled(variant, table, bots, decks, uniforms, 0)
        slow, kept = play_python(variant, table, bots, decks, uniforms, 0, keep_hands=True)
        assert fast.replayed == 0 and fast.same_hands(slow)
        hands = [r.hand for r in kept if r.hand is not None and r.hand.street == 4]
        assert sum(1 for hand in hands if hand.community) > 20
        reused = [hand for hand in hands if not hand.community and len(hand.burned) < 3]
        assert len(reused) > 20


@pytest.mark.parametrize("structure", list(STRUCTURES))
@pytest.mark.parametrize("name", VARIANTS)
def test_chips_are_conserved_over_100k_compiled_hands(name, structure):
    variant = load_variant(name)
    rake = PercentRake(rate=Fraction(1, 10), cap=Fraction(3), increment=Fraction(1, 4))
    table = _table(structure, short=True, rake=rake, bad_beat=BAD_BEAT)
    rng = np.random.default_rng(zlib.crc32(f"conserve/{name}/{structure}".encode()))
    hands = 100_000
    decks, uniforms = draw_hands(rng, hands)
    stacks = _stacks(rng, table, hands, 8)
    r = play_compiled(variant, table, default_population(8), decks, uniforms, 0, stacks=stacks)
    assert r.replayed == 0
    assert (r.stacks_start == stacks).all()
    start = r.stacks_start.sum(axis=1)
    assert (r.stacks_end.sum(axis=1) + r.rake + r.drop == start).all()
    assert (r.stacks_end >= 0).all() and (r.wagered >= 0).all() and (r.rake >= 0).all()
    assert (r.wagered.sum(axis=1) >= r.rake + r.drop).all()
    assert (r.stacks_end == 0).any(axis=1).sum() > 10_000  # all-ins are common
    assert _side_pots(r)[1] > 1000
    assert r.drop.sum() > 0 and r.rake.sum() > 0


# ------------------------------------------------------------------ a bring-in of a full bet
#: Tables whose bring-in is a full small bet: the shipped $1-$5 spread, and fixed, pot and
#: no limit with a bring-in equal to the small bet and a bet and three raises.
FULL_BRING_IN = {
    "spread": load_table("1-5-spread"),
    "fixed": make_table(bring_in=Fraction(5)),
    "pot": make_table(structure="pot-limit", bring_in=Fraction(5)),
    "no-limit": make_table(structure="no-limit", bring_in=Fraction(5)),
}
_AGGRESSIVE = (Action.COMPLETE, Action.BET, Action.RAISE)


def _scripted_twins(table, holdings, script):
    """Play ``script`` ((action, "to" or None) on the first street) on :class:`StudHand` and
    on the compiled rules (``fast_rules``) side by side; before every action both must
    offer the same aggressive action and sizes, after it hold the same chips.
    Returns the compiled aggressive action offered after the script (-1: none)."""
    variant = load_variant("seven_card_stud")
    n = len(holdings)
    hand = StudHand(variant, table, [100_000] * n, stacked_deck(variant, holdings))
    cfg = kernel_config(variant, table).cfg
    st = np.zeros(fr.N_STATE, np.int64)
    ss = np.zeros((fr.N_SEAT_ROWS, n), np.int64)
    ss[fr.STK], ss[fr.CON], ss[fr.LIVE], st[fr.ALIVE] = hand.stacks, hand.contrib, 1, n
    assert fr.begin_betting(False, st, cfg, ss, n)
    st[fr.BRING_PENDING] = 1

    def offered(seat):
        legal = hand.legal_actions()
        kind, sizes = fr.aggressive(seat, st, cfg, ss, n)
        mine = next((a for a in _AGGRESSIVE if a in legal.actions), None)
        assert kind == (-1 if mine is None else int(mine))
        if mine is not None:
            assert legal.sizes == ((sizes.first,) if sizes.second < 0 else sizes[:2])
        return kind, sizes

    for action, to in script:
        seat = hand.actor
        _, sizes = offered(seat)
        hand.act(action, to)
        choice = fr.Choice(int(action), -1 if to is None else to, sizes)
        fr.apply_action(seat, choice, st, cfg, ss, n)
        assert ss[fr.STK].tolist() == hand.stacks and ss[fr.SB].tolist() == hand.sbet
        assert fr.next_actor(seat, ss, n) == hand.actor
    return offered(hand.actor)[0]


@pytest.mark.parametrize("structure", list(FULL_BRING_IN))
def test_compiled_rules_cap_a_full_bet_bring_in_and_three_raises(structure):
    """The bring-in of a full bet is the bet on both engines: after three raises the
    compiled rules offer no fourth (Robert's: a bet and three raises)."""
    table = FULL_BRING_IN[structure]
    unit = table.small_bet_cents
    script = [(Action.BRING_IN, None)] + [(Action.RAISE, unit * k) for k in (2, 3, 4)]
    holdings = ["Ah Kh 9c", "Qd Qs 2c", "Jd Tc 8d", "7h 7d 3h"]  # seat 1 brings in
    assert _scripted_twins(table, holdings, script) == -1


@pytest.mark.parametrize("structure", list(FULL_BRING_IN))
def test_compiled_matches_python_with_a_full_bet_bring_in(structure):
    """Random hands of aggressive bots at a full-bet bring-in, uneven stacks: hand for
    hand the Python engine, and many first streets reach the cap."""
    table = dataclasses.replace(FULL_BRING_IN[structure], buy_in=Fraction(60))
    variant = load_variant("seven_card_stud")
    rng = np.random.default_rng(zlib.crc32(f"full-bring-in/{structure}".encode()))
    decks, uniforms = draw_hands(rng, 1000)
    stacks = _stacks(rng, table, 1000, 6)
    bots = [dataclasses.replace(b, aggression=0.95, tightness=0.0) for b in default_population(6)]
    fast = play_compiled(variant, table, bots, decks, uniforms, 0, stacks=stacks)
    slow, kept = play_python(
        variant, table, bots, decks, uniforms, 0, keep_hands=True, stacks=stacks
    )
    assert fast.replayed == 0 and fast.same_hands(slow)
    capped = sum(
        1
        for r in kept
        if r.hand is not None
        and sum(1 for e in r.hand.log if e[0] == 0 and e[2] is Action.RAISE) >= 3
    )
    assert capped > 20
