"""GM notes on the map: add, edit, remove (R-152). Each is one undo step.

Notes are the GM's only: the players' screen never draws them (`ui/map/notes.py` builds their
pins in the GM's scene alone).
"""

from __future__ import annotations

import math
from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, refuse
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.notes import MAX_NOTE_TEXT, MapNote
from orcus_desktop.model.text_repair import repair_text


def _words(text: str) -> tuple[str, str]:
    """The note's text as kept, and why it cannot be ("" when it can)."""
    if len(text.strip()) > MAX_NOTE_TEXT:
        return text, f"a note holds at most {MAX_NOTE_TEXT} characters"
    words = repair_text(text, MAX_NOTE_TEXT)[0].strip()
    if not words:
        return words, "a note needs some text"
    return words, ""


def _done(operation: str, text: str, after: Encounter, created_id: str | None = None) -> Step:
    return Step(after, OperationResult(True, operation, text=text, created_id=created_id))


def add_note(
    engine: Engine, encounter: Encounter, point: tuple[float, float], text: str
) -> Outcome:
    """Pin a note at `point` (grid units) under the next free id (`result.created_id`)."""
    op = "add_note"
    x, y = point
    grid = encounter.grid
    if not (math.isfinite(x) and math.isfinite(y)):
        return refuse(op, "a note's place must be finite numbers")
    if not (0 <= x <= grid.columns and 0 <= y <= grid.rows):
        return refuse(op, f"the note lies off the map at ({x:g}, {y:g})")
    words, problem = _words(text)
    if problem:
        return refuse(op, problem)
    used = {n.id for n in encounter.notes}
    n = len(encounter.notes) + 1
    while f"note-{n}" in used:
        n += 1
    note = MapNote(f"note-{n}", (x, y), words)
    after = encounter_with_notes(encounter, (*encounter.notes, note))
    return _done(op, "Add note", after, created_id=note.id)


def edit_note(engine: Engine, encounter: Encounter, note_id: str, text: str) -> Outcome:
    op = "edit_note"
    note = next((n for n in encounter.notes if n.id == note_id), None)
    if note is None:
        return refuse(op, f'no note "{note_id}"')
    words, problem = _words(text)
    if problem:
        return refuse(op, problem)
    if words == note.text:
        return refuse(op, "the note already says that")
    notes = tuple(MapNote(n.id, n.point, words) if n.id == note_id else n for n in encounter.notes)
    return _done(op, "Edit note", encounter_with_notes(encounter, notes))


def remove_note(engine: Engine, encounter: Encounter, note_id: str) -> Outcome:
    op = "remove_note"
    if not any(n.id == note_id for n in encounter.notes):
        return refuse(op, f'no note "{note_id}"')
    notes = tuple(n for n in encounter.notes if n.id != note_id)
    return _done(op, "Remove note", encounter_with_notes(encounter, notes))


def encounter_with_notes(encounter: Encounter, notes: tuple[MapNote, ...]) -> Encounter:
    return replace(encounter, notes=notes)
