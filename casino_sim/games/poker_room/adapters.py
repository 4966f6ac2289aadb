"""Convert loaded YAML definitions (``casino_sim.config``) into engine configs.

Attribute access is duck-typed so the engine does not depend on the paytable
classes; money in units (``Fraction``) becomes integer cents.

>>> from types import SimpleNamespace as NS
>>> st = NS(name="third", down=2, up=1, bet="small", community=False)
>>> v = variant_rules_from(NS(name="x", streets=(st,), ranking="razz" if False else "high",
...     bring_in="lowest", bring_in_ace="high", first_to_act="best-high",
...     open_pair_big_bet=True, max_players=8))
>>> v.streets[0].down, v.ranking.value
(2, 'high')
>>> cents(NS(a=__import__("fractions").Fraction(5, 2)).a)
250
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino_sim.errors import ConfigError
from casino_sim.games.poker_room.house import BadBeatRule, RakeKind, RakeRule
from casino_sim.games.poker_room.rules import (
    BringIn,
    FirstToAct,
    Ranking,
    StreetRule,
    TableRules,
    VariantRules,
)

__all__ = ["cents", "table_rules_from", "threshold_value", "variant_rules_from"]


def cents(amount: Any) -> int:
    """Money units (int, Fraction, Decimal, str) to whole cents; fractions of a cent are an error."""
    if amount is None:
        return 0
    value = Fraction(str(amount)) * 100 if not isinstance(amount, Fraction) else amount * 100
    if value.denominator != 1:
        raise ConfigError(f"{amount} is not a whole number of cents")
    return int(value)


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if obj is not None and hasattr(obj, name):
            value = getattr(obj, name)
            return value.value if hasattr(value, "value") and not isinstance(value, int) else value
    return default


def variant_rules_from(variant: Any) -> VariantRules:
    """A :class:`VariantRules` from a loaded ``StudVariant`` (or any object with its fields)."""
    if isinstance(variant, VariantRules):
        return variant
    streets = tuple(
        StreetRule(
            str(_get(s, "name")),
            int(_get(s, "down", default=0)),
            int(_get(s, "up", default=0)),
            big_bet=str(_get(s, "bet", default="small")) == "big",
            community=bool(_get(s, "community", default=False)),
        )
        for s in _get(variant, "streets")
    )
    return VariantRules(
        str(_get(variant, "name")),
        streets,
        ranking=Ranking(str(_get(variant, "ranking", default="high"))),
        bring_in=BringIn(str(_get(variant, "bring_in", default="lowest"))),
        bring_in_ace_low=str(_get(variant, "bring_in_ace", default="high")) == "low",
        first_to_act=FirstToAct(str(_get(variant, "first_to_act", default="best-high"))),
        open_pair_big_bet=bool(_get(variant, "open_pair_big_bet", default=False)),
        max_players=int(_get(variant, "max_players", default=8)),
    )


def _rake_from(rake: Any) -> RakeRule:
    if rake is None:
        return RakeRule()
    kind = str(_get(rake, "type", "kind", default="none")).lower()
    min_pot = cents(_get(rake, "min_pot", default=0))
    if kind == "percent":
        cap = _get(rake, "cap")
        return RakeRule(
            kind=RakeKind.PERCENT,
            rate=Fraction(str(_get(rake, "rate"))),
            cap=None if cap is None else cents(cap),
            no_rake_first_street=bool(_get(rake, "no_rake_third_street", default=True)),
            min_pot=min_pot,
        )
    if kind == "drop":
        return RakeRule(kind=RakeKind.DROP, drop=cents(_get(rake, "amount")), min_pot=min_pot)
    if kind == "time":
        return RakeRule(kind=RakeKind.TIME, time_fee=cents(_get(rake, "per_seat_per_half_hour")))
    return RakeRule()


_CATEGORIES = {
    "high_card": 0,
    "one_pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 6,
    "four_of_a_kind": 7,
    "straight_flush": 8,
    "royal_flush": 9,
}


def threshold_value(category: str, ranks: tuple[str, ...] = ()) -> int:
    """Evaluator high value of the weakest hand of ``category`` led by ``ranks``.

    >>> threshold_value("full_house", ("A",)) == threshold_value("full_house", ("A", "2"))
    True
    >>> threshold_value("four_of_a_kind") > threshold_value("full_house", ("A", "K"))
    True
    """
    import numpy as np

    from casino_sim.cards import RANKS
    from casino_sim.evaluator import category as category_of
    from casino_sim.evaluator import evaluate_high

    wanted = _CATEGORIES[category]
    lead = [RANKS.index(r) for r in ranks]
    if wanted == 9:
        return int(evaluate_high(np.array([48, 44, 40, 36, 32])))
    if wanted in (4, 8):
        top = lead[0] if lead else 3
        run = [top - k for k in range(5)] if top >= 4 else [3, 2, 1, 0, 12]
        cards = [r * 4 + (0 if wanted == 8 else k % 4) for k, r in enumerate(run)]
        return int(evaluate_high(np.array(cards)))
    shape = {
        0: [1] * 5,
        1: [2, 1, 1, 1],
        2: [2, 2, 1],
        3: [3, 1, 1],
        5: [1] * 5,
        6: [3, 2],
        7: [4, 1],
    }[wanted]
    best = None
    for fill in range(200):  # the lowest filler ranks that keep the category
        used = list(lead)
        spare = [r for r in range(13) if r not in used]
        extra = [spare[(fill + k) % len(spare)] for k in range(len(shape) - len(used))]
        groups = used + sorted(extra, reverse=wanted in (0, 5, 2))
        cards = []
        for size, rank in zip(shape, groups, strict=True):
            cards += [rank * 4 + ((0 if wanted == 5 else len(cards) + k) % 4) for k in range(size)]
        value = int(evaluate_high(np.array(cards)))
        if int(category_of(value)) == wanted and (best is None or value < best):
            best = value
        if fill > 12:
            break
    assert best is not None
    return best


def _bad_beat_from(bb: Any) -> BadBeatRule | None:
    if bb is None:
        return None
    q = _get(bb, "qualifying_hand")
    value = threshold_value(str(_get(q, "category")), tuple(_get(q, "ranks", default=())))
    return BadBeatRule(
        drop=cents(_get(bb, "drop")),
        min_pot=cents(_get(bb, "min_pot", default=0)),
        min_losing_value=value,
        seed=cents(_get(bb, "seed", default=0)),
        reserve_rate=Fraction(str(_get(bb, "reserve_rate", default=0))),
        loser_share=Fraction(str(_get(bb, "loser_share"))),
        winner_share=Fraction(str(_get(bb, "winner_share"))),
    )


def table_rules_from(table: Any, **overrides: Any) -> TableRules:
    """A :class:`TableRules` from a loaded ``StudTable``; ``overrides`` replace fields."""
    if isinstance(table, TableRules):
        return table
    structure = str(_get(table, "structure", default="fixed-limit"))
    if structure != "fixed-limit":
        raise ConfigError(f"the stud engine plays fixed-limit only, not {structure}")
    hph = _get(table, "hands_per_hour")
    fields: dict[str, Any] = {
        "ante": cents(_get(table, "ante")),
        "bring_in": cents(_get(table, "bring_in")),
        "small_bet": cents(_get(table, "small_bet")),
        "big_bet": cents(_get(table, "big_bet")),
        "max_raises": _get(table, "max_raises", default=3),
        "uncapped_heads_up": bool(_get(table, "uncapped_heads_up", default=True)),
        "rake": _rake_from(_get(table, "rake")),
        "bad_beat": _bad_beat_from(_get(table, "bad_beat")),
        "hands_per_hour": float(hph or 40.0),
        "max_seats": int(_get(table, "max_seats", default=8)),
    }
    fields.update(overrides)
    return TableRules(**fields)
