"""YAML paytables and game definitions -> validated, frozen, exact dataclasses.

Four kinds of file, told apart by a top-level ``kind:`` key:
``caribbean_stud`` (:class:`CaribbeanPaytable`), ``progressive``
(:class:`ProgressivePaytable`), ``stud_variant`` (:class:`StudVariant`) and
``stud_table`` (:class:`StudTable`). Money and shares are exact
:class:`fractions.Fraction`. Any problem raises :class:`PaytableError` (a
:class:`casino_sim.errors.ConfigError`) whose lines read ``file:line: key.path: message``.
Every loader takes a path or a shipped name (``caribbean_stud/standard``, or
``standard`` where unambiguous): see :func:`resolve_input`.

>>> variant = load(PAYTABLE_DIR / "stud" / "razz.yaml")
>>> variant.ranking, variant.bring_in, variant.bring_in_ace
('ace-to-five', 'highest', 'low')
>>> table = load_stud_table(PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml")
>>> table.ante, table.small_bet, table.big_bet
(Fraction(1, 2), Fraction(5, 1), Fraction(10, 1))
>>> load_paytable("standard").name
'standard US'
"""

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CARIBBEAN_HANDS, POKER_HANDS
from casino_sim.config.library import resolve_input, shipped_name
from casino_sim.config.loader import (
    KINDS,
    OTHER_KINDS,
    PAYTABLE_DIR,
    Definition,
    dump_yaml,
    load,
    load_document,
    load_paytable,
    load_progressive,
    load_stud_table,
    load_stud_variant,
    load_text,
    shipped_files,
    to_data,
)
from casino_sim.config.problems import PaytableError, Problem
from casino_sim.config.progressive import PROGRESSIVE_HANDS, Award, ProgressivePaytable
from casino_sim.config.stud import Street, StudVariant
from casino_sim.config.stud_table import (
    BadBeatJackpot,
    DropRake,
    NoRake,
    PercentRake,
    QualifyingHand,
    Rake,
    Spread,
    StudTable,
    TimeRake,
)

__all__ = [
    "CARIBBEAN_HANDS",
    "KINDS",
    "OTHER_KINDS",
    "PAYTABLE_DIR",
    "POKER_HANDS",
    "PROGRESSIVE_HANDS",
    "Award",
    "BadBeatJackpot",
    "CaribbeanPaytable",
    "Definition",
    "DropRake",
    "NoRake",
    "PaytableError",
    "PercentRake",
    "Problem",
    "ProgressivePaytable",
    "QualifyingHand",
    "Rake",
    "Spread",
    "Street",
    "StudTable",
    "StudVariant",
    "TimeRake",
    "dump_yaml",
    "load",
    "load_document",
    "load_paytable",
    "load_progressive",
    "load_stud_table",
    "load_stud_variant",
    "load_text",
    "resolve_input",
    "shipped_files",
    "shipped_name",
    "to_data",
]
