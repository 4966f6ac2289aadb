"""Shared helpers for benchmark scripts: timing and random deals."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np


def best_rate(work: Callable[[], object], items: int, *, repeats: int = 3) -> float:
    """Items per second of the fastest of ``repeats`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return items / best


def random_hands(n_hands: int, n_cards: int, seed: int = 1) -> np.ndarray:
    """Distinct-card hands as int8, dealt by a partial shuffle (argsort of random keys)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n_hands, n_cards), dtype=np.int8)
    step = 500_000
    for start in range(0, n_hands, step):
        keys = rng.random((min(step, n_hands - start), 52), dtype=np.float32)
        out[start : start + len(keys)] = np.argpartition(keys, n_cards, axis=1)[:, :n_cards]
    return out
