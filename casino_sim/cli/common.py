"""Helpers shared by the CLI commands: one-line errors, checked numbers, outputs, seeds, progress."""

from __future__ import annotations

import argparse
import difflib
import logging
import math
import os
import re
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeAlias

from casino_sim.errors import OptionError

if TYPE_CHECKING:
    from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each command module's ``register(subparsers)`` receives."""

#: The largest seed the commands accept (seeds are recorded, so keep them printable).
MAX_SEED = 2**64 - 1


def fail(message: str, *, status: int = 2) -> int:
    """Print ``casino-sim: error: MESSAGE`` as a single line on stderr; return ``status``."""
    one_line = " ".join(message.split())
    print(f"casino-sim: error: {one_line}", file=sys.stderr)
    return status


class OneLineArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit status 2."""

    commands: Mapping[str, argparse.ArgumentParser]
    """The top-level parser's sub-command parsers, by name (set by ``build_parser``)."""

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message} (see --help)")
        raise SystemExit(2)


class HelpFormatter(argparse.HelpFormatter):
    """Help that states each option's default once: ``(default: 10,000)`` after the help text.

    Nothing is added when the help text already speaks of its default, or when
    there is none to show (``None``, an off switch); numbers get thousands
    separators.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "default" in text or default is None or default is False or default == argparse.SUPPRESS:
            return text
        shown = _plain(default) if isinstance(default, int | float | Fraction) else str(default)
        return f"{text} (default: {shown.replace('%', '%%')})"


#: A whole number as people write it: ``1000`` or ``1,000`` (commas between groups of three).
_WHOLE = r"(?:\d{1,3}(?:,\d{3})+|\d+)"
_COUNT = re.compile(rf"^\s*({_WHOLE}(?:\.\d+)?)\s*([kKmMgGbB]?)\s*$")
_INT = re.compile(rf"^\s*([-+]?{_WHOLE})\s*$")
_FLOAT = re.compile(rf"^\s*([-+]?(?:{_WHOLE}(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(%?)\s*$")
_MONEY = re.compile(rf"^\s*\$?\s*({_WHOLE}(?:\.\d{{1,2}})?)\s*$")
_SCALE = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}


@dataclass(frozen=True)
class Number:
    """An argparse type: a number of one kind checked against a range, with one message.

    ``kind`` is ``"int"``, ``"count"`` (``250k``, ``100M``), ``"float"`` (a
    percent too, ``50%``, when ``percent``) or ``"money"`` (an exact amount in
    whole cents, ``$``-sign allowed). Thousands separators are read as people
    type them: ``1,000,000``.

    >>> Number("count", low=1, high=10**9)("2.5k"), Number("count", low=1)("1,000,000")
    (2500, 1000000)
    >>> Number("money", low=Fraction(1, 100), high=10**6)("$1,250.50")
    Fraction(2501, 2)
    >>> Number("float", low=0, high=1, percent=True)("35%")
    0.35
    >>> Number("float", low=0, high=1)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a number from 0 to 1, got 'nan'
    """

    kind: Literal["int", "count", "float", "money"]
    low: float | int | Fraction | None = None
    high: float | int | Fraction | None = None
    low_open: bool = False
    percent: bool = False

    def _range(self) -> str:
        low = "" if self.low is None else _plain(self.low)
        high = "" if self.high is None else _plain(self.high)
        if self.low is not None and self.high is not None:
            return f"from {'above ' if self.low_open else ''}{low} to {high}"
        if self.low is not None:
            return f"{'above' if self.low_open else 'at least'} {low}"
        return f"at most {high}"

    def expected(self) -> str:
        """What the option takes, e.g. ``expected a whole number from 1 to 7``."""
        what = {
            "int": "a whole number",
            "count": "a count like 1000, 1,000,000, 250k or 100M",
            "float": "a number" + (" or a percent like 35%" if self.percent else ""),
            "money": "an amount in whole cents like 5, 2.50 or $1,000",
        }[self.kind]
        return f"expected {what} {self._range()}"

    def _parse(self, text: str) -> int | float | Fraction | None:
        pattern = {"int": _INT, "count": _COUNT, "float": _FLOAT, "money": _MONEY}[self.kind]
        match = pattern.match(text)
        if match is None:
            return None
        digits = match.group(1).replace(",", "")
        if self.kind == "int":
            return int(digits)
        if self.kind == "count":
            count = Fraction(digits) * _SCALE[match.group(2).lower()]
            return int(count) if count.denominator == 1 else None
        if self.kind == "float":
            if match.group(2) and not self.percent:
                return None
            number = float(digits) / (100 if match.group(2) else 1)
            return number if math.isfinite(number) else None
        return Fraction(digits)

    def __call__(self, text: str) -> int | float | Fraction:
        value = self._parse(text)
        if value is None or not self._in_range(value):
            raise argparse.ArgumentTypeError(f"{self.expected()}, got {text!r}")
        return value

    def _in_range(self, value: int | float | Fraction) -> bool:
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return False
        return self.high is None or value <= self.high


def _plain(value: float | int | Fraction) -> str:
    if isinstance(value, Fraction):
        return str(float(value)) if value.denominator != 1 else f"{int(value):,}"
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


#: Shared option types.
SEED = Number("int", low=0, high=MAX_SEED)
WORKERS = Number("int", low=1, high=1024)


def require(condition: bool, message: str) -> None:
    """Raise :class:`OptionError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise OptionError(message)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'optimal'?)`` when ``word`` is close to one of ``choices``, else "".

    >>> did_you_mean("optimla", ["optimal", "akj83"])
    " (did you mean 'optimal'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_strategy(name: str, *, files: bool) -> OptionError:
    """The ``--strategy`` error for a name that is none of the named strategies."""
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES

    expected = ", ".join(NAMED_STRATEGIES) + (" or a strategy YAML file" if files else "")
    return OptionError(
        f"--strategy: unknown strategy {name!r}{did_you_mean(name, NAMED_STRATEGIES)}; "
        f"expected {expected}"
    )


def check_strategy(text: str) -> None:
    """Refuse a ``--strategy`` that is neither a named strategy nor a YAML file name."""
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES

    if text not in NAMED_STRATEGIES and Path(text).suffix not in (".yaml", ".yml"):
        raise unknown_strategy(text, files=True)


def caribbean_strategy(text: str) -> str | DecisionTable:
    """A ``--strategy`` value: a named Caribbean Stud strategy, or a strategy YAML file loaded."""
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES

    check_strategy(text)
    if text in NAMED_STRATEGIES:
        return text
    require(Path(text).is_file(), f"--strategy: {text}: no such strategy file")
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy

    return load_rule_strategy(Path(text))


def declared_kind(path: Path) -> str | None:
    """The ``kind:`` a YAML file declares (None when it declares none); bad YAML raises."""
    from casino_sim.config.yaml_source import declared_kind as read_kind  # loaded on use

    return read_kind(path)


def comma_list(text: str, option: str) -> list[str]:
    """Split ``a,b,c``; an empty item is an error (``optimal,,akj83``).

    >>> comma_list("optimal, akj83", "--strategy")
    ['optimal', 'akj83']
    """
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise OptionError(f"{option}: empty item in {text!r}")
    return items


def pick_seed(seed: int | None) -> int:
    """The seed a run uses: the user's, or a fresh random one (printed and recorded)."""
    return secrets.randbits(63) if seed is None else seed


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """``--force``: the only way to overwrite an existing result file."""
    parser.add_argument(
        "--force",
        action="store_true",
        help="overwrite existing result files (never anything that is not a regular file)",
    )


def check_outputs(
    args: argparse.Namespace,
    files: Mapping[str, Any],
    inputs: Iterable[Any],
    *,
    folders: Mapping[str, Any] | None = None,
) -> None:
    """Check every result path of a command before it computes anything.

    ``files`` and ``folders`` map option names to the paths given (or None).
    """
    from casino_sim.engine.files import check_distinct, check_output_dir, check_output_file

    force = bool(getattr(args, "force", False))
    for option, path in files.items():
        if path is not None:
            check_output_file(path, overwrite=force, what=option)
    for option, path in (folders or {}).items():
        if path is not None:
            check_output_dir(path, overwrite=force, what=option)
    check_distinct({**files, **(folders or {})}, inputs)


def parameters(args: argparse.Namespace) -> dict[str, Any]:
    """The parsed options as a JSON-ready record (for a result's provenance)."""
    record: dict[str, Any] = {}
    for name, value in sorted(vars(args).items()):
        if callable(value):
            continue
        if isinstance(value, Path | Fraction):
            value = str(value)
        elif isinstance(value, list | tuple):
            value = [str(v) if isinstance(v, Path | Fraction) else v for v in value]
        record[name] = value
    return record


def run_provenance(
    args: argparse.Namespace, inputs: Mapping[str, Any], **settings: Any
) -> dict[str, Any]:
    """Provenance of a CLI run: version, inputs with SHA-256, seed, every option, command line."""
    from casino_sim.engine.files import provenance

    return provenance(
        inputs, **settings, parameters=parameters(args), command_line=["casino-sim", *sys.argv[1:]]
    )


class _NoteHandler(logging.Handler):
    """Prints the library's log records as ``casino-sim: note: ...`` lines on stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        label = "warning" if record.levelno >= logging.WARNING else "note"
        print(f"casino-sim: {label}: {' '.join(record.getMessage().split())}", file=sys.stderr)


def show_library_notes() -> Callable[[], None]:
    """Route ``casino_sim`` log records (INFO and up) to stderr; returns the undo function."""
    logger = logging.getLogger("casino_sim")
    handler = _NoteHandler(logging.INFO)
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)

    def undo() -> None:
        logger.removeHandler(handler)
        logger.setLevel(previous)

    return undo


def add_runner_options(parser: argparse.ArgumentParser) -> None:
    """``--backend``, ``--scheduler``, ``--run-dir``, ``--resume``: where chunks run and are kept."""
    from casino_sim.engine.backends import BACKENDS

    group = parser.add_argument_group("running (backends and resumable runs: docs/scale-out.md)")
    group.add_argument(
        "--backend", choices=BACKENDS, default="local",
        help="where chunks run: local worker processes, or a Dask cluster (the same figures)",
    )  # fmt: skip
    group.add_argument(
        "--scheduler", metavar="ADDR", default=None,
        help="with --backend dask: the scheduler of a running cluster, e.g. tcp://10.0.0.5:8786 "
        "(default: a local cluster of --workers processes)",
    )  # fmt: skip
    group.add_argument(
        "--run-dir", metavar="DIR", default=None,
        help="keep the run's definition and every finished chunk in DIR (a new or empty folder)",
    )  # fmt: skip
    group.add_argument(
        "--resume", action="store_true",
        help="continue the run kept in --run-dir: stored chunks are not recomputed",
    )  # fmt: skip


def runner_options(args: argparse.Namespace, inputs: Mapping[str, Any] | None = None) -> Any:
    """The :class:`~casino_sim.engine.runner.RunnerOptions` of parsed runner options, checked.

    Checked before any work: ``--resume`` needs ``--run-dir``, ``--scheduler``
    needs ``--backend dask``, the run directory must be usable. The input
    files' SHA-256 go into the run's definition.
    """
    from casino_sim.engine.backends import check_scheduler_address
    from casino_sim.engine.files import file_digest
    from casino_sim.engine.rundir import check_run_dir
    from casino_sim.engine.runner import RunnerOptions

    require(not args.resume or args.run_dir is not None, "--resume needs --run-dir DIR")
    if args.scheduler is not None:
        require(args.backend == "dask", "--scheduler needs --backend dask")
        try:
            check_scheduler_address(args.scheduler)
        except OptionError as error:
            raise OptionError(f"--scheduler: {error}") from None
    if args.run_dir is not None:
        check_run_dir(args.run_dir, resume=args.resume)
    digests = {}  # read once the inputs loaded (never a device such as /dev/full)
    if args.run_dir is not None:
        digests = {
            name: file_digest(path)
            for name, path in (inputs or {}).items()
            if path is not None and Path(path).is_file()
        }
    return RunnerOptions(
        backend=args.backend,
        scheduler=args.scheduler,
        run_dir=args.run_dir,
        resume=args.resume,
        definition={"inputs": digests} if digests else {},
    )


def run_seed(args: argparse.Namespace) -> int:
    """The seed of a run: ``--seed``, else the stored run's when resuming, else a fresh one."""
    if args.seed is None and getattr(args, "resume", False) and args.run_dir is not None:
        from casino_sim.engine.rundir import stored_definition

        stored = stored_definition(args.run_dir)
        if stored is not None and isinstance(stored.get("seed"), int):
            return int(stored["seed"])
    return pick_seed(args.seed)


def write_floor_file(path: Path, text: str, *, force: bool) -> Any:
    """Check that ``text`` loads as a floor from ``path``'s folder (its file references resolve
    there), then write it atomically; the loaded floor."""
    from casino_sim.config import load_floor
    from casino_sim.engine.files import write_atomic

    folder = path.parent if str(path.parent) else Path(".")
    handle, trial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".yaml", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        load_floor(trial)
    finally:
        os.unlink(trial)
    write_atomic(path, text, overwrite=force)
    return load_floor(path)
