"""Game protection: what a leak is worth, as a table of a banked game's section.

The leaks listed are the ones the language's leak analysis solves for the game
(``casino-sim analyze GAME --leak ...``, docs/banked-games.md): at a one-decision showdown
against a hidden dealer hand (Three Card Poker) and at hold'em with a bet before the flop
(Ultimate Texas Hold'em: about 160 s) one dealer card seen, exact; at a game without a
dealer hand (Let It Ride, Mississippi Stud) the last board card seen before the first
decision, exact (seconds); at a game with a dealer card face up one more dealer card seen
(Caribbean Stud: exact; Four Card Poker: sampled) and the hands of 1 to 6 other players seen
(a full table of seven), each sampled with its 95% interval from the report's seed
(``samples`` deals per row, each valued over every dealer hand). Each row sits beside the
figure the game file's notes publish for it, if any.

>>> from pathlib import Path
>>> from casino_sim.config import load_banked_game
>>> from casino_sim.report.par.inputs import BankedInput
>>> item = BankedInput(Path("three_card_poker.yaml"), load_banked_game("banked/three_card_poker"))
>>> [leak.label for leak in listed_leaks(item.game)]
['dealer:1']
>>> [leak.label for leak in listed_leaks(load_banked_game("banked/caribbean_stud"))]
['dealer:1', 'share:1', 'share:2', 'share:3', 'share:4', 'share:5', 'share:6']
>>> part = protection_part(item, "banked-1", leak_figures(item, samples=0, seed=1))
>>> part.tables[0].rows[0]["house_edge_exact"]
'-443162/12724075'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from casino_sim.errors import OptionError
from casino_sim.games.banked.language.hands import FULL_DECK, Deck
from casino_sim.games.banked.language.leak_kinds import Leak, LeakAnalysis, SampledLeak
from casino_sim.report.par.banked_tables import unit_name
from casino_sim.report.par.formatting import interval_of
from casino_sim.report.par.inputs import input_name
from casino_sim.report.par.model import Column, Part, Table

if TYPE_CHECKING:
    from casino_sim.config import BankedGame
    from casino_sim.report.par.inputs import BankedInput

__all__ = [
    "LeakFigure",
    "leak_figure",
    "leak_figures",
    "leaks_to_run",
    "listed_leaks",
    "protection_part",
]

#: Other players' hands a sharing row sees at most: a full table of seven seats.
FULL_TABLE_OTHERS = 6
LeakFigure = LeakAnalysis | SampledLeak

#: A published figure as a game file's notes quote it, by leak: "one dealer card ... a
#: player's edge of 3.48%", "one more dealer card ... a house edge of 1.74%", "six other
#: players' hands ... a player's edge of about 1.4%".
_PUBLISHED = {
    "dealer:1": re.compile(
        r"one (?:more )?dealer card[^.]*?((?:player's|house) edge) (?:is |of )?"
        r"((?:about |nearly )?\d+(?:\.\d+)?%)"
    ),
    "share:6": re.compile(
        r"six other players' hands[^.]*?((?:player's|house) edge) (?:is |of )?"
        r"((?:about |nearly )?\d+(?:\.\d+)?%)"
    ),
}


def listed_leaks(game: BankedGame, deck: Deck = FULL_DECK) -> tuple[Leak, ...]:
    """The leaks the Game protection part lists for ``game`` (none: no such part)."""
    from casino_sim.games.banked.language.holdem_leak import is_holdem_leak_game
    from casino_sim.games.banked.language.showdown import check_showdown
    from casino_sim.games.banked.language.street_leak import face_down_board, is_street_game
    from casino_sim.games.banked.language.upcard import check_upcard, is_upcard_game

    try:
        check_showdown(game)
        return (Leak("dealer", 1),)
    except OptionError:
        pass
    if is_holdem_leak_game(game):  # Ultimate Texas Hold'em's shape
        return (Leak("dealer", 1),)
    if is_street_game(game) and face_down_board(game):  # Let It Ride: the last card seen
        return (Leak("dealer", 1),)
    if not is_upcard_game(game):
        return ()
    try:  # Caribbean Stud (the hole card exact) or Four Card Poker (sampled)
        check_upcard(game, deck, solver="the leak analysis")
    except OptionError:
        return ()
    stage = game.stages[0]
    seats = (len(deck) - stage.dealer) // stage.player - 1  # other hands the deck can hold
    shares = tuple(Leak("share", k) for k in range(1, min(FULL_TABLE_OTHERS, seats) + 1))
    return (Leak("dealer", 1), *shares)


def leaks_to_run(game: BankedGame, *, samples: int, deck: Deck = FULL_DECK) -> tuple[Leak, ...]:
    """:func:`listed_leaks` less the sampled ones when ``samples`` is 0."""
    from casino_sim.games.banked.language.leaks import is_sampled_leak

    listed = listed_leaks(game, deck)
    return tuple(leak for leak in listed if samples or not is_sampled_leak(game, leak, deck=deck))


def leak_figure(
    game: BankedGame, leak: Leak, *, samples: int, seed: int, deck: Deck = FULL_DECK
) -> LeakFigure:
    """The figures of one of :func:`listed_leaks`: exact, or sampled with ``samples`` deals from
    ``seed`` (``share`` at a game with a dealer card up, ``dealer`` at Four Card Poker)."""
    from casino_sim.games.banked.language.leaks import analyze_leak
    from casino_sim.games.banked.language.sharing import analyze_share

    if leak.kind == "dealer":
        return analyze_leak(game, leak, deck=deck, samples=samples, seed=seed)
    share = analyze_share(game, leak.cards, deck=deck, samples=samples, seed=seed)
    if not isinstance(share, SampledLeak):  # pragma: no cover - upcard shares are sampled
        raise AssertionError("a sharing row of the report is sampled")
    return share


def leak_figures(
    item: BankedInput, *, samples: int, seed: int, deck: Deck = FULL_DECK
) -> tuple[LeakFigure, ...]:
    """The figures of every one of :func:`listed_leaks` (``samples`` 0: the sampled rows are
    left out)."""
    return tuple(
        leak_figure(item.game, leak, samples=samples, seed=seed, deck=deck)
        for leak in leaks_to_run(item.game, samples=samples, deck=deck)
    )


def _published(notes: str, label: str) -> str:
    pattern = _PUBLISHED.get(label)
    found = pattern.search(" ".join(notes.split())) if pattern else None
    return f"{found.group(1)} {found.group(2)}" if found else "none quoted"


def _seen(game: BankedGame, leak: Leak) -> str:
    if leak.kind == "share":
        hands = "another player's hand" if leak.cards == 1 else f"{leak.cards} other players' hands"
        return f"{hands} ({leak.cards * game.stages[0].player} cards)"
    if "dealer" not in game.hands:
        return "the last board card (before the first decision)"
    up = game.stages[0].dealer_up
    return "one more dealer card (besides the up card)" if up else "one of the dealer's cards"


def _row(game: BankedGame, figure: LeakFigure) -> dict[str, Any]:
    """One row: exact (the fraction) or sampled (its interval, the deals and the seed)."""
    low: float | None
    high: float | None
    if isinstance(figure, LeakAnalysis):
        edge = float(figure.analysis.house_edge)
        leak, low, high = figure.leak, None, None
        how, exact = "exact: every deal and seen card", str(figure.analysis.house_edge)
    else:
        leak = figure.leak
        edge, (low, high) = figure.house_edge, figure.house_edge_interval
        how = f"sampled: {figure.samples:,} deals (seed {figure.seed}), each over {figure.valued_over}"
        exact = ""
    return {
        "leak": leak.label,
        "seen": _seen(game, leak),
        "house_edge": edge,
        "house_edge_exact": exact,
        "interval": interval_of(low, high, "percent") or "exact",
        "house_edge_low": low,
        "house_edge_high": high,
        "player_edge": -edge,
        "how": how,
        "published": _published(game.notes, leak.label),
    }


def protection_part(item: BankedInput, prefix: str, figures: tuple[LeakFigure, ...]) -> Part:
    """The Game protection part of a banked game's section: one row per leak figure."""
    game, unit = item.game, unit_name(item.game)
    rows = tuple(_row(game, figure) for figure in figures)
    table = Table(
        f"{prefix}-leaks",
        "Leaks: the player sees cards and plays the best strategy given them",
        (
            Column("leak", "leak"),
            Column("seen", "the player sees"),
            Column("house_edge", f"house edge with it (per {unit})", "percent"),
            Column("interval", "95% interval"),
            Column("house_edge_exact", "exact"),
            Column("player_edge", "player's edge", "percent"),
            Column("how", "how"),
            Column("published", "published (the file's notes)"),
        ),
        rows,
    )
    without = figures[0].house_edge_without
    paragraphs = [
        f"Without a leak the house edge is {100 * float(without):.4f}% of the {unit} ({without}). "
        "Each row is the edge of a player who sees those cards and plays the strategy that is "
        "best given them (casino-sim analyze GAME --leak dealer:N or share:K)."
    ]
    dealer = next((f for f in figures if isinstance(f, LeakAnalysis)), None)
    if dealer is not None:
        words = "; ".join(w.removeprefix("dealer shows ") for w in dealer.analysis.strategy_words)
        paragraphs.append(f"Seeing {_seen(game, dealer.leak)}, the player plays: {words}.")
    sampled = [f for f in figures if isinstance(f, SampledLeak)]
    if sampled:
        paragraphs.append(
            "Sampled rows: each drawn deal (the player's hand, the others' hands or the dealer "
            "cards seen, and the up card) is valued exactly over every hand the dealer can still "
            "hold, and the gain over the strategy without the leak is averaged (a control "
            "variate); the interval is its 95% interval. The same figures: casino-sim analyze "
            f"{input_name(item.path)} --leak LEAK --samples {sampled[0].samples:,} --seed "
            f"{sampled[0].seed}."
        )
    return Part(f"{prefix}-protection", "Game protection", tuple(paragraphs), tables=(table,))
