"""A new user's inputs: shipped names, strategy files, betting structures, odd paths.

Every refusal is one short line: ``file:line: key.path: message`` from
``validate``, or one ``casino-sim: error: ...`` line on stderr with exit status 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import casino_sim.config as paytables
from casino_sim.cli import main
from casino_sim.config import (
    PAYTABLE_DIR,
    PaytableError,
    load,
    load_paytable,
    load_progressive,
    load_stud_table,
    load_stud_variant,
    resolve_input,
    shipped_files,
    shipped_name,
)
from casino_sim.config import library as library_module
from casino_sim.config.schema import SCHEMA_DIR, schema_text
from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
SPREAD = PAYTABLE_DIR / "stud" / "tables" / "1-5-spread.yaml"
STRATEGY = REPO / "examples" / "wizard_simple.yaml"
STANDARD = PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"


def _one_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The single stderr line of a failed command (and nothing else on stderr)."""
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("casino-sim: error: "), err
    return lines[0]


def _run(*argv: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "casino_sim", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


# ----------------------------------------------------------------- 7: spread limit


def test_spread_limit_table_is_shipped_and_loads() -> None:
    table = load_stud_table(SPREAD)
    assert table.structure == "spread-limit" and table.spread is not None
    assert (table.spread.min, table.spread.max, table.spread.max_cents) == (1, 5, 500)


def test_validate_reports_spread_limit_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SPREAD)]) == 0
    assert capsys.readouterr().out == f"{SPREAD}: OK (stud_table: $1-$5 spread stud)\n"


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit"])
def test_pot_and_no_limit_tables_load(structure: str) -> None:
    text = (PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml").read_text()
    text = text.replace("structure: fixed-limit", f"structure: {structure}")
    assert paytables.load_text(text).structure == structure


def test_a_spread_without_spread_limit_is_still_a_problem() -> None:
    text = (PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml").read_text()
    with pytest.raises(PaytableError, match="spread: give a spread exactly when"):
        paytables.load_text(text + "spread: {min: 1, max: 20}\n")


def test_shipped_library_has_the_spread_table_and_validates_clean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "stud/tables/1-5-spread" in {shipped_name(p) for p in shipped_files()}
    assert main(["validate", str(PAYTABLE_DIR)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(shipped_files()) and all(": OK (" in line for line in out)


# ----------------------------------------------------------------- 8: strategy files


def test_validate_strategy_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(STRATEGY)]) == 0
    assert capsys.readouterr().out == (
        f"{STRATEGY}: OK (caribbean_strategy: Wizard of Odds simple strategy)\n"
    )
    assert main(["validate", "-q", str(REPO / "examples")]) == 0
    assert capsys.readouterr().out == ""


def test_validate_bad_strategy_file_names_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "kind: caribbean_strategy\nname: x\nrules:\n  - at_least: one_pair\n  - at_least: A Z\n"
        "    upcard_ranks: 2x\n"
    )
    assert main(["validate", str(bad)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}:5: rules[1].at_least: expected a hand name")
    assert out[1].startswith(f"{bad}:6: rules[1].upcard_ranks: expected ranks")
    assert len(out) == 2


def test_paytable_as_strategy_is_one_short_line() -> None:
    with pytest.raises(PaytableError) as caught:
        load_rule_strategy(STANDARD)
    assert str(caught.value) == (
        f"{STANDARD}: expected a caribbean_strategy file, got kind 'caribbean_stud'"
    )


def test_analyze_with_a_paytable_as_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--strategy", str(STANDARD)]) == 2
    line = _one_error(capsys)
    assert line == (
        f"casino-sim: error: {STANDARD}: expected a caribbean_strategy file, "
        "got kind 'caribbean_stud'"
    )


def test_loading_a_strategy_as_a_paytable_says_what_it_is() -> None:
    with pytest.raises(PaytableError) as caught:
        load(STRATEGY)
    (problem,) = caught.value.problems
    assert problem.path == ("kind",) and "is a Caribbean Stud strategy" in problem.message
    assert "--strategy" in problem.message


# ----------------------------------------------------------------- 10: shipped names


def test_resolver_is_exported() -> None:
    assert "resolve_input" in paytables.__all__ and "shipped_name" in paytables.__all__


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("caribbean_stud/standard", None),
        ("caribbean_stud/standard.yaml", None),
        ("paytables/caribbean_stud/standard.yaml", None),
        ("standard", "caribbean_stud"),
        ("standard", None),  # unique among all shipped files
        ("standard.yaml", "caribbean_stud"),
    ],
)
def test_resolve_shipped_names_anywhere(
    name: str, kind: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve_input(name, kind) == STANDARD


def test_existing_path_wins_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("standard").write_text("kind: caribbean_stud\n")
    assert resolve_input("standard", "caribbean_stud") == Path("standard")
    assert resolve_input(STANDARD) == STANDARD


@pytest.mark.parametrize("name", ["../caribbean_stud/standard", "/nonexistent/standard"])
def test_resolver_never_leaves_the_library(name: str) -> None:
    with pytest.raises(PaytableError) as caught:
        resolve_input(name, "caribbean_stud")
    assert "no such file" in str(caught.value) and "\n" not in str(caught.value)


def test_empty_name() -> None:
    with pytest.raises(PaytableError, match=r"^'': empty file name$"):
        resolve_input("")


def test_unknown_name_lists_close_matches() -> None:
    with pytest.raises(PaytableError) as caught:
        resolve_input("standrd", "caribbean_stud")
    message = str(caught.value)
    assert message.startswith("standrd: no such file, and no shipped caribbean_stud file")
    assert str(PAYTABLE_DIR) in message and message.endswith(
        "did you mean caribbean_stud/standard?"
    )
    assert "\n" not in message


def test_ambiguous_bare_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.yaml").write_text("kind: progressive\n")
    monkeypatch.setattr(library_module, "PAYTABLE_DIR", tmp_path)
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    with pytest.raises(PaytableError, match=r"more than one shipped file is called 'x': a/x, b/x"):
        resolve_input("x", "progressive")
    assert resolve_input("b/x") == tmp_path / "b" / "x.yaml"


def test_every_loader_takes_shipped_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_paytable("standard").name == "standard US"
    assert load_paytable("caribbean_stud/royal-250").raise_pay("royal_flush") == 250
    assert load_progressive("50-75-100").awards["flush"].fixed == 50
    assert load_stud_variant("razz").ranking == "ace-to-five"
    assert load_stud_table("stud/tables/5-10").big_bet == 10
    assert load("stud/razz").kind == "stud_variant"
    with pytest.raises(PaytableError, match="no shipped progressive file"):
        load_progressive("standard")
    with pytest.raises(
        PaytableError, match="expected kind 'progressive' here, got 'caribbean_stud'"
    ):
        load_progressive("caribbean_stud/standard")


def test_list_prints_usable_names_and_real_paths(tmp_path: Path) -> None:
    result = _run("list", "--paths", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if not line.startswith(" ")]
    assert len(lines) == len(shipped_files())
    for line in lines:
        name, kind, where = line.split()
        assert Path(where).is_absolute() and Path(where).is_file()
        assert load(Path(where)).kind == kind
        # the subprocess may run an installed copy: the same file, not necessarily the same path
        assert resolve_input(name).read_bytes() == Path(where).read_bytes()


def test_validate_a_shipped_name_outside_the_checkout(tmp_path: Path) -> None:
    result = _run("validate", "caribbean_stud/standard", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    where, verdict = result.stdout.split(": ", 1)
    assert verdict == "OK (caribbean_stud: standard US)\n"
    assert Path(where).is_absolute() and Path(where).read_bytes() == STANDARD.read_bytes()


# ----------------------------------------------------------------- 14: odd paths


def test_validate_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("not yaml")
    assert main(["validate", str(tmp_path)]) == 2
    assert _one_error(capsys) == f"casino-sim: error: no YAML files found in {tmp_path}"


def test_validate_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.yaml"
    assert main(["validate", str(missing), str(STANDARD)]) == 2
    assert _one_error(capsys).startswith(f"casino-sim: error: {missing}: no such file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_validate_refuses_a_fifo_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    (tmp_path / "good.yaml").write_text(STANDARD.read_text())
    for argv in (["validate", str(fifo)], ["validate", str(tmp_path)]):
        result = _run(*argv, cwd=tmp_path, timeout=30)  # a blocked open would time out
        assert result.returncode == 2
        assert result.stderr == (
            f"casino-sim: error: {fifo}: is a FIFO (named pipe), not a regular file; not read\n"
        )
    assert result.stdout == f"{tmp_path / 'good.yaml'}: OK (caribbean_stud: standard US)\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_loader_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    code = (
        "import sys\nfrom casino_sim.config import load, PaytableError\n"
        f"try:\n    load({str(fifo)!r})\nexcept PaytableError as e:\n    print(e)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=False
    )
    assert result.stdout == f"{fifo}: is a FIFO (named pipe), not a regular file; not read\n"


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_device_and_directory_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(PaytableError, match="is a character device, not a regular file"):
        load("/dev/null")
    with pytest.raises(PaytableError, match="is a directory, not a regular file"):
        load(tmp_path)
    assert main(["validate", "/dev/null"]) == 2
    assert "is a character device" in _one_error(capsys)


# ----------------------------------------------------------------- 18: schema --write


def _fake_checkout(root: Path) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    schemas = root / "casino_sim" / "schemas"
    schemas.mkdir(parents=True)
    (root / "sub").mkdir()
    return schemas


def test_schema_write_goes_to_the_checkout_of_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    schemas = _fake_checkout(tmp_path)
    before = {p.name: p.stat().st_mtime_ns for p in SCHEMA_DIR.iterdir()}
    monkeypatch.chdir(tmp_path / "sub")
    assert main(["schema", "--write"]) == 0
    out = capsys.readouterr().out.splitlines()
    kinds = paytables.KIND_NAMES  # every registered kind
    assert out == [f"wrote {schemas / kind}.schema.json" for kind in kinds]
    assert (schemas / "stud_table.schema.json").read_text() == schema_text("stud_table")
    assert {p.name: p.stat().st_mtime_ns for p in SCHEMA_DIR.iterdir()} == before
    assert main(["schema", "--check"]) == 0
    (schemas / "progressive.schema.json").write_text("{}\n")
    assert main(["schema", "--check"]) == 2
    assert "progressive.schema.json" in _one_error(capsys)


def test_schema_write_outside_a_checkout_needs_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["schema", "--write"]) == 2
    assert "give --dir DIR" in _one_error(capsys)
    assert list(tmp_path.iterdir()) == []
    out_dir = tmp_path / "schemas"
    out_dir.mkdir()
    assert main(["schema", "--write", "--dir", str(out_dir), "progressive"]) == 0
    assert capsys.readouterr().out == f"wrote {out_dir / 'progressive.schema.json'}\n"
    assert main(["schema", "--write", "--dir", str(tmp_path / "nope")]) == 2
    assert "no such folder" in _one_error(capsys)


@pytest.mark.parametrize("what", ["fifo", "symlink", "directory"])
def test_schema_write_never_replaces_a_non_regular_file(
    what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "stud_table.schema.json"
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("keep me")
    {"fifo": os.mkfifo, "directory": os.mkdir}.get(what, lambda p: p.symlink_to(elsewhere))(target)
    assert main(["schema", "--write", "--dir", str(tmp_path)]) == 2
    assert "not a regular file; refusing to replace it" in _one_error(capsys)
    assert not (tmp_path / "caribbean_stud.schema.json").exists()  # nothing written at all
    assert elsewhere.read_text() == "keep me"
    assert target.is_symlink() if what == "symlink" else not target.is_file()


# ----------------------------------------------------------------- 19: no DESIGN.md


def test_shipped_files_and_examples_cite_docs_that_exist() -> None:
    files = [*PAYTABLE_DIR.rglob("*"), *(REPO / "examples").rglob("*"), *HERE.rglob("*.yaml")]
    citing = [str(p) for p in files if p.is_file() and b"DESIGN.md" in p.read_bytes()]
    assert citing == []


# ----------------------------------------------------------------- progressive warning


def test_validate_warns_on_a_progressive_the_house_loses_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()
    generous = tmp_path / "generous.yaml"
    generous.write_text(text.replace("contribution_rate: 0.65", "contribution_rate: 0.90"))
    assert main(["validate", "-q", str(generous)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith(f"{generous}: warning: long-run return is 118.03% of the side bet")
