"""The operator's inverse questions on the paytable, answered exactly: which pays or cap hits a target.

* :func:`solve_raise_pays`: which raise pays (named keys, steps of 1 or 1/2) bring
  the house edge (optimal strategy, re-solved for every paytable) nearest a target;
* :func:`solve_cap`: the payout cap that holds the edge at the highest ante to a
  floor (largest such cap) or a ceiling (smallest such cap).

The progressive's questions (contribution rate, break-even meter) are in
:mod:`.solve_progressive`. Each returns a
:class:`~casino_sim.engine.solve_result.SolveResult`: the best answer, the figure it achieves, its
distance to the target and the runners-up. A target outside what the search space
can reach raises :class:`~casino_sim.errors.OptionError` naming the reachable range.

The edge search is exact and fast because the optimal strategy is separable: the
decision for a player hand depends only on the raise payout of that hand's key, so
the player's total result over all deals is a constant plus one term per key,
``T_k(payout_k)``. Every term is an exact integer sum over the cached dealer counts
(:class:`RaiseKernel`); the best answer is checked again with
:func:`~.analysis.analyze_caribbean`.

>>> from casino_sim.config import load_paytable
>>> answer = solve_raise_pays(load_paytable("standard"), Fraction(1, 20), ["four_of_a_kind"])
>>> answer.best.setting
{'four_of_a_kind': Fraction(28, 1)}
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.common import CARIBBEAN_HANDS
from casino_sim.dealer_counts.cache import load_counts
from casino_sim.dealer_counts.counts import DEALER_HOLE_SETS
from casino_sim.engine.solve_result import (
    Candidate,
    SolveResult,
    exact_value,
    money,
    percent,
    plain,
)
from casino_sim.errors import OptionError
from casino_sim.evaluator import ace_king_threshold, category
from casino_sim.games.banked.caribbean_stud.exact.analysis import (
    TOTAL_DEALS,
    analyze_caribbean,
    raise_payouts,
)
from casino_sim.games.banked.caribbean_stud.exact.solve_result import validated_copy
from casino_sim.games.banked.caribbean_stud.rules import PAY_KEYS

__all__ = [
    "MAX_COMBINATIONS",
    "RaiseKernel",
    "solve_cap",
    "solve_raise_pays",
]

#: Most paytables :func:`solve_raise_pays` compares (they are cheap sums once each key is solved).
MAX_COMBINATIONS = 5_000_000
#: Highest raise pay the search considers (keeps the exact sums inside 64-bit integers).
MAX_PAY = Fraction(100_000)


# ------------------------------------------------------------------ the separable kernel


class RaiseKernel:
    """The player's exact total result (antes) under the optimal strategy, one key at a time.

    ``term(key, payout)`` is the sum over every player hand of that key (and every
    up-card and dealer hole-card set) of the better of raising and folding, when a
    winning raise pays ``payout`` antes; ``total(payouts)`` adds the hands below A-K.

    >>> from casino_sim.config import load_paytable
    >>> table = load_paytable("standard")
    >>> kernel = RaiseKernel(table)
    >>> kernel.total(raise_payouts(table, None)) == analyze_caribbean(table).total_result
    True
    """

    def __init__(self, paytable: CaribbeanPaytable) -> None:
        counts = load_counts()
        values = counts.player_values
        keys = np.where(values >= ace_king_threshold(), np.asarray(category(values)), -1)
        lose, valid_cells = counts.lose, counts.valid_cells()
        self.ante_pays = Fraction(paytable.ante_pays)
        self.raise_multiple = paytable.raise_multiple
        self._groups: dict[int, tuple[np.ndarray, ...]] = {}
        for index in range(-1, len(PAY_KEYS)):
            rows = np.flatnonzero(keys == index)
            valid = valid_cells[rows]
            self._groups[index] = (
                counts.weights[rows].astype(np.int64),
                counts.no_qualify[rows].astype(np.int64),
                counts.win[rows].astype(np.int64),
                lose[rows].astype(np.int64),
                valid,
            )
        self._cache: dict[tuple[int, Fraction], Fraction] = {}
        self.evaluations = 0

    def _group_total(self, index: int, payout: Fraction) -> Fraction:
        weights, nq, win, lose, valid = self._groups[index]
        denominator = math.lcm(self.ante_pays.denominator, payout.denominator)
        no_qualify_net = int(self.ante_pays * denominator)
        win_net = int((self.ante_pays + payout) * denominator)
        lose_net = -(1 + self.raise_multiple) * denominator
        ev_raise = nq * no_qualify_net + win * win_net + lose * lose_net
        ev_fold = -DEALER_HOLE_SETS * denominator
        cells = np.where(valid, np.maximum(ev_raise, ev_fold), 0)
        self.evaluations += 1
        return Fraction(int(cells.sum(axis=1) @ weights), denominator)

    def term(self, key: str, payout: Fraction) -> Fraction:
        """The hands of ``key`` (e.g. ``"straight_flush"``) when their raise pays ``payout`` antes."""
        index = PAY_KEYS.index(key)
        if (index, payout) not in self._cache:
            self._cache[index, payout] = self._group_total(index, payout)
        return self._cache[index, payout]

    @property
    def below_ace_king(self) -> Fraction:
        """Hands below A-K high never beat a qualifying dealer: the same for every paytable."""
        if (-1, Fraction(0)) not in self._cache:
            self._cache[-1, Fraction(0)] = self._group_total(-1, Fraction(0))
        return self._cache[-1, Fraction(0)]

    def total(self, payouts: Mapping[str, Fraction]) -> Fraction:
        """The total result over all deals for raise payouts (antes) by key."""
        return self.below_ace_king + sum(
            (self.term(key, payouts[key]) for key in PAY_KEYS), Fraction(0)
        )

    def house_edge(self, payouts: Mapping[str, Fraction]) -> Fraction:
        return -self.total(payouts) / TOTAL_DEALS


# ------------------------------------------------------------------ raise pays


def _grid(low: Fraction, high: Fraction, step: Fraction) -> list[Fraction]:
    first = math.ceil(low / step)
    return [step * k for k in range(first, math.floor(high / step) + 1)]


def _fixed_neighbours(
    paytable: CaribbeanPaytable, key: str, keys: Sequence[str]
) -> tuple[tuple[str, Fraction] | None, tuple[str, Fraction] | None]:
    """The nearest hands below and above ``key`` not solved for, with their pays (or None)."""
    order = list(CARIBBEAN_HANDS)  # best first
    at = order.index(key)
    above = [(k, paytable.raise_pay(k)) for k in order[:at] if k not in keys]
    below = [(k, paytable.raise_pay(k)) for k in order[at + 1 :] if k not in keys]
    return (below[0] if below else None), (above[-1] if above else None)


def _default_bounds(
    paytable: CaribbeanPaytable, key: str, keys: Sequence[str], step: Fraction
) -> tuple[Fraction, Fraction]:
    """Between the nearest fixed hands below and above (the top hand: up to 10x its pay)."""
    below, above = _fixed_neighbours(paytable, key, keys)
    low = max(below[1] if below else step, step)
    return low, above[1] if above is not None else max(10 * paytable.raise_pay(key), low)


def _between(below: tuple[str, Fraction] | None, above: tuple[str, Fraction] | None) -> str:
    """``between straight (4) and full house (7)``: the fixed pays a solved pay must keep to."""
    sides = [f"{side} {k.replace('_', ' ')} ({plain(pay)})"
             for side, hand in (("from", below), ("to", above)) if hand is not None
             for k, pay in [hand]]  # fmt: skip
    return " ".join(sides) or "anything"


def _clip(
    paytable: CaribbeanPaytable,
    key: str,
    keys: Sequence[str],
    grid: list[Fraction],
    asked: tuple[Fraction, Fraction],
    step: Fraction,
) -> tuple[list[Fraction], str | None]:
    """The pays of ``grid`` that keep the pays falling from the royal down, and why any went."""
    below, above = _fixed_neighbours(paytable, key, keys)
    kept = [
        p for p in grid if (below is None or p >= below[1]) and (above is None or p <= above[1])
    ]
    span = f"{plain(asked[0])}..{plain(asked[1])}"
    if not kept:
        raise OptionError(
            f"no pay for {key} in {span} in steps of {plain(step)} keeps the pays falling from "
            f"the royal down: {key} must pay {_between(below, above)}"
        )
    if kept == grid and (grid[0], grid[-1]) == asked:
        return kept, None
    why = []
    if kept != grid:
        why.append(f"the pays must fall from the royal down, so {key} pays "
                   f"{_between(below, above)}")  # fmt: skip
    if (grid[0], grid[-1]) != asked:
        why.append(f"on the grid of steps of {plain(step)}")
    return (
        kept,
        f"{key}: {span} asked, {plain(kept[0])}..{plain(kept[-1])} searched: {'; '.join(why)}",
    )


def _check_keys(paytable: CaribbeanPaytable, keys: Sequence[str]) -> list[str]:
    if not keys:
        raise OptionError("name at least one raise pay to solve for, e.g. straight_flush")
    for key in keys:
        paytable.raise_pay(key)  # an unknown key raises OptionError with a suggestion
    if len(set(keys)) != len(keys):
        raise OptionError(f"each key once, got {', '.join(keys)}")
    return [k for k in CARIBBEAN_HANDS if k in keys]  # best hand first


def solve_raise_pays(
    paytable: CaribbeanPaytable,
    target_edge: Fraction | float,
    keys: Sequence[str],
    *,
    step: Fraction | int = 1,
    bounds: Mapping[str, tuple[Fraction | int, Fraction | int]] | None = None,
    ante: Fraction | int | None = None,
    runners_up: int = 5,
) -> SolveResult:
    """The raise pays for ``keys`` that bring the optimal-strategy house edge nearest ``target_edge``.

    Pays move in steps of ``step`` (1 or 1/2) within ``bounds`` by key (default:
    between the pays of the nearest fixed hands above and below, the royal up to
    10x its pay); paytables whose pays would not fall from the royal down are
    skipped. Ties go to the paytable closest to the original. ``ante`` is needed
    when the paytable caps payouts.

    >>> from casino_sim.config import load_paytable
    >>> answer = solve_raise_pays(load_paytable("standard"), Fraction(1, 20), ["four_of_a_kind"])
    >>> answer.best.setting, percent(answer.best.achieved)
    ({'four_of_a_kind': Fraction(28, 1)}, '4.9970%')
    """
    step = Fraction(step)
    if step not in (1, Fraction(1, 2)):
        raise OptionError(f"step must be 1 or 0.5, got {float(step):g}")
    target = Fraction(target_edge)
    ordered = _check_keys(paytable, keys)
    limits: dict[str, tuple[Fraction, Fraction]] = {}
    for key in ordered:
        given = (bounds or {}).get(key)
        low, high = (
            (Fraction(given[0]), Fraction(given[1]))
            if given
            else _default_bounds(paytable, key, ordered, step)
        )
        if not 0 < low <= high <= MAX_PAY:
            raise OptionError(
                f"bounds for {key}: need 0 < low <= high <= {MAX_PAY}, got {low}..{high}"
            )
        limits[key] = (low, high)
    extra = set(bounds or {}) - set(ordered)
    if extra:
        raise OptionError(f"bounds given for keys not solved for: {', '.join(sorted(extra))}")
    grids, clipped = {}, []
    for key in ordered:
        grids[key], why = _clip(
            paytable, key, ordered, _grid(*limits[key], step), limits[key], step
        )
        if why is not None:
            clipped.append(why)
    size = math.prod(len(g) for g in grids.values())
    if size > MAX_COMBINATIONS:
        raise OptionError(
            f"the search space holds {size:,} paytables (at most {MAX_COMBINATIONS:,}): "
            "narrow the bounds, use a step of 1 or solve for fewer keys"
        )
    kernel = RaiseKernel(paytable)
    ante_value = None if ante is None else Fraction(ante)
    base = raise_payouts(paytable, ante_value)  # raises OptionError without a needed ante

    def payout(key: str, pay: Fraction) -> Fraction:
        money = pay * paytable.raise_multiple
        if paytable.max_payout is not None and ante_value is not None:
            money = min(money, Fraction(paytable.max_payout) / ante_value)
        return money

    fixed = kernel.below_ace_king + sum(
        (kernel.term(k, base[k]) for k in PAY_KEYS if k not in ordered), Fraction(0)
    )
    terms = {key: [kernel.term(key, payout(key, p)) for p in grids[key]] for key in ordered}
    denominator = math.lcm(*(t.denominator for ts in terms.values() for t in ts), fixed.denominator)
    # every combination as grid indices (best hand first) and its total x ``denominator``
    shape = tuple(len(grids[k]) for k in ordered)
    index = np.indices(shape).reshape(len(ordered), -1)
    totals = np.full(index.shape[1], int(fixed * denominator), dtype=np.int64)
    for axis, key in enumerate(ordered):
        scaled = np.array([int(t * denominator) for t in terms[key]], dtype=np.int64)
        totals += scaled[index[axis]]
    halves = [np.array([int(2 * p) for p in grids[k]], dtype=np.int64) for k in ordered]
    ok = np.ones(index.shape[1], dtype=bool)
    for axis in range(len(ordered) - 1):
        ok &= halves[axis][index[axis]] >= halves[axis + 1][index[axis + 1]]
    if not ok.any():
        raise OptionError("no paytable in the bounds keeps the pays falling from the royal down")
    totals, index = totals[ok], index[:, ok]
    edge_low = Fraction(-int(totals.max()), denominator * TOTAL_DEALS)
    edge_high = Fraction(-int(totals.min()), denominator * TOTAL_DEALS)
    space = ", ".join(f"{k} {plain(grids[k][0])}..{plain(grids[k][-1])}" for k in ordered)
    space += f" in steps of {plain(step)}"
    if not ok.all():
        clipped.append(
            f"{int((~ok).sum()):,} of the {ok.size:,} combinations were left out: in them a "
            "lower hand would pay more than a higher one"
        )
    if not edge_low <= target <= edge_high:
        raise OptionError(
            f"no paytable in the search space ({space}) reaches a house edge of {percent(target)}: "
            f"the reachable range is {percent(edge_low)} to {percent(edge_high)}"
        )
    wanted = -target * denominator * TOTAL_DEALS
    rough = np.abs(totals.astype(np.float64) - float(wanted))
    keep = min(len(rough), max(4 * (runners_up + 1), 64))
    nearest = (
        np.argpartition(rough, keep - 1)[:keep] if keep < len(rough) else np.arange(len(rough))
    )
    candidates = []
    for i in nearest.tolist():
        setting = {k: grids[k][int(index[a, i])] for a, k in enumerate(ordered)}
        achieved = Fraction(-int(totals[i]), denominator * TOTAL_DEALS)
        change = sum((abs(v - paytable.raise_pay(k)) for k, v in setting.items()), Fraction(0))
        candidates.append(
            (abs(achieved - target), change, Candidate(setting, achieved, achieved - target))
        )
    candidates.sort(key=lambda c: (c[0], c[1], tuple(c[2].setting.values())))
    best = candidates[0][2]
    table = validated_copy(
        paytable, name=f"{paytable.name}, solved", pays={**paytable.pays, **best.setting}
    )
    check = analyze_caribbean(table, ante=ante_value)
    if check.house_edge != best.achieved:
        raise AssertionError(f"kernel edge {best.achieved} != analysis {check.house_edge}")
    return SolveResult(
        question="raise pays for a target house edge",
        subject=paytable.name,
        figure="house_edge",
        target=target,
        best=best,
        runners_up=tuple(c[2] for c in candidates[1 : runners_up + 1]),
        reachable=(edge_low, edge_high),
        search_space=f"{space} ({int(ok.sum()):,} paytables)",
        notes=(*clipped, "optimal strategy re-solved for every paytable"),
        reachable_note=f"the lowest and the highest house edge of the {int(ok.sum()):,} "
        "paytables searched",
        extra={
            "element_of_risk": float(check.element_of_risk),
            "paytable": {k: exact_value(Fraction(v)) for k, v in table.pays.items()},
        },
    )


# ------------------------------------------------------------------ the payout cap


def solve_cap(
    paytable: CaribbeanPaytable,
    *,
    max_ante: Fraction | int,
    edge_floor: Fraction | float | None = None,
    edge_ceiling: Fraction | float | None = None,
    step: Fraction | int = 1,
    runners_up: int = 4,
) -> SolveResult:
    """The payout cap (a multiple of ``step`` in money) for a table whose antes go up to ``max_ante``.

    A cap only lowers what big wins pay, so the house edge rises with the ante
    and falls as the cap rises; at ``max_ante`` it is at its highest. With
    ``edge_floor``: the largest cap that keeps the edge at ``max_ante`` at or above
    the floor (the cap that makes the table's biggest bets earn at least the floor; the
    edge at any larger ante is higher still). With ``edge_ceiling``: the smallest cap
    that keeps the edge at or below the ceiling for every ante up to ``max_ante``.
    Exact: every cap tried is a full optimal-strategy analysis (the separable kernel).

    >>> from casino_sim.config import load_paytable
    >>> answer = solve_cap(load_paytable("royal-250"), max_ante=100, edge_floor=Fraction(524, 10000))
    >>> answer.best.setting["max_payout"]
    Fraction(...)
    """
    if (edge_floor is None) == (edge_ceiling is None):
        raise OptionError("give exactly one of an edge floor or an edge ceiling")
    ante, step = Fraction(max_ante), Fraction(step)
    if ante <= 0 or step <= 0:
        raise OptionError("the ante and the cap step must be positive")
    target = Fraction(edge_floor if edge_floor is not None else edge_ceiling)  # type: ignore[arg-type]
    kernel = RaiseKernel(paytable)
    uncapped = validated_copy(paytable, max_payout=None)
    top = max(raise_payouts(uncapped, None).values()) * ante  # from here up the cap never binds
    highest = math.ceil(top / step)

    def edge(k: int) -> Fraction:
        payouts = raise_payouts(validated_copy(uncapped, max_payout=step * k), ante)
        return kernel.house_edge(payouts)

    def candidate(k: int) -> Candidate:
        achieved = edge(k)
        return Candidate({"max_payout": step * k}, achieved, achieved - target)

    lowest_edge, highest_edge = edge(highest), edge(1)
    what = "floor" if edge_floor is not None else "ceiling"
    reachable = (lowest_edge, highest_edge)
    if (edge_floor is not None and highest_edge < target) or (
        edge_ceiling is not None and lowest_edge > target
    ):
        raise OptionError(
            f"no cap gives {paytable.name!r} a house edge {'at least' if edge_floor is not None else 'at most'} "
            f"{percent(target)} at an ante of {float(ante):,.2f}: caps from {float(step):,.2f} up reach "
            f"{percent(highest_edge)} down to {percent(lowest_edge)} (no cap)"
        )

    # edge(k) falls as k rises: find the boundary k by bisection
    def good(k: int) -> bool:
        return edge(k) >= target if edge_floor is not None else edge(k) <= target

    if edge_floor is not None:  # largest k with good(k); good(1) holds
        low, high = 1, highest + 1
        if good(highest):
            low = highest
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if good(middle) else (low, middle)
        answer = low
    else:  # smallest k with good(k); good(highest) holds
        low, high = 0, highest
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (low, middle) if good(middle) else (middle, high)
        answer = high
    best = candidate(answer)
    reach = runners_up // 2 + 1
    near = [answer + d for d in range(-reach, reach + 1) if d and 1 <= answer + d <= highest + 1]
    others = sorted((candidate(k) for k in near), key=lambda c: abs(c.distance))
    check = analyze_caribbean(validated_copy(uncapped, max_payout=step * answer), ante=ante)
    if check.house_edge != best.achieved:
        raise AssertionError(f"kernel edge {best.achieved} != analysis {check.house_edge}")
    notes = [f"the cap stops binding at {float(top):,.2f} (the top raise win at this ante)"]
    if answer >= highest:
        notes.append("the edge floor holds without a cap: any cap from here up, or none, will do")
    return SolveResult(
        question=f"payout cap for a house-edge {what} at antes up to {float(ante):,.2f}",
        subject=paytable.name,
        figure="house_edge",
        target=target,
        best=best,
        runners_up=tuple(others[:runners_up]),
        reachable=reachable,
        search_space=f"caps {float(step):,.2f} to {float(step * highest):,.2f} in steps of {float(step):,.2f}",
        reachable_note=f"from a cap of {money(step * highest)} or more, which never binds at "
        f"this ante, to the smallest cap, {money(step)}",
        notes=tuple(notes),
        extra={
            "max_ante": str(ante),
            "mode": what,
            "element_of_risk": float(check.element_of_risk),
        },
    )
