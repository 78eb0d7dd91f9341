"""Parts every small dialog of the app builds the same way: buttons, error line, answer.

The shapes: `stacked` (a dialog's parts top to bottom), `wrapped_label` (an intro or a
summary), `error_label` with `shows_done` (a session result on the error line),
`ok_cancel_buttons`, `ask_choice`, `FormDialog` (a form read into an answer),
`ListEditorDialog` (a list edited through the session, one undo step a change) and
`ScrollingRows` with `fit_height_to_screen` (rows that scroll in a dialog kept inside its
screen, R-235).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.outcomes import OperationResult

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


def wrapped_label(parent: QWidget, text: str = "") -> QLabel:
    """A label that wraps its lines: a dialog's intro, or a summary set later."""
    label = QLabel(text, parent)
    label.setWordWrap(True)
    return label


def error_label(parent: QWidget) -> QLabel:
    """The red line where a dialog says why it refuses what was typed (empty until then)."""
    label = wrapped_label(parent)
    label.setStyleSheet(f"color: {ERROR_COLOUR}")
    return label


def shows_done(error: QLabel, result: OperationResult) -> bool:
    """Says a refused `result`'s reason on `error` (empties it when done); True when done."""
    error.setText("" if result.ok else result.reason)
    return result.ok


def stacked(dialog: QDialog, *parts: QWidget | QLayout) -> QVBoxLayout:
    """Lays `parts` out in `dialog` top to bottom (a form, its error line, its buttons)."""
    layout = QVBoxLayout(dialog)
    for part in parts:
        if isinstance(part, QLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part)
    return layout


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


class ListEditorDialog(QDialog):
    """A list the GM edits through the session: the list, an entry to add, Add and Remove.

    Top to bottom: what explains the list, the list (`entries`), the entry's form, `add_button`
    and `remove_button` side by side, the error line and Close. Each change is one session call
    (one undo step); a refusal is said on the error line and the list is read again. The
    subclass builds its form between `__init__` and `_lay_out` (the tab order follows).

    Attributes:
        entries: one row per element of the list.
        add_button, remove_button: add the entry; remove the selected row.
        error: the reason the last change was refused.
    """

    add_button: QPushButton
    remove_button: QPushButton
    error: QLabel

    def __init__(self, parent: QWidget | None, name: str, title: str) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.entries = QListWidget(self)

    def add(self) -> None:
        """Adds the entry the form describes."""
        raise NotImplementedError

    def remove_selected(self) -> None:
        """Removes the selected row's element."""
        raise NotImplementedError

    def rows(self) -> Sequence[str]:
        """The list as the session has it now, one text a row."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Reads the list again (Remove only when there is something to remove)."""
        rows = self.rows()
        self.entries.clear()
        self.entries.addItems(list(rows))
        self.remove_button.setEnabled(bool(rows))

    def _lay_out(self, above: Sequence[QWidget], form: QFormLayout, add: str, remove: str) -> None:
        """Adds the buttons (texts `add`, `remove`) and lays the dialog out; fills the list.

        `above` goes over the list and `form` under it.
        """
        self.add_button = QPushButton(add, self)
        self.add_button.clicked.connect(self.add)
        self.remove_button = QPushButton(remove, self)
        self.remove_button.clicked.connect(self.remove_selected)
        self.error = error_label(self)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        stacked(self, *above, self.entries, form, row, self.error, close)
        self.refresh()

    def _selected_row(self, missing: str) -> int | None:
        """The selected row, if the list still has it; else says `missing` (None)."""
        row = self.entries.currentRow()
        if not 0 <= row < len(self.rows()):
            self.error.setText(missing)
            return None
        return row

    def _after(self, result: OperationResult, typed: QLineEdit | None = None) -> None:
        """Says `result` on the error line, empties `typed` when done, reads the list again."""
        if shows_done(self.error, result) and typed is not None:
            typed.clear()
        self.refresh()


class ScrollingRows(QScrollArea):
    """A dialog's rows that scroll when the dialog would be taller than its screen (R-235).

    It asks for the rows' whole height, so a dialog with room shows them all without a scroll
    bar, and gives way first when the dialog is kept inside its screen
    (`fit_height_to_screen`): the parts laid out outside it (the dice, the error line, the
    buttons) stay in view. A wheel turned over one of its combo or spin boxes scrolls the
    rows unless the box has the keyboard focus: scrolling never changes an answer.

    Attributes:
        rows: the widget the rows are laid out in.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("scrollingRows")
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rows = QWidget(self)
        self.setWidget(self.rows)

    def sizeHint(self) -> QSize:
        hint = self.rows.sizeHint()
        # Wrapped lines (a target's "needs N on the d20") take the height they wrap to.
        height = max(hint.height(), self.rows.heightForWidth(hint.width()))
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(hint.width() + bar, height)

    def minimumSizeHint(self) -> QSize:
        bar = self.verticalScrollBar().sizeHint().width()
        lowest = self.rows.minimumSizeHint()
        return QSize(lowest.width() + bar, min(lowest.height(), 4 * self.fontMetrics().height()))

    def guard_wheel(self) -> None:
        """Make the boxes now in the rows scroll the rows on a wheel turn unless focused."""
        for box in self.rows.findChildren(QComboBox) + self.rows.findChildren(QAbstractSpinBox):
            box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        unfocused = isinstance(watched, QWidget) and not watched.hasFocus()
        if event.type() == QEvent.Type.Wheel and unfocused:
            event.ignore()  # goes up to the rows and this scroll area
            return True
        return super().eventFilter(watched, event)


def fit_height_to_screen(dialog: QDialog) -> None:
    """Make `dialog` as tall as its content, at most the free area of its screen (R-235).

    Its rows in a `ScrollingRows` then scroll instead of pushing its buttons off the screen
    of a 1366x768 laptop, and show whole wherever the screen has the room (Qt alone would
    open it at two thirds of the screen's height). A frame's title bar is left room for.
    Called once the dialog is laid out, before it is shown.
    """
    screen: QScreen | None = dialog.screen()
    area = (screen if screen is not None else QGuiApplication.primaryScreen()).availableGeometry()
    title = dialog.style().pixelMetric(dialog.style().PixelMetric.PM_TitleBarHeight)
    most = QSize(area.width(), max(1, area.height() - title))
    dialog.setMaximumSize(most)
    wanted = dialog.sizeHint()
    layout = dialog.layout()
    if layout is not None and layout.hasHeightForWidth():
        wanted.setHeight(layout.totalHeightForWidth(wanted.width()))
    dialog.resize(wanted.boundedTo(most))
