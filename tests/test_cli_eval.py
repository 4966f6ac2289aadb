"""The eval command, run in-process and as a real process (no tracebacks, status 2)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from casino_sim.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "casino_sim", *args], capture_output=True, text=True, check=False
    )


def test_eval_describes_hands(capsys):
    assert main(["eval", "As Ks Qs Js Ts", "Kc Kd Ks 7h 7c 2d 3s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("As Ks Qs Js Ts: Royal flush")
    assert "Full house, kings full of sevens" in out[1]


def test_eval_low(capsys):
    assert main(["eval", "--low", "a5", "7c 5d 4h 3s Ac 9d Kd"]) == 0
    assert "7-5-4-3-A low" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["eval", "1x Kd 2c 3c 4c"], "'1x'"),
        (["eval", "As As 3c 4d 5h"], "duplicate card 'As'"),
        (["eval", "Kd 7"], "'7'"),
        (["eval", "Kd 7d"], "5, 6, 7 cards"),
        (["eval", "--low", "zz", "Kd 7d 2c 3c 4c"], "--low"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, needle):
    result = run_cli(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]
