"""Parts every small dialog of the app builds the same way: its buttons and its error line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMessageBox, QWidget

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
