"""Property: random mutations of valid files either load or raise PaytableError, nothing else."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_sim.config import PaytableError, load_text, shipped_files
from casino_sim.config.loader import KINDS

TEXTS = [p.read_text(encoding="utf-8") for p in shipped_files()]
DATA = [yaml.safe_load(t) for t in TEXTS]

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["royal_flush", "small", "big", "1/3", "0.5", "-1", ".nan", "percent", "A"]),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _check(text: str | bytes) -> None:
    try:
        result = load_text(text, name="mutant.yaml")
    except PaytableError as error:
        assert error.problems and all(p.file == "mutant.yaml" for p in error.problems)
        assert all(str(p).startswith("mutant.yaml:") for p in error.problems)
    else:
        assert type(result) in KINDS.values()


@SETTINGS
@given(st.data())
def test_structural_mutations(data: st.DataObject) -> None:
    document = yaml.safe_load(data.draw(st.sampled_from(TEXTS)))
    path = data.draw(st.sampled_from(_paths(document)[1:]))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    action = data.draw(st.sampled_from(["replace", "delete", "rename", "add"]))
    if action == "replace":
        parent[path[-1]] = data.draw(values)
    elif action == "delete":
        del parent[path[-1]]
    elif action == "rename" and isinstance(parent, dict):
        parent[data.draw(st.text(min_size=1, max_size=10))] = parent.pop(path[-1])
    elif isinstance(parent, dict):
        parent[data.draw(st.text(max_size=10))] = data.draw(values)
    _check(yaml.safe_dump(document, sort_keys=False))


@SETTINGS
@given(st.data())
def test_textual_mutations(data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from(TEXTS)).encode()
    position = data.draw(st.integers(0, len(raw)))
    cut = data.draw(st.integers(0, 8))
    insert = data.draw(
        st.binary(max_size=8)
        | st.sampled_from([b"*a", b"&a ", b"!!python/object ", b": ", b"\n- ", b"{", b"'"])
    )
    _check(raw[:position] + insert + raw[position + cut :])
