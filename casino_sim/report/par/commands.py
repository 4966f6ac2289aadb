"""The command that reproduces each simulation of a report: same seed, same answer.

A report derives each simulation's seed from the run's seed and the
simulation's place in the report (:func:`~casino_sim.report.par.content.derive_seed`),
so the run's seed given to ``casino-sim simulate``, ``stud`` or ``floor``
deals other cards. Each section therefore states the seed its simulation used
and the command, with every option that changes the figures (hands, chunk
size, players, ante, seed), that gives the same figures on its own.

>>> from pathlib import Path
>>> from casino_sim.config import PAYTABLE_DIR
>>> floor_command(Path(PAYTABLE_DIR / "floors" / "casino.yaml"), days=30, replications=8,
...               seed=12345)
'casino-sim floor floors/casino --days 30 --replications 8 --seed 12345'
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["floor_command", "optimize_command", "simulate_command", "stud_command"]


def _name(path: str | os.PathLike[str]) -> str:
    from casino_sim.report.par.inputs import input_name

    return input_name(path)


def _join(words: list[str]) -> str:
    return shlex.join(words)


def simulate_command(
    paytable: str | os.PathLike[str],
    *,
    strategy: str,
    progressive: str | os.PathLike[str] | None,
    ante: Fraction | int,
    hands: int,
    chunk_rounds: int,
    seed: int,
) -> str:
    """``casino-sim simulate`` for one seat of a report's Caribbean Stud Monte Carlo.

    >>> simulate_command("caribbean_stud/standard", strategy="optimal", progressive=None, ante=1,
    ...                  hands=11_000_000, chunk_rounds=343_750, seed=7)
    'casino-sim simulate caribbean_stud/standard --seats 1 --strategy optimal --ante 1 --hands 11000000 --chunk-rounds 343750 --seed 7'
    """
    words = ["casino-sim", "simulate", _name(paytable), "--seats", "1", "--strategy", strategy]
    words += ["--ante", str(Fraction(ante))]
    if progressive is not None:
        words += ["--progressive", _name(progressive)]
    words += ["--hands", str(hands), "--chunk-rounds", str(chunk_rounds), "--seed", str(seed)]
    return _join(words)


def stud_command(
    variant: str | os.PathLike[str],
    table: str | os.PathLike[str],
    *,
    players: int,
    hands: int,
    chunk_size: int,
    seed: int,
) -> str:
    """``casino-sim stud`` for a report's stud table (the chunk size deals the hands: part of
    the run's definition).

    >>> stud_command("stud/razz", "stud/tables/5-10", players=8, hands=5880, chunk_size=1000,
    ...              seed=3)
    'casino-sim stud stud/razz stud/tables/5-10 --players 8 --hands 5880 --chunk-size 1000 --seed 3'
    """
    words = ["casino-sim", "stud", _name(variant), _name(table), "--players", str(players)]
    words += ["--hands", str(hands), "--chunk-size", str(chunk_size), "--seed", str(seed)]
    return _join(words)


def optimize_command(
    floor: str | os.PathLike[str], *, groups: Sequence[str], max_turned_away: float, seed: int
) -> str:
    """``casino-sim optimize`` for a report's ``--optimize`` (the optimizer's other defaults)."""
    words = ["casino-sim", "optimize", _name(floor), "--groups", ",".join(groups)]
    words += ["--max-turned-away", f"{max_turned_away:g}", "--seed", str(seed)]
    return _join(words)


def floor_command(floor: str | os.PathLike[str], *, days: int, replications: int, seed: int) -> str:
    """``casino-sim floor`` for a report's floor."""
    words = ["casino-sim", "floor", _name(floor), "--days", str(days)]
    words += ["--replications", str(replications), "--seed", str(seed)]
    return _join(words)
