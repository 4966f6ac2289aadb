"""What seeing the board early is worth at a game without a dealer hand (Let It Ride,
Mississippi Stud): ``--leak dealer:N``.

There the cards the dealer holds face down are the board's, turned one stage at a time; a
hole-carder who sees the last ``N`` of them (the last to be turned: the most valuable) knows
them from the first decision on. Every wager is settled on the final cards alone and a deal's
cards are exchangeable, so the game with that leak is the game whose first stage deals those
``N`` cards beside the player's (:func:`restaged`), solved exactly by :mod:`.streets`: the
optimal strategy given them and the exact figures. Eliot Jacobson published the player's
edge with the last card seen: 24.43% at Let It Ride and 104.47% of the ante at Mississippi
Stud (``casino-sim analyze banked/mississippi_stud --leak dealer:1``: exactly
-678763/649740 = -104.4669%).

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/let_it_ride")
>>> [(s.name, s.player, s.board) for s in restaged(game, 1).stages]
[('three_cards', 3, 1), ('first_community', 0, 1), ('second_community', 0, 0)]
"""

from __future__ import annotations

from math import comb, factorial, prod

from casino_sim.config.banked_game import BankedGame
from casino_sim.config.common import replaced
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import Deck
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis
from casino_sim.games.banked.language.outcomes import summarize
from casino_sim.games.banked.language.streets import decision_shares, solve_streets

__all__ = [
    "analyze_street_leak",
    "face_down_board",
    "is_street_game",
    "per_restaged_deal",
    "restaged",
    "seen_sets",
]


def is_street_game(game: BankedGame) -> bool:
    """A game without a dealer hand: every wager settled on the player's final cards."""
    return "dealer" not in game.hands


def face_down_board(game: BankedGame) -> int:
    """The board cards dealt after the first stage (face down until their stage)."""
    return sum(stage.board for stage in game.stages[1:])


def _moved(game: BankedGame, cards: int) -> list[int]:
    """How many of each stage's board cards are seen: the last ``cards`` dealt."""
    moved = [0] * len(game.stages)
    for j in range(len(game.stages) - 1, 0, -1):
        moved[j] = min(cards - sum(moved), game.stages[j].board)
    return moved


def restaged(game: BankedGame, cards: int) -> BankedGame:
    """``game`` with the last ``cards`` board cards dealt in its first stage (the stages they
    leave deal that many fewer; their names and the decisions after them stay)."""
    moved = _moved(game, cards)
    stages = [replaced(s, board=s.board - m) for s, m in zip(game.stages, moved, strict=True)]
    stages[0] = replaced(stages[0], board=stages[0].board + cards)
    return replaced(game, stages=tuple(stages))


def seen_sets(game: BankedGame, cards: int) -> int:
    """The sets of cards a deal can show: a stage whose board is partly seen shows any
    ``m`` of its ``s`` cards (``C(s, m)`` ways); 1 when whole stages are seen."""
    return prod(comb(s.board, m) for s, m in zip(game.stages, _moved(game, cards), strict=True))


def per_restaged_deal(game: BankedGame, cards: int) -> int:
    """The (deal, seen set) pairs behind one deal of :func:`restaged`: which ``cards`` of its
    first stage are the seen ones, and which stage each of them comes from.

    >>> from casino_sim.config import load_banked_game
    >>> per_restaged_deal(load_banked_game("banked/let_it_ride"), 2)  # C(5, 2) x 2!
    20
    """
    first = game.stages[0].player + game.stages[0].board
    ways = comb(first + cards, cards) * factorial(cards)
    return ways // prod(factorial(m) for m in _moved(game, cards))


def analyze_street_leak(game: BankedGame, leak: Leak, deck: Deck) -> LeakAnalysis:
    """The optimal strategy and exact figures of ``game`` when the player sees the last
    ``leak.cards`` board cards from the start."""
    from casino_sim.games.banked.language import solve_banked

    hidden = face_down_board(game)
    if not 1 <= leak.cards <= hidden:
        raise OptionError(
            f"--leak {leak.label}: {game.name} has no dealer hand; its dealer holds the "
            f"{hidden} board cards turned after the first stage: see 1 to {hidden} of them"
            if hidden
            else f"--leak {leak.label}: {game.name} deals no dealer cards and no face-down "
            "board: there is nothing for a dealer leak to show"
        )
    solved = solve_streets(restaged(game, leak.cards), deck)
    times = per_restaged_deal(game, leak.cards)  # count (deal, seen set) pairs, as every leak
    outcomes = tuple(replaced(o, combinations=o.combinations * times) for o in solved.outcomes)
    decisions = {
        stage: {name: count * times for name, count in taken.items()}
        for stage, taken in solved.decisions.items()
    }
    last = "the last board card" if leak.cards == 1 else f"the last {leak.cards} board cards"
    words = decision_shares(decisions)
    analysis = summarize(
        game,
        outcomes,
        strategy=f"optimal, seeing {last} before the first decision",
        deck_cards=len(deck),
        decisions=decisions,
        words=words,
        table=(),
    )
    without = solve_banked(game, deck=deck).analysis.house_edge
    sets = seen_sets(game, leak.cards)
    return LeakAnalysis(leak, analysis, without, sets, sees=f"{last} from the start")
