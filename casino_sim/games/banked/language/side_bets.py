"""Side bets: a paytable on a hand that no decision changes, counted over every set of its cards
(:func:`analyze_side_bet`), or settled on dealt hands (:func:`side_bet_pays`, :func:`side_bet_lines`:
the Monte Carlo's and a floor table's side bets).

A line may also ask for the dealer's hand of the same cards (``dealer:``, Texas Hold'em Bonus's
1000 to 1 when the dealer holds aces too): such a side bet is counted over every pair of a
player's hand and a dealer's hand of the cards left (:func:`joint_counts`), and settled on both.

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/three_card_poker")
>>> pair_plus = analyze_side_bet(game, "pair_plus", "40-30-6-4-1")
>>> pair_plus.hands, pair_plus.total_return
(22100, Fraction(-512, 1))
>>> pays = side_bet_pays(game, "pair_plus", "40-30-6-4-1")
>>> hands = np.array([[48, 49, 50], [0, 4, 9]])  # three aces; 2c 3c 4d
>>> [pays.returns[line] for line in side_bet_lines(pays, hands).tolist()]
[Fraction(31, 1), Fraction(7, 1)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from casino_sim.combinatorics import BINOMIAL, combinations_array
from casino_sim.config.banked_game import RANKING_SIZES, BankedGame, PayLine, SideBet, dealer_rule
from casino_sim.errors import OptionError
from casino_sim.evaluator import evaluate_high
from casino_sim.games.banked.language.dealt import hand_values
from casino_sim.games.banked.language.hands import (
    FULL_DECK,
    Deck,
    classes_of,
    line_matches,
    meets,
    ranking_values,
)
from casino_sim.games.banked.language.kernels import best_of_histogram, subset_patterns
from casino_sim.games.banked.language.outcomes import LineRow, SideBetAnalysis
from casino_sim.games.banked.language.rounds import RoundShape

__all__ = [
    "JOINT",
    "MAX_JOINT_HANDS",
    "SideBetPays",
    "analyze_side_bet",
    "analyze_side_bets",
    "joint_counts",
    "side_bet_lines",
    "side_bet_pays",
    "value_histogram",
]

#: The most (player hand, dealer hand) pairs a side bet with a dealer condition is counted over.
MAX_JOINT_HANDS = 50_000_000
#: What a side bet with a line on the dealer's hand is counted over.
JOINT = "pairs of a player's and a dealer's hand"


@cache
def value_histogram(ranking: str, deck: Deck, cards: int) -> np.ndarray:
    """How many ``cards``-card sets of ``deck`` have each best value of ``ranking`` (read-only)."""
    values = ranking_values(ranking, deck)
    size = RANKING_SIZES[ranking]
    top = int(values.max()) + 1
    if cards == size:
        out = np.bincount(values, minlength=top).astype(np.int64)
    elif ranking == "five_card_high" and cards >= 7:  # the evaluator's best five of seven:
        # 7 s for the 133,784,560 sets here, against 31 s for the best of 21 five-card subsets
        out = np.zeros(top, dtype=np.int64)
        codes = np.asarray(deck, dtype=np.int8)
        for first in range(len(deck) - cards + 1):  # by lowest card: a bounded block each
            hands = codes[combinations_array(len(deck), cards, first=first)]
            out += np.bincount(evaluate_high(hands, validate=False), minlength=top)[:top]
    else:
        out = np.zeros(top, dtype=np.int64)
        best_of_histogram(values, len(deck), cards, subset_patterns(cards, size), BINOMIAL, out)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class _Lines:
    """A paytable's lines by hand: ``kind`` int64 per dealer hand value (which of the lines'
    dealer conditions it meets, as an index of the distinct patterns; one kind, 0, without a
    dealer condition) and ``line_of`` int16[player values, kinds] (the lines' count: none)."""

    kind: np.ndarray
    line_of: np.ndarray


def _lines(lines: Sequence[PayLine], ranking: str) -> _Lines:
    """The first line each (player hand value, dealer kind) matches."""
    size = len(classes_of(ranking))
    conditions = [meets(line.dealer, ranking) for line in lines]
    patterns, kind = np.unique(np.stack(conditions, axis=1), axis=0, return_inverse=True)
    line_of = np.full((size, len(patterns)), len(lines), dtype=np.int16)
    for i in reversed(range(len(lines))):
        line_of[np.ix_(line_matches(lines[i], ranking), patterns[:, i])] = i
    line_of.setflags(write=False)
    return _Lines(kind.reshape(-1).astype(np.int64), line_of)


def _has_dealer(side: SideBet, paytable: str) -> bool:
    return any(line.dealer is not None for line in side.paytables[paytable])


def joint_counts(
    game: BankedGame, name: str, kind: np.ndarray, *, deck: Deck = FULL_DECK
) -> np.ndarray:
    """How many (player hand, dealer hand) of side bet ``name``'s cards on ``deck`` have each
    player hand value and dealer ``kind`` (int64[values, kinds]; ``kind``: per dealer hand
    value): every set of the player's cards and the board's, with every set of the dealer's
    cards from the rest (an :class:`OptionError` past :data:`MAX_JOINT_HANDS`).

    >>> from casino_sim.config import load_banked_game
    >>> game = load_banked_game("banked/texas_holdem_bonus")
    >>> counts = joint_counts(game, "bonus", np.zeros(169, dtype=np.int64))
    >>> int(counts.sum()), int(counts[-1].sum())  # 1,326 x 1,225; a pair of aces, 6 x 1,225
    (1624350, 7350)
    """
    side = game.side_bets[name]
    rule = side.hand
    assert dealer_rule(rule) is not None  # the file's check: the rule reads the player's cards
    n, through = len(deck), rule.through
    own = game.cards_of("player", through)
    board = game.cards_of("board", through) if "board" in rule.cards else 0
    theirs = game.cards_of("dealer", through)
    total = comb(n, own) * comb(n - own, board) * comb(n - own - board, theirs)
    if total > MAX_JOINT_HANDS:
        raise OptionError(
            f"{game.name}: side bet {name} pays on the dealer's hand too: {total:,} (player "
            f"hand, dealer hand) pairs, more than the {MAX_JOINT_HANDS:,} counted this release"
        )
    codes = np.asarray(deck, dtype=np.int64)
    bits = np.int64(1) << np.arange(n, dtype=np.int64)
    owns, theirs_sets = combinations_array(n, own), combinations_array(n, theirs)
    own_mask, their_mask = bits[owns].sum(axis=1), bits[theirs_sets].sum(axis=1)
    counts = np.zeros((len(classes_of(rule.ranking)), int(kind.max()) + 1), dtype=np.int64)
    for shared in combinations_array(n, board):
        used = bits[shared].sum()
        mine = np.flatnonzero((own_mask & used) == 0)
        yours = np.flatnonzero((their_mask & used) == 0)
        cards = codes[
            np.concatenate([owns[mine], np.broadcast_to(shared, (len(mine), board))], axis=1)
        ]
        value = hand_values(rule.ranking, cards)
        dealt = codes[
            np.concatenate(
                [theirs_sets[yours], np.broadcast_to(shared, (len(yours), board))], axis=1
            )
        ]
        their_kind = kind[hand_values(rule.ranking, dealt)]
        apart = (own_mask[mine][:, None] & their_mask[yours][None, :]) == 0
        cell = value.astype(np.int64)[:, None] * counts.shape[1] + their_kind[None, :]
        counts += np.bincount(cell[apart], minlength=counts.size).reshape(counts.shape)
    return counts


def analyze_side_bet(
    game: BankedGame, name: str, paytable: str, *, deck: Deck = FULL_DECK
) -> SideBetAnalysis:
    """One paytable of side bet ``name``: every hand of its cards, one unit each (with a line
    on the dealer's hand: every pair of a player's and a dealer's hand, :func:`joint_counts`)."""
    side = game.side_bets[name]
    lines = side.paytables[paytable]
    ranking = side.hand.ranking
    table = _lines(lines, ranking)
    if _has_dealer(side, paytable):
        joint = joint_counts(game, name, table.kind, deck=deck)
        hands = int(joint.sum())
        which, weights = table.line_of.reshape(-1), joint.reshape(-1)
    else:
        cards = game.rule_cards(side.hand)
        histogram = value_histogram(ranking, deck, cards)
        hands = comb(len(deck), cards)
        which, weights = table.line_of[: len(histogram), 0], histogram
    counts = np.bincount(which, weights=weights, minlength=len(lines) + 1).astype(np.int64)
    rows = tuple(
        LineRow(name, line.label(), line.pays, int(c), Fraction(int(c), hands))
        for line, c in zip(lines, counts, strict=False)
    )
    losing = int(counts[len(lines)])
    rows += (LineRow(name, "no line", None, losing, Fraction(losing, hands)),)
    total = sum((line.pays * int(c) for line, c in zip(lines, counts, strict=False)), Fraction(0))
    total -= losing
    square = sum(
        (line.pays**2 * int(c) for line, c in zip(lines, counts, strict=False)), Fraction(0)
    )
    square += losing
    mean = total / hands
    return SideBetAnalysis(
        side_bet=name,
        paytable=paytable,
        hands=hands,
        rows=rows,
        total_return=total,
        house_edge=-mean,
        sd=math.sqrt(square / hands - mean * mean),
        source=side.sources.get(paytable, ""),
        counted=JOINT if _has_dealer(side, paytable) else "hands",
    )


def analyze_side_bets(game: BankedGame, *, deck: Deck = FULL_DECK) -> tuple[SideBetAnalysis, ...]:
    """Every paytable of every side bet of ``game``."""
    return tuple(
        analyze_side_bet(game, name, paytable, deck=deck)
        for name, side in game.side_bets.items()
        for paytable in side.paytables
    )


@dataclass(frozen=True, eq=False)
class SideBetPays:
    """One paytable of a side bet, to settle dealt hands: the ``owners`` whose cards it reads,
    dealt up to and including stage ``through`` (empty: every stage), the ``ranking``, the
    lines by hand (``lines``: by the player's hand value and the dealer's kind), what one unit
    returns by line (``returns``: the line's pays plus the bet; the last entry, no line, 0),
    the cards of the player's hand (``player_cards``) and with a line on the dealer's hand,
    the owners of the dealer's (``dealer_owners``: the dealer's cards for the player's; empty:
    none read)."""

    side_bet: str
    paytable: str
    owners: tuple[str, ...]
    through: str
    ranking: str
    lines: _Lines
    returns: tuple[Fraction, ...]
    player_cards: int
    dealer_owners: tuple[str, ...] = ()

    def columns(self, shape: RoundShape) -> list[int]:
        """The columns of a deal row (:mod:`.rounds`) that :func:`side_bet_lines` reads: the
        player's hand's, then the dealer's hand's (with a line on it)."""
        mine = shape.columns(self.owners, self.through)
        if not self.dealer_owners:
            return mine
        return mine + shape.columns(self.dealer_owners, self.through)


def side_bet_pays(game: BankedGame, name: str, paytable: str) -> SideBetPays:
    """Paytable ``paytable`` of side bet ``name`` of ``game``, by the rules
    :func:`analyze_side_bet` counts."""
    side = game.side_bets[name]
    lines = side.paytables[paytable]
    ranking = side.hand.ranking
    dealer = dealer_rule(side.hand) if _has_dealer(side, paytable) else None
    return SideBetPays(
        side_bet=name,
        paytable=paytable,
        owners=tuple(side.hand.cards),
        through=side.hand.through,
        ranking=ranking,
        lines=_lines(lines, ranking),
        returns=(*(line.pays + 1 for line in lines), Fraction(0)),
        player_cards=game.rule_cards(side.hand),
        dealer_owners=() if dealer is None else tuple(dealer.cards),
    )


def side_bet_lines(pays: SideBetPays, cards: np.ndarray) -> np.ndarray:
    """The line each deal of ``cards`` makes (int64, deals x the columns
    :meth:`SideBetPays.columns` names, positions in the 52-card deck): the best hand of the
    ranking's size among the player's cards, and with a line on the dealer's hand, the
    dealer's (the columns after the player's ``player_cards``)."""
    if not pays.dealer_owners:
        alone: np.ndarray = pays.lines.line_of[hand_values(pays.ranking, cards), 0]
        return alone.astype(np.int64)
    mine, theirs = cards[:, : pays.player_cards], cards[:, pays.player_cards :]
    kind = pays.lines.kind[hand_values(pays.ranking, theirs)]
    lines: np.ndarray = pays.lines.line_of[hand_values(pays.ranking, mine), kind]
    return lines.astype(np.int64)
