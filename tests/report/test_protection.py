"""The Game protection part of a banked game's report section: which leaks it lists, and rows
that are the leak analysis's own figures (exact, or sampled with an interval around them).

On the 52 cards Caribbean Stud's rows take minutes (its hole card is 290 million exact cells),
so its part is checked here on reduced decks, row by row against ``analyze --leak``'s figures;
Three Card Poker's part on the 52 cards is in test_banked_report.py.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_banked_game
from casino_sim.games.banked.language.leak_kinds import Leak, parse_leak
from casino_sim.games.banked.language.leaks import analyze_leak
from casino_sim.games.banked.language.sharing import analyze_share
from casino_sim.report.par.inputs import BankedInput
from casino_sim.report.par.protection import leak_figures, listed_leaks, protection_part

CARIBBEAN = BankedInput(
    PAYTABLE_DIR / "banked" / "caribbean_stud.yaml", load_banked_game("banked/caribbean_stud")
)
#: Jacks to aces: 20 cards, room for the player, the dealer and two other hands.
DECK_20 = tuple(range(32, 52))
#: Fifteen cards (the reduced deck of the sharing test in tests/banked/test_caribbean_language.py):
#: room for one other hand; every dealer hand is dealt in the analysis without the leak.
DECK_15 = tuple(range(37, 52))


def test_the_leaks_listed_are_the_ones_solved() -> None:
    """A showdown against a hidden hand: one dealer card; a dealer card up: one more, and the
    hands of 1 to 6 others (a full table of seven, fewer when the deck cannot hold them); no
    dealer hand: the last board card; Four Card Poker as Caribbean Stud (its rows sampled); a
    game whose leak takes minutes (Texas Hold'em Bonus): none, so no part."""
    labels = lambda game, *deck: [leak.label for leak in listed_leaks(game, *deck)]  # noqa: E731
    assert labels(load_banked_game("banked/three_card_poker")) == ["dealer:1"]
    assert labels(CARIBBEAN.game) == ["dealer:1", *(f"share:{k}" for k in range(1, 7))]
    assert labels(CARIBBEAN.game, DECK_20) == ["dealer:1", "share:1", "share:2"]
    assert labels(load_banked_game("banked/ultimate_texas_holdem")) == ["dealer:1"]
    for name in ("let_it_ride", "mississippi_stud"):  # the last board card seen
        assert labels(load_banked_game(f"banked/{name}")) == ["dealer:1"]
    four_card = load_banked_game("banked/four_card_poker")
    assert labels(four_card) == ["dealer:1", *(f"share:{k}" for k in range(1, 7))]
    assert labels(load_banked_game("banked/texas_holdem_bonus")) == []


def test_caribbean_rows_are_the_leak_analysis_figures() -> None:
    """On 15 cards: the hole-card row is ``--leak dealer:1``'s exact fraction; each sharing
    row is ``--leak share:K``'s sampled edge with the same seed, inside its own interval."""
    figures = leak_figures(CARIBBEAN, samples=2_000, seed=11, deck=DECK_15)
    part = protection_part(CARIBBEAN, "banked-1", figures)
    (table,) = part.tables
    rows = {row["leak"]: row for row in table.rows}
    assert list(rows) == ["dealer:1", "share:1"]
    hole = analyze_leak(CARIBBEAN.game, parse_leak("dealer:1"), deck=DECK_15)
    assert Fraction(rows["dealer:1"]["house_edge_exact"]) == hole.analysis.house_edge
    assert rows["dealer:1"]["interval"] == "exact"
    assert rows["dealer:1"]["published"] == "house edge 1.74%"  # the file's notes
    assert rows["share:1"]["published"] == "none quoted"
    assert rows["dealer:1"]["seen"] == "one more dealer card (besides the up card)"
    for others in (1,):
        row = rows[f"share:{others}"]
        share = analyze_share(CARIBBEAN.game, others, deck=DECK_15, samples=2_000, seed=11)
        assert row["house_edge"] == share.house_edge
        assert row["house_edge_low"] < row["house_edge"] < row["house_edge_high"]
        assert row["house_edge_exact"] == ""
        assert "sampled: 2,000 deals (seed 11)" in row["how"]
        assert row["player_edge"] == -row["house_edge"]
    assert all(row["house_edge"] < float(hole.house_edge_without) for row in table.rows)
    assert "Sampled rows:" in part.paragraphs[-1]
    command = "casino-sim analyze banked/caribbean_stud --leak LEAK --samples 2,000 --seed 11."
    assert part.paragraphs[-1].endswith(command)


def test_no_samples_leaves_the_sampled_rows_out() -> None:
    figures = leak_figures(CARIBBEAN, samples=0, seed=1, deck=DECK_15)
    assert [f.leak for f in figures] == [Leak("dealer", 1)]
    four_card = BankedInput(
        Path("four_card_poker.yaml"), load_banked_game("banked/four_card_poker")
    )
    assert leak_figures(four_card, samples=0, seed=1) == ()  # every row sampled


@pytest.mark.parametrize("samples", ["500", "-1", "many"])
def test_a_sample_count_it_cannot_use_is_one_line(samples: str, capsys, tmp_path) -> None:
    try:
        status = main(["report", "banked/three_card_poker", "--leak-samples", samples,
                       "--out", str(tmp_path / "out"), "--quiet"])  # fmt: skip
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1 and "--leak-samples" in err
    assert not (tmp_path / "out").exists()


def test_a_banked_games_progressive_has_its_own_section() -> None:
    """``banked/caribbean_stud``'s progressive side bet is reported as the dedicated
    Caribbean Stud progressive is: the same exact analysis (its hand rule is the player's five
    cards), titled as the game's side bet; a report of the game lists it once."""
    from casino_sim.config import load_progressive
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.report.par.content import _progressives, banked_progressives
    from casino_sim.report.par.inputs import ReportInputs
    from casino_sim.report.par.progressive import progressive_section

    (side,) = banked_progressives(CARIBBEAN)
    assert side.table == load_progressive("progressives/50-75-100")
    section = progressive_section(side, index=1)
    assert section.title.endswith("(side bet of Caribbean Stud Poker)")
    dedicated = analyze_progressive(side.table).to_record()
    assert section.data["analysis"] == dedicated
    inputs = ReportInputs((CARIBBEAN, CARIBBEAN), {})
    assert [s.title for s, _ in _progressives(inputs)] == [side.title]


def test_the_published_figures_are_the_notes_quotes() -> None:
    """What the published column shows: the figure the game file's notes quote for the leak,
    with what it is (a house edge or a player's edge), or that none is quoted."""
    from casino_sim.report.par.protection import _published

    notes = CARIBBEAN.game.notes
    assert _published(notes, "share:6") == "player's edge about 1.4%"
    assert _published(notes, "share:2") == "none quoted"
    tcp = load_banked_game("banked/three_card_poker").notes
    assert _published(tcp, "dealer:1") == "player's edge 3.4829%"
