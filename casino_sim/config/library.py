"""The shipped YAML library and the one resolver from a user's input name to a file.

A command line or API argument naming a YAML file is resolved by
:func:`resolve_input`: an existing path is used as given; otherwise a shipped
name such as ``caribbean_stud/standard`` (with or without ``.yaml``, with or
without a leading ``paytables/``) or, when unambiguous, a bare name such as
``standard`` finds the shipped file, wherever the package is installed.

>>> resolve_input("caribbean_stud/standard") == PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"
True
>>> resolve_input("razz", kind="stud_variant").name
'razz.yaml'
>>> shipped_name(resolve_input("paytables/stud/tables/5-10.yaml"))
'stud/tables/5-10'
>>> resolve_input("standrd", kind="caribbean_stud")
Traceback (most recent call last):
...
casino_sim.config.problems.PaytableError: standrd: no such file, and no shipped caribbean_stud file of that name in ...; did you mean caribbean_stud/standard?
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path, PurePosixPath

from casino_sim.config.problems import PaytableError, Problem

__all__ = ["PAYTABLE_DIR", "resolve_input", "shipped_files", "shipped_name"]

_PACKAGE_DIR = Path(__file__).resolve().parent.parent / "data" / "paytables"
_CHECKOUT_DIR = Path(__file__).resolve().parent.parent.parent / "paytables"
PAYTABLE_DIR: Path = _CHECKOUT_DIR if (_CHECKOUT_DIR / "caribbean_stud").is_dir() else _PACKAGE_DIR
"""The shipped YAML library: the checkout's ``paytables/`` (a symlink to the package data), else the package data."""

_SUFFIXES = (".yaml", ".yml")


def shipped_files(kind: str | None = None) -> tuple[Path, ...]:
    """Every shipped YAML file (optionally only those whose folder holds ``kind``), sorted.

    >>> [p.name for p in shipped_files("stud_table")][:1]
    ['1-5-spread.yaml']
    """
    files = sorted(PAYTABLE_DIR.rglob("*.yaml"))
    if kind is None:
        return tuple(files)
    return tuple(p for p in files if _declared_kind(p) == kind)


def shipped_name(path: str | os.PathLike[str]) -> str:
    """The short name of a shipped file (``caribbean_stud/standard``): its path below
    :data:`PAYTABLE_DIR` without ``.yaml``.

    >>> shipped_name(PAYTABLE_DIR / "stud" / "razz.yaml")
    'stud/razz'
    """
    file, library = Path(os.path.abspath(path)), Path(os.path.abspath(PAYTABLE_DIR))
    if not file.is_relative_to(library):  # e.g. reached through the other side of the symlink
        file, library = file.resolve(), library.resolve()
    if not file.is_relative_to(library):
        raise ValueError(f"{path} is not a shipped file (not in {PAYTABLE_DIR})")
    relative = file.relative_to(library).as_posix()
    for suffix in _SUFFIXES:
        relative = relative.removesuffix(suffix)
    return relative


def _declared_kind(path: Path) -> str | None:
    match = re.search(r"^kind:\s*([\w-]+)", path.read_text(encoding="utf-8"), re.MULTILINE)
    return match.group(1) if match else None


def _fail(name: str, message: str) -> PaytableError:
    return PaytableError([Problem(file=name, line=0, path=(), message=message)])


def resolve_input(
    name: str | os.PathLike[str], kind: str | None = None, *, base: Path | None = None
) -> Path:
    """The file a user means by ``name``: the path itself if it exists, else a shipped file.

    With ``base`` (the folder of a file that names ``name``, e.g. a floor), a
    relative ``name`` is looked for below ``base`` instead of the current folder.

    Tried in order: ``name`` as a path (anything that exists there is returned,
    so that reading it can say what is wrong with it); ``name`` below
    :data:`PAYTABLE_DIR`, with ``.yaml`` added and a leading ``paytables/``
    dropped (of any kind); a bare file name (``standard``) that matches
    exactly one shipped file of ``kind`` (of any kind when ``kind`` is None). Anything else raises
    :class:`PaytableError` whose one line names what was tried and lists close
    matches.
    """
    text = os.fspath(name)
    if not text:
        raise _fail("''", "empty file name")
    path = Path(text)
    if base is not None and not path.is_absolute():
        path = base / path
    if os.path.lexists(path):
        return path
    every = {shipped_name(p): p for p in shipped_files()}
    names = every if kind is None else {shipped_name(p): p for p in shipped_files(kind)}
    key = _shipped_key(text)
    if key is not None:
        if key in every:  # a full shipped name, of any kind (the loader checks the kind)
            return every[key]
        if "/" not in key:
            matches = [n for n in names if n.rsplit("/", 1)[-1] == key]
            if len(matches) == 1:
                return names[matches[0]]
            if len(matches) > 1:
                raise _fail(
                    text,
                    f"no such file, and more than one shipped file is called {key!r}: "
                    f"{', '.join(sorted(matches))}; name one of them",
                )
    which = f"shipped {kind} file" if kind else "shipped file"
    message = f"no such file, and no {which} of that name in {PAYTABLE_DIR}"
    close = _close_matches(key or text, list(names))
    if close:
        message += f"; did you mean {' or '.join(close)}?"
    else:
        message += " (see casino-sim list)"
    raise _fail(text, message)


def _shipped_key(text: str) -> str | None:
    """``text`` as a shipped name (``caribbean_stud/standard``), or None if it cannot be one."""
    if not text or "\\" in text or "\x00" in text:
        return None
    pure = PurePosixPath(text)
    if pure.is_absolute() or any(part in ("..", ".") for part in pure.parts):
        return None
    parts = pure.parts[1:] if pure.parts[:1] == ("paytables",) else pure.parts
    if not parts:
        return None
    key = "/".join(parts)
    for suffix in _SUFFIXES:
        key = key.removesuffix(suffix)
    return key or None


def _close_matches(word: str, names: list[str]) -> list[str]:
    """Shipped names close to ``word``, comparing full names and bare file names."""
    close = difflib.get_close_matches(word, names, n=3, cutoff=0.6)
    stems = {n.rsplit("/", 1)[-1]: n for n in names}
    for stem in difflib.get_close_matches(word.rsplit("/", 1)[-1], list(stems), n=3, cutoff=0.6):
        if stems[stem] not in close:
            close.append(stems[stem])
    return close[:3]
