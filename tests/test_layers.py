"""Imports point down the layer map (casino_sim/layers.py), and no module imports itself back.

Every ``import`` and ``from ... import`` of ``casino_sim`` in the package is
read with ``ast`` (including imports inside functions: a lazy import is still a
dependency). Run alone: ``python -m pytest tests/test_layers.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from casino_sim.layers import GAMES, LAYERS, component_of, layer_of

PACKAGE = Path(__file__).resolve().parents[1] / "casino_sim"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _known(name: str, modules: set[str]) -> str:
    """The module an import names: itself, or its package for ``from pkg import name``."""
    while name not in modules and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                # ``from pkg import submodule`` depends on the submodule; ``from pkg import name`` on pkg
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            targets |= {_known(n, modules) for n in names if n.startswith("casino_sim")}
        graph[module] = targets - {module}
    return graph


GRAPH = _graph()


def test_every_module_is_in_a_layer():
    for module in GRAPH:
        layer_of(module)  # raises KeyError naming the module
    assert {g.split(".")[0] for g in GAMES} <= set(LAYERS[layer_of("casino_sim.games")])


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_point_down(module):
    here, mine = layer_of(module), component_of(module)
    wrong = sorted(
        target
        for target in GRAPH[module]
        if layer_of(target) > here or (layer_of(target) == here and component_of(target) != mine)
    )
    assert not wrong, f"{module} (layer {here}, {mine}) imports upward or sideways: {wrong}"


def test_no_import_cycles():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in GRAPH.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    assert not cycles, f"import cycles: {cycles}"


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("casino_sim.evaluator.kernels", "casino_sim.report.floor"),  # upward
        (
            "casino_sim.games.poker_room.state",
            "casino_sim.games.banked.caribbean_stud.rules",
        ),  # game to game
    ],
)
def test_the_check_catches_a_wrong_import(module, target):
    GRAPH[module] = GRAPH[module] | {target}
    try:
        with pytest.raises(AssertionError, match="imports upward or sideways"):
            test_imports_point_down(module)
    finally:
        GRAPH[module] = GRAPH[module] - {target}


#: The one module of each game that the floor (and the floor's report) may import.
GAME_SURFACE = {game: f"casino_sim.{game}.table_api" for game in GAMES}
#: Modules that reach the games only through :data:`GAME_SURFACE`: the floor package and the
#: report's floor modules.
THROUGH_SURFACE = ("casino_sim.floor", "casino_sim.report.floor", "casino_sim.report.floor_plots",
                   "casino_sim.report.par.floor")  # fmt: skip


def _through_surface(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in THROUGH_SURFACE)


def test_every_game_on_the_floor_has_its_surface():
    """Each game the floor reaches has its ``table_api`` (a game not on the floor yet needs none)."""
    reached = {
        component_of(target)
        for module in GRAPH
        if _through_surface(module)
        for target in GRAPH[module]
        if component_of(target) in GAME_SURFACE
    }
    assert {"games.banked.caribbean_stud", "games.poker_room"} <= reached
    assert {GAME_SURFACE[game] for game in reached} <= set(GRAPH)


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _through_surface(m)))
def test_the_floor_imports_only_each_games_surface(module):
    """A game's internal modules may change behind its ``table_api``; the floor never sees them."""
    internal = sorted(
        target
        for target in GRAPH[module]
        if component_of(target) in GAME_SURFACE and target != GAME_SURFACE[component_of(target)]
    )
    assert not internal, f"{module} imports a game's internal modules: {internal}"


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("casino_sim.floor.summary", "casino_sim.games.banked.caribbean_stud.economics"),
        ("casino_sim.floor.stud.segments", "casino_sim.games.poker_room.fast_kernel"),
        ("casino_sim.floor.run", "casino_sim.games.poker_room"),  # the package root: not it either
    ],
)
def test_the_surface_check_catches_an_internal_import(module, target):
    GRAPH[module] = GRAPH[module] | {target}
    try:
        with pytest.raises(AssertionError, match="imports a game's internal modules"):
            test_the_floor_imports_only_each_games_surface(module)
    finally:
        GRAPH[module] = GRAPH[module] - {target}
