"""Loading: YAML file -> validated frozen definition, or one :class:`PaytableError` listing every problem.

>>> table = load("caribbean_stud/standard")
>>> table.raise_pay("royal_flush"), table.kind
(Fraction(100, 1), 'caribbean_stud')
>>> load_text("kind: caribbean_stud\\nname: x\\npays: {royal_flush: 100}\\nroyal: 1\\n", name="x.yaml")
Traceback (most recent call last):
...
casino_sim.config.problems.PaytableError: x.yaml:4: royal: unknown key 'royal'; expected one of ...
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import yaml
from pydantic import TypeAdapter, ValidationError

from casino_sim.config.banked_game import RANKINGS, BankedGame
from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.claims import ClaimedValue, ParClaim
from casino_sim.config.common import hand_label
from casino_sim.config.floor import FieldProblems, FloorDefinition, OpenHours
from casino_sim.config.jurisdiction import Jurisdiction
from casino_sim.config.kinds import KIND_NAMES, OTHER_KINDS, Kind, is_kind
from casino_sim.config.library import PAYTABLE_DIR, resolve_input, shipped_name
from casino_sim.config.money import amount_text, number_hint
from casino_sim.config.problems import FieldProblem, PaytableError, Problem
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.config.words import did_you_mean, suggest
from casino_sim.config.yaml_source import YamlDocument, parse_yaml, read_yaml

# The public names are re-exported (and listed) by casino_sim.config.

Definition = (
    CaribbeanPaytable
    | ProgressivePaytable
    | StudVariant
    | StudTable
    | FloorDefinition
    | ParClaim
    | Jurisdiction
    | BankedGame
)
"""Any frozen definition :func:`load` returns; its ``kind`` field says which."""
D = TypeVar(
    "D",
    CaribbeanPaytable,
    ProgressivePaytable,
    StudVariant,
    StudTable,
    FloorDefinition,
    ParClaim,
    Jurisdiction,
    BankedGame,
)

KINDS: Mapping[Kind, type[Definition]] = {
    cls.kind: cls
    for cls in (
        CaribbeanPaytable,
        ProgressivePaytable,
        StudVariant,
        StudTable,
        FloorDefinition,
        ParClaim,
        Jurisdiction,
        BankedGame,
    )
}
"""The frozen type of each kind in :data:`~casino_sim.config.kinds.KIND_NAMES`."""
if tuple(KINDS) != KIND_NAMES:  # pragma: no cover - a new definition type without its kind name
    raise AssertionError(f"definition types {tuple(KINDS)} differ from KIND_NAMES {KIND_NAMES}")


@cache
def _adapter(kind: Kind) -> TypeAdapter[Definition]:
    """The pydantic validator (and JSON-schema source) of one kind, built once."""
    return TypeAdapter(KINDS[kind])


def _build(doc: YamlDocument, expected: Kind | None) -> Definition:
    kind = doc.data.get("kind")
    if kind is None:
        hint = f"kind: {expected}" if expected else f"one of {', '.join(KIND_NAMES)}"
        raise _one(doc, ("kind",), f"missing required key 'kind' (expected {hint})", line=1)
    if isinstance(kind, str) and kind in OTHER_KINDS:
        raise _one(
            doc,
            ("kind",),
            f"kind {kind!r} is {OTHER_KINDS[kind]}, not a paytable or game definition",
        )
    if not is_kind(kind):
        raise _one(
            doc,
            ("kind",),
            f"unknown kind {kind!r}{did_you_mean(kind, KIND_NAMES)}; expected one of "
            f"{', '.join(KIND_NAMES)}",
        )
    if expected is not None and kind != expected:
        raise _one(
            doc,
            ("kind",),
            f"expected kind {expected!r} here, got {kind!r}",
        )
    try:
        built = _adapter(kind).validate_python(doc.data)
    except ValidationError as error:
        problems = [p for e in error.errors(include_url=False) for p in _problems(doc, kind, e)]
        raise PaytableError(_in_order(list(dict.fromkeys(problems)))) from None
    if isinstance(built, BankedGame):
        return _with_progressives(doc, built)
    return built


def _with_progressives(doc: YamlDocument, game: BankedGame) -> BankedGame:
    """``game`` with each progressive side bet's file found beside the game's file (else a
    shipped name) and checked (:func:`with_progressive`); a problem names the game's key."""
    for name, side in game.side_bets.items():
        if side.progressive is not None:
            try:
                game = with_progressive(game, name, side.progressive, base=Path(doc.name).parent)
            except FieldProblem as problem:
                raise _one(doc, ("side_bets", name, "progressive"), str(problem)) from None
    return game


def with_progressive(
    game: BankedGame, side_bet: str, ref: str | os.PathLike[str], *, base: Path | None = None
) -> BankedGame:
    """``game`` with side bet ``side_bet`` paying the progressive ``ref`` (a path, relative to
    ``base`` if given, or a shipped name; ``analyze --progressive`` chooses another file so).

    The file must be a valid ``kind: progressive`` file (else its own problems) whose awards
    are hands of the side bet's ranking (else a :class:`FieldProblem`); a file that is not a
    shipped one is named by its full path from then on, so :func:`load_progressive` finds it
    from anywhere.

    >>> game = load_banked_game("banked/caribbean_stud")
    >>> with_progressive(game, "progressive", "50-100-500").side_bets["progressive"].progressive
    'progressives/50-100-500'
    """
    side = game.side_bets[side_bet]
    try:
        path = resolve_input(ref, "progressive", base=base)
    except PaytableError as error:
        detail = error.problems[0].message.removeprefix("no such file, and ")
        raise FieldProblem(f"unknown progressive {os.fspath(ref)!r} ({detail})") from None
    found = read_yaml(path)
    if not isinstance(found.data, dict) or found.data.get("kind") != "progressive":
        raise FieldProblem(f"{os.fspath(ref)!r} is not a kind: progressive file")
    table = _build(found, "progressive")
    assert isinstance(table, ProgressivePaytable)
    ranking = side.hand.ranking
    for hand in (*table.awards, *table.envy_bonuses):
        if hand not in RANKINGS[ranking]:
            raise FieldProblem(f"the progressive {table.name!r} pays a {hand_label(hand)}; the "
                               f"{ranking} ranking has no {hand_label(hand)}")  # fmt: skip
    shipped = path.resolve().is_relative_to(PAYTABLE_DIR.resolve())
    named = shipped_name(path) if shipped else str(path.resolve())
    sides = {**game.side_bets, side_bet: dataclasses.replace(cast(Any, side), progressive=named)}
    changed: BankedGame = dataclasses.replace(cast(Any, game), side_bets=sides)
    return changed


def _one(
    doc: YamlDocument, path: tuple[str | int, ...], message: str, line: int | None = None
) -> PaytableError:
    where = doc.line_of(path) if line is None else line
    return PaytableError([Problem(file=doc.name, line=where, path=path, message=message)])


def load_text(text: str | bytes, *, name: str = "<text>", kind: Kind | None = None) -> Definition:
    """Validate YAML ``text``; ``name`` is used in messages. ``kind`` insists on one kind."""
    return _build(parse_yaml(text, name=name), kind)


def load_document(doc: YamlDocument, *, kind: Kind | None = None) -> Definition:
    """Validate an already parsed :class:`YamlDocument` (e.g. after looking at its ``kind``)."""
    return _build(doc, kind)


def load(path: str | os.PathLike[str]) -> Definition:
    """Load any definition, dispatching on its top-level ``kind:``.

    ``path`` is a file, or a shipped name such as ``caribbean_stud/standard``
    (see :func:`resolve_input`); so is the argument of the kind-specific loaders.
    """
    return _build(read_yaml(resolve_input(path, None)), None)


def _load_as(path: str | os.PathLike[str], cls: type[D]) -> D:
    definition = _build(read_yaml(resolve_input(path, cls.kind)), cls.kind)
    if not isinstance(definition, cls):  # pragma: no cover - _build checked the kind
        raise TypeError(f"{path}: loaded a {type(definition).__name__}, not a {cls.__name__}")
    return definition


def load_paytable(path: str | os.PathLike[str]) -> CaribbeanPaytable:
    """Load a Caribbean Stud paytable (``kind: caribbean_stud``)."""
    return _load_as(path, CaribbeanPaytable)


def load_progressive(path: str | os.PathLike[str]) -> ProgressivePaytable:
    """Load a progressive side-bet table (``kind: progressive``)."""
    return _load_as(path, ProgressivePaytable)


def load_stud_variant(path: str | os.PathLike[str]) -> StudVariant:
    """Load a stud variant (``kind: stud_variant``)."""
    return _load_as(path, StudVariant)


def load_stud_table(path: str | os.PathLike[str]) -> StudTable:
    """Load a stud table structure (``kind: stud_table``)."""
    return _load_as(path, StudTable)


def load_banked_game(path: str | os.PathLike[str]) -> BankedGame:
    """Load a banked poker game (``kind: banked_game``), e.g. ``banked/three_card_poker``."""
    return _load_as(path, BankedGame)


def load_claim(path: str | os.PathLike[str]) -> ParClaim:
    """Load a vendor's PAR-sheet claims (``kind: par_claim``)."""
    return _load_as(path, ParClaim)


def load_jurisdiction(path: str | os.PathLike[str]) -> Jurisdiction:
    """Load a jurisdiction's rules (``kind: jurisdiction``; shipped: ``nj``, ``gli-11``)."""
    return _load_as(path, Jurisdiction)


# ----------------------------------------------------------------- error messages


def _got(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _data_path(data: Any, loc: tuple[str | int, ...], *, keep_last: bool) -> tuple[str | int, ...]:
    """Map a pydantic ``loc`` onto keys that exist in ``data`` (dropping union tags)."""
    path: list[str | int] = []
    node = data
    for index, part in enumerate(loc):
        if part == "[key]":
            continue
        present = (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        )
        if present:
            node = node[part]
        elif keep_last and index == len(loc) - 1:
            pass
        else:
            continue
        path.append(part)
    return tuple(path)


@cache
def _fields_at(kind: Kind, loc: tuple[str | int, ...]) -> list[str]:
    """Field names of the definition reached by ``loc`` (for "did you mean")."""
    schema = _adapter(kind).json_schema()
    node: dict[str, Any] = schema

    def resolve(n: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in n:
            n = schema["$defs"][n["$ref"].split("/")[-1]]
        return n

    for part in loc:
        node = resolve(node)
        options = [node, *(resolve(o) for o in node.get("anyOf", node.get("oneOf", [])))]
        for option in options:
            if isinstance(part, str) and part in option.get("properties", {}):
                node = option["properties"][part]
                break
            mapping = option.get("discriminator", {}).get("mapping", {})
            if part in mapping:
                node = resolve({"$ref": mapping[part]})
                break
            if isinstance(part, int) and "items" in option:
                node = option["items"]
                break
            if isinstance(part, str) and isinstance(option.get("additionalProperties"), dict):
                node = option["additionalProperties"]
                break
    node = resolve(node)
    for option in [resolve(o) for o in node.get("anyOf", [node])]:
        if "properties" in option:
            return list(option["properties"])
    return []


def _message(definition_kind: Kind, error: Mapping[str, Any], path: tuple[str | int, ...]) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    value = error.get("input")
    if kind in ("missing", "missing_argument"):
        return "missing required key"
    unknown = _unknown_word(definition_kind, error)
    if unknown is not None:
        what, word, choices = unknown
        choice = suggest(word, choices) if isinstance(word, str) else None
        shown = repr(word) if isinstance(word, str) else _got(word)
        if choice is not None:
            return f"unknown {what} {shown} (did you mean {choice!r}?)"
        return f"unknown {what} {shown}; expected one of {', '.join(choices)}"
    if kind == "union_tag_not_found":
        return "missing required key (it chooses which fields follow)"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind.endswith("_type") or kind.endswith("_parsing"):
        expected = {
            "string_type": "text",
            "int_type": "a whole number",
            "int_parsing": "a whole number",
            "bool_type": "true or false",
            "dict_type": "a mapping (key: value lines)",
            "model_attributes_type": "a mapping (key: value lines)",
            "dataclass_type": "a mapping (key: value lines)",
            "list_type": "a list",
            "tuple_type": "a list",
        }.get(kind, error["msg"].removeprefix("Input should be ").rstrip("."))
        hint = (
            number_hint(value, "integer")
            if kind.startswith("int_") and isinstance(value, str)
            else ""
        )
        return f"expected {expected}, got {_got(value)}{hint}"
    bounds = {
        "less_than_equal": "at most {le}",
        "greater_than_equal": "at least {ge}",
        "too_short": "at least {min_length} items",
        "too_long": "at most {max_length} items",
    }
    if kind in bounds:
        return f"expected {bounds[kind].format(**ctx)}, got {_got(value)}"
    message = error["msg"].removeprefix("Value error, ")
    return f"{message[:1].lower()}{message[1:]}, got {_got(value)}"


def _unknown_word(
    definition_kind: Kind, error: Mapping[str, Any]
) -> tuple[str, Any, list[str]] | None:
    """For an unknown key, value or type: what it is, the word written, the words expected."""
    kind, loc, ctx = error["type"], tuple(error["loc"]), error.get("ctx") or {}
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return "key", loc[-1], _fields_at(definition_kind, loc[:-1])
    if kind == "literal_error":
        expected = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        return ("key" if "[key]" in loc else "value"), error.get("input"), expected
    if kind == "union_tag_invalid":
        tags = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        return _tag_key(error), ctx.get("tag"), tags
    return None


def _in_order(problems: list[Problem]) -> list[Problem]:
    """Problems by line, except that a missing key comes right after the unknown key that
    stands for it (``pay:`` for ``pays:``), which it names."""
    unknown: dict[tuple[tuple[str | int, ...], str | int], Problem] = {
        (p.path[:-1], p.suggestion): p for p in problems if p.suggestion is not None
    }
    placed: list[tuple[tuple[int, int], Problem]] = []
    for problem in problems:
        cause = unknown.get((problem.path[:-1], problem.path[-1])) if problem.path else None
        if cause is None or problem.message != "missing required key":
            placed.append(((problem.line, 0), problem))
            continue
        typo = cause.path[-1]
        message = f"missing required key (is the unknown key {typo!r} on line {cause.line} meant?)"
        placed.append(((cause.line, 1), dataclasses.replace(problem, message=message)))
    return [p for _, p in sorted(placed, key=lambda item: item[0])]


def _tag_key(error: Mapping[str, Any]) -> str:
    """The key that chooses a union's member (``type``; ``game`` for a floor's table groups)."""
    return str((error.get("ctx") or {}).get("discriminator", "'type'")).strip("'")


def _problems(doc: YamlDocument, kind: Kind, error: Mapping[str, Any]) -> list[Problem]:
    """The problems of one pydantic error: one, or one per cross-field check of a floor."""
    cause = (error.get("ctx") or {}).get("error")
    if not isinstance(cause, FieldProblems):
        return [_problem(doc, kind, error)]
    return [
        _problem(doc, kind, {**error, "msg": str(one), "ctx": {"error": one}})
        for one in cause.problems
    ]


def _problem(doc: YamlDocument, kind: Kind, error: Mapping[str, Any]) -> Problem:
    loc = tuple(error["loc"])
    missing = error["type"] in ("missing", "missing_argument")
    path = _data_path(doc.data, loc, keep_last=missing)
    if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
        path = (*path, _tag_key(error))
    cause = (error.get("ctx") or {}).get("error")
    if isinstance(cause, FieldProblem):
        path = (*path, *cause.path)
    line = doc.line_of(path[:-1] if missing else path)
    unknown = _unknown_word(kind, error)
    suggestion = None
    if unknown is not None and unknown[0] == "key" and isinstance(unknown[1], str):
        suggestion = suggest(unknown[1], unknown[2])
    message = _message(kind, error, path)
    return Problem(file=doc.name, line=line, path=path, message=message, suggestion=suggestion)


# ----------------------------------------------------------------- writing back


def to_data(definition: Any) -> Any:
    """Plain YAML-ready data (ints, Decimals, ``"p/q"`` strings, dicts, lists) for a definition."""
    if isinstance(definition, OpenHours | ClaimedValue):  # written as the file writes them
        return definition.to_yaml()
    if dataclasses.is_dataclass(definition) and not isinstance(definition, type):
        return {
            f.name: to_data(getattr(definition, f.name)) for f in dataclasses.fields(definition)
        }
    if isinstance(definition, Mapping):
        return {k: to_data(v) for k, v in definition.items()}
    if isinstance(definition, list | tuple):
        return [to_data(v) for v in definition]
    if isinstance(definition, Fraction):
        return amount_text(definition)
    return definition


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(
    Decimal, lambda dumper, value: dumper.represent_scalar("tag:yaml.org,2002:float", str(value))
)


def dump_yaml(definition: Any) -> str:
    """YAML text that loads back to an equal definition.

    >>> table = load("caribbean_stud/standard")
    >>> load_text(dump_yaml(table)) == table
    True
    """
    return yaml.dump(to_data(definition), Dumper=_Dumper, sort_keys=False, allow_unicode=True)
