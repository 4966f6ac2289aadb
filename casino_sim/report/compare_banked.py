"""Banked games (``kind: banked_game``) side by side: two paytables of one game, or two games.

Every figure is exact (each game solved over all its deals): the house edge per the
game's own unit (``house_edge_per``: Three Card Poker's ante, one of Let It Ride's three
bets), the element of risk per average total bet, the average total bet, the SD, the
share of deals the player comes out ahead and the biggest win, each side bet paytable's
edge, and the theoretical win per table-hour at the same traffic (hands per hour x the
unit bet x the house edge), so games with different units compare on money.

>>> from casino_sim.config import load_banked_game
>>> record = compare_banked_games(
...     [load_banked_game("banked/three_card_poker"), load_banked_game("banked/let_it_ride")],
...     traffic=Traffic(players=5, rounds_per_hour=40),
... )
>>> row = next(r for r in record["rows"] if r["figure"] == "house_edge")
>>> row["exact"]
['686689/20358520', '37963/1082900']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from casino_sim.config.banked_game import BankedGame
from casino_sim.games.banked.language import BankedAnalysis, analyze_banked
from casino_sim.report.compare import Traffic, comparison_record, figure_row
from casino_sim.report.compare_view import money_text

__all__ = ["compare_banked_games"]


def _ahead(analysis: BankedAnalysis) -> Fraction:
    """Share of deals on which the player's net result is positive."""
    return sum((r.probability for r in analysis.net_rows if r.net > 0), Fraction(0))


def _side_bet_rows(analyses: Sequence[BankedAnalysis]) -> list[dict[str, Any]]:
    """One row per side bet paytable of any input: its house edge, or ``none`` where absent."""
    keys = dict.fromkeys((s.side_bet, s.paytable) for a in analyses for s in a.side_bets)
    rows = []
    for side_bet, paytable in keys:
        edges: list[Fraction | str] = []
        for analysis in analyses:
            found = [
                s.house_edge
                for s in analysis.side_bets
                if (s.side_bet, s.paytable) == (side_bet, paytable)
            ]
            edges.append(found[0] if found else "none")
        rows.append(
            figure_row(
                f"side_bet_edge_{side_bet}_{paytable}",
                f"side bet {side_bet} {paytable}: house edge (per side bet)",
                "share",
                edges,
            )
        )
    return rows


def compare_banked_games(
    games: Sequence[BankedGame], *, traffic: Traffic, strategy: str = "optimal"
) -> dict[str, Any]:
    """The exact figures of each game with ``strategy`` (``optimal`` or a named strategy
    every game has) at ``traffic``; ``traffic.ante`` is the money of one unit."""
    analyses = [analyze_banked(game, strategy) for game in games]
    unit = traffic.ante
    hands_per_hour = Fraction(traffic.players) * Fraction(traffic.rounds_per_hour)
    rows = [
        figure_row(
            "unit", "unit of the house edge (wager)", "text", [a.house_edge_per for a in analyses]
        ),
        figure_row(
            "house_edge", "house edge (per unit)", "share", [a.house_edge for a in analyses]
        ),
        figure_row(
            "element_of_risk",
            "element of risk (per average total bet)",
            "share",
            [a.element_of_risk for a in analyses],
        ),
        figure_row(
            "average_total_bet",
            "average total bet (units)",
            "number",
            [a.average_total_bet for a in analyses],
        ),
        figure_row(
            "sd_per_unit", "standard deviation (per unit)", "number", [a.sd for a in analyses]
        ),
        figure_row(
            "hit_frequency", "hit frequency (player ahead)", "share", [_ahead(a) for a in analyses]
        ),
        figure_row(
            "max_win",
            f"biggest win on one hand (unit {money_text(unit)})",
            "money",
            [max(r.net for r in a.net_rows) * unit for a in analyses],
        ),
        figure_row(
            "theoretical_win_per_table_hour",
            "theoretical win per table-hour (units x house edge)",
            "money",
            [hands_per_hour * unit * a.house_edge for a in analyses],
        ),
        *_side_bet_rows(analyses),
    ]
    notes = [
        f"strategy {strategy}; each game exact over all its deals "
        f"({', '.join(f'{a.deals:,}' for a in analyses)})",
        f"theoretical win = house edge x unit {money_text(unit)} x {traffic.describe()}",
        "the house edge is per each game's own unit (its row 'unit'); the element of risk "
        "and the win per table-hour compare games whose units differ",
    ]
    return comparison_record(
        "banked_game",
        "Banked games",
        [g.name for g in games],
        traffic,
        rows,
        notes=notes,
        details=[a.to_record() for a in analyses],
    )
