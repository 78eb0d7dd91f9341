"""Commands and the undo history: the only way the document changes.

A `Command` is a Qt-free object with `QUndoCommand` semantics: `redo(doc)` applies it, `undo(doc)`
reverts it exactly, `merge_with(other)` lets a later command fold into it (a drag becomes one
step), and `text` names it in the Edit menu ("Undo Move Goblin 3 squares"). `History.group()`
folds several commands into one undo step (an attack's damage, conditions and spent power).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from psygnal import Signal

if TYPE_CHECKING:
    from orcus_desktop.model.document import Document

DEFAULT_LIMIT = 1000

_check_after_each_step = os.environ.get("ORCUS_DESKTOP_CHECK_INVARIANTS", "") == "1"


def enable_invariant_checks(enabled: bool = True) -> None:
    """Check the document invariant (`model/invariants.py`) after every undo step.

    Debug and test runs turn it on (tests/conftest.py, or ORCUS_DESKTOP_CHECK_INVARIANTS=1):
    a command that leaves a broken encounter then raises `EncounterFileError` at once.
    """
    global _check_after_each_step
    _check_after_each_step = enabled


def _check(document: Document) -> None:
    if _check_after_each_step:
        from orcus_desktop.model.invariants import check_encounter

        check_encounter(document.encounter)


@runtime_checkable
class Command(Protocol):
    """One undoable change of the document."""

    text: str

    def redo(self, doc: Document) -> None:
        """Apply the change (also the first time: `History.push` calls it)."""

    def undo(self, doc: Document) -> None:
        """Revert the change exactly."""

    def merge_with(self, other: Command) -> bool:
        """Fold `other` (pushed right after this one, already applied) into this one.

        Returns:
            True when merged: the history then keeps only this command.
        """


class MacroCommand:
    """Several commands as one undo step (what `History.group` pushes)."""

    def __init__(self, text: str, commands: list[Command]) -> None:
        self.text = text
        self.commands = list(commands)

    def redo(self, doc: Document) -> None:
        for command in self.commands:
            command.redo(doc)

    def undo(self, doc: Document) -> None:
        for command in reversed(self.commands):
            command.undo(doc)

    def merge_with(self, other: Command) -> bool:
        return False


def leaves_encounter(command: Command) -> bool:
    """True for a step that changes nothing saved in the encounter file.

    A library-only edit is undoable with the rest (issue 17) but writes the GM's library file,
    not the encounter: it must not mark the encounter unsaved. Such a command says so with a
    true `leaves_encounter` attribute; a group is one when all of its commands are.
    """
    if isinstance(command, MacroCommand):
        return all(leaves_encounter(c) for c in command.commands)
    return bool(getattr(command, "leaves_encounter", False))


@dataclass(frozen=True)
class HistoryState:
    """The undo and redo steps of a history and which of them was saved (`History.state`)."""

    commands: tuple[Command, ...]
    index: int
    clean_index: int | None


class History:
    """The undo/redo stack of one document (Qt's `QUndoStack` without Qt).

    Signals:
        changed: emitted after anything about the stack changed (push, undo, redo, clear,
            clean state); the UI refreshes its Undo/Redo actions from it.
    """

    changed = Signal()

    def __init__(self, document: Document, limit: int = DEFAULT_LIMIT) -> None:
        self._document = document
        self._limit = max(1, limit)
        self._commands: list[Command] = []
        self._index = 0  # commands[:index] are done, commands[index:] can be redone
        self._clean_index: int | None = 0
        self._groups: list[tuple[str, list[Command]]] = []

    @property
    def document(self) -> Document:
        return self._document

    # -- queries ---------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._index > 0 and not self._groups

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._commands) and not self._groups

    @property
    def undo_text(self) -> str:
        """The text of the step `undo()` would revert, or "" when there is none."""
        return self._commands[self._index - 1].text if self._index > 0 else ""

    @property
    def redo_text(self) -> str:
        """The text of the step `redo()` would apply, or "" when there is none."""
        return self._commands[self._index].text if self._index < len(self._commands) else ""

    @property
    def is_clean(self) -> bool:
        """True when the encounter equals what was last saved (or opened).

        Steps between the saved one and now that leave the encounter alone (`leaves_encounter`)
        do not count.
        """
        if self._clean_index is None:
            return False
        low, high = sorted((self._clean_index, self._index))
        return all(leaves_encounter(c) for c in self._commands[low:high])

    @property
    def in_group(self) -> bool:
        return bool(self._groups)

    def __len__(self) -> int:
        return len(self._commands)

    # -- changes ---------------------------------------------------------------------------

    def push(self, command: Command) -> None:
        """Apply `command` and record it as the newest undo step (or merge it into the last).

        Inside `group()` the command is applied and collected into the group's step.
        """
        command.redo(self._document)
        if self._groups:
            self._groups[-1][1].append(command)
            return
        self._record(command, allow_merge=True)
        _check(self._document)

    def undo(self) -> bool:
        """Revert the newest done step; False when there is none."""
        if not self.can_undo:
            return False
        self._index -= 1
        self._commands[self._index].undo(self._document)
        self.changed.emit()
        _check(self._document)
        return True

    def redo(self) -> bool:
        """Re-apply the oldest undone step; False when there is none."""
        if not self.can_redo:
            return False
        self._commands[self._index].redo(self._document)
        self._index += 1
        self.changed.emit()
        _check(self._document)
        return True

    @contextmanager
    def group(self, text: str) -> Iterator[None]:
        """Make every command pushed inside the block one undo step named `text`.

        Nested groups fold into the outermost one. If the block raises, the commands it already
        applied are undone (newest first) and the exception propagates: a step is all or nothing.
        """
        self._groups.append((text, []))
        try:
            yield
        except BaseException:
            _, commands = self._groups.pop()
            for command in reversed(commands):
                command.undo(self._document)
            raise
        _, commands = self._groups.pop()
        if not commands:
            return
        if self._groups:
            self._groups[-1][1].extend(commands)
            return
        # Always a macro, even for one command: a grouped step never merges with a later push.
        self._record(MacroCommand(text, commands), allow_merge=False)
        _check(self._document)

    def clear(self) -> None:
        """Forget every step; the current document counts as clean (e.g. just opened)."""
        self._commands.clear()
        self._index = 0
        self._clean_index = 0
        self.changed.emit()

    def state(self) -> HistoryState:
        """The steps as they are now, to put back with `restore` (outside any group)."""
        return HistoryState(tuple(self._commands), self._index, self._clean_index)

    def restore(self, state: HistoryState) -> None:
        """Put back the steps of `state`; the document must be as it was when it was taken.

        A failed open puts the old encounter back with its history intact (issue 12).
        """
        self._commands = list(state.commands)
        self._index = state.index
        self._clean_index = state.clean_index
        self.changed.emit()

    def mark_clean(self) -> None:
        """Record that the document was saved as it is now."""
        self._clean_index = self._index
        self.changed.emit()

    # -- internals -------------------------------------------------------------------------

    def _record(self, command: Command, *, allow_merge: bool) -> None:
        if self._index < len(self._commands):
            dropped = self._commands[self._index :]
            del self._commands[self._index :]
            if self._clean_index is not None and self._clean_index > self._index:
                saved_is_here = all(
                    leaves_encounter(c) for c in dropped[: self._clean_index - self._index]
                )
                # The saved state can no longer be reached, unless only library steps lay
                # between it and here: then the encounter here is the saved one.
                self._clean_index = self._index if saved_is_here else None
        top = self._commands[-1] if self._commands else None
        if allow_merge and top is not None and top.merge_with(command):
            if self._clean_index == self._index:
                self._clean_index = None  # the saved step now means something else
            self.changed.emit()
            return
        self._commands.append(command)
        self._index += 1
        overflow = len(self._commands) - self._limit
        if overflow > 0:
            del self._commands[:overflow]
            self._index -= overflow
            if self._clean_index is not None:
                self._clean_index -= overflow
                if self._clean_index < 0:
                    self._clean_index = None
        self.changed.emit()
