"""The banked-game language's exact solver: any ``kind: banked_game`` file, every deal counted.

Two shapes of game are solved this release: one showdown against a hidden dealer
hand after one decision (:mod:`.showdown`: Three Card Poker), and games without a
dealer hand whose wagers pay a paytable on the player's final hand, with decisions
between the streets (:mod:`.streets`: Let It Ride, Mississippi Stud). Side bets
(:mod:`.side_bets`) are counted over every hand of their cards. Anything else is
an :class:`~casino_sim.errors.OptionError` naming what the solver needs.
:func:`solve_banked` hands back the strategy it counted too, which the Monte Carlo
(:mod:`.simulate`) plays.

>>> from casino_sim.config import load_banked_game
>>> analysis = analyze_banked(load_banked_game("banked/three_card_poker"))
>>> analysis.house_edge, analysis.strategy_words[0]
(Fraction(686689, 20358520), 'bet play 1x with high card Q-6-4 or better, else fold')
"""

from __future__ import annotations

import dataclasses
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, cast

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import StrategyTable
from casino_sim.games.banked.language.hands import (
    FULL_DECK,
    Deck,
    canonical,
    label_strength,
    starting_label,
)
from casino_sim.games.banked.language.holdem import solve_holdem
from casino_sim.games.banked.language.holdem_streets import is_streets_game, solve_holdem_streets
from casino_sim.games.banked.language.holdem_turns import is_turns_game, solve_holdem_turns
from casino_sim.games.banked.language.outcomes import (
    BankedAnalysis,
    LineRow,
    NetRow,
    Outcome,
    SideBetAnalysis,
    settle,
    summarize,
)
from casino_sim.games.banked.language.showdown import solve_showdown
from casino_sim.games.banked.language.side_bets import analyze_side_bet, analyze_side_bets
from casino_sim.games.banked.language.streets import (
    StreetSolution,
    decision_shares,
    solve_streets,
)
from casino_sim.games.banked.language.upcard import is_upcard_game, solve_upcard

__all__ = [
    "FULL_DECK",
    "BankedAnalysis",
    "LineRow",
    "NetRow",
    "Outcome",
    "SideBetAnalysis",
    "Solved",
    "StrategyTable",
    "analyze_banked",
    "analyze_side_bet",
    "analyze_side_bets",
    "at_ante",
    "check_caps",
    "forget_solutions",
    "settle",
    "solve_banked",
    "strategy_names",
]

#: The most hand labels the strategy table of a first decision lists one by one.
MAX_TABLE_LABELS = 200


def at_ante(game: BankedGame, ante: Fraction) -> BankedGame:
    """``game`` at an initial bet of ``ante`` (money) on its ``house_edge_per`` wager: the money
    of a unit set, so payout caps apply.

    >>> from casino_sim.config import load_banked_game
    >>> at_ante(load_banked_game("banked/let_it_ride"), Fraction(15)).unit_money
    Fraction(15, 1)
    """
    units = game.wagers[game.house_edge_per].initial
    priced: BankedGame = dataclasses.replace(cast(Any, game), unit_money=Fraction(ante) / units)
    return priced


def check_caps(game: BankedGame) -> None:
    """:class:`OptionError` when ``game`` caps a wager's payout and cannot be settled so: no
    ante in money given (``unit_money``), or a game without a dealer (its solver reads the
    paytables directly)."""
    capped = [(name, w.max_payout) for name, w in game.wagers.items() if w.max_payout is not None]
    if not capped:
        return
    name, cap = capped[0]
    if "dealer" not in game.hands:
        raise OptionError(f"{game.name}: a payout cap ({name}) is settled in games against a "
                          "dealer this release")  # fmt: skip
    if game.unit_money is None:
        raise OptionError(f"{game.name} pays at most {cap} a hand on {name}: the figures depend "
                          "on the ante; give it in money (--ante)")  # fmt: skip


def strategy_names(game: BankedGame) -> tuple[str, ...]:
    """``optimal`` and the game's named strategies."""
    return ("optimal", *game.strategies)


@dataclass(frozen=True, eq=False)
class Solved:
    """The exact figures of a game's main wagers and the strategy they were counted with."""

    analysis: BankedAnalysis
    strategy: StrategyTable


def analyze_banked(
    game: BankedGame,
    strategy: str = "optimal",
    *,
    deck: Deck = FULL_DECK,
    side_bets: bool = True,
) -> BankedAnalysis:
    """The exact figures of ``game`` on ``deck`` (the 52 cards, or a reduced deck for tests)
    with the optimal strategy or one of the game's named strategies; side bets too."""
    analysis = solve_banked(game, strategy, deck=deck).analysis
    if side_bets and game.side_bets:
        analysis = dataclasses.replace(analysis, side_bets=analyze_side_bets(game, deck=deck))
    return analysis


#: Solutions a process keeps (the least recently used goes first): a report solves a game for
#: its section and again for each leak it lists, ``simulate`` for the actions it plays. A
#: solution is exact, so the same game, strategy and deck always give the same one.
SOLUTIONS_KEPT = 8
_solutions: OrderedDict[tuple[str, str, Deck], Solved] = OrderedDict()


def solve_banked(game: BankedGame, strategy: str = "optimal", *, deck: Deck = FULL_DECK) -> Solved:
    """The exact figures of ``game``'s main wagers (no side bets) with ``strategy``, and the
    strategy as a table of decisions by the cards seen (solved once per process: see
    :data:`SOLUTIONS_KEPT`, :func:`forget_solutions`).

    >>> from casino_sim.config import load_banked_game
    >>> solved = solve_banked(load_banked_game("banked/three_card_poker"))
    >>> [(p.stage, p.seen, len(p.picks[solved.strategy.start])) for p in solved.strategy.points]
    [('deal', 3, 22100)]
    >>> solve_banked(load_banked_game("banked/three_card_poker")) is solved
    True
    """
    key = (repr(game), strategy, deck)  # the game's every field
    if key in _solutions:
        _solutions.move_to_end(key)
        return _solutions[key]
    solved = _solve(game, strategy, deck)
    _solutions[key] = solved
    if len(_solutions) > SOLUTIONS_KEPT:
        _solutions.popitem(last=False)
    return solved


def forget_solutions() -> None:
    """Forget the solutions this process kept (a benchmark timing a solve calls it first)."""
    _solutions.clear()


def _solve(game: BankedGame, strategy: str, deck: Deck) -> Solved:
    """:func:`solve_banked` without the store."""
    if strategy != "optimal" and strategy not in game.strategies:
        raise OptionError(
            f"{game.name} has no strategy {strategy!r}; expected one of "
            f"{', '.join(strategy_names(game))}"
        )
    check_caps(game)
    rules = game.strategies.get(strategy)
    if "dealer" in game.hands:
        policy = None
        if rules is not None:
            policy = rules.get(game.decisions[0].after) if game.decisions else None
            if policy is None:
                raise OptionError(f"strategy {strategy!r} has no rules for the decision")
            later = [after for after in rules if after != game.decisions[0].after]
            if later:
                raise OptionError(
                    f"strategy {strategy!r} gives rules for the decision after {later[0]!r}: "
                    "named rules are evaluated at the first decision this release, the later "
                    "ones played optimally"
                )
        shape = (
            solve_upcard
            if is_upcard_game(game)
            else solve_holdem_turns
            if is_turns_game(game)
            else solve_holdem_streets
            if is_streets_game(game)
            else solve_holdem
            if game.cards_of("board")
            else solve_showdown
        )
        solved = shape(game, deck, policy=policy)
        outcomes, decisions = solved.outcomes, solved.decisions
        words, table, played = solved.words, solved.table, solved.strategy
    else:
        fixed = None
        if rules is not None:
            fixed = {}
            for after, steps in rules.items():
                if any(step.when is not None for step in steps):
                    raise OptionError(
                        f"strategy {strategy!r}: a rule with 'when' needs the player's complete "
                        f"hand, which the decision after {after!r} does not see"
                    )
                fixed[after] = steps[0].action
        street = solve_streets(game, deck, policy=fixed)
        outcomes, decisions, played = street.outcomes, street.decisions, street.strategy
        words, table = _street_words(street, decisions, deck)
    analysis = summarize(
        game, outcomes, strategy=strategy, deck_cards=len(deck), decisions=decisions,
        words=words, table=table,
    )  # fmt: skip
    if rules is not None and "dealer" in game.hands and len(game.decisions) > 1:
        best = tuple(d.after for d in game.decisions[1:])  # hold'em after the flop
        analysis = dataclasses.replace(analysis, played_optimally=best)
    return Solved(analysis, played)


@cache
def _starting_labels(deck: Deck, size: int) -> tuple[list[str], np.ndarray]:
    """Every starting hand of ``size`` cards of ``deck``: its label and its colex index (the
    same for every game and strategy dealt from the deck: made once)."""
    hands = combinations_array(len(deck), size)
    codes = np.asarray(deck)[hands]
    labels = [starting_label(canonical(tuple(row))) for row in codes.tolist()]
    return labels, colex_index(hands)


def _street_words(
    street: StreetSolution, decisions: Mapping[str, Mapping[str, int]], deck: Deck
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Each decision's actions as shares of the deals, and the first decision by starting hand."""
    words = decision_shares(decisions)
    picks: dict[str, set[str]] = defaultdict(set)
    labels, order = _starting_labels(deck, street.first_level)
    for label, pick in zip(labels, street.first_choice[order].tolist(), strict=True):
        picks[label].add(street.first_names[pick])
    if len(picks) > MAX_TABLE_LABELS:
        by_action: Counter[str] = Counter(" or ".join(sorted(v)) for v in picks.values())
        return words, tuple((f"{n} starting hand types", a) for a, n in by_action.items())
    grouped: dict[str, list[str]] = defaultdict(list)
    for label, actions in picks.items():
        grouped[" or ".join(sorted(actions))].append(label)
    table = tuple(
        (action, " ".join(sorted(labels, key=label_strength))) for action, labels in grouped.items()
    )
    return words, table
