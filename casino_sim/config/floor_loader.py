"""Loading a floor with every file it names: :func:`load_floor` -> :class:`Floor`.

A floor names other files: Caribbean Stud paytables, banked games
(``kind: banked_game``), progressive side bets, stud variants and table
structures, strategy files. Each is looked for beside
the floor file first, then as a shipped name (``caribbean_stud/standard``). A
reference that is missing or of the wrong kind, and a floor that does not fit
its files (more seats than the game allows, a bad-beat meter where the table
file has no jackpot...), is a problem of the floor file at that key's line;
a referenced file that is itself invalid reports its own problems. All of them
come in one :class:`PaytableError`.

>>> floor = load_floor("floors/pit")
>>> [(g.name, g.count) for g in floor.banked_groups], floor.poker_groups
([('pit', 6)], ())
>>> floor.paytables["pit"].name, sorted(floor.progressives)
('standard US', ['pit-progressive'])
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from casino_sim.config.banked_game import BankedGame
from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.floor import (
    BadBeatMeterDef,
    BankedGameGroup,
    BankedGroup,
    FloorDefinition,
    PokerGroup,
    ProgressiveMeterDef,
)
from casino_sim.config.library import resolve_input
from casino_sim.config.loader import Definition, load_document, with_progressive
from casino_sim.config.money import cents
from casino_sim.config.problems import FieldProblem, PaytableError, Problem, format_path
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import BadBeatJackpot, StudTable
from casino_sim.config.yaml_source import YamlDocument, read_yaml

__all__ = ["Floor", "load_floor"]

STRATEGY_KIND = "caribbean_strategy"
"""The ``kind:`` of a Caribbean Stud strategy file (read by the games layer, not here)."""

R = TypeVar("R", BankedGame, CaribbeanPaytable, ProgressivePaytable, StudVariant, StudTable)
Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Floor:
    """A floor definition with the files it names, loaded and checked against each other."""

    definition: FloorDefinition
    """The floor file itself."""
    path: Path
    """Where the floor file is."""
    paytables: Mapping[str, CaribbeanPaytable]
    """Caribbean Stud paytable by banked group name."""
    progressives: Mapping[str, ProgressivePaytable]
    """Progressive side bet by meter name (``type: progressive`` meters)."""
    variants: Mapping[str, StudVariant]
    """Stud variant by poker group name."""
    stud_tables: Mapping[str, StudTable]
    """Stud table structure by poker group name."""
    strategy_files: Mapping[str, Path]
    """Strategy YAML file by player type name (only types whose strategy is a file)."""
    inputs: Mapping[str, Path]
    """Every file read, by label (``floor``, ``tables[0].paytable``, ``meters.pit.progressive``...)."""
    banked_games: Mapping[str, BankedGame] = field(default_factory=lambda: MappingProxyType({}))
    """The banked_game file by banked game group name (``game: banked``)."""

    def group(self, name: str) -> BankedGroup | BankedGameGroup | PokerGroup:
        """The table group called ``name``; ``KeyError`` naming the groups when there is none."""
        try:
            return self.definition.groups[name]
        except KeyError:
            groups = ", ".join(self.definition.groups)
            raise KeyError(f"no table group {name!r} on this floor (groups: {groups})") from None

    @property
    def banked_groups(self) -> tuple[BankedGroup, ...]:
        """The Caribbean Stud groups, in file order."""
        return tuple(g for g in self.definition.tables if isinstance(g, BankedGroup))

    @property
    def poker_groups(self) -> tuple[PokerGroup, ...]:
        """The stud poker groups, in file order."""
        return tuple(g for g in self.definition.tables if isinstance(g, PokerGroup))

    def seats(self, name: str) -> int:
        """Seats per table of group ``name`` (a poker group's default: the fewer of the
        variant's max_players and the table's max_seats)."""
        group = self.group(name)
        if not isinstance(group, PokerGroup) or group.seats is not None:
            return group.seats  # type: ignore[return-value]
        return min(self.variants[name].max_players, self.stud_tables[name].max_seats)

    def bad_beat(self, meter: str) -> BadBeatJackpot:
        """The bad-beat rules of a ``type: bad_beat`` meter (from its groups' table files)."""
        for group in self.poker_groups:
            rules = self.stud_tables[group.name].bad_beat
            if group.bad_beat == meter and rules is not None:
                return rules
        raise KeyError(f"no bad-beat meter {meter!r} on this floor")

    def meter_start(self, meter: str) -> Fraction:
        """The meter at time 0: its ``start``, else the progressive's or the jackpot's seed."""
        definition = self.definition.meters[meter]
        if definition.start is not None:
            return definition.start
        if isinstance(definition, ProgressiveMeterDef):
            return self.progressives[meter].seed
        return self.bad_beat(meter).seed


def load_floor(path: str | os.PathLike[str]) -> Floor:
    """Load a floor file (a path or a shipped name such as ``floors/casino``) and every file it names.

    Raises :class:`PaytableError` with one ``file:line: key.path: message`` line per problem.
    """
    file = resolve_input(path, "floor")
    doc = read_yaml(file)
    definition = load_document(doc, kind="floor")
    if not isinstance(definition, FloorDefinition):  # pragma: no cover - load_document checked
        raise TypeError(f"{file}: not a floor")
    return _Reader(doc, file, definition).floor()


class _Reader:
    """Reads the files one floor names, collecting every problem."""

    def __init__(self, doc: YamlDocument, file: Path, definition: FloorDefinition) -> None:
        self.doc, self.file, self.definition = doc, file, definition
        self.base = file.parent
        self.problems: list[Problem] = []
        self.inputs: dict[str, Path] = {"floor": file}
        self.cache: dict[Path, Definition] = {}

    def problem(self, path: Path_, message: str) -> None:
        self.problems.append(
            Problem(file=self.doc.name, line=self.doc.line_of(path), path=path, message=message)
        )

    def find(self, path: Path_, ref: str, kind: str) -> Path | None:
        """The file ``ref`` (at key ``path``) names, checked to be of ``kind``; None after a problem."""
        try:
            found = resolve_input(ref, kind, base=self.base)
        except PaytableError as error:
            detail = error.problems[0].message.removeprefix("no such file, and ")
            beside = "" if Path(ref).is_absolute() else f"not in {self.base}, and "
            self.problem(path, f"no such file {ref!r} ({beside}{detail})")
            return None
        try:
            declared = read_yaml(found).data.get("kind")
        except PaytableError as error:
            self.problems.extend(error.problems)
            return None
        if declared != kind:
            got = f"a {declared} file" if isinstance(declared, str) else "not a definition"
            self.problem(path, f"{ref!r} is {got}, expected a {kind} file")
            return None
        self.inputs[format_path(path)] = found
        return found

    def load(self, path: Path_, ref: str, cls: type[R]) -> R | None:
        found = self.find(path, ref, cls.kind)
        if found is None:
            return None
        key = found.resolve()
        if key not in self.cache:
            try:
                self.cache[key] = load_document(read_yaml(found), kind=cls.kind)
            except PaytableError as error:
                self.problems.extend(error.problems)
                return None
        loaded = self.cache[key]
        return loaded if isinstance(loaded, cls) else None

    def floor(self) -> Floor:
        definition = self.definition
        progressives = self.progressives()
        paytables: dict[str, CaribbeanPaytable] = {}
        variants: dict[str, StudVariant] = {}
        stud_tables: dict[str, StudTable] = {}
        jackpots: dict[str, tuple[int, BadBeatJackpot]] = {}
        banked_games: dict[str, BankedGame] = {}
        for index, group in enumerate(definition.tables):
            where: Path_ = ("tables", index)
            if isinstance(group, BankedGroup):
                paytable = self.load((*where, "paytable"), group.paytable, CaribbeanPaytable)
                if paytable is not None:
                    paytables[group.name] = paytable
                continue
            if isinstance(group, BankedGameGroup):
                game = self.load((*where, "definition"), group.definition, BankedGame)
                if game is not None:
                    self.check_banked(index, group, game)
                    banked_games[group.name] = self.linked_progressive(index, group, game)
                continue
            variant = self.load((*where, "variant"), group.variant, StudVariant)
            table = self.load((*where, "table"), group.table, StudTable)
            if variant is not None:
                variants[group.name] = variant
            if table is not None:
                stud_tables[group.name] = table
            if variant is not None and table is not None:
                self.check_poker(index, group, variant, table, jackpots)
        for name, (_, rules) in jackpots.items():
            self.check_start(name, rules.seed, None)
        strategy_files: dict[str, Path] = {}
        for index, player in enumerate(definition.traffic.players):
            if player.strategy_is_file:
                path: Path_ = ("traffic", "players", index, "strategy")
                found = self.find(path, player.strategy, STRATEGY_KIND)
                if found is not None:
                    strategy_files[player.name] = found
        if self.problems:
            unique = list(dict.fromkeys(self.problems))
            raise PaytableError(sorted(unique, key=lambda p: (p.file != self.doc.name, p.line)))
        return Floor(
            definition=definition,
            path=self.file,
            paytables=MappingProxyType(paytables),
            progressives=MappingProxyType(progressives),
            variants=MappingProxyType(variants),
            stud_tables=MappingProxyType(stud_tables),
            strategy_files=MappingProxyType(strategy_files),
            inputs=MappingProxyType(self.inputs),
            banked_games=MappingProxyType(banked_games),
        )

    def progressives(self) -> dict[str, ProgressivePaytable]:
        loaded: dict[str, ProgressivePaytable] = {}
        for name, meter in self.definition.meters.items():
            if isinstance(meter, ProgressiveMeterDef):
                path: Path_ = ("meters", name, "progressive")
                table = self.load(path, meter.progressive, ProgressivePaytable)
                if table is not None:
                    loaded[name] = table
                    self.check_start(name, table.seed, table.meter_cap)
        return loaded

    def check_start(self, name: str, seed: Fraction, cap: Fraction | None) -> None:
        start = self.definition.meters[name].start
        if start is not None and start < seed:
            self.problem(("meters", name, "start"), f"start {start} is below the seed {seed}")
        if start is not None and cap is not None and start > cap:
            self.problem(("meters", name, "start"), f"start {start} is above the meter_cap {cap}")

    def linked_progressive(
        self, index: int, group: BankedGameGroup, game: BankedGame
    ) -> BankedGame:
        """``game`` with its progressive side bet paying the progressive of ``group``'s meter
        (the meter's file is the one played); ``game`` itself without a meter."""
        if group.progressive is None:
            return game
        where: Path_ = ("tables", index, "progressive")
        sides = [name for name, side in game.side_bets.items() if side.progressive is not None]
        if len(sides) != 1:
            has = "no progressive side bet" if not sides else f"progressive side bets {sides}"
            self.problem(where, f"{game.name} has {has}; a meter plays a game's one progressive "
                         "side bet (side_bets: {NAME: {hand: ..., progressive: FILE}})")  # fmt: skip
            return game
        if group.side_bets:
            self.problem((*where[:2], "side_bets"),
                         "a group with a progressive meter plays no paytable side bet on the "
                         "felt beside it this release (its side-bet money is the meter's)")  # fmt: skip
        found = self.inputs.get(format_path(("meters", group.progressive, "progressive")))
        if found is None:  # the meter's own problem is reported
            return game
        try:
            return with_progressive(game, sides[0], found)
        except FieldProblem as problem:
            self.problem(where, str(problem))
            return game

    def check_banked(self, index: int, group: BankedGameGroup, game: BankedGame) -> None:
        """A banked game group against its game: the side bets and paytables it names, a
        deck that holds every seat's cards, the player types' strategies and bets."""
        where: Path_ = ("tables", index)
        for name, paytable in group.side_bets.items():
            side = game.side_bets.get(name)
            if side is None:
                known = ", ".join(game.side_bets) or "none"
                self.problem((*where, "side_bets", name),
                             f"{game.name} has no side bet {name!r} (side bets: {known})")  # fmt: skip
            elif side.progressive is not None:
                self.problem((*where, "side_bets", name),
                             f"side bet {name!r} is a progressive: link its meter with "
                             "progressive: METER (a type: progressive meter)")  # fmt: skip
            elif paytable not in side.paytables:
                self.problem((*where, "side_bets", name),
                             f"side bet {name!r} has no paytable {paytable!r} "
                             f"(paytables: {', '.join(side.paytables)})")  # fmt: skip
        dealt = group.seats * game.cards_of("player") + game.cards_of("board")
        dealt += game.cards_of("dealer")
        if dealt > game.deck.cards:
            self.problem((*where, "seats"), f"{group.seats} seats of {game.name} deal {dealt} "
                         f"cards, more than the deck's {game.deck.cards}")  # fmt: skip
        unit = game.wagers[game.house_edge_per].initial
        names = ("optimal", *game.strategies)
        for k, player in enumerate(self.definition.traffic.players):
            if group.name not in player.games:
                continue
            if not player.strategy_is_file and player.strategy not in names:
                self.problem(("traffic", "players", k, "strategy"),
                             f"{game.name} (group {group.name!r}) has no strategy "
                             f"{player.strategy!r}; expected one of {', '.join(names)}")  # fmt: skip
            for bet in player.stakes_at(group):
                if cents(bet) % unit:
                    self.problem(("traffic", "players", k, "ante"),
                                 f"a bet of {bet} is not {unit} units of whole cents "
                                 f"({game.name}: {game.house_edge_per} is {unit} units)")  # fmt: skip
                    break

    def check_poker(
        self,
        index: int,
        group: PokerGroup,
        variant: StudVariant,
        table: StudTable,
        jackpots: dict[str, tuple[int, BadBeatJackpot]],
    ) -> None:
        where: Path_ = ("tables", index)
        allowed = min(variant.max_players, table.max_seats)
        if group.seats is not None and group.seats > allowed:
            self.problem(
                (*where, "seats"),
                f"{group.seats} seats, but the game allows at most {allowed} "
                f"({variant.name}: max_players {variant.max_players}; "
                f"{table.name}: max_seats {table.max_seats})",
            )
        elif group.seats is None and group.start_players > allowed:
            self.problem(
                (*where, "start_players"),
                f"start_players {group.start_players} is above the {allowed} seats of the game",
            )
        if table.bad_beat is None:
            if group.bad_beat is not None:
                self.problem(
                    (*where, "bad_beat"),
                    f"the table file {group.table!r} has no bad_beat section; "
                    "remove bad_beat or use a table with a jackpot",
                )
            return
        if group.bad_beat is None:
            self.problem(
                (*where, "bad_beat"),
                f"missing bad_beat: the table file {group.table!r} has a bad-beat jackpot; "
                "name a type: bad_beat meter",
            )
            return
        if not isinstance(self.definition.meters.get(group.bad_beat), BadBeatMeterDef):
            return  # the definition reported it
        first = jackpots.setdefault(group.bad_beat, (index, table.bad_beat))
        if first[1] != table.bad_beat:
            self.problem(
                (*where, "bad_beat"),
                f"meter {group.bad_beat!r} is shared with tables[{first[0]}], whose table "
                "file has other bad-beat rules (drop, qualifying hand, seed or shares)",
            )
