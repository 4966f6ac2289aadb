"""The games on the floor, by the ``game:`` a floor file's table group names.

>>> sorted(GAMES)
['banked', 'caribbean_stud', 'stud']
>>> game_of("caribbean_stud").label
'Caribbean Stud'
>>> game_of("keno")
Traceback (most recent call last):
...
KeyError: "no floor game 'keno' (games: banked, caribbean_stud, stud)"

A game of one's own is one module with a :class:`~casino_sim.floor.games.FloorGame`
(its plan, its tables, its seating, its figures and report rows), registered
with :func:`register_game` before the floor runs, and its group definition.
"""

from __future__ import annotations

from casino_sim.floor import banked, caribbean, stud
from casino_sim.floor.games import FloorGame

__all__ = ["GAMES", "game_of", "label_of", "register_game"]

#: The registry: a floor game by its ``game:`` value.
GAMES: dict[str, FloorGame] = {game.game: game for game in (caribbean.GAME, banked.GAME, stud.GAME)}


def register_game(game: FloorGame) -> None:
    """Add ``game`` to the registry (or replace the entry of the same ``game:``)."""
    if not game.game:
        raise ValueError("a floor game needs its game: value (FloorGame.game)")
    GAMES[game.game] = game


def game_of(name: str) -> FloorGame:
    """The floor game ``name`` (a group's ``game:``); ``KeyError`` naming the games."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no floor game {name!r} (games: {', '.join(sorted(GAMES))})") from None


def label_of(name: str) -> str:
    """How the reports name game ``name`` (the name itself for a game not registered)."""
    game = GAMES.get(name)
    return game.label if game is not None else name
