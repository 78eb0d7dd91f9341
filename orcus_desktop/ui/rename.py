"""Edit > Rename Creature… (F2) and Encounter > Rename Encounter…: a name typed in a small dialog.

A creature: the selected token or initiative row (issue 13, "Tokens"); Enter renames through
`GameSession.update_creature`, the only writer, which repairs and limits the name like any typed
text (controller/editing.py) and makes it one undo step ("Rename Goblin Warrior 1 to Snaga").
The encounter: its name in the window title, Save As and the autosave recovery list, through
`GameSession.rename_encounter` (one undo step; an empty name is refused in the dialog).
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

from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.file_format.limits import MAX_NAME_CHARS
from orcus_desktop.ui.dialog_parts import error_label, ok_cancel_buttons, shows_done
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.panels.initiative import InitiativePanel


class RenameDialog(QDialog):
    """The new name for one creature, its old name filled in and selected."""

    def __init__(self, creature_id: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("renameDialog")
        self.setWindowTitle(f"Rename {name}")
        self.creature_id = creature_id
        self.name_edit = QLineEdit(name, self)
        self.name_edit.setMaxLength(MAX_NAME_CHARS)
        self.name_edit.selectAll()
        buttons = ok_cancel_buttons(self)
        layout = QFormLayout(self)
        layout.addRow("&Name:", self.name_edit)
        layout.addRow(buttons)


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
        self.dialog = RenameDialog(creature.id, creature.name, self._window)
        self.dialog.accepted.connect(self._on_accepted)
        self.dialog.finished.connect(lambda _code: self._give_back_focus(had_focus))
        self.dialog.open()
        self.dialog.name_edit.setFocus()

    def _give_back_focus(self, had_focus: QWidget | None) -> None:
        """The window's keys (Ctrl+Z, B, F2) work again at once where the GM was."""
        self._window.activateWindow()
        if had_focus is not None and shiboken6.isValid(had_focus):
            had_focus.setFocus()

    def _on_accepted(self) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        name = dialog.name_edit.text().strip()
        creature = self._session.encounter.find_creature(dialog.creature_id)
        if creature is None or name == creature.name:
            return
        # A refusal (an empty name) is told in the status bar by the window's reporter.
        self._session.update_creature(creature.id, name=name, initiator=self._window)


class EncounterNameDialog(QDialog):
    """Encounter > Rename Encounter…: the name filled in and selected; a refusal keeps it open.

    Attributes:
        name_edit: the name typed.
        error: why the session refused it (an empty name).
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounterNameDialog")
        self.setWindowTitle("Rename encounter")
        self._session = session
        self.name_edit = QLineEdit(session.encounter.name, self)
        self.name_edit.setMaxLength(MAX_NAME_CHARS)
        self.name_edit.selectAll()
        self.error = error_label(self)
        layout = QFormLayout(self)
        layout.addRow("&Name:", self.name_edit)
        layout.addRow(self.error)
        layout.addRow(ok_cancel_buttons(self, self._on_ok))

    def _on_ok(self) -> None:
        name = self.name_edit.text().strip()
        session = self._session
        unchanged = name == session.encounter.name
        if unchanged or shows_done(self.error, session.rename_encounter(name, initiator=self)):
            self.accept()


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
