"""Result records of the Caribbean Stud Monte Carlo: estimates, intervals and exact comparisons.

All figures derive from the merged chunk tallies. Per seat, the net result of a
hand in antes is a function of its outcome, so the house edge, its standard
error (from the per-hand variance), the SD per hand and the element of risk
(a ratio estimate, delta-method error) come from the outcome counts exactly.
Table-level and money figures (side bets included) come from per-round sums of
results and of their squares, which keep the correlation between seats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.engine import stats
from casino_sim.engine.stats import ChiSquareResult, Estimate, Interval
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    CaribbeanAnalysis,
    analyze_caribbean,
)
from casino_sim.games.banked.caribbean_stud.exact.progressive import (
    FIVE_CARD_COUNTS,
    analyze_progressive,
)
from casino_sim.games.banked.caribbean_stud.montecarlo.config import CaribbeanSimConfig
from casino_sim.games.banked.caribbean_stud.montecarlo.tally import ChunkTally
from casino_sim.games.banked.caribbean_stud.progressive import award_vectors
from casino_sim.games.banked.caribbean_stud.rules import OUTCOMES, net_antes, wager_antes
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable

__all__ = [
    "ExactComparison",
    "ProgressiveSummary",
    "SeatResult",
    "SessionSummary",
    "SimulationResult",
    "build_result",
    "dealer_qualify_probability",
]


def _proportion(successes: int, n: int) -> Estimate:
    p = successes / n if n else math.nan
    return Estimate(p, math.sqrt(p * (1 - p) / n) if n else math.nan)


@cache
def dealer_qualify_probability() -> Fraction:
    """Exact probability that five random cards are A-K high or better.

    >>> dealer_qualify_probability()  # 1,463,700 of the 2,598,960 hands
    Fraction(205, 364)
    """
    from casino_sim.combinatorics import combinations_array
    from casino_sim.evaluator import ace_king_threshold, evaluate_high

    values = evaluate_high(combinations_array(52, 5), validate=False)
    return Fraction(int((values >= ace_king_threshold()).sum()), len(values))


@dataclass(frozen=True)
class ExactComparison:
    """The exact analysis's figures for a seat, and how the simulation compares."""

    house_edge: float
    element_of_risk: float
    sd: float
    raise_probability: float
    probabilities: tuple[float, ...]  # per outcome, in OUTCOMES order
    z_score: float  # (simulated - exact) / standard error, house edge
    within_interval: bool
    chi_square: ChiSquareResult


@dataclass(frozen=True)
class SeatResult:
    """One seat's figures; ``house_edge`` etc. are for the main game, per ante."""

    seat: int
    strategy: str
    ante: Fraction
    progressive: bool
    hands: int
    outcome_counts: tuple[int, ...]
    house_edge: Estimate
    element_of_risk: Estimate
    sd: float
    raise_rate: Estimate
    result_per_round: Estimate  # money, side bet included (player's view)
    side_bet_result: Estimate | None  # money per side bet, player's view
    envy_received: float
    exact: ExactComparison | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "seat": self.seat,
            "strategy": self.strategy,
            "ante": str(self.ante),
            "progressive": self.progressive,
            "hands": self.hands,
            "house_edge": self.house_edge.estimate,
            "house_edge_ci": list(_pair(self.house_edge.interval)),
            "house_edge_standard_error": self.house_edge.standard_error,
            "element_of_risk": self.element_of_risk.estimate,
            "element_of_risk_ci": list(_pair(self.element_of_risk.interval)),
            "sd_per_ante": self.sd,
            "raise_rate": self.raise_rate.estimate,
            "result_per_round_money": self.result_per_round.to_record(),
            "side_bet_result_money": None
            if self.side_bet_result is None
            else self.side_bet_result.to_record(),
            "envy_received_money": self.envy_received,
            "outcomes": dict(zip(OUTCOMES, self.outcome_counts, strict=True)),
        }
        if self.exact is not None:
            e = self.exact
            record["exact"] = {
                "house_edge": e.house_edge,
                "element_of_risk": e.element_of_risk,
                "sd_per_ante": e.sd,
                "raise_probability": e.raise_probability,
                "z_score": e.z_score,
                "within_interval": e.within_interval,
                "chi_square": {
                    "statistic": e.chi_square.statistic,
                    "dof": e.chi_square.dof,
                    "p_value": e.chi_square.p_value,
                },
            }
        return record


def _pair(interval: Interval) -> tuple[float, float]:
    return interval.low, interval.high


@dataclass(frozen=True)
class ProgressiveSummary:
    """Side bets over the run, pooled over seats; meters flow within each chunk from the seed."""

    name: str
    bets: int
    hits: tuple[int, ...]  # by hand category (CATEGORY_KEYS order), awarded hands only matter
    hit_intervals: tuple[Interval, ...]  # exact Poisson (Garwood) intervals of the counts
    exact_probabilities: tuple[float, ...]
    wagered: float
    fixed_paid: float
    meter_paid: float
    envy_paid: float
    contributions: float
    reserve_contributions: float
    top_ups: float
    fixed_return: float  # (fixed awards + envy) per unit wagered
    meter_slope: float  # return per unit wagered per unit of meter (from the share hits)
    break_even_meter: float | None  # estimate: the meter at which the side bet returns its wager
    exact_break_even_meter: float | None
    house_edge_simulated: Estimate  # with the flowing meter, per unit wagered
    awarded: tuple[int, ...] = ()  # categories with a fixed award, a meter share or an envy bonus

    def house_edge_at(self, meter: float) -> float:
        """Estimated side-bet house edge (per unit wagered) with the meter held at ``meter``."""
        return 1.0 - self.fixed_return - self.meter_slope * meter

    def to_record(self) -> dict[str, Any]:
        awarded = self.awarded
        return {
            "name": self.name,
            "bets": self.bets,
            "hits": {
                CATEGORY_KEYS[i]: {
                    "count": self.hits[i],
                    "ci": list(_pair(self.hit_intervals[i])),
                    "expected": self.exact_probabilities[i] * self.bets,
                }
                for i in awarded
            },
            "wagered": self.wagered,
            "fixed_paid": self.fixed_paid,
            "meter_paid": self.meter_paid,
            "envy_paid": self.envy_paid,
            "contributions": self.contributions,
            "reserve_contributions": self.reserve_contributions,
            "top_ups": self.top_ups,
            "house_edge_flowing_meter": self.house_edge_simulated.to_record(),
            "break_even_meter": self.break_even_meter,
            "exact_break_even_meter": self.exact_break_even_meter,
        }


@dataclass(frozen=True)
class SessionSummary:
    """Results over sessions of ``session_rounds`` rounds, in money: seat 1 and the house."""

    session_rounds: int
    sessions: int
    player_percentiles: dict[float, float]
    house_percentiles: dict[float, float]
    house_loses: Estimate  # share of sessions the house ends behind
    player_wins: Estimate  # share of sessions seat 1 ends ahead

    def to_record(self) -> dict[str, Any]:
        return {
            "session_rounds": self.session_rounds,
            "sessions": self.sessions,
            "player_percentiles": {str(k): v for k, v in self.player_percentiles.items()},
            "house_percentiles": {str(k): v for k, v in self.house_percentiles.items()},
            "house_loses": self.house_loses.estimate,
            "player_wins": self.player_wins.estimate,
        }


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """A simulation run: tallies, estimates with intervals, and the seed that reproduces it.

    ``house_edge`` is the table's: the house's main-game win per ante wagered
    (seats weighted by their antes); per-seat figures are in ``seats``.
    """

    config: CaribbeanSimConfig
    seed: int | Sequence[int] | None
    rounds: int
    workers: int
    tally: ChunkTally
    seats: tuple[SeatResult, ...]
    house_edge: Estimate
    house_result_per_round: Estimate  # money, main game
    house_total_per_round: Estimate  # money, side bets included
    hold: float  # house win / money wagered (side bets included)
    dealer_qualifies: Estimate
    dealer_qualifies_exact: float
    progressive: ProgressiveSummary | None
    sessions: SessionSummary | None

    def to_record(self) -> dict[str, Any]:
        """JSON-ready: ``house_edge`` a top-level float with its interval beside it."""
        return {
            "house_edge": self.house_edge.estimate,
            "house_edge_ci": list(_pair(self.house_edge.interval)),
            "house_edge_standard_error": self.house_edge.standard_error,
            "confidence": self.house_edge.confidence,
            "seed": self.seed,
            "hands": self.rounds,
            "workers": self.workers,
            "config": self.config.to_record(),
            "house_result_per_round_money": self.house_result_per_round.to_record(),
            "house_total_per_round_money": self.house_total_per_round.to_record(),
            "hold": self.hold,
            "dealer_qualifies": self.dealer_qualifies.estimate,
            "dealer_qualifies_ci": list(_pair(self.dealer_qualifies.interval)),
            "dealer_qualifies_exact": self.dealer_qualifies_exact,
            "seats": [s.to_record() for s in self.seats],
            "progressive": None if self.progressive is None else self.progressive.to_record(),
            "sessions": None if self.sessions is None else self.sessions.to_record(),
        }


_EXACT_MEMO: dict[
    tuple[int, int, Fraction | None],
    tuple[CaribbeanPaytable, str | DecisionTable, CaribbeanAnalysis],
] = {}


def exact_for_seat(
    paytable: CaribbeanPaytable, strategy: str | DecisionTable, ante: Fraction
) -> CaribbeanAnalysis:
    """The exact analysis for one seat; results are memoised per paytable and strategy object."""
    capped = paytable.max_payout is not None
    ante_key = Fraction(ante) if capped else None
    key = (id(paytable), id(strategy), ante_key)
    if key not in _EXACT_MEMO:
        if len(_EXACT_MEMO) >= 32:
            _EXACT_MEMO.pop(next(iter(_EXACT_MEMO)))
        analysis = analyze_caribbean(paytable, strategy, ante=ante_key)
        _EXACT_MEMO[key] = (paytable, strategy, analysis)
    return _EXACT_MEMO[key][2]


def _compare(
    analysis: CaribbeanAnalysis, counts: np.ndarray, house_edge: Estimate
) -> ExactComparison:
    probabilities = tuple(float(analysis.row(event).probability) for event in OUTCOMES)
    exact_edge = float(analysis.house_edge)
    return ExactComparison(
        house_edge=exact_edge,
        element_of_risk=float(analysis.element_of_risk),
        sd=float(analysis.sd),
        raise_probability=float(analysis.raise_probability),
        probabilities=probabilities,
        z_score=house_edge.z_score(exact_edge),
        within_interval=house_edge.contains(exact_edge),
        chi_square=stats.chi_square_test(counts, probabilities),
    )


def _seat(
    config: CaribbeanSimConfig, tally: ChunkTally, s: int, name: str, *, exact: bool
) -> SeatResult:
    seat = config.seats[s]
    n = tally.rounds
    counts = tally.counts[s]
    c = counts.astype(np.float64)
    x = np.array([float(v) for v in net_antes(config.paytable, ante=Fraction(seat.ante))])
    y = np.array(wager_antes(config.paytable), dtype=np.float64)
    house_edge = stats.mean_estimate(n=n, total=-float(c @ x), total_squares=float(c @ (x * x)))
    eor = stats.ratio_estimate(
        n=n, sum_x=-float(c @ x), sum_y=float(c @ y), sum_xx=float(c @ (x * x)),
        sum_yy=float(c @ (y * y)), sum_xy=-float(c @ (x * y)),
    )  # fmt: skip
    side = None
    if seat.progressive:
        bets = int(tally.side_hits[s].sum())
        side = stats.mean_estimate(
            n=bets, total=tally.side_moments[s, 0], total_squares=tally.side_moments[s, 1]
        )
    comparison = None
    if exact:
        strategy = seat.strategy if not isinstance(seat.strategy, str) else name
        analysis = exact_for_seat(config.paytable, strategy, seat.ante)
        comparison = _compare(analysis, counts, house_edge)
    return SeatResult(
        seat=s + 1,
        strategy=name,
        ante=Fraction(seat.ante),
        progressive=seat.progressive,
        hands=n,
        outcome_counts=tuple(int(v) for v in counts),
        house_edge=house_edge,
        element_of_risk=eor,
        sd=house_edge.standard_error * math.sqrt(n),
        raise_rate=_proportion(n - int(counts[0]), n),
        result_per_round=stats.mean_estimate(
            n=n, total=tally.moments[s, 0], total_squares=tally.moments[s, 1]
        ),
        side_bet_result=side,
        envy_received=float(tally.envy_paid[s]),
        exact=comparison,
    )


def _progressive(config: CaribbeanSimConfig, tally: ChunkTally) -> ProgressiveSummary:
    prog = config.progressive
    assert prog is not None
    hits = tally.side_hits.sum(axis=0)
    bets = int(hits.sum())
    wager = float(prog.wager)
    fixed, share, envy_money = award_vectors(prog)
    wagered = bets * wager
    fixed_paid = float(hits @ fixed)
    envy = float(tally.envy_paid.sum())
    share_hits = float(hits @ share)
    total_n = sum(FIVE_CARD_COUNTS.values())
    exact_p = tuple(FIVE_CARD_COUNTS[key] / total_n for key in CATEGORY_KEYS)
    fixed_return = (fixed_paid + envy) / wagered if wagered else math.nan
    slope = share_hits / wagered if wagered else math.nan
    break_even = (wagered - fixed_paid - envy) / share_hits if share_hits else None
    exact_break_even = analyze_progressive(prog).break_even_meter
    flowing = stats.mean_estimate(
        n=bets,
        total=float(tally.side_moments[:, 0].sum()),
        total_squares=float(tally.side_moments[:, 1].sum()),
    )
    return ProgressiveSummary(
        name=prog.name,
        bets=bets,
        hits=tuple(int(h) for h in hits),
        hit_intervals=tuple(stats.poisson_interval(int(h)) for h in hits),
        exact_probabilities=exact_p,
        wagered=wagered,
        fixed_paid=fixed_paid,
        meter_paid=float(tally.meter[0]),
        envy_paid=envy,
        contributions=float(tally.meter[2]),
        reserve_contributions=wagered * float(prog.reserve_rate),
        top_ups=float(tally.meter[1]),
        fixed_return=fixed_return,
        meter_slope=slope,
        break_even_meter=break_even,
        exact_break_even_meter=None if exact_break_even is None else float(exact_break_even),
        house_edge_simulated=flowing.scaled(-1 / wager) if bets else flowing,
        awarded=tuple(int(i) for i in np.flatnonzero((fixed > 0) | (share > 0) | (envy_money > 0))),
    )


def _sessions(config: CaribbeanSimConfig, tally: ChunkTally) -> SessionSummary | None:
    parts = [p for p in tally.sessions if len(p)]
    if not parts:
        return None
    table = np.concatenate(parts)
    player, house = table[:, 0], table[:, -1]
    k = len(table)
    return SessionSummary(
        session_rounds=config.session_rounds,
        sessions=k,
        player_percentiles=stats.percentiles(player),
        house_percentiles=stats.percentiles(house),
        house_loses=_proportion(int((house < 0).sum()), k),
        player_wins=_proportion(int((player > 0).sum()), k),
    )


def build_result(
    config: CaribbeanSimConfig,
    tally: ChunkTally,
    *,
    seed: int | Sequence[int] | None,
    strategy_names: tuple[str, ...],
    workers: int,
    exact: bool,
) -> SimulationResult:
    """Turn merged tallies into a :class:`SimulationResult`."""
    n = tally.rounds
    seats = tuple(
        _seat(config, tally, s, strategy_names[s], exact=exact) for s in range(len(config.seats))
    )
    antes = sum(float(s.ante) for s in config.seats)
    main = stats.mean_estimate(n=n, total=tally.moments[-2, 0], total_squares=tally.moments[-2, 1])
    total = stats.mean_estimate(n=n, total=tally.moments[-1, 0], total_squares=tally.moments[-1, 1])
    multiple = float(config.paytable.raise_multiple)
    wagered = sum(
        float(seat.ante) * (n + multiple * (n - int(tally.counts[s, 0])))
        for s, seat in enumerate(config.seats)
    )
    prog = _progressive(config, tally) if config.progressive is not None else None
    if prog is not None:
        wagered += prog.wagered
    return SimulationResult(
        config=config,
        seed=seed,
        rounds=n,
        workers=workers,
        tally=tally,
        seats=seats,
        house_edge=main.scaled(1 / antes),
        house_result_per_round=main,
        house_total_per_round=total,
        hold=total.estimate * n / wagered if wagered else math.nan,
        dealer_qualifies=_proportion(tally.dealer_qualifies, n),
        dealer_qualifies_exact=float(dealer_qualify_probability()),
        progressive=prog,
        sessions=_sessions(config, tally),
    )
