"""A floor file written by a command (``calibrate``, ``optimize``): the floor as plain data, with
what changed, as YAML text.

>>> print(floor_yaml({"kind": "floor", "days": 7}, header="made here"), end="")
# made here
kind: floor
days: 7
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["floor_yaml", "plain"]


def plain(value: Any) -> Any:
    """Plain YAML data: decimals and fractions as floats, containers walked."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return float(value)


def floor_yaml(data: Mapping[str, Any], *, header: str) -> str:
    """``data`` (a floor's plain data) as YAML text under a ``# header`` comment line."""
    import yaml

    return f"# {header}\n" + yaml.safe_dump(
        plain(dict(data)), sort_keys=False, allow_unicode=True, width=100
    )
