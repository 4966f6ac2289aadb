"""The figures of a banked-game Monte Carlo run (:mod:`.simulate`), each beside the exact one.

A run's :class:`Tally` counts deals per cell (a way a deal ends, an
:class:`~.outcomes.Outcome`) and per action. Each cell is settled once by the solver's
:func:`~.outcomes.settle`, so the house edge, the element of risk, the average total bet and
each wager's return are means (or a ratio) over the cells weighted by their counts, with the
intervals of :mod:`casino_sim.engine.stats`; the paytable lines' hits come out of the solver's
own :func:`~.outcomes.line_rows`.

>>> tally = Tally(2, np.array([1, 1]), np.array([2]))
>>> tally.merge(tally).cells.tolist()
[2, 2]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from casino_sim.config.banked_game import BankedGame
from casino_sim.engine.stats import Estimate, mean_estimate, ratio_estimate
from casino_sim.games.banked.language.outcomes import (
    BankedAnalysis,
    LineRow,
    Outcome,
    SideBetAnalysis,
    line_rows,
    settle,
)
from casino_sim.games.banked.language.progressive import ProgressiveChunk
from casino_sim.games.banked.language.side_bets import SideBetPays

__all__ = ["BankedSimulation", "SimulatedSideBet", "Tally", "build_result"]


@dataclass(frozen=True, eq=False)
class Tally:
    """Deals of a chunk (or of chunks merged): ``cells`` (int64, deals per cell),
    ``actions`` (int64, deals per action of each decision), ``side_lines`` (per side bet
    paytable, int64 deals per line, the last: no line) and ``progressives`` (per progressive
    side bet, each chunk's hits and meter events, in chunk order: the meter is replayed in
    that order)."""

    deals: int
    cells: np.ndarray
    actions: np.ndarray
    side_lines: tuple[np.ndarray, ...] = ()
    progressives: tuple[tuple[ProgressiveChunk, ...], ...] = ()

    def merge(self, other: Tally) -> Tally:
        """Both tallies' deals (integer sums); ``other``'s chunks follow (the runner merges in
        chunk order)."""
        sides = tuple(a + b for a, b in zip(self.side_lines, other.side_lines, strict=True))
        chunks = tuple(a + b for a, b in zip(self.progressives, other.progressives, strict=True))
        return Tally(self.deals + other.deals, self.cells + other.cells,
                     self.actions + other.actions, sides, chunks)  # fmt: skip


@dataclass(frozen=True)
class SimulatedSideBet:
    """One side bet paytable, a unit bet on every deal: its measured house edge beside the
    ``exact`` analysis, and the deals per line (``hits``, the last: no line)."""

    exact: SideBetAnalysis
    house_edge: Estimate
    hits: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        """JSON-ready: the estimate with its interval beside the exact edge, and the hits."""
        return {
            "side_bet": self.exact.side_bet,
            "paytable": self.exact.paytable,
            "house_edge": _compared(self.house_edge, self.exact.house_edge),
            "lines": [
                {"line": row.line, "hits": hits, "exact_probability": str(row.probability)}
                for row, hits in zip(self.exact.rows, self.hits, strict=True)
            ],
        }


@dataclass(frozen=True, eq=False)
class BankedSimulation:
    """A Monte Carlo run of a banked game and the exact figures of the strategy it played.

    In units of the initial bet of ``exact.house_edge_per``: ``house_edge`` (the player's
    expected loss per deal), ``element_of_risk`` (loss per total bet), ``average_total_bet``,
    ``sd`` (of a deal's result) and ``wager_returns`` (the player's net per deal on each
    wager). ``line_rows``: the hits of each paytable line, in the order of
    ``exact.line_rows``; ``decisions``: deals by action at each decision.
    """

    exact: BankedAnalysis
    seed: int | Sequence[int] | None
    deals: int
    workers: int
    tally: Tally
    house_edge: Estimate
    element_of_risk: Estimate
    average_total_bet: Estimate
    sd: float
    wager_returns: Mapping[str, Estimate]
    line_rows: tuple[LineRow, ...]
    decisions: Mapping[str, Mapping[str, int]]
    side_bets: tuple[SimulatedSideBet, ...] = ()

    def exact_return(self, wager: str) -> Fraction:
        """The exact return of ``wager`` per deal, in units."""
        return self.exact.wager_returns[wager] / self.exact.deals

    def to_record(self) -> dict[str, Any]:
        """JSON-ready: each estimate with its interval, the exact value (``p/q`` and float), z."""
        exact = self.exact
        return {
            "game": exact.game,
            "strategy": exact.strategy,
            "deals": self.deals,
            "seed": self.seed,
            "workers": self.workers,
            "house_edge_per": exact.house_edge_per,
            "house_edge": _compared(self.house_edge, exact.house_edge),
            "element_of_risk": _compared(self.element_of_risk, exact.element_of_risk),
            "average_total_bet": _compared(self.average_total_bet, exact.average_total_bet),
            "sd": {"estimate": self.sd, "exact": exact.sd},
            "wager_returns": {
                w: _compared(e, self.exact_return(w)) for w, e in self.wager_returns.items()
            },
            "lines": [
                {
                    "wager": row.wager,
                    "line": row.line,
                    "hits": row.combinations,
                    "exact_probability": str(ex.probability),
                }
                for row, ex in zip(self.line_rows, exact.line_rows, strict=True)
            ],
            "decisions": {
                stage: {
                    name: {
                        "deals": count,
                        "exact_probability": str(
                            Fraction(exact.decisions[stage][name], exact.deals)
                        ),
                    }
                    for name, count in taken.items()
                }
                for stage, taken in self.decisions.items()
            },
            "side_bets": [s.to_record() for s in self.side_bets],
        }


def _compared(estimate: Estimate, exact: Fraction) -> dict[str, Any]:
    return {**estimate.to_record(), "exact": str(exact), "exact_float": float(exact),
            "z": estimate.z_score(float(exact))}  # fmt: skip


def build_result(
    game: BankedGame,
    exact: BankedAnalysis,
    cells: Sequence[Outcome],
    actions: Sequence[tuple[str, str]],
    tally: Tally,
    *,
    seed: int | Sequence[int] | None,
    workers: int,
    side_bets: Sequence[tuple[SideBetPays, SideBetAnalysis]] = (),
) -> BankedSimulation:
    """The estimates of ``tally``'s deals: ``cells`` and ``actions`` name its counts, and
    ``side_bets`` (the pays and the exact analysis of each) its ``side_lines``."""
    n = tally.deals
    unit = game.wagers[game.house_edge_per].initial
    count = tally.cells.astype(np.float64)
    nets = np.array([[float(v / unit) for v in settle(game, c)] for c in cells]).reshape(
        len(cells), len(game.wagers)
    )
    net = nets.sum(axis=1)
    bet = np.array([sum(c.amounts) / unit for c in cells])
    loss = -(count @ net)
    house_edge = mean_estimate(n=n, total=loss, total_squares=count @ (net * net))
    returns = {
        name: mean_estimate(n=n, total=count @ nets[:, w], total_squares=count @ nets[:, w] ** 2)
        for w, name in enumerate(game.wagers)
    }
    lines: dict[tuple[str, int], int] = defaultdict(int)
    for cell, hits in zip(cells, tally.cells.tolist(), strict=True):
        if hits and not cell.folded:
            for name, line in zip(game.wagers, cell.lines, strict=True):
                lines[(name, line)] += hits
    decisions: dict[str, dict[str, int]] = defaultdict(dict)
    for (stage, name), deals in zip(actions, tally.actions.tolist(), strict=True):
        decisions[stage][name] = deals
    return BankedSimulation(
        exact=exact,
        seed=seed,
        deals=n,
        workers=workers,
        tally=tally,
        house_edge=house_edge,
        element_of_risk=ratio_estimate(
            n=n,
            sum_x=loss,
            sum_y=count @ bet,
            sum_xx=count @ (net * net),
            sum_yy=count @ (bet * bet),
            sum_xy=-(count @ (net * bet)),
        ),
        average_total_bet=mean_estimate(n=n, total=count @ bet, total_squares=count @ bet**2),
        sd=house_edge.standard_error * np.sqrt(n),
        wager_returns=returns,
        line_rows=line_rows(game, lines, n),
        decisions=dict(decisions),
        side_bets=tuple(
            _side_bet(pays, exact_side, hits, n)
            for (pays, exact_side), hits in zip(side_bets, tally.side_lines, strict=True)
        ),
    )


def _side_bet(
    pays: SideBetPays, exact: SideBetAnalysis, hits: np.ndarray, n: int
) -> SimulatedSideBet:
    """The side bet's house edge measured over ``n`` deals whose lines are ``hits``."""
    net = np.array([float(r - 1) for r in pays.returns])
    count = hits.astype(np.float64)
    edge = mean_estimate(n=n, total=-(count @ net), total_squares=count @ (net * net))
    return SimulatedSideBet(exact, edge, tuple(int(h) for h in hits))
