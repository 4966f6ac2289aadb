"""``casino-sim floor compare``: two floors paired by common random numbers, as text and CSV rows.

Reads a :class:`~casino_sim.floor.compare.FloorComparison` by attribute: per
part (the floor, each table group, each meter, each player type) one line a
figure with A's and B's means, B - A with its paired 95% interval, the
unpaired interval beside it and the variance reduction factor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from casino_sim.report.floor import percent, signed_money
from casino_sim.report.tables import text_table

if TYPE_CHECKING:
    from casino_sim.floor.compare import FloorComparison, PairedFigure
    from casino_sim.floor.intervals import Interval

__all__ = ["comparison_rows", "format_comparison"]

_PERCENT = frozenset({"hold", "occupancy", "dealing_share", "house_edge_per_initial_bet",
                      "theoretical_edge_per_initial_bet", "side_bet_house_edge",
                      "turned_away_share"})  # fmt: skip
_COUNT = frozenset({"rounds", "hands", "rounds_per_table_hour", "arrivals", "turned_away",
                    "priced_out", "gave_up_waiting", "sessions_played"})  # fmt: skip


def _count(x: Any) -> str:
    return f"{x:,.1f}" if isinstance(x, int | float) and math.isfinite(x) else "n/a"


def _unit(figure: str) -> Callable[[Any], str]:
    if figure in _PERCENT:
        return percent(3)
    return _count if figure in _COUNT else signed_money


def _span(value: Interval | None, show: Callable[[Any], str]) -> str:
    if value is None or value.low is None or value.high is None:
        return "-"
    return f"{show(value.low)} to {show(value.high)}"


def _factor(paired: PairedFigure) -> str:
    if paired.variance_reduction is not None:
        return f"{paired.variance_reduction:,.1f}x"
    unpaired = paired.unpaired
    if paired.exact and unpaired is not None and unpaired.se:
        return "exact"  # the same difference in every replication, the unpaired one varies
    return "-"


def _row(paired: PairedFigure) -> list[str]:
    show = _unit(paired.figure)

    def mean(x: Interval | None) -> str:
        return "n/a" if x is None else show(x.mean)

    return [
        "  " + paired.figure.replace("_", " "),
        mean(paired.a),
        mean(paired.b),
        mean(paired.difference),
        _span(paired.difference, show),
        _span(paired.unpaired, show),
        _factor(paired),
    ]


def _tables(comparison: FloorComparison) -> str:
    parts = [f"{group} 1-{n}" if n > 1 else f"{group} 1"
             for group, n in comparison.shared_tables.items() if n]  # fmt: skip
    return ", ".join(parts) or "none"


def _types(comparison: FloorComparison) -> str:
    shared = comparison.shared_player_types
    if not shared:
        return "no arrivals (the floors share no player type by name)"
    return (f"the arrivals of player type{'s' * (len(shared) > 1)} {', '.join(shared)} (times, "
            "session lengths, side bets, patience)")  # fmt: skip


def _unshared(comparison: FloorComparison) -> str:
    """The tables only one floor has (their cards are their own), e.g. ``; only in B: pit 7``."""
    a, b = (result.groups for result in comparison.results)
    found = []
    for side, groups in (("A", a), ("B", b)):
        tables = []
        for name, group in groups.items():
            first = comparison.shared_tables.get(name, 0) + 1
            if group.tables >= first:
                tables.append(
                    f"{name} {first}" + (f"-{group.tables}" if group.tables > first else "")
                )
        if tables:
            found.append(f"; only in {side}: {', '.join(tables)}")
    return "".join(found)


def format_comparison(
    comparison: FloorComparison,
    *,
    files: Sequence[str],
    workers: int = 1,
    same_file: bool = False,
) -> str:
    """The comparison as text: what is paired, then per part a line a figure."""
    a, b = comparison.names
    n = comparison.replications
    lines = [
        f"Floor compare: A = {a} ({files[0]}), B = {b} ({files[1]}): {comparison.days:,} day(s) "
        f"x {n:,} replication(s), seed {comparison.seed}{f', {workers} workers' if workers > 1 else ''}",
    ]
    if same_file:
        lines.append("A and B are the same file: the floor compared with itself (every "
                     "difference is 0 in every replication)")  # fmt: skip
    lines += [
        "Common random numbers: replication i of A and of B draws from the i-th child of the "
        "seed, each stream keyed by what it is for.",
        f"Paired: {_types(comparison)}; the cards of tables {_tables(comparison)}"
        f"{_unshared(comparison)}.",
        "B - A: the mean of the replications' differences with its paired 95% Student t "
        "interval; beside it the interval an unpaired comparison gives (Welch) and the variance "
        "reduction (unpaired / paired variance: the paired run needs that many times fewer "
        "replications for the same precision).",
    ]
    header = ["", "A", "B", "B - A", "paired 95%", "unpaired 95%", "factor"]
    titles = {"floor": "Floor", "group": "table group", "meter": "meter",
              "player type": "player type, per replication"}  # fmt: skip
    owner: tuple[str, str] | None = None
    rows: list[list[str]] = []
    for paired in comparison.figures:
        if (paired.part, paired.name) != owner:
            owner = (paired.part, paired.name)
            title = titles[paired.part]
            rows.append([title if paired.part == "floor" else f"{paired.name} ({title})",
                         "", "", "", "", "", ""])  # fmt: skip
        rows.append(_row(paired))
    return "\n".join([*lines, "", text_table(header, rows)])


def comparison_rows(comparison: FloorComparison) -> list[dict[str, Any]]:
    """One CSV row a figure: A's and B's mean and 95% interval, B - A paired and unpaired, the
    variance reduction factor (blank where undefined)."""

    def cells(prefix: str, value: Interval | None) -> dict[str, Any]:
        if value is None:
            return {f"{prefix}_mean": None, f"{prefix}_low": None, f"{prefix}_high": None}
        return {
            f"{prefix}_mean": value.mean,
            f"{prefix}_low": value.low,
            f"{prefix}_high": value.high,
        }

    rows = []
    for paired in comparison.figures:
        unpaired = paired.unpaired
        rows.append({
            "part": paired.part,
            "name": paired.name,
            "figure": paired.figure,
            "replications": comparison.replications,
            **cells("a", paired.a),
            **cells("b", paired.b),
            **cells("difference", paired.difference),
            "unpaired_low": None if unpaired is None else unpaired.low,
            "unpaired_high": None if unpaired is None else unpaired.high,
            "variance_reduction": paired.variance_reduction,
        })  # fmt: skip
    return rows
