"""GM notes in the encounter file: ``"gm_notes": [{"id", "point": [x, y], "text"}]`` (R-152).

Optional in version 1: a file without it has no notes, and an encounter without notes is
written without the key (older files save back unchanged).
"""

from __future__ import annotations

from typing import Any

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    point,
    records_with_ids,
    short_text,
)
from orcus_desktop.model.notes import MAX_NOTE_TEXT, MapNote

MAX_NOTES = 1_000
"""Notes in one encounter."""


def notes_to(notes: tuple[MapNote, ...]) -> list[dict[str, Any]]:
    """The JSON form of the notes (the inverse of `notes_from`)."""
    return [{"id": n.id, "point": list(n.point), "text": n.text} for n in notes]


def notes_from(value: object, grid: GridBounds) -> tuple[MapNote, ...]:
    """The notes a file lists; an error names the field (``gm_notes[2].point``)."""
    notes: list[MapNote] = []
    for data, where, note_id in records_with_ids(value, "gm_notes", MAX_NOTES):
        x, y = point(data.get("point"), f"{where}.point")
        if not (0 <= x <= grid.columns and 0 <= y <= grid.rows):
            raise EncounterFileError(f"{where}.point: ({x:g}, {y:g}) is off the map")
        words = short_text(data.get("text"), f"{where}.text", MAX_NOTE_TEXT)
        notes.append(MapNote(note_id, (x, y), words))
    return tuple(notes)
