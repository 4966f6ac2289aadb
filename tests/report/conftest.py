"""A real browser for the report tests: Chromium driven by Playwright (sync API).

The browser test must run wherever the README's test command runs, so nothing here
skips: Chromium is found (``$CASINO_SIM_CHROMIUM``, then ``chromium`` on the PATH),
installed from the distribution's packages when missing (root and apt-get), and a
test that needs it fails with one clear message when none of that works.
Playwright's own browser download is not used: the distribution's Chromium is.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from casino_sim.cli import main

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

ARTIFACTS = Path(__file__).parent / "artifacts"
"""Screenshots and PDFs the browser test keeps (git-ignored)."""

_NAMES = ("chromium", "chromium-browser")
_INSTALL = (
    ["apt-get", "update"],
    ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
)
_HOW = (
    "install Chromium from your distribution (Debian/Ubuntu as root: apt-get update && "
    "apt-get install -y --no-install-recommends chromium) or point $CASINO_SIM_CHROMIUM "
    "at a Chromium or Chrome executable"
)


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def find_chromium() -> str | None:
    """The Chromium to drive: ``$CASINO_SIM_CHROMIUM``, /usr/bin/chromium, the PATH."""
    override = os.environ.get("CASINO_SIM_CHROMIUM")
    if override:
        return override if os.access(override, os.X_OK) else None
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _install_chromium() -> str:
    """apt-get Chromium; the reason it could not, as text, or "" when it did."""
    if os.environ.get("CASINO_SIM_CHROMIUM"):
        return f"$CASINO_SIM_CHROMIUM={os.environ['CASINO_SIM_CHROMIUM']} is not executable"
    if shutil.which("apt-get") is None:
        return "Chromium is missing and this system has no apt-get"
    if not _is_root():
        return "Chromium is missing and installing it needs root"
    environment = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
    for command in _INSTALL:
        try:
            done = subprocess.run(
                command, env=environment, capture_output=True, text=True, timeout=1200
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"`{' '.join(command)}` failed: {error}"
        if done.returncode != 0:
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
            return f"`{' '.join(command)}` exited {done.returncode}:\n{tail}"
    return ""


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable, installed with apt-get first when missing (never a skip)."""
    found = find_chromium()
    if found:
        return found
    problem = _install_chromium()
    found = find_chromium()
    if found is None:
        pytest.fail(
            f"the browser test needs Chromium: {problem or 'apt-get installed no chromium'}; {_HOW}",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API, started once for the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            'the browser test needs Playwright: pip install ".[test]" (playwright>=1.40)',
            pytrace=False,
        )
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright, chromium_path: str) -> Iterator[Browser]:
    """Headless Chromium (``--no-sandbox`` as root, where Chromium's sandbox cannot run)."""
    args = ["--disable-dev-shm-usage"]
    if _is_root():
        args.append("--no-sandbox")
    launched = playwright.chromium.launch(executable_path=chromium_path, headless=True, args=args)
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder the browser test keeps its screenshots in (tests/report/artifacts/)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


#: 19 digits: a spreadsheet's double (15 significant digits in Excel) cannot hold it.
DEFAULT_REPORT_SEED = 7164217481614630268
#: The bundled casino at test size: 1 day, 2 replications, 20,000 hands, every format, one
#: worker (no process pool to start; test_par_report.py's report of several inputs runs on two).
DEFAULT_REPORT_ARGS = ("--days", "1", "--replications", "2", "--hands", "20000", "--workers", "1",
                       "--quiet", "--seed", str(DEFAULT_REPORT_SEED))  # fmt: skip


def _no_nan(name: str) -> None:
    raise AssertionError(f"report.json holds {name}")


@pytest.fixture(scope="session")
def default_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, Any]]:
    """``casino-sim report`` of the bundled casino at test size (:data:`DEFAULT_REPORT_ARGS`):
    its folder, what it printed and its report.json (strict JSON: no NaN).

    Built once for the session and shared by the PAR report's checks (``full`` in
    test_par_report.py) and the browser test; tests/conftest.py keeps the modules that use
    it on one xdist worker.
    """
    out = tmp_path_factory.mktemp("report") / "casino-sim-report"
    with pytest.MonkeyPatch.context() as patch:
        lines: list[str] = []
        patch.setattr("builtins.print", lambda *a, **k: lines.append(" ".join(map(str, a))))
        status = main(["report", *DEFAULT_REPORT_ARGS, "--out", str(out)])
    assert status == 0
    record = json.loads((out / "report.json").read_text(), parse_constant=_no_nan)
    return out, "\n".join(lines), record
