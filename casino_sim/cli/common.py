"""Helpers shared by the CLI commands: one-line errors, checked numbers, outputs, seeds, progress."""

from __future__ import annotations

import argparse
import logging
import math
import re
import secrets
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TextIO, TypeAlias

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

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message} (see --help)")
        raise SystemExit(2)


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows each option's default (``--help`` of every command)."""


_COUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kKmMgGbB]?)\s*$")
_SCALE = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "b": 10**9}


@dataclass(frozen=True)
class Number:
    """An argparse type: a number of one kind checked against a range, with one message.

    ``kind`` is ``"int"``, ``"count"`` (``250k``, ``100M``), ``"float"`` or
    ``"money"`` (an exact amount in whole cents).

    >>> Number("count", low=1, high=10**9)("2.5k")
    2500
    >>> Number("money", low=Fraction(1, 100), high=10**6)("2.50")
    Fraction(5, 2)
    >>> Number("float", low=0, high=1)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a number from 0 to 1, got 'nan'
    """

    kind: Literal["int", "count", "float", "money"]
    low: float | int | Fraction | None = None
    high: float | int | Fraction | None = None
    low_open: bool = False

    def _range(self) -> str:
        low = "" if self.low is None else _plain(self.low)
        high = "" if self.high is None else _plain(self.high)
        if self.low is not None and self.high is not None:
            return f"from {'above ' if self.low_open else ''}{low} to {high}"
        if self.low is not None:
            return f"{'above' if self.low_open else 'at least'} {low}"
        return f"at most {high}"

    def _expected(self) -> str:
        what = {
            "int": "a whole number",
            "count": "a count like 1000, 250k or 100M",
            "float": "a number",
            "money": "an amount in whole cents like 5 or 2.50",
        }[self.kind]
        return f"expected {what} {self._range()}"

    def _parse(self, text: str) -> int | float | Fraction | None:
        if self.kind == "int":
            return int(text) if re.fullmatch(r"\s*[-+]?\d+\s*", text) else None
        if self.kind == "count":
            match = _COUNT.match(text)
            if not match:
                return None
            count = Fraction(match.group(1)) * _SCALE[match.group(2).lower()]
            return int(count) if count.denominator == 1 else None
        if self.kind == "float":
            try:
                number = float(text)
            except ValueError:
                return None
            return number if math.isfinite(number) else None
        if not re.fullmatch(r"\s*\d+(\.\d{1,2})?\s*", text):
            return None
        return Fraction(text.strip())

    def __call__(self, text: str) -> int | float | Fraction:
        value = self._parse(text)
        if value is None or not self._in_range(value):
            raise argparse.ArgumentTypeError(f"{self._expected()}, got {text!r}")
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


def caribbean_strategy(text: str) -> str | DecisionTable:
    """A ``--strategy`` value: a named Caribbean Stud strategy, or a strategy YAML file loaded."""
    from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES

    if text in NAMED_STRATEGIES:
        return text
    path = Path(text)
    require(path.suffix in (".yaml", ".yml") and path.is_file(),
            f"--strategy: expected one of {', '.join(NAMED_STRATEGIES)} or a strategy YAML file, got {text!r}")  # fmt: skip
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy

    return load_rule_strategy(path)


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


class _LineStream:
    """A file for tqdm when stderr is not a terminal: one plain line every few seconds."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        line = text.strip("\r\n\x1b[A ")
        if line:
            self.stream.write(line + "\n")

    def flush(self) -> None:
        self.stream.flush()


def progress_bar(*, total: int, unit: str, desc: str, quiet: bool = False) -> Any:
    """A tqdm bar on stderr with rate and time left, shown once work lasts over a second.

    On a terminal it is live; otherwise (a log file, CI) it is a plain line
    every 5 seconds, so long runs still show their ETA; none when ``quiet``.
    """
    from tqdm import tqdm

    if sys.stderr.isatty():
        return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, disable=quiet, leave=False,
                    file=sys.stderr, dynamic_ncols=True, delay=1)  # fmt: skip
    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, disable=quiet, ascii=True,
                file=_LineStream(sys.stderr), mininterval=5, ncols=100, delay=5)  # fmt: skip


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


class RunProgress:
    """Progress of a chunked run on a :func:`progress_bar`: units, chunks done, rate, time left.

    ``update(units)`` after each chunk (in chunk order); ``restored(index)``
    just before a chunk comes back from a run directory: that chunk counts as
    done but not toward the rate (so time left is measured on real work).
    """

    def __init__(self, bar: Any, *, chunks: int) -> None:
        self.bar, self.chunks = bar, chunks
        self.done = 0
        self._restoring = False

    def restored(self, index: int) -> None:
        self._restoring = True

    def update(self, units: int) -> None:
        self.done += 1
        restoring, self._restoring = self._restoring, False
        if getattr(self.bar, "disable", False):  # --quiet: tqdm keeps no counts
            return
        if restoring:  # counted, but no sample for the rate
            self.bar.n += units
            self.bar.last_print_n = self.bar.n
            self.bar.initial += units
        else:
            self.bar.update(units)
        self.bar.set_postfix_str(f"chunk {self.done}/{self.chunks}", refresh=False)


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
