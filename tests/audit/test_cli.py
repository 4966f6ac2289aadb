"""``casino-sim audit-shuffles``: files in, a table and a verdict out; bad input is one line, exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from casino_sim.audit import format_decks, generate_decks, parse_model
from casino_sim.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(args)
    except SystemExit as stop:
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_generate_write_and_audit_a_file(here, capsys):
    status, out, _ = _run(
        ["audit-shuffles", "--generate", "300", "--seed", "4", "--out", "u.csv"], capsys
    )
    assert status == 0 and out.strip() == "wrote 300 decks (uniform, seed 4) to u.csv"
    lines = (here / "u.csv").read_text().splitlines()
    assert lines[0].startswith("# casino-sim audit-shuffles --generate 300") and len(lines) == 302
    status, out, _ = _run(["audit-shuffles", "u.csv", "--json", "u.json", "--csv", "t.csv"], capsys)
    assert status == 0, out
    assert (
        "u.csv, 300 decks (each a shuffle of the line before; 1 run from the standard order)" in out
    )
    assert "verdict: PASS" in out
    record = json.loads((here / "u.json").read_text())
    assert record["passes"] is True and record["decks"] == 300
    assert record["provenance"]["inputs"]["decks"]["sha256"]
    rows = (here / "t.csv").read_text().splitlines()
    assert rows[0].startswith("test,name,statistic") and len(rows) == 6
    assert rows[4].startswith("rising_sequences,") and "exact: Eulerian null" in rows[4]
    # the same decks in the generator's in-memory audit: the same figures
    status, again, _ = _run(["audit-shuffles", "--generate", "300", "--seed", "4"], capsys)
    assert status == 0 and again.splitlines()[1:] == out.splitlines()[1:]


def test_riffled_decks_fail_with_status_3(here, capsys):
    _run(
        [
            "audit-shuffles",
            "--generate",
            "50",
            "--model",
            "riffle:3",
            "--seed",
            "1",
            "--out",
            "r.csv",
        ],
        capsys,
    )
    status, out, _ = _run(["audit-shuffles", "r.csv", "--json", "r.json"], capsys)
    assert status == 3
    assert "verdict: FAIL" in out and "rising sequences" in out
    assert json.loads((here / "r.json").read_text())["passes"] is False


def test_codes_and_a_reference_file(here, capsys):
    rng = np.random.default_rng(9)
    after = generate_decks(parse_model("uniform"), 40, rng)
    (here / "codes.csv").write_text(format_decks(after, notation="codes"))
    (here / "names.csv").write_text(format_decks(after))
    _, by_codes, _ = _run(["audit-shuffles", "codes.csv"], capsys)
    _, by_names, _ = _run(["audit-shuffles", "names.csv"], capsys)
    assert by_codes.splitlines()[1:] == by_names.splitlines()[1:]
    # each deck fresh from the standard order: blank lines between, or a reference file
    (here / "fresh.csv").write_text(format_decks(after).replace("\n", "\n\n"))
    (here / "standard.csv").write_text(format_decks(np.tile(np.arange(52), (40, 1))))
    _, fresh, _ = _run(["audit-shuffles", "fresh.csv"], capsys)
    _, referenced, _ = _run(["audit-shuffles", "names.csv", "--reference", "standard.csv"], capsys)
    assert (
        "40 runs from the standard order" in fresh
        and "orders before from standard.csv" in referenced
    )
    assert fresh.splitlines()[1:] == referenced.splitlines()[1:]
    assert "note: every shuffle started from one order" in fresh


ORDER = " ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ORDER.replace(" Qd", ""), "bad.csv:2: 51 cards (Qd missing); expected the 52 cards of a deck, each once"),
        (ORDER.replace("Qd", "As"), "bad.csv:2: As repeated, Qd missing; expected the 52 cards"),
        (ORDER + " Ac", "bad.csv:2: 53 cards (Ac repeated); expected the 52 cards"),
        (ORDER.replace("Qd", "Qx"), "bad.csv:2: unknown card 'Qx'; expected the 52 cards"),
        (ORDER.replace("Qd", "41"), "bad.csv:2: card names and codes ('41') in one line"),
        (" ".join(map(str, range(51))) + " 52", "bad.csv:2: card code 52 is outside 0..51"),
        ("", "bad.csv: no decks; expected the 52 cards of a deck, each once, one deck a line"),
    ],
)  # fmt: skip
def test_bad_decks_are_one_line_and_status_2(here, capsys, text, message):
    (here / "bad.csv").write_text(f"# a comment\n{text}\n")
    status, out, err = _run(["audit-shuffles", "bad.csv", "--json", "out.json"], capsys)
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("casino-sim: error: "), err
    assert message in lines[0] and "Traceback" not in err
    assert not (here / "out.json").exists()


def test_other_refusals(here, capsys):
    (here / "ok.csv").write_text(ORDER + "\n" + ORDER + "\n")
    (here / "one.csv").write_text(ORDER + "\n")
    (here / "codes.csv").write_text(" ".join(map(str, range(52))) + "\n")
    (here / "mixed.csv").write_text(ORDER + "\n" + " ".join(map(str, range(52))) + "\n")
    (here / "binary.csv").write_bytes(b"\xff\xfe\x00")
    os.mkfifo(here / "fifo.csv")
    (here / "folder").mkdir()
    cases = [
        (["ok.csv", "--reference", "one.csv"], "one.csv: 1 decks, but ok.csv has 2"),
        (["mixed.csv"], "mixed.csv:2: card codes, but line 1 has card names"),
        (["binary.csv"], "binary.csv: not a text file"),
        (["missing.csv"], "missing.csv: No such file"),
        (["fifo.csv"], "fifo.csv: not a regular file; not read"),
        (["folder"], "folder: not a regular file; not read"),
        (["ok.csv", "--reference", "fifo.csv"], "fifo.csv: not a regular file"),
        ([""], "DECKS: empty path"),
        (["ok.csv", "--seed", "1"], "--seed is for --generate only"),
        (["ok.csv", "--generate", "5"], "not both"),
        ([], "give a DECKS file to audit, or --generate N"),
        (["--generate", "5", "--reference", "ok.csv"], "--reference is for a DECKS file"),
        (["--generate", "5", "--out", "x.csv", "--json", "x.json"], "writes the decks only"),
        (
            ["--generate", "5", "--model", "riffle:0"],
            "expected uniform or riffle:K with K from 1 to 20",
        ),
        (["ok.csv", "--against", "riffle:11"], "K from 1 to 10"),
        (["ok.csv", "--json", "ok.csv"], "ok.csv"),
        (["--generate", "5", "--out", "ok.csv"], "ok.csv already exists"),
    ]
    for args, message in cases:
        status, out, err = _run(["audit-shuffles", *args], capsys)
        assert status == 2, (args, out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("casino-sim: error:"), (args, err)
        assert message in lines[0], (args, lines[0])
    assert not (here / "x.csv").exists() and not (here / "x.json").exists()
    assert (here / "ok.csv").read_text().startswith("2c 2d")
