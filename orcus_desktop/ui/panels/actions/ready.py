"""Asking the GM what a creature readies (000 "Ready"): its action type and trigger."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QWidget

from orcus_desktop.controller.availability.table import READY_KINDS
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.dialog_parts import FormDialog

AskReady = Callable[[QWidget, str], tuple[ActionKind, str] | None]
"""Asks the GM what a creature readies: (action type, trigger), or None when cancelled."""


class ReadyDialog(FormDialog[tuple[ActionKind, str]]):
    """The action type readied and its trigger, in one dialog.

    OK without a trigger says so on the error line and stays open (it used to drop the ready
    without a word).
    """

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readyDialog")
        self.setWindowTitle(f"{name} readies an action")
        self.kind = QComboBox(self)
        for kind in READY_KINDS:
            self.kind.addItem(kind.value, kind.value)
        self.trigger = QLineEdit(self)
        self.trigger.setPlaceholderText("e.g. an enemy comes within reach")
        form = QFormLayout(self)
        form.addRow("Action:", self.kind)
        form.addRow("Trigger:", self.trigger)
        self._finish_form(form, "readyError")
        self.trigger.setFocus()

    def answer(self) -> tuple[ActionKind, str]:
        """The form read; ValueError when no trigger is typed."""
        trigger = self.trigger.text().strip()
        if not trigger:
            raise ValueError(
                "Say what triggers it: the readied action waits for it (000 'Ready')."
            )
        return ActionKind(str(self.kind.currentData())), trigger


def ask_ready_dialog(parent: QWidget, name: str) -> tuple[ActionKind, str] | None:
    """Ask for the readied action's type and its trigger."""
    return ReadyDialog(name, parent).ask()
