"""README = the truth: its quick start names two commands, and its Python examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text()
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def command_after(marker: str) -> str:
    match = re.search(rf"<!-- {marker} -->\n```bash\n(.+?)\n```", README)
    assert match, f"README has no {marker} block"
    return match.group(1)


def test_quick_start_has_exactly_the_two_commands():
    assert command_after("main-command") == "pip install . && casino-sim report"
    assert command_after("test-command") == 'pip install ".[test]" && python -m pytest'
    quick_start = README.split("## Quick start")[1].split("\n## ")[0]
    assert quick_start.count("```bash") == 2


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.splitlines()[0][:40])
def test_python_examples_run(block):
    exec(compile(block, "README.md", "exec"), {})
