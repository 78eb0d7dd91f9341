"""Widgets that let a dock be dragged narrower or shorter than their whole text or rows (R-258).

`ElidedCheckBox` shortens its words with "…" rather than hold the dock at their width;
`WrappedLabel` wraps its words and says how tall that makes it;
`RowsTable` keeps its rows' height, or gives it up, down to `LEAST_ROWS`,
scrolling the rest.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QTableView,
    QWidget,
)

LEAST_ROWS: Final = 2
"""The rows a `RowsTable` keeps in view however short its dock."""

LEAST_TEXT: Final = "Type…"
"""An `ElidedCheckBox` is at least as wide as its box and this."""


class ElidedCheckBox(QCheckBox):
    """A check box whose words end in "…" when its row is narrower than they are."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        policy = self.sizePolicy()
        policy.setHorizontalPolicy(QSizePolicy.Policy.Preferred)
        self.setSizePolicy(policy)

    def minimumSizeHint(self) -> QSize:
        whole = super().minimumSizeHint()
        words = self.fontMetrics().horizontalAdvance(self.text())
        least = self.fontMetrics().horizontalAdvance(LEAST_TEXT)
        return QSize(max(whole.width() - words + least, 0), whole.height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        room = self.style().subElementRect(QStyle.SubElement.SE_CheckBoxContents, option, self)
        option.text = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, room.width()
        )
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_CheckBox, option)


class WrappedLabel(QLabel):
    """A word-wrapped label whose least height is its lines' at its width.

    A dock asks its widgets for a least size, not a height for their width: a plain wrapped
    label says one line, and a narrow dock laid its second line over the widget below.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._lines_height = 0

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        height = self.heightForWidth(event.size().width())
        if height != self._lines_height:
            self._lines_height = height
            # Once the layout's pass that resized it is done (asked during it, it is ignored).
            QTimer.singleShot(0, self, self.updateGeometry)


class RowsTable(QTableView):
    """A table that keeps `wanted_height` for its rows, or gives them up down to `LEAST_ROWS`.

    While it holds its rows (`hold_rows`), that is its minimum height: the dock area cannot
    squeeze it. Let go, it only asks for them, and scrolls the rest when its dock is shorter.

    Attributes:
        wanted_height: the height its rows want (`set_wanted_height`).
        holds_rows: whether that height is its minimum.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wanted_height = 0
        self.holds_rows = True

    def least_height(self) -> int:
        """Its header, its frame and `LEAST_ROWS` rows."""
        row = self.verticalHeader().defaultSectionSize()
        chrome = self.horizontalHeader().sizeHint().height() + 2 * self.frameWidth()
        return chrome + LEAST_ROWS * row

    def set_wanted_height(self, height: int) -> None:
        """The rows want `height` pixels."""
        self.wanted_height = height
        self._apply()

    def hold_rows(self, hold: bool) -> None:
        """Keep the rows' height as the least (True), or let the dock take it (False)."""
        self.holds_rows = hold
        self._apply()

    def _apply(self) -> None:
        least = self.wanted_height if self.holds_rows else self.least_height()
        least = min(least, self.wanted_height)
        if least != self.minimumHeight():
            self.setMinimumHeight(least)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), max(self.wanted_height, self.minimumHeight()))
