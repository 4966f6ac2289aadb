"""``casino-sim verify``: claims checked against exact figures, vendors' mistakes named, rules applied."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_claim, load_jurisdiction, load_text
from casino_sim.config.claims import claimed_value
from casino_sim.games.banked.caribbean_stud.exact.progressive import AwardLine
from casino_sim.verify import check_rules, verify_claim

CLAIMS = PAYTABLE_DIR / "claims"


@pytest.fixture(scope="session")
def two_wrong():
    return verify_claim(load_claim("claims/caribbean-two-wrong"))


def _claim_file(tmp_path: Path, claims: str, **top: str) -> Path:
    head = {"game": "caribbean_stud/standard", "progressive": "progressives/50-75-100", **top}
    lines = ["kind: par_claim", "name: test", *(f"{k}: {v}" for k, v in head.items()), "claims:"]
    path = tmp_path / "claim.yaml"
    path.write_text("\n".join(lines) + "\n" + claims)
    return path


def _one(tmp_path: Path, claim: str, **top: str):
    return verify_claim(load_claim(_claim_file(tmp_path, f"  - {claim}\n", **top))).verdicts[0]


def test_the_correct_example_holds_on_every_line_and_exits_0(capsys):
    assert main(["verify", "claims/caribbean-standard"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("19 of 19 claims hold: every claim holds")
    assert "142031221/2718662100" in out  # the house edge per ante, exactly


def test_two_wrong_lines_fail_and_nothing_else(two_wrong):
    failed = [v.index + 1 for v in two_wrong.verdicts if not v.holds]
    assert failed == [9, 13]
    flush, royal = (two_wrong.verdicts[i - 1] for i in failed)
    assert flush.difference == -81_000 and flush.finding == ""  # a typo: no named mistake
    assert "dealer's cards included" in royal.finding and "7,669,695" in royal.finding
    assert two_wrong.summary == "17 of 19 claims hold: 2 do not"


def test_the_mislabelled_example_names_both_mistakes(capsys):
    assert main(["verify", "claims/caribbean-mislabelled"]) == 3
    out = capsys.readouterr().out
    assert "mislabelled: 2.5553% is the house edge per total bet (the element of risk)" in out
    assert "quoted at the seed: 25.9565%" in out


def test_an_edge_per_ante_quoted_as_per_total_bet_is_mislabelled(tmp_path):
    verdict = _one(tmp_path, "{figure: house_edge, per: total_bet, value: 5.224%}")
    assert not verdict.holds and verdict.finding.startswith(
        "mislabelled: 5.2243% is the house edge per initial bet"
    )


def test_rounding_beyond_the_stated_precision_is_named(tmp_path):
    verdict = _one(
        tmp_path, "{figure: house_edge, per: initial_bet, value: 5.22%, precision: 0.0001%}"
    )
    assert not verdict.holds and verdict.tolerance == Fraction(1, 1_000_000)
    assert verdict.finding.startswith("rounded beyond its stated precision")
    assert _one(tmp_path, "{figure: house_edge, per: initial_bet, value: 5.22%}").holds


def test_a_cycle_of_player_hands_only_is_named(tmp_path):
    verdict = _one(tmp_path, '{figure: total_cycle, value: "2,598,960"}')
    assert not verdict.holds and "without the dealer's cards" in verdict.finding


def test_the_odds_of_the_hand_are_not_the_odds_of_the_award(tmp_path):
    verdict = _one(tmp_path, '{figure: top_award_odds, value: "1 in 649,740"}')
    assert not verdict.holds and verdict.finding.startswith("the odds of the hand (Royal flush")


def test_a_banked_game_from_published_figures_holds(capsys):
    assert main(["verify", "claims/three-card-poker"]) == 0
    out = capsys.readouterr().out
    assert "686689/20358520" in out and out.rstrip().endswith(
        "8 of 8 claims hold: every claim holds"
    )


def test_a_banked_games_mistakes_are_named(tmp_path):
    top = {"game": "banked/three_card_poker", "progressive": "null"}
    edge = _one(tmp_path, "{figure: house_edge, per: initial_bet, value: 2.01%}", **top)
    assert edge.finding.startswith("mislabelled: 2.0147% is the house edge per total bet")
    line = _one(tmp_path, "{figure: combinations, line: 'ante: straight flush', value: 48}", **top)
    assert not line.holds and "counted without the dealer's cards" in line.finding
    assert "22,100 player hands x 18,424 deals each" in line.finding
    named = _one(tmp_path, "{figure: house_edge, per: initial_bet, value: 7.65%}",
                 **top, strategy="play everything")  # fmt: skip
    assert named.holds and named.computed.value == Fraction(1947749, 25448150)


def test_a_progressive_alone_is_claimed_by_its_own_figures(tmp_path):
    claims = '  - {figure: break_even_meter, value: "$263,205"}\n  - {figure: seed, value: 10000}\n'
    path = _claim_file(tmp_path, claims, game="progressives/50-75-100", progressive="null")
    result = verify_claim(load_claim(path))
    assert result.holds and result.verdicts[0].computed.value == Fraction(5000900, 19)


def test_a_stud_tables_simulated_rake_holds_within_its_standard_errors(tmp_path):
    top = {"game": "stud/tables/5-10", "progressive": "null", "hands": "20000"}
    held = _one(tmp_path, '{figure: rake_per_hand, value: "$1.43"}', **top)
    assert held.holds and not held.computed.exact and held.computed.se > 0
    assert held.tolerance == Fraction(1, 200) + Fraction(1.96 * held.computed.se)
    wrong = _one(tmp_path, '{figure: rake_per_hand, value: "$1.00"}', **top)
    assert not wrong.holds and abs(wrong.difference) > 10 * wrong.computed.se
    again = _one(tmp_path, '{figure: rake_per_hand, value: "$1.00"}', **top)
    assert again.computed.value == wrong.computed.value  # the claim's seed: the same figures
    seats = _claim_file(tmp_path, '  - {figure: rake_per_hand, value: "$1.43"}\n', **top,
                        players="10")  # fmt: skip
    assert main(["verify", str(seats)]) == 2


def test_exact_fractions_in_json_and_a_csv_row_per_claim(tmp_path, capsys):
    out, rows = tmp_path / "v.json", tmp_path / "v.csv"
    status = main(["verify", "claims/caribbean-two-wrong", "--json", str(out), "--csv", str(rows)])
    assert status == 3
    record = json.loads(out.read_text())
    assert record["holds"] is False and len(record["claims"]) == 19
    edge = record["claims"][0]
    assert edge["computed_exact"] == "142031221/2718662100" and edge["verdict"] == "holds"
    assert record["claims"][6]["computed_exact"] == "19933230517200"
    assert record["provenance"]["inputs"]["claim"]["sha256"]
    with rows.open() as handle:
        table = list(csv.DictReader(handle))
    assert [row["verdict"] for row in table].count("FAILS") == 2


def test_new_jersey_flags_a_progressive_rarer_than_one_in_a_hundred_million(two_wrong):
    side = two_wrong.figures.progressive
    rare = AwardLine("royal_flush", 1, Fraction(1, 200_000_000), None, Fraction(1))
    figures = replace(two_wrong.figures, progressive=replace(side, lines=(rare, *side.lines[1:])))
    nj = {r.rule.check: r for r in check_rules(load_jurisdiction("nj"), figures)}
    assert nj["longest_award_odds"].status == "FAIL"
    assert nj["longest_award_odds"].figure == "side bet: royal flush: 1 in 200,000,000"
    gli = {r.rule.check: r for r in check_rules(load_jurisdiction("gli-11"), figures)}
    assert gli["longest_award_odds"].status == "disclose"  # allowed if the odds are displayed
    shipped = {
        r.rule.check: r.status for r in check_rules(load_jurisdiction("nj"), two_wrong.figures)
    }
    assert shipped == {"longest_award_odds": "pass", "seed_disclosed": "pass",
                       "contribution_disclosed": "pass", "meter_cap_disclosed": "n/a",
                       "payout_cap_disclosed": "n/a"}  # fmt: skip


def test_a_rule_that_fails_makes_the_exit_status_3(tmp_path, capsys):
    rules = tmp_path / "strict.yaml"
    rules.write_text(
        "kind: jurisdiction\nname: strict\nrules:\n"
        "  - {check: minimum_return, limit: 99%, cites: 'house rule 1'}\n"
        "  - {check: payout_cap_disclosed, cites: 'house rule 2'}\n"
    )
    assert main(["verify", "claims/caribbean-standard", "--jurisdiction", str(rules)]) == 3
    out = capsys.readouterr().out
    assert "minimum_return: below 99.00%: game, per total bet, side bet, long run" in out
    assert main(["verify", "claims/caribbean-standard", "--jurisdiction", "capped"]) == 2


def test_a_capped_paytable_discloses_its_cap(tmp_path):
    claim = _claim_file(tmp_path, "  - {figure: house_edge, per: initial_bet, value: 5%, precision: 1%}\n",
                        game="caribbean_stud/capped-5000", ante="25")  # fmt: skip
    result = verify_claim(load_claim(claim))
    (cap,) = [r for r in check_rules(load_jurisdiction("nj"), result.figures)
              if r.rule.check == "payout_cap_disclosed"]  # fmt: skip
    assert cap.status == "pass" and cap.figure == "$5,000.00 per hand"


@pytest.mark.parametrize(
    ("claims", "top", "expected"),
    [
        ("  - {figure: combinations, line: 'Player wins: Five aces', value: 1}\n", {},
         ":6: claims[0].line: standard US has no combinations line 'Player wins: Five aces'"),
        ("  - {figure: house_edge, per: initial_bet, value: 5%, precision: lots}\n", {},
         ":6: claims[0].precision: expected a figure such as"),
        ("  - {figure: house_edge, value: 5%}\n", {}, ":6: claims[0].per: say which base"),
        ("  - {figure: seed, value: 10000}\n", {"progressive": "null"},
         "claims[0].figure: seed is a figure of the progressive side bet"),
        ("  - {figure: hous_edge, per: initial_bet, value: 5%}\n", {}, "(did you mean 'house_edge'?)"),
        ("  - {figure: meter_cap, value: 1}\n", {}, "claims[0].figure: standard US has no figure meter_cap"),
        ("  - {figure: sd, value: 2.24}\n", {"game": "floors/pit"},
         "game: verify checks a caribbean_stud paytable, a progressive, a banked_game or a "
         "stud_table; floors/pit is a floor file"),
        ("  - {figure: sd, value: 2.24}\n", {"game": "progressives/50-75-100", "progressive": "null"},
         "claims[0].figure: flush $50 / full house $75 / quads $100 has no figure sd"),
        ("  - {figure: sd, value: 2.24}\n", {"strategy": "bluff"},
         "strategy: unknown strategy 'bluff'"),
        ("  - {figure: sd, value: 1.64}\n", {"game": "banked/three_card_poker"},
         "progressive: progressive is for a Caribbean Stud paytable, not a banked game"),
        ("  - {figure: sd, value: 1.64}\n", {"game": "banked/three_card_poker", "progressive": "null",
                                            "strategy": "bluff"},
         "strategy: Three Card Poker has no strategy 'bluff'"),
    ],
)  # fmt: skip
def test_bad_claims_are_one_line_exit_2_and_write_nothing(tmp_path, capsys, claims, top, expected):
    path = _claim_file(tmp_path, claims, **top)
    out = tmp_path / "out.json"
    assert main(["verify", str(path), "--json", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and expected in err, err
    assert not out.exists()


@given(
    st.integers(min_value=0, max_value=10**9),
    st.integers(min_value=0, max_value=6),
    st.booleans(),
)
def test_a_written_figure_is_exact_to_half_its_last_digit(digits, places, percent):
    text = str(Decimal(digits).scaleb(-places))
    value = claimed_value(text + "%" if percent else Decimal(text))
    scale = Fraction(1, 100) if percent else 1
    assert value.value == Fraction(Decimal(text)) * scale
    assert value.precision == Fraction(1, 2) / 10**places * scale
    assert value.percent is percent


def test_every_shipped_claim_and_jurisdiction_validates(capsys):
    files = sorted(CLAIMS.glob("*.yaml")) + sorted((PAYTABLE_DIR / "jurisdictions").glob("*.yaml"))
    assert len(files) == 7
    assert main(["validate", *map(str, files)]) == 0
    assert load_text(files[0].read_text(), name="x").kind == "par_claim"
