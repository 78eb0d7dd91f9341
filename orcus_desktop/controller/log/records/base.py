"""The base of every typed combat-log record, and the one codec between records and mappings.

A record is the typed form of one `LogEntry.data` (the entry's kind, actor and targets stay on
the entry). `to_dict` writes exactly the JSON-like mapping the file stores; `from_dict` reads
it back, refusing a value of the wrong type with `LogRecordError`. Both are derived from the
dataclass fields: a field is stored under its name in the form its type implies (a tuple as a
list, a nested record as its mapping), and a `Stored` annotation says where a field departs
from that. Keys that older files may lack are read with a default (the layout has only grown
since the first encounter files): the field's default, or the `Stored.missing` value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import (
    Annotated,
    Any,
    ClassVar,
    Final,
    Self,
    TypeGuard,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.encounter import Encounter
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


_UNSET: Any = object()


@dataclass(frozen=True, slots=True)
class Stored:
    """How a field departs from "under its own name, always written" (use in `Annotated`).

    Attributes:
        key: the stored key, when not the field's name.
        missing: the value read when the key is absent, when not the field's default.
        omit: a value left out of the mapping (None, False) rather than written.
        along: another field this one is written and read only together with.
        unless: another field whose presence replaces this one (written and read without it).
        inline: a nested record whose keys sit in this record's own mapping.
    """

    key: str | None = None
    missing: Any = _UNSET
    omit: Any = _UNSET
    along: str | None = None
    unless: str | None = None
    inline: bool = False


_Write = Callable[[Any], Any]
_Read = Callable[[Any, str], Any]


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    key: str
    kind: Any
    write: _Write
    read: _Read
    missing: Any
    stored: Stored


@dataclass(frozen=True, slots=True)
class DictRecord:
    """A frozen dataclass stored as a mapping derived from its fields (see the module doc)."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, kind: str = "") -> None:
        """`kind="..."` in a record's class header names the log kind it is stored as.

        A record with no fields of its own is a plain subclass (it inherits the dataclass).
        """
        if kind:
            cls.kind = kind

    def to_dict(self) -> dict[str, Any]:
        """The JSON-like mapping stored (in `LogEntry.data`, for a `LogRecord`)."""
        data: dict[str, Any] = {}
        written: set[str] = set()
        for field in _fields_of(type(self)):
            value = getattr(self, field.name)
            how = field.stored
            if how.omit is not _UNSET and value is how.omit:
                continue
            if (how.along and how.along not in written) or (how.unless and how.unless in written):
                continue
            if how.inline:
                data.update(value.to_dict())
            else:
                data[field.key] = field.write(value)
            written.add(field.name)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The record stored as `data`.

        Raises:
            LogRecordError: `data` does not have this kind's layout.
        """
        where = cls.kind or cls.__name__
        _mapping(data, where)
        values: dict[str, Any] = {}
        for field in _fields_of(cls):
            how = field.stored
            if (how.along and _left_out(cls, how.along, values)) or (
                how.unless and not _left_out(cls, how.unless, values)
            ):
                values[field.name] = field.missing
            elif how.inline:
                values[field.name] = field.kind.from_dict(data)
            elif field.key in data:
                values[field.name] = field.read(data[field.key], f"{where}.{field.key}")
            elif field.missing is _UNSET:
                raise LogRecordError(f"{where}.{field.key}: missing")
            else:
                values[field.name] = field.missing
        return cls(**values)

    @classmethod
    def opt_from_dict(cls, data: Mapping[str, Any] | None) -> Self | None:
        return None if data is None else cls.from_dict(data)


@dataclass(frozen=True, slots=True)
class LogRecord(DictRecord):
    """One kind of combat-log event; subclasses set `kind` and their fields."""

    def logged_in(
        self, combat: Combat, actor: str | None = None, targets: Iterable[str] = ()
    ) -> Combat:
        """`combat` with this record as one more log entry: the one writer of an entry.

        The entry keeps the record's `kind` and `to_dict()`; `actor` did it, to `targets`.
        """
        who = CreatureId(actor) if actor else None
        whom = tuple(CreatureId(t) for t in targets)
        return combat.logged(self.kind, who, whom, self.to_dict())

    def logged_on(
        self, encounter: Encounter, actor: str | None = None, targets: Iterable[str] = ()
    ) -> Encounter:
        """`encounter` with this record as one more entry of its combat log (`logged_in`)."""
        return encounter.with_combat(self.logged_in(encounter.combat, actor, targets))


def _left_out(cls: type[DictRecord], name: str, values: Mapping[str, Any]) -> bool:
    omit = next(f.stored.omit for f in _fields_of(cls) if f.name == name)
    return values[name] is omit


_FIELDS: Final[dict[type[DictRecord], tuple[_Field, ...]]] = {}


def _fields_of(cls: type[DictRecord]) -> tuple[_Field, ...]:
    if cls not in _FIELDS:
        _FIELDS[cls] = _read_fields(cls)
    return _FIELDS[cls]


def _read_fields(cls: type[DictRecord]) -> tuple[_Field, ...]:
    hints = get_type_hints(cls, include_extras=True)
    out: list[_Field] = []
    for field in dataclasses.fields(cls):
        kind, stored = hints[field.name], Stored()
        if get_origin(kind) is Annotated:
            stored = next(m for m in kind.__metadata__ if isinstance(m, Stored))
            kind = get_args(kind)[0]
        missing = stored.missing
        if missing is _UNSET and field.default is not dataclasses.MISSING:
            missing = field.default
        if missing is _UNSET and stored.omit is not _UNSET:
            missing = stored.omit
        if missing is _UNSET and _optional(kind):
            missing = None
        write, read = _codec(kind)
        key = stored.key or field.name
        out.append(_Field(field.name, key, kind, write, read, missing, stored))
    return tuple(out)


def _optional(kind: Any) -> bool:
    return get_origin(kind) in (Union, UnionType) and NoneType in get_args(kind)


def _codec(kind: Any) -> tuple[_Write, _Read]:
    """How a value of type `kind` is written and read back (the read checks the type)."""
    if kind is bool:
        return _same, _checked(lambda v: isinstance(v, bool), "true or false")
    if kind is int:
        return _same, _checked(is_int, "an integer")
    if kind is str:
        return _same, _checked(lambda v: isinstance(v, str), "text")
    if kind is CreatureId:
        text = _checked(lambda v: isinstance(v, str), "text")
        return _same, lambda value, where: CreatureId(text(value, where))
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, UnionType):
        return _union_codec(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        write, read = _codec(args[0])
        return (lambda value: [write(v) for v in value]), (
            lambda value, where: tuple(read(v, where) for v in _list(value, where))
        )
    if origin is tuple:
        codecs = [_codec(a) for a in args]
        return (lambda value: [w(v) for (w, _), v in zip(codecs, value, strict=True)]), (
            lambda value, where: tuple(
                r(v, where)
                for (_, r), v in zip(codecs, _list(value, where, len(args)), strict=True)
            )
        )
    if kind in (ConditionInstance, PersistentDamage):
        return _to_dict, lambda value, where: _rules_effect(kind, _mapping(value, where), where)
    if isinstance(kind, type) and issubclass(kind, DictRecord):
        return _to_dict, lambda value, where: kind.from_dict(_mapping(value, where))
    raise TypeError(f"no stored form for {kind!r}")


def _union_codec(args: tuple[Any, ...]) -> tuple[_Write, _Read]:
    rest = tuple(a for a in args if a is not NoneType)
    write: _Write
    read: _Read
    if set(rest) == {ConditionInstance, PersistentDamage}:
        write, read = _to_dict, _effect
    else:
        (only,) = rest
        write, read = _codec(only)
    if len(rest) == len(args):
        return write, read
    return (lambda value: None if value is None else write(value)), (
        lambda value, where: None if value is None else read(value, where)
    )


def _same(value: Any) -> Any:
    return value


def _to_dict(value: Any) -> Any:
    return value.to_dict()


def _checked(test: Callable[[Any], bool], expected: str) -> _Read:
    def read(value: Any, where: str) -> Any:
        if not test(value):
            raise LogRecordError(f"{where}: expected {expected}, got {value!r}")
        return value

    return read


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise LogRecordError(f"{where}: expected a mapping, got {value!r}")
    return value


def _list(value: Any, where: str, length: int | None = None) -> Sequence[Any]:
    if not is_list(value) or (length is not None and len(value) != length):
        expected = "a list" if length is None else f"a list of {length}"
        raise LogRecordError(f"{where}: expected {expected}, got {value!r}")
    return value


def _rules_effect(kind: Any, data: Mapping[str, Any], where: str) -> Effect:
    try:
        effect: Effect = kind.from_dict(data, where)
    except (ValueError, TypeError, KeyError) as exc:
        raise LogRecordError(str(exc)) from None
    return effect


def _effect(value: Any, where: str) -> Effect:
    return effect_from_dict(_mapping(value, where), where)


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_list(value: Any) -> TypeGuard[Sequence[Any]]:
    return isinstance(value, Sequence) and not isinstance(value, str)


def effect_from_dict(data: Mapping[str, Any], where: str = "effect") -> Effect:
    """A stored condition (it names one) or persistent damage (it has an amount)."""
    kind = ConditionInstance if "condition" in data else PersistentDamage
    return _rules_effect(kind, data, where)
