"""The GM's window on a 1280x720 screen, in both layouts (issue 31 item 1's smallest case).

Run by test_laptop_screen.py in a process of its own, on Qt's offscreen platform told of one
1280x720 screen (`QT_QPA_PLATFORM=offscreen:configfile=...`, the JSON in `SMALL_SCREEN`):
"works from 1280x720 up: nothing off-screen". The window, every dock it shows, the status bar
and (in Run the Fight) the GM box lie inside the screen, the GM box without a scroll.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.workspaces import Workspace
from tests.ui.named_screens import (
    OFFSCREEN_WARNINGS,
    action_buttons_one_click_away,
    actions_rows_in_view,
    assert_gm_box_whole_in_one_place,
    on_screen,
    sister_venns_turn,
)

pytestmark = pytest.mark.qt_log_ignore(*OFFSCREEN_WARNINGS)


def layout(window: MainWindow) -> Workspace | None:
    """The layout shown (read afresh: a key press changes it)."""
    return window.workspaces.current


SMALL = "Small laptop"
SMALL_SCREEN = {
    "screens": [{"name": SMALL, "x": 0, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96}]
}


def open_window(qtbot: QtBot) -> MainWindow:
    assert [s.name() for s in QGuiApplication.screens()] == [SMALL], "run with SMALL_SCREEN"
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    window.activateWindow()
    qtbot.wait_until(lambda: QApplication.activeWindow() is window)
    for _ in range(6):
        QApplication.processEvents()
    return window


def assert_all_inside(window: MainWindow) -> None:
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert area.size().toTuple() == (1280, 720)
    assert area.contains(window.frameGeometry())
    docks = [d for d in window.docks.values() if d.isVisible() and not d.visibleRegion().isEmpty()]
    assert docks
    for dock in docks:
        assert area.contains(on_screen(dock)), dock.windowTitle()
    for bar in (window.statusBar(), window.toolbar, window.workspaces.rail, window.view):
        assert area.contains(on_screen(bar)), bar.objectName()


@pytest.mark.parametrize("first", [Workspace.FIGHT, Workspace.PREPARE])
def test_the_window_every_dock_and_the_gm_box_lie_inside_a_1280_by_720_screen(
    qtbot: QtBot, first: Workspace
) -> None:
    window = open_window(qtbot)
    assert layout(window) is Workspace.FIGHT
    if first is Workspace.PREPARE:
        qtbot.keyClick(window, Qt.Key.Key_F6)  # the GM's key
        QApplication.processEvents()
    assert layout(window) is first
    assert_all_inside(window)
    if first is Workspace.PREPARE:
        assert window.toolbar.prepare_bar.isVisible()
        assert on_screen(window).contains(on_screen(window.toolbar.prepare_bar))
        qtbot.keyClick(window, Qt.Key.Key_F6)
        QApplication.processEvents()
        assert_all_inside(window)
    # Run the Fight: the GM box, whole and in one place, for every creature selected.
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert_gm_box_whole_in_one_place(window, area)
    # The map keeps the most room of anything in the window.
    view = window.view
    assert view.width() * view.height() > 0.45 * window.width() * window.height()
    window.close()


def test_every_action_button_is_one_click_away_on_a_1280_by_720_screen(qtbot: QtBot) -> None:
    """R-257: the buttons under the Actions list were all below the dock's edge."""
    window = open_window(qtbot)
    sister_venns_turn(window)
    panel = window.actions_panel
    every = [*panel.action_buttons.buttons.values(), *panel.help_buttons.buttons.values()]
    shown, listed = action_buttons_one_click_away(qtbot, window)
    assert sorted(shown + listed) == sorted(b.text() for b in every)
    assert shown
    rows = actions_rows_in_view(window)
    assert rows[:5] == [
        "Sacred Flame",
        "Healing Word",
        "Beacon of Hope",
        "Avenging Flame",
        "Basic Melee Attack",
    ]
    window.close()
