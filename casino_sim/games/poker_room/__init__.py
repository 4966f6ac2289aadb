"""House-dealt stud: a rules-exact fixed-limit engine for seven-card stud and its variants.

The rules are data: a :class:`StudVariant` (streets, ranking, bring-in) and a
:class:`StudTable` (stakes, cap, floor rules, rake, bad-beat jackpot), exactly
as loaded from the YAML definitions (shipped names such as
``stud/seven_card_stud`` and ``stud/tables/5-10`` work in every loader).

>>> import numpy as np
>>> from casino_sim.games.poker_room import (
...     StudDealer, default_population, load_stud_table, load_stud_variant, simulate_stud)
>>> variant = load_stud_variant("stud/seven_card_stud")
>>> table = load_stud_table("stud/tables/5-10")
>>> result = StudDealer(variant, table).play_hand(np.random.default_rng(1), default_population(6))
>>> sum(result.stacks_end) + result.rake + result.drop == sum(result.stacks_start)
True
>>> run = simulate_stud(variant, table, 8, hands=2_000, seed=1)
>>> run.engine, run.hands
('compiled', 2000)
"""

from casino_sim.config import (
    BadBeatJackpot,
    DropRake,
    NoRake,
    PercentRake,
    QualifyingHand,
    Street,
    StudTable,
    StudVariant,
    TimeRake,
    load_stud_table,
    load_stud_variant,
)
from casino_sim.config.stud_table import Pace
from casino_sim.games.poker_room.board import bring_in_seat, first_to_act
from casino_sim.games.poker_room.bots import BotPolicy, default_population, hand_strength
from casino_sim.games.poker_room.dealer import HandResult, StudDealer
from casino_sim.games.poker_room.decks import stacked_deck
from casino_sim.games.poker_room.history import HandRecord, read_history
from casino_sim.games.poker_room.house import JackpotMeter, rake_cents, time_collection_cents
from casino_sim.games.poker_room.pots import Pot, side_pots, split
from casino_sim.games.poker_room.showdown import Award, Settlement, settle
from casino_sim.games.poker_room.simulate import (
    ChunkResult,
    PlayerResult,
    StudRunResult,
    simulate_stud,
)
from casino_sim.games.poker_room.state import Action, LegalActions, StudActionError, StudHand

__all__ = [
    "Action",
    "Award",
    "BadBeatJackpot",
    "BotPolicy",
    "ChunkResult",
    "DropRake",
    "HandRecord",
    "HandResult",
    "JackpotMeter",
    "LegalActions",
    "NoRake",
    "Pace",
    "PercentRake",
    "PlayerResult",
    "Pot",
    "QualifyingHand",
    "Settlement",
    "Street",
    "StudActionError",
    "StudDealer",
    "StudHand",
    "StudRunResult",
    "StudTable",
    "StudVariant",
    "TimeRake",
    "bring_in_seat",
    "default_population",
    "first_to_act",
    "hand_strength",
    "load_stud_table",
    "load_stud_variant",
    "rake_cents",
    "read_history",
    "settle",
    "side_pots",
    "simulate_stud",
    "split",
    "stacked_deck",
    "time_collection_cents",
]
