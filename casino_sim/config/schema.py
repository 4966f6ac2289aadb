"""JSON Schemas for the YAML files, generated from the same definitions the loader validates with.

The committed copies live in ``casino_sim/schemas/<kind>.schema.json``; editors
(e.g. the YAML language server) can use them for validation and completion.

>>> schema = json_schema("caribbean_stud")
>>> schema["properties"]["kind"]["const"], "pays" in schema["required"]
('caribbean_stud', True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from casino_sim.config.kinds import KIND_NAMES, is_kind
from casino_sim.config.loader import _adapter
from casino_sim.errors import OptionError

__all__ = ["SCHEMA_DIR", "json_schema", "schema_path", "schema_text"]

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
_SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one ``kind``; ``kind`` is required in every file."""
    if not is_kind(kind):
        raise OptionError(f"unknown kind {kind!r}; expected one of {', '.join(KIND_NAMES)}")
    schema = _adapter(kind).json_schema()
    schema["required"] = ["kind", *(r for r in schema.get("required", []) if r != "kind")]
    return {"$schema": _SCHEMA_URI, "$id": f"casino_sim/{kind}.schema.json", **schema}


def schema_text(kind: str) -> str:
    """The schema as the committed file's text (indented JSON, newline at the end)."""
    return json.dumps(json_schema(kind), indent=2) + "\n"


def schema_path(kind: str) -> Path:
    """Where the committed schema of ``kind`` lives."""
    return SCHEMA_DIR / f"{kind}.schema.json"
