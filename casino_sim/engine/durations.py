"""How long something takes, said as people say it (estimates before a long run, elapsed times).

>>> duration(80), duration(13 * 60)
('1 min 20 s', '13 min')
"""

from __future__ import annotations

__all__ = ["duration"]


def duration(seconds: float) -> str:
    """A duration as people say it, no more precise than it can be.

    >>> duration(42.4), duration(100), duration(413), duration(7300), duration(1e6)
    ('42 s', '1 min 40 s', '7 min', '2 h 2 min', '277 h')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 120:
        return "1 min" + (f" {whole - 60} s" if whole > 60 else "")
    if whole < 3600 - 30:
        return f"{round(whole / 60)} min"
    hours, rest = divmod(round(whole / 60), 60)
    if hours >= 100:
        return f"{hours:,} h"
    return f"{hours} h" + (f" {rest} min" if rest else "")
