"""Exact analysis of the banked games of the language (kind: banked_game), warm, beside plain Python.

Run: python benchmarks/bench_banked.py [--leaks]
Targets (DESIGN.md, warm: kernels compiled, the hand tables built once in the process):
Three Card Poker <= 1 s, Let It Ride <= 3 s, Mississippi Stud <= 5 s. Each game is solved
once to warm up, then timed (main game; then with every side-bet paytable). Comparison: the
same work done by a plain-Python loop (every completion of a starting hand dealt, each hand
ranked by a rule-book function, the best decision taken at each street), timed on a sample
of starting hands and extrapolated to all of them.

``--leaks`` adds the leaks of the games without a dealer hand: ``--leak dealer:1`` (the
last community card seen from the start: exact, every four or three known cards and every
street after them) and ``--leak share:1`` (20,000 sampled deals, each valued over every
board left, twice), each beside the plain-Python loop doing the same on a sample.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations
from math import comb

from casino_sim.config import BankedGame, load_banked_game
from casino_sim.games.banked.language import analyze_banked, forget_solutions
from casino_sim.games.banked.language.leak_kinds import Leak, parse_leak

GAMES = ("three_card_poker", "let_it_ride", "mississippi_stud")
BUDGET = {"three_card_poker": 1.0, "let_it_ride": 3.0, "mississippi_stud": 5.0}


def rank3(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Three Card Poker order: straight flush 5, trips 4, straight 3, flush 2, pair 1, high 0."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suited = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    if len(counts) == 1:
        return (4, ranks[0])
    if len(counts) == 2:
        pair = max(counts, key=counts.__getitem__)
        return (1, pair, *(r for r in ranks if r != pair))
    run = ranks[0] - ranks[2] == 2 or ranks == [12, 1, 0]
    top = 1 if ranks == [12, 1, 0] else ranks[0]
    if run:
        return (5 if suited else 3, top)
    return (2 if suited else 0, *ranks)


def rank5(cards: tuple[int, ...]) -> int:
    """A five-card category only (what the paytables pay): 0 high card .. 9 royal flush,
    10 for a pair of jacks or better (the Mississippi Stud push line is sixes to tens)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = sorted(Counter(ranks).values(), reverse=True)
    straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    if straight and flush:
        return 9 if ranks[1] == 11 else 8
    if counts[0] == 4:
        return 7
    if counts[0] == 3:
        return 6 if counts[1] == 2 else 3
    if flush:
        return 5
    if straight:
        return 4
    if counts[0] == 2:
        return 2 if counts[1] == 2 else 1
    return 0


def plain_three_card(sample: int) -> float:
    """Seconds for all 22,100 player hands, each against its 18,424 dealer hands (sampled)."""
    rng = random.Random(1)
    hands = rng.sample(list(combinations(range(52), 3)), sample)
    start = time.perf_counter()
    for hand in hands:
        mine = rank3(hand)
        rest = [c for c in range(52) if c not in hand]
        total = 0
        for dealer in combinations(rest, 3):
            theirs = rank3(dealer)
            if theirs < (0, 10):  # dealer below Q-high: ante pays, play pushes
                total += 1
            elif mine > theirs:
                total += 2
            elif mine < theirs:
                total -= 2
        _ = max(total, -18424)  # play or fold
    return (time.perf_counter() - start) / sample * comb(52, 3)


def plain_streets(first: int, streets: int, sample: int, dead: int = 0, runs: int = 0) -> float:
    """Seconds for every starting hand of ``first`` cards, every street card after it dealt and
    ranked, the best of fold / bet at each street (sampled starting hands); with ``dead``
    more cards seen (other players' hands) and ``runs`` deals, the seconds for those deals,
    each valued twice (with the cards seen and without)."""
    rng = random.Random(1)
    starts = rng.sample(list(combinations(range(52), first)), sample)

    def value(cards: tuple[int, ...], gone: frozenset[int], left: int) -> float:
        if left == 0:
            return float(rank5(cards))
        rest = [c for c in range(52) if c not in cards and c not in gone]
        mean = sum(value((*cards, c), gone, left - 1) for c in rest) / len(rest)
        return max(mean, -1.0)

    start = time.perf_counter()
    for hand in starts:
        others = rng.sample([c for c in range(52) if c not in hand], dead)
        value(hand, frozenset(others), streets)
        if dead:
            value(hand, frozenset(), streets)
    each = (time.perf_counter() - start) / sample
    return each * (runs if dead else comb(52, first))


def warm(name: str) -> tuple[float, float, float]:
    """(seconds main game, seconds with side bets, house edge) after one warm-up run."""
    game = load_banked_game(f"banked/{name}")
    analyze_banked(game)
    forget_solutions()  # timed: solved again, not taken from the process's store
    start = time.perf_counter()
    analysis = analyze_banked(game, side_bets=False)
    main = time.perf_counter() - start
    forget_solutions()
    start = time.perf_counter()
    analyze_banked(game)
    return main, time.perf_counter() - start, float(analysis.house_edge)


def main() -> None:
    plain = {
        "three_card_poker": plain_three_card(sample=4),
        "let_it_ride": plain_streets(3, 2, sample=20),
        "mississippi_stud": plain_streets(2, 3, sample=1),
    }
    print(f"{'game':<18} {'exact, warm':>12} {'with side bets':>15} {'budget':>7} "
          f"{'plain Python (extrapolated)':>28} {'ratio':>8}  house edge")  # fmt: skip
    for name in GAMES:
        seconds, with_sides, edge = warm(name)
        ok = "ok" if seconds <= BUDGET[name] else "OVER"
        print(
            f"{name:<18} {seconds:>10.2f} s {with_sides:>13.2f} s {BUDGET[name]:>5.0f} s "
            f"{plain[name]:>26,.0f} s {plain[name] / seconds:>7,.0f}x  {100 * edge:.4f}% {ok}"
        )


def leaks() -> None:
    """The leaks of the games without a dealer hand, warm, beside plain Python."""
    samples = 20_000
    plain = {
        ("let_it_ride", "dealer:1"): plain_streets(4, 1, sample=200),
        ("mississippi_stud", "dealer:1"): plain_streets(3, 2, sample=4),
        ("let_it_ride", "share:1"): plain_streets(3, 2, 4, dead=3, runs=samples),
        ("mississippi_stud", "share:1"): plain_streets(2, 3, 1, dead=2, runs=samples),
    }
    print(f"\n{'game':<18} {'leak':<9} {'warm':>10} {'plain Python (extrapolated)':>28} "
          f"{'ratio':>8}  house edge")  # fmt: skip
    for (name, label), other in plain.items():
        game, leak = load_banked_game(f"banked/{name}"), parse_leak(label)
        _leak_figure(game, leak, samples)  # warm: compiled, the tables built
        forget_solutions()
        analyze_banked(game, side_bets=False)  # the edge without the leak, as in a session
        start = time.perf_counter()
        edge = _leak_figure(game, leak, samples)
        seconds = time.perf_counter() - start
        how = "exact" if leak.kind == "dealer" else f"{samples:,} sampled deals"
        print(f"{name:<18} {label:<9} {seconds:>8.2f} s {other:>26,.0f} s "
              f"{other / seconds:>7,.0f}x  {100 * edge:.4f}% ({how})")  # fmt: skip


def _leak_figure(game: BankedGame, leak: Leak, samples: int) -> float:
    """The house edge with ``leak`` (exact, or sampled with ``samples`` deals)."""
    from casino_sim.games.banked.language.leaks import analyze_leak
    from casino_sim.games.banked.language.sharing import analyze_share

    if leak.kind == "dealer":
        return float(analyze_leak(game, leak).analysis.house_edge)
    return float(analyze_share(game, leak.cards, samples=samples, seed=1).house_edge)


if __name__ == "__main__":
    main()
    if "--leaks" in sys.argv[1:]:
        leaks()
