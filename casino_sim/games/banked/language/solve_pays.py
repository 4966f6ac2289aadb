"""Which pays of a banked game's paytable bring its house edge nearest a target, exactly.

A game's *paytables* are its lines as the felt prints them: a wager's ``paytable``
or ``bonus`` (wagers with the same lines share one, as Let It Ride's three bets do),
and each side bet's named paytables. :func:`solve_banked_pays` searches the pays of
the named lines (steps of 1 or 1/2, the whole table kept falling from its top line
down) and, for each candidate, re-solves the game: the optimal strategy changes
with the pays, so every main-game candidate is one exact solve (the search is
refused above :data:`MAX_SOLVES`). A side bet's lines are matched by the hand alone,
so its return is linear in the pays and every candidate is exact arithmetic on one
count of its lines.

>>> from casino_sim.config import load_banked_game
>>> game = load_banked_game("banked/three_card_poker")
>>> answer = solve_banked_pays(game, Fraction(7, 100), ["flush"], table="pair_plus/40-30-6-3-1")
>>> answer.best.setting, f"{float(answer.best.achieved):.4%}"
({'flush': Fraction(3, 1)}, '7.2760%')
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_sim.config.banked_game import BankedGame, PayLine, PaytableResolution, VersusDealer
from casino_sim.config.common import replaced
from casino_sim.engine.solve_result import Candidate, SolveResult, plain
from casino_sim.errors import OptionError
from casino_sim.games.banked.language.side_bets import analyze_side_bet

__all__ = ["MAX_SOLVES", "Paytable", "paytables_of", "solve_banked_pays"]

#: Most candidate paytables of a main wager the search solves (each is one exact solve).
MAX_SOLVES = 40
#: Most candidate side-bet paytables (each is a few exact sums).
MAX_SIDE_CANDIDATES = 100_000


@dataclass(frozen=True)
class Paytable:
    """One paytable of a game: its name, where it sits (``(wager, field)`` pairs, or the side
    bet and its paytable's name) and its lines, top down."""

    name: str
    places: tuple[tuple[str, str], ...]
    lines: tuple[PayLine, ...]
    side_bet: bool = False


def line_key(line: PayLine) -> str:
    """The line's name as a key: ``pair of jacks or better`` -> ``pair_of_jacks_or_better``.

    >>> line_key(PayLine(hand="straight_flush", pays=Fraction(40)))
    'straight_flush'
    """
    return re.sub(r"[^a-z0-9]+", "_", line.label().lower()).strip("_")


def paytables_of(game: BankedGame) -> tuple[Paytable, ...]:
    """The game's paytables: main wagers' (one per distinct set of lines), then side bets'."""
    groups: dict[tuple[PayLine, ...], list[tuple[str, str]]] = {}
    for wager, spec in game.wagers.items():
        resolution = spec.resolve
        if isinstance(resolution, PaytableResolution):
            groups.setdefault(resolution.paytable, []).append((wager, "paytable"))
        elif isinstance(resolution, VersusDealer):
            for field in ("bonus", "paytable"):
                lines = getattr(resolution, field)
                if lines:
                    groups.setdefault(lines, []).append((wager, field))
    tables = [
        Paytable(_place_names(places), tuple(places), lines) for lines, places in groups.items()
    ]
    tables += [
        Paytable(f"{side}/{name}", ((side, name),), lines, side_bet=True)
        for side, spec in game.side_bets.items()
        for name, lines in spec.paytables.items()
    ]
    return tuple(tables)


def _place_names(places: Sequence[tuple[str, str]]) -> str:
    """``ante bonus``, ``bet_1, bet_2, bet_3``: a main paytable named by where it sits."""
    return ", ".join(w if f == "paytable" else f"{w} {f}" for w, f in places)


def _choose(game: BankedGame, table: str | None) -> Paytable:
    tables = paytables_of(game)
    names = ", ".join(t.name for t in tables)
    if table is None:
        main = [t for t in tables if not t.side_bet]
        if len(main) != 1:
            raise OptionError(f"{game.name} has {len(main)} main paytables; name one with "
                              f"--paytable (one of: {names})")  # fmt: skip
        return main[0]
    for candidate in tables:
        wagers = {w for w, _ in candidate.places} if not candidate.side_bet else set()
        if table in (candidate.name, *wagers):
            return candidate
    raise OptionError(f"{game.name} has no paytable {table!r}; expected one of: {names}")


def _grid(low: Fraction, high: Fraction, step: Fraction) -> list[Fraction]:
    return [step * k for k in range(math.ceil(low / step), math.floor(high / step) + 1)]


def _key_grids(
    chosen: Paytable,
    keys: Sequence[str],
    step: Fraction,
    bounds: Mapping[str, tuple[Fraction, Fraction]],
) -> dict[int, list[Fraction]]:
    """Per solved line (by position): its candidate pays, by default between the nearest fixed
    lines below and above (the top line: up to 10 times its pay)."""
    positions = {line_key(line): i for i, line in enumerate(chosen.lines)}
    unknown = [k for k in (*keys, *bounds) if k not in positions]
    if unknown:
        raise OptionError(f"paytable {chosen.name!r} has no line {unknown[0]!r}; its lines: "
                          f"{', '.join(positions)}")  # fmt: skip
    solved = {positions[k] for k in keys}
    grids = {}
    for key in keys:
        at = positions[key]
        above = [chosen.lines[i].pays for i in range(at) if i not in solved]
        below = [chosen.lines[i].pays for i in range(at + 1, len(chosen.lines)) if i not in solved]
        own = chosen.lines[at].pays
        low, high = bounds.get(key, (max(below[0] if below else step, step),
                                     above[-1] if above else max(10 * own, step)))  # fmt: skip
        grid = _grid(low, high, step)
        if not grid:
            raise OptionError(f"no pay for {key} in {plain(low)}..{plain(high)} in steps of {plain(step)}")  # fmt: skip
        grids[at] = grid
    return grids


def _falling(lines: Sequence[Fraction]) -> bool:
    return all(a >= b for a, b in itertools.pairwise(lines))


def _with_pays(game: BankedGame, chosen: Paytable, pays: Sequence[Fraction]) -> BankedGame:
    """``game`` with the lines of ``chosen`` paying ``pays``, validated again as a whole."""
    lines = tuple(replaced(line, pays=p) for line, p in zip(chosen.lines, pays, strict=True))
    if chosen.side_bet:
        ((side, name),) = chosen.places
        side_bet = game.side_bets[side]
        changed = replaced(side_bet, paytables={**side_bet.paytables, name: lines})
        return replaced(game, side_bets={**game.side_bets, side: changed})
    wagers = dict(game.wagers)
    for wager, field in chosen.places:
        spec = wagers[wager]
        wagers[wager] = replaced(spec, resolve=replaced(spec.resolve, **{field: lines}))
    return replaced(game, wagers=wagers)


def solve_banked_pays(
    game: BankedGame,
    target: Fraction,
    keys: Sequence[str],
    *,
    table: str | None = None,
    step: Fraction = Fraction(1),
    bounds: Mapping[str, tuple[Fraction, Fraction]] | None = None,
    runners_up: int = 5,
) -> SolveResult:
    """The pays of ``keys`` (lines of ``table``: a wager, or ``SIDE_BET/PAYTABLE``) whose house
    edge (optimal strategy, re-solved; a side bet's own edge) is nearest ``target``."""
    from casino_sim.games.banked.language import solve_banked

    chosen = _choose(game, table)
    if not keys:
        raise OptionError("--keys: name one line or more")
    grids = _key_grids(chosen, keys, step, bounds or {})
    base = [line.pays for line in chosen.lines]
    limit = MAX_SIDE_CANDIDATES if chosen.side_bet else MAX_SOLVES
    span = math.prod(len(g) for g in grids.values())
    if span > 10 * limit:  # too many even before the falling order thins them out
        raise OptionError(f"{span:,} candidate paytables in the bounds: far more than the "
                          f"{limit:,} this search solves; narrow them with --bounds or fewer --keys")  # fmt: skip
    settings = []
    for values in itertools.product(*grids.values()):
        pays = list(base)
        for at, value in zip(grids, values, strict=True):
            pays[at] = value
        if _falling(pays):
            settings.append(pays)
    if not settings:
        raise OptionError(f"no pays of {', '.join(keys)} in the bounds keep {chosen.name} "
                          "falling from its top line down")  # fmt: skip
    if len(settings) > limit:
        raise OptionError(f"{len(settings):,} candidate paytables: more than the {limit:,} this "
                          "search solves; narrow them with --bounds or fewer --keys")  # fmt: skip
    edge = _side_edge(game, chosen) if chosen.side_bet else None
    candidates = []
    for pays in settings:
        achieved = (
            edge(pays) if edge is not None
            else solve_banked(_with_pays(game, chosen, pays)).analysis.house_edge
        )  # fmt: skip
        setting = {k: pays[at] for k, at in zip(keys, grids, strict=True)}
        candidates.append(Candidate(setting, achieved, achieved - target))
    ranked = sorted(candidates, key=lambda c: (abs(c.distance), c.distance))
    edges = [c.achieved for c in candidates]
    searched = "; ".join(f"{k} {plain(g[0])}..{plain(g[-1])} in steps of {plain(step)}"
                         for k, g in zip(keys, grids.values(), strict=True))  # fmt: skip
    unit = "the side bet" if chosen.side_bet else game.house_edge_per
    return SolveResult(
        question="house edge",
        subject=f"{game.name}, paytable {chosen.name}",
        figure="house_edge",
        target=target,
        best=ranked[0],
        runners_up=tuple(ranked[1 : 1 + runners_up]),
        reachable=(min(edges), max(edges)),
        search_space=f"{searched} ({len(settings):,} paytables falling from the top line down)",
        notes=(
            f"house edge per unit of {unit}"
            + ("" if chosen.side_bet else "; the optimal strategy re-solved for every paytable"),
        ),
        extra=_extra(chosen),
    )


def _side_edge(game: BankedGame, chosen: Paytable) -> Any:
    """The side bet's exact house edge as a function of its lines' pays (one count of lines)."""
    ((side, name),) = chosen.places
    rows = analyze_side_bet(game, side, name).rows
    counts = [row.combinations for row in rows[:-1]]
    losing, hands = rows[-1].combinations, sum(row.combinations for row in rows)

    def edge(pays: Sequence[Fraction]) -> Fraction:
        total = sum((p * c for p, c in zip(pays, counts, strict=True)), Fraction(0)) - losing
        return -total / hands

    return edge


def _extra(chosen: Paytable) -> dict[str, Any]:
    return {"paytable": chosen.name, "lines": [line_key(line) for line in chosen.lines]}
