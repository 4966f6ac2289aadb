"""Caribbean Stud strategies written as rules in YAML, turned into a :class:`DecisionTable`.

The player raises when any rule matches, and folds otherwise::

    kind: caribbean_strategy
    name: pairs, plus A-K with a matched up-card
    rules:
      - at_least: one_pair          # a hand name, or ranks like "A K J 8 3"
      - at_least: "A K"             # A-K high (missing kickers: the lowest possible)...
        upcard_matches: true        # ...when the up-card pairs one of the player's cards
      - at_least: "A K Q"
        upcard_ranks: "2345678"     # ...when the up-card is one of these ranks

>>> doc = "kind: caribbean_strategy\\nname: t\\nrules:\\n  - at_least: one_pair\\n"
>>> from casino_sim.cards import parse_cards
>>> bool(parse_rule_strategy(doc).should_raise(parse_cards("2c 2d 5h 7s 9c"), 0))
True
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.problems import PaytableError, Problem
from casino_sim.config.words import did_you_mean
from casino_sim.config.yaml_source import YamlDocument, parse_yaml, read_yaml
from casino_sim.evaluator import HandCategory
from casino_sim.evaluator.classes import weakest_high_value
from casino_sim.games.banked.caribbean_stud.strategy.table import (
    DecisionTable,
    all_hand_values,
    all_hands_by_index,
)

__all__ = ["STRATEGY_KIND", "check_rule_strategy", "load_rule_strategy", "parse_rule_strategy"]

STRATEGY_KIND = "caribbean_strategy"
"""The ``kind:`` of a strategy file."""

_RANKS = "23456789TJQKA"
_TOP_KEYS = ("kind", "name", "description", "rules")
_RULE_KEYS = ("at_least", "upcard_matches", "upcard_ranks")
_RANK_NIBBLES = np.array([0xF << (4 * r) for r in range(13)], dtype=np.uint64)


def _category_floor(name: str) -> int | None:
    """The weakest hand of a category named like ``one_pair``."""
    try:
        cat = HandCategory[name.upper()]
    except KeyError:
        return None
    return weakest_high_value(cat)


def _ranks_floor(text: str) -> int | None:
    """The weakest high-card hand starting with the given ranks, e.g. "A K" -> A-K-4-3-2."""
    tokens = text.replace("-", " ").upper().split()
    if not tokens or len(tokens) > 5 or any(t not in _RANKS for t in tokens):
        return None
    ranks = tuple(_RANKS.index(t) for t in tokens)
    if len(set(ranks)) != len(ranks) or list(ranks) != sorted(ranks, reverse=True):
        return None
    return weakest_high_value(HandCategory.HIGH_CARD, ranks)


def _problem(doc: YamlDocument, path: tuple[str | int, ...], message: str) -> Problem:
    return Problem(file=doc.name, line=doc.line_of(path), path=path, message=message)


def _unknown_key(key: object, keys: tuple[str, ...]) -> str:
    """``unknown key 'rule' (did you mean 'rules'?)``; without a likely key, the keys expected."""
    hint = did_you_mean(key, keys)
    return f"unknown key {key!r}{hint}" if hint else f"unknown key (expected {', '.join(keys)})"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_kind(doc: YamlDocument) -> None:
    """One short problem when the file is not a strategy at all (e.g. a paytable)."""
    kind = doc.data.get("kind")
    if kind is None:
        message = "missing required key 'kind' (expected kind: caribbean_strategy)"
        raise PaytableError([Problem(file=doc.name, line=1, path=("kind",), message=message)])
    if kind != STRATEGY_KIND:
        message = f"expected a caribbean_strategy file, got kind {_shown(kind)}"
        raise PaytableError([Problem(file=doc.name, line=0, path=(), message=message)])


def _rules(doc: YamlDocument) -> list[tuple[int, bool, np.ndarray]]:
    data: Any = doc.data
    _check_kind(doc)
    problems: list[Problem] = []
    unknown = set(data) - set(_TOP_KEYS)
    problems += [
        _problem(doc, (key,), _unknown_key(key, _TOP_KEYS)) for key in sorted(unknown, key=str)
    ]
    problems += [
        _problem(doc, (key,), f"expected text, got {_shown(data[key])}")
        for key in ("name", "description")
        if key in data and not isinstance(data[key], str)
    ]
    rules = data.get("rules")
    if not isinstance(rules, list) or not rules:
        problems.append(_problem(doc, ("rules",), "expected a non-empty list of rules"))
        raise PaytableError(problems)
    parsed = []
    for i, rule in enumerate(rules):
        if not isinstance(rule, dict):
            problems.append(_problem(doc, ("rules", i), "expected a mapping with at_least: ..."))
            continue
        for key in sorted(set(rule) - set(_RULE_KEYS), key=str):
            problems.append(_problem(doc, ("rules", i, key), _unknown_key(key, _RULE_KEYS)))
        at_least = str(rule.get("at_least", ""))
        floor = _category_floor(at_least)
        floor = floor if floor is not None else _ranks_floor(at_least)
        if floor is None:
            hint = did_you_mean(at_least, CATEGORY_KEYS)
            problems.append(_problem(doc, ("rules", i, "at_least"),
                                     f"expected a hand name (one_pair, flush, ...) or high ranks like 'A K J 8 3', got {_shown(at_least)}{hint}"))  # fmt: skip
        matches = rule.get("upcard_matches", False)
        if not isinstance(matches, bool):
            problems.append(_problem(doc, ("rules", i, "upcard_matches"), "expected true or false"))
        up_ranks = str(rule.get("upcard_ranks", _RANKS)).upper().replace(" ", "")
        if not up_ranks or any(r not in _RANKS for r in up_ranks):
            problems.append(
                _problem(doc, ("rules", i, "upcard_ranks"), f"expected ranks from {_RANKS}")
            )
        allowed = np.array([r in up_ranks for r in _RANKS])
        parsed.append((floor or 0, bool(matches), allowed))
    if problems:
        raise PaytableError(problems)
    return parsed


def _table(doc: YamlDocument) -> DecisionTable:
    hands = all_hands_by_index()
    values = all_hand_values()
    held = np.zeros((len(hands), 13), dtype=bool)
    np.put_along_axis(held, hands.astype(np.int64) >> 2, True, axis=1)
    mask = np.zeros(len(hands), dtype=np.uint64)
    for floor, needs_match, allowed in _rules(doc):
        by_rank = (values >= floor)[:, None] & allowed[None, :]
        if needs_match:
            by_rank &= held
        mask |= np.bitwise_or.reduce(np.where(by_rank, _RANK_NIBBLES, np.uint64(0)), axis=1)
    return DecisionTable(str(doc.data.get("name", doc.name)), mask)


def check_rule_strategy(doc: YamlDocument) -> str:
    """Validate a parsed strategy file without building its table; return its name.

    Raises :class:`PaytableError` (one ``file:line: key.path: message`` per problem).
    """
    _rules(doc)
    return str(doc.data.get("name", doc.name))


def parse_rule_strategy(text: str, *, name: str = "<strategy>") -> DecisionTable:
    """A decision table from YAML text (see the module docstring for the format)."""
    return _table(parse_yaml(text, name=name))


def load_rule_strategy(path: str | os.PathLike[str]) -> DecisionTable:
    """A decision table from a strategy YAML file (only a regular file is read).

    A file of another kind, e.g. a paytable, gives one short problem:

    >>> from casino_sim.config import PAYTABLE_DIR
    >>> load_rule_strategy(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
    Traceback (most recent call last):
    ...
    casino_sim.config.problems.PaytableError: ...standard.yaml: expected a caribbean_strategy file, got kind 'caribbean_stud'
    """
    return _table(read_yaml(path))
