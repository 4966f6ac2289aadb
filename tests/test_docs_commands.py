"""The README and the docs run as written.

Every ``casino-sim`` command they show stands in a ``console`` block as a transcript:
``$ command`` and below it the lines it prints. Each command is run here (in a fresh
folder, so the files it writes go nowhere else) and every line quoted under it must be
in what it printed, in the same order; a line ``...`` stands for lines left out, and a
last line ``[exit status N]`` is the status the command must end with (0 without one, 2
when a ``casino-sim: error:`` line is quoted). So a
figure the README quotes is the figure its command produces today. The quick start's
two commands are the one exception: CI runs them (``.ci/run``).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from casino_sim.cli import main

#: The pages in two groups, each run by one worker, balanced by their commands' run time; a
#: command quoted on two pages (the floor's, in the README and docs/floor.md) is in one group,
#: so it runs once.
FIRST_GROUP = frozenset({"README.md", "floor.md", "report.md", "scale-out.md"})
#: Commands of these games run on the worker of the ``holdem`` group (tests/banked/test_holdem.py,
#: test_four_card_poker.py), whose tests compile the same kernels: on the other worker, at the
#: same time, Four Card Poker's would compile twice (37 s instead of 12 s in CI).
HOLDEM = ("banked/casino_holdem", "banked/four_card_poker")

ROOT = Path(__file__).parent.parent
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
QUICK_START = (
    "pip install . && casino-sim report",
    'pip install ".[test]" && python -m pytest',
)


@dataclass(frozen=True)
class Transcript:
    """One ``$ casino-sim ...`` line of a page and the output lines quoted under it."""

    page: str
    line: int
    command: str
    quoted: tuple[str, ...]
    status: int


def _blocks(text: str) -> list[tuple[str, int, list[str]]]:
    """Fenced blocks of ``text``: (language, line of the first content line, lines)."""
    found = []
    for match in re.finditer(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M):
        first = text[: match.start(2)].count("\n") + 1
        found.append((match.group(1), first, match.group(2).splitlines()))
    return found


def _transcripts() -> list[Transcript]:
    out = []
    for page in PAGES:
        for language, first, lines in _blocks(page.read_text()):
            if language != "console":
                continue
            starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            for n, start in enumerate(starts):
                end = starts[n + 1] if n + 1 < len(starts) else len(lines)
                command = lines[start][2:]
                body = start + 1
                while command.endswith("\\"):  # a command continued on the next line
                    command = command[:-1] + " " + lines[body].strip()
                    body += 1
                quoted = tuple(line for line in lines[body:end] if line.strip())
                status = 2 if any(q.startswith("casino-sim: error:") for q in quoted) else 0
                if quoted and (stated := re.fullmatch(r"\[exit status (\d+)\]", quoted[-1])):
                    quoted, status = quoted[:-1], int(stated.group(1))
                out.append(Transcript(page.name, first + start, command, quoted, status))
    return out


TRANSCRIPTS = _transcripts()


def _normal(line: str) -> str:
    return " ".join(line.split())


@cache
def _run(command: str, folder: Path) -> tuple[int, list[str]]:
    """Run ``command`` once per session in ``folder``: its status and printed lines.

    In this process, through the console script's own entry point (``casino_sim.cli.main``,
    with its ``sys.argv``, working folder and terminal width), so the commands of a worker
    share its loaded tables and compiled kernels instead of paying for them one process at a
    time; ``.ci/run`` runs the quick start as real processes.
    """
    words = shlex.split(command)
    assert words[0] == "casino-sim", f"{command!r} is not a casino-sim command"
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setenv("COLUMNS", "100")
        patch.setenv("NO_COLOR", "1")
        patch.setattr(sys, "argv", words)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(words[1:])
            except SystemExit as stop:  # argparse's --help and --version
                status = stop.code if isinstance(stop.code, int) else 0
    printed = re.split(r"[\r\n]", out.getvalue() + "\n" + err.getvalue())
    return status, [_normal(line) for line in printed if line.strip()]


def test_every_command_in_the_docs_is_a_transcript_that_runs():
    """A ``casino-sim`` command outside a console block would not be run: there is none."""
    loose = []
    for page in PAGES:
        for language, first, lines in _blocks(page.read_text()):
            if language == "console":
                continue
            for offset, line in enumerate(lines):
                words = line.strip()
                if words in QUICK_START or not re.match(r"^(\$ )?casino-sim ", words):
                    continue
                loose.append(f"{page.name}:{first + offset}: {words}")
    assert not loose, "commands not in a console transcript:\n" + "\n".join(loose)
    assert len(TRANSCRIPTS) >= 12


@pytest.fixture(scope="session")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for the session: a module fixture is built again when the worker runs other
    modules' tests between these, and :func:`_run` (cached by command and folder) would then
    run a command quoted on two pages twice."""
    return tmp_path_factory.mktemp("docs-commands")


def _grouped(transcript: Transcript) -> Any:
    group = "docs-commands-1" if transcript.page in FIRST_GROUP else "docs-commands-2"
    if any(game in transcript.command for game in HOLDEM):  # their kernels compile once
        group = "holdem"
    name = f"{transcript.page}:{transcript.line}:{transcript.command.split()[1]}"
    return pytest.param(transcript, marks=pytest.mark.xdist_group(group), id=name)


def test_the_pages_sharing_a_command_are_in_one_group():
    pages: dict[str, set[bool]] = {}
    for transcript in TRANSCRIPTS:
        pages.setdefault(transcript.command, set()).add(transcript.page in FIRST_GROUP)
    assert all(len(groups) == 1 for groups in pages.values())


@pytest.mark.parametrize("transcript", [_grouped(t) for t in TRANSCRIPTS])
def test_the_command_prints_what_the_page_quotes(transcript: Transcript, folder: Path):
    status, printed = _run(transcript.command, folder)
    assert status == transcript.status, "\n".join(printed[-20:])
    position = 0
    for quoted in transcript.quoted:
        if quoted.strip() == "...":
            continue
        want = _normal(quoted)
        try:
            position = printed.index(want, position) + 1
        except ValueError:
            context = "\n".join(printed)
            pytest.fail(
                f"{transcript.page}:{transcript.line}: `{transcript.command}` no longer prints"
                f"\n  {want}\n(in this order); it printed:\n{context}",
                pytrace=False,
            )
