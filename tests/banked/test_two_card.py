"""The two-card ranking (hold'em hole cards), suited and offsuit lines and thresholds, and a
side-bet line on the dealer's hand (Texas Hold'em Bonus's Bonus).

Every count against a plain enumeration of the 1,326 two-card hands (and of every pair of a
player's and a dealer's hand), independent of the engine's tables; bad files refused in one
line naming the file, the line and the key.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from casino_sim.cards import parse_cards
from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, BankedGame, PaytableError, load_banked_game, load_text
from casino_sim.config.banked_game import Threshold
from casino_sim.errors import OptionError
from casino_sim.evaluator import evaluate_two, two_card_classes
from casino_sim.games.banked.language import analyze_side_bet
from casino_sim.games.banked.language.actions import choices_of
from casino_sim.games.banked.language.hands import meets, ranking_values, starting_label
from casino_sim.games.banked.language.rounds import round_shape
from casino_sim.games.banked.language.showdown import rule_picks
from casino_sim.games.banked.language.side_bets import side_bet_lines, side_bet_pays

THB = (PAYTABLE_DIR / "banked" / "texas_holdem_bonus.yaml").read_text()
UTH = (PAYTABLE_DIR / "banked" / "ultimate_texas_holdem.yaml").read_text()
#: Eights to aces in two suits (the hold'em tests' reduced deck).
DECK_14 = tuple(rank * 4 + suit for rank in range(6, 13) for suit in range(2))
RANKS = "23456789TJQKA"


def _kind(a: int, b: int) -> tuple[int, int, bool]:
    """(high rank, low rank, suited) of two card codes."""
    return max(a // 4, b // 4), min(a // 4, b // 4), a % 4 == b % 4


def test_every_two_card_hand() -> None:
    """169 values: 78 offsuit ones of 12 hands each, 78 suited of 4, 13 pairs of 6, ordered
    by the ranks (a pair above any two ranks), suited above offsuit of the same ranks."""
    values = ranking_values("two_card", tuple(range(52)))
    assert len(values) == 1326
    counts = Counter(np.bincount(values).tolist())
    assert counts == {12: 78, 4: 78, 6: 13}
    classes = two_card_classes()
    for a, b in combinations(range(52), 2):
        high, low, suited = _kind(a, b)
        expected = (1, high) if high == low else (0, high, low, int(suited))
        assert classes[int(evaluate_two(np.array([a, b])))] == expected
    assert evaluate_two(np.array(parse_cards("2c 2d"))) > evaluate_two(
        np.array(parse_cards("As Ks"))
    )
    assert evaluate_two(np.array(parse_cards("As Ks"))) > evaluate_two(
        np.array(parse_cards("As Kd"))
    )


def _meeting(threshold: Threshold) -> set[tuple[int, int, bool]]:
    """The (high, low, suited) of the hands that meet ``threshold``, by the engine."""
    ok = meets(threshold, "two_card")
    values = ranking_values("two_card", tuple(range(52)))
    return {_kind(a, b) for a, b in combinations(range(52), 2) if ok[values[a + b * (b - 1) // 2]]}


def test_suited_thresholds_keep_to_their_kind() -> None:
    """ "K-5 offsuit or better" is every pair and the offsuit hands from K-5 up (no suited
    hand); "K-2 suited or better" every pair and the suited hands from K-2 up (no offsuit one);
    without ``suited``, both kinds."""
    pairs = {(r, r, False) for r in range(13)}
    offsuit = _meeting(Threshold(hand="high_card", at_least="K-5", suited=False))
    assert offsuit - pairs == {
        (h, lo, False) for h in (11, 12) for lo in range(h) if (h, lo) >= (11, 3)
    }
    suited = _meeting(Threshold(hand="high_card", at_least="K-2", suited=True))
    assert suited - pairs == {(h, lo, True) for h in (11, 12) for lo in range(h)}
    both = _meeting(Threshold(hand="high_card", at_least="K-5"))
    assert both - pairs == {(h, lo, s) for h, lo, s in offsuit - pairs} | {
        (h, lo, True) for h, lo, _ in offsuit - pairs
    }
    assert _meeting(Threshold(hand="one_pair", at_least="3")) == pairs - {(0, 0, False)}


def test_the_4x_rule_is_the_published_table() -> None:
    """The shipped "4x rule" raises 4x with exactly Wizard of Odds' decision point 1: a pair of
    3s or better; suited, any ace or king, a queen with a 6 or better, a jack with an 8 or
    better; offsuit, any ace, a king with a 5 or better, a queen with an 8 or better, J-10."""
    game = load_text(UTH, name="uth.yaml")
    choices = choices_of(game, game.decisions[0])  # type: ignore[arg-type]
    picks = rule_picks(game, game.strategies["4x rule"]["deal"], choices, "two_card")  # type: ignore[union-attr]
    values = ranking_values("two_card", tuple(range(52)))
    least = {(12, True): 0, (12, False): 0, (11, True): 0, (11, False): 3, (10, True): 4,
             (10, False): 6, (9, True): 6, (9, False): 8}  # fmt: skip
    for a, b in combinations(range(52), 2):
        high, low, suited = _kind(a, b)
        raise_4x = low >= 1 if high == low else low >= least.get((high, suited), 13)
        name = choices[picks[values[a + b * (b - 1) // 2]]].name
        assert name == ("bet play 4x" if raise_4x else "check"), starting_label((b, a))


def _bonus_line(mine: tuple[int, int], theirs: tuple[int, int]) -> int:
    """The published Bonus pay table by hand: its line (8: none)."""
    high, low, suited = _kind(*mine)
    if high == low:
        aces = high == 12
        if aces:
            return 0 if _kind(*theirs)[:2] == (12, 12) else 1
        return 5 if high >= 9 else 7
    if high == 12 and low == 11:
        return 2 if suited else 4
    if high == 12 and low in (9, 10):
        return 3 if suited else 6
    return 8


def test_the_bonus_by_every_player_and_dealer_hand() -> None:
    """Texas Hold'em Bonus's Bonus over every pair of the player's and the dealer's two cards
    (1,326 x 1,225), by a plain loop (the dealer's hands enumerated under a pair of aces, the
    one line that reads them; 1,225 each under any other hand): each line's count and the
    exact house edge, 13,873/162,435 = 8.5406% (A-A both: 6 pairs; A-A alone: 6 x 1,224)."""
    counts: Counter[int] = Counter()
    for mine in combinations(range(52), 2):
        rest = [c for c in range(52) if c not in mine]
        if _kind(*mine)[:2] != (12, 12):
            counts[_bonus_line(mine, (0, 1))] += 1225
            continue
        for theirs in combinations(rest, 2):
            counts[_bonus_line(mine, theirs)] += 1
    game = load_text(THB, name="thb.yaml")
    bonus = analyze_side_bet(game, "bonus", "1000-30-25-20-15-10-5-3")  # type: ignore[arg-type]
    assert bonus.hands == 1326 * 1225
    assert bonus.counted == "pairs of a player's and a dealer's hand"
    assert [row.combinations for row in bonus.rows] == [counts[i] for i in range(9)]
    assert counts[0] == 6 and counts[1] == 6 * 1224
    assert bonus.house_edge == Fraction(13_873, 162_435)
    assert f"{float(bonus.house_edge):.4%}" == "8.5406%"


def test_the_bonus_on_a_reduced_deck() -> None:
    """On eights to aces in two suits (one pair of aces each way): every (player, dealer) pair
    of the 14 cards enumerated."""
    counts: Counter[int] = Counter()
    for mine in combinations(DECK_14, 2):
        for theirs in combinations([c for c in DECK_14 if c not in mine], 2):
            counts[_bonus_line(mine, theirs)] += 1
    game = load_text(THB, name="thb.yaml")
    bonus = analyze_side_bet(game, "bonus", "1000-30-25-20-15-10-5-3", deck=DECK_14)  # type: ignore[arg-type]
    assert bonus.hands == 91 * 66
    assert [row.combinations for row in bonus.rows] == [counts[i] for i in range(9)]


def test_the_bonus_settles_dealt_hands() -> None:
    """A deal row (the Monte Carlo's and a floor seat's) settles the line on the player's two
    cards and the dealer's: A-A against A-A pays 1000, against anything else 30."""
    game = load_text(THB, name="thb.yaml")
    pays = side_bet_pays(game, "bonus", "1000-30-25-20-15-10-5-3")  # type: ignore[arg-type]
    shape = round_shape(game, players=1)  # type: ignore[arg-type]
    columns = pays.columns(shape)
    assert [shape.owners[c] for c in columns] == ["player", "player", "dealer", "dealer"]
    board = parse_cards("2c 3d 4h 5s 7c")
    rows = []
    for mine, theirs in (("As Ad", "Ah Ac"), ("As Ad", "Kh Kc"), ("As Ks", "Ah Ac"),
                         ("Qs Jd", "Ah Ac"), ("Ts Td", "2h 2d")):  # fmt: skip
        row = np.empty(shape.rows.shape[1], dtype=np.int64)
        cards = dict(
            zip(("player", "dealer"), (parse_cards(mine), parse_cards(theirs)), strict=True)
        )
        taken = {"player": 0, "dealer": 0, "board": 0}
        for i, owner in enumerate(shape.owners):
            source = board if owner == "board" else cards[owner]
            row[i] = source[taken[owner]]
            taken[owner] += 1
        rows.append(row)
    lines = side_bet_lines(pays, np.array(rows)[:, columns])
    assert [pays.returns[line] for line in lines.tolist()] == [1001, 31, 26, 0, 4]


GOOD_LINE = "        - {hand: high_card, at_least: A-K, suited: false, pays: 15, name: A-K offsuit}"
BAD = [
    (  # suited or offsuit on a pair
        THB, GOOD_LINE,
        "        - {hand: one_pair, at_least: K, suited: true, pays: 15}",
        "side_bets.bonus.paytables.1000-30-25-20-15-10-5-3[4].suited: suited or offsuit is read "
        "on two-card high cards only, not on a pair",
    ),
    (  # a category the two-card ranking lacks
        THB, GOOD_LINE,
        "        - {hand: flush, pays: 15}",
        "side_bets.bonus.paytables.1000-30-25-20-15-10-5-3[4].hand: the two_card ranking has no "
        "flush",
    ),
    (  # suited on a five-card line
        THB, "        - {hand: straight, pays: 1}",
        "        - {hand: straight, pays: 1, suited: true}",
        "wagers.ante.resolve.paytable[5].suited: suited or offsuit is read on two-card high "
        "cards only, not on the five_card_high ranking",
    ),
    (  # a dealer condition on a main wager's line
        THB, "        - {hand: straight, pays: 1}",
        "        - {hand: straight, pays: 1, dealer: {hand: one_pair}}",
        "wagers.ante.resolve.paytable[5].dealer: a dealer condition is read on side-bet lines "
        "only",
    ),
    (  # a threshold before the flop in a category two cards cannot make
        UTH, "      - {action: bet play 4x, when: {hand: one_pair, at_least: 3}}",
        "      - {action: bet play 4x, when: {hand: three_of_a_kind}}",
        "strategies.4x rule.deal[0].when.hand: the two_card ranking has no three of a kind",
    ),
    (  # suited on a pair before the flop
        UTH, "      - {action: check, when: {hand: one_pair}}",
        "      - {action: check, when: {hand: one_pair, suited: false}}",
        "strategies.4x rule.deal[1].when.suited: suited or offsuit is read on two-card high "
        "cards only, not on a pair",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("shipped", "old", "new", "message"), BAD, ids=[b[3][:40] for b in BAD])
def test_a_bad_line_is_one_line(shipped: str, old: str, new: str, message: str) -> None:
    assert old in shipped
    text = shipped.replace(old, new, 1)
    with pytest.raises(PaytableError) as caught:
        load_text(text, name="bad.yaml")
    (problem,) = caught.value.problems
    line = next(i for i, row in enumerate(text.splitlines(), 1) if new.strip() in row)
    assert str(problem).startswith(f"bad.yaml:{line}: {message}")


def test_validate_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shipped, old, new, message = BAD[0]
    path = tmp_path / "bad.yaml"
    path.write_text(shipped.replace(old, new, 1))
    assert main(["validate", str(path)]) == 2
    said = capsys.readouterr()
    lines = (said.out + said.err).strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "bad.yaml:" in lines[0]


def test_the_shipped_strategies_read_two_cards() -> None:
    for name in ("banked/ultimate_texas_holdem", "banked/texas_holdem_bonus"):
        game = load_banked_game(name)
        assert game.when_ranking("deal") == "two_card"
        assert game.when_ranking("flop") == "five_card_high"


FLOP_DUEL = """  flop_duel:
    hand: {cards: [player, board], use: 5, ranking: five_card_high, through: flop}
    paytables:
      test:
        - {hand: one_pair, dealer: {hand: one_pair}, pays: 5}
        - {hand: one_pair, pays: 1}
"""


def _with_flop_duel() -> BankedGame:
    """Texas Hold'em Bonus with a side bet on the player's cards and the flop whose first line
    asks the dealer's two cards and the flop for a pair or better."""
    text = THB.replace("strategies:\n", FLOP_DUEL + "strategies:\n", 1)
    game: BankedGame = load_text(text, name="duel.yaml")  # type: ignore[assignment]
    return game


def _pair_or_better(cards: tuple[int, ...]) -> tuple[bool, bool]:
    """(exactly one pair, one pair or better) of five card codes, by the rule book."""
    ranks = sorted(c // 4 for c in cards)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    straight = shape == [1] * 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    return shape == [2, 1, 1, 1] and not flush, shape != [1] * 5 or flush or straight


def test_a_dealer_line_with_a_board() -> None:
    """A dealer condition reading the board too: on the 14-card deck every (player's two
    cards, flop, dealer's two cards) enumerated; on 52 cards too many pairs, refused in one
    line; a dealt row settles the line on the player's five cards and the dealer's."""
    game = _with_flop_duel()
    counts: Counter[int] = Counter()
    for mine in combinations(DECK_14, 2):
        rest = [c for c in DECK_14 if c not in mine]
        for flop in combinations(rest, 3):
            left = [c for c in rest if c not in flop]
            pair, _ = _pair_or_better(mine + flop)
            for theirs in combinations(left, 2):
                counts[(0 if _pair_or_better(theirs + flop)[1] else 1) if pair else 2] += 1
    duel = analyze_side_bet(game, "flop_duel", "test", deck=DECK_14)
    assert duel.hands == 91 * 220 * 36
    assert [row.combinations for row in duel.rows] == [counts[0], counts[1], counts[2]]
    with pytest.raises(OptionError, match="more than the 50,000,000 counted this release"):
        analyze_side_bet(game, "flop_duel", "test")
    pays = side_bet_pays(game, "flop_duel", "test")
    shape = round_shape(game, players=1)
    columns = pays.columns(shape)
    owners = [*["player"] * 2, *["board"] * 3, *["board"] * 3, *["dealer"] * 2]
    assert [shape.owners[c] for c in columns] == owners
    rows = np.array([parse_cards("As Kd 2c 2d 7h 9s Js Qh 3s"),  # the flop's pair each way
                     parse_cards("As Kd 2c 5d 7h 9s Js Qh 3s"),  # no pair for the player: no line
                     parse_cards("As Kd Ac 5d 7h 9s Js Qh 3s")])  # fmt: skip
    # each a seat's row: the player's two cards, the board in stage order, the dealer's two
    assert side_bet_lines(pays, rows[:, columns]).tolist() == [0, 2, 1]
