"""A progressive as a side bet of the banked-game language (``side_bets: {NAME: {hand: ...,
progressive: FILE}}``): Caribbean Stud's jackpot in ``banked/caribbean_stud``.

Its exact figures are the dedicated ``analyze caribbean_stud/... --progressive`` figures (the
same code, on the hands the side bet's rule makes) for every shipped progressive; a bad
reference or hand rule is one line naming the file, the line and the key; dealt, the meter
is replayed by Caribbean Stud's meter code and agrees with the exact figures.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cli import main
from casino_sim.cli.banked_simulate import replay_progressives
from casino_sim.cli.progressive_text import progressive_section
from casino_sim.config import (
    PAYTABLE_DIR,
    PaytableError,
    load_banked_game,
    load_progressive,
    load_text,
    shipped_files,
    shipped_name,
)
from casino_sim.config.loader import with_progressive
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    FIVE_CARD_COUNTS,
    analyze_progressive,
)
from casino_sim.games.banked.language.progressive import progressive_counts
from casino_sim.games.banked.language.simulate import simulate_banked

CARIBBEAN = (PAYTABLE_DIR / "banked" / "caribbean_stud.yaml").read_text()
THREE_CARD = (PAYTABLE_DIR / "banked" / "three_card_poker.yaml").read_text()
HOLDEM = (PAYTABLE_DIR / "banked" / "casino_holdem.yaml").read_text()
PROGRESSIVES = sorted(shipped_name(p) for p in shipped_files("progressive"))
REFERENCE = "progressive: progressives/50-75-100"
PLAYER_HAND = "hand: {cards: [player], use: 5, ranking: five_card_high}\n    progressive"


def _caribbean(old: str, new: str) -> str:
    assert old in CARIBBEAN
    return CARIBBEAN.replace(old, new, 1)


def _with_side_bet(text: str, side_bet: str) -> str:
    """``text`` (a shipped game with side bets) with one more side bet first."""
    assert "\nside_bets:\n" in text
    return text.replace("\nside_bets:\n", f"\nside_bets:\n{side_bet}", 1)


BAD = [
    (  # no such progressive file
        _caribbean(REFERENCE, "progressive: progressives/50-75-10"),
        "progressive: progressives/50-75-10",
        "side_bets.progressive.progressive: unknown progressive 'progressives/50-75-10' (no "
        "shipped progressive file of that name",
    ),
    (  # a file of another kind
        _caribbean(REFERENCE, "progressive: caribbean_stud/standard"),
        "progressive: caribbean_stud/standard",
        "side_bets.progressive.progressive: 'caribbean_stud/standard' is not a kind: "
        "progressive file",
    ),
    (  # paytables and a progressive on one side bet
        _caribbean(REFERENCE, REFERENCE + "\n    paytables: {x: [{hand: flush, pays: 5}]}"),
        REFERENCE,
        "side_bets.progressive.progressive: paytables or a progressive, not both",
    ),
    (  # a progressive award for a category the ranking lacks
        _with_side_bet(
            THREE_CARD,
            "  jackpot:\n    hand: {cards: [player], use: 3, ranking: "
            "three_card}\n    progressive: progressives/50-75-100\n",
        ),
        REFERENCE,
        "side_bets.jackpot.progressive: the progressive 'flush $50 / full house $75 / quads "
        "$100' pays a royal flush; the three_card ranking has no royal flush",
    ),
    (  # a hand rule that cannot be settled for each player: the dealer's cards alone
        _caribbean(PLAYER_HAND, PLAYER_HAND.replace("[player]", "[dealer]")),
        "hand: {cards: [dealer], use: 5",
        "side_bets.progressive.hand.cards: a progressive pays each player on a hand of the "
        "player's own cards: list player among the cards",
    ),
    (  # ... or more cards than the evaluator ranks at once
        _with_side_bet(
            HOLDEM,
            "  jackpot:\n    hand: {cards: [player, board, dealer], use: 5, "
            "ranking: five_card_high}\n    progressive: progressives/50-75-100\n",
        ),
        "hand: {cards: [player, board, dealer]",
        "side_bets.jackpot.hand.cards: a progressive is settled on at most 7 cards (the best "
        "five of seven); this hand reads 9",
    ),
]


@pytest.mark.parametrize(("text", "marker", "message"), BAD, ids=[m for _, m, _ in BAD])
def test_a_bad_progressive_is_one_line_with_file_line_and_key(
    text: str, marker: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.strip().startswith(marker))
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="bad.yaml")
    (problem,) = caught.value.problems
    assert f"bad.yaml:{line}: {message}" in str(problem)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 2
    said = capsys.readouterr()
    lines = (said.out + said.err).strip().splitlines()
    assert len(lines) == 1 and f"bad.yaml:{line}: {message}" in lines[0]


def test_a_progressive_beside_the_game_file_is_found_from_anywhere(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        (PAYTABLE_DIR / "progressives" / "50-100-500.yaml").read_text()
    )
    (tmp_path / "game.yaml").write_text(_caribbean(REFERENCE, "progressive: mine.yaml"))
    game = load_banked_game(tmp_path / "game.yaml")
    named = game.side_bets["progressive"].progressive
    assert named == str((tmp_path / "mine.yaml").resolve())
    assert load_progressive(named) == load_progressive("progressives/50-100-500")


@pytest.mark.parametrize("name", PROGRESSIVES)
def test_the_exact_figures_are_the_dedicated_paths_for_every_shipped_progressive(
    name: str,
) -> None:
    game = with_progressive(load_banked_game("banked/caribbean_stud"), "progressive", name)
    assert game.side_bets["progressive"].progressive == name
    counts = progressive_counts(game, "progressive")
    assert counts == FIVE_CARD_COUNTS
    progressive = load_progressive(name)
    language = analyze_progressive(progressive, counts=counts)
    dedicated = analyze_progressive(progressive)
    assert language == dedicated  # every line, rate and seed, exactly
    assert language.break_even_meter == dedicated.break_even_meter
    assert language.long_run_return == dedicated.long_run_return
    assert progressive_section(language, None) == progressive_section(dedicated, None)


def test_the_published_break_even_meter() -> None:
    side = analyze_progressive(
        load_progressive("progressives/50-75-100"),
        counts=progressive_counts(load_banked_game("banked/caribbean_stud"), "progressive"),
    )
    assert side.break_even_meter == Fraction(5_000_900, 19)  # $263,205.26 (DESIGN: $263,205)
    assert side.fixed_return == Fraction(624 * 100 + 3_744 * 75 + 5_108 * 50, 2_598_960)
    assert side.long_run_return == side.fixed_return + Fraction(70, 100)


def test_a_side_bet_on_seven_cards_counts_the_best_five_of_seven() -> None:
    text = _with_side_bet(HOLDEM, "  jackpot:\n    hand: {cards: [player, board], use: 5, "
                          "ranking: five_card_high}\n    progressive: progressives/50-75-100\n")  # fmt: skip
    counts = progressive_counts(load_text(text, name="holdem.yaml"), "jackpot")
    assert counts["royal_flush"] == 4_324 and counts["straight_flush"] == 37_260
    assert counts["four_of_a_kind"] == 224_848 and counts["full_house"] == 3_473_184
    assert counts["flush"] == 4_047_644 and sum(counts.values()) == 133_784_560


def test_validate_warns_on_a_progressive_the_house_loses_on_at_this_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The $50/$75/$100 progressive returns 93.03% on five cards (no warning at Caribbean
    Stud) but far more on the best five of seven: a flush in 3.03% of hands pays 50 alone."""
    seven = tmp_path / "holdem.yaml"
    seven.write_text(_with_side_bet(HOLDEM, "  jackpot:\n    hand: {cards: [player, board], use: "
                                    "5, ranking: five_card_high}\n    progressive: "
                                    "progressives/50-75-100\n"))  # fmt: skip
    five = tmp_path / "caribbean.yaml"
    five.write_text(_caribbean(REFERENCE, "progressive: progressives/50-75-100"))
    assert main(["validate", "-q", str(seven), str(five)]) == 0
    out = capsys.readouterr().out.splitlines()
    game = load_text(seven.read_text(), name="holdem.yaml")
    side = analyze_progressive(load_progressive("progressives/50-75-100"),
                               counts=progressive_counts(game, "jackpot"))  # fmt: skip
    assert f"{float(side.long_run_return):.2%}" == "460.11%"  # docs/banked-games.md
    assert out == [
        f"{seven}: warning: side bet 'jackpot' (progressives/50-75-100): long-run return on this "
        "game's hands "
        f"is {float(side.long_run_return):.2%} of the side bet (fixed awards + contribution_rate "
        "+ seed funding), so the house loses on it; check contribution_rate and reserve_rate"
    ]


def _section(text: str) -> list[str]:
    """The printed progressive section: from its title to the end."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Progressive — "))
    return lines[start:]


@pytest.mark.parametrize("name", [None, "progressives/75-150-500"])
def test_analyze_prints_and_writes_what_the_dedicated_analyze_does(
    name: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = ["--progressive", name] if name else []
    ours, theirs = tmp_path / "banked.json", tmp_path / "dedicated.json"
    assert main(["analyze", "banked/caribbean_stud", *chosen, "--json", str(ours)]) == 0
    text = capsys.readouterr().out
    assert "Side bet progressive: a progressive on the best five of the player's cards" in text
    reference = ["--progressive", name or "progressives/50-75-100"]
    assert main(["analyze", "caribbean_stud/standard", *reference, "--json", str(theirs)]) == 0
    assert _section(text) == _section(capsys.readouterr().out)
    record = json.loads(ours.read_text())["progressives"]["progressive"]
    dedicated = json.loads(theirs.read_text())
    assert record == {"progressive": dedicated["progressive"], "flags": dedicated["flags"]}


def test_analyze_options_need_a_progressive_side_bet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "banked/three_card_poker", "--progressive", "50-75-100"]) == 2
    assert "--progressive: Three Card Poker has no progressive side bet" in capsys.readouterr().err
    assert main(["analyze", "banked/three_card_poker", "--meter", "10000"]) == 2
    assert "--meter: Three Card Poker has no progressive side bet" in capsys.readouterr().err


def test_dealt_the_meter_agrees_with_the_exact_figures() -> None:
    game = load_banked_game("banked/caribbean_stud")
    run = simulate_banked(game, 3_000_000, seed=11, workers=1, chunk_deals=250_000)
    (chunks,) = run.tally.progressives
    assert [c.chunk for c in chunks] == list(range(12))
    summary = replay_progressives(game, run)["progressive"].summary  # its ledger reconciled
    assert summary.bets == run.deals == summary.handle  # $1 a deal
    exact = analyze_progressive(load_progressive("progressives/50-75-100"))
    assert summary.exact_long_run_return == float(exact.long_run_return)
    assert abs(summary.side_bet_return.z_score(float(exact.long_run_return))) < 4
    for line in exact.lines:
        hits = summary.hits[list(FIVE_CARD_COUNTS).index(line.hand)]
        expected = float(line.probability) * run.deals
        assert abs(hits - expected) < 4 * max(expected, 1) ** 0.5, line.hand
    # every cent of the side bets went to the house's fixed awards, the meter or the reserve;
    # the meter paid the share awards; what the meter and reserve hold is the players' (their
    # liability): all reserve money ends with the players (docs/money.md)
    fixed = sum(int(line.fixed or 0) * summary.hits[list(FIVE_CARD_COUNTS).index(line.hand)]
                for line in exact.lines)  # fmt: skip
    assert summary.fixed_paid == fixed
    meter, taken = summary.meter, 0.70 * summary.handle  # contribution 65%, reserve 5%
    house_put_in = 10_000 + meter.advances_outstanding_cents / 100  # the opening seed
    assert meter.house_funded_seeds_cents >= 1_000_000
    assert summary.meter_paid + meter.liability_cents / 100 == pytest.approx(
        taken + house_put_in, abs=0.02
    )
    assert summary.win == pytest.approx(summary.handle - fixed - taken - house_put_in, abs=0.02)


def test_simulate_prints_the_side_bet_beside_the_exact_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = {w: tmp_path / f"w{w}.json" for w in (1, 2)}
    for workers, path in out.items():
        args = ["simulate", "banked/caribbean_stud", "--hands", "400k", "--chunk-rounds", "100k",
                "--seed", "5", "--workers", str(workers), "--no-progress", "--json", str(path)]  # fmt: skip
        assert main(args) == 0
    text = capsys.readouterr().out
    assert "Progressive 'flush $50 / full house $75 / quads $100': 400,000 side bets" in text
    assert "exact long-run 93.0323%" in text and "ledger: reconciled to the cent" in text
    one, two = (json.loads(p.read_text()) for p in out.values())
    assert one["progressives"] == two["progressives"]  # the seed alone decides
    side = one["progressives"]["progressive"]
    assert side["bets"] == 400_000 and side["exact_break_even_meter"] == pytest.approx(263205.263)
    assert one["flags"] == []
    assert np.isfinite(side["side_bet_return"]["estimate"])
