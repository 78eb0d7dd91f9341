"""Deep-frozen JSON-like values (mappings become read-only proxies, lists tuples); tuple edits."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

_T = TypeVar("_T")


def freeze(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only deep copy of a JSON-like mapping (nested lists become tuples)."""
    return MappingProxyType({k: freeze_any(v) for k, v in value.items()})


_PLAIN: Final = frozenset({str, int, float, bool, type(None)})
"""JSON's scalars: frozen as they are (R-253: asked first, the costly Mapping test comes last)."""


def freeze_any(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
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


def with_replaced(items: tuple[_T, ...], item: _T, key: Callable[[_T], object]) -> tuple[_T, ...]:
    """`items` with `item` in place of the one with the same `key`, or added at the end."""
    found = [i for i, existing in enumerate(items) if key(existing) == key(item)]
    if not found:
        return (*items, item)
    at = found[0]
    return (*items[:at], item, *items[at + 1 :])
