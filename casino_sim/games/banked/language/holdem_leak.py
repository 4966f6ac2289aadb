"""What one dealer card seen is worth at Ultimate Texas Hold'em (hole-carding), exactly.

``--leak dealer:1`` at a hold'em game with a decision before the flop (:mod:`.holdem_streets`):
the player sees one of the dealer's two cards from the start and plays the strategy best given
it. Every deal is counted once per dealer card that can be the one seen (each of the two
equally likely), so the player decides on (hole cards, seen card) before the flop, adds the
flop, then the turn and river, the dealer's other card any card unseen. Every decision is
exact (integer sums, ties by the game's ``prefer``):

- **after the river** the dealer hands left are the seen card with each card left: on a board
  they are valued once per type of card and sorted, and each pair of types of the player's
  cards is counted against them, its two cards taken out (:func:`~.holdem_leak_kernels.
  seen_rows`);
- **on the flop** the rows of every turn and river are summed by pair of types and the
  player's cards taken out by inclusion-exclusion, one (flop, seen card) per class of suit
  relabellings and one turn and river per orbit of its symmetry (:func:`~.holdem_leak_kernels.
  solve_seen`);
- **before the flop** each class of (hole cards, seen card) compares its totals over every
  flop, as :mod:`.holdem_streets` does per hole class.

>>> from casino_sim.config import load_banked_game
>>> from casino_sim.games.banked.language.leak_kinds import parse_leak
>>> tens_up = tuple(range(32, 52))  # tens to aces
>>> leak = analyze_holdem_leak(load_banked_game("banked/ultimate_texas_holdem"),
...                            parse_leak("dealer:1"), tens_up)
>>> leak.analysis.deals == 190 * 18 * 680 * 91 * 12  # hole, seen, flop, turn and river, other
True
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import BankedGame
from casino_sim.engine.durations import duration
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import Choice
from casino_sim.games.banked.language.hands import FULL_DECK, Deck, label_strength, starting_label
from casino_sim.games.banked.language.holdem import holdem_tables, line_combos
from casino_sim.games.banked.language.holdem_boards import BUCKETS
from casino_sim.games.banked.language.holdem_leak_kernels import SeenChoices, SeenTasks, solve_seen
from casino_sim.games.banked.language.holdem_streets import (
    _check,
    _outcomes,
    is_streets_game,
    scaled_nets,
    street_bets,
)
from casino_sim.games.banked.language.holdem_turns import is_turns_game
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis
from casino_sim.games.banked.language.nets import preference_order
from casino_sim.games.banked.language.outcomes import Outcome, summarize
from casino_sim.games.banked.language.symmetry import subset_classes, suit_perms

__all__ = [
    "analyze_holdem_leak",
    "is_holdem_leak_game",
    "one_card_seen",
    "say_how_long",
    "seen_choices",
    "seen_classes",
    "seen_leak",
    "seen_tasks",
    "seen_words",
]

log = logging.getLogger("casino_sim.leak")
#: (flop, seen card) classes solved per second on the reference 2-core machine, compiled (52
#: cards: 63,193 classes in 151 s).
TASKS_PER_SECOND = 400
#: Sums kept apart (one set per chunk of the classes, added up at the end).
CHUNKS = 16
_RANKS = "23456789TJQKA"


@cache
def seen_classes(deck: Deck) -> tuple[np.ndarray, np.ndarray]:
    """Per (seen card, hole pair by colex) the class of the two under the deck's suit
    relabellings (-1: the card is in the pair), and one (seen card, hole pair) per class
    (positions: seen, low, high).

    >>> classes, reps = seen_classes(tuple(range(52)))
    >>> len(reps)  # Jacobson's 5,083 starting hands
    5083
    """
    n = len(deck)
    perms = suit_perms(deck)
    holes = combinations_array(n, 2).astype(np.int64)
    holes = holes[np.argsort(colex_index(holes))]  # row = colex index
    images = colex_index(np.sort(perms[:, holes], axis=2).reshape(-1, 2)).reshape(len(perms), -1)
    keys = images[:, None, :] * n + perms[:, :, None]  # (g, seen, hole)
    canon = keys.min(axis=0)
    valid = (holes[None, :, 0] != np.arange(n)[:, None]) & (
        holes[None, :, 1] != np.arange(n)[:, None]
    )
    _, first, inverse = np.unique(canon[valid], return_index=True, return_inverse=True)
    classes = np.full((n, len(holes)), -1, dtype=np.int64)
    classes[valid] = inverse.reshape(-1)
    seen, hole = np.nonzero(valid)
    return classes, np.column_stack([seen[first], holes[hole[first]]])


@cache
def seen_tasks(deck: Deck) -> SeenTasks:
    """The (flop, seen card) pairs of ``deck``, one per class of its relabellings, each with
    the relabellings keeping it.

    >>> len(seen_tasks(tuple(range(52))).seen)  # of 22,100 x 49
    63193
    """
    flops = subset_classes(deck, 3)
    perms = suit_perms(deck)
    flop, seen, stabs = [], [], []
    for rep, stab in zip(flops.reps, flops.stabilizers, strict=True):
        for card in range(len(deck)):
            if card in rep or perms[stab, card].min() < card:
                continue
            flop.append(rep)
            seen.append(card)
            stabs.append(stab[perms[stab, card] == card])
    return SeenTasks(
        flop=np.array(flop, dtype=np.int64), seen=np.array(seen, dtype=np.int64),
        stab_start=np.cumsum([0] + [len(s) for s in stabs]).astype(np.int64),
        stab=np.concatenate(stabs).astype(np.int64), perms=perms,
    )  # fmt: skip


def say_how_long(leak: Leak, tasks: SeenTasks, per_second: float) -> None:
    """Log the time ``tasks`` will take at ``per_second`` (flop, seen card) classes a second,
    when it is over a minute."""
    if len(tasks.seen) > 60 * per_second:
        log.info(
            "--leak %s: deciding %s (flop, seen card) classes, about %s here",
            leak.label, f"{len(tasks.seen):,}", duration(len(tasks.seen) / per_second),
        )  # fmt: skip


def seen_choices(game: BankedGame, deck: Deck) -> SeenChoices:
    """The scaled money of the play bet made on the flop and after the river, a fold's loss,
    the tie rule and the classes of (seen card, hole pair) of ``game`` on ``deck``."""
    _, flop_net, river_net, fold_net = _nets(game)[1:]
    return SeenChoices(
        river_net=river_net.reshape(-1), flop_net=flop_net.reshape(-1),
        fold_units=np.array([-int(fold_net[0, 0])]),
        bet_first=np.array([game.prefer == "larger_bet"]), seen_class=seen_classes(deck)[0],
    )  # fmt: skip


def _nets(
    game: BankedGame,
) -> tuple[np.ndarray, list[np.ndarray], np.ndarray, np.ndarray, np.ndarray]:
    """The paytable lines' code per hand value, and the scaled nets (:func:`.scaled_nets`) of
    the bets before the flop, on the flop, after the river and of a fold."""
    code, combos = line_combos(game)
    states = street_bets(game).states
    *pre_nets, flop_net, river_net, fold_net = scaled_nets(game, [*states, None], combos)
    return code, pre_nets, flop_net, river_net, fold_net


def is_holdem_leak_game(game: BankedGame) -> bool:
    """Whether ``game``'s leak is :func:`analyze_holdem_leak`'s: a dealer hand and hold'em with a
    bet before the flop and none on the turn (Ultimate Texas Hold'em's shape; Let It Ride and
    Mississippi Stud have streets but no dealer)."""
    return "dealer" in game.hands and is_streets_game(game) and not is_turns_game(game)


def one_card_seen(game: BankedGame, leak: Leak) -> None:
    """Refuse (an OptionError) a hold'em leak other than one of the dealer's two cards seen."""
    if leak.cards != 1:
        raise OptionError(
            f"--leak {leak.label}: at {game.name} one of the dealer's two cards seen is counted "
            "this release (dealer:1)"
        )


def analyze_holdem_leak(game: BankedGame, leak: Leak, deck: Deck = FULL_DECK) -> LeakAnalysis:
    """The exact figures of ``game`` (:mod:`.holdem_streets`' shape) when the player sees one
    of the dealer's two cards before the flop."""
    stages = _check(game)
    one_card_seen(game, leak)
    start = tuple(w.initial for w in game.wagers.values())
    pre, flop, river, flop_stay, flop_bet, river_fold, river_bet, pre_bets, states = street_bets(
        game
    )
    code, pre_nets, *_ = _nets(game)
    _, combos = line_combos(game)
    choices = seen_choices(game, deck)
    reps = seen_classes(deck)[1]
    tasks = seen_tasks(deck)
    say_how_long(leak, tasks, TASKS_PER_SECOND)
    cols = len(combos) * BUCKETS
    totals = np.zeros((CHUNKS, len(reps), 3 * cols + 1), dtype=np.int64)
    solve_seen(tasks, holdem_tables(game, deck, code), choices, totals)
    summed = totals.sum(axis=0)
    every, flop_bets, river_seen, folded = (
        summed[:, :cols], summed[:, cols : 2 * cols], summed[:, 2 * cols : 3 * cols],
        summed[:, 3 * cols],
    )  # fmt: skip
    checked = flop_bets @ choices.flop_net + river_seen @ choices.river_net
    checked -= folded * choices.fold_units[0]
    worth = {c.name: every @ net.reshape(-1) for c, net in zip(pre_bets, pre_nets, strict=True)}
    stay = next(c for c in pre if not c.wager)
    worth[stay.name] = checked
    order = preference_order(game, pre)
    picks = []
    for k in range(len(reps)):
        best = order[0]
        for i in order[1:]:
            if worth[pre[i].name][k] > worth[pre[best].name][k]:
                best = i
        picks.append(pre[best])
    outcomes, taken = _outcomes(game, start, picks, combos, (every, flop_bets, river_seen, folded),
                                (flop_stay, flop_bet, river_fold, river_bet, pre_bets, states))  # fmt: skip
    taken = {s: {c.name: taken[s].get(c.name, 0) for c in options}
             for s, options in zip(stages, (pre, flop, river), strict=True)}  # fmt: skip
    words = seen_words(stages, picks, reps, deck, taken, every.sum(axis=1))
    return seen_leak(game, leak, deck, outcomes, taken, words)


def seen_leak(
    game: BankedGame,
    leak: Leak,
    deck: Deck,
    outcomes: Sequence[Outcome],
    taken: dict[str, dict[str, int]],
    words: tuple[tuple[str, ...], tuple[tuple[str, str], ...]],
) -> LeakAnalysis:
    """A hold'em leak's figures from its outcomes, its decisions (``taken``) and their words
    (:func:`seen_words`), beside the edge without the leak."""
    from casino_sim.games.banked.language import solve_banked

    analysis = summarize(
        game, outcomes, strategy="optimal, seeing one of the dealer's cards", deck_cards=len(deck),
        decisions=taken, words=words[0], table=words[1],
    )  # fmt: skip
    without = solve_banked(game, deck=deck).analysis.house_edge
    return LeakAnalysis(leak, analysis, without, comb(game.stages[0].dealer, 1))


def seen_words(
    stages: tuple[str, ...],
    picks: list[Choice],
    reps: np.ndarray,
    deck: Deck,
    taken: dict[str, dict[str, int]],
    deals: np.ndarray,
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Each decision's actions as shares of the deals reaching it; before the flop by the
    rank seen: the share of its deals bet, and the starting hands bet (a hand listed under
    two actions: which one depends on its suits and the seen card's). ``picks``: the action
    before the flop of each class of (seen card, hole pair), ``reps`` one of each (positions:
    seen, low, high), ``deals`` its deals.

    >>> words, table = seen_words(("deal",), [Choice("bet play 4x", "play", 4)],
    ...                           np.array([[51, 0, 4]]), tuple(range(52)),
    ...                           {"deal": {"bet play 4x": 9}}, np.array([9]))
    >>> words[1]
    'dealer shows A: the play bet before the flop on 100.00% of deals'
    """
    words = []
    for stage in stages:
        total = sum(taken[stage].values())
        shares = ", ".join(f"{k} {100 * v / total:.2f}%" for k, v in taken[stage].items() if v)
        words.append(f"after {stage}: {shares} of the deals reaching it")
    by_rank: dict[int, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    bet: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    wager = next((f"{p.wager} " for p in picks if p.wager), "")  # the bet's wager, named
    for pick, (seen, low, high), n in zip(picks, reps.tolist(), deals.tolist(), strict=True):
        rank = deck[seen] >> 2
        by_rank[rank][pick.name].add(starting_label((deck[low], deck[high])))
        bet[rank][0] += n if pick.wager else 0
        bet[rank][1] += n
    table = []
    for rank in sorted(by_rank):
        share = 100 * bet[rank][0] / bet[rank][1]
        words.append(
            f"dealer shows {_RANKS[rank]}: the {wager}bet before the flop on {share:.2f}% of deals"
        )
        for action, labels in by_rank[rank].items():
            table.append((f"dealer shows {_RANKS[rank]}: {action}",
                          " ".join(sorted(labels, key=_by_strength))))  # fmt: skip
    return tuple(words), tuple(table)


def _by_strength(label: str) -> tuple[tuple[int, ...], bool]:
    """A starting hand's place in the words: the highest ranks first, suited before offsuit
    (the labels come from sets: one order whatever the hash seed)."""
    return label_strength(label), label.endswith("o")
