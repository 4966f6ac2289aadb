"""Every figure of a PAR sheet, computed independently: the game's and its progressive's.

:func:`game_figures` analyses the game a claim file names (exactly, over every
deal) and returns its figures by name and table line, each exact (a fraction)
where the mathematics allows, with what it is and on what base. The standard
deviation is the square root of an exact variance, so it alone is a float.

>>> from casino_sim.config import load_paytable
>>> figures = game_figures(load_paytable("caribbean_stud/standard"))
>>> figures.get("total_cycle").value
Fraction(19933230517200, 1)
>>> figures.get("combinations", "player wins: royal flush").value
Fraction(16759740, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Literal

from casino_sim.config import (
    BankedGame,
    CaribbeanPaytable,
    ProgressivePaytable,
    StudTable,
    StudVariant,
)
from casino_sim.config.common import hand_label
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    ReturnRow,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    FIVE_CARD_COUNTS,
    ProgressiveAnalysis,
    analyze_progressive,
)
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable
from casino_sim.games.banked.language import analyze_banked
from casino_sim.games.poker_room.rates import ChunkSums
from casino_sim.games.poker_room.simulate import simulate_stud

__all__ = [
    "DEALS_PER_PLAYER_HAND",
    "PLAYER_HANDS",
    "Computed",
    "GameFigures",
    "banked_figures",
    "game_figures",
    "progressive_figures",
    "stud_figures",
]

Unit = Literal["share", "count", "odds", "money", "antes", "number"]

PLAYER_HANDS = comb(52, 5)
"""The player's five-card hands: the cycle of a side bet on the player's hand (2,598,960)."""
DEALS_PER_PLAYER_HAND = 47 * comb(46, 4)
"""Caribbean Stud deals per player hand: the dealer's up card and four hole cards (7,669,695)."""


@dataclass(frozen=True)
class Computed:
    """One computed figure: its ``value`` (exact unless ``exact`` is False), ``unit`` and ``label``."""

    figure: str
    line: str | None
    value: Fraction
    unit: Unit
    label: str
    exact: bool = True
    se: float = 0.0
    """The standard error of a simulated figure (0 for an exact one)."""


def line_key(text: str) -> str:
    """The key a table line is matched by: lower case, words only ("Player wins: Royal flush"
    and "player_wins_royal_flush" match).

    >>> line_key("Player wins: A-K high") == line_key("player wins a-k high")
    True
    """
    return " ".join(re.split(r"[\s_:,]+", text.strip().lower())).strip()


@dataclass(frozen=True)
class GameFigures:
    """The computed figures of one game (and its progressive), by figure and line."""

    name: str
    strategy: str
    player_hands: int
    deals_per_player_hand: int
    figures: dict[tuple[str, str | None], Computed] = field(default_factory=dict)
    analysis: CaribbeanAnalysis | None = None
    progressive: ProgressiveAnalysis | None = None
    paytable: CaribbeanPaytable | None = None
    side_bet: ProgressivePaytable | None = None

    def add(self, item: Computed) -> None:
        self.figures[(item.figure, None if item.line is None else line_key(item.line))] = item

    def get(self, figure: str, line: str | None = None) -> Computed | None:
        """The figure (of ``line``), or None when the game has no such figure or line."""
        return self.figures.get((figure, None if line is None else line_key(line)))

    def lines(self, figure: str) -> list[str]:
        """The table lines the game has for ``figure`` (as labelled)."""
        return [c.line for (name, _), c in self.figures.items() if name == figure and c.line]

    def __iter__(self) -> Iterator[Computed]:
        return iter(self.figures.values())

    @property
    def top_hand(self) -> tuple[str, Fraction] | None:
        """The hand of the top award and its odds as a hand (N of 1 in N), e.g. royal flush."""
        if self.analysis is None:
            return None
        label = _top_row(self.analysis).event.split(": ", 1)[-1]
        for key, count in FIVE_CARD_COUNTS.items():
            if hand_label(key).lower() == label.lower():
                return label, Fraction(PLAYER_HANDS, count)
        return None


def _top_row(analysis: CaribbeanAnalysis) -> ReturnRow:
    """The paid line of the largest win (the rarest among equal wins, as under a payout cap)."""
    return max(
        (row for row in analysis.rows if row.net > 0), key=lambda r: (r.net, -r.combinations)
    )


def _caribbean(figures: GameFigures, analysis: CaribbeanAnalysis) -> None:
    total = analysis.total_deals
    edge, risk = analysis.house_edge, analysis.element_of_risk
    figures.add(
        Computed(
            "house_edge", "initial_bet", edge, "share", "house edge per initial bet (the ante)"
        )
    )
    figures.add(
        Computed(
            "house_edge",
            "total_bet",
            risk,
            "share",
            "house edge per total bet (the element of risk)",
        )
    )
    figures.add(
        Computed(
            "element_of_risk", None, risk, "share", "element of risk (expected loss per total bet)"
        )
    )
    figures.add(
        Computed(
            "sd",
            None,
            Fraction(analysis.sd),
            "number",
            "standard deviation per initial bet (square root of an exact variance)",
            exact=False,
        )
    )
    wins = sum(row.combinations for row in analysis.rows if row.net > 0)
    figures.add(
        Computed(
            "hit_frequency",
            None,
            Fraction(wins, total),
            "share",
            "hit frequency: share of deals the player wins money",
        )
    )
    figures.add(
        Computed(
            "raise_frequency",
            None,
            analysis.raise_probability,
            "share",
            "share of deals the player raises",
        )
    )
    figures.add(
        Computed(
            "average_total_bet",
            None,
            analysis.average_total_bet,
            "antes",
            "average total bet, in antes",
        )
    )
    figures.add(
        Computed(
            "total_cycle",
            None,
            Fraction(total),
            "count",
            "deals in the cycle: player 5 cards x dealer up card x dealer 4 hole cards",
        )
    )
    for row in analysis.rows:
        figures.add(
            Computed(
                "combinations",
                row.event,
                Fraction(row.combinations),
                "count",
                f"deals ending '{row.event}'",
            )
        )
        figures.add(
            Computed(
                "probability", row.event, row.probability, "share", f"probability of '{row.event}'"
            )
        )
    top = _top_row(analysis)
    figures.add(
        Computed(
            "top_award_odds",
            None,
            Fraction(total, top.combinations),
            "odds",
            f"odds of the top award being paid ('{top.event}'), N of 1 in N",
        )
    )
    figures.add(
        Computed("max_payout", None, top.net, "antes", "the largest win of one hand, in antes")
    )


def _progressive(
    figures: GameFigures, side: ProgressiveAnalysis, table: ProgressivePaytable
) -> None:
    for line in side.lines:
        label = hand_label(line.hand)
        figures.add(
            Computed(
                "award_combinations",
                line.hand,
                Fraction(line.combinations),
                "count",
                f"player hands of {PLAYER_HANDS:,} that win the {label} award",
            )
        )
        figures.add(
            Computed(
                "award_probability",
                line.hand,
                line.probability,
                "share",
                f"probability of the {label} award",
            )
        )
        figures.add(
            Computed(
                "award_odds",
                line.hand,
                1 / line.probability,
                "odds",
                f"odds of the {label} award, N of 1 in N",
            )
        )
    figures.add(Computed("seed", None, side.seed, "money", "the meter's reset (seed)"))
    if side.meter_cap is not None:
        figures.add(
            Computed(
                "meter_cap",
                None,
                side.meter_cap,
                "money",
                "the meter cap: the most the meter shows",
            )
        )
        figures.add(
            Computed(
                "return_at_meter_cap",
                None,
                side.expected_return(side.meter_cap),
                "share",
                "side-bet return with the meter at its cap",
            )
        )
    figures.add(
        Computed(
            "contribution_rate",
            None,
            Fraction(table.contribution_rate),
            "share",
            "share of each side bet added to the meter",
        )
    )
    figures.add(
        Computed(
            "reserve_rate",
            None,
            Fraction(table.reserve_rate),
            "share",
            "share of each side bet added to the reserve",
        )
    )
    figures.add(
        Computed(
            "return_at_seed",
            None,
            side.expected_return(side.seed),
            "share",
            "side-bet return with the meter at its seed",
        )
    )
    figures.add(
        Computed(
            "long_run_return",
            None,
            side.long_run_return,
            "share",
            "side-bet long-run return (fixed awards + meter and reserve money paid back)",
        )
    )
    if side.break_even_meter is not None:
        figures.add(
            Computed(
                "break_even_meter",
                None,
                side.break_even_meter,
                "money",
                "the meter at which the side bet returns its wager",
            )
        )


def game_figures(
    paytable: CaribbeanPaytable,
    *,
    strategy: str | DecisionTable = "optimal",
    ante: Fraction | None = None,
    progressive: ProgressivePaytable | None = None,
    strategy_name: str | None = None,
) -> GameFigures:
    """Every figure ``verify`` checks, for a Caribbean Stud paytable and its progressive."""
    analysis = analyze_caribbean(paytable, strategy, ante=ante)
    side = None if progressive is None else analyze_progressive(progressive)
    name = strategy_name or (strategy if isinstance(strategy, str) else "strategy file")
    figures = GameFigures(
        paytable.name,
        name,
        PLAYER_HANDS,
        DEALS_PER_PLAYER_HAND,
        analysis=analysis,
        progressive=side,
        paytable=paytable,
        side_bet=progressive,
    )
    _caribbean(figures, analysis)
    if side is not None and progressive is not None:
        _progressive(figures, side, progressive)
    return figures


def progressive_figures(progressive: ProgressivePaytable) -> GameFigures:
    """The figures of a progressive side bet alone (its awards are won on the player's hand)."""
    side = analyze_progressive(progressive)
    figures = GameFigures(progressive.name, "any", PLAYER_HANDS, 1,
                          progressive=side, side_bet=progressive)  # fmt: skip
    _progressive(figures, side, progressive)
    return figures


def stud_figures(
    variant: StudVariant, table: StudTable, *, players: int, hands: int, seed: int
) -> GameFigures:
    """The rake figures of a stud table, simulated: ``hands`` hands of ``players`` bots on
    ``variant`` with ``seed``; each figure with its batch-means standard error."""
    sums = ChunkSums()
    simulate_stud(variant, table, players, hands=hands, seed=seed, workers=1,
                  on_chunk=lambda chunk: sums.add(chunk, table=table, players=players))  # fmt: skip
    name = f"{variant.name} on {table.name}"
    figures = GameFigures(name, f"bots, {players} players, {hands:,} hands, seed {seed}", 0, 0)
    labels: dict[str, tuple[str, Unit, int, str]] = {
        "per_hand": ("rake_per_hand", "money", 100, "rake per hand"),
        "per_100_hands": ("rake_per_100_hands", "money", 100, "rake per 100 hands"),
        "per_table_hour": ("rake_per_table_hour", "money", 100, "rake per table-hour"),
        "effective_rake": ("effective_rake", "share", 1, "effective rake (rake / pots)"),
    }
    for key, estimate in sums.estimates().items():
        figure, unit, cents, label = labels[key]
        value = Fraction(estimate.estimate) / cents
        figures.add(Computed(figure, None, value, unit, f"{label}, simulated", exact=False,
                             se=estimate.standard_error / cents))  # fmt: skip
    return figures


def _signed(value: Fraction) -> str:
    """``+2``, ``-1``, ``+1/2``: a net result as the line names it."""
    return f"{'+' if value > 0 else ''}{value}"


def banked_figures(game: BankedGame, *, strategy: str = "optimal") -> GameFigures:
    """Every figure ``verify`` checks, for a game of the banked-game language (docs/banked-games.md).

    Lines are the wagers' paytable lines (``ante: straight flush``), the net results
    (``net +2``) and each side bet's paytable lines (``pair_plus 40-30-6-3-1: flush``).
    """
    analysis = analyze_banked(game, strategy)
    per = analysis.house_edge_per
    player_cards = sum(stage.player for stage in game.stages)
    player_hands = comb(analysis.deck_cards, player_cards)
    figures = GameFigures(game.name, strategy, player_hands, analysis.deals // player_hands)
    edge, risk, deals = analysis.house_edge, analysis.element_of_risk, analysis.deals
    figures.add(Computed("house_edge", "initial_bet", edge, "share",
                         f"house edge per initial bet (the {per})"))  # fmt: skip
    figures.add(Computed("house_edge", "total_bet", risk, "share",
                         "house edge per total bet (the element of risk)"))  # fmt: skip
    figures.add(Computed("element_of_risk", None, risk, "share",
                         "element of risk (expected loss per total bet)"))  # fmt: skip
    figures.add(Computed("sd", None, Fraction(analysis.sd), "number",
                         f"standard deviation per {per} (square root of an exact variance)",
                         exact=False))  # fmt: skip
    wins = sum(row.combinations for row in analysis.net_rows if row.net > 0)
    figures.add(Computed("hit_frequency", None, Fraction(wins, deals), "share",
                         "hit frequency: share of deals the player wins money"))  # fmt: skip
    figures.add(Computed("average_total_bet", None, analysis.average_total_bet, "antes",
                         f"average total bet, in units of the {per}"))  # fmt: skip
    figures.add(Computed("total_cycle", None, Fraction(deals), "count",
                         f"deals in the cycle ({analysis.deck_cards} cards)"))  # fmt: skip
    for row in analysis.net_rows:
        line = f"net {_signed(row.net)}"
        figures.add(Computed("combinations", line, Fraction(row.combinations), "count",
                             f"deals with a {line} result"))  # fmt: skip
        figures.add(Computed("probability", line, row.probability, "share",
                             f"probability of a {line} result"))  # fmt: skip
    for line_row in analysis.line_rows:
        line = f"{line_row.wager}: {line_row.line}"
        figures.add(Computed("combinations", line, Fraction(line_row.combinations), "count",
                             f"deals paying '{line}'"))  # fmt: skip
        figures.add(Computed("probability", line, line_row.probability, "share",
                             f"probability of '{line}'"))  # fmt: skip
    top = max(analysis.net_rows, key=lambda row: (row.net, -row.combinations))
    figures.add(Computed("top_award_odds", None, Fraction(deals, top.combinations), "odds",
                         f"odds of the largest win (net {_signed(top.net)}), N of 1 in N"))  # fmt: skip
    figures.add(Computed("max_payout", None, top.net, "antes",
                         f"the largest win of one deal, in units of the {per}"))  # fmt: skip
    for side in analysis.side_bets:
        name = f"{side.side_bet} {side.paytable}"
        figures.add(Computed("side_bet_house_edge", name, side.house_edge, "share",
                             f"house edge of side bet {name}"))  # fmt: skip
        for line_row in side.rows:
            line = f"{name}: {line_row.line}"
            figures.add(Computed("combinations", line, Fraction(line_row.combinations),
                                 "count", f"hands of {side.hands:,} paying '{line}'"))  # fmt: skip
            figures.add(Computed("probability", line, line_row.probability, "share",
                                 f"probability of '{line}'"))  # fmt: skip
    return figures
