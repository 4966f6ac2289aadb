"""The no-clobber policy: result files and folders never replace what casino_sim did not write."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time

import pytest

from casino_sim.cli import main
from casino_sim.engine.files import (
    MANIFEST,
    atomic_binary_writer,
    atomic_writer,
    check_distinct,
    check_output_dir,
    check_output_file,
    write_atomic,
    write_directory,
)
from casino_sim.errors import OutputError

STANDARD = "caribbean_stud/standard"


def _cli(*args: str, cwd=None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_sim", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, check=False)  # fmt: skip


# --- files -------------------------------------------------------------------------------------


def test_new_file_is_written_and_an_existing_one_needs_overwrite(tmp_path):
    target = tmp_path / "out.json"
    write_atomic(target, "one")
    with pytest.raises(OutputError, match="already exists"):
        write_atomic(target, "two")
    assert target.read_text() == "one"
    write_atomic(target, "two", overwrite=True)
    assert target.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no temporary left


@pytest.mark.parametrize("kind", ["directory", "fifo", "symlink", "device"])
def test_a_path_that_is_not_a_regular_file_is_never_replaced(tmp_path, kind):
    target = tmp_path / "target"
    if kind == "directory":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (tmp_path / "real.txt").write_text("the user's")
        target.symlink_to(tmp_path / "real.txt")
    else:
        target = "/dev/full"
    before = os.lstat(target)
    for overwrite in (False, True):
        with pytest.raises(OutputError, match=r"not a regular file|not a folder"):
            write_atomic(target, "x", overwrite=overwrite)
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
    if kind == "symlink":
        assert (tmp_path / "real.txt").read_text() == "the user's"


def test_a_failed_write_leaves_nothing(tmp_path):
    target = tmp_path / "history.jsonl"
    with pytest.raises(RuntimeError), atomic_writer(target) as handle:
        handle.write("half a file")
        raise RuntimeError("the run died")
    assert list(tmp_path.iterdir()) == []


def test_binary_writer_fills_a_file_through_a_callback_whole(tmp_path):
    import numpy as np

    target = tmp_path / "counts.npz"
    for overwrite, data in ((False, np.arange(3)), (True, np.arange(5))):
        with atomic_binary_writer(target, overwrite=overwrite) as handle:
            np.savez(handle, data=data)
        with np.load(target) as stored:
            assert stored["data"].tolist() == data.tolist()
    with pytest.raises(OutputError, match="already exists"), atomic_binary_writer(target):
        pass
    with pytest.raises(RuntimeError), atomic_binary_writer(target, overwrite=True) as handle:
        handle.write(b"half a file")
        raise RuntimeError("the build died")
    with np.load(target) as stored:
        assert stored["data"].tolist() == [0, 1, 2, 3, 4]
    assert [p.name for p in tmp_path.iterdir()] == ["counts.npz"]  # no temporary left


@pytest.mark.parametrize(
    ("path", "message"),
    [("", "empty path"), ("missing/out.json", "does not exist"), (".", "not a regular file")],
)
def test_output_file_checks_name_the_users_path(tmp_path, monkeypatch, path, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OutputError, match=message) as error:
        check_output_file(path, what="--json")
    assert ".tmp" not in str(error.value)


def test_unwritable_folder_is_refused_before_work(tmp_path):
    if os.geteuid() == 0:  # root writes anywhere; the check must still pass through os.access
        folder = tmp_path
    else:
        folder = tmp_path / "ro"
        folder.mkdir(mode=0o500)
        with pytest.raises(OutputError, match="not writable"):
            check_output_file(folder / "out.json")
    assert check_output_file(folder / "out.json") == folder / "out.json"


def test_files_get_the_users_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "a.txt", "x")
        write_directory(tmp_path / "report", {"r.md": "x"})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "report").stat().st_mode) == 0o750
    assert stat.S_IMODE((tmp_path / "report" / "r.md").stat().st_mode) == 0o640


def test_same_path_for_input_and_output_is_refused(tmp_path):
    source = tmp_path / "t.yaml"
    source.write_text("kind: x")
    with pytest.raises(OutputError, match="also an input"):
        check_distinct({"--json": str(source)}, [source])
    with pytest.raises(OutputError, match="same path"):
        check_distinct({"--json": "o", "--history": "./o"}, [])


# --- folders -----------------------------------------------------------------------------------


def test_folder_new_then_replaced_only_when_casino_sim_wrote_it_and_forced(tmp_path):
    folder = tmp_path / "report"
    write_directory(folder, {"a.md": "1", "b.png": b"\x89PNG"})
    assert json.loads((folder / MANIFEST).read_text())["files"] == ["a.md", "b.png"]
    with pytest.raises(
        OutputError, match=r"earlier casino-sim result \(a.md, b.png\): pass --force"
    ):
        write_directory(folder, {"a.md": "2"})  # like a result file: replaced only when forced
    assert (folder / "a.md").read_text() == "1"
    write_directory(folder, {"a.md": "2"}, overwrite=True)  # its own folder: swapped whole
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "a.md"]
    assert (folder / "a.md").read_text() == "2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]


def test_folder_with_the_users_files_is_refused_and_forced_writes_keep_them(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.tex").write_text("years of work")
    with pytest.raises(OutputError, match="not written by casino-sim"):
        check_output_dir(folder)
    with pytest.raises(OutputError):
        write_directory(folder, {"a.md": "1"})
    write_directory(folder, {"a.md": "1", "old.png": b"x"}, overwrite=True)
    write_directory(folder, {"a.md": "2"}, overwrite=True)
    assert (folder / "thesis.tex").read_text() == "years of work"
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "a.md", "thesis.tex"]


def test_empty_folder_is_filled(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    write_directory(folder, {"a.md": "1"})
    assert (folder / "a.md").read_text() == "1"


def test_a_manifest_cannot_claim_files_outside_the_folder(tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep")
    folder = tmp_path / "report"
    folder.mkdir()
    record = {"written_by": "casino_sim", "files": ["../precious.txt", "a.md"]}
    (folder / MANIFEST).write_text(json.dumps(record))
    (folder / "a.md").write_text("old")
    write_directory(folder, {"b.md": "new"}, overwrite=True)
    assert outside.read_text() == "keep"


# --- through the commands ----------------------------------------------------------------------


def test_report_into_the_current_folder_deletes_nothing(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    result = _cli("analyze", "--report", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "keep.txt" in result.stderr
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_json_to_a_device_is_refused_and_the_device_stays():
    result = _cli("simulate", STANDARD, "--hands", "1000", "--no-exact", "--json", "/dev/full")
    assert result.returncode == 2 and "not a regular file" in result.stderr
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


@pytest.mark.parametrize(
    "outputs",
    [["--json", "nowhere/out.json"], ["--json", ""], ["--json", "."], ["--csv", "t.yaml"]],
)
def test_bad_output_paths_fail_before_the_work(tmp_path, outputs):
    (tmp_path / "t.yaml").write_bytes((_shipped("caribbean_stud/standard.yaml")).read_bytes())
    start = time.perf_counter()
    # 10^10 rounds would take many minutes: the check must come first.
    result = _cli("simulate", "t.yaml", "--hands", "10000M", "--no-exact", *outputs, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert time.perf_counter() - start < 30
    assert result.stderr.count("\n") == 1 and ".tmp" not in result.stderr
    if outputs[1]:
        assert outputs[1] in result.stderr


def test_stud_history_and_json_on_one_path_are_refused(tmp_path):
    result = _cli("stud", "stud/seven_card_stud", "stud/tables/5-10", "--hands", "100",
                  "--json", "o", "--history", "o", cwd=tmp_path)  # fmt: skip
    assert result.returncode == 2 and "same path" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_force_is_the_only_way_to_overwrite(tmp_path, capsys):
    out = tmp_path / "out.json"
    out.write_text("the user's")
    args = ["simulate", STANDARD, "--hands", "1000", "--no-exact", "--no-progress", "--seed", "1"]
    assert main([*args, "--json", str(out)]) == 2
    assert out.read_text() == "the user's"
    assert main([*args, "--json", str(out), "--force"]) == 0
    assert json.loads(out.read_text())["provenance"]["seed"] == 1


def _shipped(name: str):
    from casino_sim.config import PAYTABLE_DIR

    return PAYTABLE_DIR / name
