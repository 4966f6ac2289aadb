"""The compiled bookkeeping of a floor's stud table: a block of played hands into the tally.

One call adds each hand to its clock hour's row (a hand, its players, the
chips put in, rake and jackpot drop), sums each player's result over the
hands (seats rotate: hand ``h`` seats player ``(first + h + s) % n`` in seat
``s``) and returns the block's totals, so the table does no per-hand work in
Python.
"""

from __future__ import annotations

from numba import njit

__all__ = ["N_TOTALS", "commit_hands"]

#: Totals :func:`commit_hands` returns: chips put in, players' net, rake, jackpot drop.
N_TOTALS = 4


@njit(cache=True)
def commit_hands(  # type: ignore[no-untyped-def]
    rows, columns, ends, first, wagered, net, rake, drop, per_player, totals
):  # fmt: skip
    """Add hands ``0..len(ends)-1`` to ``rows`` (``columns``: rounds, hands, handle, rake, drop).

    ``per_player[p]`` gets player ``p``'s net over the hands; ``totals`` the
    :data:`N_TOTALS` sums.
    """
    top = rows.shape[0] - 1
    n = wagered.shape[1]
    for c in range(totals.shape[0]):
        totals[c] = 0
    for p in range(n):
        per_player[p] = 0
    for h in range(ends.shape[0]):
        hour = min(int(ends[h] // 3600.0), top)
        put_in = 0
        for s in range(n):
            put_in += wagered[h, s]
            per_player[(first + h + s) % n] += net[h, s]
            totals[1] += net[h, s]
        rows[hour, columns[0]] += 1
        rows[hour, columns[1]] += n
        rows[hour, columns[2]] += put_in
        rows[hour, columns[3]] += rake[h]
        rows[hour, columns[4]] += drop[h]
        totals[0] += put_in
        totals[2] += rake[h]
        totals[3] += drop[h]
