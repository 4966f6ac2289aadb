"""Same seed -> bit-identical results with 1 or 2 workers; different seeds differ; chunk seeds
are the spawned streams; memory-relevant limits (sessions kept) are deterministic."""

from __future__ import annotations

import numpy as np
import pytest

from casino_sim.engine.runner import chunk_seed, run_chunks
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc


def _tally_arrays(result):
    t = result.tally
    return [t.counts, t.side_hits, t.moments, t.envy_paid, np.concatenate(t.events),
            np.concatenate(t.sessions), np.array([t.rounds, t.dealer_qualifies])]  # fmt: skip


@pytest.fixture(scope="session")
def config(standard, progressive):
    seats = (
        mc.Seat("optimal", progressive=True),
        mc.Seat("pair-or-better"),
        mc.Seat("akj83", ante=5, progressive=True),
    )
    return mc.CaribbeanSimConfig(
        standard, seats, progressive, session_rounds=100, chunk_rounds=40_000
    )


def test_same_seed_identical_with_one_and_two_workers(config):
    one = mc.simulate_caribbean(config, 170_000, seed=42, workers=1)
    two = mc.simulate_caribbean(config, 170_000, seed=42, workers=2)
    for a, b in zip(_tally_arrays(one), _tally_arrays(two), strict=True):
        assert np.array_equal(a, b)
    record_one, record_two = one.to_record(), two.to_record()
    record_one.pop("workers"), record_two.pop("workers")
    assert record_one == record_two


def test_different_seeds_differ(config):
    a = mc.simulate_caribbean(config, 50_000, seed=1, workers=1)
    b = mc.simulate_caribbean(config, 50_000, seed=2, workers=1)
    assert not np.array_equal(a.tally.counts, b.tally.counts)


def test_result_depends_on_chunk_size_not_workers(config):
    """Chunk size is part of the configuration; the last chunk may be partial."""
    result = mc.simulate_caribbean(config, 90_001, seed=3, workers=1)
    assert result.rounds == 90_001 and int(result.tally.counts[0].sum()) == 90_001
    assert sum(len(s) for s in result.tally.sessions) == 400 + 400 + 100  # full sessions only


def test_chunk_seed_is_the_spawned_stream():
    children = np.random.SeedSequence(9).spawn(6)
    for i in (0, 5):
        assert np.array_equal(chunk_seed(9, i).generate_state(4), children[i].generate_state(4))


def test_run_chunks_merges_in_chunk_order():
    seen = []
    merged = run_chunks(_index_list, None, 5, seed=0, merge=lambda a, b: a + b, workers=2,
                        progress=lambda i, r: seen.append(i))  # fmt: skip
    assert merged == [0, 1, 2, 3, 4] and seen == [0, 1, 2, 3, 4]


def _index_list(context, index, seed):
    return [index]


def test_sessions_capped(standard):
    config = mc.CaribbeanSimConfig.table(standard, strategy="always-raise", session_rounds=10,
                                         max_sessions=25, chunk_rounds=100)  # fmt: skip
    result = mc.simulate_caribbean(config, 1_000, seed=1, workers=1)
    assert result.sessions is not None and result.sessions.sessions == 25


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 0}, "hands"),
        ({"hands": 10, "workers": 0}, "workers"),
        ({"hands": 10, "seed": -1}, "seed"),
    ],
)
def test_bad_run_options(standard, kwargs, message):
    config = mc.CaribbeanSimConfig.table(standard, strategy="always-raise")
    with pytest.raises(OptionError, match=message):
        mc.simulate_caribbean(config, **kwargs)


def test_bad_config_options(standard):
    with pytest.raises(OptionError, match="seats"):
        mc.CaribbeanSimConfig.table(standard, seats=8)
    with pytest.raises(OptionError, match="unknown strategy"):
        mc.CaribbeanSimConfig.table(standard, strategy="raise-on-tuesdays")
    with pytest.raises(OptionError, match="progressive"):
        mc.CaribbeanSimConfig(standard, (mc.Seat(progressive=True),)).validated()
    with pytest.raises(OptionError, match="progressive side-bet"):
        mc.CaribbeanSimConfig(standard, (mc.Seat(),), progressive=standard).validated()
