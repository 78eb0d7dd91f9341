"""The one error type of encounter files and the typed readers of their fields.

Every reader takes the value and `where`, the field path (`creatures[3].square`), and either
returns the value or raises `EncounterFileError` naming that path and the problem.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from orcus_desktop.geometry.grid import GridBounds, Square

FORMAT = "orcus-encounter"
CURRENT_VERSION = 1


class EncounterFileError(ValueError):
    """A file that is not a readable encounter; the message is one line for the user."""


def mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EncounterFileError(f"{where}: expected an object")
    return value


def list_at(value: object, where: str, most: int | None = None) -> list[Any]:
    """`value` as a list (of at most `most` items, when given)."""
    if not isinstance(value, list):
        raise EncounterFileError(f"{where}: expected a list")
    if most is not None and len(value) > most:
        raise EncounterFileError(f"{where}: {len(value)} items, at most {most} are allowed")
    return value


def whole(value: object, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise EncounterFileError(f"{where}: expected a whole number from {low} to {high}")
    return value


def number(value: object, where: str) -> float:
    """`value` as a finite number."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise EncounterFileError(f"{where}: expected a number")
    try:
        result = float(value)
    except OverflowError:
        result = math.inf
    if not math.isfinite(result):
        raise EncounterFileError(f"{where}: expected a finite number")
    return result


def point(value: object, where: str) -> tuple[float, float]:
    items = list_at(value, where)
    if len(items) != 2:
        raise EncounterFileError(f"{where}: expected [x, y]")
    return (number(items[0], where), number(items[1], where))


def square_at(value: object, where: str, grid: GridBounds) -> Square:
    items = value if isinstance(value, list) else None
    if items is None or len(items) != 2:
        raise EncounterFileError(f"{where}: expected [column, row]")
    square = Square(
        whole(items[0], where, -(10**6), 10**6), whole(items[1], where, -(10**6), 10**6)
    )
    if not grid.contains(square):
        raise EncounterFileError(
            f"{where}: square ({square.col}, {square.row}) is off the "
            f"{grid.columns}x{grid.rows} grid"
        )
    return square


def known_id(value: object, where: str, creature_ids: set[str]) -> str:
    if not isinstance(value, str) or value not in creature_ids:
        raise EncounterFileError(f"{where}: not the id of a creature in this encounter")
    return value


def boolean(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise EncounterFileError(f"{where}: expected true or false")
    return value


def optional_whole(value: object, where: str) -> int | None:
    return None if value is None else whole(value, where, -(10**6), 10**6)


def text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise EncounterFileError(f"{where}: expected text")
    return value


def short_text(value: object, where: str, most: int) -> str:
    """`value` as text of 1 to `most` characters once stripped (the stripped text)."""
    words = text(value, where).strip()
    if not words or len(words) > most:
        raise EncounterFileError(f"{where}: 1 to {most} characters")
    return words


_E = TypeVar("_E", bound=StrEnum)
_Row = TypeVar("_Row")


def enum_at(kind: type[_E], value: object, where: str) -> _E:
    """`value` as a member of `kind`; else an error at `where` listing the allowed values."""
    try:
        return kind(str(value)) if isinstance(value, str) else kind("\0")
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise EncounterFileError(f"{where}: expected one of {allowed}") from None


def records_with_ids(
    value: object, key: str, most: int
) -> Iterator[tuple[Mapping[str, Any], str, str]]:
    """Each record of the list ``key`` with its path and its id, which is not empty and unique.

    The lists of the map's things a GM adds by hand (notes, zones) name each by an ``"id"``.
    """
    seen: set[str] = set()
    for i, raw in enumerate(list_at(value, key, most)):
        where = f"{key}[{i}]"
        data = mapping(raw, where)
        record_id = text(data.get("id"), f"{where}.id")
        if not record_id or record_id in seen:
            raise EncounterFileError(f'{where}.id: "{record_id}" is empty or used twice')
        seen.add(record_id)
        yield data, where, record_id


def combat_rows_to(
    key: str, rows: Sequence[_Row], write: Callable[[_Row], dict[str, Any]]
) -> dict[str, Any]:
    """``{key: [...]}`` for a combat list written only when it has rows.

    The files of rulesets without the list never carry the key.
    """
    return {key: [write(row) for row in rows]} if rows else {}


def combat_rows_at(data: Mapping[str, Any], key: str) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Each row of the combat list ``key`` with its path (none when the key is missing)."""
    where = f"combat.{key}"
    for i, item in enumerate(list_at(data.get(key, []), where)):
        yield mapping(item, f"{where}[{i}]"), f"{where}[{i}]"
