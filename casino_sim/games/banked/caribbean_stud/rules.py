"""Caribbean Stud settlement: one hand's outcome and net result, as pure functions.

The dealer qualifies with Ace-King or better. A fold loses the ante. After a
raise (``raise_multiple`` antes): dealer does not qualify -> the ante pays
``ante_pays``:1 and the raise pushes; dealer qualifies and the player wins ->
the ante pays 1:1 and the raise pays per the paytable, the raise payout capped
at ``max_payout`` (money) per hand; the dealer wins -> both bets lose; equal
hands push.

Outcomes are numbered as the rows of the exact return table: 0 fold, 1 dealer
does not qualify, 2 push, 3 dealer wins, 4 + k player wins with pay key
``PAY_KEYS[k]`` (the key is the player's hand category, A-K high for high card).

>>> from fractions import Fraction
>>> from casino_sim.cards import parse_cards
>>> from casino_sim.config import load_paytable
>>> table = load_paytable("caribbean_stud/standard")
>>> hand = settle_hand(parse_cards("Ah Ad 7c 5s 2d"), parse_cards("Kc Kd 9h 4s 3c"),
...                    raised=True, paytable=table, ante=10)
>>> OUTCOMES[hand.outcome], hand.net
('Player wins: One pair', Fraction(30, 1))
>>> net_antes(table, ante=Fraction(100), max_payout=Fraction(5000))[OUTCOMES.index("Player wins: Royal flush")]
Fraction(51, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CARIBBEAN_HANDS
from casino_sim.evaluator import ace_king_threshold, category, evaluate_high

__all__ = [
    "DEALER_WINS",
    "FOLD",
    "NO_QUALIFY",
    "OUTCOMES",
    "PAY_KEYS",
    "PUSH",
    "WIN",
    "HandSettlement",
    "classify",
    "net_antes",
    "settle_hand",
    "wager_antes",
]

PAY_KEYS = tuple(reversed(CARIBBEAN_HANDS))  # A-K high .. royal flush, weakest first
_LABELS = {key: key.replace("_", " ").capitalize() for key in PAY_KEYS} | {"ace_king": "A-K high"}
FOLD, NO_QUALIFY, PUSH, DEALER_WINS, WIN = 0, 1, 2, 3, 4
OUTCOMES = (
    "Fold",
    "Dealer does not qualify",
    "Push",
    "Dealer wins",
    *(f"Player wins: {_LABELS[key]}" for key in PAY_KEYS),
)


def net_antes(
    paytable: CaribbeanPaytable,
    *,
    ante: Fraction | int = 1,
    max_payout: Fraction | str | None = "paytable",
) -> tuple[Fraction, ...]:
    """The net result in antes of each outcome in :data:`OUTCOMES` for a hand of ``ante`` (money).

    The raise payout is ``min(raise_multiple * ante * pay, max_payout)`` in money;
    ``max_payout`` defaults to the paytable's own cap.

    >>> from casino_sim.config import load_paytable
    >>> net_antes(load_paytable("caribbean_stud/standard"))[:5]
    (Fraction(-1, 1), Fraction(1, 1), Fraction(0, 1), Fraction(-3, 1), Fraction(3, 1))
    """
    ante = Fraction(ante)
    cap = paytable.max_payout if max_payout == "paytable" else max_payout
    multiple = Fraction(paytable.raise_multiple)
    wins = []
    for key in PAY_KEYS:
        raise_money = multiple * ante * paytable.raise_pay(key)
        if cap is not None:
            raise_money = min(raise_money, Fraction(cap))
        wins.append(1 + raise_money / ante)
    return (Fraction(-1), Fraction(paytable.ante_pays), Fraction(0), -1 - multiple, *wins)


def wager_antes(paytable: CaribbeanPaytable) -> tuple[int, ...]:
    """Total wager in antes behind each outcome: 1 for a fold, 1 + raise_multiple otherwise."""
    return (1, *([1 + int(paytable.raise_multiple)] * (len(OUTCOMES) - 1)))


def classify(
    player_values: np.ndarray, dealer_values: np.ndarray, raised: np.ndarray
) -> np.ndarray:
    """Outcome codes (int8) from high values (see :func:`casino_sim.evaluator.evaluate_high`).

    >>> classify(np.array([7000, 10]), np.array([5000, 10]), np.array([True, True])).tolist()
    [9, 1]
    """
    player = np.asarray(player_values)
    dealer = np.asarray(dealer_values)
    win = WIN + np.asarray(category(np.maximum(player, 0)), dtype=np.int64)
    outcome = np.select(
        [
            ~np.asarray(raised, dtype=bool),
            dealer < ace_king_threshold(),
            player > dealer,
            player == dealer,
        ],
        [FOLD, NO_QUALIFY, win, PUSH],
        DEALER_WINS,
    )
    return outcome.astype(np.int8)


@dataclass(frozen=True)
class HandSettlement:
    """One hand: outcome code, ante and raise results and the total, in money."""

    outcome: int
    ante_result: Fraction
    raise_result: Fraction

    @property
    def net(self) -> Fraction:
        return self.ante_result + self.raise_result


def settle_hand(
    player_cards: np.ndarray,
    dealer_cards: np.ndarray,
    *,
    raised: bool,
    paytable: CaribbeanPaytable,
    ante: Fraction | int = 1,
) -> HandSettlement:
    """Settle one hand from the cards (exact money), e.g. for the floor simulation.

    >>> from casino_sim.cards import parse_cards
    >>> from casino_sim.config import load_paytable
    >>> settle_hand(parse_cards("Ah Ad 7c 5s 2d"), parse_cards("Kc Qd 9h 4s 3c"), raised=False,
    ...             paytable=load_paytable("caribbean_stud/standard"), ante=5).net
    Fraction(-5, 1)
    """
    ante = Fraction(ante)
    player = evaluate_high(np.asarray(player_cards))
    dealer = evaluate_high(np.asarray(dealer_cards))
    outcome = int(classify(player[None], dealer[None], np.array([raised]))[0])
    raise_size = Fraction(paytable.raise_multiple) * ante
    if outcome == FOLD:
        return HandSettlement(outcome, -ante, Fraction(0))
    if outcome == NO_QUALIFY:
        return HandSettlement(outcome, ante * Fraction(paytable.ante_pays), Fraction(0))
    if outcome == PUSH:
        return HandSettlement(outcome, Fraction(0), Fraction(0))
    if outcome == DEALER_WINS:
        return HandSettlement(outcome, -ante, -raise_size)
    net = net_antes(paytable, ante=ante)[outcome] * ante
    return HandSettlement(outcome, ante, net - ante)
