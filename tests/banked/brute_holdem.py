"""A plain-Python reading of a hold'em game file, every deal dealt: the reference for the solver.

Nothing here is shared with casino_sim.games.banked.language: hands are ranked by
tests/reference_eval.py (through tests/banked/brute.py's rule-book helpers), and for every
hole cards and flop every turn and river and every dealer hand is dealt; the decision takes
the best action (or the named strategy's) on those sums.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from casino_sim.config.banked_game import BankedGame, PaytableResolution
from tests.banked.brute import at_least, choose, five, line_pay, strength

Hand = tuple[str, tuple[int, ...]]


def _settle(game: BankedGame, name: str, amount: int, bucket: str, mine: Hand) -> Fraction:
    """One wager's net with the player's final hand ``mine`` and the showdown ``bucket``
    (``nq`` the dealer does not qualify, ``win``, ``tie``, ``lose``)."""
    if amount == 0:
        return Fraction(0)
    resolve = game.wagers[name].resolve
    if isinstance(resolve, PaytableResolution):
        pay = line_pay(resolve.paytable, mine)
        return Fraction(-amount) if pay is None else amount * pay
    table = line_pay(resolve.paytable, mine)
    win = resolve.pays if table is None else table
    if bucket == "nq":
        return amount * win if resolve.dealer_not_qualified == "pays" else Fraction(0)
    if bucket == "win":
        return amount * win
    if bucket == "tie":
        return Fraction(0) if resolve.ties == "push" else Fraction(-amount)
    return Fraction(-amount)


def brute_holdem(
    game: BankedGame,
    deck: tuple[int, ...],
    strategies: Mapping[str, Callable[[Hand], str] | None],
) -> dict[str, dict[str, Fraction]]:
    """Per-wager net over every deal, for each strategy (a function of the player's five cards
    at the decision giving the action's name; None: the best action)."""
    names = list(game.wagers)
    start = tuple(w.initial for w in game.wagers.values())
    decision = game.decisions[0]
    call = next(a for a in decision.actions if a.action == "bet")
    after = tuple(
        x + call.times if n == call.wager else x for n, x in zip(names, start, strict=True)
    )
    call_name = f"bet {call.wager} {call.times}x"

    @cache
    def seven(cards: tuple[int, ...]) -> tuple[Any, Hand, bool]:
        """The best five of seven cards: (strength, hand, a dealer holding it qualifies)."""
        hand = five(cards)
        qualifies = at_least(game.qualifier, "five_card_high", hand)
        return strength("five_card_high", hand), hand, qualifies

    @cache
    def on_board(board: tuple[int, ...]) -> dict[tuple[int, ...], tuple[Any, Hand, bool]]:
        """Every two-card hand of the cards left with the board."""
        rest = [c for c in deck if c not in board]
        return {pair: seven(tuple(sorted(board + pair))) for pair in combinations(rest, 2)}

    @cache
    def net(name: str, amount: int, bucket: str, hand: Hand) -> Fraction:
        return _settle(game, name, amount, bucket, hand)

    totals = {name: [Fraction(0)] * len(names) for name in strategies}
    for hole in combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        for flop in combinations(rest, 3):
            left = [c for c in rest if c not in flop]
            tally: Counter[tuple[str, Hand]] = Counter()
            deals = 0
            for turn_river in combinations(left, 2):
                hands = on_board(tuple(sorted(flop + turn_river)))
                mine, hand, _ = hands[hole]
                shown = [0, 0, 0, 0]  # the dealer does not qualify, player wins, tie, dealer wins
                for dealer in combinations([c for c in left if c not in turn_river], 2):
                    theirs, _, qualifies = hands[dealer]
                    if not qualifies:
                        shown[0] += 1
                    else:
                        shown[1 if mine > theirs else 2 if mine == theirs else 3] += 1
                for bucket, n in zip(("nq", "win", "tie", "lose"), shown, strict=True):
                    tally[(bucket, hand)] += n
                    deals += n
            played = [
                sum((n * net(name, amount, b, h) for (b, h), n in tally.items()),
                    Fraction(0))
                for name, amount in zip(names, after, strict=True)
            ]  # fmt: skip
            folded = [Fraction(-amount * deals) for amount in start]
            options = [(-1000, folded, "fold"), (call.times, played, call_name)]
            for label, strategy in strategies.items():
                if strategy is None:
                    chosen = choose([(o[0], o[1]) for o in options], game.prefer)[1]
                else:
                    wanted = strategy(five(tuple(sorted(hole + flop))))
                    chosen = next(o[1] for o in options if o[2] == wanted)
                totals[label] = [a + b for a, b in zip(totals[label], chosen, strict=True)]
    return {label: dict(zip(names, t, strict=True)) for label, t in totals.items()}
