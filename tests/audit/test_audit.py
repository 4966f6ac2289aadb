"""The audit's error rates: uniform decks pass at the stated level, riffled decks fail with the
stated number of decks, each test's stated decks give it the stated power."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from casino_sim.audit import TESTS, audit_shuffles, decks_needed, generate_decks, parse_model

KEYS = [key for key, _ in TESTS]


def _audit(model: str, decks: int, seed: object, **options):
    after = generate_decks(parse_model(model), decks, np.random.default_rng(seed))
    before = np.vstack([np.arange(52, dtype=np.int8), after[:-1]])
    return audit_shuffles(before, after, **options)


def _most_allowed(runs: int, rate: float, *, tail: float = 0.001) -> int:
    """The most rejections a test at ``rate`` shows in ``runs`` runs, but for a ``tail`` chance."""
    return int(sps.binom.ppf(1 - tail, runs, rate))


def test_uniform_decks_pass():
    result = _audit("uniform", 2000, 1)
    assert result.passes, result.verdict
    assert result.verdict.startswith("PASS")
    assert all(t.p_value > 0.01 for t in result.tests)


def test_type_one_error_is_within_the_stated_level():
    """200 audits of 40 uniform decks each (seeds 0..199). Each test alone rejects at 5% at
    most (the exact tests a little less: their statistics are discrete), and the audit (Holm
    over the five) fails a uniform shuffler at most 5% of the time.

    Bound: Bin(200, 0.05) exceeds 21 with chance 0.05%, so a right audit fails this check
    about once in two thousand runs. Its power: a test whose true level were 12% (24
    expected) would pass it with chance 30%, one at 15% with chance 4%, one at 20% with
    chance 0.02%: the check catches a level off by a factor of 3, often one off by 2, not
    one off by a point (that would take thousands of runs).
    """
    runs = 200
    rejected = dict.fromkeys(KEYS, 0)
    failed = 0
    for seed in range(runs):
        result = _audit("uniform", 40, [2026, seed], power=False)
        failed += not result.passes
        for test in result.tests:
            rejected[test.key] += test.p_value <= 0.05
    limit = _most_allowed(runs, 0.05)
    assert limit == 21
    assert failed <= limit, failed
    assert all(count <= limit for count in rejected.values()), rejected
    assert sum(rejected.values()) >= 10  # the tests do reject sometimes: not stuck at p = 1


def test_two_riffles_fail_with_the_stated_decks_and_one_riffle_easily():
    result = _audit("riffle:2", 3, 3)
    assert result.decks_to_catch == 1
    needed = {t.key: t.needed.decks for t in result.tests if t.needed is not None}
    assert needed == {"card_position": 20, "position_card": None, "kept_pairs": 1,
                      "rising_sequences": 1, "distance": 2}  # fmt: skip
    caught = sum(not _audit("riffle:2", 1, [2, seed], power=False).passes for seed in range(50))
    assert caught == 50
    once = _audit("riffle:1", 1, 4, power=False)
    assert not once.passes and once.tests[KEYS.index("rising_sequences")].p_value < 1e-30
    assert not _audit("riffle:2", 200, 5, power=False).passes


@pytest.mark.parametrize(("key", "riffles"), [("rising_sequences", 7), ("kept_pairs", 5),
                                              ("distance", 4), ("card_position", 3)])  # fmt: skip
def test_each_test_has_its_stated_power(key, riffles):
    """At its stated decks (alone, 5%), the test rejects K riffles in ~90% of 100 runs.

    A true power of 90% shows fewer than 80 of 100 with chance 0.08%; a power of 70% would
    show 80 or more with chance 1.6%: the figure is checked to within ~15 points.
    """
    decks = decks_needed(key, 52, riffles, level=0.05).decks
    assert decks is not None
    hits = 0
    for seed in range(100):
        result = _audit(f"riffle:{riffles}", decks, [riffles, seed, 7], power=False)
        hits += result.tests[KEYS.index(key)].p_value <= 0.05
    assert hits >= 80, (key, riffles, decks, hits)


def test_the_audit_catches_seven_riffles_with_its_stated_decks():
    """Seven riffles (Bayer-Diaconis's 'enough': distance 0.334) fail the audit with 90% power
    from the stated decks: rising sequences at 1% (Holm's first step) need 21."""
    decks = _audit("riffle:7", 21, 0, against_riffles=7).decks_to_catch
    assert decks == 21
    caught = sum(not _audit("riffle:7", decks, [7, seed], power=False).passes for seed in range(60))
    assert caught >= 48  # P(< 48 | power 0.9) = 0.6%; a power of 70% passes with chance 6%


def test_records_and_refusals():
    result = _audit("uniform", 30, 8)
    record = result.to_record()
    assert record["passes"] is True and record["against"] == "riffle:2"
    assert [t["test"] for t in record["tests"]] == KEYS
    short = _audit("uniform", 5, 8).to_record()
    assert short["tests"][0]["p_value"] is None and short["tests"][0]["note"] == "needs 20 decks"
    from casino_sim.errors import OptionError

    with pytest.raises(OptionError):
        audit_shuffles(np.zeros((2, 52)), np.zeros((3, 52)))
