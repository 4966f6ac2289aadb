"""``casino-sim floor PAYTABLE``: one Caribbean Stud pit as an in-memory floor.

The shortcut form of the command names a paytable instead of a floor file.
:func:`pit_floor` builds the floor that form means: one banked group of
``tables`` identical tables, open around the clock, arrivals at a constant
rate, one player type (session length, ante, strategy, side-bet take-up), and,
with a progressive, one meter linked across the tables. It is an ordinary
:class:`~casino_sim.config.floor_loader.Floor`, so it runs, reports and
reproduces like a floor file.

>>> floor = pit_floor("caribbean_stud/standard", progressive="progressives/50-75-100", tables=2)
>>> group = floor.definition.tables[0]
>>> group.count, group.progressive, floor.definition.traffic.players[0].side_bet
(2, 'progressive', Fraction(1, 2))
>>> sorted(floor.inputs)
['paytable', 'progressive']
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.floor import NAMED_STRATEGIES, FloorDefinition
from casino_sim.config.floor_loader import STRATEGY_KIND, Floor
from casino_sim.config.library import resolve_input
from casino_sim.config.loader import load_paytable, load_progressive, load_text
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.config.yaml_source import read_yaml
from casino_sim.errors import OptionError

__all__ = ["GROUP", "METER", "PLAYER", "SHORTCUT_DAYS", "pit_floor"]

#: Names of the shortcut floor's table group, meter and player type (they appear in the reports).
GROUP, METER, PLAYER = "pit", "progressive", "player"
#: The shortcut floor's default horizon in days.
SHORTCUT_DAYS = 1
#: How the shortcut floor is named in messages about it.
SHORTCUT_NAME = "<casino-sim floor PAYTABLE>"

PathLike = str | os.PathLike[str]


def _number(value: float | Fraction) -> Fraction:
    """An option's value as an exact amount (a float by its shortest repr: 40.5 -> 81/2)."""
    return value if isinstance(value, Fraction) else Fraction(repr(float(value)))


def pit_floor(
    paytable: PathLike,
    *,
    progressive: PathLike | None = None,
    tables: int = 4,
    arrivals_per_hour: float | Fraction = 40,
    session_minutes: float | Fraction = 45,
    ante: Fraction = Fraction(5),
    strategy: str = "optimal",
    side_bet_share: float | Fraction | None = None,
    days: int = SHORTCUT_DAYS,
) -> Floor:
    """The floor ``casino-sim floor PAYTABLE [options]`` runs.

    ``paytable``, ``progressive`` and a strategy file are paths or shipped
    names. ``side_bet_share`` is the chance a session plays the side bet
    (default 0.5 with a progressive; it needs one). Players have no bankroll
    limit (each session's drop is 40 antes), the tables keep the default
    pace (30 s a round + 12 s per player) and no dealer breaks.
    Bad values raise :class:`~casino_sim.errors.OptionError` or
    :class:`~casino_sim.config.PaytableError`.
    """
    if side_bet_share is not None and progressive is None:
        raise OptionError("--side-bet-share needs --progressive FILE")
    inputs: dict[str, Path] = {"paytable": resolve_input(paytable, "caribbean_stud")}
    table: CaribbeanPaytable = load_paytable(inputs["paytable"])
    progressives: dict[str, ProgressivePaytable] = {}
    meters: dict[str, dict[str, str]] = {}
    if progressive is not None:
        inputs["progressive"] = resolve_input(progressive, "progressive")
        progressives[METER] = load_progressive(inputs["progressive"])
        meters[METER] = {"type": "progressive", "progressive": str(inputs["progressive"])}
    strategy_files: dict[str, Path] = {}
    if strategy not in NAMED_STRATEGIES:
        if not strategy.endswith((".yaml", ".yml")):
            raise OptionError(
                f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)} or a "
                f"{STRATEGY_KIND} .yaml file, got {strategy!r}"
            )
        found = resolve_input(strategy, STRATEGY_KIND)
        data = read_yaml(found).data
        if not isinstance(data, dict) or data.get("kind") != STRATEGY_KIND:
            raise OptionError(f"--strategy {strategy}: expected a {STRATEGY_KIND} file")
        inputs["strategy"] = strategy_files[PLAYER] = found
        strategy = str(found)
    share = Fraction(1, 2) if side_bet_share is None else _number(side_bet_share)
    floor: dict[str, Any] = {
        "kind": "floor",
        "name": f"{tables} table(s) of {table.name}",
        "description": "casino-sim floor PAYTABLE: one pit, constant arrivals, one player type",
        "days": days,
        "meters": meters,
        "tables": [
            {
                "game": "caribbean_stud",
                "name": GROUP,
                "count": tables,
                "paytable": str(inputs["paytable"]),
                "min_ante": str(ante),
                "max_ante": str(ante),
                "progressive": METER if progressive is not None else None,
                "open": "always",
            }
        ],
        "traffic": {
            "arrivals_per_hour": str(_number(arrivals_per_hour)),
            "players": [
                {
                    "name": PLAYER,
                    "games": [GROUP],
                    "session_minutes": str(_number(session_minutes)),
                    "ante": str(ante),
                    "side_bet": str(share if progressive is not None else 0),
                    "strategy": strategy,
                }
            ],
        },
    }
    definition = load_text(yaml.safe_dump(floor, sort_keys=False), name=SHORTCUT_NAME, kind="floor")
    assert isinstance(definition, FloorDefinition)  # load_text checked the kind
    return Floor(
        definition=definition,
        path=inputs["paytable"],
        paytables=MappingProxyType({GROUP: table}),
        progressives=MappingProxyType(progressives),
        variants=MappingProxyType({}),
        stud_tables=MappingProxyType({}),
        strategy_files=MappingProxyType(strategy_files),
        inputs=MappingProxyType(inputs),
    )
