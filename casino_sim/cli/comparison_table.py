"""The table ``casino-sim simulate`` prints: each estimate with its 95% interval beside the exact
value, z and p, hits against their exact expectation, and Holm's flags over all of them.

>>> family = Comparisons()
>>> family.add("a heading")
>>> family.count, family.lines()
(0, (['a heading'], []))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = [
    "HEADER",
    "HITS",
    "MIN_ROUNDS_FOR_INTERVALS",
    "Comparisons",
    "ci",
    "estimate_row",
    "flag_lines",
    "hits_row",
    "pct",
]


#: Below this many rounds the intervals and the chi-square test mean little.
MIN_ROUNDS_FOR_INTERVALS = 1_000


def pct(x: float) -> str:
    return f"{100 * x:.4f}%"


def ci(estimate: Any) -> str:
    iv = estimate.interval
    return f"[{pct(iv.low)}, {pct(iv.high)}]"


class Comparisons:
    """The run's simulated-against-exact comparisons, flagged together by Holm's test.

    Each is a row of text with its z and two-sided p; the flags are decided once
    every comparison is in (:meth:`lines`), so the chance that a sound run shows
    any flag is at most 5%, however many comparisons it prints.
    """

    def __init__(self) -> None:
        self.rows: list[tuple[str, float | None]] = []  # text, p (None: not a comparison)

    def add(self, text: str, p: float | None = None) -> None:
        self.rows.append((text, p))

    @property
    def count(self) -> int:
        return sum(p is not None and not math.isnan(p) for _, p in self.rows)

    def lines(self) -> tuple[list[str], list[str]]:
        """The rows with their flag column, and one line per flagged comparison."""
        from casino_sim.engine.stats import holm

        tested = [p for _, p in self.rows if p is not None and not math.isnan(p)]
        flags = iter(holm(tested))
        out, flagged = [], []
        for text, p in self.rows:
            if p is None or math.isnan(p):
                out.append(text)
                continue
            flag = next(flags)
            out.append(f"{text}  {'FLAG' if flag else 'ok'}")
            if flag:
                flagged.append(text.strip())
        return out, flagged


def _zp(z: float, p: float) -> str:
    return f"{z:>+8.2f}  {p:>8.2g}"


#: The header of the estimates' table.
HEADER = (
    f"{'figure':<42}{'estimate':>12}  {'95% interval':<26}{'exact':>12}  {'z':>8}  {'p':>8}  flag"
)
#: The header of a table of hits (after the first column's title).
HITS = (
    f"{'hits':>10}  {'95% interval (exact Poisson)':<30}{'expected':>12}  {'z':>8}  {'p':>8}  flag"
)


def estimate_row(
    family: Comparisons,
    label: str,
    est: Any,
    exact: float | None,
    *,
    small: bool,
    fmt: Callable[[float], str] = pct,
) -> None:
    """An estimate, its interval and the exact value with z and p (no test when ``small``)."""
    from casino_sim.engine.stats import normal_p_value

    iv = est.interval
    interval = f"[{fmt(iv.low)}, {fmt(iv.high)}]"
    head = f"{label:<42}{fmt(est.estimate):>12}  {interval:<26}"
    if exact is None or small:
        family.add(f"{head}{'-' if exact is None else fmt(exact):>12}")
        return
    z = est.z_score(exact)
    family.add(f"{head}{fmt(exact):>12}  {_zp(z, normal_p_value(z))}", normal_p_value(z))


def hits_row(
    family: Comparisons, label: str, hits: int, interval: Any, expected: float, *, small: bool
) -> None:
    """A count with its exact Poisson ``interval`` against its exact expectation: z and the
    exact two-sided p (no test when ``small``)."""
    from casino_sim.engine.stats import poisson_p_value, poisson_z

    head = f"{label}{hits:>10,}  {f'[{interval.low:,.1f}, {interval.high:,.1f}]':<30}{expected:>12,.1f}"
    if small:
        family.add(head)
        return
    pv = poisson_p_value(hits, expected)
    family.add(f"{head}  {_zp(poisson_z(hits, expected), pv)}", pv)


def flag_lines(rules: list[Any], comparisons: int, flagged: list[str]) -> list[str]:
    """The flags: broken rules of the side bet's economics, and the comparisons Holm's test
    flags (z = (simulated - exact) / standard error; p two-sided)."""
    lines = [f"Flags: {len(rules) + len(flagged)}"]
    lines += [f"  FLAG: {rule}" for rule in rules]
    lines += [f"  FLAG (Holm): {text}" for text in flagged]
    lines.append(
        f"  ({comparisons} comparison(s) with exact values, flagged by Holm's test at a "
        "family-wise 5%: a sound run shows any such flag at most 1 time in 20)"
    )
    return lines
