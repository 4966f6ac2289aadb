"""The suite's xdist groups reach the scheduler (tests/conftest.py, ``--dist loadgroup``).

pytest-xdist sends the tests of one ``xdist_group`` to one worker by a suffix it adds to
their node ids (``...::test@group``) in each worker. When that suffix is lost the run still
passes, only slower: each worker compiles the hold'em solver and starts its own browser and
reports (pytest 9.2 renamed the node id's attribute that xdist 3.8 writes: 90 seconds more
on the 2-core machine, hence ``pytest<9.2`` in pyproject.toml). This test fails instead.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("parallel-groups")


def test_a_grouped_test_is_sent_by_its_group(request: pytest.FixtureRequest) -> None:
    config = request.config
    assert "--dist loadgroup" in " ".join(config.getini("addopts"))
    if hasattr(config, "workerinput"):  # an xdist worker: its node id carries the group
        assert config.getvalue("loadgroup")
        assert request.node.nodeid.endswith(
            "::test_a_grouped_test_is_sent_by_its_group@parallel-groups"
        )
    else:  # one process (-n 0): nothing is distributed, the id is the plain one
        assert request.node.nodeid.endswith("::test_a_grouped_test_is_sent_by_its_group")
