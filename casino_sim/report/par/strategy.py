"""The player's strategy in words and as tables, read off the exact analysis's decisions.

Every (player hand, dealer up-card) cell the analysis evaluated says raise or
fold; grouped by the player's hand (below A-K, A-K high, one pair ... royal
flush) the share raised shows the shape of the strategy, and the A-K high
hands, the only ones an optimal player splits, by third card and up-card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from casino_sim.report.par.model import Column, Table

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.exact.analysis import CaribbeanAnalysis
    from casino_sim.report.par.inputs import CaribbeanInput

__all__ = ["category_shares", "strategy_tables", "strategy_words"]

_GROUPS = (
    "below A-K",
    "A-K high",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
_RANKS = "23456789TJQKA"
_NAMED = {
    "optimal": "The optimal strategy for this paytable: for every player hand and dealer up-card "
    "the player raises exactly when raising has the higher expected value (on an exact tie, "
    "folds: the smaller wager for the same expectation).",
    "pair-or-better": "Raise with a pair or better, fold everything else, whatever the dealer's "
    "up-card.",
    "akj83": "Raise with A-K-J-8-3 or better (any pair or better, and A-K high hands from "
    "A-K-J-8-3 up), fold everything else, whatever the dealer's up-card.",
    "always-raise": "Raise every hand (never fold).",
}


def category_shares(analysis: CaribbeanAnalysis) -> dict[str, tuple[int, int]]:
    """Per hand group (weakest first): (hand x up-card cells raised, cells), hands weighted."""
    from casino_sim.dealer_counts.cache import load_counts
    from casino_sim.evaluator import ace_king_threshold, category

    counts = load_counts()
    values = counts.player_values
    groups = np.where(
        values >= ace_king_threshold(), np.asarray(category(values), dtype=np.int64) + 1, 0
    )
    raised = (analysis.raise_decisions & counts.valid_cells()).sum(axis=1) * counts.weights
    cells = counts.valid_cells().sum(axis=1) * counts.weights
    out = {}
    for index, name in enumerate(_GROUPS):
        mask = groups == index
        out[name] = (int(raised[mask].sum()), int(cells[mask].sum()))
    return out


def strategy_words(item: CaribbeanInput, analysis: CaribbeanAnalysis) -> list[str]:
    """The strategy as sentences: what it is, then what it does by hand group."""
    name = item.strategy_name
    lines = []
    if item.strategy_path is not None:
        rules = "; ".join(_rule_text(rule) for rule in item.strategy_rules) or "none"
        lines.append(
            f"Strategy file {item.strategy_path.name} ({name}): the player raises when "
            f"any rule matches and folds otherwise. Rules: {rules}."
        )
    else:
        lines.append(_NAMED.get(name, f"Strategy {name}."))
    shares = category_shares(analysis)
    always = [g for g, (r, n) in shares.items() if n and r == n]
    never = [g for g, (r, n) in shares.items() if n and r == 0]
    mixed = [g for g, (r, n) in shares.items() if n and 0 < r < n]
    if always:
        lines.append(f"Always raised: {', '.join(always)}.")
    if never:
        lines.append(f"Always folded: {', '.join(never)}.")
    for group in mixed:
        raised, cells = shares[group]
        lines.append(
            f"{group}: raised in {100 * raised / cells:.1f}% of the (hand, up-card) "
            "combinations, depending on the cards (see the table)."
        )
    return lines


def _rule_text(rule: Any) -> str:
    if not isinstance(rule, dict):
        return str(rule)
    text = f"at least {rule.get('at_least')}"
    if rule.get("upcard_matches"):
        text += " when the up-card pairs one of the player's cards"
    if rule.get("upcard_ranks"):
        text += f" when the up-card is one of {rule['upcard_ranks']}"
    return text


def strategy_tables(analysis: CaribbeanAnalysis, *, prefix: str) -> tuple[Table, ...]:
    """The share raised by hand group, and (when split) the A-K high hands by third card
    and dealer up-card."""
    from casino_sim.dealer_counts.cache import load_counts
    from casino_sim.games.banked.caribbean_stud.exact.optimal import ace_king_summary

    shares = category_shares(analysis)
    rows = tuple(
        {
            "hand": group,
            "raised_share": raised / cells if cells else None,
            "decision": "raise" if raised == cells else "fold" if raised == 0 else "depends",
        }
        for group, (raised, cells) in shares.items()
    )
    by_group = Table(
        f"{prefix}-strategy",
        "Strategy by player hand",
        (
            Column("hand", "player's hand"),
            Column("decision", "decision"),
            Column("raised_share", "share raised (over all up-cards)", "percent1"),
        ),
        rows,
        note="Shares weight every (player hand, up-card) combination equally.",
    )
    raised, cells = shares["A-K high"]
    if raised in (0, cells):
        return (by_group,)
    rules = ace_king_summary(analysis, load_counts())
    columns = (
        Column("hand", "player's hand"),
        *(Column(f"up_{r}", f"up {r}", "percent1") for r in _RANKS),
    )
    ak_rows = tuple(
        {
            "hand": f"A-K-{rule.third}",
            **{f"up_{r}": rule.raise_share_by_upcard.get(r) for r in _RANKS},
        }
        for rule in rules
    )
    ace_king = Table(
        f"{prefix}-ace-king",
        "A-K high: share raised by third card and dealer up-card",
        columns,
        ak_rows,
        note="Rows: the player's third-highest card; columns: the rank of the dealer's up-card.",
    )
    return by_group, ace_king
