"""What a solved game hands back: its outcomes with their counts, settled into exact figures.

An :class:`Outcome` is one way a deal ends (the money on each wager, folded or
not, the showdown, the line of the player's hand on each wager's paytable) and
the number of deals that end so. :func:`settle` turns it into money per wager;
:func:`summarize` folds the outcomes into a :class:`BankedAnalysis`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_sim.config.banked_game import BankedGame, PaytableResolution, VersusDealer, Wager

__all__ = [
    "NOT_QUALIFIED",
    "SHOWDOWNS",
    "BankedAnalysis",
    "LineRow",
    "NetRow",
    "Outcome",
    "SideBetAnalysis",
    "line_rows",
    "merge_not_qualified",
    "settle",
    "summarize",
]

SHOWDOWNS = (
    "dealer does not qualify",
    "player wins",
    "tie",
    "dealer wins",
    "dealer does not qualify, tie",
    "dealer does not qualify, dealer wins",
)
"""The showdown buckets of a game with a dealer, in the solver's order: a dealer who does not
qualify is bucket 0 when the player's hand is the better one (or when the solver does not
split them: every wager of the game then settles them alike), 4 on a tie, 5 when the dealer's
hand is the better one (a wager with ``dealer_not_qualified: plays`` settles them as 1, 2, 3)."""

#: The buckets of a dealer who does not qualify, and the showdown each plays as.
NOT_QUALIFIED = {0: 1, 4: 2, 5: 3}


@dataclass(frozen=True)
class Outcome:
    """One way a deal ends and how many deals end so.

    ``amounts``: units on each wager (in the order of the game's ``wagers``);
    ``showdown``: an index of :data:`SHOWDOWNS` (-1 without a dealer or when
    folded); ``lines``: per wager, the line its paytable (or bonus) pays on
    the player's final hand (the number of lines: none).
    """

    amounts: tuple[int, ...]
    folded: bool
    showdown: int
    lines: tuple[int, ...]
    combinations: int


def merge_not_qualified(game: BankedGame, counts: Sequence[int]) -> list[int]:
    """Deals by showdown bucket (:data:`SHOWDOWNS`) with a dealer who does not qualify in one
    bucket (0) when no wager of ``game`` settles that dealer by the showdown (``plays``).

    >>> from casino_sim.config import load_banked_game
    >>> merge_not_qualified(load_banked_game("banked/casino_holdem"), [1, 2, 3, 4, 5, 6])
    [12, 2, 3, 4, 0, 0]
    """
    plays = any(
        isinstance(w.resolve, VersusDealer) and w.resolve.dealer_not_qualified == "plays"
        for w in game.wagers.values()
    )
    out = [int(n) for n in counts]
    if not plays:
        out[0] += out[4] + out[5]
        out[4] = out[5] = 0
    return out


def settle(game: BankedGame, outcome: Outcome) -> tuple[Fraction, ...]:
    """The player's net result on each wager, in units (a win positive): a wager's win at most
    its ``max_payout`` (money) over the game's ``unit_money``."""
    nets = zip(game.wagers.values(), _uncapped(game, outcome), strict=True)
    return tuple(_capped(game, wager, net) for wager, net in nets)


def _capped(game: BankedGame, wager: Wager, net: Fraction) -> Fraction:
    if wager.max_payout is None or net <= 0:
        return net
    assert game.unit_money is not None, "check_caps: a capped game is settled at a unit's money"
    return min(net, wager.max_payout / game.unit_money)


def _uncapped(game: BankedGame, outcome: Outcome) -> tuple[Fraction, ...]:
    out = []
    for index, (wager, amount) in enumerate(
        zip(game.wagers.values(), outcome.amounts, strict=True)
    ):
        if amount == 0:
            out.append(Fraction(0))
            continue
        if outcome.folded:
            out.append(Fraction(-amount))
            continue
        resolve = wager.resolve
        line = outcome.lines[index]
        if isinstance(resolve, PaytableResolution):
            pays = resolve.paytable
            out.append(amount * pays[line].pays if line < len(pays) else Fraction(-amount))
            continue
        out.append(_versus(resolve, amount, outcome.showdown, line))
    return tuple(out)


def _versus(resolve: VersusDealer, amount: int, showdown: int, line: int) -> Fraction:
    win, tie = 1, 2
    table = resolve.paytable
    pays = table[line].pays if line < len(table) else resolve.pays
    if showdown in NOT_QUALIFIED and resolve.dealer_not_qualified == "plays":
        showdown = NOT_QUALIFIED[showdown]
    if showdown in NOT_QUALIFIED:
        net = amount * pays if resolve.dealer_not_qualified == "pays" else Fraction(0)
        player_won = resolve.dealer_not_qualified == "pays"
    elif showdown == win or (showdown == tie and resolve.ties == "win"):
        net, player_won = amount * pays, True
    elif showdown == tie:
        net, player_won = (Fraction(0) if resolve.ties == "push" else Fraction(-amount)), False
    else:
        net, player_won = Fraction(-amount), False
    paid = resolve.bonus_when == "played" or player_won
    if paid and line < len(resolve.bonus):
        net += amount * resolve.bonus[line].pays
    return net


@dataclass(frozen=True)
class NetRow:
    """Deals whose total net result is ``net`` units."""

    net: Fraction
    combinations: int
    probability: Fraction

    def to_record(self) -> dict[str, Any]:
        """Exact values as text fractions, counts as ints."""
        return {"net": str(self.net), "combinations": self.combinations,
                "probability": str(self.probability)}  # fmt: skip


@dataclass(frozen=True)
class LineRow:
    """A paytable line of a wager: what it pays and on how many deals the final hand made it."""

    wager: str
    line: str
    pays: Fraction | None
    combinations: int
    probability: Fraction

    def to_record(self) -> dict[str, Any]:
        """Exact values as text fractions, counts as ints."""
        return {"wager": self.wager, "line": self.line,
                "pays": None if self.pays is None else str(self.pays),
                "combinations": self.combinations, "probability": str(self.probability)}  # fmt: skip


@dataclass(frozen=True)
class SideBetAnalysis:
    """One paytable of a side bet: its lines' counts over every hand and its house edge
    (``counted``: what ``hands`` counts, the hands of its cards or, with a line on the dealer's
    hand, the pairs of a player's and a dealer's hand)."""

    side_bet: str
    paytable: str
    hands: int
    rows: tuple[LineRow, ...]
    total_return: Fraction
    house_edge: Fraction
    sd: float
    source: str
    counted: str = "hands"

    def to_record(self) -> dict[str, Any]:
        """Exact values as text fractions, counts as ints."""
        return {
            "side_bet": self.side_bet,
            "paytable": self.paytable,
            "hands": self.hands,
            "counted": self.counted,
            "total_return": str(self.total_return),
            "house_edge": str(self.house_edge),
            "house_edge_float": float(self.house_edge),
            "sd": self.sd,
            "source": self.source,
            "lines": [r.to_record() for r in self.rows],
        }


@dataclass(frozen=True)
class BankedAnalysis:
    """The exact figures of one game under one strategy over every deal.

    ``total_return`` and ``wager_returns`` are the player's net over all
    ``deals``, in units (a unit: the initial amount of ``house_edge_per``);
    ``house_edge`` = expected loss / unit; ``element_of_risk`` = expected loss /
    average total bet; ``average_total_bet`` in units; ``sd`` per unit. ``played_optimally``:
    the decisions (by the stage they follow) a named strategy leaves to the best play (hold'em:
    its rules before the flop, the later decisions optimal); :attr:`strategy_label` says so.
    """

    game: str
    strategy: str
    prefer: str
    deck_cards: int
    deals: int
    house_edge_per: str
    total_return: Fraction
    wager_returns: Mapping[str, Fraction]
    house_edge: Fraction
    element_of_risk: Fraction
    average_total_bet: Fraction
    sd: float
    net_rows: tuple[NetRow, ...]
    line_rows: tuple[LineRow, ...]
    decisions: Mapping[str, Mapping[str, int]]
    strategy_words: tuple[str, ...]
    strategy_table: tuple[tuple[str, str], ...]
    side_bets: tuple[SideBetAnalysis, ...] = field(default=())
    played_optimally: tuple[str, ...] = ()

    @property
    def strategy_label(self) -> str:
        """The strategy's name, and the decisions it leaves to the best play: ``4x rule (flop
        and turn_river: optimal)``."""
        if not self.played_optimally:
            return self.strategy
        return f"{self.strategy} ({' and '.join(self.played_optimally)}: optimal)"

    def to_record(self) -> dict[str, Any]:
        """Plain data: exact values as text fractions (``p/q``), counts as ints, floats beside."""
        return {
            "game": self.game,
            "strategy": self.strategy,
            "played_optimally": list(self.played_optimally),
            "prefer": self.prefer,
            "deck_cards": self.deck_cards,
            "deals": self.deals,
            "house_edge_per": self.house_edge_per,
            "total_return": str(self.total_return),
            "wager_returns": {k: str(v) for k, v in self.wager_returns.items()},
            "house_edge": str(self.house_edge),
            "house_edge_float": float(self.house_edge),
            "element_of_risk": str(self.element_of_risk),
            "element_of_risk_float": float(self.element_of_risk),
            "average_total_bet": str(self.average_total_bet),
            "sd": self.sd,
            "net_results": [r.to_record() for r in self.net_rows],
            "lines": [r.to_record() for r in self.line_rows],
            "decisions": {k: dict(v) for k, v in self.decisions.items()},
            "strategy_words": list(self.strategy_words),
            "strategy_table": [list(r) for r in self.strategy_table],
            "side_bets": [s.to_record() for s in self.side_bets],
        }


def summarize(
    game: BankedGame,
    outcomes: Sequence[Outcome],
    *,
    strategy: str,
    deck_cards: int,
    decisions: Mapping[str, Mapping[str, int]],
    words: Sequence[str],
    table: Sequence[tuple[str, str]],
) -> BankedAnalysis:
    """Fold ``outcomes`` into the game's exact figures."""
    names = list(game.wagers)
    deals = sum(o.combinations for o in outcomes)
    unit = game.wagers[game.house_edge_per].initial
    per_wager = dict.fromkeys(names, Fraction(0))
    total = Fraction(0)
    square = Fraction(0)
    bet = 0
    by_net: dict[Fraction, int] = defaultdict(int)
    lines: dict[tuple[str, int], int] = defaultdict(int)
    for outcome in outcomes:
        nets = settle(game, outcome)
        net = sum(nets, Fraction(0))
        for name, value in zip(names, nets, strict=True):
            per_wager[name] += value * outcome.combinations
        total += net * outcome.combinations
        square += net * net * outcome.combinations
        bet += sum(outcome.amounts) * outcome.combinations
        by_net[net / unit] += outcome.combinations
        if not outcome.folded:
            for name, line in zip(names, outcome.lines, strict=True):
                lines[(name, line)] += outcome.combinations
    mean = total / deals
    variance = square / deals - mean * mean
    rows = tuple(
        NetRow(net, count, Fraction(count, deals)) for net, count in sorted(by_net.items())
    )
    return BankedAnalysis(
        game=game.name,
        strategy=strategy,
        prefer=game.prefer,
        deck_cards=deck_cards,
        deals=deals,
        house_edge_per=game.house_edge_per,
        total_return=total / unit,
        wager_returns={k: v / unit for k, v in per_wager.items()},
        house_edge=-mean / unit,
        element_of_risk=-total / bet,
        average_total_bet=Fraction(bet, deals * unit),
        sd=math.sqrt(variance) / unit,
        net_rows=rows,
        line_rows=line_rows(game, lines, deals),
        decisions=decisions,
        strategy_words=tuple(words),
        strategy_table=tuple(table),
    )


def line_rows(
    game: BankedGame, counts: Mapping[tuple[str, int], int], deals: int
) -> tuple[LineRow, ...]:
    """The paytable lines of ``counts`` (deals by wager and line, hands played) over ``deals``:
    one table per distinct paytable (wagers sharing one are listed together)."""
    rows: list[LineRow] = []
    seen: dict[tuple[Any, ...], list[str]] = {}
    for name, wager in game.wagers.items():
        if wager.resolve.lines:
            seen.setdefault(tuple(wager.resolve.lines), []).append(name)
    for paytable, wagers in seen.items():
        label = ", ".join(wagers)
        first = wagers[0]
        for i, line in enumerate(paytable):
            count = counts.get((first, i), 0)
            rows.append(LineRow(label, line.label(), line.pays, count, Fraction(count, deals)))
        count = counts.get((first, len(paytable)), 0)
        rows.append(LineRow(label, "no line (played)", None, count, Fraction(count, deals)))
    return tuple(rows)
