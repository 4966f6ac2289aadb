"""What a table on the floor uses of the banked-game language: the one module the floor imports
from it.

The floor (``casino_sim.floor.banked``) puts any ``kind: banked_game`` file on its tables:
it solves the game for each player type's strategy (``solve_banked``, ``strategy_names``)
and counts the side bets on the felt (``analyze_side_bet``); it deals rounds with the Monte
Carlo's primitives (``deal_block`` from a persistent deck, ``round_shape`` and
``seat_rows`` to give each seat its deal, ``prepare`` and ``deal_cells`` to play and
classify it) and settles each deal's cell with the solver's ``settle``, each side bet with
``side_bet_pays`` and ``side_bet_lines``, a progressive side bet by the category of each hand
(``hand_categories``; its meter is the floor's linked meter). Everything here is defined elsewhere in the
package; this module only names the surface (``tests/test_layers.py`` checks the floor's
imports).

>>> from casino_sim.games.banked.language import table_api
>>> callable(table_api.deal_cells), table_api.KERNELS.name
(True, 'banked-game Monte Carlo')
"""

from __future__ import annotations

from casino_sim.games.banked.language import (
    Outcome,
    Solved,
    analyze_side_bet,
    at_ante,
    settle,
    solve_banked,
    strategy_names,
)
from casino_sim.games.banked.language.progressive import hand_categories
from casino_sim.games.banked.language.rounds import RoundShape, round_shape, seat_rows
from casino_sim.games.banked.language.side_bets import SideBetPays, side_bet_lines, side_bet_pays
from casino_sim.games.banked.language.simulate import (
    KERNELS,
    Prepared,
    deal_block,
    deal_cells,
    prepare,
)

__all__ = [
    "KERNELS",
    "Outcome",
    "Prepared",
    "RoundShape",
    "SideBetPays",
    "Solved",
    "analyze_side_bet",
    "at_ante",
    "deal_block",
    "deal_cells",
    "hand_categories",
    "prepare",
    "round_shape",
    "seat_rows",
    "settle",
    "side_bet_lines",
    "side_bet_pays",
    "solve_banked",
    "strategy_names",
]
