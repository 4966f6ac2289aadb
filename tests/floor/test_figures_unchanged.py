"""Figures unchanged: the shipped floors and a stud table, rerun and compared with committed runs.

Each case is a command run in process; its ``--json`` (every figure, without the
run's provenance: version, paths, timings), its ``--csv`` and the text it prints
(without the closing "Ran in ... Wrote ..." line) must equal the baseline in
``tests/floor/data/figures/`` bit for bit: the same keys in the same order, the
same floats to the last digit. The baselines were written by the code before the
floor's results became typed end to end (issue 24); a change that moves a figure
fails here. If a change is *meant* to move figures (a new model revision), write
the baselines anew and say so in the changelog::

    python -m tests.floor.test_figures_unchanged --write
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from casino_sim.cli import main

DATA = Path(__file__).parent / "data"
BASELINES = DATA / "figures"

#: name -> the command (without --json, --csv and the output options).
RUN = ["--days", "1", "--replications", "2", "--seed", "7", "--quiet"]
# fmt: off
CASES: dict[str, list[str]] = {
    "pit": ["floor", "floors/pit", *RUN],
    "casino": ["floor", "floors/casino", *RUN],
    "card-room": ["floor", "floors/card-room", *RUN],
    # a linked meter that hits many times a day: every hit, hits by hand, first-hit odds
    "frequent-meter": ["floor", "caribbean_stud/standard", "--tables", "2", "--progressive",
                       str(DATA / "frequent-meter.yaml"), *RUN],
    "stud": ["stud", "stud/seven_card_stud", "stud/tables/5-10-bad-beat", "--hands", "10000",
             "--seed", "7", "--quiet"],
}
# fmt: on


def run_case(args: list[str]) -> dict[str, Any]:
    """Run a command in process: its JSON without provenance, its CSV and its text."""
    with tempfile.TemporaryDirectory() as folder:
        out, table = Path(folder) / "run.json", Path(folder) / "run.csv"
        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            status = main([*args, "--json", str(out), "--csv", str(table)])
        assert status == 0, text.getvalue()
        root = str(DATA.parents[2]) + "/"  # a file of the checkout is recorded by its path
        record = json.loads(out.read_text().replace(root, ""))
        csv = table.read_text().replace(root, "")
    record.pop("provenance")
    printed = text.getvalue().replace(root, "").splitlines()
    lines = [line for line in printed if not line.startswith("Ran in ")]
    return {"command": args, "json": record, "csv": csv, "text": lines}


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ (keys, their order, or a value)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{path or '.'}: keys {list(a)} != {list(b)}"
        for key in a:
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    same = type(a) is type(b) and (a == b or (a != a and b != b))  # NaN equals NaN here
    return None if same else f"{path}: {a!r} != {b!r}"


def _relative(args: list[str]) -> list[str]:
    """The command as stored (paths inside the repository relative to it)."""
    root = str(DATA.parents[2]) + "/"
    return [a.removeprefix(root) for a in args]


@pytest.mark.parametrize("name", list(CASES))
def test_figures_are_unchanged(name: str) -> None:
    baseline = json.loads((BASELINES / f"{name}.json").read_text())
    assert baseline["command"] == _relative(CASES[name]), "the case's command changed"
    now = run_case(CASES[name])
    difference = _first_difference(now["json"], baseline["json"])
    assert difference is None, f"{name}: a figure moved at {difference}"
    assert json.dumps(now["json"]) == json.dumps(baseline["json"])  # bit for bit, in order
    assert now["csv"] == baseline["csv"]
    assert now["text"] == baseline["text"]


def test_a_moved_figure_is_found() -> None:
    record = {"groups": {"pit": {"win": {"mean": 1.0, "low": None}}}, "flags": []}
    moved = json.loads(json.dumps(record))
    moved["groups"]["pit"]["win"]["mean"] = 1.0000000000000002
    assert _first_difference(record, record) is None
    assert _first_difference(record, moved) == ".groups.pit.win.mean: 1.0 != 1.0000000000000002"
    reordered = {"flags": [], "groups": record["groups"]}
    assert (
        _first_difference(record, reordered) == ".: keys ['groups', 'flags'] != ['flags', 'groups']"
    )


def write_baselines() -> None:
    """Write every case's baseline from the code as it is."""
    BASELINES.mkdir(exist_ok=True)
    for name, args in CASES.items():
        run = run_case(args) | {"command": _relative(args)}
        ordered = {"command": run["command"], "json": run["json"], "csv": run["csv"],
                   "text": run["text"]}  # fmt: skip
        (BASELINES / f"{name}.json").write_text(json.dumps(ordered, indent=1) + "\n")
        print(f"wrote {BASELINES / name}.json")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.floor.test_figures_unchanged --write")
    write_baselines()
