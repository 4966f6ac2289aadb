"""The compiled fast path of the stud simulation and the per-hand arrays both engines fill.

:func:`fallback_reason` says why a configuration needs the Python engine (or
``None``); :func:`play_compiled` plays a block of pre-drawn hands (see
:mod:`.dealing`) in numba, evaluates every showdown in one batched evaluator
call per block and settles the pots; hands that could come near an all-in
(or run out of cards) are replayed by the Python engine from the same deck
and numbers. :func:`play_python` plays the same block with
:meth:`StudTable.play_dealt <casino_sim.games.poker_room.table.StudTable.play_dealt>`;
the two give identical :class:`HandArrays`.

>>> import numpy as np
>>> from casino_sim.games.poker_room import TableRules, default_population, seven_card_stud
>>> from casino_sim.games.poker_room.dealing import draw_hands
>>> v, t = seven_card_stud(), TableRules(ante=100, bring_in=200, small_bet=500, big_bet=1000)
>>> fallback_reason(v, t, 6) is None
True
>>> decks, uniforms = draw_hands(np.random.default_rng(2), 50)
>>> bots = default_population(6)
>>> a = play_compiled(v, t, bots, decks, uniforms, 0)
>>> b, _ = play_python(v, t, bots, decks, uniforms, 0)
>>> a.same_hands(b)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from casino_sim.evaluator import evaluate_high, evaluate_hilo, evaluate_low
from casino_sim.games.poker_room.bots import BotPolicy
from casino_sim.games.poker_room.fast_bots import RANK_HIGH, RANK_HILO, RANK_LOW, RANK_LOW6
from casino_sim.games.poker_room.fast_kernel import CFG_FIELDS, play_hands, settle_hands
from casino_sim.games.poker_room.house import RakeKind
from casino_sim.games.poker_room.rules import (
    BringIn,
    FirstToAct,
    OddChip,
    Ranking,
    TableRules,
    TieBreak,
    VariantRules,
)
from casino_sim.games.poker_room.table import HandResult, StudTable

__all__ = ["HandArrays", "fallback_reason", "max_hand_investment", "play_compiled", "play_python"]


@dataclass
class HandArrays:
    """Per-hand outcomes of a block (cents; seats in dealing order; -1 = no bad beat)."""

    stacks_start: np.ndarray
    stacks_end: np.ndarray
    wagered: np.ndarray
    rake: np.ndarray
    drop: np.ndarray
    street: np.ndarray
    showdown: np.ndarray
    bad_beat: np.ndarray
    replayed: int = 0

    def same_hands(self, other: HandArrays) -> bool:
        """True when every per-hand outcome matches (the replay count may differ)."""
        names = ("stacks_start", "stacks_end", "wagered", "rake", "drop", "street", "showdown")
        return all(np.array_equal(getattr(self, k), getattr(other, k)) for k in names) and (
            np.array_equal(self.bad_beat, other.bad_beat)
        )


def _empty(count: int, n: int, start: int) -> HandArrays:
    return HandArrays(
        stacks_start=np.full((count, n), start, np.int64),
        stacks_end=np.zeros((count, n), np.int64),
        wagered=np.zeros((count, n), np.int64),
        rake=np.zeros(count, np.int64),
        drop=np.zeros(count, np.int64),
        street=np.zeros(count, np.int64),
        showdown=np.zeros(count, np.bool_),
        bad_beat=np.full((count, 2), -1, np.int64),
    )


def _store(out: HandArrays, h: int, r: HandResult) -> None:
    out.stacks_end[h] = r.stacks_end
    out.wagered[h] = r.wagered
    out.rake[h], out.drop[h], out.street[h] = r.rake, r.drop, r.street_reached
    out.showdown[h] = r.showdown
    out.bad_beat[h] = r.bad_beat if r.bad_beat is not None else (-1, -1)


def max_hand_investment(variant: VariantRules, table: TableRules) -> int | None:
    """Most one player can put in a capped hand (``None`` without a raise cap)."""
    if table.max_bets is None:
        return None
    return table.ante + len(variant.streets) * table.max_bets * table.big_bet


def fallback_reason(variant: VariantRules, table: TableRules, n_players: int) -> str | None:
    """Why this configuration needs the Python engine, or ``None`` when the fast path fits.

    The fast path needs streets without community cards and stacks (the
    buy-in) deeper than the most a player can put into a capped hand plus a
    bet. A heads-up street left uncapped (``uncapped_heads_up``) can still
    reach an all-in: such hands are detected and replayed in Python.
    """
    if any(s.community for s in variant.streets):
        return "community-card streets"
    most = max_hand_investment(variant, table)
    if most is None:
        return "no raise cap"
    if table.buy_in <= most + table.big_bet:
        return f"stacks of {table.buy_in} can go all-in (a hand can cost {most})"
    if not 2 <= n_players <= 10 or variant.cards_per_player > 8:
        return "more than 10 players or 8 cards a player"
    return None


def _config(variant: VariantRules, table: TableRules) -> tuple[np.ndarray, np.ndarray]:
    ranking = {
        Ranking.HIGH: RANK_HIGH,
        Ranking.HILO8: RANK_HILO,
        Ranking.ACE_TO_FIVE: RANK_LOW,
        Ranking.ACE_TO_SIX: RANK_LOW6,
    }[variant.ranking]
    values = {
        "n_streets": len(variant.streets),
        "ranking": ranking,
        "bring_mode": {BringIn.LOWEST: 0, BringIn.HIGHEST: 1, BringIn.NONE: 2}[variant.bring_in],
        "bring_ace_low": variant.bring_in_ace_low,
        "low_first": variant.first_to_act is FirstToAct.BEST_LOW,
        "by_suit": table.tie_break is TieBreak.SUIT,
        "open_pair_rule": variant.open_pair_big_bet and table.big_bet > table.small_bet,
        "burn": variant.burn,
        "ante": table.ante,
        "bring": table.bring_in,
        "small": table.small_bet,
        "big": table.big_bet,
        "cap": -1 if table.max_bets is None else table.max_bets,
        "uncapped_heads_up": table.uncapped_heads_up,
    }
    cfg = np.array([int(values[k]) for k in CFG_FIELDS], np.int64)
    streets = np.array([(s.down, s.up, s.big_bet) for s in variant.streets], np.int64)
    return cfg, streets


def _rake_config(table: TableRules) -> np.ndarray:
    rule, bb = table.rake, table.bad_beat
    kind = {RakeKind.PERCENT: 1, RakeKind.DROP: 2}.get(rule.kind, 0)
    return np.array(
        [
            kind,
            rule.rate.numerator,
            rule.rate.denominator,
            -1 if rule.cap is None else rule.cap,
            rule.no_rake_first_street,
            rule.increment,
            rule.drop,
            rule.min_pot,
            bb is not None,
            bb.drop if bb else 0,
            bb.min_pot if bb else 0,
            bb.min_losing_value if bb else 0,
        ],
        np.int64,
    )


def _evaluate(variant: VariantRules, cards: np.ndarray, mask: np.ndarray, n: int):
    """High and low values of every showdown seat, one batched evaluator call."""
    high = np.full(mask.shape, -1, np.int64)
    low = np.full(mask.shape, -1, np.int64)
    if not mask.any():
        return high, low
    rows = np.ascontiguousarray(cards[mask])
    if variant.ranking is Ranking.HIGH:
        high[mask] = evaluate_high(rows, validate=False)
    elif variant.ranking is Ranking.HILO8:
        hi, lo = evaluate_hilo(rows, validate=False)
        high[mask], low[mask] = hi, lo
    else:
        low[mask] = evaluate_low(rows, rules=str(variant.ranking), validate=False)
    return high, low


def play_compiled(
    variant: VariantRules,
    table: TableRules,
    players: Sequence[BotPolicy],
    decks: np.ndarray,
    uniforms: np.ndarray,
    first: int,
) -> HandArrays:
    """Play the hands of ``decks``/``uniforms``; hand ``h`` seats ``players[(first+h+s) % n]``.

    Every seat starts with the buy-in. Call only when :func:`fallback_reason` is ``None``.
    """
    n, count = len(players), len(decks)
    cfg, streets = _config(variant, table)
    bots = np.array([(b.tightness, b.aggression, b.bluff) for b in players], np.float64)
    out = _empty(count, n, table.buy_in)
    status = np.zeros(count, np.int8)
    live = np.zeros((count, n), np.bool_)
    cards = np.zeros((count, n, variant.cards_per_player), np.int8)
    args = (np.ascontiguousarray(decks, np.int8), np.ascontiguousarray(uniforms, np.float64))
    play_hands(*args, first, table.buy_in, cfg, streets, bots, status, out.wagered, live,
               out.street, cards)  # fmt: skip
    n_live = live.sum(axis=1)
    out.showdown[:] = (status == 0) & (n_live > 1)
    high, low = _evaluate(variant, cards, out.showdown[:, None] & live, n)
    first_seat = table.odd_chip is OddChip.FIRST_SEAT
    settle_hands(status, out.wagered, live, out.street, cards, high, low, table.buy_in,
                 _rake_config(table), cfg[1], first_seat, out.stacks_end, out.rake, out.drop,
                 out.bad_beat)  # fmt: skip
    replay = np.flatnonzero(status)
    if replay.size:
        stud = StudTable(variant, table)
        for h in replay.tolist():
            seated = [players[(first + h + s) % n] for s in range(n)]
            _store(out, h, stud.play_dealt(decks[h], uniforms[h], seated))
    out.replayed = int(replay.size)
    return out


def play_python(
    variant: VariantRules,
    table: TableRules,
    players: Sequence[BotPolicy],
    decks: np.ndarray,
    uniforms: np.ndarray,
    first: int,
    *,
    keep_hands: bool = False,
) -> tuple[HandArrays, list[HandResult]]:
    """The same block played by the Python engine (and the results when ``keep_hands``)."""
    n, count = len(players), len(decks)
    stud = StudTable(variant, table)
    out = _empty(count, n, table.buy_in)
    kept: list[HandResult] = []
    for h in range(count):
        seated = [players[(first + h + s) % n] for s in range(n)]
        r = stud.play_dealt(decks[h], uniforms[h], seated, keep_hand=keep_hands)
        _store(out, h, r)
        if keep_hands:
            kept.append(r)
    return out, kept
