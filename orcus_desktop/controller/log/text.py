"""The wording of the combat log: the one text for each entry, for the log panel and any export.

The log stores structured events (`model.combat.LogEntry`), read into typed records by
`log_records`. Rolls and explained numbers are rebuilt from the records and printed by
`rules.format` ("Orc: 18 (d20) +3 Strength +0 half level = 21 vs AC 15 -> hit"). An attack
takes several lines: its targets and what they took are indented below it. The writers
live by topic in `writers/`; the words they share with the app in `words.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from orcus_desktop.controller.log.records import LogRecord, LogRecordError, record_of
from orcus_desktop.controller.log.words import Label, plain_label
from orcus_desktop.controller.log.writers import actions, fighting, hit_points, turn_flow
from orcus_desktop.controller.log.writers.base import NameOf, Worded, Writer, Writers
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter


def _gathered(*topics: Writers) -> Mapping[type[LogRecord], Writer]:
    """Every topic's writers in one table; a record type worded twice is refused at load."""
    table: dict[type[LogRecord], Writer] = {}
    for topic in topics:
        twice = table.keys() & topic.by_type.keys()
        if twice:
            raise ValueError(f"worded twice: {sorted(t.__name__ for t in twice)}")
        table.update(topic.by_type)
    return MappingProxyType(table)


_WRITERS: Final = _gathered(
    turn_flow.WRITERS, fighting.WRITERS, hit_points.WRITERS, actions.WRITERS
)


def names_of(encounter: Encounter) -> dict[str, str]:
    """Creature id -> display name, for `describe`."""
    return {c.id: c.name for c in encounter.creatures}


def describe(entry: LogEntry, names: Mapping[str, str]) -> str:
    """`entry_text` with the names from a mapping (an id not in it prints as itself)."""
    return entry_text(entry, lambda cid: names.get(cid, cid) if cid else "")


def entry_text(entry: LogEntry, name: NameOf, label: Label = plain_label) -> str:
    """The entry as text (several lines for an attack); never raises.

    ``label`` names conditions as the encounter's ruleset does (`Ruleset.label`). An entry of
    an unknown kind, or whose details do not have its kind's layout, gets the generic line of
    `fallback_text`.
    """
    try:
        record = record_of(entry)
        return _WRITERS[type(record)](Worded(entry, name, label), record)
    except (LogRecordError, ValueError, LookupError):
        return fallback_text(entry, name)


def fallback_text(entry: LogEntry, name: NameOf) -> str:
    """The generic line: who, the kind in words, and the targets ("Alice delay (Bob)")."""
    actor = name(entry.actor) if entry.actor else ""
    targets = ", ".join(name(t) for t in entry.targets)
    return f"{actor} {entry.kind.replace('_', ' ')}".strip() + (f" ({targets})" if targets else "")


def worded_types() -> frozenset[type[LogRecord]]:
    """The record types with their own wording (every registered kind, the tests check)."""
    return frozenset(_WRITERS)
