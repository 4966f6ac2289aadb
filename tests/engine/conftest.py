"""One Dask ``LocalCluster`` for the whole test session (its ports chosen by the OS)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """The address of a 2-worker local cluster shared by every test that needs Dask."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        scheduler_port=0,
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address
