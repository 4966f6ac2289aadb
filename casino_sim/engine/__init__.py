"""Shared machinery below the games: the chunk runner, Monte Carlo statistics, result files.

One concept per module:

* :mod:`~casino_sim.engine.runner`: a run is ``n_chunks`` pure calls
  ``fn(context, index, seed)``; chunk ``i`` gets :func:`chunk_seed` ``(seed, i)``
  and results merge in chunk order, so a figure depends on the seed alone,
  never on the number of worker processes or the backend (:func:`run_chunks`,
  :class:`RunnerOptions`); :mod:`~casino_sim.engine.backends` runs chunks on
  local processes or a Dask cluster, :mod:`~casino_sim.engine.rundir` keeps
  finished chunks in a SQLite run directory so a killed run resumes.
* :mod:`~casino_sim.engine.stats`: estimates with standard errors and
  intervals (:class:`Estimate`, :class:`Interval`), ratio estimates,
  chi-square against exact probabilities, Poisson intervals, percentiles.
* :mod:`~casino_sim.engine.files`: result files written whole or not at all
  under the no-clobber policy (:func:`write_atomic`, :func:`atomic_writer`,
  :func:`write_directory`), checked before the work (:func:`check_output_file`),
  and the provenance record of a result (:func:`provenance`).

The games build on these; only ``report`` and ``cli`` decide *what* to write.
The random primitives (bounded draw, shuffles) live lower down, in :mod:`casino_sim.shuffle`.

>>> from casino_sim.engine import run_chunks, mean_estimate
>>> def draw(context, index, seed):
...     return [index]
>>> run_chunks(draw, None, 3, seed=1, merge=lambda a, b: a + b)
[0, 1, 2]
>>> mean_estimate(n=4, total=2.0, total_squares=2.0).estimate
0.5
"""

from casino_sim.engine.files import (
    MANIFEST,
    atomic_binary_writer,
    atomic_writer,
    check_distinct,
    check_output_dir,
    check_output_file,
    csv_text,
    file_digest,
    provenance,
    write_atomic,
    write_csv,
    write_directory,
    write_json,
)
from casino_sim.engine.runner import (
    RunnerOptions,
    Terminated,
    available_workers,
    chunk_seed,
    effective_workers,
    root_seed,
    run_chunks,
    signals_raise_terminated,
)
from casino_sim.engine.stats import (
    ChiSquareResult,
    Estimate,
    Interval,
    batch_ratio,
    chi_square_test,
    mean_estimate,
    percentiles,
    poisson_interval,
    ratio_estimate,
    z_value,
)

__all__ = [
    "MANIFEST",
    "ChiSquareResult",
    "Estimate",
    "Interval",
    "RunnerOptions",
    "Terminated",
    "atomic_binary_writer",
    "atomic_writer",
    "available_workers",
    "batch_ratio",
    "check_distinct",
    "check_output_dir",
    "check_output_file",
    "chi_square_test",
    "chunk_seed",
    "csv_text",
    "effective_workers",
    "file_digest",
    "mean_estimate",
    "percentiles",
    "poisson_interval",
    "provenance",
    "ratio_estimate",
    "root_seed",
    "run_chunks",
    "signals_raise_terminated",
    "write_atomic",
    "write_csv",
    "write_directory",
    "write_json",
    "z_value",
]
