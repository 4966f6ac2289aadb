"""A report's first run: its simulation kernels are compiled in the background, ahead of need.

The report starts with the exact analysis, which builds the dealer-count cache
on a first run. Meanwhile two background processes compile the kernels of the
simulations that follow (the Caribbean Stud Monte Carlo, the stud tables, the
floors) into numba's on-disk cache, in the order the report needs them
(:func:`compile_lanes`); each simulation waits for its kernels (see
:mod:`casino_sim.engine.compiling`) and its worker processes load them from the
cache. While the report waits, it imports what it writes its files with and
makes the exact analyses its sections compare. Kernels already in the cache are
not compiled again, so a later run starts no background process at all. The
figures do not depend on any of this.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from casino_sim.engine.compiling import Precompiler, Task, is_cached
from casino_sim.report.par.inputs import CaribbeanInput, FloorInput, PokerInput, ReportInputs

if TYPE_CHECKING:
    from casino_sim.config import StudTable, StudVariant

__all__ = ["compile_ahead", "compile_lanes"]

log = logging.getLogger("casino_sim.compile")


def _warm_caribbean(item: CaribbeanInput) -> None:
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
        CaribbeanSimConfig,
        compile_kernels,
    )

    side = item.progressive.table if item.progressive is not None else None
    compile_kernels(CaribbeanSimConfig.table(item.paytable, seats=1, progressive=side))


def _players(variant: StudVariant, table: StudTable) -> int:
    from casino_sim.report.par.poker import PLAYERS

    return min(PLAYERS, variant.max_players, table.max_seats)


def _warm_poker(tables: tuple[tuple[StudVariant, StudTable], ...]) -> None:
    from casino_sim.games.poker_room.simulate import compile_kernels

    for variant, table in tables:
        compile_kernels(variant, table, _players(variant, table))


def _warm_hand_loop(tables: tuple[tuple[StudVariant, StudTable], ...]) -> None:
    import numpy as np

    from casino_sim.games.poker_room.bots import default_population
    from casino_sim.games.poker_room.dealing import draw_hands
    from casino_sim.games.poker_room.fast import compile_hand_loop, fallback_reason

    for variant, table in tables:
        players = default_population(_players(variant, table))
        if fallback_reason(variant, table, players) is None:
            decks, uniforms = draw_hands(np.random.default_rng(0), 1)
            compile_hand_loop(variant, table, players, decks, uniforms)


def _warm_settlement(tables: tuple[tuple[StudVariant, StudTable], ...]) -> None:
    from casino_sim.games.poker_room.fast import compile_settlement

    for variant, table in tables:
        compile_settlement(variant, table, _players(variant, table))


def _warm_floor_evaluation(cards: tuple[int, ...]) -> None:
    from casino_sim.floor.poker_segments import compile_evaluation

    for count in cards:
        compile_evaluation(count)


def _warm_floor(items: tuple[FloorInput, ...]) -> None:
    from casino_sim.floor.simulate import compile_kernels

    for item in items:
        compile_kernels(item.floor)


def _warm_banked_floor() -> None:
    """The banked tables' clock, on the shipped pit (no stud tables: it needs no stud kernels)."""
    from casino_sim.floor.shortcut import pit_floor
    from casino_sim.floor.simulate import compile_kernels

    compile_kernels(pit_floor(BANKED_PAYTABLE, progressive=BANKED_PROGRESSIVE, tables=2))


#: The pit whose day compiles the banked tables' kernels (their types are every pit's).
BANKED_PAYTABLE, BANKED_PROGRESSIVE = "caribbean_stud/standard", "progressives/50-75-100"
#: The second lane starts once the dealer counts are built (or the report waits for a kernel),
#: and runs at a lower priority: the first lane (the stud hand loop, the longest compile, which
#: the stud tables and the floors wait for) keeps a core of its own as much as it can, without
#: starving the second on a busy machine.
SECOND_LANE_NICE = 5


def compile_lanes(inputs: ReportInputs) -> tuple[list[list[Task]], int]:
    """The background compiles the report needs, as two lanes (processes) of tasks in the order
    the report runs its simulations, and about how many seconds the first lane takes; none when
    numba's cache has every kernel.

    The stud engine's hand loop takes the longest to compile, and the floors' stud tables call
    it, so the first lane compiles it, then (loading what the other lane compiled) the stud
    kernels and the floors; the other lane, once the dealer counts are built, compiles what
    needs no hand loop: the Monte Carlo's kernels, the stud settlement, the floors' banked
    tables and their stud tables' showdowns.
    """
    from casino_sim.floor.banked_kernel import advance
    from casino_sim.floor.kernels import BANKED_SECONDS, POKER_SECONDS, floor_kernels
    from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import KERNELS as MONTE_CARLO
    from casino_sim.games.poker_room.fast import KERNELS as STUD

    items = inputs.items
    carib = [i for i in items if isinstance(i, CaribbeanInput)]
    poker = tuple((i.variant, i.table) for i in items if isinstance(i, PokerInput))
    floors = tuple(i for i in items if isinstance(i, FloorInput))
    floor_poker = tuple(
        (item.floor.variants[group.name], item.floor.stud_tables[group.name])
        for item in floors
        for group in item.floor.poker_groups
    )
    first: list[Task] = []
    second: list[Task] = []
    seconds = [0, 0]  # each lane's
    if carib and not MONTE_CARLO.cached():
        second.append(Task(MONTE_CARLO.name, _warm_caribbean, (carib[0],)))
        seconds[1] += MONTE_CARLO.seconds
    if (poker or floor_poker) and not STUD.cached():
        first.append(Task("stud: hand loop", _warm_hand_loop, (poker or floor_poker,)))
        second.append(Task("stud settlement", _warm_settlement, (poker + floor_poker,)))
        seconds[0] += STUD.seconds
    if poker and not STUD.cached():
        first.append(Task(STUD.name, _warm_poker, (poker,), after=("stud settlement",)))
    if floors and not all(floor_kernels(item.floor).cached() for item in floors):
        after = []
        if any(item.floor.banked_groups for item in floors) and not is_cached(advance):
            second.append(Task("floor: banked tables", _warm_banked_floor))
            seconds[1] += BANKED_SECONDS
            after.append("floor: banked tables")
        if floor_poker:
            cards = tuple(sorted({variant.cards_per_player for variant, _ in floor_poker}))
            second.append(Task("floor: stud showdowns", _warm_floor_evaluation, (cards,)))
            seconds[0] += POKER_SECONDS
            after += ["stud settlement", "floor: stud showdowns"]
        first.append(Task("floor", _warm_floor, (floors,), after=tuple(after)))
    return [first, second], max(seconds)


@contextlib.contextmanager
def compile_ahead(inputs: ReportInputs) -> Iterator[None]:
    """Inside, the report's missing kernels compile in background processes (with one line on
    stderr saying so, through the ``casino_sim.compile`` logger)."""
    lanes, seconds = compile_lanes(inputs)
    if not any(lanes):
        yield
        return
    log.info(
        "compiling the simulation kernels (first run only, about %d s, in the background "
        "while the report starts)",
        seconds,
    )
    idle = functools.partial(_prepare_writing, inputs)
    lanes_run = Precompiler(
        lanes, nice=(0, SECOND_LANE_NICE), start_when=(None, _counts_cached), idle=idle
    )
    with lanes_run, _one_thread() if lanes[0] else contextlib.nullcontext():
        yield


def _counts_cached() -> bool:
    """The dealer counts are in their cache: the report's first work is done (or was not
    needed), and the second lane starts."""
    from casino_sim.games.banked.caribbean_stud.exact.cache import cache_path

    return cache_path().exists()


def _prepare_writing(inputs: ReportInputs) -> None:
    """What the report does after its simulations and can do while it waits for its kernels
    (seconds it would otherwise add at the end): import the libraries its files are written
    with, and make the exact analyses its Caribbean sections compare (every named strategy:
    they are kept, see :func:`~casino_sim.games.banked.caribbean_stud.exact.analysis.analyze_caribbean`).
    """
    import importlib

    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
    from casino_sim.report.par.caribbean import REPORT_ANTE

    for module in RENDERERS:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)
    for item in inputs.items:
        if isinstance(item, CaribbeanInput):
            ante = REPORT_ANTE if item.paytable.max_payout is not None else None
            for name in NAMED_STRATEGIES:
                with contextlib.suppress(Exception):  # the report itself will say what is wrong
                    analyze_caribbean(item.paytable, name, ante=ante)


#: The libraries the report's files are written with.
RENDERERS = ("weasyprint", "matplotlib.figure", "matplotlib.backends.backend_svg", "openpyxl",
             "jinja2")  # fmt: skip


@contextlib.contextmanager
def _one_thread() -> Iterator[None]:
    """This process's parallel kernels (the dealer counts) on one thread while the first lane
    compiles the hand loop: it keeps a core to itself (the counts are the same)."""
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(threads)
