"""A run killed mid-way (SIGKILL) resumes to the same figures; Ctrl-C stops cleanly.

The run is a real ``casino-sim simulate`` in a subprocess with 2 local
workers and a run directory; the test polls the run's database until some
chunks are stored, then kills the whole command.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from casino_sim.engine.rundir import DATABASE

ROOT = Path(__file__).resolve().parents[2]
#: 40 chunks of 75k rounds: a second or two of work on 2 workers, chunks stored every fraction
#: of one. The run to interrupt is started at a lower priority (``nice``): on a busy machine
#: it must not finish before the test, polling its database, sees the first chunks and kills it.
RUN = ["simulate", "caribbean_stud/standard", "--chunk-rounds", "75k", "--seats", "2",
       "--no-exact", "--no-progress", "--seed", "13", "--workers", "2"]  # fmt: skip
HANDS, N_CHUNKS = "3M", 40
#: The run Ctrl-C stops is never resumed: ten times as long, so it cannot end first.
LONG_HANDS, LONG_CHUNKS = "30M", 400
#: Figures that differ between runs by design: when and how a run was made.
UNCOMPARED = ("provenance", "workers")


def _start(*argv: str, hands: str = HANDS, nice: int = 0) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "casino_sim", *RUN, "--hands", hands, *argv],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=(lambda: os.nice(nice)) if nice else None,
    )  # fmt: skip


def _stored(run_dir: Path) -> int:
    try:
        with sqlite3.connect(f"file:{run_dir / DATABASE}?mode=ro", uri=True, timeout=1) as db:
            return int(db.execute("SELECT count(*) FROM chunks").fetchone()[0])
    except sqlite3.Error:
        return 0


def _wait_for_chunks(process: subprocess.Popen[str], run_dir: Path, count: int) -> int:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        stored = _stored(run_dir)
        if stored >= count:
            return stored
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    raise AssertionError(f"fewer than {count} chunks stored in 120 s")


def _processes_naming(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _figures(path: Path) -> dict[str, object]:
    record = json.loads(path.read_text())
    return {key: value for key, value in record.items() if key not in UNCOMPARED}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_sigkill_then_resume_equals_an_uninterrupted_run(tmp_path):
    run_dir, out = tmp_path / "run", tmp_path / "resumed.json"
    process = _start("--run-dir", str(run_dir), "--json", str(out), nice=10)
    stored = _wait_for_chunks(process, run_dir, 4)
    process.kill()
    process.communicate()
    assert stored < N_CHUNKS and not out.exists()
    time.sleep(0.5)
    assert _processes_naming(str(run_dir)) == []  # the workers died with their parent
    resumed = _start("--run-dir", str(run_dir), "--resume", "--json", str(out))
    assert resumed.wait(timeout=300) == 0, resumed.communicate()
    assert _stored(run_dir) == N_CHUNKS
    whole = tmp_path / "whole.json"
    uninterrupted = _start("--workers", "1", "--json", str(whole))
    assert uninterrupted.wait(timeout=300) == 0, uninterrupted.communicate()
    assert _figures(out) == _figures(whole)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_keeps_the_finished_chunks_and_leaves_nothing_behind(tmp_path):
    run_dir, out = tmp_path / "run", tmp_path / "out.json"
    process = _start("--run-dir", str(run_dir), "--json", str(out), hands=LONG_HANDS, nice=10)
    _wait_for_chunks(process, run_dir, 2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    (line,) = err.strip().splitlines()  # how far it came, and how to continue
    assert line.startswith("casino-sim: error: interrupted after ") and "chunks" in line
    assert f"kept in {run_dir}" in line and "--resume" in line
    assert not out.exists() and not list(tmp_path.glob("*.json*"))
    assert 2 <= _stored(run_dir) < LONG_CHUNKS
    time.sleep(0.5)
    assert [pid for pid in _processes_naming(str(run_dir)) if pid != os.getpid()] == []
