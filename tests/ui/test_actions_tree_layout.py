"""The Actions panel's "Why not" column is read at the sizes GMs run the window.

A GM looks at a greyed row to learn why it is greyed: the reason sits inside the dock, wrapped
onto as many lines as it needs, never pushed past the dock's edge by the Action and Type
columns (at 1440x900 the Type column once left "Why not" no pixel on screen).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from tests.ui.test_window_layout import make_window, settle, start_combat

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _rows(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    return [child for i in range(item.childCount()) if (child := item.child(i)) is not None]


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (1440, 900)])
def test_every_reason_why_not_is_whole_on_screen(qtbot: QtBot, width: int, height: int) -> None:
    window = make_window(qtbot, width, height)
    start_combat(window)
    window.scene.select_creature("ogre")  # not its turn: most rows say why not
    settle()
    tree = window.actions_panel.tree
    viewport = tree.viewport().rect()
    metrics = tree.fontMetrics()
    shown = 0
    for group in (tree.topLevelItem(0), tree.topLevelItem(1)):
        assert group is not None
        for row in _rows(group):
            reason = row.text(2)
            cell = tree.visualRect(tree.indexFromItem(row, 2))
            if not reason or cell.top() > viewport.bottom():
                continue  # allowed (a free action), or below: the scroll bar reaches it
            shown += 1
            assert cell.left() >= 0
            assert cell.right() <= viewport.right(), (reason, cell, viewport)
            needed = metrics.boundingRect(cell, Qt.TextFlag.TextWordWrap, reason)
            assert needed.width() <= cell.width(), reason
            assert needed.height() <= cell.height(), (reason, needed, cell)
    assert shown >= 3
    assert tree.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways for
    window.close()
