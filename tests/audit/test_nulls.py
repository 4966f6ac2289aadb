"""The audit's exact distributions, checked by enumerating every permutation (and every riffle)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from casino_sim.audit.measures import inversions, kept_pairs, moves, rising_sequences
from casino_sim.audit.models import riffle
from casino_sim.audit.nulls import (
    SumDistribution,
    eulerian,
    inversion_moments,
    mahonian,
    riffle_inversion_moments,
    riffle_position_matrix,
    riffle_rising_pmf,
    riffle_total_variation,
    rising_pmf,
    succession_counts,
    succession_pmf,
    sum_distribution,
)

#: Bayer & Diaconis (1992), table 1: total variation distance of k riffles of 52 cards.
BAYER_DIACONIS = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043]


def _all(k: int) -> np.ndarray:
    """Every permutation of ``k`` as the moves of a shuffle (sigma[i]: where position i went)."""
    return np.array(list(itertools.permutations(range(k))), dtype=np.int64)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_the_uniform_nulls_are_the_counts_of_all_permutations(k):
    sigma = _all(k)
    assert sorted(Counter(rising_sequences(sigma).tolist()).items()) == [
        (r, count) for r, count in enumerate(eulerian(k), start=1)
    ]
    assert [Counter(kept_pairs(sigma).tolist())[j] for j in range(k)] == succession_counts(k)
    counted = Counter(inversions(sigma).tolist())
    assert [counted[m] for m in range(k * (k - 1) // 2 + 1)] == mahonian(k)
    mean, variance = inversion_moments(k)
    values = inversions(sigma).astype(float)
    assert values.mean() == pytest.approx(mean) and values.var() == pytest.approx(variance)
    assert rising_pmf(k).sum() == pytest.approx(1) and succession_pmf(k).sum() == pytest.approx(1)


def test_the_52_card_figures():
    assert sum(eulerian(52)) == sum(succession_counts(52)) == math.factorial(52)
    assert float(np.dot(np.arange(1, 53), rising_pmf(52))) == pytest.approx(26.5)
    assert float(np.dot(np.arange(52), succession_pmf(52))) == pytest.approx(51 / 52)


def test_bayer_diaconis_seven_riffles_table():
    """The published distances for k = 1..10 riffles, computed exactly from the formula."""
    computed = [float(riffle_total_variation(52, k)) for k in range(1, 11)]
    assert [round(d, 3) for d in computed] == BAYER_DIACONIS
    assert riffle_total_variation(52, 7) < Fraction(1, 2) < riffle_total_variation(52, 6)


@pytest.mark.parametrize(("k", "riffles"), [(4, 1), (5, 2), (6, 3)])
def test_the_riffle_formula_is_the_a_shuffle(k, riffles):
    """Every riffle, enumerated: an a-unshuffle gives each card one of a digits (a**k ways) and
    sorts by digit; the inverse permutations' rising sequences follow C(a + k - r, k) / a**k,
    their inversions have the stated mean and variance, and their moves the stated matrix."""
    a = 2**riffles
    digits = np.array(list(itertools.product(range(a), repeat=k)))
    unshuffled = np.argsort(digits, axis=1, kind="stable")  # row: the cards in their new order
    shuffle = np.argsort(unshuffled, axis=1)  # its inverse: an a-shuffle's arrangement
    sigma = moves(np.tile(np.arange(k), (len(shuffle), 1)), shuffle)
    rising = np.bincount(rising_sequences(sigma), minlength=k + 1)[1:] / a**k
    np.testing.assert_allclose(rising, riffle_rising_pmf(k, riffles), atol=1e-12)
    values = inversions(sigma).astype(float)
    mean, variance = riffle_inversion_moments(k, riffles)
    assert values.mean() == pytest.approx(mean) and values.var() == pytest.approx(variance)
    where = np.zeros((k, k))
    np.add.at(where, (np.tile(np.arange(k), len(sigma)), sigma.ravel()), 1 / a**k)
    np.testing.assert_allclose(where, riffle_position_matrix(k, riffles).T, atol=1e-9)


def test_literal_gsr_riffles_follow_the_formula():
    """K riffles as the generator does them (binomial cut, drops in proportion to the packets)
    against Bayer-Diaconis's exact distribution of rising sequences: 6 cards, 3 riffles,
    40,000 decks, chi-square (a wrong drop rule moves it by far more than the noise)."""
    from casino_sim.engine.stats import chi_square_test

    k, rng = 6, np.random.default_rng(12)
    start = np.tile(np.arange(k, dtype=np.int8), (40_000, 1))
    shuffled = riffle(riffle(riffle(start, rng), rng), rng)
    counts = np.bincount(rising_sequences(moves(start, shuffled)), minlength=k + 1)[1:]
    assert chi_square_test(counts, riffle_rising_pmf(k, 3)).p_value > 0.001


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_sums_of_decks_by_convolution_match_brute_force(n):
    pmf = rising_pmf(4)
    exact = Counter()
    for values in itertools.product(range(4), repeat=n):
        exact[sum(values) + n] += math.prod(pmf[v] for v in values)
    distribution = SumDistribution(pmf, n, offset=1)
    for total, probability in exact.items():
        assert distribution.pmf[total - distribution.offset] == pytest.approx(probability)
    assert distribution.two_sided_p(n) == pytest.approx(min(1, 2 * exact[n]))
    assert sum_distribution(pmf, n, offset=1).mean() == pytest.approx(2.5 * n)


def test_far_tails_keep_their_relative_accuracy():
    """One 52-card deck with 1 rising sequence (the order unchanged): P = 1/52!, exactly."""
    one = sum_distribution(rising_pmf(52), 1, offset=1)
    assert one.at_most(1) == pytest.approx(1 / math.factorial(52), rel=1e-12)
    assert one.two_sided_ps(np.array([0, 1, 53])).tolist() == [
        0.0,
        pytest.approx(2 / math.factorial(52)),
        0.0,
    ]
