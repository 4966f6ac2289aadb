"""The layer map, kept in one place: imports point down only (checked by tests/test_layers.py).

Each layer lists its components (a top-level module or package of ``casino_sim``).
A module may import from any lower layer and from its own component, never from
a higher layer or a sibling component of its layer. Each game under ``games/``
is a component of its own, so games never import each other. The package root
(``casino_sim/__init__.py``, ``__version__``) and ``layers`` itself sit below
everything.

>>> layer_of("casino_sim.games.poker_room.state") > layer_of("casino_sim.engine.runner")
True
>>> component_of("casino_sim.games.banked.caribbean_stud.exact.analysis")
'games.banked.caribbean_stud'
"""

from __future__ import annotations

__all__ = ["GAMES", "LAYERS", "component_of", "layer_of"]

#: Bottom to top.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "layers"),
    ("cards", "combinatorics"),
    ("shuffle",),
    ("evaluator",),
    ("config",),
    ("engine",),
    ("dealer_counts",),
    ("games", "audit"),
    ("floor", "verify"),
    ("report",),
    ("cli", "caribbean_stud", "poker_room"),
    ("__main__",),
)

#: The game packages: each one a component of the ``games`` layer.
GAMES: tuple[str, ...] = (
    "games.banked.caribbean_stud",
    "games.banked.language",
    "games.poker_room",
)


def component_of(module: str) -> str:
    """The component a ``casino_sim.*`` module belongs to ("" for the package root)."""
    parts = module.split(".")[1:]
    name = ".".join(parts)
    for game in GAMES:
        if name == game or name.startswith(game + "."):
            return game
    return parts[0] if parts else ""


def layer_of(module: str) -> int:
    """The layer index of a ``casino_sim.*`` module (-1 for the package root)."""
    top = component_of(module).split(".")[0]
    if not top:
        return -1
    for index, components in enumerate(LAYERS):
        if top in components:
            return index
    raise KeyError(f"{module} is in no layer of casino_sim.layers.LAYERS")
