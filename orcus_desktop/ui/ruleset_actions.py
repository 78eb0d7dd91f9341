"""File > New (with its ruleset and grid) and Encounter > Ruleset… of one window.

An encounter is played by a ruleset (docs/rulesets.md): File > New asks which (Orcus by
default) and how big a grid; Encounter > Ruleset… shows the current one with its description
and source and lets the GM switch outside combat, one undoable step that lists what changes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.ruleset_choice import (
    DEFAULT_CHOICE,
    IN_COMBAT,
    changes_between,
    new_encounter,
    ruleset_choices,
    ruleset_info,
)
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_GRID_SIDE
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.status_report import StatusReport

NEW_GRID = (20, 15)
"""The grid File > New offers (columns, rows)."""


def _ruleset_box(current: str) -> QComboBox:
    box = QComboBox()
    for info in ruleset_choices():
        box.addItem(info.title, info.id)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


class NewEncounterDialog(QDialog):
    """Asks for a new encounter's ruleset (default Orcus) and grid size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.ruleset_box = _ruleset_box(DEFAULT_CHOICE)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.columns = QSpinBox()
        self.rows = QSpinBox()
        for spin, value in ((self.columns, NEW_GRID[0]), (self.rows, NEW_GRID[1])):
            spin.setRange(1, MAX_GRID_SIDE)
            spin.setValue(value)
        form = QFormLayout()
        form.addRow("Ruleset", self.ruleset_box)
        form.addRow("", self.about)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.ruleset_box.currentIndexChanged.connect(self._show_about)
        self._show_about()

    def chosen(self) -> tuple[str, int, int]:
        """(ruleset id, columns, rows)."""
        return str(self.ruleset_box.currentData()), self.columns.value(), self.rows.value()

    def _show_about(self) -> None:
        self.about.setText(ruleset_info(str(self.ruleset_box.currentData())).summary)


class RulesetDialog(QDialog):
    """Encounter > Ruleset…: the current ruleset, and another to switch to with its changes."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Ruleset")
        self._session = session
        current = ruleset_info(session.ruleset.id)
        self.current = QLabel(f"<b>{current.title}</b>\n{current.summary}")
        self.current.setWordWrap(True)
        self.ruleset_box = _ruleset_box(current.id)
        self.changes = QPlainTextEdit()
        self.changes.setReadOnly(True)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.current)
        form = QFormLayout()
        form.addRow("Play by", self.ruleset_box)
        layout.addLayout(form)
        layout.addWidget(QLabel("What changes:"))
        layout.addWidget(self.changes)
        layout.addWidget(self.reason)
        layout.addWidget(buttons)
        if session.encounter.combat.active:
            self.ruleset_box.setEnabled(False)
            self.reason.setText(IN_COMBAT.capitalize() + ".")
        self.ruleset_box.currentIndexChanged.connect(self._show_changes)
        self._show_changes()

    def chosen(self) -> str:
        return str(self.ruleset_box.currentData())

    def _show_changes(self) -> None:
        current, chosen = self._session.ruleset.id, self.chosen()
        lines = changes_between(current, chosen)
        self.changes.setPlainText("\n".join(lines) if chosen != current else "(the current one)")


class RulesetActions:
    """File > New and Encounter > Ruleset… of one window.

    Args:
        window: the window (dialogs' parent).
        session: the game session.
        confirm_unsaved: asks Save / Discard / Cancel (the window's, as for File > Open).
        show_encounter: shows another encounter (the window's `set_encounter`).
        status: where the changes are reported.
        file_menu: File > New is put first in it.
        encounter_menu: Encounter > Ruleset… is added to it.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        confirm_unsaved: Callable[[str], bool],
        show_encounter: Callable[[Encounter, Path | None], None],
        status: StatusReport,
        file_menu: QMenu,
        encounter_menu: QMenu,
    ) -> None:
        self._window = window
        self._session = session
        self._confirm_unsaved = confirm_unsaved
        self._show_encounter = show_encounter
        self._status = status
        self.new_action = make_action(window, "&New…", QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self._on_new)
        first = file_menu.actions()[0] if file_menu.actions() else None
        file_menu.insertAction(first, self.new_action)  # type: ignore[arg-type]
        self.ruleset_action = make_action(window, "&Ruleset…")
        self.ruleset_action.triggered.connect(self._on_ruleset)
        encounter_menu.addAction(self.ruleset_action)

    def new_encounter(self, ruleset_id: str, columns: int, rows: int) -> bool:
        """Start an empty encounter played by a ruleset; False when the GM kept the old one."""
        if not self._confirm_unsaved("starting a new encounter"):
            return False
        encounter = new_encounter(ruleset_id, columns, rows)
        self._show_encounter(encounter, None)
        self._status.say(f"New encounter, played by {ruleset_info(ruleset_id).name}.")
        return True

    def switch_ruleset(self, ruleset_id: str) -> OperationResult:
        """Play the encounter by another ruleset (refused in combat, with the reason)."""
        result = self._session.switch_ruleset(ruleset_id, initiator=self)
        if result.ok:
            changes = result.details.get("changes", ())
            self._status.say(
                f"{result.text}: {len(changes)} rule values change (Encounter > Ruleset… "
                "lists them)."
            )
        return result

    def _on_new(self) -> None:
        dialog = NewEncounterDialog(self._window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_encounter(*dialog.chosen())

    def _on_ruleset(self) -> None:
        dialog = RulesetDialog(self._session, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        if dialog.chosen() != self._session.ruleset.id:
            self.switch_ruleset(dialog.chosen())
