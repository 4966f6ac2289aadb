"""The tables of a banked game's section (:mod:`.banked`): the return of each wager, the deals
by net result and the paytable lines' hits, every count exact in every format.

>>> whole(Fraction(3)), whole(Fraction(1, 2)), exact_value(Fraction(1, 3)), pays_text(Fraction(0))
(3, 0.5, '1/3', 'push')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino_sim.report.par.model import Column, Table

if TYPE_CHECKING:
    from casino_sim.config import BankedGame
    from casino_sim.games.banked.language import BankedAnalysis, LineRow
    from casino_sim.report.par.inputs import BankedInput

__all__ = [
    "exact_value",
    "lines_table",
    "net_table",
    "pays_text",
    "returns_table",
    "unit_name",
    "whole",
]


def unit_name(game: BankedGame) -> str:
    """What one unit of the house edge is called: ``ante`` when the wager it is the initial
    bet of is called so, else ``unit``."""
    return "ante" if game.house_edge_per == "ante" else "unit"


def pays_text(pays: Fraction | None) -> str:
    if pays is None:
        return "loses"
    return "push" if pays == 0 else f"{pays} to 1"


def whole(value: Fraction) -> int | float:
    """An exact value as an int when whole (kept exact in every format), else a float."""
    return value.numerator if value.denominator == 1 else float(value)


def exact_value(value: Fraction) -> int | str:
    """An exact value as an int when whole, else its fraction as text (``p/q``)."""
    return value.numerator if value.denominator == 1 else str(value)


def returns_table(item: BankedInput, a: BankedAnalysis, prefix: str) -> Table:
    unit = unit_name(item.game)
    rows = [
        {
            "wager": name,
            "total": exact_value(total),
            "per_deal": float(total / a.deals),
            "per_deal_exact": str(total / a.deals),
        }
        for name, total in a.wager_returns.items()
    ]
    rows.append(
        {
            "wager": "all",
            "total": exact_value(a.total_return),
            "per_deal": float(a.total_return / a.deals),
            "per_deal_exact": str(a.total_return / a.deals),
        }
    )
    return Table(
        f"{prefix}-wager-returns",
        "Return by wager",
        (
            Column("wager", "wager"),
            Column("total", f"player's net over all deals ({unit}s)", "count"),
            Column("per_deal", f"per deal (per {unit})", "decimal"),
            Column("per_deal_exact", f"per deal (per {unit}, exact)"),
        ),
        tuple(rows),
        note=f"The player's net result on each wager, in {unit}s; the sum is minus the house "
        "edge per deal.",
    )


def net_table(a: BankedAnalysis, prefix: str, unit: str) -> Table:
    rows: list[dict[str, Any]] = [
        {
            "net": str(r.net),
            "net_value": whole(r.net),
            "combinations": r.combinations,
            "probability": float(r.probability),
            "probability_exact": str(r.probability),
            "contribution": float(r.net * r.probability),
        }
        for r in a.net_rows
    ]
    rows.append(
        {
            "net": "Total",
            "net_value": None,
            "combinations": a.deals,
            "probability": 1.0,
            "probability_exact": "1",
            "contribution": float(-a.house_edge),
        }
    )
    return Table(
        f"{prefix}-net",
        "Deals by net result",
        (
            Column("net", "net result (exact)"),
            Column("net_value", "net result", "number"),
            Column("combinations", "deals", "count"),
            Column("probability", "probability", "decimal"),
            Column("probability_exact", "probability (exact)"),
            Column("contribution", "return (net x probability)", "decimal"),
        ),
        tuple(rows),
        note=f"Over all {a.deals:,} deals; the net of all wagers together, in {unit}s.",
    )


def lines_table(
    lines: Sequence[LineRow], id: str, title: str, total: int, *, side_bet: bool = False
) -> Table:
    rows: list[dict[str, Any]] = []
    for r in lines:
        row: dict[str, Any] = {
            "wager": r.wager,
            "line": r.line,
            "pays": pays_text(r.pays),
            "pays_to_one": None if r.pays is None else whole(r.pays),
            "combinations": r.combinations,
            "probability": float(r.probability),
            "probability_exact": str(r.probability),
        }
        if side_bet:
            won = r.pays if r.pays is not None else Fraction(-1)
            row["contribution"] = float(won * r.probability)
        rows.append(row)
    columns = [
        Column("wager", "wagers"),
        Column("line", "line"),
        Column("pays", "pays"),
        Column("pays_to_one", "pays (to 1)", "number"),
        Column("combinations", "hands" if side_bet else "deals", "count"),
        Column("probability", "probability", "decimal"),
        Column("probability_exact", "probability (exact)"),
    ]
    if side_bet:
        columns.append(Column("contribution", "return (per unit)", "decimal"))
        columns = columns[1:]  # one side bet a table: no wager column
    note = (
        f"Every one of the {total:,} hands of its cards, one unit each."
        if side_bet
        else f"The player's final hand on each paytable, over the {total:,} deals; a folded "
        "deal is on no line."
    )
    return Table(id, title, tuple(columns), tuple(rows), note=note)
