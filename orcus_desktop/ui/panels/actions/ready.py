"""Asking the GM what a creature readies (000 "Ready"): its action type and trigger."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QWidget

from orcus_desktop.controller.availability.table import READY_KINDS
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.dialog_parts import FormDialog

ReadyKinds = Mapping[ActionKind, str]
"""Each action type that can be readied, with why it cannot be now ("" when it can): the
availability table's `why_not(creature, "ready", kind)`."""

AskReady = Callable[[QWidget, str, ReadyKinds], tuple[ActionKind, str] | None]
"""Asks the GM what a creature readies: (action type, trigger), or None when cancelled."""


TRIGGER_MARGIN_PX = 24
"""The trigger field's frame and text margins beside its example text."""


class ReadyDialog(FormDialog[tuple[ActionKind, str]]):
    """The action type readied and its trigger, in one dialog.

    A type the creature cannot ready now (004-20: its kind is spent this turn) is listed
    greyed with the table's reason beside it, and the first it can ready is chosen. OK
    without a trigger says so on the error line and stays open (it used to drop the ready
    without a word).
    """

    def __init__(
        self, name: str, why_not: ReadyKinds | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("readyDialog")
        self.setWindowTitle(f"{name} readies an action")
        self._why_not = dict(why_not or {})
        self.kind = QComboBox(self)
        self._list_kinds()
        self.trigger = QLineEdit(self)
        self.trigger.setPlaceholderText("e.g. an enemy comes within reach")
        # Wide enough for its example and a trigger of as many words (it was cut after
        # "an enemy co", R-235).
        example = self.trigger.fontMetrics().horizontalAdvance(self.trigger.placeholderText())
        self.trigger.setMinimumWidth(example + TRIGGER_MARGIN_PX)
        form = QFormLayout(self)
        form.addRow("Action:", self.kind)
        form.addRow("Trigger:", self.trigger)
        self._finish_form(form, "readyError")
        self.trigger.setFocus()

    def _list_kinds(self) -> None:
        model = self.kind.model()
        assert isinstance(model, QStandardItemModel)
        for kind in READY_KINDS:
            why = self._why_not.get(kind, "")
            self.kind.addItem(f"{kind.value} ({why})" if why else kind.value, kind.value)
            if why:
                item = model.item(self.kind.count() - 1)
                item.setEnabled(False)
                item.setToolTip(why)
        first = next((i for i, k in enumerate(READY_KINDS) if not self._why_not.get(k)), 0)
        self.kind.setCurrentIndex(first)

    def answer(self) -> tuple[ActionKind, str]:
        """The form read; ValueError when no trigger is typed or the type cannot be readied."""
        kind = ActionKind(str(self.kind.currentData()))
        why = self._why_not.get(kind, "")
        if why:
            raise ValueError(f"A {kind.value} action cannot be readied now: {why}.")
        trigger = self.trigger.text().strip()
        if not trigger:
            raise ValueError(
                "Say what triggers it: the readied action waits for it (000 'Ready')."
            )
        return kind, trigger


def ask_ready_dialog(
    parent: QWidget, name: str, why_not: ReadyKinds
) -> tuple[ActionKind, str] | None:
    """Ask for the readied action's type (of those it can ready now) and its trigger."""
    return ReadyDialog(name, why_not, parent).ask()
