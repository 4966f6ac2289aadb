"""How a raw value is shown, by its unit: one place for the HTML, the Markdown and the terminal.

>>> show(0.052243057, "percent"), show(-1234.5, "money"), show(649_740, "one_in")
('5.2243%', '-$1,234.50', '1 in 649,740')
>>> show(None, "money"), show(float("nan"), "percent"), show(7164217481614630268, "count")
('n/a', 'n/a', '7,164,217,481,614,630,268')
>>> show(1.5e-9, "probability"), show(True, "flag"), show(True, "check"), show("A-K", "text")
('1.500e-09', 'FLAG', 'pass', 'A-K')
>>> show(100.0, "number"), show(2.24303, "number"), show(0.25, "decimal")
('100', '2.2430', '0.25000000')
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["interval_of", "show"]


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def show(value: Any, unit: str = "text") -> str:
    """``value`` as text for ``unit`` (see :data:`casino_sim.report.par.model.UNITS`)."""
    if unit == "flag":
        return {True: "FLAG", False: "ok"}.get(value, "") if isinstance(value, bool) else ""
    if unit == "check":
        return {True: "pass", False: "FAIL"}.get(value, "") if isinstance(value, bool) else ""
    if unit == "text":
        return "" if value is None else str(value)
    if not _finite(value):
        return "n/a" if value is None or isinstance(value, float) else str(value)
    if unit == "count":
        return f"{value:,}" if isinstance(value, int) else f"{value:,.0f}"  # ints exactly
    if unit == "money":
        return f"{'-' if value < 0 else ''}${abs(value):,.2f}"
    if unit in ("percent", "percent2", "percent1"):
        digits = {"percent": 4, "percent2": 2, "percent1": 1}[unit]
        return f"{100 * value:.{digits}f}%"
    if unit == "probability":
        return f"{value:.3e}"
    if unit == "one_in":
        return f"1 in {value:,.0f}"
    if unit == "decimal":
        return f"{value:.8f}"
    if isinstance(value, int) or (value == int(value) and abs(value) < 1e15):
        return f"{int(value):,}"
    return f"{value:,.4f}" if abs(value) < 1e6 else f"{value:,.0f}"


def interval_of(low: Any, high: Any, unit: str) -> str:
    """``low to high`` in ``unit``, or ``""`` when there is no interval.

    >>> interval_of(0.05, 0.055, "percent")
    '5.0000% to 5.5000%'
    """
    if not (_finite(low) and _finite(high)):
        return ""
    return f"{show(low, unit)} to {show(high, unit)}"
