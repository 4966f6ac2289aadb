"""The shuffler audit: is a shuffling device's output uniform? (docs/verify.md, "Shuffler audit")

A component of its own beside the games, built on :mod:`casino_sim.cards`,
:mod:`casino_sim.shuffle` and :mod:`casino_sim.engine.stats` only:

* :mod:`~casino_sim.audit.decks`: the decks file (one shuffled deck a line), read strictly;
* :mod:`~casino_sim.audit.measures`: where each card went, and what the tests count;
* :mod:`~casino_sim.audit.nulls`: the exact distributions (Eulerian, successions,
  Mahonian; Bayer & Diaconis's riffle formula and total variation distance);
* :mod:`~casino_sim.audit.power`: the decks each test needs to catch ``K`` riffles;
* :mod:`~casino_sim.audit.models`: test decks, uniform or ``K`` GSR riffles;
* :mod:`~casino_sim.audit.audit`: the five tests, Holm, the verdict (:func:`audit_shuffles`).

>>> import numpy as np
>>> decks = generate_decks(parse_model("uniform"), 200, np.random.default_rng(11))
>>> before = np.vstack([np.arange(52, dtype=np.int8), decks[:-1]])
>>> audit_shuffles(before, decks, power=False).passes
True
"""

from casino_sim.audit.audit import TESTS, AuditResult, TestOutcome, audit_shuffles
from casino_sim.audit.decks import DECK_SIZE, DeckRecord, format_decks, read_decks
from casino_sim.audit.models import ShuffleModel, generate_decks, parse_model, riffle
from casino_sim.audit.nulls import riffle_total_variation
from casino_sim.audit.power import POWER, DecksNeeded, decks_needed

__all__ = [
    "DECK_SIZE",
    "POWER",
    "TESTS",
    "AuditResult",
    "DeckRecord",
    "DecksNeeded",
    "ShuffleModel",
    "TestOutcome",
    "audit_shuffles",
    "decks_needed",
    "format_decks",
    "generate_decks",
    "parse_model",
    "read_decks",
    "riffle",
    "riffle_total_variation",
]
