"""What sharing cards is worth: ``--leak share:K``, the player sees the hands of ``K`` others.

Players at one table who show each other their cards (collusion) know ``K`` more hands that
the dealer cannot hold. For a game decided by one showdown against a hidden dealer hand
(Three Card Poker: :mod:`.showdown`), the player holding ``H`` and seeing the set ``S`` of
the others' cards values each action over the dealer hands that miss both, and plays the
best one (ties by the game's ``prefer`` rule).

Those counts come from the dealer hands of ``H`` by inclusion-exclusion over the cards of
``S``: every dealer hand missing ``H``, less those holding a card of ``S``, plus those
holding two, less the dealer hands made of three of them (a three-card dealer hand). The
tables behind it are counted once per suit class of ``H``: the outcome of each dealer hand
(does not qualify, loses, ties, wins) summed by each card and each pair of cards it holds.

When every (``H``, ``S``) can be counted (``K = 1`` at Three Card Poker: 1,755 classes of
``H`` by 18,424 sets ``S``) the figures are exact, with the whole analysis as for the game
without the leak. Otherwise ``samples`` random (``H``, ``S``) are drawn, each valued
exactly over every dealer hand, and the leak's worth is their mean gain over the strategy
without it, whose edge is known exactly (a control variate: the gain is zero on most
deals, so its mean is sharp); the result says it is sampled and gives its 95% interval.

Three Card Poker seeing one other hand (``casino-sim analyze banked/three_card_poker --leak
share:1``): 213,200,389/6,438,381,950 = 3.3114% of the ante, against 3.3730% without; on a
deck of sevens to queens in two suits:

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/three_card_poker")
>>> deck = tuple(rank * 4 + suit for rank in range(5, 11) for suit in range(2))
>>> share = analyze_share(game, 1, deck=deck)
>>> share.analysis.house_edge, share.analysis.house_edge < share.house_edge_without
(Fraction(-55969, 184800), True)
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.combinatorics import colex_index, combinations_array
from casino_sim.config.banked_game import BankedGame
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.actions import choices_of
from casino_sim.games.banked.language.hands import FULL_DECK, Deck
from casino_sim.games.banked.language.kernels import ShareTables, seen_card_counts, shared_counts
from casino_sim.games.banked.language.leak_kinds import (
    DEFAULT_SAMPLES,
    Leak,
    SampledLeak,
    check_others_fit,
    check_samples,
    share_estimate,
)
from casino_sim.games.banked.language.nets import NetsByValue, best_action
from casino_sim.games.banked.language.outcomes import BankedAnalysis, Outcome, summarize
from casino_sim.games.banked.language.showdown import (
    card_masks,
    check_showdown,
    dealer_hands,
    hand_values,
    player_classes,
)
from casino_sim.games.banked.language.street_leak import is_street_game
from casino_sim.games.banked.language.upcard import is_upcard_game

__all__ = [
    "EXACT_LIMIT",
    "SampledLeak",
    "ShareAnalysis",
    "analyze_share",
    "counted_exactly",
]

#: The most (player class, seen set) pairs counted exactly: Three Card Poker with one other
#: hand seen is 32 million (a few seconds); two others would be 25 billion.
EXACT_LIMIT = 60_000_000
#: The dealer hands the inclusion-exclusion tables are made for.
MAX_DEALER_CARDS = 3


@dataclass(frozen=True)
class ShareAnalysis:
    """Exact: the figures with ``others`` hands seen (``analysis``: every deal counted once
    per set of the others' cards) beside the house edge without the leak."""

    others: int
    analysis: BankedAnalysis
    house_edge_without: Fraction
    seen_sets: int


@dataclass(frozen=True)
class _Tables:
    """Per class of the player's hand: its outcome counts over all dealer hands (``total``),
    by each card a dealer hand holds (``by_card``) and by each pair (``by_pair``, colex)."""

    reps: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    total: np.ndarray
    by_card: np.ndarray
    by_pair: np.ndarray
    dealer_value: np.ndarray  # by colex index of the dealer's cards
    dealer_qualifies: np.ndarray


def analyze_share(
    game: BankedGame,
    others: int,
    *,
    deck: Deck = FULL_DECK,
    samples: int | None = None,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
) -> ShareAnalysis | SampledLeak:
    """The best strategy and figures of ``game`` when the player sees ``others`` more hands:
    exact when the pairs of player class and seen set number at most ``exact_limit``, else
    sampled (``samples``: by default :data:`DEFAULT_SAMPLES`, at a game with a dealer card up
    what about a minute allows; without a dealer hand: :mod:`.street_share`)."""
    from casino_sim.games.banked.language import solve_banked

    if is_upcard_game(game):  # a dealer card face up: sampled (each deal valued exactly)
        from casino_sim.games.banked.language.upcard_share import sample_upcard_leak

        return sample_upcard_leak(game, Leak("share", others), deck, samples, seed)
    if is_street_game(game):  # no dealer hand: sampled (each deal valued over every board)
        from casino_sim.games.banked.language.street_share import analyze_street_share

        return analyze_street_share(game, others, deck, samples, seed)
    try:
        check_showdown(game)
    except OptionError:
        raise OptionError(
            f"--leak share:{others}: {game.name} is not a one-decision showdown against a hidden "
            "dealer hand; the leak analysis solves those (Three Card Poker), games with a dealer "
            "card up (Caribbean Stud) and games without a dealer hand (Let It Ride) this release"
        ) from None
    stage = game.stages[0]
    seen = others * stage.player
    if stage.dealer > MAX_DEALER_CARDS:
        raise OptionError(
            f"--leak share:{others}: the dealer holds {stage.dealer} cards; card sharing is "
            f"solved for dealer hands of at most {MAX_DEALER_CARDS} cards this release"
        )
    taken = stage.player + stage.dealer
    check_others_fit(others, stage.player, len(deck), taken, "the player's and the dealer's")
    samples = check_samples(DEFAULT_SAMPLES if samples is None else samples)
    tables = _tables(game, deck)
    without = solve_banked(game, deck=deck).analysis.house_edge
    if counted_exactly(game, others, deck=deck, exact_limit=exact_limit):
        analysis = _exact(game, tables, deck, seen, others)
        return ShareAnalysis(others, analysis, without, math.comb(len(deck) - stage.player, seen))
    return _sampled(game, tables, deck, seen, others, without, samples, seed)


def counted_exactly(
    game: BankedGame, others: int, *, deck: Deck = FULL_DECK, exact_limit: int = EXACT_LIMIT
) -> bool:
    """Whether :func:`analyze_share` counts every (player class, seen set): at most
    ``exact_limit`` of them.

    >>> from casino_sim.config import load_banked_game
    >>> game = load_banked_game("banked/three_card_poker")
    >>> counted_exactly(game, 1), counted_exactly(game, 2)
    (True, False)
    """
    if is_upcard_game(game) or is_street_game(game):  # always sampled
        return False
    player = game.stages[0].player
    classes = len(player_classes(deck, player)[0])
    return classes * math.comb(len(deck) - player, others * player) <= exact_limit


def _tables(game: BankedGame, deck: Deck) -> _Tables:
    stage = game.stages[0]
    n, ranking = len(deck), game.hands["player"].ranking
    reps, weights, _ = player_classes(deck, stage.player)
    values = hand_values(deck, ranking, reps)
    hands, dealer = dealer_hands(game, deck)
    masks = card_masks(n)[reps].sum(axis=1)
    total = np.zeros((len(reps), 1, 4), dtype=np.int64)
    seen_card_counts(masks, values, dealer, np.zeros((len(hands), 1), np.int64), total)
    by_card = np.zeros((len(reps), n, 4), dtype=np.int64)
    seen_card_counts(masks, values, dealer, hands.copy(), by_card)
    by_pair = np.zeros((len(reps), max(math.comb(n, 2), 1), 4), dtype=np.int64)
    if stage.dealer >= 2:
        pairs = [(a, b) for a in range(stage.dealer) for b in range(a + 1, stage.dealer)]
        seen = np.stack([colex_index(hands[:, list(p)]) for p in pairs], axis=1)
        seen_card_counts(masks, values, dealer, seen, by_pair)
    order = colex_index(hands)
    dealer_value = np.empty(len(hands), dtype=np.int64)
    dealer_value[order] = dealer.values
    qualifies = np.empty(len(hands), dtype=bool)
    qualifies[order] = dealer.qualifies
    return _Tables(reps, weights, values, total[:, 0], by_card, by_pair, dealer_value, qualifies)


def _counts(tables: _Tables, dealer: int, r: int, seen: np.ndarray) -> np.ndarray:
    """Outcome counts (rows x 4) over the dealer hands missing class ``r``'s hand and each row
    of ``seen`` (deck positions, increasing): :func:`~.kernels.shared_counts`."""
    value = tables.values[r]
    dv = tables.dealer_value
    bucket = np.where(
        ~tables.dealer_qualifies, 0, np.where(dv < value, 1, np.where(dv == value, 2, 3))
    )
    out = np.empty((len(seen), 4), dtype=np.int64)
    share = ShareTables(tables.total[r], tables.by_card[r], tables.by_pair[r], bucket)
    shared_counts(share, dealer, np.ascontiguousarray(seen, dtype=np.int64), out)
    return out


def _exact(game: BankedGame, tables: _Tables, deck: Deck, seen: int, others: int) -> BankedAnalysis:
    n, player = len(deck), game.stages[0].player
    local = combinations_array(n - player, seen).astype(np.int64)
    start = tuple(w.initial for w in game.wagers.values())
    tally: dict[tuple[tuple[int, ...], bool, int, tuple[int, ...]], int] = defaultdict(int)
    taken: dict[str, int] = {}
    nets = NetsByValue(game)
    for r in range(len(tables.reps)):
        rest = np.setdiff1d(np.arange(n), tables.reps[r])
        counts = _counts(tables, game.stages[0].dealer, r, rest[local])
        lines = nets.lines(int(tables.values[r]))
        scaled, _, choices, afters = nets.of(int(tables.values[r]))
        best = best_action(game, choices, counts @ scaled.T)
        weight = int(tables.weights[r])
        for pick, choice in enumerate(choices):
            rows = counts[best == pick].sum(axis=0)
            if not rows.any():
                continue
            taken[choice.name] = taken.get(choice.name, 0) + weight * int(rows.sum())
            after = afters[pick]
            if after is None:
                tally[(start, True, -1, ())] += weight * int(rows.sum())
                continue
            for b in range(4):
                if rows[b]:
                    tally[(after, False, b, lines)] += weight * int(rows[b])
    outcomes = tuple(Outcome(s, f, b, ln, c) for (s, f, b, ln), c in tally.items())
    names = [c.name for c in choices_of(game, game.decisions[0])]
    return summarize(
        game,
        outcomes,
        strategy=f"optimal, seeing {others} other hand{'s' * (others != 1)}",
        deck_cards=n,
        decisions={game.stages[0].name: {name: taken.get(name, 0) for name in names}},
        words=("the action depends on the player's hand and the cards seen (deals by action)",),
        table=(),
    )


def _sampled(
    game: BankedGame,
    tables: _Tables,
    deck: Deck,
    seen: int,
    others: int,
    without: Fraction,
    samples: int,
    seed: int,
) -> SampledLeak:
    n = len(deck)
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(others,)))
    per_class = rng.multinomial(samples, tables.weights / tables.weights.sum())
    gains = np.empty(samples)
    extra = np.empty(samples)
    changed = 0
    bet_without = 0.0
    at = 0
    start = sum(w.initial for w in game.wagers.values())
    nets = NetsByValue(game)
    for r in np.flatnonzero(per_class).tolist():
        k = int(per_class[r])
        rest = np.setdiff1d(np.arange(n), tables.reps[r])
        picks = np.sort(np.argsort(rng.random((k, len(rest))), axis=1)[:, :seen], axis=1)
        counts = _counts(tables, game.stages[0].dealer, r, rest[picks])
        scaled, scale, choices, afters = nets.of(int(tables.values[r]))
        felt = np.array([start if a is None else sum(a) for a in afters], dtype=float)
        base = int(best_action(game, choices, (tables.total[r] @ scaled.T)[None, :])[0])
        best = best_action(game, choices, counts @ scaled.T)
        deals = counts.sum(axis=1).astype(float)
        rows = np.arange(k)
        worth = (counts @ scaled.T) / (scale * deals[:, None])
        gains[at : at + k] = worth[rows, best] - worth[:, base]
        extra[at : at + k] = felt[best] - felt[base]
        changed += int((best != base).sum())
        bet_without += float(tables.weights[r]) * float(tables.total[r].sum()) * felt[base]
        at += k
    deals_total = float((tables.weights * tables.total.sum(axis=1)).sum())
    return share_estimate(
        game,
        Leak("share", others),
        without,
        (gains, extra),
        changed,
        bet_without / deals_total,
        seed,
    )
