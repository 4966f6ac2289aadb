"""What a table on the floor uses of the poker room: the one module the floor imports from this game.

The floor (``casino_sim.floor.stud``) seats players at a stud table on the clock
and plays the hands of each stretch with the same players (a segment) in one
compiled call; for that it needs the bots, the compiled engine's state and
kernels (:mod:`~casino_sim.games.poker_room.fast_state`: ``StudGame``, ``Block``,
``Played``, ``Outcomes``, ``Settled``), the Python twin for what the compiled
engine does not play, and the house's rules (time collection, the bad-beat
meter). Everything here is defined elsewhere in the package; this module only
names the surface, so the floor never reaches into the engine's modules and a
change behind it stays behind it (``tests/test_layers.py`` checks the floor's
imports). Importing it costs nothing over the package itself.

>>> from casino_sim.games.poker_room import table_api
>>> table_api.UNIFORMS_PER_HAND, table_api.HALF_HOUR_SECONDS
(64, 1800)
"""

from casino_sim.games.poker_room.bots import BotPolicy, default_population
from casino_sim.games.poker_room.dealing import UNIFORMS_PER_HAND
from casino_sim.games.poker_room.fast import (
    KERNELS,
    fallback_reason,
    kernel_config,
    play_compiled,
    play_python,
)
from casino_sim.games.poker_room.fast_bots import RANK_HIGH, RANK_HILO, RANK_LOW
from casino_sim.games.poker_room.fast_kernel import play_hands
from casino_sim.games.poker_room.fast_rules import RANKING
from casino_sim.games.poker_room.fast_settle import settle_hands
from casino_sim.games.poker_room.fast_state import Block, Outcomes, Played, Settled, StudGame
from casino_sim.games.poker_room.house import HALF_HOUR_SECONDS, JackpotMeter

__all__ = [
    "HALF_HOUR_SECONDS",
    "KERNELS",
    "RANKING",
    "RANK_HIGH",
    "RANK_HILO",
    "RANK_LOW",
    "UNIFORMS_PER_HAND",
    "Block",
    "BotPolicy",
    "JackpotMeter",
    "Outcomes",
    "Played",
    "Settled",
    "StudGame",
    "default_population",
    "fallback_reason",
    "kernel_config",
    "play_compiled",
    "play_hands",
    "play_python",
    "settle_hands",
]
