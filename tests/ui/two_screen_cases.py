"""The player view at a table with two screens: the GM's laptop and the players' TV.

Run by test_player_view_screens.py in a process of its own, on Qt's offscreen platform told of
two named screens (`QT_QPA_PLATFORM=offscreen:configfile=...`, `LAPTOP_AND_TV`):
the test process's one QApplication has a single screen. Issue 13: "the player view lands on
the chosen screen and full screen; F5 and Esc work; a screen removed while open is handled".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.screens import app_settings, remembered_screen_name
from tests.ui.named_screens import LAPTOP as GM
from tests.ui.named_screens import TV, screen

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    assert [s.name() for s in QGuiApplication.screens()] == [GM, TV], "run with LAPTOP_AND_TV"
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    win.setScreen(screen(GM))
    win.setGeometry(screen(GM).availableGeometry().adjusted(20, 40, -20, -20))
    win.show()
    qtbot.wait_exposed(win)
    return win


def activate(qtbot: QtBot, widget: MainWindow | PlayerWindow) -> None:
    """The GM clicks into the window: its shortcuts answer the keys."""
    widget.activateWindow()
    qtbot.wait_until(lambda: QGuiApplication.focusWindow() is widget.windowHandle())


def press_f5(qtbot: QtBot, widget: MainWindow | PlayerWindow) -> None:
    activate(qtbot, widget)
    qtbot.keyClick(widget, Qt.Key.Key_F5)
    QApplication.processEvents()


def assert_closed(window: MainWindow) -> None:
    QApplication.processEvents()
    assert window.player_window is None
    assert not window.player_view_action.isChecked()
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, PlayerWindow)]


def press_esc(qtbot: QtBot, players: PlayerWindow) -> None:
    activate(qtbot, players)
    qtbot.keyClick(players, Qt.Key.Key_Escape)
    QApplication.processEvents()


def assert_full_screen_on(players: PlayerWindow, name: str) -> None:
    QApplication.processEvents()
    assert players.isVisible()
    assert players.screen().name() == name
    assert players.isFullScreen()
    assert players.windowFlags() & Qt.WindowType.FramelessWindowHint
    assert players.geometry() == screen(name).geometry()


def test_f5_opens_the_view_full_screen_on_the_screen_that_is_not_the_gms(
    qtbot: QtBot, window: MainWindow
) -> None:
    press_f5(qtbot, window)
    players = window.player_window
    assert players is not None
    assert "Player view" in players.windowTitle()
    assert_full_screen_on(players, TV)
    # F5 in the players' window closes it too, and the GM's menu entry follows.
    press_f5(qtbot, players)
    assert_closed(window)


def test_esc_leaves_full_screen_then_closes_the_view(qtbot: QtBot, window: MainWindow) -> None:
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    press_esc(qtbot, players)
    assert not players.isFullScreen()
    assert not players.windowFlags() & Qt.WindowType.FramelessWindowHint
    assert players.screen().name() == TV  # a normal window, still on the players' screen
    assert screen(TV).geometry().contains(players.geometry())
    press_esc(qtbot, players)
    assert_closed(window)


def test_the_menu_lists_the_screens_and_the_gms_choice_is_remembered(
    qtbot: QtBot, window: MainWindow
) -> None:
    menu = window.player_view.screen_menu
    assert menu is not None
    assert menu.labels() == ["GM laptop (1280×800)", "Table TV (1920×1080)"]
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    menu.entry(GM)  # the GM's own screen: the view moves there as a normal window
    QApplication.processEvents()
    assert players.screen().name() == GM
    assert not players.isFullScreen()
    assert remembered_screen_name(app_settings()) == GM
    window.player_view_action.trigger()
    # Next session (a new window reading the same settings) uses the GM's choice again.
    other = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(other)
    assert other.player_view.chosen_screen() is screen(GM)
    menu.entry(TV)
    assert other.player_view.chosen_screen() is screen(TV)
    other.close()


def test_a_screen_unplugged_while_the_view_is_open_brings_it_to_one_still_there(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    assert_full_screen_on(players, TV)
    # The offscreen plugin cannot unplug a screen at run time: the app's handler of
    # QGuiApplication.screenRemoved is called as Qt would call it.
    window.player_view.on_screen_removed(screen(TV))
    QApplication.processEvents()
    assert players.isVisible()
    assert not players.isFullScreen()  # it shares the GM's screen now: a normal window
    assert players.screen().name() == GM
    assert screen(GM).geometry().contains(players.geometry())
    # Plugged back in: the view returns to it.
    window.player_view.on_screen_added(screen(TV))
    assert_full_screen_on(players, TV)
    window.player_view_action.trigger()
