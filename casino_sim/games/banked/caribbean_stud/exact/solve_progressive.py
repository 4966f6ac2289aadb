"""The progressive's inverse questions: the contribution rate for a target return, the break-even meter.

>>> from casino_sim.config import load_progressive
>>> side = load_progressive("progressives/50-75-100")
>>> answer = solve_contribution_rate(side, Fraction(4, 5))
>>> answer.best.setting["contribution_rate"], answer.best.achieved
(Fraction(...), Fraction(4, 5))
"""

from __future__ import annotations

import math
from fractions import Fraction

from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.engine.solve_result import Candidate, SolveResult, money, percent
from casino_sim.errors import OptionError
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
from casino_sim.games.banked.caribbean_stud.exact.solve_result import validated_copy

__all__ = ["solve_break_even_meter", "solve_contribution_rate"]


def solve_contribution_rate(
    progressive: ProgressivePaytable,
    target_return: Fraction | float,
    *,
    step: Fraction = Fraction(1, 1000),
    runners_up: int = 4,
) -> SolveResult:
    """The contribution rate that gives the side bet a long-run return of ``target_return``.

    The long-run return is ``fixed awards + contribution rate + seed funding`` per
    unit wagered (:mod:`.progressive`): linear in the rate with slope 1, so the
    answer is exact. Runners-up are the nearest rates on a grid of ``step``
    (0.1%: what a meter controller can be set to) and their returns.
    """
    target = Fraction(target_return)
    side = analyze_progressive(progressive)
    without = side.long_run_return - side.contribution_rate  # the return at a rate of 0
    high_rate = 1 - side.reserve_rate
    reachable = (without, without + high_rate)
    if not reachable[0] <= target <= reachable[1]:
        raise OptionError(
            f"no contribution rate gives {progressive.name!r} a long-run return of {percent(target)}: "
            f"rates 0 to {percent(high_rate)} (with the reserve {percent(side.reserve_rate)}) reach "
            f"{percent(reachable[0])} to {percent(reachable[1])}"
        )
    rate = target - without

    def candidate(value: Fraction) -> Candidate:
        solved = validated_copy(progressive, contribution_rate=value)
        achieved = analyze_progressive(solved).long_run_return
        return Candidate({"contribution_rate": value}, achieved, achieved - target)

    best = candidate(rate)
    if best.distance != 0:
        raise AssertionError(f"long-run return {best.achieved} != target {target}")
    below = math.floor(rate / step)
    grid = {step * k for k in range(below - runners_up // 2, below + runners_up // 2 + 2)}
    others = sorted(
        (candidate(v) for v in grid if 0 <= v <= high_rate and v != rate),
        key=lambda c: (abs(c.distance), c.achieved),
    )
    return SolveResult(
        question="contribution rate for a target long-run return",
        subject=progressive.name,
        figure="long_run_return",
        target=target,
        best=best,
        runners_up=tuple(others[:runners_up]),
        reachable=reachable,
        search_space=f"contribution rate 0 to {percent(high_rate)} (exact); runners-up in steps of {percent(step)}",
        reachable_note=f"contribution rates from 0 to {percent(high_rate)}, all that the "
        f"{percent(side.reserve_rate)} reserve leaves of each side bet",
        notes=(
            "long-run return = fixed awards + contribution rate + seed funding "
            "(the larger of the reserve rate and the seed paid at each reset)",
        ),
    )


def solve_break_even_meter(progressive: ProgressivePaytable, *, runners_up: int = 4) -> SolveResult:
    """The meter at which the side bet returns exactly its wager, and the whole-cent meters beside it.

    The reachable returns are those of the meters the side bet can show: from its
    seed (the meter never shows less) to its meter cap, or, without a cap, up to ten
    times the break-even meter (the return rises with the meter without a limit).

    >>> from casino_sim.config import load_progressive
    >>> answer = solve_break_even_meter(load_progressive("progressives/50-75-100"))
    >>> float(answer.best.setting["meter"]), answer.best.achieved
    (263205.2631578947, Fraction(1, 1))
    >>> answer.reachable_note
    'meters from the seed, $10,000.00, where every reset starts, to 10x the break-even meter, $2,632,052.63; with no meter cap the return keeps rising with the meter'
    """
    side = analyze_progressive(progressive)
    meter = side.break_even_meter
    if meter is None:
        raise OptionError(
            f"{progressive.name!r} has no meter award: it returns {percent(side.fixed_return)} at every meter"
        )
    if meter <= 0:
        raise OptionError(
            f"{progressive.name!r} returns {percent(side.fixed_return)} from its fixed awards alone: "
            "it is above break-even at every meter"
        )

    def candidate(value: Fraction) -> Candidate:
        achieved = side.expected_return(value)
        return Candidate({"meter": value}, achieved, achieved - 1)

    cents = Fraction(1, 100)
    low = math.floor(meter / cents) * cents
    near = {low + k * cents for k in range(-runners_up, runners_up + 2)}
    near |= {Fraction(math.floor(meter)), Fraction(math.ceil(meter))}
    others = sorted(
        (candidate(v) for v in near if v > 0 and v != meter), key=lambda c: abs(c.distance)
    )
    seed, cap = Fraction(progressive.seed), progressive.meter_cap
    notes = [
        f"return at the reset (seed {money(seed)}): {percent(side.expected_return(seed))}",
        "the side bet has a positive expectation for the player above this meter",
    ]
    if cap is not None and meter > cap:
        notes.append(f"the meter cap is {money(Fraction(cap))}: the meter never reaches the "
                     "break-even meter, so the side bet never breaks even")  # fmt: skip
    if meter < seed:
        notes.append("the break-even meter is below the seed: the side bet is above break-even "
                     "from every reset on")  # fmt: skip
    if cap is not None:
        top = Fraction(cap)
        end = f"the meter cap, {money(top)}, above which the meter never shows"
    else:
        top = 10 * meter
        end = (f"10x the break-even meter, {money(top)}; with no meter cap the return keeps "
               "rising with the meter")  # fmt: skip
    return SolveResult(
        question="break-even meter",
        subject=progressive.name,
        figure="expected_return",
        target=Fraction(1),
        best=candidate(meter),
        runners_up=tuple(others[:runners_up]),
        reachable=(side.expected_return(seed), side.expected_return(top)),
        search_space="any meter (exact: the return is linear in the meter)",
        notes=tuple(notes),
        extra={
            "return_per_unit": {"fixed": str(side.fixed_return), "per_meter": str(side.meter_slope)}
        },
        reachable_note=f"meters from the seed, {money(seed)}, where every reset starts, to {end}",
    )
