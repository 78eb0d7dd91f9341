"""A row of widgets that wraps onto more lines when the dock is narrow (Qt's flow layout).

A grid of four buttons a row made the right-hand docks over 500 px wide and squeezed the map;
wrapping lets the GM make the docks as narrow as the widest button. `FlowBox` also reports
the height its rows need at its current width as its minimum, because the main window's dock
layout asks widgets for a minimum size rather than a height for their width: without it, a
narrow dock would lay the wrapped rows over the widgets below them.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapping onto a new line when the next one does not fit."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        # FlowBox reports its height for its current width as its size hints instead: a
        # height-for-width child makes a scroll area size its content by preferred heights.
        return False

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        # One line when there is room for it.
        width = sum(item.sizeHint().width() for item in self._visible())
        width += self._gap() * max(0, len(self._visible()) - 1)
        return QSize(width, self.heightForWidth(width))

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _gap(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        return parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        """Place the items in `rect` (or only measure); returns the height they take."""
        margins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        gap = self._gap()
        x, y = area.x(), area.y()
        line_height = 0
        for item in self._visible():
            size = item.sizeHint().expandedTo(item.minimumSize())
            # Wider than the row: as wide as the row, if it can be (words that end in "…").
            size.setWidth(min(size.width(), max(area.width(), item.minimumSize().width())))
            if x > area.x() and x + size.width() > area.right() + 1:
                x = area.x()
                y += line_height + gap
                line_height = 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), size))
            x += size.width() + gap
            line_height = max(line_height, size.height())
        return y + line_height - rect.y() + margins.bottom()


class FlowBox(QWidget):
    """A widget holding a `FlowLayout`; its minimum height is what its rows need now."""

    def __init__(self, widgets: Iterable[QWidget] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = FlowLayout(self)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._height = 0
        self._laid_out = False
        for widget in widgets:
            self.add(widget)

    def add(self, widget: QWidget) -> None:
        self.flow.addWidget(widget)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        width = self.flow.minimumSize().width()
        # Before a layout gave it a width, assume one line (a transient one-button-wide guess
        # would make the window grow taller than the screen, and it would not shrink back).
        laid_out = self.width() if self._laid_out else self.flow.sizeHint().width()
        return QSize(width, self.flow.heightForWidth(max(laid_out, width)))

    def sizeHint(self) -> QSize:
        hint = self.flow.sizeHint()
        return QSize(hint.width(), self.minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._laid_out = True
        height = self.flow.heightForWidth(event.size().width())
        if height != self._height:
            # The rows wrapped differently: the parent layout must make room (or give it back),
            # once it has finished the pass that resized us (asked during it, it is ignored).
            self._height = height
            QTimer.singleShot(0, self, self.updateGeometry)
