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
import logging
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from casino_sim.engine.compiling import Precompiler, Task, is_cached
from casino_sim.report.par.inputs import CaribbeanInput, FloorInput, PokerInput, ReportInputs

if TYPE_CHECKING:
    from casino_sim.config import StudTable, StudVariant

__all__ = ["WritingPrep", "compile_ahead", "compile_lanes"]

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
    from casino_sim.floor.stud.segments import compile_evaluation

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


#: Seconds (one core of the reference 2-core machine) to compile the stud settlement and the
#: floors' stud showdowns, the tasks either lane may take (the other estimates are their kernel
#: sets'; measured 2026-11: settlement 6 s, showdowns 6 s, hand loop 48 s, Monte Carlo 7.5 s,
#: banked tables 6 s, the floor's stud day 10 s).
SETTLEMENT_SECONDS, SHOWDOWN_SECONDS = 5, 5


def compile_lanes(inputs: ReportInputs) -> tuple[list[list[Task]], int]:
    """The background compiles the report needs, as two lanes (processes) of tasks in the order
    the report runs its simulations, and about how many seconds the first lane takes; none when
    numba's cache has every kernel.

    The stud engine's hand loop takes the longest to compile, and the floors' stud tables call
    it, so the first lane compiles it first and the floors last (loading what the other lane
    compiled); the other lane, once the dealer counts are built, compiles the Monte Carlo's
    kernels first (the report's first simulation). What needs no hand loop (the stud
    settlement, the floors' banked tables, their stud tables' showdowns) goes, in that order, to
    the lane that is free first by the estimates (:func:`_balance`): the second while the hand
    loop is the long compile it is today, the first when the hand loop is quick, so that the
    floors never wait for a lane that is still busy while the other is idle.
    """
    from casino_sim.dealer_counts.cache import BUILD_SECONDS
    from casino_sim.floor.caribbean.kernel import advance
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
    either: list[tuple[Task, int]] = []  # (task, estimated seconds), in the order they are needed
    seconds = [0, 0]  # each lane's, as the first line on stderr quotes them
    ends = [0, BUILD_SECONDS if carib and not _counts_cached() else 0]  # the estimated clock
    if carib and not MONTE_CARLO.cached():
        second.append(Task(MONTE_CARLO.name, _warm_caribbean, (carib[0],)))
        seconds[1] += MONTE_CARLO.seconds
        ends[1] += MONTE_CARLO.seconds
    stud = (poker or floor_poker) and not STUD.cached()
    if stud:
        first.append(Task("stud: hand loop", _warm_hand_loop, (poker or floor_poker,)))
        seconds[0] += STUD.seconds
        ends[0] += STUD.seconds
        settlement = Task("stud settlement", _warm_settlement, (poker + floor_poker,))
        either.append((settlement, SETTLEMENT_SECONDS))
    floor_tasks: list[tuple[Task, int]] = []
    floor: Task | None = None
    if floors and not all(floor_kernels(item.floor).cached() for item in floors):
        after = []
        if any(item.floor.banked_groups for item in floors) and not is_cached(advance):
            floor_tasks.append((Task("floor: banked tables", _warm_banked_floor), BANKED_SECONDS))
            seconds[1] += BANKED_SECONDS
            after.append("floor: banked tables")
        if floor_poker:
            cards = tuple(sorted({variant.cards_per_player for variant, _ in floor_poker}))
            showdowns = Task("floor: stud showdowns", _warm_floor_evaluation, (cards,))
            floor_tasks.append((showdowns, SHOWDOWN_SECONDS))
            seconds[0] += POKER_SECONDS
            after += ["stud settlement", "floor: stud showdowns"]
        floor = Task("floor", _warm_floor, (floors,), after=tuple(after))
    to_first, to_second = _balance([*either, *floor_tasks], ends)
    for_floors = {task.name for task, _ in floor_tasks}
    first += [task for task in to_first if task.name not in for_floors]  # the settlement
    if poker and stud:  # the stud tables' run: before the floors' compiles, which it needs not
        first.append(Task(STUD.name, _warm_poker, (poker,), after=("stud settlement",)))
    first += [task for task in to_first if task.name in for_floors]
    second += to_second
    if floor is not None:
        first.append(floor)
    return [first, second], max(seconds)


def _balance(tasks: list[tuple[Task, int]], ends: list[int]) -> list[list[Task]]:
    """``tasks`` (with their estimated seconds, in the order they are needed) shared between
    two lanes whose estimated clocks are ``ends``: each to the lane free first (the second on a
    tie); ``ends`` is moved on.

    >>> a, b, c = (Task(name, print) for name in "abc")
    >>> clock = [35, 23]
    >>> [[t.name for t in lane] for lane in _balance([(a, 5), (b, 5), (c, 5)], clock)], clock
    ([[], ['a', 'b', 'c']], [35, 38])
    >>> clock = [17, 23]
    >>> [[t.name for t in lane] for lane in _balance([(a, 5), (b, 5), (c, 5)], clock)], clock
    ([['a', 'b'], ['c']], [27, 28])
    """
    lanes: list[list[Task]] = [[], []]
    for task, estimate in tasks:
        lane = 0 if ends[0] < ends[1] else 1
        lanes[lane].append(task)
        ends[lane] += estimate
    return lanes


@contextlib.contextmanager
def compile_ahead(inputs: ReportInputs, *, prepare: WritingPrep | None = None) -> Iterator[None]:
    """Inside, the report's missing kernels compile in background processes (with one line on
    stderr saying so, through the ``casino_sim.compile`` logger); while the report waits for
    them, ``prepare`` (default: a new :class:`WritingPrep` of ``inputs``) does its work."""
    lanes, seconds = compile_lanes(inputs)
    if not any(lanes):
        yield
        return
    log.info(
        "compiling the simulation kernels (first run only, about %d s, in the background "
        "while the report starts)",
        seconds,
    )
    idle = (prepare or WritingPrep(inputs)).run_all
    lanes_run = Precompiler(
        lanes, nice=(0, SECOND_LANE_NICE), start_when=(None, _counts_cached), idle=idle
    )
    with lanes_run, _one_thread() if lanes[0] else contextlib.nullcontext():
        yield


def _counts_cached() -> bool:
    """The dealer counts are in their cache: the report's first work is done (or was not
    needed), and the second lane starts."""
    from casino_sim.dealer_counts.cache import cache_path

    return cache_path().exists()


def _prepare_writing(inputs: ReportInputs) -> None:
    """Every step of :func:`_writing_steps`, here and now."""
    for step in _writing_steps(inputs):
        step()


def _writing_steps(inputs: ReportInputs) -> Iterator[Callable[[], object]]:
    """What the report does after its simulations and can do before (seconds it would otherwise
    add at the end), one short step at a time: import the libraries its files are written with,
    and make the exact analyses its Caribbean sections compare (every named strategy: they are
    kept, see :func:`~casino_sim.games.banked.caribbean_stud.exact.analysis.analyze_caribbean`).
    A step that fails is left to the report (which says what is wrong)."""
    import importlib

    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
    from casino_sim.report.par.caribbean import REPORT_ANTE

    def quietly(function: Callable[..., object], *args: Any, **kwargs: Any) -> Callable[[], None]:
        def step() -> None:
            with contextlib.suppress(Exception):
                function(*args, **kwargs)

        return step

    for module in RENDERERS:
        yield quietly(importlib.import_module, module)
    for item in inputs.items:
        if isinstance(item, CaribbeanInput):
            ante = REPORT_ANTE if item.paytable.max_payout is not None else None
            for name in NAMED_STRATEGIES:
                yield quietly(analyze_caribbean, item.paytable, name, ante=ante)


class WritingPrep:
    """:func:`_writing_steps` done ahead, by whichever is free first: the thread the background
    compiles run it in while the report waits for them (:meth:`run_all`), or a thread of this
    object's own that runs only while a simulation's worker processes run (between
    :meth:`resume`, after their first result, and :meth:`pause`, when they are done), so that
    no step is under way when the report forks its next worker processes. Each step runs once;
    what is left when the report is done simulating, the report does itself as it needs it.

    A context manager: leaving it stops the thread (after the step under way).

    >>> from casino_sim.report.par.inputs import read_inputs
    >>> done = []
    >>> with WritingPrep(read_inputs(["progressives/50-75-100"], strategy="optimal",
    ...                              progressive=None, variant="stud/seven_card_stud")) as prep:
    ...     prep._steps = iter([lambda: done.append(1), lambda: done.append(2)])
    ...     prep.resume()
    ...     prep.pause()
    ...     prep.run_all()
    >>> done
    [1, 2]
    """

    def __init__(self, inputs: ReportInputs) -> None:
        self._inputs = inputs
        self._steps: Iterator[Callable[[], object]] | None = None
        self._lock = threading.Lock()  # held while a step runs
        self._go = threading.Event()
        self._stop = False
        self._thread: threading.Thread | None = None

    def __enter__(self) -> WritingPrep:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop = True
        self._go.set()
        if self._thread is not None:
            self._thread.join()

    def _step(self, *, only_if_going: bool = False) -> bool:
        """Run the next step (unless paused, with ``only_if_going``); whether there was one."""
        with self._lock:
            if self._stop or (only_if_going and not self._go.is_set()):
                return not self._stop
            if self._steps is None:
                if not _ready_to_prepare(self._inputs):
                    return False
                self._steps = _writing_steps(self._inputs)
            step = next(self._steps, None)
            if step is None:
                return False
            step()
            return True

    def run_all(self) -> None:
        """Every step not yet done, in this thread."""
        while self._step():
            pass

    def _loop(self) -> None:
        while self._go.wait() and self._step(only_if_going=True):
            pass

    def resume(self) -> None:
        """Let the thread run steps (worker processes are running: nothing forks meanwhile)."""
        if self._stop or not _ready_to_prepare(self._inputs):
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="casino-sim-prep", daemon=True)
            self._thread.start()
        self._go.set()

    def pause(self) -> None:
        """Stop the thread before its next step, and wait for the one under way."""
        self._go.clear()
        with self._lock:
            pass


def _ready_to_prepare(inputs: ReportInputs) -> bool:
    """The analyses need the dealer counts: a report of Caribbean Stud prepares once they are
    in their cache (not while this process builds them)."""
    return not any(isinstance(i, CaribbeanInput) for i in inputs.items) or _counts_cached()


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
