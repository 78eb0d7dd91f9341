"""JSON for the ruleset's frozen values: plain data in, plain data out, never code.

A ruleset is a tree of frozen dataclasses whose fields are JSON scalars, enums (stored as their
values), ``X | None``, tuples (JSON lists) and nested dataclasses. :func:`encode` writes that
tree; :func:`decode` reads it back against the field types, naming the field of the first
wrong value. A dataclass may define ``to_json``/``from_json`` to choose its own form (the
label maps are JSON objects).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")


class _Custom(Protocol):
    def to_json(self) -> object: ...


def encode(value: object) -> object:
    """``value`` as JSON data (tuples become lists, enums their values)."""
    custom = getattr(value, "to_json", None)
    if custom is not None:
        return cast(_Custom, value).to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    return value


@cache
def field_types(cls: type) -> Mapping[str, Any]:
    """The resolved annotations of a dataclass's fields."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def decode_fields(cls: type[T], data: object, where: str) -> T:
    """Build dataclass ``cls`` from a JSON object; missing fields keep their defaults.

    Raises:
        ValueError: Not an object, an unknown field, or a value of the wrong type.
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"{where}: expected an object, got {data!r}")
    types_ = field_types(cast(type, cls))
    values: dict[str, object] = {}
    for name, raw in data.items():
        if name not in types_:
            raise ValueError(f"{where}: unknown field {name!r}")
        values[name] = decode(types_[name], raw, f"{where}.{name}")
    return cls(**values)


def decode(tp: Any, raw: object, where: str) -> Any:
    """Read ``raw`` as a value of type ``tp`` (see module docstring)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if raw is None and type(None) in options:
            return None
        (inner,) = [o for o in options if o is not type(None)]
        return decode(inner, raw, where)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(raw, list):
            raise ValueError(f"{where}: expected a list, got {raw!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(raw))
        if len(raw) != len(args):
            raise ValueError(f"{where}: expected {len(args)} items, got {raw!r}")
        pairs = enumerate(zip(args, raw, strict=True))
        return tuple(decode(a, item, f"{where}[{i}]") for i, (a, item) in pairs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(raw)
        except ValueError:
            raise ValueError(f"{where}: unknown value {raw!r}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        from_json = getattr(tp, "from_json", None)
        if from_json is not None:
            return from_json(raw, where)
        return decode_fields(tp, raw, where)
    return _scalar(tp, raw, where)


def _scalar(tp: Any, raw: object, where: str) -> object:
    if tp is float and type(raw) in (int, float):
        return float(cast(float, raw))
    if tp in (int, str, bool) and type(raw) is tp:
        return raw
    name = getattr(tp, "__name__", str(tp))
    raise ValueError(f"{where}: expected {name}, got {raw!r}")
