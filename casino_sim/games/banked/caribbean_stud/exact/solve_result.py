"""A validated copy of a Caribbean Stud paytable or a progressive, for the inverse questions
(:mod:`.solve`, :mod:`.solve_progressive`); what they return is
:class:`casino_sim.engine.solve_result.SolveResult`."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, cast

from casino_sim.config.caribbean import CaribbeanPaytable
from casino_sim.config.progressive import ProgressivePaytable
from casino_sim.errors import OptionError

__all__ = ["validated_copy"]

D = TypeVar("D", CaribbeanPaytable, ProgressivePaytable)


def validated_copy(definition: D, **changes: Any) -> D:
    """A validated copy of a frozen definition with ``changes`` (a bad one raises OptionError)."""
    try:
        copy: D = dataclasses.replace(cast(Any, definition), **changes)
    except ValueError as error:  # pydantic's ValidationError
        first = str(error).splitlines()[1:2] or [str(error)]
        raise OptionError(f"{definition.name}: {first[0].strip()}") from None
    return copy
