"""What a report covers: the input files, told apart by their declared ``kind:``, and paired.

* a ``caribbean_stud`` paytable is one wager, played with ``strategy`` and, when
  given, the ``progressive`` side bet (which then also gets its own section);
* a ``banked_game`` file (the banked-game language) is one game, solved exactly with
  ``banked_strategy`` (``optimal`` or one of the game's named strategies);
* a ``progressive`` file is one side bet;
* a ``stud_table`` is one poker table, dealt with the ``stud_variant`` given
  most recently before it on the command line, else with ``variant``
  (seven-card stud by default); a ``stud_variant`` only applies to the tables
  after it, so one that no table follows is an error;
* a ``floor`` file is one floor;
* a ``par_claim`` file is a vendor's PAR sheet, checked claim by claim (with the rules
  of ``jurisdiction`` when given: a ``kind: jurisdiction`` file or a shipped name).

With no input the report covers the bundled casino (:data:`DEFAULT_INPUTS`):
standard Caribbean Stud with the $50/$75/$100 progressive, the $5/$10
seven-card stud table with its bad-beat jackpot, and ``floors/casino``.

>>> spec = read_inputs([])
>>> [item.role for item in spec.items]
['caribbean', 'poker', 'floor']
>>> spec.items[0].progressive is not None, spec.items[1].title
(True, 'seven-card stud: $5/$10 stud with bad-beat jackpot')
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from casino_sim.config.kinds import KIND_NAMES, OTHER_KINDS
from casino_sim.errors import OptionError

if TYPE_CHECKING:
    from casino_sim.config import (
        BankedGame,
        CaribbeanPaytable,
        Floor,
        Jurisdiction,
        ParClaim,
        ProgressivePaytable,
        StudTable,
        StudVariant,
    )
    from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = [
    "DEFAULT_INPUTS",
    "DEFAULT_PROGRESSIVE",
    "DEFAULT_VARIANT",
    "BankedInput",
    "CaribbeanInput",
    "ClaimInput",
    "FloorInput",
    "PokerInput",
    "ProgressiveInput",
    "ReportInputs",
    "input_name",
    "read_inputs",
]

#: The bundled casino reported when no input is given.
DEFAULT_INPUTS = ("caribbean_stud/standard", "stud/tables/5-10-bad-beat", "floors/casino")
#: The side bet of the default report's Caribbean Stud table.
DEFAULT_PROGRESSIVE = "progressives/50-75-100"
#: The variant a stud table is dealt with when no ``stud_variant`` comes before it.
DEFAULT_VARIANT = "stud/seven_card_stud"


@dataclass(frozen=True)
class ProgressiveInput:
    """A progressive side bet and its file; ``counts``: the hands of each category it is
    settled on, when not the player's five cards (a banked game's side bet on another hand
    rule), and ``played_on``: the game whose side bet it is, if any."""

    path: Path
    table: ProgressivePaytable
    counts: Mapping[str, int] | None = field(default=None, hash=False, compare=False)
    played_on: str = ""
    role: str = field(default="progressive", init=False)

    @property
    def title(self) -> str:
        return self.table.name + (f" (side bet of {self.played_on})" if self.played_on else "")


@dataclass(frozen=True)
class CaribbeanInput:
    """A Caribbean Stud paytable with the strategy played and the side bet, if any.

    ``antes`` matter when the paytable caps payouts: the first is the ante of the section's
    figures, and two or more are the rows of its edge by ante; none: a $5 ante, and $5 to
    $500 by ante (``casino-sim analyze --ante`` sets them).
    """

    path: Path
    paytable: CaribbeanPaytable
    strategy: str | DecisionTable
    strategy_path: Path | None
    strategy_rules: tuple[Any, ...]
    progressive: ProgressiveInput | None
    antes: tuple[Fraction, ...] = ()
    role: str = field(default="caribbean", init=False)

    @property
    def strategy_name(self) -> str:
        return self.strategy if isinstance(self.strategy, str) else self.strategy.name

    @property
    def title(self) -> str:
        return f"Caribbean Stud: {self.paytable.name}"


@dataclass(frozen=True)
class BankedInput:
    """A ``kind: banked_game`` file and the strategy it is played with (``optimal``, or one of
    the game's named strategies)."""

    path: Path
    game: BankedGame
    strategy: str = "optimal"
    role: str = field(default="banked", init=False)

    @property
    def title(self) -> str:
        name = self.game.name
        return name if self.strategy == "optimal" else f"{name} (strategy {self.strategy})"


@dataclass(frozen=True)
class PokerInput:
    """A stud table structure and the variant dealt on it."""

    variant_path: Path
    variant: StudVariant
    table_path: Path
    table: StudTable
    role: str = field(default="poker", init=False)

    @property
    def title(self) -> str:
        return f"{self.variant.name}: {self.table.name}"


@dataclass(frozen=True)
class FloorInput:
    """A floor with every file it names."""

    path: Path
    floor: Floor
    role: str = field(default="floor", init=False)

    @property
    def title(self) -> str:
        return f"Floor: {self.floor.definition.name}"


@dataclass(frozen=True)
class ClaimInput:
    """A vendor's PAR-sheet claims, with the jurisdiction whose rules are applied (if any)."""

    path: Path
    claim: ParClaim
    jurisdiction: Jurisdiction | None = None
    role: str = field(default="claim", init=False)

    @property
    def title(self) -> str:
        return f"PAR claims: {self.claim.name}"


Item = CaribbeanInput | BankedInput | ProgressiveInput | PokerInput | FloorInput | ClaimInput

#: The kinds a report takes as inputs.
REPORTED_KINDS = (
    "caribbean_stud",
    "banked_game",
    "progressive",
    "stud_variant",
    "stud_table",
    "floor",
    "par_claim",
)


@dataclass(frozen=True)
class ReportInputs:
    """The items in report order, every input file by a label (for provenance), and the input
    files in command-line order (the bundled casino's when none was given)."""

    items: tuple[Item, ...]
    files: dict[str, Path]
    given: tuple[Path, ...] = ()


def input_name(path: str | os.PathLike[str]) -> str:
    """How a report records an input file: its shipped name when it is a shipped file, else its
    path relative to the current folder (the project) when it lies below it, else the path as
    given. A report of shipped and project files thus holds no path of the machine that made it.

    >>> from casino_sim.config import PAYTABLE_DIR
    >>> input_name(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
    'caribbean_stud/standard'
    >>> input_name(Path.cwd() / "mine" / "paytable.yaml"), input_name("../paytable.yaml")
    ('mine/paytable.yaml', '../paytable.yaml')
    """
    from casino_sim.config.library import shipped_name

    try:
        return shipped_name(path)
    except ValueError:
        pass
    file = Path(path)
    if file.is_absolute() and file.is_relative_to(Path.cwd()):
        return file.relative_to(Path.cwd()).as_posix()
    return file.as_posix()


def _kind_of(path: Path) -> str:
    from casino_sim.config.yaml_source import read_yaml

    data = read_yaml(path).data
    kind = data.get("kind") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind in REPORTED_KINDS:
        return kind
    expected = (
        "a caribbean_stud paytable, a banked_game, a progressive, a stud_variant or "
        "stud_table, a floor or a par_claim"
    )
    if kind == "jurisdiction":
        raise OptionError(
            f"{path}: a jurisdiction's rules apply to PAR claims: give it as --jurisdiction "
            "beside a par_claim input"
        )
    if isinstance(kind, str) and kind in KIND_NAMES:
        raise OptionError(
            f"{path}: the report does not cover {kind} files yet; expected {expected}"
        )
    if isinstance(kind, str) and kind in OTHER_KINDS:
        raise OptionError(
            f"{path}: cannot report a {kind} file ({OTHER_KINDS[kind]}); expected {expected}"
        )
    got = f"kind {kind!r}" if kind is not None else "no kind: key"
    raise OptionError(f"{path}: cannot report a file with {got}; expected {expected}")


def _claimed_files(number: int, path: Path, claim: ParClaim) -> dict[str, Path]:
    """The files a claim names (its paytable and side bet), by label, for the provenance."""
    from casino_sim.config import resolve_input

    named = {
        "game": (claim.game, "caribbean_stud"),
        "progressive": (claim.progressive, "progressive"),
    }
    return {
        f"input {number} {label}": resolve_input(name, kind, base=path.parent)
        for label, (name, kind) in named.items()
        if name is not None
    }


def _strategy(text: str) -> tuple[str | DecisionTable, Path | None, tuple[Any, ...]]:
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES, load_rule_strategy

    if text in NAMED_STRATEGIES:
        return text, None, ()
    path = Path(text)
    if path.suffix not in (".yaml", ".yml") or not path.exists():
        raise OptionError(
            f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)} or a "
            f"caribbean_strategy YAML file, got {text!r}"
        )
    from casino_sim.config.yaml_source import read_yaml

    table = load_rule_strategy(path)
    rules = read_yaml(path).data.get("rules") or []
    return table, path, tuple(rules)


def _check_banked_strategy(path: Path, game: BankedGame, strategy: str) -> None:
    from casino_sim.games.banked.language import strategy_names

    if strategy not in strategy_names(game):
        raise OptionError(
            f"--banked-strategy: {path}: {game.name} has no strategy {strategy!r}; expected "
            f"one of {', '.join(strategy_names(game))}"
        )


def read_inputs(
    names: Sequence[str | os.PathLike[str]],
    *,
    strategy: str = "optimal",
    progressive: str | os.PathLike[str] | None = None,
    variant: str | os.PathLike[str] = DEFAULT_VARIANT,
    antes: Sequence[Fraction] = (),
    jurisdiction: str | os.PathLike[str] | None = None,
    banked_strategy: str = "optimal",
) -> ReportInputs:
    """Load and pair the inputs (see the module's text); a bad one raises a one-line error.

    ``progressive`` is the side bet of every Caribbean paytable (with no input:
    :data:`DEFAULT_PROGRESSIVE`); ``antes`` their antes (:class:`CaribbeanInput`);
    ``jurisdiction`` the rules applied to every ``par_claim`` input; ``banked_strategy`` the
    strategy of every ``banked_game`` input (each game must have it).
    """
    from casino_sim.config import (
        load_banked_game,
        load_claim,
        load_floor,
        load_jurisdiction,
        load_paytable,
        load_progressive,
        load_stud_table,
        load_stud_variant,
        resolve_input,
    )

    if not names:
        names = DEFAULT_INPUTS
        progressive = DEFAULT_PROGRESSIVE if progressive is None else progressive
    files: dict[str, Path] = {}
    given: list[Path] = []
    side = None
    if progressive is not None:
        side_path = resolve_input(progressive, kind="progressive")
        side = ProgressiveInput(side_path, load_progressive(side_path))
        files["--progressive"] = side_path
    rules_book = None
    if jurisdiction is not None:
        rules_path = resolve_input(jurisdiction, kind="jurisdiction")
        rules_book = load_jurisdiction(rules_path)
        files["--jurisdiction"] = rules_path
    played, strategy_path, rules = _strategy(strategy)
    if strategy_path is not None:
        files["--strategy"] = strategy_path
    current_variant: tuple[Path, StudVariant] | None = None
    variant_used = True
    items: list[Item] = []
    for index, name in enumerate(names):
        path = resolve_input(name)
        given.append(path)
        kind = _kind_of(path)
        files[f"input {index + 1} ({kind})"] = path
        if kind == "caribbean_stud":
            paytable = load_paytable(path)
            items.append(
                CaribbeanInput(
                    path, paytable, played, strategy_path, rules, side, antes=tuple(antes)
                )
            )
        elif kind == "banked_game":
            game = load_banked_game(path)
            _check_banked_strategy(path, game, banked_strategy)
            items.append(BankedInput(path, game, banked_strategy))
        elif kind == "progressive":
            items.append(ProgressiveInput(path, load_progressive(path)))
        elif kind == "stud_variant":
            if not variant_used and current_variant is not None:
                raise OptionError(
                    f"{current_variant[0]}: a stud variant applies to the stud "
                    "tables after it; give a stud_table after it"
                )
            current_variant, variant_used = (path, load_stud_variant(path)), False
        elif kind == "stud_table":
            if current_variant is None:
                default = resolve_input(variant, kind="stud_variant")
                files["--variant"] = default
                current_variant = (default, load_stud_variant(default))
            variant_used = True
            table = load_stud_table(path)
            items.append(PokerInput(current_variant[0], current_variant[1], path, table))
        elif kind == "par_claim":
            claim = load_claim(path)
            items.append(ClaimInput(path, claim, rules_book))
            files |= _claimed_files(index + 1, path, claim)
        else:
            items.append(FloorInput(path, load_floor(path)))
    if not variant_used and current_variant is not None:
        raise OptionError(
            f"{current_variant[0]}: a stud variant applies to the stud tables "
            "after it; give a stud_table after it"
        )
    if rules_book is not None and not any(isinstance(i, ClaimInput) for i in items):
        raise OptionError("--jurisdiction: its rules apply to PAR claims; give a par_claim input")
    if banked_strategy != "optimal" and not any(isinstance(i, BankedInput) for i in items):
        raise OptionError(
            "--banked-strategy: the strategy of banked_game inputs; give a banked_game input"
        )
    if side is not None and not any(isinstance(i, CaribbeanInput) for i in items):
        raise OptionError(
            "--progressive: the side bet of a Caribbean Stud paytable; give the "
            "progressive file as an input to report it alone"
        )
    return ReportInputs(tuple(items), files, tuple(given))
