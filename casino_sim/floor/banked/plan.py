"""What every replication shares for a banked game group: the game solved for each player
type's strategy, each type's money by cell, the side bets on the felt and their exact edges.

A cell is one way a deal ends (the Monte Carlo's :class:`~casino_sim.games.banked.language.
table_api.Prepared`); the solver's ``settle`` gives its net result on every wager in units,
turned here once into cents at each player type's bet (whole cents, breakage to the house).

>>> from casino_sim.config import load_floor
>>> floor = load_floor("floors/pit-banked")
>>> plan = prepare_plan(floor, floor.group("three-card"))
>>> plan.edges["Q-6-4"] == plan.edges["optimal"], plan.edges["optimal"], plan.side_edges
(True, Fraction(686689, 20358520), {'pair_plus 40-30-6-4-1': Fraction(128, 5525)})
>>> money = plan.money["tcp-player", 1000]
>>> money.bet, money.most_stake, money.side_stake
(1000, 2000, 1000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.floor import BankedGameGroup
from casino_sim.config.floor_loader import Floor
from casino_sim.config.money import cents
from casino_sim.games.banked.language.table_api import (
    Prepared,
    SideBetPays,
    analyze_side_bet,
    at_ante,
    prepare,
    settle,
    side_bet_pays,
    solve_banked,
)

__all__ = ["BankedPlan", "ProgressiveTerms", "TypeMoney", "prepare_plan"]


@dataclass(frozen=True, eq=False)
class TypeMoney:
    """A player type's money at a banked game group, cents: its ``bet`` (the initial bet on
    the game's ``house_edge_per`` wager), the stake and the payout (wagers returned included)
    of each cell of its strategy (``slot``), its theoretical win a hand (the bet x the exact
    house edge) and what each side bet on the felt pays back by line."""

    slot: str
    bet: int
    stake: np.ndarray  # int64 per cell
    paid: np.ndarray  # int64 per cell
    theo: float
    side_paid: tuple[np.ndarray, ...]  # per side bet on the felt: int64 per line
    side_stake: int  # the side bets a round: on the felt, one bet each, and the progressive
    most_stake: int  # the largest main-game stake of a hand


@dataclass(frozen=True, eq=False)
class BankedPlan:
    """A banked game group's game, strategies, money by player type and side bets."""

    game: BankedGame
    pace: tuple[float, ...]  # seconds a round takes with n players, n = 0 .. seats
    #: by strategy name (under a payout cap, ``name@bet``: a strategy per bet in money)
    strategies: Mapping[str, Prepared]  # the Monte Carlo's arrays
    edges: Mapping[str, Fraction]  # the exact house edge per bet
    money: Mapping[tuple[str, int], TypeMoney]  # by player type and bet (cents)
    side_bets: tuple[SideBetPays, ...]  # on the felt
    side_edges: Mapping[str, Fraction]  # "side bet paytable" -> its exact house edge
    progressive: ProgressiveTerms | None = None  # the progressive side bet, on a linked meter


@dataclass(frozen=True, eq=False)
class ProgressiveTerms:
    """A group's progressive side bet on its linked meter: the cards of a seat's deal its hand
    reads (``owners`` through stage ``through``), the bet (``wager``, cents) and by hand category
    (``CATEGORY_KEYS`` order) the house's fixed award (``fixed``), the envy bonus each other
    seat with a side bet gets (``envy``) and whether the meter pays a share (``meter_hands``)."""

    owners: tuple[str, ...]
    through: str
    wager: int
    fixed: np.ndarray  # int64[10], cents
    envy: np.ndarray  # int64[10], cents
    meter_hands: np.ndarray  # bool[10]


def _progressive(floor: Floor, group: BankedGameGroup, game: BankedGame) -> ProgressiveTerms | None:
    """The terms of ``group``'s progressive meter (the loader set the game's progressive side
    bet to the meter's file)."""
    if group.progressive is None:
        return None
    table = floor.progressives[group.progressive]
    (hand,) = (side.hand for side in game.side_bets.values() if side.progressive is not None)
    fixed, envy = np.zeros(len(CATEGORY_KEYS), np.int64), np.zeros(len(CATEGORY_KEYS), np.int64)
    shares = np.zeros(len(CATEGORY_KEYS), np.bool_)
    for key, award in table.awards.items():
        fixed[CATEGORY_KEYS.index(key)] = cents(award.fixed or 0)
        shares[CATEGORY_KEYS.index(key)] = bool(award.meter_share)
    for key, bonus in table.envy_bonuses.items():
        envy[CATEGORY_KEYS.index(key)] = cents(bonus)
    return ProgressiveTerms(tuple(hand.cards), hand.through, cents(table.wager), fixed, envy,
                            shares)  # fmt: skip


def prepare_plan(floor: Floor, group: BankedGameGroup) -> BankedPlan:
    """Solve ``group``'s game for each strategy its player types play and settle every cell
    in cents at each bet a type may place there (its wanted bets against the table minimums
    of the week)."""
    game = floor.banked_games[group.name]
    unit = game.wagers[game.house_edge_per].initial
    strategies: dict[str, Prepared] = {}
    edges: dict[str, Fraction] = {}
    nets: dict[str, tuple[np.ndarray, tuple[Fraction, ...]]] = {}
    sides = tuple(side_bet_pays(game, name, table) for name, table in group.side_bets.items())
    progressive = _progressive(floor, group, game)
    wager = 0 if progressive is None else progressive.wager
    money: dict[tuple[str, int], TypeMoney] = {}
    capped = any(w.max_payout is not None for w in game.wagers.values())
    for kind in floor.definition.traffic.players:
        if group.name not in kind.games:
            continue
        for amount in kind.stakes_at(group):
            # a payout cap: the strategy and the nets depend on the bet (in money)
            slot = f"{kind.strategy}@{amount}" if capped else kind.strategy
            if slot not in strategies:
                priced = at_ante(game, amount) if capped else game
                solved = solve_banked(priced, kind.strategy)
                strategies[slot] = prepared = prepare(priced, solved.strategy, 1, 1)
                edges[slot] = solved.analysis.house_edge
                stakes = np.array([sum(cell.amounts) for cell in prepared.cells], np.int64)
                returns = tuple(sum(settle(priced, cell), Fraction(sum(cell.amounts)))
                                for cell in prepared.cells)  # fmt: skip
                nets[slot] = (stakes, returns)
            bet = cents(amount)
            money[kind.name, bet] = _type_money(slot, bet, unit, nets[slot], edges[slot], sides,
                                                progressive=wager)  # fmt: skip
    side_edges = {
        f"{s.side_bet} {s.paytable}": analyze_side_bet(game, s.side_bet, s.paytable).house_edge
        for s in sides
    }
    pace = tuple(group.pace.seconds(n) for n in range(group.seats + 1))
    return BankedPlan(game, pace, strategies, edges, money, sides, side_edges, progressive)


def _type_money(
    slot: str,
    bet: int,
    unit: int,
    nets: tuple[np.ndarray, tuple[Fraction, ...]],
    edge: Fraction,
    sides: tuple[SideBetPays, ...],
    *,
    progressive: int,
) -> TypeMoney:
    """A strategy's cells in cents at a bet of ``bet`` cents (``unit`` units of the initial
    bet: whole cents, the loader checked); ``progressive``: the progressive's bet, cents (0:
    none), one of the side bets a session that plays them places."""
    per_unit = bet // unit
    stakes, returns = nets
    return TypeMoney(
        slot=slot,
        bet=bet,
        stake=stakes * per_unit,
        paid=np.array([int(per_unit * r) for r in returns], np.int64),
        theo=bet * float(edge),
        side_paid=tuple(np.array([int(bet * r) for r in s.returns], np.int64) for s in sides),
        side_stake=bet * len(sides) + progressive,
        most_stake=int(stakes.max()) * per_unit,
    )
