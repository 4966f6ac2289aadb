"""casino-sim list / validate / analyze with the shipped banked games."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.cli import main


def test_list_shows_the_shipped_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--kind", "banked_game"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line[:1] != " "]
    assert names == [
        "banked/caribbean_stud",
        "banked/casino_holdem",
        "banked/examples/three_card_duel",
        "banked/four_card_poker",
        "banked/let_it_ride",
        "banked/mississippi_stud",
        "banked/texas_holdem_bonus",
        "banked/three_card_poker",
        "banked/ultimate_texas_holdem",
    ]


def test_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "paytables/banked/three_card_poker.yaml"]) == 0
    assert "OK (banked_game: Three Card Poker)" in capsys.readouterr().out


def test_analyze_three_card_poker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tcp.json"
    assert main(["analyze", "banked/three_card_poker", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "house edge         3.3730% of the ante (686689/20358520)" in text
    assert "element of risk    2.0147% of the average total bet" in text
    assert "bet play 1x with high card Q-6-4 or better, else fold" in text
    assert "Side bet pair_plus, paytable 40-30-6-3-1: house edge 7.2760%" in text
    record = json.loads(out.read_text())["analysis"]
    assert record["deals"] == 407_170_400
    assert Fraction(record["house_edge"]) == Fraction(686689, 20358520)
    assert sum(r["combinations"] for r in record["net_results"]) == record["deals"]
    assert Fraction(record["total_return"]) == sum(map(Fraction, record["wager_returns"].values()))


def test_analyze_named_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "banked/mississippi_stud", "--strategy", "always 1x"]) == 0
    text = capsys.readouterr().out
    assert "strategy always 1x" in text
    assert "average total bet  4.0000 x the ante" in text
