"""The statistics a reader sees (issue #23, items 7 and 8): intervals inside their range,
z against exact values, and Holm's family-wise flags."""

from __future__ import annotations

import math

import numpy as np
import pytest

from casino_sim.engine.stats import (
    FAMILY_ALPHA,
    Interval,
    Proportion,
    holm,
    holm_adjusted,
    normal_p_value,
    poisson_interval,
    poisson_p_value,
    poisson_z,
    proportion_interval,
    z_value,
)


@pytest.mark.parametrize(("successes", "trials"), [(0, 5), (5, 5), (1, 8), (0, 1), (3, 1_000_000)])
def test_a_share_gets_a_wilson_interval_inside_zero_to_one(successes, trials):
    iv = proportion_interval(successes, trials)
    assert 0.0 <= iv.low <= successes / trials <= iv.high <= 1.0
    if successes == 0:
        assert iv.low == 0.0 and iv.high > 0.0  # never the impossible certainty [0, 0]


def test_a_share_and_its_z_never_disagree():
    """The Wilson interval is the set of p the score test accepts: p lies inside it exactly
    when |z(p)| <= 1.96."""
    share = Proportion.of(520, 1000)
    for p in np.linspace(0.45, 0.59, 141):
        inside = share.interval.contains(float(p))
        assert inside == (abs(share.z_score(float(p))) <= z_value(0.95) + 1e-9), p


def test_a_count_gets_an_exact_poisson_interval_never_below_zero():
    for count in (0, 1, 2, 10):
        iv = poisson_interval(count)
        assert 0.0 <= iv.low <= count <= iv.high
    # one hit in five replications: 0.2 per replication, never "-0.36 to 0.76"
    assert poisson_interval(1).low / 5 > 0
    assert round(poisson_z(3789, 3930.8), 2) == -2.26
    assert poisson_p_value(4, 4.0) == 1.0 and poisson_p_value(0, 4.0) < 0.05


def test_a_t_interval_is_cut_to_the_range():
    assert Interval(-0.17, 0.42).clipped(0.0) == Interval(0.0, 0.42)
    assert Interval(-0.083, 0.176).clipped(0.0, 1.0) == Interval(0.0, 0.176)


def test_holm_flags_by_the_family_not_by_the_figure():
    """Thirteen comparisons at p = 0.03 would each flag alone at 5%; in a family, none does.
    Holm's adjusted p-values are monotone in the sorted order."""
    assert not any(holm([0.03] * 13))
    assert holm([1e-5, *([0.5] * 12)]) == (True, *([False] * 12))
    assert holm_adjusted([0.01, 0.04, 0.03]) == (0.03, 0.06, 0.06)
    assert holm([math.nan, 1e-6]) == (False, True)  # no test: neither flagged nor counted


def test_a_sound_family_is_flagged_at_most_one_time_in_twenty():
    """13 true comparisons (uniform p-values): flagging each p < 0.05 flags about half of all
    families (1 - 0.95^13 = 49%); Holm flags at most 5% of them."""
    rng = np.random.default_rng(23)
    families = rng.uniform(size=(5_000, 13))
    each = float((families < 0.05).any(axis=1).mean())
    by_holm = float(np.mean([any(holm(list(row))) for row in families]))
    assert 0.45 < each < 0.53
    assert by_holm <= FAMILY_ALPHA + 0.01


def test_z_and_p_of_a_normal_comparison():
    assert normal_p_value(0.0) == 1.0
    assert abs(normal_p_value(1.959963984540054) - 0.05) < 1e-12
    assert normal_p_value(-3.0) == normal_p_value(3.0)
