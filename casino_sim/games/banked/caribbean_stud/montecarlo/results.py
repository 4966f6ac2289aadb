"""Result records of the Caribbean Stud Monte Carlo: estimates, intervals and exact comparisons.

The main game's figures derive from the merged chunk tallies and never include
the side bet. Per seat, the net result of a hand in antes is a function of its
outcome, so the house edge, its standard error (from the per-hand variance),
the SD per hand and the element of risk (a ratio estimate, delta-method error)
come from the outcome counts exactly. Table-level money figures come from
per-round sums of results and of their squares, which keep the correlation
between seats.

The side bet's figures come from the meter replayed across chunks
(:mod:`~casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay`): its
return to players with a batch-means interval, its ledger and the meter's state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CATEGORY_KEYS
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine import stats
from casino_sim.engine.ledger import Ledger
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
from casino_sim.games.banked.caribbean_stud.montecarlo.meter_replay import MeterReplay, MeterState
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
    "progressive_summary",
]


def _proportion(successes: int, n: int) -> stats.Proportion:
    """A share with its Wilson interval (inside [0, 1]) and score z against an exact value."""
    return stats.Proportion.of(int(successes), int(n))


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
    result_per_round: Estimate  # money, main game (player's view)
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
    """Side bets over the run, pooled over seats; one meter carried across chunks.

    ``side_bet_return`` is the return to players per money wagered: (fixed
    awards + envy + meter awards + change in meter liability) / handle, with a
    batch-means interval over chunks (``docs/money.md``); ``house_edge`` is one
    minus it. ``win`` is the house's side-bet result from the ledger: handle less
    everything paid and everything put into the meter and its reserve (the
    opening seed included, a house-funded seed).
    """

    name: str
    bets: int
    hits: tuple[int, ...]  # by hand category (CATEGORY_KEYS order), awarded hands only matter
    hit_intervals: tuple[Interval, ...]  # exact Poisson (Garwood) intervals of the counts
    exact_probabilities: tuple[float, ...]
    handle: float
    fixed_paid: float
    meter_paid: float
    envy_paid: float
    meter_hits: int
    fixed_return: float  # (fixed awards + envy) per unit wagered
    meter_slope: float  # return per unit wagered per unit of meter (from the share hits)
    break_even_meter: float | None  # estimate: the meter at which the side bet returns its wager
    exact_break_even_meter: float | None
    side_bet_return: Estimate  # to players, per money wagered (batch means over chunks)
    exact_long_run_return: float  # analyze_progressive(...).long_run_return
    win: float  # the house's side-bet result, from the ledger
    meter: MeterState
    awarded: tuple[int, ...] = ()  # categories with a fixed award, a meter share or an envy bonus

    @property
    def house_edge(self) -> Estimate:
        """The side bet's house edge per money wagered: one minus the return."""
        r = self.side_bet_return
        return Estimate(1.0 - r.estimate, r.standard_error, r.confidence)

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
            "handle": self.handle,
            "fixed_paid": self.fixed_paid,
            "meter_paid": self.meter_paid,
            "envy_paid": self.envy_paid,
            "meter_hits": self.meter_hits,
            "side_bet_return": self.side_bet_return.to_record(),
            "side_bet_return_ci": list(_pair(self.side_bet_return.interval)),
            "exact_long_run_return": self.exact_long_run_return,
            "house_edge": self.house_edge.estimate,
            "win": self.win,
            "meter": self.meter.to_record(),
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
    handle: float  # main game: antes and raises, money
    win: float  # main game: the house's result, money
    element_of_risk: float  # main game: win / handle
    dealer_qualifies: Estimate
    dealer_qualifies_exact: float
    progressive: ProgressiveSummary | None
    sessions: SessionSummary | None
    ledger: Ledger = field(default_factory=Ledger)  # main game and side bet flows, in cents

    @property
    def exact_house_edge(self) -> float | None:
        """The table's exact house edge per ante: each seat's exact edge weighted by its ante
        (a seat's five cards and the dealer's are uniformly random whatever the other seats
        hold, so each seat's expected loss is the one-player exact figure); None when a seat
        has no exact analysis.

        The house's expected win a round is sum(ante_i x edge_i) and the antes a round
        sum(ante_i), so their ratio is the exact value of ``house_edge``.
        """
        if not self.seats or any(seat.exact is None for seat in self.seats):
            return None
        antes = sum(float(seat.ante) for seat in self.seats)
        expected = sum(
            float(seat.ante) * seat.exact.house_edge for seat in self.seats if seat.exact
        )
        return expected / antes if antes else None

    def to_record(self) -> dict[str, Any]:
        """JSON-ready: ``house_edge`` a top-level float with its interval beside it."""
        return {
            "house_edge": self.house_edge.estimate,
            "house_edge_ci": list(_pair(self.house_edge.interval)),
            "house_edge_standard_error": self.house_edge.standard_error,
            "exact_house_edge": self.exact_house_edge,
            "confidence": self.house_edge.confidence,
            "seed": self.seed,
            "hands": self.rounds,
            "workers": self.workers,
            "config": self.config.to_record(),
            "house_result_per_round_money": self.house_result_per_round.to_record(),
            "main_game": {
                "handle": self.handle,
                "win": self.win,
                "element_of_risk": self.element_of_risk,
            },
            "dealer_qualifies": self.dealer_qualifies.estimate,
            "dealer_qualifies_ci": list(_pair(self.dealer_qualifies.interval)),
            "dealer_qualifies_exact": self.dealer_qualifies_exact,
            "seats": [s.to_record() for s in self.seats],
            "progressive": None if self.progressive is None else self.progressive.to_record(),
            "sessions": None if self.sessions is None else self.sessions.to_record(),
            "ledger": self.ledger.to_record(),
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
        envy_received=float(tally.envy_paid[s]),
        exact=comparison,
    )


def progressive_summary(
    prog: ProgressivePaytable,
    hits: np.ndarray,
    replay: MeterReplay,
    *,
    counts: Mapping[str, int] = FIVE_CARD_COUNTS,
) -> ProgressiveSummary:
    """The side bets of a run, ``hits`` (int64[10]: side bets by category, ``CATEGORY_KEYS``
    order) replayed through ``replay``'s meter, beside the exact figures of ``prog`` on hands of
    ``counts`` (by category; the five-card hands by default, a banked game's side bet gives its
    hand rule's)."""
    bets = int(hits.sum())
    fixed, share, envy_money = award_vectors(prog)
    handle = replay.handle_cents / 100
    fixed_paid = replay.fixed_paid_cents / 100
    envy = replay.envy_paid_cents / 100
    share_hits = float(hits @ share)
    total_n = sum(counts.values())
    exact_p = tuple(counts[key] / total_n for key in CATEGORY_KEYS)
    fixed_return = (fixed_paid + envy) / handle if handle else math.nan
    slope = share_hits / handle if handle else math.nan
    break_even = (handle - fixed_paid - envy) / share_hits if share_hits else None
    analysis = analyze_progressive(prog, counts=counts)
    exact_break_even = analysis.break_even_meter
    return ProgressiveSummary(
        name=prog.name,
        bets=bets,
        hits=tuple(int(h) for h in hits),
        hit_intervals=tuple(stats.poisson_interval(int(h)) for h in hits),
        exact_probabilities=exact_p,
        handle=handle,
        fixed_paid=fixed_paid,
        meter_paid=replay.meter_paid_cents / 100,
        envy_paid=envy,
        meter_hits=replay.meter_hits,
        fixed_return=fixed_return,
        meter_slope=slope,
        break_even_meter=break_even,
        exact_break_even_meter=None if exact_break_even is None else float(exact_break_even),
        side_bet_return=replay.side_bet_return(),
        exact_long_run_return=float(analysis.long_run_return),
        win=replay.win_cents / 100,
        meter=replay.state(),
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
    replay: MeterReplay | None = None,
    ledger: Ledger | None = None,
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
    main = stats.mean_estimate(n=n, total=tally.moments[-1, 0], total_squares=tally.moments[-1, 1])
    multiple = float(config.paytable.raise_multiple)
    handle = sum(
        float(seat.ante) * (n + multiple * (n - int(tally.counts[s, 0])))
        for s, seat in enumerate(config.seats)
    )
    win = float(tally.moments[-1, 0])
    prog = None
    if config.progressive is not None and replay is not None:
        prog = progressive_summary(config.progressive, tally.side_hits.sum(axis=0), replay)
    return SimulationResult(
        config=config,
        seed=seed,
        rounds=n,
        workers=workers,
        tally=tally,
        seats=seats,
        house_edge=main.scaled(1 / antes),
        house_result_per_round=main,
        handle=handle,
        win=win,
        element_of_risk=win / handle if handle else math.nan,
        dealer_qualifies=_proportion(tally.dealer_qualifies, n),
        dealer_qualifies_exact=float(dealer_qualify_probability()),
        progressive=prog,
        sessions=_sessions(config, tally),
        ledger=ledger if ledger is not None else Ledger(),
    )
