"""Paytables for the exact-analysis tests, built in code so the published numbers are explicit."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from casino_sim.games.banked.caribbean_stud.exact.analysis import HAND_KEYS
from casino_sim.games.banked.caribbean_stud.exact.cache import load_counts

STANDARD_PAYS = (1, 1, 2, 3, 4, 5, 7, 20, 50, 100)  # A-K .. royal


def make_paytable(pays=STANDARD_PAYS, *, name="standard", max_payout=None, **overrides):
    table = SimpleNamespace(
        name=name,
        pays={key: Fraction(p) for key, p in zip(HAND_KEYS, pays, strict=True)},
        ante_pays=Fraction(1),
        raise_multiple=2,
        max_payout=None if max_payout is None else Fraction(max_payout),
    )
    for key, value in overrides.items():
        table.pays[key] = Fraction(value)
    return table


@pytest.fixture(scope="session")
def counts():
    return load_counts()


@pytest.fixture
def standard():
    return make_paytable()
