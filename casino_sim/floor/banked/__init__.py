"""Any banked game on the floor (``game: banked``): one registry entry for every ``kind:
banked_game`` file.

:data:`GAME` is what the floor knows of the banked-game language:

- the plan every replication shares (:class:`~casino_sim.floor.banked.plan.BankedPlan`):
  the game solved exactly for each player type's strategy (``optimal`` or one of the
  file's named strategies), each type's money by cell at its bet, the side bets on the felt
  with their exact edges;
- the group in a replication: :class:`~casino_sim.floor.banked.table.BankedGameTable`
  tables (their rounds dealt and settled by the banked Monte Carlo's primitives) and a
  random open seat for each arrival;
- the group's own figures (main game and theoretical win, measured and exact house edge per
  initial bet, side bets with their measured and exact edge) and the report rows;
- a progressive side bet on the group's linked meter (``progressive: METER``, as a Caribbean
  Stud group's): the meter's figures are the floor's (jackpot growth, hits, its side bets'
  return), the group's win keeps the side bets' share the meter does not take.

>>> from casino_sim.config import load_floor
>>> floor = load_floor("floors/pit-banked")
>>> GAME.rules(floor, floor.group("three-card"))["banked_game"]
'Three Card Poker'
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from casino_sim.config.floor_loader import Floor
from casino_sim.floor.banked.plan import BankedPlan, prepare_plan
from casino_sim.floor.banked.table import REBUY_BETS, BankedGameTable, SeatTerms
from casino_sim.floor.figures import GroupResult
from casino_sim.floor.games import FigureRow, MeterGame
from casino_sim.floor.meters import LinkedProgressive
from casino_sim.floor.seating import RandomSeat
from casino_sim.floor.tables import FloorContext, FloorTable, Visit
from casino_sim.floor.tally import (
    INITIAL_BETS,
    MAIN_WIN,
    SIDE_HANDLE,
    SIDE_PAID,
    THEO_WIN,
    TableTally,
)
from casino_sim.games.banked.language.table_api import analyze_side_bet

__all__ = ["GAME", "BankedFloorGame"]


class _Felt(RandomSeat):
    """A banked game group in a replication: a random open seat for each arrival."""

    def __init__(self, floor: FloorContext, definition: Any, tables: list[FloorTable],
                 plan: BankedPlan) -> None:  # fmt: skip
        super().__init__(floor, definition, tables)
        self.plan = plan
        self._terms: dict[tuple[int, bool, int], SeatTerms] = {}

    def terms(self, visit: Visit, table: FloorTable, side: bool, bet: int) -> None:
        kind = self.floor.kinds[visit.kind]
        key = (visit.kind, side, bet)
        if key not in self._terms:  # one SeatTerms per player type, side bet and bet
            money = self.plan.money[kind.name, bet]
            side = side and money.side_stake > 0
            most = money.most_stake + (money.side_stake if side else 0)
            self._terms[key] = SeatTerms(money, side, kind.buy_in is not None, most)
        terms = visit.play = self._terms[key]
        visit.buy_ins = terms.money.bet * REBUY_BETS if kind.buy_in is None else kind.buy_in


def _side_label(group: GroupResult) -> str:
    """The side-bet row's label: the side bets on the felt, their measured and exact edge (a
    progressive: its meter, whose figures are the floor's meter section)."""
    meter = group.rules.get("progressive")
    if meter is not None:
        return f"side bets per day: the progressive on meter {meter!r}"
    felt = ", ".join(group.rules.get("side_bets_on_felt", {})) or "none on the felt"
    measured, exact = group.figures["side_bet_house_edge"].mean, group.side_bet_exact_edge
    if not (math.isfinite(measured) and exact is not None):
        return f"side bets per day: {felt}"
    return f"side bets per day: {felt} (edge {measured:.3%}, exact {exact:.3%})"


class BankedFloorGame(MeterGame):
    """Every banked_game file on the floor."""

    game = "banked"
    label = "banked game"
    edge_check = True
    rows = (
        FigureRow("rounds_per_table_hour", "rounds per table-hour", "number", par=False),
        FigureRow("main_game_win", "main game: win per day", "money", per_day=True),
        FigureRow(
            "theoretical_win",
            "main game: theoretical win per day (bets x exact house edge)",
            "money",
            per_day=True,
        ),
        FigureRow(
            "house_edge_per_initial_bet",
            lambda g: f"{g.banked_game}: house edge per initial bet, measured",
            "percent",
            exact="theoretical_edge_per_initial_bet",
            slug="house_edge",
            note="beside it the exact edge of the hands played (players' bets and strategies)",
        ),
        FigureRow(
            "theoretical_edge_per_initial_bet",
            "house edge per initial bet, exact",
            "percent",
            par=False,
        ),
        FigureRow("side_bet_handle", _side_label, "money", per_day=True),
    )

    def prepare(self, floor: Floor, group: Any, *, exact: bool = True) -> BankedPlan:
        """Solve the game for each strategy played at ``group`` (exact in any case: the
        strategy is the solver's) and settle its cells at each player type's bet."""
        return prepare_plan(floor, group)

    def open_group(
        self,
        floor: FloorContext,
        group: Any,
        prepared: object,
        *,
        first: int,
        rngs: list[np.random.Generator],
        seats: int,
    ) -> _Felt:
        assert isinstance(prepared, BankedPlan)
        meter = floor.meters.get(group.progressive) if group.progressive else None
        assert meter is None or isinstance(meter, LinkedProgressive)
        tables: list[FloorTable] = [
            BankedGameTable(
                first + i,
                prepared,
                rng,
                seats=seats,
                tally=TableTally(floor.hours),
                ledger=floor.ledger,
                log=floor.log,
                meter=meter,
            )
            for i, rng in enumerate(rngs)
        ]
        return _Felt(floor, group, tables, prepared)

    def figures(self, totals: np.ndarray, hours: float, group: Any) -> dict[str, np.ndarray]:
        """A group with a progressive meter: what the house paid of its side bets (the fixed
        awards and envy bonuses; the meter pays the share awards later, so the side bet's
        return is the meter's figure), as at a Caribbean Stud group, and no edge of them."""
        bets = np.where(totals[:, INITIAL_BETS] > 0, totals[:, INITIAL_BETS], np.nan)
        sides = np.where(totals[:, SIDE_HANDLE] > 0, totals[:, SIDE_HANDLE], np.nan)
        out = {
            "main_game_win": totals[:, MAIN_WIN] / 100,
            "theoretical_win": totals[:, THEO_WIN] / 100,
            "house_edge_per_initial_bet": totals[:, MAIN_WIN] / bets,
            "theoretical_edge_per_initial_bet": totals[:, THEO_WIN] / bets,
            "side_bet_handle": totals[:, SIDE_HANDLE] / 100,
        }
        if group.progressive is not None:
            return out | {"side_bet_awards_paid_by_house": totals[:, SIDE_PAID] / 100}
        return out | {
            "side_bet_paid": totals[:, SIDE_PAID] / 100,
            "side_bet_house_edge": (totals[:, SIDE_HANDLE] - totals[:, SIDE_PAID]) / sides,
        }

    def rules(self, floor: Floor, group: Any) -> dict[str, Any]:
        """The game's name and file, the side bets on the felt with their exact edges, and
        ``side_bet_exact_edge``: the exact edge of the side-bet handle (every session that
        plays side bets bets each of them alike, so the mean of theirs; None without), and the
        ``progressive`` meter the group's progressive side bet is on (None without)."""
        game = floor.banked_games[group.name]
        felt = {f"{name} {table}": float(analyze_side_bet(game, name, table).house_edge)
                for name, table in group.side_bets.items()}  # fmt: skip
        return {
            "banked_game": game.name,
            "definition": group.definition,
            "side_bets_on_felt": felt,
            "side_bet_exact_edge": sum(felt.values()) / len(felt) if felt else None,
            "progressive": group.progressive,
        }


#: The registry's entry for ``game: banked``.
GAME = BankedFloorGame()
