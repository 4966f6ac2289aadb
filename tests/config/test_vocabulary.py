"""One name for one thing, from YAML to report, and key suggestions in the operators' words.

An unknown key names the key it most likely stands for, also from the words
operators use (``pair``, ``AK``, ``quads``, ``ceiling``), at the typo's line and
before the missing key it caused.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, PaytableError, load_progressive, load_text
from casino_sim.config.schema import json_schema
from casino_sim.config.words import SYNONYMS, normalized, suggest

REPO = Path(__file__).resolve().parents[2]
STANDARD = (PAYTABLE_DIR / "caribbean_stud" / "standard.yaml").read_text()
PROGRESSIVE = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()
TABLE = (PAYTABLE_DIR / "stud" / "tables" / "5-10-bad-beat.yaml").read_text()


def _problems(text: str) -> list[str]:
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="t.yaml")
    return str(caught.value).splitlines()


# ----------------------------------------------------------------- suggestions


@pytest.mark.parametrize(
    ("text", "written", "line", "key", "meant"),
    [
        (STANDARD, "  one_pair:", 16, "pays.pair", "one_pair"),
        (STANDARD, "  ace_king:", 17, "pays.AK", "ace_king"),
        (STANDARD, "  ace_king:", 17, "pays.ace-king", "ace_king"),
        (STANDARD, "  ace_king:", 17, "pays.A-K", "ace_king"),
        (STANDARD, "  four_of_a_kind:", 10, "pays.quads", "four_of_a_kind"),
        (STANDARD, "  three_of_a_kind:", 14, "pays.trips", "three_of_a_kind"),
        (STANDARD, "  full_house:", 11, "pays.Full House", "full_house"),
        (STANDARD, "  royal_flush:", 8, "pays.royal", "royal_flush"),
        (STANDARD, "max_payout:", 21, "payout_cap", "max_payout"),
        (PROGRESSIVE, "seed:", 17, "reset", "seed"),
        (PROGRESSIVE, "contribution_rate:", 15, "contribution", "contribution_rate"),
        (PROGRESSIVE, "  four_of_a_kind:", 12, "awards.quads", "four_of_a_kind"),
    ],
)
def test_an_unknown_key_names_the_key_meant(
    text: str, written: str, line: int, key: str, meant: str
) -> None:
    typo = key.rsplit(".", 1)[-1]
    indent = "  " if "." in key else ""
    assert text.count(written) == 1
    problems = _problems(text.replace(written, f"{indent}{typo}:"))
    expected = f"t.yaml:{line}: {key}: unknown key {typo!r} (did you mean {meant!r}?)"
    assert problems[0] == expected


def test_a_meter_cap_called_by_another_name() -> None:
    for word in ("ceiling", "cap", "meter_ceiling", "max-meter"):
        problems = _problems(PROGRESSIVE + f"{word}: 400000\n")
        assert problems == [f"t.yaml:19: {word}: unknown key {word!r} (did you mean 'meter_cap'?)"]


@pytest.mark.parametrize(
    ("text", "old", "new", "line", "key", "message"),
    [
        (
            STANDARD,
            "dealer_qualifier: ace-king",
            "dealer_qualifier: AK",
            20,
            "dealer_qualifier",
            "unknown value 'AK' (did you mean 'ace-king'?)",
        ),
        (
            TABLE,
            "category: full_house",
            "category: quads",
            20,
            "bad_beat.qualifying_hand.category",
            "unknown value 'quads' (did you mean 'four_of_a_kind'?)",
        ),
        (
            TABLE,
            "type: drop",
            "type: percentage",
            14,
            "rake.type",
            "unknown type 'percentage' (did you mean 'percent'?)",
        ),
    ],
)
def test_an_unknown_value_names_the_value_meant(
    text: str, old: str, new: str, line: int, key: str, message: str
) -> None:
    assert text.count(old) == 1
    assert _problems(text.replace(old, new)) == [f"t.yaml:{line}: {key}: {message}"]


def test_without_a_likely_key_the_keys_are_listed() -> None:
    (problem,) = _problems(STANDARD + "zebra: 1\n")
    assert problem.startswith("t.yaml:22: zebra: unknown key 'zebra'; expected one of ")
    assert "pays" in problem and "max_payout" in problem


@pytest.mark.parametrize(
    ("word", "choices", "meant"),
    [
        ("pair", ["one_pair", "two_pair"], "one_pair"),
        ("two pairs", ["one_pair", "two_pair"], "two_pair"),
        ("AK", ["ace_king", "one_pair"], "ace_king"),
        ("ak-high", ["ace_king"], "ace_king"),
        ("boat", ["full_house", "flush"], "full_house"),
        ("set", ["three_of_a_kind", "straight"], "three_of_a_kind"),
        ("cap", ["meter_cap", "seed"], "meter_cap"),
        ("cap", ["max_payout", "pays"], "max_payout"),
        ("cap", ["cap", "rate"], "cap"),
        ("Seats", ["max_seats", "max_raises"], "max_seats"),
        ("AK", ["ace-king"], "ace-king"),
        ("royal_flsh", ["royal_flush", "straight_flush"], "royal_flush"),
        ("zebra", ["pays", "seed"], None),
    ],
)
def test_suggest(word: str, choices: list[str], meant: str | None) -> None:
    assert suggest(word, choices) == meant


def test_every_operators_word_leads_to_a_name_the_files_use() -> None:
    names: set[str] = set()
    for kind in ("caribbean_stud", "progressive", "stud_variant", "stud_table", "floor"):
        names |= set(re.findall(r"'([a-z_]+)'", str(json_schema(kind))))
    assert set(SYNONYMS) <= names
    for name, words in SYNONYMS.items():
        assert name not in words and all(normalized(w) == w for w in words), name


# ----------------------------------------------------------------- the unknown key first


def test_a_misspelt_required_key_is_reported_first_at_its_line() -> None:
    text = STANDARD.replace("\npays:", "\npay:")
    assert _problems(text) == [
        "t.yaml:7: pay: unknown key 'pay' (did you mean 'pays'?)",
        "t.yaml:1: pays: missing required key (is the unknown key 'pay' on line 7 meant?)",
    ]


def test_the_unknown_key_comes_before_its_missing_key_inside_a_section() -> None:
    text = TABLE.replace("  amount: 1", "  amout: 1")
    assert text != TABLE
    problems = _problems(text)
    line = text.splitlines().index("  amout: 1") + 1
    assert problems == [
        f"t.yaml:{line}: rake.amout: unknown key 'amout' (did you mean 'amount'?)",
        f"t.yaml:{line - 2}: rake.amount: missing required key "
        f"(is the unknown key 'amout' on line {line} meant?)",
    ]


def test_other_problems_keep_their_line_order() -> None:
    text = STANDARD.replace("\npays:", "\npay:").replace('name: "standard US"', "name: 7")
    problems = _problems(text)
    assert [p.split(":")[1] for p in problems] == ["3", "7", "1"]
    assert problems[0] == "t.yaml:3: name: expected text, got 7"


def test_validate_prints_the_unknown_key_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(STANDARD.replace("\npays:", "\npay:"))
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:7: pay: unknown key 'pay' (did you mean 'pays'?)",
        f"{path}:1: pays: missing required key (is the unknown key 'pay' on line 7 meant?)",
    ]


# ----------------------------------------------------------------- one word: the meter cap


def test_the_meter_cap_is_one_word_from_yaml_to_report() -> None:
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.report.compare import Traffic, compare_progressives
    from casino_sim.report.par.inputs import ProgressiveInput
    from casino_sim.report.par.progressive import _rules_part

    table = load_text(PROGRESSIVE + "meter_cap: $400,000\n")
    assert table.meter_cap == Fraction(400_000)
    assert "meter_cap" in json_schema("progressive")["properties"]
    part = _rules_part(ProgressiveInput(Path("p.yaml"), table), analyze_progressive(table), "p")
    (figure,) = [f for f in part.figures if f.key == "meter_cap"]
    assert figure.label == "meter cap" and figure.value == 400_000
    assert "its meter cap, $400,000.00" in " ".join(part.paragraphs)
    record = compare_progressives([load_progressive("50-75-100")], traffic=Traffic(6, 60.0))
    rows = str(record)
    assert "'meter_cap'" in rows and "'meter cap'" in rows and "ceiling" not in rows


def test_no_other_word_for_the_meter_cap_in_docs_and_report() -> None:
    texts = [REPO / "README.md", *(REPO / "docs").glob("*.md"), PAYTABLE_DIR / "README.md"]
    texts += [*(REPO / "casino_sim" / "report").rglob("*.py")]
    other = re.compile(r"meter ceiling|ceiling \((meter|`meter_cap`)|no ceiling", re.IGNORECASE)
    assert [str(p) for p in texts if other.search(p.read_text())] == []


# ----------------------------------------------------------------- strategy files


def test_a_strategy_file_suggests_keys_and_hands_and_reads_yaml_1_2() -> None:
    from casino_sim.games.banked.caribbean_stud.strategy.rules_file import parse_rule_strategy

    text = (
        "kind: caribbean_strategy\nname: no\nrule: []\nrules:\n  - at_least: pair\n"
        "    upcard_match: true\n  - at_least: one_pair\n    upcard_matches: yes\n"
    )
    with pytest.raises(PaytableError) as caught:
        parse_rule_strategy(text, name="s.yaml")
    assert str(caught.value).splitlines() == [
        "s.yaml:3: rule: unknown key 'rule' (did you mean 'rules'?)",
        "s.yaml:6: rules[0].upcard_match: unknown key 'upcard_match' (did you mean "
        "'upcard_matches'?)",
        "s.yaml:5: rules[0].at_least: expected a hand name (one_pair, flush, ...) or high ranks "
        "like 'A K J 8 3', got 'pair' (did you mean 'one_pair'?)",
        "s.yaml:8: rules[1].upcard_matches: expected true or false",
    ]
    table = parse_rule_strategy(
        text.replace("rule: []\n", "")
        .replace("pair\n    upcard_match: true", "one_pair")
        .replace("yes", "true")
    )
    assert table.name == "no"  # YAML 1.2: a word, not false
