"""The wall tool from the GM's side: a wall drawn off the map is refused in the status bar."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.main_window import MainWindow
from tests.ui.test_map_scene import small_encounter, view_point

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_wall_drawn_off_the_grid_is_refused_with_one_line(qtbot: QtBot) -> None:
    window = MainWindow(small_encounter(), None)  # a 12 x 10 grid
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    window.view.resetTransform()
    window.view.centerOn(0, 0)
    window.toolbar.tools["wall"][0].trigger()
    viewport = window.view.viewport()
    for x in (2.1, -1.9):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=view_point(window.view, x, 1.0))
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=view_point(window.view, -1.9, 1.0))
    assert window.encounter.walls == ()
    assert not window.undo_action.isEnabled()
    assert window.statusBar().currentMessage() == (
        "Refused: the wall leaves the map at (-2, 1); the grid is 12 x 10"
    )
