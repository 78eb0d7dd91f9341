"""The player view's screen, from the GM's side: F5, Esc, the menu, `--player-view`.

Two screens need a Qt of their own: `test_two_screens` runs two_screen_cases.py in a fresh
process on the offscreen platform told of a laptop and a TV. The rest runs here, on the one
offscreen screen: the view shares it as a normal window that can be dragged (issue 13: "With
one screen it opens as a normal window that can be dragged onto a projector").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.app import build_parser, show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.demo_window import shown_demo_window
from tests.ui.named_screens import LAPTOP_AND_TV, run_cases
from tests.ui.two_screen_cases import activate

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def test_two_screens(tmp_path: Path) -> None:
    assert "4 passed" in run_cases(tmp_path, LAPTOP_AND_TV, "two_screen_cases.py")


def test_with_one_screen_the_view_is_a_normal_window_there(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert len(QGuiApplication.screens()) == 1
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    assert players.windowTitle() == "The Goblin Shrine (demo) — Player view"
    assert not players.isFullScreen()
    assert not players.windowFlags() & Qt.WindowType.FramelessWindowHint
    assert players.screen() is window.screen()
    # Esc in a normal window closes it, and the GM's Window > Player View follows.
    activate(qtbot, players)
    qtbot.keyClick(players, Qt.Key.Key_Escape)
    assert window.player_window is None
    assert not window.player_view_action.isChecked()


def test_the_window_menu_has_the_player_view_and_its_screens(window: MainWindow) -> None:
    rows = dict(window.shortcut_rows())
    assert rows["F5"] == "Window: Player View"
    menu = window.player_view.screen_menu
    assert menu is not None
    size = QGuiApplication.screens()[0].geometry().size()
    # The offscreen screen has no name: the GM still reads which screen it is by its size.
    assert menu.labels() == [f"Screen ({size.width()}×{size.height()})"]


def test_player_view_on_the_command_line_opens_it_at_start(qtbot: QtBot) -> None:
    args = build_parser().parse_args(["--player-view"])
    window = show_main_window(
        load_encounter(demo_encounter_path()), None, player_view=args.player_view
    )
    qtbot.add_widget(window)
    players = window.player_window
    assert players is not None
    assert players.isVisible()
    window.close()
    assert not players.isVisible()
