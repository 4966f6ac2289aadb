"""A vendor's PAR claims as a section of ``casino-sim report`` (with a jurisdiction's rules)."""

from __future__ import annotations

import csv
import json

import pytest

from casino_sim.cli import main


@pytest.fixture(scope="session")
def claims_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("claims") / "report"
    status = main(["report", "claims/caribbean-two-wrong", "--jurisdiction", "nj", "--seed", "1",
                   "--format", "json,csv,md", "--out", str(out), "--quiet"])  # fmt: skip
    assert status == 0
    return out, json.loads((out / "report.json").read_text())


def test_the_section_lists_every_claim_and_flags_the_two_that_fail(claims_report):
    out, record = claims_report
    (section,) = [s for s in record["sections"] if s["kind"] == "claim"]
    assert section["summary"] == "17 of 19 claims hold: 2 do not"
    claims, rules = section["parts"]
    (table,) = claims["tables"]
    assert [row["verdict"] for row in table["rows"]].count("FAILS") == 2
    cycle = next(row for row in table["rows"] if row["claim"] == "7. total cycle")
    assert cycle["computed_value"] == 19_933_230_517_200  # an exact integer, not a float
    assert [c["passed"] for c in claims["checks"]] == [False, False]
    assert rules["title"] == "Jurisdiction: New Jersey (N.J.A.C. 13:69D and 13:69E)"
    assert section["data"]["claims"][12]["finding"].startswith("counted with the dealer's cards")
    assert record["headline"][0]["value"] == "17 of 19"
    inputs = record["provenance"]["inputs"]
    assert inputs["--jurisdiction"]["path"] == "jurisdictions/nj"
    assert inputs["input 1 game"]["path"] == "caribbean_stud/standard"
    with (out / "table-caribbean-two-wrong-claims.csv").open() as handle:
        assert len(list(csv.DictReader(handle))) == 19
    assert "### Jurisdiction: New Jersey" in (out / "report.md").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["caribbean_stud/standard", "--jurisdiction", "nj"], "--jurisdiction: its rules apply to PAR claims"),
        (["jurisdictions/nj"], "give it as --jurisdiction beside a par_claim input"),
    ],
)  # fmt: skip
def test_rules_without_claims_are_refused(tmp_path, capsys, args, message):
    assert main(["report", *args, "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
    assert not (tmp_path / "r").exists()
