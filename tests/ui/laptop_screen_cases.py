"""The GM's window on a 1280x800 laptop with a 1920x1080 TV beside it (issue 31 item 1).

Run by test_laptop_screen.py in a process of its own, on Qt's offscreen platform told of the
two screens (`QT_QPA_PLATFORM=offscreen:configfile=...`, `LAPTOP_AND_TV`): "on the
1280x800 laptop the status bar and the right and bottom edges are off-screen ... the GM box
needs a scroll every time, and its place shifts after each selection".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.ui.window_prefs import WindowLayoutMemory, screen_geometry_key
from tests.ui.named_screens import LAPTOP, TV, assert_gm_box_whole_in_one_place, on_screen, screen

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def open_window(qtbot: QtBot, *, remember: bool = False) -> MainWindow:
    assert [s.name() for s in QGuiApplication.screens()] == [LAPTOP, TV], "run with LAPTOP_AND_TV"
    window = show_main_window(
        load_encounter(demo_encounter_path()), None, player_view=False, remember_layout=remember
    )
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    QApplication.processEvents()
    return window


def test_the_window_every_dock_and_the_gm_box_lie_inside_the_laptop_screen(
    qtbot: QtBot,
) -> None:
    window = open_window(qtbot)
    area = screen(LAPTOP).availableGeometry()
    assert window.screen().name() == LAPTOP
    assert area.contains(window.frameGeometry())
    docks = [d for d in window.docks.values() if d.isVisible() and not d.visibleRegion().isEmpty()]
    assert docks
    for dock in docks:
        assert area.contains(on_screen(dock)), dock.windowTitle()
    assert area.contains(on_screen(window.statusBar()))
    assert_gm_box_whole_in_one_place(window, area)
    window.close()


def test_a_size_kept_on_a_bigger_screen_never_leaves_the_window_off_the_laptop(
    qtbot: QtBot,
) -> None:
    first = open_window(qtbot, remember=True)
    first.resize(1900, 1060)  # as large as the TV, on the laptop
    first.move(200, 100)
    first.close()
    assert app_settings().value(screen_geometry_key(screen(LAPTOP)))
    again = open_window(qtbot, remember=True)
    assert again.screen().name() == LAPTOP
    assert screen(LAPTOP).availableGeometry().contains(again.frameGeometry())
    again.close()


def test_the_size_is_kept_for_each_screen(qtbot: QtBot) -> None:
    first = open_window(qtbot, remember=True)
    first.setGeometry(QRect(1400, 60, 1500, 900))  # on the TV
    QApplication.processEvents()
    assert first.screen().name() == TV
    memory = WindowLayoutMemory(first)
    memory.save()
    first.setGeometry(QRect(40, 40, 1100, 700))  # back on the laptop, smaller
    QApplication.processEvents()
    memory.save()
    first.close()
    tv = app_settings().value(screen_geometry_key(screen(TV)))
    laptop = app_settings().value(screen_geometry_key(screen(LAPTOP)))
    assert tv
    assert laptop
    assert tv != laptop
