"""The document's commands: snapshot replacement, which makes undo exact.

Every change the controller makes is "this encounter becomes that encounter": the command keeps
both frozen snapshots, so undo restores the previous one bit for bit (HP, conditions, spent
powers, recorded rolls and the log included) and the document diffs them into events.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import Command

if TYPE_CHECKING:
    from orcus_desktop.model.document import Document


class ReplaceEncounter:
    """Replace the document's snapshot `before` with `after`.

    Attributes:
        text: the undo step's name.
        before: the snapshot to restore on undo.
        after: the snapshot to apply on redo.
        merge_key: commands with the same non-None key pushed one after the other merge into
            one step (a token dragged several times in a row by the GM).
    """

    def __init__(
        self,
        text: str,
        before: Encounter,
        after: Encounter,
        merge_key: Hashable | None = None,
    ) -> None:
        self.text = text
        self.before = before
        self.after = after
        self.merge_key = merge_key

    def redo(self, doc: Document) -> None:
        doc.replace(self.after)

    def undo(self, doc: Document) -> None:
        doc.replace(self.before)

    def merge_with(self, other: Command) -> bool:
        if (
            isinstance(other, ReplaceEncounter)
            and self.merge_key is not None
            and other.merge_key == self.merge_key
            and other.before is self.after
        ):
            self.after = other.after
            self.text = other.text
            return True
        return False

    def __repr__(self) -> str:
        return f"ReplaceEncounter({self.text!r})"
