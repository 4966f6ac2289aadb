"""The compiled fast path of the stud simulation and the per-hand arrays both engines fill.

:func:`fallback_reason` says why a configuration (variant, table, bots) needs
the Python engine (or ``None``); :func:`play_compiled` plays a block of
pre-drawn hands (see :mod:`.dealing`) in numba at any betting structure,
all-ins and short decks included (:mod:`.fast_kernel`, :mod:`.fast_rules`),
evaluates every showdown in one batched evaluator call per block and settles
the main and side pots (:mod:`.fast_settle`); a hand the kernel cannot deal
(the deck running out entirely, which the Python engine refuses too) is
replayed by the Python engine from the same deck and numbers.
:func:`play_python` plays the same block with
:meth:`StudDealer.play_dealt <casino_sim.games.poker_room.dealer.StudDealer.play_dealt>`;
the two give identical :class:`HandArrays`. The compiled bots are the default
:class:`~casino_sim.games.poker_room.bots.BotPolicy` logic: a bot with its
own ``decide()`` is refused.

>>> import numpy as np
>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.bots import default_population
>>> from casino_sim.games.poker_room.dealing import draw_hands
>>> v, t = load_stud_variant("stud/seven_card_stud"), load_stud_table("stud/tables/5-10")
>>> bots = default_population(6)
>>> fallback_reason(v, t, bots) is None
True
>>> decks, uniforms = draw_hands(np.random.default_rng(2), 50)
>>> a = play_compiled(v, t, bots, decks, uniforms, 0)
>>> b, _ = play_python(v, t, bots, decks, uniforms, 0)
>>> a.same_hands(b)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from casino_sim.config.stud import LowRanking, StudVariant
from casino_sim.config.stud_table import DropRake, PercentRake, StudTable
from casino_sim.engine.compiling import KernelSet
from casino_sim.errors import OptionError
from casino_sim.evaluator import evaluate_high, evaluate_hilo, evaluate_low
from casino_sim.games.poker_room.bots import BotPolicy
from casino_sim.games.poker_room.dealer import HandResult, StudDealer
from casino_sim.games.poker_room.fast_bots import RANK_HIGH, RANK_HILO, RANK_LOW, RANK_LOW6
from casino_sim.games.poker_room.fast_kernel import play_hands
from casino_sim.games.poker_room.fast_rules import CFG_FIELDS, STRUCTURES
from casino_sim.games.poker_room.fast_settle import settle_hands
from casino_sim.games.poker_room.fast_state import (
    DROP_RAKE,
    NO_RAKE,
    PERCENT_RAKE,
    RAKE_FIELDS,
    Block,
    Outcomes,
    Played,
    Settled,
    StudGame,
)
from casino_sim.games.poker_room.structures import BetLimits

__all__ = [
    "KERNELS",
    "HandArrays",
    "bot_reason",
    "compile_hand_loop",
    "compile_settlement",
    "fallback_reason",
    "kernel_config",
    "play_compiled",
    "play_python",
]

Ints = NDArray[np.int64]

#: The compiled stud engine's kernels (compiled once, before the workers start: engine.compiling).
KERNELS = KernelSet("stud", (play_hands, settle_hands), seconds=24)


@dataclass
class HandArrays:
    """Per-hand outcomes of a block (cents; seats in dealing order; -1 = no bad beat)."""

    stacks_start: Ints
    stacks_end: Ints
    wagered: Ints
    rake: Ints
    drop: Ints
    street: Ints
    showdown: NDArray[np.bool_]
    bad_beat: Ints
    replayed: int = 0

    def settled(self) -> Settled:
        """The settlement's outputs (views of these arrays)."""
        return Settled(self.stacks_end, self.rake, self.drop, self.bad_beat)

    def outcomes(self) -> Outcomes:
        """The money of every hand (views of these arrays)."""
        return Outcomes(
            self.wagered, self.stacks_start, self.stacks_end, self.rake, self.drop, self.bad_beat
        )

    def same_hands(self, other: HandArrays) -> bool:
        """True when every per-hand outcome matches (the replay count may differ)."""
        names = ("stacks_start", "stacks_end", "wagered", "rake", "drop", "street", "showdown")
        return all(np.array_equal(getattr(self, k), getattr(other, k)) for k in names) and (
            np.array_equal(self.bad_beat, other.bad_beat)
        )


def _empty(count: int, n: int, buy_in: int, stacks: Ints | None = None) -> HandArrays:
    """Zeroed outcomes of ``count`` hands, every seat starting at ``buy_in`` or ``stacks``."""
    start = np.full((count, n), buy_in, np.int64)
    if stacks is not None:
        start[:] = stacks
        if (start <= 0).any():
            raise OptionError("every seat dealt in needs chips (stacks above 0)")
    return HandArrays(
        stacks_start=start,
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


def bot_reason(players: Sequence[BotPolicy]) -> str | None:
    """Why the compiled bots cannot play ``players``, or ``None``.

    The compiled path reproduces :meth:`BotPolicy.decide` from a bot's
    ``tightness``, ``aggression`` and ``bluff``; a subclass with its own
    ``decide()`` (or any other object) would silently play the default logic.
    """
    for seat, bot in enumerate(players):
        if not isinstance(bot, BotPolicy) or type(bot).decide is not BotPolicy.decide:
            name = getattr(bot, "name", "?")
            return f"bot {name!r} (player {seat}, {type(bot).__name__}) decides with its own logic"
    return None


def fallback_reason(
    variant: StudVariant, table: StudTable, players: Sequence[BotPolicy]
) -> str | None:
    """Why this configuration needs the Python engine, or ``None`` when the fast path fits.

    The fast path plays every betting structure (fixed, spread, pot and no
    limit) with all-ins, side pots and the table's all-in options, and deals
    a short deck as the Python engine does (burn cards reused, then one
    community card). It needs the default bot logic (:func:`bot_reason`),
    the classic variants (no variant-language rules, no community-card
    streets in the variant) and at most 10 players holding at most 8 cards.
    ``fold_when_check_free`` changes nothing for the default bots, which never
    fold when checking is free.
    """
    reason = bot_reason(players)
    if reason is not None:
        return reason
    if variant.extended:
        return "the variant language (decks, wild cards, choices, restrictions, splits)"
    if any(s.community for s in variant.streets):
        return "community-card streets"
    if not 2 <= len(players) <= 10 or variant.cards_per_player > 8:
        return "more than 10 players or 8 cards a player"
    return None


_RANKINGS = {
    "high": RANK_HIGH,
    "hi-lo-8": RANK_HILO,
    "ace-to-five": RANK_LOW,
    "ace-to-six": RANK_LOW6,
}


_CONFIGS: dict[tuple[int, int], tuple[StudVariant, StudTable, StudGame]] = {}


def kernel_config(variant: StudVariant, table: StudTable) -> StudGame:
    """The compiled kernels' :class:`~casino_sim.games.poker_room.fast_state.StudGame` for
    ``variant`` at ``table``, built once per (variant, table)."""
    key = (id(variant), id(table))
    if key not in _CONFIGS:
        if len(_CONFIGS) >= 64:
            _CONFIGS.pop(next(iter(_CONFIGS)))
        cfg, streets = _config(variant, table)
        game = StudGame(cfg, streets, _rake_config(table), table.odd_chip == "first-seat")
        _CONFIGS[key] = (variant, table, game)  # keeps the ids alive
    return _CONFIGS[key][2]


def _config(variant: StudVariant, table: StudTable) -> tuple[Ints, Ints]:
    limits = BetLimits.of(table)
    big_bet_option = table.big_bet_cents > table.small_bet_cents
    big_game = not limits.capped  # pot and no limit: short all-ins reopen nothing (state.py)
    values = {
        "n_streets": len(variant.streets),
        "ranking": _RANKINGS[variant.ranking],
        "bring_mode": {"lowest": 0, "highest": 1, "none": 2}[variant.bring_in],
        "bring_ace_low": variant.bring_in_ace_low,
        "low_first": variant.first_to_act == "best-low",
        "by_suit": table.tie_break == "suit",
        "open_pair_rule": limits.fixed and variant.open_pair_big_bet and big_bet_option,
        "burn": variant.burn,
        "ante": table.ante_cents,
        "bring": table.bring_in_cents,
        "small": table.small_bet_cents,
        "big": table.big_bet_cents,
        "cap": -1 if table.max_bets is None else table.max_bets,
        "uncapped_heads_up": table.uncapped_heads_up,
        "structure": STRUCTURES[table.structure],
        "spread_max": limits.spread_max,
        "half_bet": table.short_all_in == "half-bet" and not big_game,
        "raise_on_all_in": table.short_all_in_raise == "all-in-plus-bet",
        "complete_short": table.complete_short_all_in and not big_game,
    }
    cfg = np.array([int(values[k]) for k in CFG_FIELDS], np.int64)
    streets = np.array([(s.down, s.up, s.big) for s in variant.streets], np.int64)
    return cfg, streets


def _rake_config(table: StudTable) -> Ints:
    """The rake vector (:data:`~casino_sim.games.poker_room.fast_state.RAKE_FIELDS`)."""
    rake, bb = table.rake, table.bad_beat
    values: dict[str, int] = {  # no rake from pots: none, or time collection
        "kind": NO_RAKE,
        "rate_numerator": 0,
        "rate_denominator": 1,
        "cap": -1,
        "no_first_street": True,
        "increment": 1,
        "drop": 0,
        "min_pot": 0,
    }
    if isinstance(rake, PercentRake):
        values |= {
            "kind": PERCENT_RAKE,
            "rate_numerator": rake.rate.numerator,
            "rate_denominator": rake.rate.denominator,
            "cap": -1 if rake.cap_cents is None else rake.cap_cents,
            "no_first_street": rake.no_rake_third_street,
            "increment": rake.increment_cents,
            "min_pot": rake.min_pot_cents,
        }
    elif isinstance(rake, DropRake):
        values |= {
            "kind": DROP_RAKE,
            "no_first_street": rake.no_rake_third_street,
            "drop": rake.amount_cents,
            "min_pot": rake.min_pot_cents,
        }
    values |= {
        "jackpot": bb is not None,
        "jackpot_drop": 0 if bb is None else bb.drop_cents,
        "jackpot_min_pot": 0 if bb is None else bb.min_pot_cents,
        "jackpot_min_value": 0 if bb is None else bb.qualifying_hand.min_value,
        "jackpot_min_players": 2 if bb is None else bb.min_players,
    }
    return np.array([int(values[k]) for k in RAKE_FIELDS], np.int64)


def _evaluate(
    variant: StudVariant, cards: NDArray[np.int8], mask: NDArray[np.bool_]
) -> tuple[Ints, Ints]:
    """High and low values of every showdown seat, one batched evaluator call."""
    high = np.full(mask.shape, -1, np.int64)
    low = np.full(mask.shape, -1, np.int64)
    if not mask.any():
        return high, low
    rows = np.ascontiguousarray(cards[mask])
    if variant.ranking == "high":
        high[mask] = evaluate_high(rows, validate=False)
    elif variant.ranking == "hi-lo-8":
        hi, lo = evaluate_hilo(rows, validate=False)
        high[mask], low[mask] = hi, lo
    else:
        rules: LowRanking = "ace-to-six" if variant.ranking == "ace-to-six" else "ace-to-five"
        low[mask] = evaluate_low(rows, rules=rules, validate=False)
    return high, low


def play_compiled(
    variant: StudVariant,
    table: StudTable,
    players: Sequence[BotPolicy],
    decks: NDArray[np.int8],
    uniforms: NDArray[np.float64],
    first: int,
    *,
    stacks: Ints | None = None,
) -> HandArrays:
    """Play the hands of ``decks``/``uniforms``; hand ``h`` seats ``players[(first+h+s) % n]``.

    Every seat starts with the buy-in, or ``stacks[h, s]`` cents (each above 0)
    when given. A configuration :func:`fallback_reason` sends to the Python
    engine (e.g. a bot the compiled path cannot reproduce) raises
    :class:`~casino_sim.errors.OptionError`.
    """
    reason = fallback_reason(variant, table, players)
    if reason is not None:
        raise OptionError(f"the compiled stud engine cannot play {reason}")
    n = len(players)
    out, played = _deal(variant, table, players, decks, uniforms, first, stacks)
    _settle(variant, kernel_config(variant, table), out, played)
    replay = np.flatnonzero(played.status)
    if replay.size:
        dealer = StudDealer(variant, table)
        for h in replay.tolist():
            seated = [players[(first + h + s) % n] for s in range(n)]
            start = out.stacks_start[h].tolist()
            _store(out, h, dealer.play_dealt(decks[h], uniforms[h], seated, start))
    out.replayed = int(replay.size)
    return out


def _deal(
    variant: StudVariant,
    table: StudTable,
    players: Sequence[BotPolicy],
    decks: NDArray[np.int8],
    uniforms: NDArray[np.float64],
    first: int,
    stacks: Ints | None,
) -> tuple[HandArrays, Played]:
    """The hand loop over ``decks``: the outcomes so far and what the settlement reads (its
    ``wagered`` and ``street`` are the outcomes' arrays)."""
    n, count = len(players), len(decks)
    bots = np.array([(b.tightness, b.aggression, b.bluff) for b in players], np.float64)
    out = _empty(count, n, table.buy_in_cents, stacks)
    played = _played(out, variant.cards_per_player)
    block = Block(
        np.ascontiguousarray(decks, np.int8),
        np.ascontiguousarray(uniforms, np.float64),
        out.stacks_start,
    )
    play_hands(block, first, kernel_config(variant, table), bots, played)
    return out, played


def _played(out: HandArrays, cards_per_player: int) -> Played:
    """Zeroed hand-loop outputs beside ``out`` (sharing its ``wagered`` and ``street``)."""
    count, n = out.wagered.shape
    return Played(
        status=np.zeros(count, np.int8),
        wagered=out.wagered,
        live=np.zeros((count, n), np.bool_),
        street=out.street,
        cards=np.zeros((count, n, cards_per_player), np.int8),
        n_comm=np.zeros(count, np.int64),
    )


def compile_hand_loop(
    variant: StudVariant,
    table: StudTable,
    players: Sequence[BotPolicy],
    decks: NDArray[np.int8],
    uniforms: NDArray[np.float64],
) -> None:
    """Compile the hand loop for this table (or load it from numba's cache) without the
    settlement: the hands of ``decks`` played and not settled."""
    _deal(variant, table, players, decks, uniforms, 0, None)


def _settle(variant: StudVariant, game: StudGame, out: HandArrays, played: Played) -> None:
    """Showdowns, hand values and the settlement of every hand the hand loop played."""
    n_live = played.live.sum(axis=1)
    out.showdown[:] = (played.status == 0) & (n_live > 1)
    high, low = _evaluate(variant, played.cards, out.showdown[:, None] & played.live)
    settle_hands(played, high, low, out.stacks_start, game, out.settled())


def compile_settlement(variant: StudVariant, table: StudTable, players: int) -> None:
    """Compile the settlement kernel and the variant's evaluator for ``table`` (or load them
    from numba's cache) without the hand loop: one showdown of ``players`` seats, nothing
    wagered (the kernels' argument types are those of played hands)."""
    cards_per_seat = variant.cards_per_player
    out = _empty(1, players, table.buy_in_cents)
    played = _played(out, cards_per_seat)
    played.live[:] = True
    played.cards[:] = (np.arange(players * cards_per_seat) % 52).reshape(played.cards.shape)
    _settle(variant, kernel_config(variant, table), out, played)


def play_python(
    variant: StudVariant,
    table: StudTable,
    players: Sequence[BotPolicy],
    decks: NDArray[np.int8],
    uniforms: NDArray[np.float64],
    first: int,
    *,
    keep_hands: bool = False,
    stacks: Ints | None = None,
) -> tuple[HandArrays, list[HandResult]]:
    """The same block played by the Python engine (and the results when ``keep_hands``)."""
    n, count = len(players), len(decks)
    dealer = StudDealer(variant, table)
    out = _empty(count, n, table.buy_in_cents, stacks)
    kept: list[HandResult] = []
    for h in range(count):
        seated = [players[(first + h + s) % n] for s in range(n)]
        start = out.stacks_start[h].tolist()
        r = dealer.play_dealt(decks[h], uniforms[h], seated, start, keep_hand=keep_hands)
        _store(out, h, r)
        if keep_hands:
            kept.append(r)
    return out, kept
