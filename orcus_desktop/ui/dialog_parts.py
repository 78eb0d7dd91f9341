"""Parts every small dialog of the app builds the same way: buttons, error line, answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

T = TypeVar("T")

ERROR_COLOUR = "#a93226"
"""The red of a refusal: a dialog's error line, a preview's warning."""


def ok_cancel_buttons(
    dialog: QDialog,
    on_ok: Callable[[], object] | None = None,
    ok: QDialogButtonBox.StandardButton = QDialogButtonBox.StandardButton.Ok,
) -> QDialogButtonBox:
    """OK (or `ok`, e.g. Save) and Cancel: OK calls `on_ok` (default: accept), Cancel rejects."""
    buttons = QDialogButtonBox(ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.accepted.connect(dialog.accept if on_ok is None else on_ok)
    buttons.rejected.connect(dialog.reject)
    return buttons


def error_label(parent: QWidget) -> QLabel:
    """The red line where a dialog says why it refuses what was typed (empty until then)."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {ERROR_COLOUR}")
    return label


def list_editor_layout(
    dialog: QDialog,
    top: Sequence[QWidget],
    form: QFormLayout,
    add: QPushButton,
    remove: QPushButton,
    error: QLabel,
) -> None:
    """Lays out a dialog that edits a list, top to bottom, with Close at the end.

    `top`: the list and what explains it; `form`: the entry to add; then `add` and `remove`
    side by side and the error line.
    """
    row = QHBoxLayout()
    row.addWidget(add)
    row.addWidget(remove)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    for widget in top:
        layout.addWidget(widget)
    layout.addLayout(form)
    layout.addLayout(row)
    layout.addWidget(error)
    layout.addWidget(buttons)


def ask_choice(
    parent: QWidget,
    title: str,
    text: str,
    answers: Sequence[tuple[str, T]],
    details: str = "",
) -> T | None:
    """Ask the GM to pick one of `answers` (button text, value), or Cancel (None)."""
    box = QMessageBox(parent)
    box.setWindowTitle(title)
    box.setText(text)
    if details:
        box.setInformativeText(details)
    buttons = [
        (box.addButton(label, QMessageBox.ButtonRole.AcceptRole), value)
        for label, value in answers
    ]
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    return next((value for button, value in buttons if button is clicked), None)


class FormDialog(QDialog, Generic[T]):
    """A dialog that reads its form into an answer (`answer`), asked with `ask`.

    `answer` raises ValueError naming a bad field; with `_finish_form`, OK reads it first, says
    the reason on the error line and stays open.
    """

    error: QLabel

    def answer(self) -> T:
        """The form read (ValueError naming a bad field)."""
        raise NotImplementedError

    def ask(self) -> T | None:
        """Runs the dialog: the answer, or None when cancelled."""
        return self.answer() if self.exec() == QDialog.DialogCode.Accepted else None

    def _finish_form(self, form: QFormLayout, error_name: str) -> None:
        """Ends `form` with the error line (object name `error_name`) and OK/Cancel."""
        self.error = error_label(self)
        self.error.setObjectName(error_name)
        form.addRow(self.error)
        form.addRow(ok_cancel_buttons(self, self._on_accept))

    def _on_accept(self) -> None:
        try:
            self.answer()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
