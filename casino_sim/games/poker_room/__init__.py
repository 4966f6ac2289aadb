"""House-dealt stud: a rules-exact fixed-limit engine for seven-card stud and its variants.

>>> from casino_sim.games.poker_room import TableRules, seven_card_stud, StudTable, default_population
>>> import numpy as np
>>> t = StudTable(seven_card_stud(), TableRules(ante=100, bring_in=200, small_bet=500, big_bet=1000))
>>> result = t.play_hand(np.random.default_rng(1), default_population(6))
>>> sum(result.stacks_end) + result.rake + result.drop == sum(result.stacks_start)
True
"""

from casino_sim.games.poker_room.board import (
    bring_in_seat,
    first_to_act,
    high_board_key,
    low_board_key,
)
from casino_sim.games.poker_room.bots import BotPolicy, default_population, hand_strength
from casino_sim.games.poker_room.decks import stacked_deck
from casino_sim.games.poker_room.house import BadBeatRule, JackpotMeter, RakeKind, RakeRule
from casino_sim.games.poker_room.pots import Pot, side_pots, split
from casino_sim.games.poker_room.rules import (
    BringIn,
    FirstToAct,
    OddChip,
    Ranking,
    ShortAllIn,
    StreetRule,
    TableRules,
    TieBreak,
    VariantRules,
    five_card_stud,
    razz,
    seven_card_stud,
    stud_hilo,
)
from casino_sim.games.poker_room.showdown import Award, Settlement
from casino_sim.games.poker_room.state import Action, LegalActions, StudActionError, StudHand
from casino_sim.games.poker_room.table import HandResult, StudTable

__all__ = [
    "Action",
    "Award",
    "BadBeatRule",
    "BotPolicy",
    "BringIn",
    "FirstToAct",
    "HandResult",
    "JackpotMeter",
    "LegalActions",
    "OddChip",
    "Pot",
    "RakeKind",
    "RakeRule",
    "Ranking",
    "Settlement",
    "ShortAllIn",
    "StreetRule",
    "StudActionError",
    "StudHand",
    "StudTable",
    "TableRules",
    "TieBreak",
    "VariantRules",
    "bring_in_seat",
    "default_population",
    "first_to_act",
    "five_card_stud",
    "hand_strength",
    "high_board_key",
    "low_board_key",
    "razz",
    "seven_card_stud",
    "side_pots",
    "split",
    "stacked_deck",
    "stud_hilo",
]
