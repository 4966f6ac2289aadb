"""YAML paytables and game definitions -> validated, frozen, exact dataclasses.

Kinds of file, told apart by a top-level ``kind:`` key (the registry:
:data:`KIND_NAMES`): ``caribbean_stud`` (:class:`CaribbeanPaytable`),
``progressive`` (:class:`ProgressivePaytable`), ``stud_variant``
(:class:`StudVariant`), ``stud_table`` (:class:`StudTable`), ``floor``
(:class:`FloorDefinition`; :func:`load_floor` also loads the files a floor
names, into a :class:`Floor`) and ``banked_game`` (:class:`BankedGame`,
docs/banked-games.md). Money and
shares are exact :class:`fractions.Fraction`. Any problem raises
:class:`PaytableError` (a :class:`casino_sim.errors.ConfigError`) whose lines
read ``file:line: key.path: message``. Every loader takes a path or a shipped
name (``caribbean_stud/standard``, or ``standard`` where unambiguous): see
:func:`resolve_input`.

Importing this package is cheap: the validators (pydantic) load on first use
of a name below, so the CLI can offer :data:`KIND_NAMES` as choices without them.

>>> from casino_sim.config import PAYTABLE_DIR, load, load_paytable, load_stud_table
>>> variant = load(PAYTABLE_DIR / "stud" / "razz.yaml")
>>> variant.ranking, variant.bring_in, variant.bring_in_ace
('ace-to-five', 'highest', 'low')
>>> table = load_stud_table(PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml")
>>> table.ante, table.small_bet, table.big_bet
(Fraction(1, 2), Fraction(5, 1), Fraction(10, 1))
>>> load_paytable("standard").name
'standard US'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import casino_sim.config.pickling  # noqa: F401  (config values pickle: cluster backends)
from casino_sim.config.kinds import KIND_NAMES, OTHER_KINDS, Kind

if TYPE_CHECKING:
    from casino_sim.config.banked_game import BankedGame
    from casino_sim.config.caribbean import CaribbeanPaytable
    from casino_sim.config.claims import Claim, ClaimedValue, ParClaim
    from casino_sim.config.common import (
        CARIBBEAN_HANDS,
        CATEGORY_KEYS,
        POKER_HANDS,
        PROGRESSIVE_HANDS,
    )
    from casino_sim.config.floor import (
        WEEKDAYS,
        BadBeatMeterDef,
        BankedGroup,
        BankedPace,
        DealerBreaks,
        FloorDefinition,
        MeterDef,
        OpenHours,
        PlayerType,
        PokerGroup,
        ProgressiveMeterDef,
        TableGroup,
        Traffic,
    )
    from casino_sim.config.floor_loader import Floor, load_floor
    from casino_sim.config.jurisdiction import Jurisdiction, JurisdictionRule
    from casino_sim.config.library import PAYTABLE_DIR, resolve_input, shipped_files, shipped_name
    from casino_sim.config.loader import (
        KINDS,
        Definition,
        dump_yaml,
        load,
        load_banked_game,
        load_claim,
        load_document,
        load_jurisdiction,
        load_paytable,
        load_progressive,
        load_stud_table,
        load_stud_variant,
        load_text,
        to_data,
    )
    from casino_sim.config.problems import PaytableError, Problem
    from casino_sim.config.progressive import Award, ProgressivePaytable
    from casino_sim.config.stud import Street, StudVariant
    from casino_sim.config.stud_table import (
        BadBeatJackpot,
        DropRake,
        NoRake,
        Pace,
        PercentRake,
        QualifyingHand,
        Rake,
        Spread,
        StudTable,
        TimeRake,
    )

__all__ = [
    "CARIBBEAN_HANDS",
    "CATEGORY_KEYS",
    "KINDS",
    "KIND_NAMES",
    "OTHER_KINDS",
    "PAYTABLE_DIR",
    "POKER_HANDS",
    "PROGRESSIVE_HANDS",
    "WEEKDAYS",
    "Award",
    "BadBeatJackpot",
    "BadBeatMeterDef",
    "BankedGame",
    "BankedGroup",
    "BankedPace",
    "CaribbeanPaytable",
    "Claim",
    "ClaimedValue",
    "DealerBreaks",
    "Definition",
    "DropRake",
    "Floor",
    "FloorDefinition",
    "Jurisdiction",
    "JurisdictionRule",
    "Kind",
    "MeterDef",
    "NoRake",
    "OpenHours",
    "Pace",
    "ParClaim",
    "PaytableError",
    "PercentRake",
    "PlayerType",
    "PokerGroup",
    "Problem",
    "ProgressiveMeterDef",
    "ProgressivePaytable",
    "QualifyingHand",
    "Rake",
    "Spread",
    "Street",
    "StudTable",
    "StudVariant",
    "TableGroup",
    "TimeRake",
    "Traffic",
    "dump_yaml",
    "load",
    "load_banked_game",
    "load_claim",
    "load_document",
    "load_floor",
    "load_jurisdiction",
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

# Where the lazily loaded names live; importing the loader brings in all of them.
_HOMES = (
    "casino_sim.config.loader",
    "casino_sim.config.library",
    "casino_sim.config.problems",
    "casino_sim.config.common",
    "casino_sim.config.caribbean",
    "casino_sim.config.banked_game",
    "casino_sim.config.progressive",
    "casino_sim.config.stud",
    "casino_sim.config.stud_table",
    "casino_sim.config.floor",
    "casino_sim.config.floor_loader",
    "casino_sim.config.claims",
    "casino_sim.config.jurisdiction",
)

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """A public name on first use: import its module, then keep it here."""
        if name in __all__:
            for home in _HOMES:
                namespace = vars(importlib.import_module(home))
                if name in namespace:
                    globals()[name] = namespace[name]
                    return namespace[name]
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
