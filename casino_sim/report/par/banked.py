"""A banked game of the game language (``kind: banked_game``): rules, strategy, exact figures, side bets.

Every figure comes from :func:`~casino_sim.games.banked.language.analyze_banked`: every
deal counted, the optimal strategy by backward induction (or one of the game's named
strategies), exact fractions. The section is exact only, as ``casino-sim analyze GAME``
prints it: the house edge per initial bet of the wager the file names
(``house_edge_per``: the ante, or one of Let It Ride's three units) with its fraction,
the element of risk per average total bet, the average total bet and the SD in the same
units, the return of each wager, the deals by net result, each paytable line, the strategy
in words and as a table (with the exact edge of each of the game's named strategies) and
each side bet's paytables with their edges beside the published figures the file cites.

>>> from pathlib import Path
>>> from casino_sim.config import load_banked_game
>>> from casino_sim.report.par.inputs import BankedInput
>>> item = BankedInput(Path("three_card_poker.yaml"), load_banked_game("banked/three_card_poker"))
>>> section = banked_section(item, exact_analysis(item), index=1)
>>> edge = next(f for f in section.figures() if f.key == "house_edge")
>>> edge.label, edge.exact_text
('house edge (per ante)', '686689/20358520')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.config.banked_game import PaytableResolution, VersusDealer
from casino_sim.report.par.banked_tables import (
    exact_value,
    lines_table,
    net_table,
    returns_table,
    unit_name,
)
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import Column, Figure, Part, Section, Table
from casino_sim.report.par.protection import LeakFigure, protection_part

if TYPE_CHECKING:
    from casino_sim.config import BankedGame
    from casino_sim.games.banked.language import BankedAnalysis, SideBetAnalysis
    from casino_sim.report.par.inputs import BankedInput

__all__ = ["banked_section", "exact_analysis", "published", "strategy_analyses"]

#: A published figure as a file's notes or a side bet's source quote it: "house edge of 3.37%".
_PUBLISHED = {
    "house_edge": re.compile(r"house edge (?:of )?(\d+(?:\.\d+)?%)"),
    "element_of_risk": re.compile(r"element of risk (?:of )?(\d+(?:\.\d+)?%)"),
    "average_total_bet": re.compile(
        r"average (?:total )?(?:bet|wager) (?:of )?(\d+(?:\.\d+)? \w+)"
    ),
}
#: A side bet's source that starts with its figure: "7.28% (Grochowski, ...)".
_LEADING_PERCENT = re.compile(r"\s*(\d+(?:\.\d+)?%)")


def exact_analysis(item: BankedInput) -> BankedAnalysis:
    """The exact analysis of the item's game with its strategy, side bets included."""
    from casino_sim.games.banked.language import analyze_banked

    return analyze_banked(item.game, item.strategy)


def strategy_analyses(item: BankedInput, main: BankedAnalysis) -> list[BankedAnalysis]:
    """``main`` and the game's other strategies (``optimal`` and the named ones), exact, main
    first (side bets left out: no strategy changes them)."""
    from casino_sim.games.banked.language import analyze_banked, strategy_names

    others = [
        analyze_banked(item.game, name, side_bets=False)
        for name in strategy_names(item.game)
        if name != main.strategy
    ]
    return [main, *others]


def published(text: str, key: str) -> str:
    """The figure ``key`` (``house_edge``, ``element_of_risk``, ``average_total_bet``) as
    ``text`` quotes it, or "".

    >>> published("a house edge of 3.37% of the ante and an element of risk of 2.01%", "house_edge")
    '3.37%'
    >>> published("element of risk 1.37% of the total bet, average total bet 3.59 antes.",
    ...           "average_total_bet")
    '3.59 antes'
    """
    found = _PUBLISHED[key].search(" ".join(text.split()))
    return found.group(1) if found else ""


def _side_published(source: str) -> str:
    found = _LEADING_PERCENT.match(source)
    return found.group(1) if found else ""


def _settled(game: BankedGame, name: str) -> str:
    resolve = game.wagers[name].resolve
    if isinstance(resolve, PaytableResolution):
        return "pays the paytable on the player's final hand (no line: loses)"
    assert isinstance(resolve, VersusDealer)
    pays = "its paytable by the player's hand" if resolve.paytable else f"{resolve.pays} to 1"
    words = f"against the dealer: a win pays {pays}, ties {resolve.ties}"
    if game.qualifier is not None:
        words += f", dealer not qualified: {resolve.dealer_not_qualified}"
    if resolve.bonus:
        when = {"played": "whenever played", "player_wins": "when the player wins"}
        words += f"; bonus paytable {when.get(resolve.bonus_when, resolve.bonus_when)}"
    return words


def _stages(game: BankedGame) -> str:
    parts = []
    for stage in game.stages:
        dealt = []
        if stage.player:
            dealt.append(f"{stage.player} to the player")
        if stage.dealer:
            up = f" ({stage.dealer_up} face up)" if stage.dealer_up else ""
            dealt.append(f"{stage.dealer} to the dealer{up}")
        if stage.board:
            dealt.append(f"{stage.board} to the board")
        parts.append(f"{stage.name}: {', '.join(dealt)}")
    return "; ".join(parts)


def _rules_part(item: BankedInput, analysis: BankedAnalysis, prefix: str) -> Part:
    game = item.game
    unit = unit_name(game)
    qualifier = (
        f"The dealer qualifies with {game.qualifier.label()} or better."
        if game.qualifier is not None
        else ("The dealer always qualifies." if "dealer" in game.hands else "No dealer hand.")
    )
    decisions = "; ".join(
        f"after {d.after}: {', '.join(game.action_names(d))}" for d in game.decisions
    )
    paragraphs = [
        f"{game.name}. {game.description}".strip(),
        f"Deals ({analysis.deck_cards} cards): {_stages(game)}. {qualifier} Decisions: "
        f"{decisions or 'none'}.",
        f"Units: every figure is per {unit}, the initial bet on the {game.house_edge_per} "
        f"wager ({game.wagers[game.house_edge_per].initial} unit), unless it says per "
        "average total bet.",
    ]
    if game.source:
        paragraphs.append(f"Source: {' '.join(game.source.split())}")
    if game.notes:
        paragraphs.append(f"Notes: {' '.join(game.notes.split())}")
    rows = tuple(
        {
            "wager": name,
            "initial": wager.initial,
            "settled": _settled(game, name),
            "description": wager.description,
        }
        for name, wager in game.wagers.items()
    )
    table = Table(
        f"{prefix}-wagers",
        "Wagers",
        (
            Column("wager", "wager"),
            Column("initial", "initial bet (units)", "count"),
            Column("settled", "settled"),
            Column("description", "description"),
        ),
        rows,
    )
    figures = (
        Figure("house_edge_per", f"unit of the house edge ({unit})", game.house_edge_per, "text"),
        Figure(
            "tie_rule",
            "ties between actions of equal expected value",
            f"the {game.prefer.replace('_', ' ')}",
            "text",
        ),
    )
    return Part(f"{prefix}-rules", "Rules and wagers", tuple(paragraphs), figures, tables=(table,))


def _strategy_rows(game: BankedGame, pairs: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    """The solver's strategy table as (hands, action) rows: a showdown game lists hands first,
    a street game by action (unless it lists hand types first)."""
    actions = {name for d in game.decisions for name in game.action_names(d)}
    return [
        {"hands": second, "action": first}
        if first in actions
        else {"hands": first, "action": second}
        for first, second in pairs
    ]


def _strategy_part(item: BankedInput, analyses: list[BankedAnalysis], prefix: str) -> Part:
    main = analyses[0]
    unit = unit_name(item.game)
    paragraphs = [
        f"Strategy {main.strategy_label}"
        + (
            " (found by backward induction over every decision)"
            if main.strategy == "optimal"
            else " (as the game's file writes it)"
        )
        + f"; ties between actions of equal expected value: the {main.prefer.replace('_', ' ')}.",
        *main.strategy_words,
    ]
    tables = []
    if main.strategy_table:
        tables.append(
            Table(
                f"{prefix}-strategy-table",
                "Strategy by hand",
                (Column("hands", "player's hands"), Column("action", "action")),
                tuple(_strategy_rows(item.game, main.strategy_table)),
            )
        )
    rows: list[dict[str, Any]] = []
    for stage, taken in main.decisions.items():
        total = sum(taken.values())
        rows += [
            {
                "decision": f"after {stage}",
                "action": action,
                "deals": count,
                "share": count / total,
            }
            for action, count in taken.items()
        ]
    tables.append(
        Table(
            f"{prefix}-decisions",
            "Deals by action",
            (
                Column("decision", "decision"),
                Column("action", "action"),
                Column("deals", "deals", "count"),
                Column("share", "share of the deals reaching the decision", "percent"),
            ),
            tuple(rows),
        )
    )
    tables.append(
        Table(
            f"{prefix}-strategies",
            "House edge by player strategy (exact)",
            (
                Column("strategy", "strategy"),
                Column("house_edge", f"house edge (per {unit})", "percent"),
                Column("house_edge_exact", "house edge (exact)"),
                Column("element_of_risk", "element of risk (per total bet)", "percent"),
                Column("average_total_bet", f"average total bet ({unit}s)", "number"),
            ),
            tuple(
                {
                    "strategy": a.strategy_label + (" (reported)" if a is main else ""),
                    "house_edge": float(a.house_edge),
                    "house_edge_exact": str(a.house_edge),
                    "element_of_risk": float(a.element_of_risk),
                    "average_total_bet": float(a.average_total_bet),
                }
                for a in analyses
            ),
        )
    )
    return Part(f"{prefix}-strategy", "Player strategy", tuple(paragraphs), tables=tuple(tables))


def _exact_figure(
    key: str, label: str, value: Fraction, unit: str = "number", *, note: str = ""
) -> Figure:
    """An exact figure: its value, and the same beside it as a fraction."""
    return Figure(
        key, label, float(value), unit, exact=float(value), exact_text=str(value), note=note
    )


def hit_frequency(analysis: BankedAnalysis) -> Fraction:
    """Chance the player comes out ahead on a deal (all wagers together)."""
    return sum((r.probability for r in analysis.net_rows if r.net > 0), Fraction(0))


def _exact_part(item: BankedInput, analysis: BankedAnalysis, prefix: str) -> Part:
    game, a = item.game, analysis
    unit = unit_name(game)
    # the notes quote the published analysis of the optimal strategy
    notes = game.notes if a.strategy == "optimal" else ""
    quoted = {key: published(notes, key) for key in _PUBLISHED}
    hit = hit_frequency(a)
    figures = [
        _exact_figure("house_edge", f"house edge (per {unit})", a.house_edge, "percent"),
        _exact_figure(
            "element_of_risk",
            "element of risk (per average total bet)",
            a.element_of_risk,
            "percent",
        ),
        _exact_figure("average_total_bet", f"average total bet ({unit}s)", a.average_total_bet),
        Figure("sd", f"standard deviation (per {unit})", a.sd),
        _exact_figure("hit_frequency", "hit frequency (the player wins money)", hit, "percent"),
        Figure("deals", f"deals counted ({a.deck_cards} cards)", a.deals, "count"),
        Figure(
            "total_result",
            f"player's total result over all deals ({unit}s)",
            exact_value(a.total_return),
            "count" if a.total_return.denominator == 1 else "text",
        ),
    ]
    labels = {
        "house_edge": "house edge",
        "element_of_risk": "element of risk",
        "average_total_bet": "average total bet",
    }
    for key, label in labels.items():
        if quoted[key]:
            figures.append(
                Figure(
                    f"published_{key}",
                    f"published {label}",
                    quoted[key],
                    "text",
                    note="as the file's notes quote it",
                )
            )
    tables = [returns_table(item, a, prefix), net_table(a, prefix, unit)]
    if a.line_rows:
        tables.append(lines_table(a.line_rows, f"{prefix}-lines", "Paytable lines", a.deals))
    paragraphs = (
        f"Every one of the {a.deals:,} deals of {a.deck_cards} cards counted, strategy "
        f"{a.strategy}. The house edge is the expected loss per {unit} (the initial bet on "
        f"{game.house_edge_per}); the element of risk the expected loss per average total "
        "bet; every exact value is a fraction over all deals. The published figures are "
        "those the file's notes quote (sources under Rules and wagers).",
    )
    return Part(
        f"{prefix}-exact", "Exact analysis", paragraphs, tuple(figures), tables=tuple(tables)
    )


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "paytable"


def _side_bets_part(sides: Sequence[SideBetAnalysis], prefix: str) -> Part:
    rows = tuple(
        {
            "side_bet": s.side_bet,
            "paytable": s.paytable,
            "house_edge": float(s.house_edge),
            "house_edge_exact": str(s.house_edge),
            "published": _side_published(s.source),
            "sd": s.sd,
            "hands": s.hands,
            "source": " ".join(s.source.split()),
        }
        for s in sides
    )
    summary = Table(
        f"{prefix}-side-bets",
        "Side bets: house edge of each paytable",
        (
            Column("side_bet", "side bet"),
            Column("paytable", "paytable"),
            Column("house_edge", "house edge (per unit bet)", "percent"),
            Column("house_edge_exact", "house edge (exact)"),
            Column("published", "published"),
            Column("sd", "SD (per unit)", "number"),
            Column("hands", "hands counted", "count"),
            Column("source", "source"),
        ),
        rows,
    )
    lines = [
        lines_table(
            s.rows,
            f"{prefix}-side-{_slug(s.side_bet)}-{_slug(s.paytable)}",
            f"Side bet {s.side_bet}, paytable {s.paytable}",
            s.hands,
            side_bet=True,
        )
        for s in sides
    ]
    figures = tuple(
        _exact_figure(
            f"side_bet_house_edge_{_slug(s.side_bet)}_{_slug(s.paytable)}",
            f"{s.side_bet} {s.paytable}: house edge (per unit bet)",
            s.house_edge,
            "percent",
            note=f"published {_side_published(s.source)}" if _side_published(s.source) else "",
        )
        for s in sides
    )
    return Part(
        f"{prefix}-side-bets",
        "Side bets",
        (
            "Each side bet is one unit on its own hand, which no decision changes: every hand of "
            "its cards is counted, for every paytable the file lists, beside the figure the "
            "file's sources publish.",
        ),
        figures,
        tables=(summary, *lines),
    )


def banked_section(
    item: BankedInput,
    analysis: BankedAnalysis,
    *,
    index: int,
    leaks: tuple[LeakFigure, ...] = (),
) -> Section:
    """The section of one banked game (``analysis``: :func:`exact_analysis` of it; ``leaks``:
    :func:`~casino_sim.report.par.protection.leak_figures` of it, its Game protection part)."""
    prefix = f"banked-{index}"
    analyses = strategy_analyses(item, analysis)
    parts = [
        _rules_part(item, analysis, prefix),
        _strategy_part(item, analyses, prefix),
        _exact_part(item, analysis, prefix),
    ]
    if leaks:
        parts.append(protection_part(item, prefix, leaks))
    if analysis.side_bets:
        parts.append(_side_bets_part(analysis.side_bets, prefix))
    unit = unit_name(item.game)
    summary = (
        f"house edge {100 * float(analysis.house_edge):.4f}% of the {unit} "
        f"({analysis.house_edge}), element of risk {100 * float(analysis.element_of_risk):.4f}% "
        f"of the average total bet, average total bet {float(analysis.average_total_bet):.4f} "
        f"{unit}s, strategy {analysis.strategy}"
    )
    data = {
        "game": input_name(item.path),
        "analysis": analysis.to_record(),
        "strategies": [
            {
                "strategy": a.strategy,
                "house_edge": str(a.house_edge),
                "element_of_risk": str(a.element_of_risk),
                "average_total_bet": str(a.average_total_bet),
            }
            for a in analyses
        ],
    }
    return Section(prefix, "banked", item.title, summary, tuple(parts), data)
