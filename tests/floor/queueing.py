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


def erlang_a(servers: int, arrivals: float, service: float, patience: float) -> tuple[float, float]:
    """The M/M/c+M queue (Erlang A: Poisson arrivals, exponential service and patience) as a
    birth-death chain: the mean queue length and the share of arrivals who abandon
    (``patience`` x the queue / ``arrivals``, Little's law for the abandonments); the mean
    wait of an arrival is the queue / ``arrivals``.

    >>> queue, abandon = erlang_a(14, 30.0, 2.0, 6.0)
    >>> round(queue, 4), round(abandon, 4)
    (0.8311, 0.1662)
    """
    weights, weight, queue, n = 1.0, 1.0, 0.0, 0
    while weight > 1e-17 * weights or n <= servers:
        n += 1
        weight *= arrivals / (min(n, servers) * service + max(n - servers, 0) * patience)
        weights += weight
        queue += max(n - servers, 0) * weight
    queue /= weights
    return queue, patience * queue / arrivals
