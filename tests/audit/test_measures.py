"""What the audit measures, against plain definitions (property tests with hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_sim.audit.measures import (
    card_table,
    inversions,
    kept_pairs,
    move_table,
    moves,
    rising_sequences,
    table_chi_square,
)
from casino_sim.audit.models import riffle

permutations = st.integers(2, 12).flatmap(lambda k: st.permutations(list(range(k))))


def _rising_by_hand(arrangement: list[int]) -> int:
    """Bayer & Diaconis's reading: find card 0, then 1 further on, and so on; a card that lies
    above the one before it starts a new rising sequence."""
    where = {card: position for position, card in enumerate(arrangement)}
    return 1 + sum(where[c + 1] < where[c] for c in range(len(arrangement) - 1))


@given(before=permutations, data=st.data())
def test_moves_say_where_each_card_went(before, data):
    after = data.draw(st.permutations(before))
    sigma = moves(np.array([before]), np.array([after]))[0]
    assert [after[j] for j in sigma] == before


@given(arrangement=permutations)
def test_the_counts_match_their_definitions(arrangement):
    k = len(arrangement)
    sigma = moves(np.arange(k)[None, :], np.array([arrangement]))
    assert rising_sequences(sigma)[0] == _rising_by_hand(arrangement)
    kept = sum(arrangement[p + 1] == arrangement[p] + 1 for p in range(k - 1))
    assert kept_pairs(sigma)[0] == kept
    inverted = sum(arrangement[p] > arrangement[q] for p in range(k) for q in range(p + 1, k))
    assert inversions(sigma)[0] == inverted
    back = np.argsort(sigma, axis=1)  # the inverse shuffle keeps and inverts as many
    assert kept_pairs(back)[0] == kept and inversions(back)[0] == inverted


@given(seed=st.integers(0, 2**32 - 1), k=st.integers(2, 40), riffles=st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_riffles_leave_at_most_two_to_the_k_rising_sequences(seed, k, riffles):
    decks = np.tile(np.arange(k, dtype=np.int8), (5, 1))
    start, rng = decks, np.random.default_rng(seed)
    for _ in range(riffles):
        decks = riffle(decks, rng)
    assert (np.sort(decks, axis=1) == start).all()
    assert (rising_sequences(moves(start, decks)) <= 2**riffles).all()


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 30), k=st.integers(2, 9))
@settings(max_examples=60, deadline=None)
def test_the_table_statistic_counts_common_moves(seed, n, k):
    """(k - 1)/n sum (count - n/k)**2 = (k - 1)(k - 1 + 2 W / n), W the sum over pairs of
    shuffles of (moves in common - 1): the identity the chi-square's degrees of freedom and
    the power figure rest on."""
    rng = np.random.default_rng(seed)
    sigma = np.array([rng.permutation(k) for _ in range(n)])
    common = (sigma[:, None, :] == sigma[None, :, :]).sum(axis=2)
    w = (common[np.triu_indices(n, 1)] - 1).sum()
    statistic = table_chi_square(move_table(sigma)).statistic
    assert np.isclose(statistic, (k - 1) * (k - 1 + 2 * w / n))
    assert move_table(sigma).sum(axis=0).tolist() == [n] * k
    assert card_table(sigma).sum(axis=1).tolist() == [n] * k
