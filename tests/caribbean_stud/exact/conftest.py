"""Paytables for the exact-analysis tests, built in code so the published numbers are explicit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_sim.config import CaribbeanPaytable
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.games.banked.caribbean_stud.rules import PAY_KEYS

STANDARD_PAYS = (1, 1, 2, 3, 4, 5, 7, 20, 50, 100)  # A-K .. royal


def make_paytable(
    pays: tuple[int, ...] = STANDARD_PAYS,
    *,
    name: str = "standard",
    max_payout: int | None = None,
    **overrides: int | Fraction,
) -> CaribbeanPaytable:
    """A validated paytable: ``pays`` from A-K high up to the royal, ``overrides`` by hand key."""
    table = {key: Fraction(p) for key, p in zip(PAY_KEYS, pays, strict=True)}
    table.update({key: Fraction(value) for key, value in overrides.items()})
    cap = None if max_payout is None else Fraction(max_payout)
    return CaribbeanPaytable(name=name, pays=table, max_payout=cap)


@pytest.fixture(scope="session")
def counts():
    return load_counts()


@pytest.fixture
def standard():
    return make_paytable()
