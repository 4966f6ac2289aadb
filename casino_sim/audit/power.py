"""How many decks each test needs to catch ``K`` GSR riffles: level ``alpha``, power 90%.

Each figure is computed, and says how (:class:`DecksNeeded`):

* **rising sequences**: exact. The null is the sum of ``n`` Eulerian variables, the
  alternative the sum of ``n`` draws from Bayer & Diaconis's formula
  (:func:`~casino_sim.audit.nulls.riffle_rising_pmf`); the power of the exact two-sided
  test at ``n`` decks is summed over its rejection region, and ``n`` searched for;
* **kept pairs**: the same exact test, with the riffled decks' distribution of kept pairs
  from :data:`SIMULATED` simulated decks (seed :data:`POWER_SEED`);
* **distance** (inversions): normal, with the exact mean and variance under both
  (:func:`~casino_sim.audit.nulls.riffle_inversion_moments`);
* **tables**: the statistic is ``(k - 1)(k - 1 + 2 W / n)`` with ``W`` the sum over pairs of
  shuffles of (moves in common - 1) (:mod:`casino_sim.audit.measures`); its mean under the
  riffles is exact, ``(k - 1)**2 + (n - 1)(k - 1) delta`` with ``delta = sum q**2 - 1`` for
  the exact matrix ``q`` of where a riffled card goes
  (:func:`~casino_sim.audit.nulls.riffle_position_matrix`), its variance from the
  simulated decks, and the power normal; never below :data:`MIN_TABLE_DECKS`, the decks
  the chi-square approximation is checked from.

>>> decks_needed("rising_sequences", 52, 2, level=0.05).decks
1
>>> decks_needed("distance", 52, 6, level=0.05).decks
394
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Literal

import numpy as np
import numpy.typing as npt

from casino_sim.audit.measures import kept_pairs, moves
from casino_sim.audit.models import riffle
from casino_sim.audit.nulls import (
    FloatArray,
    SumDistribution,
    inversion_moments,
    riffle_inversion_moments,
    riffle_position_matrix,
    riffle_rising_pmf,
    rising_pmf,
    succession_pmf,
    sum_distribution,
)

__all__ = [
    "MIN_TABLE_DECKS",
    "POWER",
    "POWER_SEED",
    "SIMULATED",
    "DecksNeeded",
    "TestKey",
    "decks_needed",
]

TestKey = Literal["card_position", "position_card", "kept_pairs", "rising_sequences", "distance"]

#: The power each figure is for.
POWER = 0.90
#: Fewest decks the table chi-squares are computed on (below, their chi-square
#: approximation is not checked; tests/audit measures it from 20 up).
MIN_TABLE_DECKS = 20
#: Riffled decks simulated for the kept pairs' alternative, and their seed.
SIMULATED = 50_000
POWER_SEED = 2026
#: The search stops here: a test that needs more decks "cannot" catch the model.
MOST_DECKS = 10**7


@dataclass(frozen=True)
class DecksNeeded:
    """Decks a test needs (None: it cannot catch the model, see ``method``) and how it was found."""

    decks: int | None
    method: str

    def to_record(self) -> dict[str, object]:
        return {"decks": self.decks, "method": self.method}


def decks_needed(
    test: TestKey, deck_size: int, riffles: int, *, level: float, power: float = POWER,
    one_order_before: bool = True,
) -> DecksNeeded:  # fmt: skip
    """The decks ``test`` needs to reject uniformity at ``level`` with ``power`` when every
    shuffle is ``riffles`` GSR riffles. The card-at-position table sees riffles only when
    every shuffle started from one order (``one_order_before``)."""
    return _decks_needed(test, deck_size, riffles, level, power, one_order_before)


@cache
def _decks_needed(
    test: TestKey, k: int, riffles: int, level: float, power: float, one_order: bool
) -> DecksNeeded:
    if test == "rising_sequences":
        return DecksNeeded(
            _exact_search(rising_pmf(k), riffle_rising_pmf(k, riffles), 1, level, power),
            "exact: Eulerian null, Bayer-Diaconis riffle distribution",
        )
    if test == "kept_pairs":
        return DecksNeeded(
            _exact_search(succession_pmf(k), _riffled_kept_pairs(k, riffles), 0, level, power),
            f"exact null; riffled decks' kept pairs from {SIMULATED:,} simulated decks "
            f"(seed {POWER_SEED})",
        )
    if test == "distance":
        return DecksNeeded(_normal_decks(k, riffles, level, power), "normal, exact moments")
    if test == "position_card" and not one_order:
        return DecksNeeded(
            None,
            "a riffle's bias is relative to the order before; the cards of a running deck "
            "even out over positions",
        )
    return DecksNeeded(
        _table_decks(k, riffles, level, power),
        f"normal: exact mean; variance from {SIMULATED:,} simulated decks (seed {POWER_SEED})",
    )


def _exact_search(
    null_pmf: FloatArray, alternative_pmf: FloatArray, offset: int, level: float, power: float
) -> int | None:
    """Fewest decks at which the exact two-sided test reaches ``power`` (doubling, then bisection)."""

    def reaches(n: int) -> bool:
        null = sum_distribution(null_pmf, n, offset=offset)
        alternative = SumDistribution(alternative_pmf, n, offset=offset)
        sums = np.arange(alternative.pmf.size, dtype=np.int64) + alternative.offset
        rejected = null.two_sided_ps(sums) <= level
        return float(alternative.pmf[rejected].sum()) >= power

    return _fewest(reaches, 1)


def _fewest(reaches: Callable[[int], bool], start: int) -> int | None:
    """The fewest decks from ``start`` that ``reaches`` the power: doubling, then bisection
    (None beyond :data:`MOST_DECKS`)."""
    low, high = start - 1, start
    while not reaches(high):
        if high > MOST_DECKS:
            return None
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if reaches(middle) else (middle, high)
    return high


def _normal_decks(k: int, riffles: int, level: float, power: float) -> int | None:
    from scipy import stats as sps

    mean0, var0 = inversion_moments(k)
    mean1, var1 = riffle_inversion_moments(k, riffles)
    shift = abs(mean1 - mean0)
    if shift == 0:
        return None
    spread = float(sps.norm.isf(level / 2)) * math.sqrt(var0) + float(
        sps.norm.ppf(power)
    ) * math.sqrt(var1)
    decks = max(1, math.ceil((spread / shift) ** 2))
    return decks if decks <= MOST_DECKS else None


def _table_decks(k: int, riffles: int, level: float, power: float) -> int | None:
    """The table chi-square's decks: ``T = (k - 1)(k - 1 + 2 W / n)``, ``W`` the sum over pairs
    of shuffles of their common moves less one; normal with ``W``'s mean and variance."""
    from scipy import stats as sps

    delta, var_common, var_projection = _table_moments(k, riffles)
    critical = float(sps.chi2.isf(level, (k - 1) ** 2))
    z = float(sps.norm.ppf(power))

    def reaches(n: int) -> bool:
        mean = (k - 1) ** 2 + (n - 1) * (k - 1) * delta
        var_w = n * (n - 1) / 2 * var_common + n * (n - 1) * (n - 2) * var_projection
        return mean - z * 2 * (k - 1) / n * math.sqrt(var_w) >= critical

    return _fewest(reaches, MIN_TABLE_DECKS) if delta > 0 else None


@cache
def _table_moments(k: int, riffles: int) -> tuple[float, float, float]:
    """``delta = sum q**2 - 1`` (exact); the variance of two riffled shuffles' common moves, and of
    one shuffle's ``sum_i q[i, sigma[i]]`` (from :data:`SIMULATED` decks, seed :data:`POWER_SEED`)."""
    q = riffle_position_matrix(k, riffles).T  # [i, j]: the card at i goes to j
    delta = float(np.square(q).sum()) - 1
    sigma = _riffled_moves(k, riffles)
    half = sigma.shape[0] // 2
    common = (sigma[:half] == sigma[half : 2 * half]).sum(axis=1)
    projection = q[np.arange(k)[None, :], sigma].sum(axis=1)
    return delta, float(common.var()), float(projection.var())


@cache
def _riffled_moves(k: int, riffles: int) -> npt.NDArray[np.int64]:
    """Where each card went in :data:`SIMULATED` shuffles of ``riffles`` GSR riffles."""
    rng = np.random.default_rng(POWER_SEED)
    start = np.tile(np.arange(k, dtype=np.int8), (SIMULATED, 1))
    shuffled = start
    for _ in range(riffles):
        shuffled = riffle(shuffled, rng)
    return moves(start, shuffled)


@cache
def _riffled_kept_pairs(k: int, riffles: int) -> FloatArray:
    """The distribution of kept pairs after ``riffles`` GSR riffles, from simulated decks."""
    counts = np.bincount(kept_pairs(_riffled_moves(k, riffles)), minlength=k)
    pmf: FloatArray = counts / SIMULATED
    return pmf
