"""Backends: the same figures from one local worker, two, and a Dask cluster; clean failures."""

from __future__ import annotations

import pickle
import time

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.config import load_floor, load_paytable, load_stud_table, load_stud_variant
from casino_sim.engine.backends import DaskBackend, LocalBackend, check_scheduler_address
from casino_sim.engine.runner import RunnerOptions, run_chunks
from casino_sim.errors import OptionError
from casino_sim.floor.simulate import simulate_floor
from casino_sim.games.banked.caribbean_stud.montecarlo.simulate import (
    CaribbeanSimConfig,
    prepare,
    simulate_caribbean,
)
from casino_sim.games.poker_room import simulate_stud

#: A port nothing listens on (connection refused at once) and an address that never answers.
REFUSED = "tcp://127.0.0.1:9"


def draw(context, index, seed):
    return [(index, float(np.random.default_rng(seed).random()) * context)]


def _add(a, b):
    return a + b


@pytest.fixture(scope="session")
def caribbean():
    paytable = load_paytable("caribbean_stud/standard")
    return CaribbeanSimConfig.table(
        paytable, seats=2, strategy="pair-or-better", chunk_rounds=5_000
    )


def test_run_chunks_is_the_same_on_every_backend(dask_scheduler):
    one = run_chunks(draw, 2.0, 7, seed=3, merge=_add)
    two = run_chunks(draw, 2.0, 7, seed=3, merge=_add, workers=2)
    dask = run_chunks(
        draw, 2.0, 7, seed=3, merge=_add,
        options=RunnerOptions(backend="dask", scheduler=dask_scheduler),
    )  # fmt: skip
    assert one == two == dask
    assert [index for index, _ in dask] == list(range(7))


def test_caribbean_is_bit_identical_on_every_backend(caribbean, dask_scheduler):
    runs = [
        simulate_caribbean(caribbean, 23_000, seed=11, workers=1),
        simulate_caribbean(caribbean, 23_000, seed=11, workers=2),
        simulate_caribbean(
            caribbean, 23_000, seed=11, workers=2,
            runner=RunnerOptions(backend="dask", scheduler=dask_scheduler),
        ),
    ]  # fmt: skip
    records = [run.to_record() for run in runs]
    for record in records:
        record.pop("workers", None)
    assert records[0] == records[1] == records[2]


def test_stud_is_bit_identical_on_every_backend(dask_scheduler):
    variant = load_stud_variant("stud/seven_card_stud")
    table = load_stud_table("stud/tables/5-10")
    a = simulate_stud(variant, table, 4, hands=90, seed=2, chunk_size=20)
    b = simulate_stud(variant, table, 4, hands=90, seed=2, chunk_size=20, workers=2)
    c = simulate_stud(
        variant, table, 4, hands=90, seed=2, chunk_size=20,
        runner=RunnerOptions(backend="dask", scheduler=dask_scheduler),
    )  # fmt: skip
    assert a == b == c


def test_floor_is_bit_identical_on_dask(dask_scheduler):
    floor = load_floor("floors/pit")
    local = simulate_floor(floor, days=1, replications=2, seed=5)
    dask = simulate_floor(
        floor, days=1, replications=2, seed=5,
        runner=RunnerOptions(backend="dask", scheduler=dask_scheduler),
    )  # fmt: skip
    assert local.to_record() == dask.to_record()


def test_contexts_pickle(caribbean):
    """A cluster receives the context pickled: config values hold read-only mappings."""
    for context in (prepare(caribbean, 100), load_floor("floors/pit")):
        assert pickle.loads(pickle.dumps(context)) is not None


def test_dask_workers_load_the_compiled_kernels_from_the_cache(caribbean, dask_scheduler):
    distributed = pytest.importorskip("distributed")
    simulate_caribbean(
        caribbean, 10_000, seed=1, workers=2,
        runner=RunnerOptions(backend="dask", scheduler=dask_scheduler),
    )  # fmt: skip

    def misses() -> int:
        from casino_sim.games.banked.caribbean_stud.montecarlo import kernels

        return sum(kernels.play_block.stats.cache_misses.values())

    def hits() -> int:
        from casino_sim.games.banked.caribbean_stud.montecarlo import kernels

        return sum(kernels.play_block.stats.cache_hits.values())

    with distributed.Client(dask_scheduler, set_as_default=False) as client:
        assert all(count >= 1 for count in client.run(hits).values())
        assert all(count == 0 for count in client.run(misses).values())


def test_an_unreachable_scheduler_is_one_line_within_ten_seconds(capsys):
    started = time.monotonic()
    status = main(["simulate", "caribbean_stud/standard", "--hands", "1000", "--no-exact",
                   "--no-progress", "--backend", "dask", "--scheduler", REFUSED])  # fmt: skip
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and "did not answer" in err[0]
    assert time.monotonic() - started < 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --backend dask"),
        (["--backend", "dask", "--scheduler", "nowhere"], "scheduler address"),
        (["--backend", "cloud"], "invalid choice"),
    ],
)
def test_bad_backend_options_give_one_line_and_status_2(argv, message, capsys):
    try:
        status = main(["stud", "stud/seven_card_stud", "stud/tables/5-10", "--hands", "20",
                       "--no-progress", *argv])  # fmt: skip
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and message in err[0], err


def test_backend_values():
    assert check_scheduler_address("scheduler.local:8786") == "scheduler.local:8786"
    assert LocalBackend().name == "local" and DaskBackend().name == "dask"
    with pytest.raises(OptionError):
        RunnerOptions(backend="local", scheduler="tcp://h:1")
    with pytest.raises(OptionError):
        RunnerOptions(resume=True)
