"""Queueing formulas the floor's tests check the model against (docs/floor-math.md)."""

from __future__ import annotations


def erlang_b(servers: int, load: float) -> float:
    """Erlang's loss formula B(c, A) by the stable recursion B(k) = A B(k-1) / (k + A B(k-1)).

    >>> round(erlang_b(6, 4.0), 4)
    0.1172
    """
    b = 1.0
    for k in range(1, servers + 1):
        b = load * b / (k + load * b)
    return b
