"""The paytable-free dealer counts: brute force on sampled cells, totals, and the cache."""

from __future__ import annotations

import numpy as np
import pytest

from casino_sim.combinatorics import combinations_array
from casino_sim.dealer_counts import cache as counts_cache
from casino_sim.dealer_counts.counts import DEALER_HOLE_SETS
from casino_sim.evaluator import ace_king_threshold, evaluate_high


def test_classes_cover_every_hand(counts):
    assert len(counts.weights) == 134_459
    assert int(counts.weights.sum()) == 2_598_960
    valid = counts.valid_cells()
    assert (valid.sum(axis=1) == 47).all()
    outcomes = counts.no_qualify + counts.win + counts.tie + counts.lose
    assert (outcomes[valid] == DEALER_HOLE_SETS).all()
    assert (outcomes[~valid] == 0).all()


def test_sampled_cells_equal_direct_enumeration(counts):
    """Random (player class, up-card) cells: every one of the 163,185 dealer hands evaluated."""
    rng = np.random.default_rng(2024)
    holes_index = combinations_array(46, 4)
    akt = ace_king_threshold()
    # a sample plus the classes with the most structure: quads, straight flushes
    cells = list(rng.choice(len(counts.weights), 24, replace=False))
    cells += list(np.flatnonzero(counts.player_values >= 7296)[:4])
    for c in cells:
        player = counts.representatives[c]
        value = counts.player_values[c]
        up = int(rng.choice([u for u in range(52) if u not in player]))
        rest = np.array([x for x in range(52) if x not in player and x != up], dtype=np.int8)
        dealer = np.hstack([rest[holes_index], np.full((len(holes_index), 1), up, np.int8)])
        d = evaluate_high(dealer)
        qualifies = d >= akt
        assert counts.no_qualify[c, up] == np.count_nonzero(~qualifies)
        assert counts.win[c, up] == np.count_nonzero(qualifies & (d < value))
        assert counts.tie[c, up] == np.count_nonzero(qualifies & (d == value))


def test_corrupt_or_stale_cache_is_rebuilt(counts, tmp_path, monkeypatch):
    monkeypatch.setenv("CASINO_SIM_CACHE", str(tmp_path))
    monkeypatch.setattr(counts_cache, "_MEMO", {})
    path = counts_cache.cache_path()
    counts_cache._write(path, counts)
    assert counts_cache._read(path) is not None

    data = dict(np.load(path))
    data["win"] = data["win"].copy()
    data["win"][5, 10] += 1  # tampered contents: digest no longer matches
    np.savez(path, **data)
    assert counts_cache._read(path) is None

    path.write_bytes(b"not a numpy file")
    assert counts_cache._read(path) is None
    rebuilt = []
    monkeypatch.setattr(
        counts_cache, "compute_counts", lambda progress=None: rebuilt.append(1) or counts
    )
    assert counts_cache.load_counts() is counts
    assert rebuilt == [1]
    assert counts_cache._read(path) is not None  # rewritten, valid

    data = dict(np.load(path))
    data["version"] = np.array(counts_cache.FORMAT_VERSION + 1)
    np.savez(path, **data)
    assert counts_cache._read(path) is None


@pytest.mark.parametrize("bad_ante", [0, -5])
def test_bad_ante_is_an_option_error(counts, bad_ante):
    from casino_sim.errors import OptionError
    from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
    from tests.caribbean_stud.exact.conftest import make_paytable

    with pytest.raises(OptionError):
        analyze_caribbean(make_paytable(max_payout=5000), "optimal", ante=bad_ante)
    with pytest.raises(OptionError, match="give the ante"):
        analyze_caribbean(make_paytable(max_payout=5000), "optimal")
