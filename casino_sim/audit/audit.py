"""The shuffler audit: five tests of uniformity on recorded shuffles, Holm over the five, a verdict.

Under the hypothesis that the device shuffles uniformly, whatever it is fed, every
shuffle's ``sigma`` (where each card went, :mod:`casino_sim.audit.measures`) is a uniform
permutation independent of the others, and so is every deck it leaves. The tests:

==================  ============================================  ==========================
test                statistic                                     null
==================  ============================================  ==========================
card position       chi-square of the table position before x     chi-square, (k-1)^2 dof
                    position after
position's card     chi-square of the table card x position after chi-square, (k-1)^2 dof
kept pairs          neighbours still neighbours, summed           exact (convolution)
rising sequences    rising sequences, summed                      exact (Eulerian numbers)
distance            inversions (Kendall's tau), summed            normal, exact moments
==================  ============================================  ==========================

The sums are two-sided (too few rising sequences is a riffle; too many, a device that
reverses runs). Holm's procedure (:func:`casino_sim.engine.stats.holm_adjusted`) keeps
the chance that a uniform shuffler fails the audit at ``alpha`` (5%), whatever the
dependence between the tests.

>>> from casino_sim.audit.models import generate_decks, parse_model
>>> rng = np.random.default_rng(5)
>>> after = generate_decks(parse_model("riffle:2"), 3, rng)
>>> before = np.vstack([np.arange(52, dtype=np.int8), after[:-1]])
>>> result = audit_shuffles(before, after)
>>> result.passes, [t.key for t in result.tests if t.rejects]
(False, ['kept_pairs', 'rising_sequences', 'distance'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from casino_sim.audit.measures import (
    card_table,
    inversions,
    kept_pairs,
    move_table,
    moves,
    rising_sequences,
    table_chi_square,
)
from casino_sim.audit.nulls import inversion_moments, rising_pmf, succession_pmf, sum_distribution
from casino_sim.audit.power import (
    MIN_TABLE_DECKS,
    POWER,
    DecksNeeded,
    TestKey,
    decks_needed,
)
from casino_sim.engine.stats import FAMILY_ALPHA, holm_adjusted, normal_p_value
from casino_sim.errors import OptionError

__all__ = ["TESTS", "AuditResult", "TestOutcome", "audit_shuffles"]

#: The tests, in the order they are shown: key and name.
TESTS: tuple[tuple[TestKey, str], ...] = (
    ("card_position", "card position (before x after)"),
    ("position_card", "position's card (card x after)"),
    ("kept_pairs", "kept pairs (neighbours stay)"),
    ("rising_sequences", "rising sequences"),
    ("distance", "distance (Kendall's tau)"),
)


@dataclass(frozen=True)
class TestOutcome:
    """One test: its statistic beside its value under uniformity, p-value, Holm-adjusted
    p-value (NaN when not run), and the decks it needs to catch the stated riffles."""

    key: TestKey
    name: str
    statistic: float
    expected: float
    per_deck: bool
    null: str
    p_value: float
    holm_p: float
    rejects: bool
    needed: DecksNeeded | None
    needed_in_audit: DecksNeeded | None
    note: str = ""

    def to_record(self) -> dict[str, Any]:
        return {
            "test": self.key,
            "name": self.name,
            "statistic": _finite(self.statistic),
            "expected_under_uniform": _finite(self.expected),
            "statistic_is_mean_per_deck": self.per_deck,
            "null_distribution": self.null,
            "p_value": _finite(self.p_value),
            "holm_p_value": _finite(self.holm_p),
            "rejects": self.rejects,
            "decks_needed": None if self.needed is None else self.needed.to_record(),
            "decks_needed_in_audit": (
                None if self.needed_in_audit is None else self.needed_in_audit.to_record()
            ),
            "note": self.note,
        }


@dataclass(frozen=True)
class AuditResult:
    """The audit of ``decks`` shuffles of ``deck_size`` cards: the tests and the verdict.

    ``decks_to_catch`` is the fewest decks with which the audit fails ``against_riffles``
    GSR riffles with 90% power: the smallest of the tests' figures at ``alpha / m`` (Holm's
    first step), ``m`` the five tests.
    """

    decks: int
    deck_size: int
    alpha: float
    against_riffles: int
    tests: tuple[TestOutcome, ...]
    decks_to_catch: int | None
    caught_by: str | None
    notes: tuple[str, ...] = field(default=())

    @property
    def passes(self) -> bool:
        return not any(test.rejects for test in self.tests)

    @property
    def verdict(self) -> str:
        run = sum(1 for t in self.tests if not math.isnan(t.p_value))
        family = f"Holm over {run} tests, family-wise {self.alpha:.0%}, {self.decks:,} decks"
        if self.passes:
            return f"PASS: no test rejects uniform shuffling ({family})"
        failed = ", ".join(t.name.split(" (")[0] for t in self.tests if t.rejects)
        return f"FAIL: {failed} reject{'s' * (failed.count(',') == 0)} uniform shuffling ({family})"

    def to_record(self) -> dict[str, Any]:
        return {
            "decks": self.decks,
            "deck_size": self.deck_size,
            "alpha": self.alpha,
            "power": POWER,
            "against": f"riffle:{self.against_riffles}",
            "passes": self.passes,
            "verdict": self.verdict,
            "decks_to_catch": self.decks_to_catch,
            "caught_by": self.caught_by,
            "tests": [test.to_record() for test in self.tests],
            "notes": list(self.notes),
        }


def audit_shuffles(
    before: npt.ArrayLike,
    after: npt.ArrayLike,
    *,
    alpha: float = FAMILY_ALPHA,
    against_riffles: int = 2,
    power: bool = True,
) -> AuditResult:
    """Audit shuffles: row ``t`` of ``before`` (card codes, top first) became row ``t`` of
    ``after``. ``power`` False leaves out the decks-needed figures (fast, for many runs)."""
    pre = np.asarray(before, dtype=np.int64)
    post = np.asarray(after, dtype=np.int64)
    if pre.shape != post.shape or pre.ndim != 2 or pre.shape[0] < 1 or pre.shape[1] < 2:
        raise OptionError(f"expected two equal tables of decks, got {pre.shape} and {post.shape}")
    n, k = post.shape
    deck = np.arange(k)
    if not ((np.sort(pre, axis=1) == deck).all() and (np.sort(post, axis=1) == deck).all()):
        raise OptionError(f"expected every row to hold the card codes 0..{k - 1}, each once")
    if not 0 < alpha < 1:
        raise OptionError(f"alpha must be between 0 and 1, got {alpha}")
    sigma = moves(pre, post)
    one_order = bool((pre == pre[:1]).all())
    raw = [
        _table(move_table(sigma), n),
        _table(card_table(post), n),
        _exact_sum(kept_pairs(sigma), succession_pmf(k), 0),
        _exact_sum(rising_sequences(sigma), rising_pmf(k), 1),
        _distance(inversions(sigma), k),
    ]
    adjusted = holm_adjusted([p for *_, p, _ in raw])
    family = len(TESTS)
    outcomes = []
    for (key, name), (statistic, expected, per_deck, null, p, note), holm_p in zip(
        TESTS, raw, adjusted, strict=True
    ):
        needed = in_audit = None
        if power:
            needed = decks_needed(key, k, against_riffles, level=alpha, one_order_before=one_order)
            in_audit = decks_needed(
                key, k, against_riffles, level=alpha / family, one_order_before=one_order
            )
        rejects = not math.isnan(holm_p) and holm_p <= alpha
        outcomes.append(
            TestOutcome(
                key=key,
                name=name,
                statistic=statistic,
                expected=expected,
                per_deck=per_deck,
                null=null,
                p_value=p,
                holm_p=holm_p,
                rejects=rejects,
                needed=needed,
                needed_in_audit=in_audit,
                note=note,
            )
        )
    # the fewest decks; on a tie, a figure exact on both sides before one from simulated decks
    catchers = [(t.needed_in_audit.decks, "simulated" in t.needed_in_audit.method, index,
                 t.name.split(" (")[0]) for index, t in enumerate(outcomes)
                if t.needed_in_audit is not None and t.needed_in_audit.decks is not None]  # fmt: skip
    fewest = (min(catchers)[0], min(catchers)[3]) if catchers else None
    notes = []
    if one_order and n > 1:
        notes.append(
            "every shuffle started from one order: the two tables count the same thing "
            "(Holm counts them twice, which only makes the audit more careful)"
        )
    if fewest is not None and n < fewest[0]:
        notes.append(
            f"{n:,} decks are fewer than the {fewest[0]:,} the audit needs to catch "
            f"riffle:{against_riffles} with {POWER:.0%} power: a pass says little"
        )
    return AuditResult(
        decks=n,
        deck_size=k,
        alpha=alpha,
        against_riffles=against_riffles,
        tests=tuple(outcomes),
        decks_to_catch=None if fewest is None else fewest[0],
        caught_by=None if fewest is None else fewest[1],
        notes=tuple(notes),
    )


Raw = tuple[float, float, bool, str, float, str]


def _table(table: npt.NDArray[np.int64], n: int) -> Raw:
    k = table.shape[0]
    dof = (k - 1) ** 2
    null = f"chi-square, {dof:,} dof"
    if n < MIN_TABLE_DECKS:
        return math.nan, float(dof), False, null, math.nan, f"needs {MIN_TABLE_DECKS} decks"
    result = table_chi_square(table)
    return result.statistic, float(dof), False, null, result.p_value, ""


def _exact_sum(values: npt.NDArray[np.int64], pmf: npt.NDArray[np.float64], offset: int) -> Raw:
    n = values.size
    null = sum_distribution(pmf, n, offset=offset)
    expected = float(np.dot(np.arange(pmf.size) + offset, pmf))
    return float(values.mean()), expected, True, "exact", null.two_sided_p(int(values.sum())), ""


def _distance(values: npt.NDArray[np.int64], k: int) -> Raw:
    mean, variance = inversion_moments(k)
    n = values.size
    z = (float(values.sum()) - n * mean) / math.sqrt(n * variance)
    return float(values.mean()), mean, True, "normal, exact moments", normal_p_value(z), ""


def _finite(value: float) -> float | None:
    """JSON has no NaN: a test not run has null figures."""
    return None if math.isnan(value) else value
