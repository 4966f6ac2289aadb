"""The poker room, in one import: stud variants and tables from YAML, the engine, bots, simulation.

The public face of :mod:`casino_sim.games.poker_room`; see ``docs/stud.md``.

>>> from casino_sim.poker_room import load_stud_table, load_stud_variant, simulate_stud
>>> run = simulate_stud(load_stud_variant("stud/razz"), load_stud_table("stud/tables/5-10"), 6,
...                     hands=200, seed=1)
>>> run.hands, run.variant
(200, 'razz')
"""

from casino_sim.games.poker_room import *  # noqa: F403 -- the facade re-exports the curated API
from casino_sim.games.poker_room import __all__ as __all__
