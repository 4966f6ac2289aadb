"""Safe YAML reading with a line for every key: the only place that parses YAML text.

Plain YAML only (mappings, lists, strings, numbers, booleans, null): any other
tag (``!!python/object``, ``!!binary``, ``!custom``...) is an error, as are
duplicate keys, merge keys (``<<``), more than ``MAX_ALIASES`` aliases, more than
``MAX_NODES`` nodes after alias expansion, nesting deeper than ``MAX_DEPTH`` and
files over ``MAX_BYTES``.

Scalars follow YAML 1.2 (the core schema), decimal only: ``true``/``false``,
``null``/``~``, whole numbers (``250``, ``-5``) and decimals (``0.50``, ``.5``,
``1e3``) become values; everything else stays text, for the field to read in
its own forms or refuse (:mod:`casino_sim.config.money`). So none of YAML 1.1's
surprises turns into another value: ``250:1`` (base 60, 15001 in YAML 1.1) is
the text of a pay, ``yes``/``no``/``on``/``off`` are words, not booleans, and
``010`` (octal 8 in YAML 1.1), ``0x10``, ``0o10`` and ``1_000`` are text that a
number field refuses or reads as written. Decimals become
:class:`decimal.Decimal` built from their literal text, so ``0.10`` stays
exactly one tenth. An explicit tag must fit the same forms (``!!int 0x10`` and
``!!bool yes`` are errors).

>>> doc = parse_yaml("pays:\\n  royal_flush: 250:1\\n  flush: 5.50\\n  on: yes\\n", name="t.yaml")
>>> doc.data["pays"], doc.line_of(("pays", "flush"))
({'royal_flush': '250:1', 'flush': Decimal('5.50'), 'on': 'yes'}, 3)
>>> parse_yaml("a: 1\\na: 2\\n", name="t.yaml")
Traceback (most recent call last):
...
casino_sim.config.problems.PaytableError: t.yaml:2: a: duplicate key 'a' (first on line 1)
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from casino_sim.config.problems import PaytableError, Problem

__all__ = [
    "MAX_ALIASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "YamlDocument",
    "declared_kind",
    "file_type",
    "parse_yaml",
    "read_yaml",
]

MAX_BYTES = 1 << 20
MAX_ALIASES = 16
MAX_NODES = 10_000
MAX_DEPTH = 32

_TAG = "tag:yaml.org,2002:"
_ALLOWED_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq"))

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class YamlDocument:
    """Parsed data plus the 1-based line of every key and list item, by key path."""

    data: Any
    lines: Mapping[KeyPath, int]
    name: str

    def line_of(self, path: Sequence[str | int]) -> int:
        """Line of ``path`` or of its nearest recorded ancestor (1 for the top)."""
        for end in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return 1


class _Stop(Exception):
    def __init__(self, message: str, line: int, path: KeyPath = ()) -> None:
        super().__init__(message)
        self.message, self.line, self.path = message, line, path


# YAML 1.2 core schema scalars, decimal only; a number never starts with 0 and another digit.
_INT = r"[-+]?(?:0|[1-9][0-9]*)"
_FLOAT = (
    r"[-+]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_SCALARS = {
    "bool": ("true|True|TRUE|false|False|FALSE", "tTfF"),
    "int": (_INT, "-+0123456789"),
    "float": (_FLOAT, "-+0123456789."),
    "null": ("~|null|Null|NULL|", ["~", "n", "N", ""]),
}
_FORMS = {_TAG + tag: re.compile(rf"(?:{form})\Z") for tag, (form, _) in _SCALARS.items()}
_WHAT = {"bool": "true or false", "int": "a whole number", "float": "a number", "null": "null"}


def _construct_int(loader: yaml.SafeLoader, node: ScalarNode) -> int:
    """A whole number from its decimal text (checked by :class:`_Walker`)."""
    return int(str(loader.construct_scalar(node)))


def _construct_decimal(loader: yaml.SafeLoader, node: ScalarNode) -> Decimal:
    """An exact decimal from its text; ``.inf`` and ``.nan`` as Decimal infinities and NaN."""
    text = str(loader.construct_scalar(node))
    lowered = text.lower().lstrip("+-")
    if lowered in (".inf", ".nan"):
        return Decimal(("-" if text.startswith("-") else "") + lowered[1:])
    return Decimal(text)


def _construct_bool(loader: yaml.SafeLoader, node: ScalarNode) -> bool:
    """``true`` or ``false`` in any of the three YAML 1.2 spellings."""
    return str(loader.construct_scalar(node)).lower() == "true"


class _Loader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core scalars (exact decimals), bounded aliases and depth."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.aliases = 0
        self.depth = 0

    def _event_line(self) -> int:
        """1-based line of the next event (the one :meth:`check_event` looks at)."""
        self.check_event()
        mark: yaml.Mark = self.current_event.start_mark
        return mark.line + 1

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                message = f"more than {MAX_ALIASES} aliases (*name); write the values out"
                raise _Stop(message, self._event_line())
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Stop(f"nested deeper than {MAX_DEPTH} levels", self._event_line())
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _use_core_schema(loader: type[yaml.SafeLoader]) -> None:
    """Give ``loader`` the YAML 1.2 scalars of :data:`_SCALARS` (and ``<<``, to refuse it by name)."""
    loader.yaml_implicit_resolvers = {}
    for tag, (_, first) in _SCALARS.items():
        loader.add_implicit_resolver(_TAG + tag, _FORMS[_TAG + tag], list(first))
    loader.add_implicit_resolver(_TAG + "merge", re.compile("^(?:<<)$"), ["<"])
    loader.add_constructor(_TAG + "int", _construct_int)
    loader.add_constructor(_TAG + "float", _construct_decimal)
    loader.add_constructor(_TAG + "bool", _construct_bool)


_use_core_schema(_Loader)


def _check_scalar(node: ScalarNode, path: KeyPath) -> None:
    """Refuse an explicitly tagged scalar outside its YAML 1.2 form (``!!int 0x10``, ``!!bool yes``)."""
    form = _FORMS.get(node.tag)
    if form is not None and not form.match(node.value):
        what = _WHAT[node.tag.removeprefix(_TAG)]
        tag = node.tag.replace(_TAG, "!!")
        raise _Stop(f"{tag} {node.value!r} is not {what}", node.start_mark.line + 1, path)


class _Walker:
    """Walks the composed node graph: checks tags and keys, records lines, bounds size."""

    def __init__(self, loader: _Loader) -> None:
        self.loader = loader
        self.lines: dict[KeyPath, int] = {}
        self.nodes = 0

    def walk(self, node: Node, path: KeyPath) -> None:
        self.nodes += 1
        line = node.start_mark.line + 1
        if self.nodes > MAX_NODES:
            raise _Stop(f"more than {MAX_NODES} values (after expanding aliases)", line, path)
        if node.tag not in _ALLOWED_TAGS:
            tag = node.tag.replace(_TAG, "!!")
            raise _Stop(f"tag {tag} is not allowed (plain YAML values only)", line, path)
        if isinstance(node, ScalarNode):
            _check_scalar(node, path)
        if isinstance(node, MappingNode):
            first_line: dict[Any, int] = {}
            for key_node, value_node in node.value:
                key_line = key_node.start_mark.line + 1
                if key_node.tag == _TAG + "merge":
                    raise _Stop("merge keys (<<) are not supported", key_line, path)
                if not isinstance(key_node, ScalarNode) or key_node.tag not in _ALLOWED_TAGS:
                    raise _Stop("keys must be plain words or numbers", key_line, path)
                _check_scalar(key_node, path)
                key = self.loader.construct_object(key_node)
                if key in first_line:
                    raise _Stop(
                        f"duplicate key {key!r} (first on line {first_line[key]})",
                        key_line,
                        (*path, key),
                    )
                first_line[key] = key_line
                self.lines[(*path, key)] = key_line
                self.walk(value_node, (*path, key))
        elif isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                self.lines.setdefault((*path, index), item.start_mark.line + 1)
                self.walk(item, (*path, index))


def _yaml_problem(error: yaml.YAMLError) -> tuple[str, int]:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    message = f"YAML syntax: {problem}" + (f" ({context})" if context else "")
    return message, (mark.line + 1 if mark is not None else 0)


def parse_yaml(text: str | bytes, *, name: str = "<text>") -> YamlDocument:
    """Parse one YAML document safely; raise :class:`PaytableError` naming ``name`` and the line."""

    def stop(message: str, line: int = 0, path: KeyPath = ()) -> PaytableError:
        return PaytableError([Problem(file=name, line=line, path=path, message=message)])

    if len(text) > MAX_BYTES:
        raise stop(f"file is larger than {MAX_BYTES // 1024} KiB; a paytable is a few lines")
    if isinstance(text, bytes):
        if b"\x00" in text:
            raise stop("not a text file (contains NUL bytes)")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise stop(f"not UTF-8 text (bad byte at offset {error.start})") from None
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            raise _Stop("file is empty; expected a mapping such as 'kind: caribbean_stud'", 1)
        walker = _Walker(loader)
        walker.walk(node, ())
        data = loader.construct_document(node)
    except _Stop as error:
        raise stop(error.message, error.line, error.path) from None
    except yaml.YAMLError as error:
        message, line = _yaml_problem(error)
        raise stop(message, line) from None
    except (RecursionError, MemoryError, ValueError, OverflowError) as error:
        raise stop(f"cannot read YAML: {type(error).__name__}: {error}") from None
    finally:
        if loader is not None:
            loader.dispose()
    if not isinstance(data, dict):
        shown = repr(data)
        got = (
            "a list"
            if isinstance(data, list)
            else shown
            if len(shown) <= 60
            else shown[:57] + "..."
        )
        raise stop(f"expected a mapping of keys (kind: ..., name: ...) at the top, got {got}", 1)
    return YamlDocument(data=data, lines=walker.lines, name=name)


_FILE_TYPES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def file_type(mode: int) -> str:
    """What kind of file a ``st_mode`` describes, for messages (``'a FIFO (named pipe)'``).

    >>> file_type(os.stat(".").st_mode)
    'a directory'
    """
    return next((what for test, what in _FILE_TYPES if test(mode)), "not a regular file")


class _NotRegular(Exception):
    pass


def _open_regular(file: Path) -> int:
    """A read-only descriptor of ``file``, which must be a regular file.

    The type is checked with ``os.stat`` before opening (a FIFO or device is
    never opened) and again on the open descriptor, in case the path changed.
    """
    before = os.stat(file)
    if not stat.S_ISREG(before.st_mode):
        raise _NotRegular(f"is {file_type(before.st_mode)}, not a regular file; not read")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(file, flags | getattr(os, "O_BINARY", 0))
    after = os.fstat(fd)
    if not stat.S_ISREG(after.st_mode):
        os.close(fd)
        raise _NotRegular(f"is {file_type(after.st_mode)}, not a regular file; not read")
    return fd


def read_yaml(path: str | os.PathLike[str]) -> YamlDocument:
    """Read and parse ``path`` (at most ``MAX_BYTES``); unreadable files are problems too.

    Only regular files are read: a directory, FIFO, socket or device is refused
    without opening it.
    """
    file = Path(path)
    name = str(path)
    try:
        with os.fdopen(_open_regular(file), "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except _NotRegular as error:
        raise PaytableError([Problem(file=name, line=0, path=(), message=str(error))]) from None
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            message = "no such file"
        else:
            message = f"cannot read: {error.strerror or error}"
        raise PaytableError([Problem(file=name, line=0, path=(), message=message)]) from None
    return parse_yaml(raw, name=name)


def declared_kind(path: str | os.PathLike[str]) -> str | None:
    """The ``kind:`` a YAML file declares (None when it declares none); bad YAML raises."""
    data = read_yaml(path).data
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None
