"""The statistics helpers against textbook values and brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_sim.engine.stats import (
    chi_square_test,
    mean_estimate,
    percentiles,
    poisson_interval,
    ratio_estimate,
)


@pytest.mark.parametrize(
    ("count", "low", "high"),
    [(0, 0.0, 3.689), (1, 0.0253, 5.572), (5, 1.623, 11.668), (10, 4.795, 18.390)],
)
def test_garwood_intervals(count, low, high):
    interval = poisson_interval(count)
    assert interval.low == pytest.approx(low, abs=1e-3)
    assert interval.high == pytest.approx(high, abs=1e-3)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=2, max_size=50))
def test_mean_estimate_matches_numpy(values):
    x = np.array(values)
    est = mean_estimate(n=len(x), total=x.sum(), total_squares=(x * x).sum())
    assert est.estimate == pytest.approx(x.mean(), abs=1e-9)
    assert est.standard_error == pytest.approx(x.std(ddof=1) / np.sqrt(len(x)), abs=1e-6)


def test_ratio_estimate_delta_method():
    rng = np.random.default_rng(0)
    y = rng.integers(1, 4, 10_000).astype(float)
    x = y * 0.1 + rng.normal(0, 1, y.size)
    est = ratio_estimate(n=y.size, sum_x=x.sum(), sum_y=y.sum(), sum_xx=(x * x).sum(),
                         sum_yy=(y * y).sum(), sum_xy=(x * y).sum())  # fmt: skip
    residual = x - est.estimate * y
    assert est.estimate == pytest.approx(x.sum() / y.sum())
    assert est.standard_error == pytest.approx(residual.std(ddof=1) / np.sqrt(y.size) / y.mean())


def test_chi_square_pools_rare_cells_and_flags_misfits():
    fair = chi_square_test([5_010, 4_990, 1, 0], [0.5, 0.4999, 0.00005, 0.00005])
    assert fair.pooled == (2, 3) and fair.passes()
    assert not chi_square_test([6_000, 4_000], [0.5, 0.5]).passes()
    assert chi_square_test([10, 1], [1.0, 0.0]).p_value == 0.0  # an impossible outcome happened


def test_percentiles():
    assert percentiles(np.arange(1, 101.0), (50,)) == {50: 50.5}
