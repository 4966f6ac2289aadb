"""What a leak is worth: the exact figures when the player sees some of the dealer's cards.

Game protection asks what a flashed dealer card is worth to a player who plays the
strategy that is best *given* it (hole-carding). For a game decided by one showdown
against a hidden dealer hand (Three Card Poker: :mod:`.showdown`), ``dealer:N``
counts every deal once per set of ``N`` dealer cards that can be the ones seen (a
random ``N`` of the dealer's cards: each set equally likely), splits the dealer hands
of each player hand by that set (:func:`~.kernels.seen_card_counts`), takes the best
action for each (player hand, seen cards) with the game's ``prefer`` rule, and folds
the outcomes into the usual exact figures: the house edge (negative: the player's edge),
element of risk, SD, and the strategy by the card seen.

>>> from casino_sim.config import load_banked_game
>>> leak = analyze_leak(load_banked_game("banked/three_card_poker"), parse_leak("dealer:1"))
>>> f"{float(-leak.analysis.house_edge):.4%}", leak.analysis.strategy_words[-1]
('3.4829%', 'dealer shows A: bet play 1x with high card A-9-2 or better, else fold')
"""

from __future__ import annotations

import math
from collections import defaultdict
from itertools import combinations

import numpy as np

from casino_sim.combinatorics import colex_index
from casino_sim.config.banked_game import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import choices_of
from casino_sim.games.banked.language.hands import FULL_DECK, Deck
from casino_sim.games.banked.language.holdem_leak import analyze_holdem_leak, is_holdem_leak_game
from casino_sim.games.banked.language.holdem_turn_leak import analyze_turn_leak, is_turn_leak_game
from casino_sim.games.banked.language.kernels import seen_card_counts
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis, SampledLeak, parse_leak
from casino_sim.games.banked.language.nets import NetsByValue, best_action
from casino_sim.games.banked.language.outcomes import (
    Outcome,
    summarize,
)
from casino_sim.games.banked.language.sharing import counted_exactly
from casino_sim.games.banked.language.showdown import (
    card_masks,
    check_showdown,
    dealer_hands,
    describe,
    hand_values,
    player_classes,
)
from casino_sim.games.banked.language.street_leak import analyze_street_leak, is_street_game
from casino_sim.games.banked.language.upcard import is_upcard_game
from casino_sim.games.banked.language.upcard_leak import analyze_upcard_leak
from casino_sim.games.banked.language.upcard_share import sample_upcard_leak

__all__ = ["Leak", "LeakAnalysis", "analyze_leak", "is_sampled_leak", "parse_leak"]

_RANKS = "23456789TJQKA"


def analyze_leak(
    game: BankedGame,
    leak: Leak,
    *,
    deck: Deck = FULL_DECK,
    samples: int | None = None,
    seed: int = 0,
) -> LeakAnalysis | SampledLeak:
    """The optimal strategy and figures of ``game`` when the player sees ``leak`` of the
    dealer's cards, exact (``share:K``: :func:`.sharing.analyze_share`; a dealer card up:
    :mod:`.upcard_leak`; hold'em with a bet before the flop: :mod:`.holdem_leak`, and with a
    bet on the turn too: :mod:`.holdem_turn_leak`; no dealer hand, the board's last cards
    seen: :mod:`.street_leak`), or sampled with ``samples`` deals from ``seed`` where the
    dealer holds six cards (Four Card Poker: :mod:`.upcard_share`)."""
    from casino_sim.games.banked.language import solve_banked

    if leak.kind != "dealer":
        raise OptionError(f"--leak {leak.label}: analyze_share values the hands of others seen")
    if is_sampled_leak(game, leak, deck=deck):
        return sample_upcard_leak(game, leak, deck, samples, seed)
    if is_upcard_game(game):  # a dealer card face up: one hidden card seen besides it
        return analyze_upcard_leak(game, leak, deck)
    if is_holdem_leak_game(game):  # Ultimate Texas Hold'em's shape
        return analyze_holdem_leak(game, leak, deck)
    if is_turn_leak_game(game):  # Texas Hold'em Bonus's shape
        return analyze_turn_leak(game, leak, deck)
    if is_street_game(game):  # no dealer hand: the board's face-down cards seen
        return analyze_street_leak(game, leak, deck)
    try:
        check_showdown(game)
    except OptionError:
        raise OptionError(
            f"--leak {leak.label}: {game.name} is not a one-decision showdown against a hidden "
            "dealer hand; the leak analysis solves those (Three Card Poker), games with a dealer "
            "card up (Caribbean Stud), hold'em with a bet before the flop (Ultimate Texas "
            "Hold'em, Texas Hold'em Bonus) and games without a dealer hand (Let It Ride) this "
            "release"
        ) from None
    stage = game.stages[0]
    if not 1 <= leak.cards < stage.dealer:
        raise OptionError(
            f"--leak {leak.label}: the dealer holds {stage.dealer} cards; see 1 to "
            f"{stage.dealer - 1} of them"
        )
    counts, reps, weights = _seen_counts(game, deck, leak.cards)
    outcomes, taken, by_seen = _best_actions(game, counts, reps, weights, deck)
    words, table = _words(game, by_seen, deck, leak.cards)
    analysis = summarize(
        game,
        outcomes,
        strategy=f"optimal, seeing {leak.cards} of the dealer's cards",
        deck_cards=len(deck),
        decisions={stage.name: taken},
        words=words,
        table=table,
    )
    without = solve_banked(game, deck=deck).analysis.house_edge
    return LeakAnalysis(leak, analysis, without, math.comb(stage.dealer, leak.cards))


def is_sampled_leak(game: BankedGame, leak: Leak, *, deck: Deck = FULL_DECK) -> bool:
    """Whether ``leak``'s figures are sampled: other players' hands seen beyond exact counting
    (:func:`.sharing.counted_exactly`), dealer cards seen at a game with a card up and six
    dealer cards (Four Card Poker), too many to count exactly this release."""
    if leak.kind == "share":
        return not counted_exactly(game, leak.cards, deck=deck)
    return is_upcard_game(game) and game.stages[0].dealer == 6


def _seen_counts(
    game: BankedGame, deck: Deck, cards: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Outcome counts per player class and seen set (class x C(n, cards) x 4), the classes'
    representatives and sizes."""
    stage = game.stages[0]
    n, ranking = len(deck), game.hands["player"].ranking
    reps, weights, _ = player_classes(deck, stage.player)
    hands, dealer = dealer_hands(game, deck)
    seen = np.stack(
        [colex_index(hands[:, list(c)]) for c in combinations(range(stage.dealer), cards)],
        axis=1,
    ).astype(np.int64)
    counts = np.zeros((len(reps), math.comb(n, cards), 4), dtype=np.int64)
    player_masks = card_masks(n)[reps].sum(axis=1)
    seen_card_counts(player_masks, hand_values(deck, ranking, reps), dealer, seen, counts)
    return counts, reps, weights


def _best_actions(
    game: BankedGame, counts: np.ndarray, reps: np.ndarray, weights: np.ndarray, deck: Deck
) -> tuple[tuple[Outcome, ...], dict[str, int], dict[int, dict[int, set[int]]]]:
    """The outcomes of the best action per (player class, seen set), the deals per action, and
    per seen set the actions taken by player hand value."""
    ranking = game.hands["player"].ranking
    start = tuple(w.initial for w in game.wagers.values())
    player_values = hand_values(deck, ranking, reps)
    nets = NetsByValue(game)
    tally: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...]], int] = defaultdict(int)
    taken = {c.name: 0 for c in choices_of(game, game.decisions[0])}
    by_seen: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for r in range(len(reps)):
        value = int(player_values[r])
        lines = nets.lines(value)
        scaled, _, choices, afters = nets.of(value)
        rows = counts[r]
        live = np.flatnonzero(rows.sum(axis=1))
        best = best_action(game, choices, rows[live] @ scaled.T)  # (seen sets, actions): exact
        weight = int(weights[r])
        for s, pick in zip(live.tolist(), best.tolist(), strict=True):
            row = rows[s]
            total = int(row.sum())
            taken[choices[pick].name] += weight * total
            by_seen[s][value].add(pick)
            after = afters[pick]
            if after is None:
                tally[(start, True, -1, ())] += weight * total
                continue
            for b in range(4):
                if row[b]:
                    tally[(after, False, b, lines)] += weight * int(row[b])
    outcomes = tuple(Outcome(s, f, b, ln, c) for (s, f, b, ln), c in tally.items())
    return outcomes, taken, by_seen


def _words(
    game: BankedGame, by_seen: dict[int, dict[int, set[int]]], deck: Deck, cards: int
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """With one card seen: the strategy by the seen card's rank, lowest first; else a summary."""
    choices = choices_of(game, game.decisions[0])
    ranking = game.hands["player"].ranking
    if cards != 1:
        return ("the action depends on the player's hand and the cards seen (deals by action)",), ()
    by_rank: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for position, values in by_seen.items():
        for value, picks in values.items():
            by_rank[deck[position] >> 2][value] |= picks
    words, table = [], []
    for rank in sorted(by_rank):
        said, shown = describe(by_rank[rank], choices, ranking)
        words.append(f"dealer shows {_RANKS[rank]}: {said[0]}")
        table += [(f"dealer shows {_RANKS[rank]}: {hand}", text) for hand, text in shown]
    return tuple(words), tuple(table)
