"""GM notes as `GameSession` methods: add, edit, remove (`controller/notes.py`, R-152).

A mixin of the façade (`session.py`), like `session_zones`: each method delegates through
`GameSession._run`, so the session stays the only writer of the document and the undo history.
"""

from __future__ import annotations

from orcus_desktop.controller import notes
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily


class NoteCommands(SessionFamily):
    """The GM-notes family of `GameSession` (see the module docstring)."""

    def add_note(
        self, point: tuple[float, float], text: str, initiator: object = None
    ) -> OperationResult:
        """Pin a note with `text` at `point` (grid units); its id is `created_id`."""
        return self._run(initiator, notes.add_note, point, text)

    def edit_note(self, note_id: str, text: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, notes.edit_note, note_id, text)

    def remove_note(self, note_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, notes.remove_note, note_id)
