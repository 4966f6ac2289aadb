"""Play the same hand in pokerkit and in our engine (test helper)."""

from __future__ import annotations

import functools
import warnings
from dataclasses import replace
from fractions import Fraction

import numpy as np
from pokerkit import (
    Automation,
    Card,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    NoLimitPokerMixin,
    PotLimitPokerMixin,
)
from stud_helpers import load_variant, make_table

from casino_sim.cards import format_card
from casino_sim.config import StudVariant
from casino_sim.games.poker_room import Action, StudHand, StudTable

PK_CARDS = [next(iter(Card.parse(format_card(c)))) for c in range(52)]
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
GAMES = {
    "stud": (FixedLimitSevenCardStud, "seven_card_stud"),
    "razz": (FixedLimitRazz, "razz"),
    "hilo": (FixedLimitSevenCardStudHighLowSplitEightOrBetter, "stud_hilo8"),
}
ANTE, BRING_IN, SMALL, BIG = 10, 20, 50, 100  # cents


def _other_structure(mixin: type, game: type) -> type:
    """A pokerkit stud game at pot or no limit: its fixed-limit class with another mixin
    (pokerkit ships stud at fixed limit only, but its betting code handles every structure)."""
    fields = {"deck": game.deck, "hand_types": game.hand_types, "low": game.low}
    return type(f"{mixin.__name__}{game.__name__}", (mixin, *game.__mro__[2:3]), fields)


STRUCTURES = {"pot-limit": PotLimitPokerMixin, "no-limit": NoLimitPokerMixin}


@functools.cache  # read once per process: loading the YAML cost more than playing a hand
def pokerkit_rules(structure: str = "fixed-limit") -> StudTable:
    """Our table configured the way pokerkit plays (a frozen value, shared by every hand)."""
    capped = structure == "fixed-limit"
    return make_table(
        structure=structure,
        ante=Fraction(ANTE, 100),
        bring_in=Fraction(BRING_IN, 100),
        small_bet=Fraction(SMALL, 100),
        big_bet=Fraction(BIG, 100),
        max_raises=3 if capped else None,
        uncapped_heads_up=False,
        short_all_in="full-bet",
        complete_short_all_in=False,  # pokerkit raises a full bet above a short all-in
        fold_when_check_free=False,  # pokerkit refuses a fold when checking is free
        odd_chip="first-seat",
        tie_break="position",
    )


@functools.cache
def _variant(name: str) -> StudVariant:
    """The shipped variant as pokerkit plays it (no big bet on an open pair), read once."""
    return replace(load_variant(name), open_pair_big_bet=False)


def play_both(
    game: str, rng: np.random.Generator, structure: str = "fixed-limit", *, least: int = ANTE + 1
) -> tuple[list[int], list[int], StudHand]:
    """One random hand in both engines; returns (our stacks, pokerkit stacks, hand).

    A short stack starts with ``least`` chips or more (ANTE + BRING_IN + 1 keeps every
    bring-in full: all-in for less, the others owe the full bring-in by Robert's rule
    and the short amount in pokerkit).
    """
    pk_class, variant_name = GAMES[game]
    variant = _variant(variant_name)
    n = int(rng.integers(2, 8))
    short = rng.random() < 0.3
    stacks = [int(x) for x in rng.integers(least if short else 20 * BIG, 40 * BIG, size=n)]
    hand = StudHand(variant, pokerkit_rules(structure), stacks, rng.permutation(52).tolist())
    if structure == "fixed-limit":
        state = pk_class.create_state(
            AUTOMATIONS, False, ANTE, BRING_IN, SMALL, BIG, stacks, n, mode=Mode.CASH_GAME
        )
    else:
        game_class = _other_structure(STRUCTURES[structure], pk_class)
        maker = game_class(AUTOMATIONS, False, ANTE, BRING_IN, SMALL, BIG, mode=Mode.CASH_GAME)
        state = maker(stacks, n)
    given = [0] * n
    burned = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_burn_card():
                state.burn_card(
                    PK_CARDS[hand.burned[burned]] if burned < len(hand.burned) else "??"
                )
                burned += 1
            elif state.can_deal_hole():
                seat = state.hole_dealee_index
                cards = hand.down[seat] + hand.up[seat]
                street = hand.variant.streets
                # our seat's cards in the order received: down then up per street
                order: list[int] = []
                d = u = 0
                for st in street:
                    order += hand.down[seat][d : d + st.down] + hand.up[seat][u : u + st.up]
                    d, u = d + st.down, u + st.up
                assert len(cards) == len(order)
                state.deal_hole(PK_CARDS[order[given[seat]]])
                given[seat] += 1
            elif state.actor_index is not None:
                assert state.actor_index == hand.actor, (state.actor_index, hand.actor)
                _random_action(hand, state, rng)
            else:  # pragma: no cover - pokerkit waiting on something we do not automate
                raise AssertionError("pokerkit is stuck")
    return hand.stacks, list(state.stacks), hand


def _random_action(hand: StudHand, state, rng: np.random.Generator) -> None:
    legal = hand.legal_actions()
    options = list(legal.actions)
    weights = [
        {Action.FOLD: 1, Action.CHECK: 3, Action.CALL: 4, Action.BRING_IN: 3}.get(a, 2)
        for a in options
    ]
    action = options[int(rng.choice(len(options), p=np.array(weights) / sum(weights)))]
    seat = legal.seat
    if action is Action.COMPLETE and hand.stacks[seat] + hand.sbet[seat] < SMALL:
        # a short all-in completion: pokerkit's next raise size differs (see docs/stud.md)
        action = Action.BRING_IN if Action.BRING_IN in options else Action.CALL
    if action in (Action.COMPLETE, Action.BET, Action.RAISE):
        if legal.any_size:  # the least, the most or any amount between
            least, most = legal.sizes
            pick = int(rng.integers(3))
            to = (least, most, int(rng.integers(least, most + 1)))[pick]
        else:
            to = legal.sizes[int(rng.integers(len(legal.sizes)))]
        hand.act(action, to)
        state.complete_bet_or_raise_to(min(to, state.stacks[legal.seat] + state.bets[legal.seat]))
    elif action is Action.FOLD:
        hand.act(action)
        state.fold()
    elif action is Action.BRING_IN:
        hand.act(action)
        state.post_bring_in()
    else:
        hand.act(action)
        state.check_or_call()
