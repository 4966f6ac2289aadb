"""casino-sim validate / list / schema."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, shipped_files

REPO = Path(__file__).resolve().parents[2]


def test_validate_ok(capsys: pytest.CaptureFixture[str]) -> None:
    path = PAYTABLE_DIR / "caribbean_stud" / "standard.yaml"
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: OK (caribbean_stud: standard US)\n"


def test_validate_folder_and_mixed_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "-q", str(PAYTABLE_DIR)]) == 0
    assert capsys.readouterr().out == ""
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: progressive\nname: x\n")
    assert main(["validate", str(PAYTABLE_DIR / "stud" / "razz.yaml"), str(bad)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("razz.yaml: OK (stud_variant: razz)")
    assert f"{bad}:1: awards: missing required key" in out
    assert all(line.startswith(str(bad)) for line in out[1:])


def test_validate_from_repo_root_as_a_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "casino_sim", "validate", "paytables/caribbean_stud/standard.yaml"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (
        result.stdout
        == "paytables/caribbean_stud/standard.yaml: OK (caribbean_stud: standard US)\n"
    )


def test_list(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["list", "--paths"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert len(lines) == len(shipped_files())
    where = str(REPO / "paytables" / "stud" / "tables" / "5-10.yaml")
    assert any(line.split() == ["stud/tables/5-10", "stud_table", where] for line in lines)
    assert main(["list", "--kind", "progressive"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert len(lines) == len(shipped_files("progressive"))


def test_schema_prints_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "stud_variant"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["properties"]["kind"]["const"] == "stud_variant"
    assert main(["schema", "--check"]) == 0
    assert main(["schema"]) == 2
    assert "name a kind" in capsys.readouterr().err


def test_one_registry_of_kinds() -> None:
    """The loader, the schemas and the CLI's choices all read config.kinds.KIND_NAMES."""
    import argparse

    from casino_sim.cli import build_parser
    from casino_sim.config import KIND_NAMES, KINDS

    assert tuple(KINDS) == KIND_NAMES
    assert all(cls.kind == kind for kind, cls in KINDS.items())
    commands = next(
        a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ).choices
    for command in ("schema", "list"):
        kind = next(a for a in commands[command]._actions if a.dest == "kind")
        assert tuple(kind.choices) == KIND_NAMES


def test_the_cli_parses_without_loading_the_validators() -> None:
    code = (
        "import sys; from casino_sim.cli import build_parser; build_parser(); "
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
