"""What changes when an encounter switches from one ruleset to another (Encounter -> Ruleset).

The GM sees one line per rules value that differs, found by comparing the two rulesets' JSON
(docs/rulesets.md "What a ruleset holds"), so the list can never drift from the data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

from orcus_desktop.rules.ruleset.core import Ruleset

_IDENTITY: Final = frozenset({"id", "name", "version", "source", "description", "experimental"})
_ROW_KEYS: Final = frozenset({"source", "condition", "role"})


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, sort_keys=True)


def _none_if_empty(value: object) -> object:
    return None if isinstance(value, list | dict) and not value else value


def _keyed(value: object) -> object:
    """Lists of rows become maps (by condition, else by 1-based position) to compare by row."""
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        return {str(v.get("condition", v.get("role", i))): v for i, v in enumerate(value, start=1)}
    return value


def _walk(path: str, old: object, new: object, out: list[str]) -> None:
    old, new = _keyed(_none_if_empty(old)), _keyed(_none_if_empty(new))
    if old == new or path.rsplit(".", 1)[-1] in _ROW_KEYS:
        return
    if isinstance(old, Mapping) or isinstance(new, Mapping):
        old = old if isinstance(old, Mapping) else {}
        new = new if isinstance(new, Mapping) else {}
        for key in sorted(set(old) | set(new), key=str):
            _walk(f"{path}.{key}" if path else str(key), old.get(key), new.get(key), out)
        return
    out.append(f"{path.replace('_', ' ')}: {_text(old)} -> {_text(new)}")


def ruleset_changes(old: Ruleset, new: Ruleset) -> tuple[str, ...]:
    """One line per differing rules value, "charge ends actions: no -> yes" (field order)."""
    before, after = old.to_dict(), new.to_dict()
    out: list[str] = []
    for key in before:
        if key not in _IDENTITY:
            _walk(key, before[key], after.get(key), out)
    return tuple(out)
