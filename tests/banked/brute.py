"""A plain-Python reading of a banked game file, every deal dealt: the reference for the solver.

Nothing here is shared with casino_sim.games.banked.language: the hands are ranked by
tests/reference_eval.py (five cards) and by the rule book below (three cards), paytable
lines are matched here, and each decision is taken by trying every action on every
completion of the deal (memoised on the cards seen and the money on the felt).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, lcm

from casino_sim.config.banked_game import BankedGame, PaytableResolution
from tests.reference_eval import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    high5,
)

FIVE_NAMES = {
    HIGH_CARD: "high_card", PAIR: "one_pair", TWO_PAIR: "two_pair", TRIPS: "three_of_a_kind",
    STRAIGHT: "straight", FLUSH: "flush", FULL_HOUSE: "full_house", QUADS: "four_of_a_kind",
}  # fmt: skip
THREE_ORDER = ["high_card", "one_pair", "flush", "straight", "three_of_a_kind", "straight_flush"]
FIVE_ORDER = [*FIVE_NAMES.values(), "straight_flush", "royal_flush"]


def three(cards: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """Three Card Poker's ranking from the rule book: (category, ranks that order it)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suited = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    if len(counts) == 1:
        return "three_of_a_kind", (ranks[0],)
    if len(counts) == 2:
        pair = next(r for r in counts if counts[r] == 2)
        return "one_pair", (pair, next(r for r in counts if counts[r] == 1))
    run = ranks[0] - ranks[2] == 2 or ranks == [12, 1, 0]
    if run:
        top = 1 if ranks == [12, 1, 0] else ranks[0]
        return ("straight_flush" if suited else "straight"), (top,)
    return ("flush" if suited else "high_card"), tuple(ranks)


def five(cards: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """The best five-card hand of the cards: (category, ranks)."""
    best = max(high5(list(c)) for c in combinations(cards, 5))
    if best[0] == STRAIGHT_FLUSH:
        return ("royal_flush" if best[1] == 12 else "straight_flush"), (best[1],)
    return FIVE_NAMES[best[0]], tuple(best[1:])


def strength(ranking: str, hand: tuple[str, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    order = THREE_ORDER if ranking == "three_card" else FIVE_ORDER
    return order.index(hand[0]), hand[1]


def evaluate(ranking: str, cards: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    return three(cards) if ranking == "three_card" else five(cards)


def least(text: str) -> tuple[int, ...]:
    """``Q-6-4`` -> (10, 4, 2); ``""`` -> ()."""
    return tuple("23456789TJQKA".index(word) for word in text.split("-") if word)


def line_pay(lines, hand) -> Fraction | None:
    """What the first matching line pays (None: no line)."""
    for line in lines:
        if line.hand == hand[0] and hand[1][: len(least(line.at_least))] >= least(line.at_least):
            return line.pays
    return None


def at_least(threshold, ranking: str, hand) -> bool:
    if threshold is None:
        return True
    order = THREE_ORDER if ranking == "three_card" else FIVE_ORDER
    mine, lowest = order.index(hand[0]), order.index(threshold.hand)
    ranks = least(threshold.at_least)
    return mine > lowest or (mine == lowest and hand[1][: len(ranks)] >= ranks)


def actions(game: BankedGame, stage: str):
    """(name, felt order, new amounts or None for fold) of each action after ``stage``."""
    decision = next((d for d in game.decisions if d.after == stage), None)
    if decision is None:
        return None
    names = list(game.wagers)
    out = []
    for action in decision.actions:
        if action.action == "fold":
            out.append(("fold", -1000, None))
        elif action.action == "stay":
            out.append((action.name, 0, lambda a: a))
        elif action.action == "take_back":
            i = names.index(action.wager)
            out.append((f"take back {action.wager}", -1,
                        lambda a, i=i: tuple(0 if j == i else x for j, x in enumerate(a))))  # fmt: skip
        else:
            i = names.index(action.wager)
            unit = game.wagers[action.of].initial
            for t in range(action.times, (action.up_to or action.times) + 1):
                out.append((f"bet {action.wager} {t}x", t * unit,
                            lambda a, i=i, add=t * unit: tuple(x + add if j == i else x for j, x in enumerate(a))))  # fmt: skip
    return out


def choose(options, prefer: str):
    """The best of (felt, value vector) options by total value, ties to the preferred size."""
    ordered = sorted(options, key=lambda o: o[0], reverse=prefer == "larger_bet")
    best = ordered[0]
    for option in ordered[1:]:
        if sum(option[1]) > sum(best[1]):
            best = option
    return best


def scale_of(game: BankedGame) -> int:
    """A whole number that makes every pay of the game whole (the sums stay in ints)."""
    pays = [Fraction(1)]
    for wager in game.wagers.values():
        resolve = wager.resolve
        lines = resolve.paytable if isinstance(resolve, PaytableResolution) else resolve.bonus
        pays += [line.pays for line in lines]
        pays += [] if isinstance(resolve, PaytableResolution) else [resolve.pays]
    return lcm(*(p.denominator for p in pays))


def brute_streets(
    game: BankedGame, deck: tuple[int, ...], strategy: dict[str, str] | None = None, seen: int = 0
):
    """Per-wager net over every deal (stage by stage, each stage's cards as a set); ``seen``:
    the last stages' board cards (that many, whole stages) are known from the first decision
    on (a hole-carder's leak), so they are dealt with the first stage."""
    names = list(game.wagers)
    scale = scale_of(game)
    sizes = [s.player + s.board for s in game.stages]
    early: list[int] = []  # the stages seen early, dealt (in order) right after the first
    while sum(sizes[j] for j in early) < seen:
        early.insert(0, len(sizes) - 1 - len(early))
    assert sum(sizes[j] for j in early) == seen and all(game.stages[j].player == 0 for j in early)

    def reveal(cards: frozenset[int], index: int = 0):
        """Every way to deal the early stages (in order) after ``cards``."""
        if index == len(early):
            yield cards
            return
        rest = [c for c in deck if c not in cards]
        for more in combinations(rest, sizes[early[index]]):
            yield from reveal(cards | frozenset(more), index + 1)

    tables = [w.resolve.paytable for w in game.wagers.values()]

    @cache
    def hand_of(cards: frozenset[int]) -> tuple[str, tuple[int, ...]]:
        return five(tuple(sorted(cards)))

    @cache
    def pays_of(cards: frozenset[int]) -> tuple[int, ...]:
        """What one unit on each wager nets with these final cards, times ``scale``."""
        hand = hand_of(cards)
        pays = [line_pay(lines, hand) for lines in tables]
        return tuple(-scale if pay is None else int(pay * scale) for pay in pays)

    def final(cards: frozenset[int], amounts: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(amount * pay for amount, pay in zip(amounts, pays_of(cards), strict=False))

    @cache
    def deal(level: int, cards: frozenset[int], amounts: tuple[int, ...]) -> tuple[int, ...]:
        """Sum over the next stage's cards of the value after it (level: stages dealt)."""
        if level == len(sizes):
            return final(cards, amounts)
        if level in early:  # dealt with the first stage
            return decide(level + 1, cards, amounts)
        rest = [c for c in deck if c not in cards]
        values = [
            decide(level + 1, known, amounts)
            for more in combinations(rest, sizes[level])
            for known in (
                reveal(cards | frozenset(more)) if level == 0 else [cards | frozenset(more)]
            )
        ]
        return tuple(map(sum, zip(*values, strict=True)))

    def completions(level: int, cards: int) -> int:
        count, left = 1, len(deck) - cards
        for size in (size for j, size in enumerate(sizes) if j >= level and j not in early):
            count *= comb(left, size)
            left -= size
        return count

    moves = {stage.name: actions(game, stage.name) for stage in game.stages}

    @cache
    def decide(level: int, cards: frozenset[int], amounts: tuple[int, ...]) -> tuple[int, ...]:
        options = moves[game.stages[level - 1].name]
        if options is None:
            return deal(level, cards, amounts)
        tried = []
        for name, felt, move in options:
            if strategy is not None and name != strategy[game.stages[level - 1].name]:
                continue
            if move is None:
                n = completions(level, len(cards))
                tried.append((felt, tuple(-a * n * scale for a in amounts)))
            else:
                tried.append((felt, deal(level, cards, move(amounts))))
        return choose(tried, game.prefer)[1]

    start = tuple(w.initial for w in game.wagers.values())
    return {n: Fraction(v, scale) for n, v in zip(names, deal(0, frozenset(), start), strict=False)}


def brute_showdown(game: BankedGame, deck: tuple[int, ...], strategy=None):
    """Per-wager net over every (player hand, dealer hand) of a one-stage showdown game."""
    names = list(game.wagers)
    scale = scale_of(game)
    stage = game.stages[0]
    ranking = game.hands["player"].ranking
    start = tuple(w.initial for w in game.wagers.values())
    options = actions(game, stage.name)
    totals = [0] * len(names)
    hands = {h: evaluate(ranking, h) for h in combinations(deck, stage.player)}
    dealer_hands = {h: evaluate(ranking, h) for h in combinations(deck, stage.dealer)}
    for mine, my_hand in hands.items():
        others = [(d, v) for d, v in dealer_hands.items() if not set(d) & set(mine)]
        tried = []
        for name, felt, move in options:
            if strategy is not None and name != strategy(my_hand):
                continue
            if move is None:
                tried.append((felt, tuple(-a * len(others) * scale for a in start)))
                continue
            amounts = move(start)
            value = [0] * len(names)
            for _, theirs in others:
                for i, (wager, amount) in enumerate(
                    zip(game.wagers.values(), amounts, strict=False)
                ):
                    value[i] += int(
                        settle_one(game, wager, amount, ranking, my_hand, theirs) * scale
                    )
            tried.append((felt, tuple(value)))
        best = choose(tried, game.prefer)[1]
        totals = [a + b for a, b in zip(totals, best, strict=False)]
    return {n: Fraction(v, scale) for n, v in zip(names, totals, strict=False)}


def dealer_hand_values(game: BankedGame, mine: tuple[int, ...], rest: list[int], scale: int):
    """Per dealer hand of the cards ``rest`` (the one decision's showdown games): per action,
    the scaled net of each wager against it."""
    ranking, stage = game.hands["player"].ranking, game.stages[0]
    start = tuple(w.initial for w in game.wagers.values())
    my_hand = evaluate(ranking, mine)
    out = {}
    for theirs in combinations(rest, stage.dealer):
        their_hand = evaluate(ranking, theirs)
        out[theirs] = [
            [int(-amount * scale) if move is None
             else int(settle_one(game, wager, amount, ranking, my_hand, their_hand) * scale)
             for wager, amount in zip(game.wagers.values(),
                                      start if move is None else move(start), strict=True)]
            for _, _, move in actions(game, stage.name)
        ]  # fmt: skip
    return out


def brute_seen(game: BankedGame, deck: tuple[int, ...], seen_of) -> dict[str, Fraction]:
    """Per-wager net of a one-decision showdown game when the player sees more cards: each
    dealer hand counts once under each set of cards ``seen_of(theirs, rest)`` names (``rest``:
    the cards the player does not hold), and each decision is taken on (player hand, seen set)
    by trying every action on every dealer hand counted under that set."""
    names = list(game.wagers)
    scale, stage = scale_of(game), game.stages[0]
    options = actions(game, stage.name)
    totals = [0] * len(names)
    for mine in combinations(deck, stage.player):
        rest = [c for c in deck if c not in mine]
        by_seen: dict[tuple[int, ...], list[list[int]]] = {}
        for theirs, values in dealer_hand_values(game, mine, rest, scale).items():
            for seen in seen_of(theirs, rest):
                sums = by_seen.setdefault(seen, [[0] * len(names) for _ in options])
                for k, value in enumerate(values):
                    sums[k] = [x + y for x, y in zip(sums[k], value, strict=True)]
        for sums in by_seen.values():
            tried = [(felt, tuple(v)) for (_, felt, _), v in zip(options, sums, strict=True)]
            totals = [a + b for a, b in zip(totals, choose(tried, game.prefer)[1], strict=True)]
    return {n: Fraction(v, scale) for n, v in zip(names, totals, strict=True)}


def settle_one(game, wager, amount, ranking, mine, theirs) -> Fraction:
    if amount == 0:
        return Fraction(0)
    resolve = wager.resolve
    if isinstance(resolve, PaytableResolution):
        pay = line_pay(resolve.paytable, mine)
        return Fraction(-amount) if pay is None else amount * pay
    qualifies = at_least(game.qualifier, ranking, theirs)
    me, them = strength(ranking, mine), strength(ranking, theirs)
    if not qualifies:
        won = resolve.dealer_not_qualified == "pays"
        net = amount * resolve.pays if won else Fraction(0)
    elif me > them:
        won, net = True, amount * resolve.pays
    elif me == them:
        won, net = False, Fraction(0) if resolve.ties == "push" else Fraction(-amount)
    else:
        won, net = False, Fraction(-amount)
    if resolve.bonus_when == "played" or won:
        bonus = line_pay(resolve.bonus, mine)
        if bonus is not None:
            net += amount * bonus
    return net
