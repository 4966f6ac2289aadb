"""The malformed corpus: each file fails with one specific, located message and never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PaytableError, load
from casino_sim.config.problems import format_path
from casino_sim.errors import CasinoSimError, ConfigError

CORPUS = Path(__file__).parent / "malformed"

# file -> (line, key path, message fragment); line 0 = no line (binary / unreadable).
EXPECTED = {
    "ante-bad-number.yaml": (7, "ante", "expected money such as 5, 0.50 or $10,000, got '0.5.0'"),
    "award-both.yaml": (11, "awards.straight_flush", "exactly one of 'fixed'"),
    "award-neither.yaml": (11, "awards.straight_flush", "exactly one of 'fixed'"),
    "bad-bet-size.yaml": (
        8,
        "streets[1].bet",
        "unknown value 'medium'; expected one of small, big",
    ),
    "bad-qualifier.yaml": (20, "dealer_qualifier", "expected one of ace-king"),
    "billion-laughs.yaml": (4, "", "more than 16 aliases"),
    "binary-garbage.yaml": (0, "", "not a text file"),
    "bring-in-above-small-bet.yaml": (8, "bring_in", "bring_in 7 exceeds small_bet 5"),
    "bring-in-no-upcard.yaml": (13, "bring_in", "a bring-in needs an up card on the first street"),
    "contribution-plus-reserve.yaml": (
        16,
        "reserve_rate",
        "contribution_rate + reserve_rate must be at most 1",
    ),
    "custom-tag.yaml": (1, "kind", "tag !custom is not allowed"),
    "deep-nesting.yaml": (2, "", "nested deeper than 32 levels"),
    "duplicate-key.yaml": (13, "pays.royal_flush", "duplicate key 'royal_flush' (first on line 8)"),
    "empty.yaml": (1, "", "file is empty"),
    "envy-unknown-hand.yaml": (18, "envy_bonuses.one_pair", "unknown key 'one_pair'"),
    "few-aliases-wide.yaml": (2, None, "more than 10000 values"),
    "first-to-act-mismatch.yaml": (
        16,
        "first_to_act",
        "a high game acts first with the best-high board",
    ),
    "flag-as-string.yaml": (17, "open_pair_big_bet", "expected true or false, got 'yes'"),
    "flush-above-full-house.yaml": (
        14,
        "awards.flush",
        "flush award is higher than full house (500 > 75)",
    ),
    "fractional-multiple.yaml": (19, "raise_multiple", "expected a whole number, got 2.5"),
    "inf-cap.yaml": (21, "max_payout", "expected a finite number, got Infinity"),
    "merge-key.yaml": (4, "pays", "merge keys (<<) are not supported"),
    "missing-hand.yaml": (7, "pays", "missing pays for one_pair"),
    "missing-kind.yaml": (1, "kind", "missing required key 'kind'"),
    "missing-pays.yaml": (1, "pays", "missing required key"),
    "name-is-list.yaml": (3, "name", "expected text, got a list"),
    "nan-cap.yaml": (21, "max_payout", "expected a finite number, got NaN"),
    "negative-pay.yaml": (15, "pays.two_pair", "expected a pay > 0, got -2"),
    "negative-seed.yaml": (17, "seed", "expected money >= 0, got -5"),
    "not-utf8.yaml": (0, "", "not UTF-8 text"),
    "only-comment.yaml": (1, "", "file is empty"),
    "python-name-tag.yaml": (2, "name", "tag !!python/name:os.system is not allowed"),
    "python-tag.yaml": (2, "name", "tag !!python/object/apply:os.system is not allowed"),
    "sf-above-royal.yaml": (
        9,
        "pays.straight_flush",
        "straight flush pays more than royal flush (150 > 100)",
    ),
    "sf-share-above-royal.yaml": (
        11,
        "awards.straight_flush",
        "straight flush meter share is higher than royal flush",
    ),
    "share-above-one.yaml": (15, "contribution_rate", "expected a share between 0 and 1"),
    "shares-not-one.yaml": (25, "bad_beat.table_share", "must sum to 1, got 21/20"),
    "small-after-big.yaml": (9, "streets[2].bet", "the small bet cannot follow a big-bet street"),
    "spread-missing.yaml": (1, "spread", "give a spread exactly when structure is spread-limit"),
    "street-misnamed.yaml": (
        8,
        "streets[1].name",
        "street 'fifth' leaves players with 4 cards; expected name 'fourth'",
    ),
    "street-unknown-key.yaml": (8, "streets[1].face", "unknown key 'face'"),
    "suit-order-repeat.yaml": (15, "suit_order", "list each suit once"),
    "syntax-error.yaml": (3, "", "YAML syntax: expected ',' or '}'"),
    "too-big.yaml": (0, "", "file is larger than 1024 KiB"),
    "too-many-players.yaml": (18, "max_players", "expected at most 10, got 12"),
    "top-level-list.yaml": (1, "", "expected a mapping of keys"),
    "two-documents.yaml": (2, "", "expected a single document"),
    "unknown-category.yaml": (20, "bad_beat.qualifying_hand.category", "unknown value 'aces_full'"),
    "unknown-hand.yaml": (
        8,
        "pays.royal_flsh",
        "unknown key 'royal_flsh' (did you mean 'royal_flush'?)",
    ),
    "unknown-key.yaml": (19, "raise_multipel", "(did you mean 'raise_multiple'?)"),
    "unknown-kind.yaml": (
        2,
        "kind",
        "unknown kind 'caribean_stud' (did you mean 'caribbean_stud'?)",
    ),
    "unknown-rake-type.yaml": (14, "rake.type", "unknown type 'dorp' (did you mean 'drop'?)"),
    "unknown-ranking.yaml": (
        12,
        "ranking",
        "unknown value 'ace-to-seven' (did you mean 'ace-to-five'?)",
    ),
    "unterminated-string.yaml": (3, "", "YAML syntax: found unexpected end of stream"),
    "wrong-type-amount.yaml": (12, "pays.flush", "got 'five'"),
    # YAML 1.1's surprises and the field kinds: never another number
    "count-leading-zero.yaml": (
        18,
        "max_players",
        "expected a whole number, got '08' (a number may not start with 0: write 8)",
    ),
    "currency-in-seconds.yaml": (
        19,
        "pace.seconds_per_hand",
        "got '$30' (a currency sign is for money only)",
    ),
    "flag-yes.yaml": (17, "open_pair_big_bet", "expected true or false, got 'yes'"),
    "hand-synonym.yaml": (16, "pays.pair", "unknown key 'pair' (did you mean 'one_pair'?)"),
    "hex-count.yaml": (19, "max_seats", "got '0x8' (write numbers in decimal)"),
    "pay-leading-zero.yaml": (
        8,
        "pays.royal_flush",
        "got '0100' (a number may not start with 0: YAML 1.1 reads 0100 as octal 64; write 100)",
    ),
    "percent-in-money.yaml": (
        16,
        "rake.cap",
        "got '4%' (a percentage is a share: only rates and shares take %)",
    ),
    "rate-sexagesimal.yaml": (
        15,
        "contribution_rate",
        "got '1:30' (250:1, 250 to 1 and 2 for 1 are pays; write one number)",
    ),
    "seed-as-pay.yaml": (17, "seed", "expected money such as 5, 0.50 or $10,000, got '250:1'"),
    "tagged-hex-int.yaml": (11, "max_raises", "!!int '0x3' is not a whole number"),
}


def test_corpus_is_complete() -> None:
    files = {p.name for p in CORPUS.glob("*.yaml")}
    assert files == set(EXPECTED)
    assert len(files) >= 30


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_file_gives_located_message(name: str) -> None:
    line, path, fragment = EXPECTED[name]
    with pytest.raises(PaytableError) as caught:
        load(CORPUS / name)
    error = caught.value
    assert isinstance(error, ConfigError) and isinstance(error, ValueError)
    assert len(error.problems) == 1, error.problems
    problem = error.problems[0]
    assert problem.file == str(CORPUS / name)
    assert problem.line == line
    if path is not None:
        assert format_path(problem.path) == path
    assert fragment in problem.message


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_cli_validate_reports_one_line_per_problem(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["validate", str(CORPUS / name)])
    out, err = capsys.readouterr()
    assert status == 2
    assert "Traceback" not in out + err
    line, path, fragment = EXPECTED[name]
    prefix = f"{CORPUS / name}:{line}:" if line else f"{CORPUS / name}:"
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and fragment in lines[0]
    if path:
        assert lines[0].startswith(f"{prefix} {path}: ")


def test_several_problems_are_all_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "kind: caribbean_stud\nname: 7\npays: {royal_flush: x}\nante_pays: -1\nraise_multipel: 2\n"
    )
    with pytest.raises(PaytableError) as caught:
        load(bad)
    located = {(p.line, ".".join(map(str, p.path))) for p in caught.value.problems}
    assert {
        (2, "name"),
        (3, "pays.royal_flush"),
        (4, "ante_pays"),
        (5, "raise_multipel"),
    } <= located
    assert str(caught.value).count("\n") == len(caught.value.problems) - 1


def test_kind_specific_loader_rejects_other_kind() -> None:
    from casino_sim.config import PAYTABLE_DIR, load_progressive

    with pytest.raises(
        PaytableError, match="expected kind 'progressive' here, got 'caribbean_stud'"
    ):
        load_progressive(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")


def test_missing_file_is_a_problem_not_oserror(tmp_path: Path) -> None:
    with pytest.raises(CasinoSimError, match=r"nope\.yaml: no such file"):
        load(tmp_path / "nope.yaml")
