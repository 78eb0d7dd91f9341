"""Buttons on as many wrapped lines as the room allows; the rest behind a "More ▾" menu (R-257).

On a 1366x768 laptop the Actions dock had room for one line of buttons under the list, and
its fourteen buttons took six: Rally or Help attack… needed a scroll every time. `ButtonRow`
places its buttons in order, wrapping, on at most the lines its owner allows
(`set_max_lines`); those that do not fit go into the menu of a "More ▾" button at the end of
the last line, each item as its button says it: the same words, enabled or not, and the same
tooltip (a disabled one's "why not"). Choosing an item clicks its button. The buttons are
compact (as wide as their words, not Qt's 80 pixels at least), so more of them fit.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPoint, QRect, QSize, QTimer
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import QMenu, QPushButton, QSizePolicy, QStyle, QWidget

MORE_TEXT: Final = "More ▾"


class CompactButton(QPushButton):
    """A push button as wide as its text and the style's margins (Qt asks 80 pixels at least)."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        style = self.style()
        margins = 2 * (
            style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin)
            + style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth)
            + 2
        )
        text = self.fontMetrics().horizontalAdvance(self.text().replace("&", ""))
        return QSize(min(hint.width(), text + margins), hint.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


class ButtonRow(QWidget):
    """Buttons wrapped onto at most `max_lines` lines; "More ▾" lists those that do not fit.

    The row places its buttons itself (no layout: hiding the ones that overflow must not ask
    for another layout pass). Its minimum height is the lines it uses at its width.

    Attributes:
        more: the "More ▾" button, shown only when a button does not fit.
        menu: its menu, filled from the buttons left out each time it opens.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("buttonRow")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._buttons: list[QPushButton] = []
        self._offered: dict[QPushButton, bool] = {}
        self._left_out: list[QPushButton] = []
        self._max_lines = 1_000
        self._height = 0
        self._laid_out = False
        self.more = CompactButton(MORE_TEXT, self)
        self.more.setObjectName("more_button")
        self.more.setToolTip("The actions with no room in the panel: choose one.")
        self.more.hide()
        self.more.clicked.connect(self.open_menu)
        self.menu = QMenu(self)
        self.menu.setObjectName("moreMenu")
        # A disabled item says why not, as its button does (QMenu shows no tooltips otherwise).
        self.menu.setToolTipsVisible(True)

    # -- the buttons ---------------------------------------------------------------------------

    def add(self, text: str) -> QPushButton:
        """A new compact button at the end of the row, offered."""
        button = CompactButton(text, self)
        self._buttons.append(button)
        self._offered[button] = True
        self.refit()
        return button

    def offer(self, button: QPushButton, offered: bool) -> None:
        """Show `button` in the row (or its menu), or leave it out.

        Left out: the ruleset has no such action (001's opportunity attacks, 002-12's Help
        attack).
        """
        if self._offered.get(button) != offered:
            self._offered[button] = offered
            self.refit()

    def is_offered(self, button: QPushButton) -> bool:
        """Whether `button` is in the row or its menu."""
        return self._offered.get(button, False)

    def left_out(self) -> list[QPushButton]:
        """The offered buttons with no room in the lines allowed: the menu's items."""
        return list(self._left_out)

    def set_max_lines(self, lines: int) -> None:
        """Use at most `lines` lines (at least one), the last ending in "More ▾" if needed."""
        lines = max(1, lines)
        if lines != self._max_lines:
            self._max_lines = lines
            self.refit()

    def line_height(self) -> int:
        """One line's height (a button's)."""
        return self.more.sizeHint().height()

    def gap(self) -> int:
        """The space between two buttons and between two lines."""
        return self.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)

    # -- the menu ------------------------------------------------------------------------------

    def fill_menu(self) -> list[QAction]:
        """The menu's items, one for each button left out, as that button reads now."""
        self.menu.clear()
        items = []
        for button in self._left_out:
            item = self.menu.addAction(button.text())
            item.setObjectName(button.objectName())
            item.setEnabled(button.isEnabled())
            item.setToolTip(button.toolTip())
            item.setStatusTip(button.toolTip())
            item.triggered.connect(button.click)
            items.append(item)
        return items

    def open_menu(self) -> None:
        """Show the menu under "More ▾" (without blocking: the GM may click elsewhere)."""
        self.fill_menu()
        self.menu.popup(self.more.mapToGlobal(QPoint(0, self.more.height())))

    # -- geometry ------------------------------------------------------------------------------

    def refit(self) -> None:
        """Place the buttons again (their words, the offered set or the room changed)."""
        width = self.width() if self._laid_out else self._one_line_width()
        placed, more, height = self._arrange(width)
        self._left_out = [b for b in self._shown_order() if b not in placed]
        for button in self._buttons:
            where = placed.get(button)
            button.setVisible(where is not None)
            if where is not None:
                button.setGeometry(where)
        self.more.setVisible(more is not None)
        if more is not None:
            self.more.setGeometry(more)
        if height != self._height:
            # The parent layout must make room (or take it back) once its pass is done.
            self._height = height
            QTimer.singleShot(0, self, self.updateGeometry)

    def minimumSizeHint(self) -> QSize:
        widest = max((self._size(b).width() for b in self._shown_order()), default=0)
        widest = max(widest, self._size(self.more).width())
        width = self.width() if self._laid_out else self._one_line_width()
        return QSize(widest, self._arrange(max(width, widest))[2])

    def sizeHint(self) -> QSize:
        return QSize(self._one_line_width(), self.minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._laid_out = True
        self.refit()

    def _shown_order(self) -> list[QPushButton]:
        return [b for b in self._buttons if self._offered[b]]

    def _size(self, button: QPushButton) -> QSize:
        return button.sizeHint().expandedTo(button.minimumSizeHint())

    def _one_line_width(self) -> int:
        shown = self._shown_order()
        return sum(self._size(b).width() for b in shown) + self.gap() * max(0, len(shown) - 1)

    def _arrange(self, width: int) -> tuple[dict[QPushButton, QRect], QRect | None, int]:
        """Where each button goes at `width`, where "More ▾" goes (None: all fit), the height.

        All of them if they fit in the lines allowed; else as many as fit with "More ▾".
        """
        shown = self._shown_order()
        places, lines, height = self._flow(shown, width)
        if lines <= self._max_lines:
            return places, None, height
        count = len(shown) - 1
        while True:
            places, lines, height = self._flow([*shown[:count], self.more], width)
            if lines <= self._max_lines or count == 0:
                return places, places.pop(self.more), height
            count -= 1

    def _flow(
        self, widgets: list[QPushButton], width: int
    ) -> tuple[dict[QPushButton, QRect], int, int]:
        """The widgets left to right, wrapping at `width`: places, lines, height."""
        gap = self.gap()
        x = y = line_height = 0
        lines = 1 if widgets else 0
        places: dict[QPushButton, QRect] = {}
        for widget in widgets:
            size = self._size(widget)
            if x > 0 and x + size.width() > width:
                x, y, lines = 0, y + line_height + gap, lines + 1
                line_height = 0
            places[widget] = QRect(QPoint(x, y), size)
            x += size.width() + gap
            line_height = max(line_height, size.height())
        return places, lines, y + line_height
