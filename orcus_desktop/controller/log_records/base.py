"""The base of every typed combat-log record, and typed reads from a record's stored mapping.

A record is the typed form of one `LogEntry.data` (the entry's kind, actor and targets stay on
the entry). `to_dict` writes exactly the JSON-like mapping the file stores; `from_dict` reads
it back, refusing a value of the wrong type with `LogRecordError`. Keys that older files may
lack are read with a default (the layout has only grown since the first encounter files).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeGuard

from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId

Effect = ConditionInstance | PersistentDamage
"""A condition or persistent damage, stored by its own `to_dict` (the rules' layout)."""

Parts = tuple[tuple[int, str], ...]
"""An explained number: (value, source) pairs, the base first (`ResolvedValue.parts`)."""

Cell = tuple[int, int]
"""A square as stored: [column, row]."""


class LogRecordError(ValueError):
    """A stored record that does not have its kind's layout."""


_REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One kind of combat-log event; subclasses set `kind` and their fields."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON-like mapping stored in `LogEntry.data`."""
        return {}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The record stored as `data`.

        Raises:
            LogRecordError: `data` does not have this kind's layout.
        """
        return cls()


class Fields:
    """Typed reads from a stored mapping; a missing key without default or a wrong type raises.

    Args:
        data: the stored mapping (lists may be tuples: the document keeps them frozen).
        where: the record's name, for the error message.
    """

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        if not isinstance(data, Mapping):
            raise LogRecordError(f"{where}: expected a mapping, got {data!r}")
        self._data = data
        self._where = where

    def _get(self, key: str, default: Any) -> Any:
        if key in self._data:
            return self._data[key]
        if default is _REQUIRED:
            raise LogRecordError(f"{self._where}.{key}: missing")
        return default

    def _fail(self, key: str, expected: str, value: Any) -> LogRecordError:
        return LogRecordError(f"{self._where}.{key}: expected {expected}, got {value!r}")

    def has(self, key: str) -> bool:
        return key in self._data

    def integer(self, key: str, default: Any = _REQUIRED) -> int:
        value = self._get(key, default)
        if not is_int(value):
            raise self._fail(key, "an integer", value)
        return value

    def opt_integer(self, key: str) -> int | None:
        value = self._get(key, None)
        return None if value is None else self.integer(key)

    def text(self, key: str, default: Any = _REQUIRED) -> str:
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self._fail(key, "text", value)
        return value

    def opt_text(self, key: str) -> str | None:
        value = self._get(key, None)
        return None if value is None else self.text(key)

    def flag(self, key: str, default: Any = _REQUIRED) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false", value)
        return value

    def opt_flag(self, key: str) -> bool | None:
        value = self._get(key, None)
        return None if value is None else self.flag(key)

    def items(self, key: str, default: Any = _REQUIRED) -> Sequence[Any]:
        value = self._get(key, default)
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise self._fail(key, "a list", value)
        return value

    def texts(self, key: str, default: Any = _REQUIRED) -> tuple[str, ...]:
        values = self.items(key, default)
        if not all(isinstance(v, str) for v in values):
            raise self._fail(key, "a list of text", values)
        return tuple(values)

    def ids(self, key: str, default: Any = _REQUIRED) -> tuple[CreatureId, ...]:
        return tuple(CreatureId(v) for v in self.texts(key, default))

    def mapping(self, key: str, default: Any = _REQUIRED) -> Mapping[str, Any]:
        value = self._get(key, default)
        if not isinstance(value, Mapping):
            raise self._fail(key, "a mapping", value)
        return value

    def opt_mapping(self, key: str) -> Mapping[str, Any] | None:
        value = self._get(key, None)
        return None if value is None else self.mapping(key)

    def mappings(self, key: str, default: Any = _REQUIRED) -> tuple[Mapping[str, Any], ...]:
        values = self.items(key, default)
        if not all(isinstance(v, Mapping) for v in values):
            raise self._fail(key, "a list of mappings", values)
        return tuple(values)

    def parts(self, key: str, default: Any = _REQUIRED) -> Parts:
        out: list[tuple[int, str]] = []
        for item in self.items(key, default):
            if not is_list(item) or len(item) != 2:
                raise self._fail(key, "[value, source] pairs", item)
            value, source = item
            if not is_int(value) or not isinstance(source, str):
                raise self._fail(key, "[value, source] pairs", item)
            out.append((value, source))
        return tuple(out)

    def cell(self, key: str) -> Cell:
        return self._cell(key, self._get(key, _REQUIRED))

    def cells(self, key: str) -> tuple[Cell, ...]:
        return tuple(self._cell(key, item) for item in self.items(key))

    def _cell(self, key: str, item: Any) -> Cell:
        if not is_list(item) or len(item) != 2 or not all(is_int(v) for v in item):
            raise self._fail(key, "[column, row]", item)
        return (item[0], item[1])

    def effect(self, key: str) -> Effect:
        return effect_from_dict(self.mapping(key), f"{self._where}.{key}")

    def opt_effect(self, key: str) -> Effect | None:
        value = self.opt_mapping(key)
        return None if value is None else effect_from_dict(value, f"{self._where}.{key}")

    def effects(self, key: str, default: Any = _REQUIRED) -> tuple[Effect, ...]:
        return tuple(
            effect_from_dict(e, f"{self._where}.{key}") for e in self.mappings(key, default)
        )

    def conditions(self, key: str, default: Any = _REQUIRED) -> tuple[ConditionInstance, ...]:
        where = f"{self._where}.{key}"
        try:
            items = self.mappings(key, default)
            return tuple(ConditionInstance.from_dict(c, where) for c in items)
        except (ValueError, TypeError, KeyError) as exc:
            raise LogRecordError(str(exc)) from None

    def persistent(self, key: str, default: Any = _REQUIRED) -> tuple[PersistentDamage, ...]:
        where = f"{self._where}.{key}"
        try:
            items = self.mappings(key, default)
            return tuple(PersistentDamage.from_dict(p, where) for p in items)
        except (ValueError, TypeError, KeyError) as exc:
            raise LogRecordError(str(exc)) from None


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def effect_from_dict(data: Mapping[str, Any], where: str = "effect") -> Effect:
    """A stored condition (it names one) or persistent damage (it has an amount)."""
    try:
        if "condition" in data:
            return ConditionInstance.from_dict(data, where)
        return PersistentDamage.from_dict(data, where)
    except (ValueError, TypeError, KeyError) as exc:
        raise LogRecordError(str(exc)) from None


def parts_to_list(parts: Parts) -> list[list[Any]]:
    return [[value, source] for value, source in parts]


def cells_to_list(cells: Sequence[Cell]) -> list[list[int]]:
    return [list(c) for c in cells]
