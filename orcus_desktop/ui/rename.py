"""Edit > Rename Creature… (F2) and Encounter > Rename Encounter…: a name typed in a small dialog.

A creature: the selected token or initiative row (issue 13, "Tokens"); Enter renames through
`editing.update_creature`, the only writer, which repairs and limits the name like any typed
text (controller/editing/editing.py) and makes it one undo step
("Rename Goblin Warrior 1 to Snaga").
The encounter: its name in the window title, Save As and the autosave recovery list, through
`editing.rename_encounter` (one undo step). An empty name is refused in the dialog, which
stays open.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.file_format.limits import MAX_NAME_CHARS
from orcus_desktop.ui.dialog_parts import error_label, ok_cancel_buttons, shows_done
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.panels.initiative import InitiativePanel

Rename = Callable[[str], OperationResult | None]
"""Renames to the stripped name typed: the session's answer, or None when nothing changes."""


class NameDialog(QDialog):
    """A name to type, the old one filled in and selected; OK (or Enter) renames.

    A refusal (an empty name) is said on the error line and the dialog stays open.

    Attributes:
        name_edit: the name typed.
        error: why the session refused it.
    """

    def __init__(
        self, title: str, name: str, rename: Rename, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._rename = rename
        self.name_edit = QLineEdit(name, self)
        self.name_edit.setMaxLength(MAX_NAME_CHARS)
        self.name_edit.selectAll()
        self.error = error_label(self)
        layout = QFormLayout(self)
        layout.addRow("&Name:", self.name_edit)
        layout.addRow(self.error)
        layout.addRow(ok_cancel_buttons(self))

    def accept(self) -> None:
        result = self._rename(self.name_edit.text().strip())
        if result is None or shows_done(self.error, result):
            super().accept()


class RenameDialog(NameDialog):
    """Edit > Rename Creature… (F2): the new name for one creature."""

    def __init__(
        self, creature_id: str, name: str, rename: Rename, parent: QWidget | None = None
    ) -> None:
        super().__init__(f"Rename {name}", name, rename, parent)
        self.setObjectName("renameDialog")
        self.creature_id = creature_id


class CreatureRenamer(QObject):
    """The F2 action and its dialog.

    Args:
        window: the main window (the action's parent and the dialog's).
        session: the façade every rename goes through.
        scene: the map, whose selected token is renamed...
        initiative: ...or the initiative list's selected row, when the list has the focus.
        say: shows a line to the GM (nothing selected: what to select).
    """

    def __init__(
        self,
        window: QWidget,
        session: GameSession,
        scene: MapScene,
        initiative: InitiativePanel,
        say: Callable[[str], object],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._scene = scene
        self._initiative = initiative
        self._say = say
        self.dialog: RenameDialog | None = None
        self.action = make_action(
            window, "Re&name Creature…", "F2", tip="Rename the selected creature", slot=self.ask
        )

    def ask(self) -> None:
        """Open the dialog for the target creature (nothing selected: says what to select)."""
        in_list = self._initiative.table.hasFocus()
        creature_id = (
            self._initiative.selected_creature_id()
            if in_list
            else self._scene.selected_creature_id() or self._initiative.selected_creature_id()
        )
        creature = self._session.encounter.find_creature(creature_id) if creature_id else None
        if creature is None:
            self._say("Select a creature to rename: click its token or its initiative row.")
            return
        if self.dialog is not None:
            self.dialog.deleteLater()
        had_focus = QApplication.focusWidget()
        creature_id = creature.id

        def rename(name: str) -> OperationResult | None:
            now = self._session.encounter.find_creature(creature_id)
            if now is None or name == now.name:
                return None
            return self._session.by(self._window).run(
                editing.update_creature, creature_id, name=name
            )

        self.dialog = RenameDialog(creature.id, creature.name, rename, self._window)
        self.dialog.finished.connect(lambda _code: self._give_back_focus(had_focus))
        self.dialog.open()
        self.dialog.name_edit.setFocus()

    def _give_back_focus(self, had_focus: QWidget | None) -> None:
        """The window's keys (Ctrl+Z, B, F2) work again at once where the GM was."""
        self._window.activateWindow()
        if had_focus is not None and shiboken6.isValid(had_focus):
            had_focus.setFocus()


class EncounterNameDialog(NameDialog):
    """Encounter > Rename Encounter…: the encounter's name (one undo step)."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        def rename(name: str) -> OperationResult | None:
            if name == session.encounter.name:
                return None
            return session.by(self).run(editing.rename_encounter, name)

        super().__init__("Rename encounter", session.encounter.name, rename, parent)
        self.setObjectName("encounterNameDialog")


def rename_encounter_action(window: QWidget, session: GameSession) -> QAction:
    """The Encounter menu's Rename Encounter… (its dialog is modal to `window`)."""

    def ask() -> None:
        dialog = EncounterNameDialog(session, window)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    return make_action(
        window,
        "Re&name Encounter…",
        tip="Name the encounter (the window title, Save As and the recovery list show it)",
        slot=ask,
    )
