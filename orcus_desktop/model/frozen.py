"""Deep-frozen JSON-like values: mappings become read-only proxies, lists become tuples."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def freeze(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only deep copy of a JSON-like mapping (nested lists become tuples)."""
    return MappingProxyType({k: freeze_any(v) for k, v in value.items()})


def freeze_any(value: Any) -> Any:
    if isinstance(value, Mapping):
        return freeze(value)
    if isinstance(value, list | tuple):
        return tuple(freeze_any(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The plain JSON form of a frozen value (proxies become dicts, tuples become lists)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value
