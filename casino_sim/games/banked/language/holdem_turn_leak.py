"""What one dealer card seen is worth at Texas Hold'em Bonus (hole-carding), exactly.

``--leak dealer:1`` at a hold'em game with a bet before the flop, one offered on the flop and
one on the turn (:mod:`.holdem_turns`): the player sees one of the dealer's two cards from the
start and plays the strategy best given it. Every deal is counted once per dealer card that
can be the one seen (each of the two equally likely); the flop, the turn and the river follow,
the dealer's other card any card unseen. Every decision is exact (integer sums, ties by the
game's ``prefer``), each later bet on its own wager, so taken on its own bet's value:

- **after the river** nothing is decided: on each five-card board the dealer hands left are
  the seen card with each card left, valued once per type of card, and every pair of types of
  the player's cards is counted against them (:func:`~.holdem_leak_kernels.seen_rows`, as at
  Ultimate Texas Hold'em);
- **on the turn** the bet on each hole pair's sums over the rivers, the player's two cards
  taken out by inclusion-exclusion, once per pair of the cards' types on the turn (:func:`~.
  holdem_turn_leak_kernels.solve_seen_turns`);
- **on the flop** the bet on the sums over the turns, one (flop, seen card) per class of suit
  relabellings (:func:`~.holdem_leak.seen_tasks`) and one turn per orbit of its symmetry;
- **before the flop** each class of (hole cards, seen card) (:func:`~.holdem_leak.
  seen_classes`) compares its totals over every flop, as :mod:`.holdem_turns` does per hole
  class.

The side bets do not depend on the decisions and are left out, as at Ultimate Texas Hold'em.

>>> from casino_sim.config import load_banked_game
>>> from casino_sim.games.banked.language.leak_kinds import parse_leak
>>> jacks_up = tuple(range(36, 52))  # jacks to aces
>>> leak = analyze_turn_leak(load_banked_game("banked/texas_holdem_bonus"),
...                          parse_leak("dealer:1"), jacks_up)
>>> leak.analysis.deals == 120 * 14 * 286 * 10 * 9 * 8  # hole, seen, flop, turn, river, other
True
>>> leak.analysis.house_edge < leak.house_edge_without
True
"""

from __future__ import annotations

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.games.banked.language.hands import FULL_DECK, Deck
from casino_sim.games.banked.language.holdem import holdem_tables
from casino_sim.games.banked.language.holdem_boards import BUCKETS
from casino_sim.games.banked.language.holdem_leak import (
    one_card_seen,
    say_how_long,
    seen_classes,
    seen_leak,
    seen_tasks,
    seen_words,
)
from casino_sim.games.banked.language.holdem_leak_kernels import SeenChoices
from casino_sim.games.banked.language.holdem_streets import is_streets_game
from casino_sim.games.banked.language.holdem_turn_leak_kernels import (
    SeenTurnNets,
    solve_seen_turns,
)
from casino_sim.games.banked.language.holdem_turns import (
    is_turns_game,
    pre_flop_picks,
    turn_bets,
    turn_outcomes,
)
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis

__all__ = ["analyze_turn_leak", "is_turn_leak_game"]

#: (flop, seen card) classes solved per second on the reference 2-core machine, compiled (52
#: cards: 63,193 classes in 163 s on the idle machine, 2026-11-28; 4 to 5 min while another job
#: shared the two cores).
TASKS_PER_SECOND = 380
#: Sums kept apart (one set per chunk of the classes, added up at the end).
CHUNKS = 16


def is_turn_leak_game(game: BankedGame) -> bool:
    """Whether ``game``'s leak is :func:`analyze_turn_leak`'s: a dealer hand and hold'em with
    decisions before the flop, on the flop and on the turn (Texas Hold'em Bonus's shape)."""
    return "dealer" in game.hands and is_streets_game(game) and is_turns_game(game)


def analyze_turn_leak(game: BankedGame, leak: Leak, deck: Deck = FULL_DECK) -> LeakAnalysis:
    """The exact figures of ``game`` (:mod:`.holdem_turns`' shape) when the player sees one of
    the dealer's two cards before the flop."""
    bets = turn_bets(game)
    one_card_seen(game, leak)
    width = len(bets.combos) * bets.buckets
    classes, reps = seen_classes(deck)
    choices = SeenChoices(  # no decision after the river: the rows' river action is not read
        river_net=np.zeros(len(bets.combos) * BUCKETS, dtype=np.int64),
        flop_net=np.zeros(len(bets.combos) * BUCKETS, dtype=np.int64),
        fold_units=np.zeros(1, dtype=np.int64), bet_first=np.array([game.prefer == "larger_bet"]),
        seen_class=classes,
    )  # fmt: skip
    nets = SeenTurnNets(bets.flop_net, bets.turn_net, np.array([bets.buckets]))
    tasks = seen_tasks(deck)
    say_how_long(leak, tasks, TASKS_PER_SECOND)
    totals = np.zeros((CHUNKS, len(reps), 4 * width), dtype=np.int64)
    solve_seen_turns(tasks, holdem_tables(game, deck, bets.code), choices, nets, totals)
    picks, by_path, deals = pre_flop_picks(game, bets, totals.sum(axis=0))
    outcomes, taken = turn_outcomes(game, bets, picks, (by_path, deals))
    words = seen_words(bets.stages, picks, reps, deck, taken, deals)
    return seen_leak(game, leak, deck, outcomes, taken, words)
