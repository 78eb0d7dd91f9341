"""Reading plain dicts (JSON) into rules objects with one-line errors naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from orcus_desktop.vocabulary import CreatureId


def as_int(
    raw: object, field: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """An integer (not a bool), optionally at least ``minimum`` and at most ``maximum``."""
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ValueError(f"{field}: expected an integer, got {raw!r}")
    if minimum is not None and raw < minimum:
        raise ValueError(f"{field}: expected at least {minimum}, got {raw}")
    if maximum is not None and raw > maximum:
        raise ValueError(f"{field}: expected at most {maximum}, got {raw}")
    return raw


def as_opt_int(raw: object, field: str, *, minimum: int | None = None) -> int | None:
    return None if raw is None else as_int(raw, field, minimum=minimum)


def as_str(raw: object, field: str, *, allow_empty: bool = True) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"{field}: expected a string, got {raw!r}")
    if not allow_empty and not raw.strip():
        raise ValueError(f"{field}: must not be empty")
    return raw


def as_opt_str(raw: object, field: str) -> str | None:
    return None if raw is None else as_str(raw, field)


def as_bool(raw: object, field: str) -> bool:
    if not isinstance(raw, bool):
        raise ValueError(f"{field}: expected true or false, got {raw!r}")
    return raw


def as_map(raw: object, field: str) -> Mapping[str, object]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: expected an object, got {json_kind(raw)}")
    return raw


def as_list(raw: object, field: str) -> Sequence[object]:
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
        raise ValueError(f"{field}: expected a list, got {json_kind(raw)}")
    return raw


def json_kind(raw: object) -> str:
    """What a JSON file's reader calls `raw` ("nothing (null)", "text"), not Python's type name.

    The GM reads these messages when a file is refused: "got NoneType" told them nothing.
    """
    if raw is None:
        return "nothing (null)"
    if isinstance(raw, bool):
        return "true or false"
    if isinstance(raw, int | float):
        return "a number"
    if isinstance(raw, str):
        return "text"
    if isinstance(raw, Mapping):
        return "an object"
    if isinstance(raw, Sequence):
        return "a list"
    return type(raw).__name__


def as_opt_id(raw: object, field: str) -> CreatureId | None:
    return None if raw is None else CreatureId(as_str(raw, field))


def check_keys(data: Mapping[str, object], allowed: set[str], field: str) -> None:
    """Refuse unknown keys, so a typo in a hand-written file is reported, not ignored."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"{field}: unknown field {unknown[0]!r}")
