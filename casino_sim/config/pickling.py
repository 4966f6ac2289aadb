"""Frozen config values pickle: a ``types.MappingProxyType`` is sent as its plain dict.

The config types keep their mappings read-only in ``MappingProxyType``, which
the standard pickle refuses. A cluster backend (Dask) ships a run's context to
worker processes by pickling, so this module registers a reducer with
:mod:`copyreg` (imported by :mod:`casino_sim.config`, so it is in force wherever
config values exist): a proxy pickles as ``_read_only(dict(proxy))``, which
rebuilds a proxy over a private copy on the other side.

>>> import pickle
>>> from types import MappingProxyType
>>> pickle.loads(pickle.dumps(MappingProxyType({"a": 1})))
mappingproxy({'a': 1})
"""

from __future__ import annotations

import copyreg
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__: list[str] = []


def _read_only(items: dict[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(items)


def _reduce(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return _read_only, (dict(proxy),)


copyreg.pickle(MappingProxyType, _reduce)
